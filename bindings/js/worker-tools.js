// The plumbing of the package's module Worker (worker-host.js and worker-fit.js): results whose
// buffers move, errors as data, cancels, and throttled progress.

const PROGRESS_INTERVAL_MS = 50;

// A handler's result whose buffers move to the page instead of being copied.
export class Transfer {
  constructor(value, list) {
    this.value = value;
    this.list = list;
  }
}

// An error as plain data that survives postMessage with its class name and CSV position.
export function serializeError(error) {
  if (error === null || typeof error !== 'object') return { name: 'Error', message: String(error) };
  const out = { name: String(error.name ?? 'Error'), message: String(error.message ?? error) };
  if (typeof error.line === 'number') out.line = error.line;
  if (typeof error.column === 'number') out.column = error.column;
  if (typeof error.stack === 'string') out.stack = error.stack;
  return out;
}

export { abortError } from './worker-requests.js'; // abortError(where): "<where>: cancelled"

// Resolves on a later task, after the messages already queued (a cancel) have been handled.
// A MessageChannel, not setTimeout: nested timeouts are clamped to 4 ms.
const channel = new MessageChannel();
const wakeups = [];
// Under Node the port keeps the process alive only while a wakeup is pending (ref/unref are
// Node's; browsers have neither).
channel.port1.onmessage = () => {
  wakeups.shift()?.();
  if (wakeups.length === 0) channel.port1.unref?.();
};
channel.port1.unref?.();
export const yieldToMessages = () =>
  new Promise((resolve) => {
    wakeups.push(resolve);
    channel.port1.ref?.();
    channel.port2.postMessage(null);
  });

// Calls send(latest) at most every PROGRESS_INTERVAL_MS; flush() sends what is pending.
export function throttled(send) {
  let last = -Infinity;
  let pending;
  return {
    update(value, now = performance.now()) {
      pending = value;
      if (now - last >= PROGRESS_INTERVAL_MS) this.flush(now);
    },
    flush(now = performance.now()) {
      if (pending === undefined) return;
      send(pending);
      pending = undefined;
      last = now;
    },
  };
}
