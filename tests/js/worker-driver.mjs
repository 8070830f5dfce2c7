// The package's worker host (dist/js/worker-host.js, what worker.js runs in a module Worker)
// driven directly in Node, as perceptron-wasm/worker's client drives it: each call is a message
// with a requestId; its answer comes back through post. Shared by tests/js/worker-*.test.mjs.
import { createHost } from '../../dist/js/worker-host.js';
import { reviveError } from '../../dist/js/worker-requests.js';

/**
 * A host and call(type, payload, {onProgress, onEpoch}) -> a promise of its result (rejected with
 * the error revived as the client revives it); cancel(promise) sends a cancel; close().
 */
export function driveHost() {
  let nextId = 0;
  const pending = new Map();
  const ids = new WeakMap();
  const host = createHost((message) => {
    const entry = pending.get(message.requestId);
    if (!entry) return;
    if (message.type === 'result') {
      pending.delete(message.requestId);
      entry.resolve(message.value);
    } else if (message.type === 'error') {
      pending.delete(message.requestId);
      entry.reject(reviveError(message.error));
    } else if (message.type === 'progress') entry.onProgress?.(message.progress);
    else if (message.type === 'epochs') for (const epoch of message.epochs) entry.onEpoch?.(epoch);
  });
  const call = (type, payload = {}, callbacks = {}) => {
    const requestId = ++nextId;
    const promise = new Promise((resolve, reject) => {
      pending.set(requestId, { resolve, reject, ...callbacks });
    });
    ids.set(promise, requestId);
    host.receive({ type, requestId, ...payload });
    return promise;
  };
  const cancel = (promise) => host.receive({ type: 'cancel', requestId: ids.get(promise) });
  return { call, cancel, close: () => host.close() };
}
