// The package's side of perceptron-wasm/worker's conversation (the protocol is described in
// ../worker.js): one host holds its Datasets by id and answers the page's requests through
// `post`. ../worker.js runs one in the module Worker; js/worker-start.js runs one on the page's
// own thread, for pages whose Content-Security-Policy lets no Worker start.
import load from '../index.js';
import { fromArrays } from './dataset.js';
import { fitInSlices } from './worker-fit.js';
import { Transfer, abortError, serializeError, throttled } from './worker-tools.js';
import { DatasetStore, sample, split, summaryOf } from './worker-data.js';
import { documentOf, loadText, textPart } from './worker-text.js';
import { makeSessions } from './worker-session.js';
import { evaluate, explain, topFeatures } from './worker-inspect.js';
import { makeSequences } from './worker-sequences.js';
import { inputOf, isRecords, recordsEntry, recordsPart } from './worker-records.js';

// The UTF-8 size of a string, without encoding it.
function utf8Length(text) {
  let bytes = text.length;
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

const isStream = (file) =>
  (typeof Blob !== 'undefined' && file instanceof Blob) ||
  (file !== null && typeof file === 'object' && typeof file.getReader === 'function');

/**
 * A host answering the page's messages through post(message, transfer): {receive(data), close()}.
 * close() cancels what runs and frees every Dataset (what a Worker's terminate() does to it).
 */
export function createHost(post) {
  let loadOptions;
  const api = () => load(loadOptions); // load() keeps the API (and retries after a failure)

  const store = new DatasetStore(); // datasetId -> {kind, dataset, documents?, ...}
  const running = new Map(); // requestId -> AbortController of a request under way
  const datasetOf = (datasetId, where) => inputOf(store, datasetId, where);
  // A dataset of kind `entry.kind` added to the store, as its summary.
  const added = (entry) => summaryOf(store.add(entry), entry);
  let sequences; // worker-sequences.js's part, made with the API (it needs pw)
  let sessions;
  const parts = async () => {
    const pw = await api();
    sequences ??= makeSequences(pw, store, post);
    sessions ??= makeSessions(pw, store, post, sequences);
    return { pw, sequences, sessions };
  };

  async function loadCsv({ requestId, file, options }, controller) {
    const where = 'loadCsv';
    const pw = await api();
    if (controller.signal.aborted) throw abortError(where);
    const progress = throttled((value) => post({ requestId, type: 'progress', progress: value }));
    let dataset;
    let last;
    if (isStream(file)) {
      dataset = await pw.Dataset.fromStream(file, {
        ...options,
        signal: controller.signal,
        onProgress: (value) => {
          last = value;
          progress.update(value);
        },
      });
    } else {
      dataset = pw.Dataset.fromCsv(file, options);
      const size = typeof file === 'string' ? utf8Length(file) : file.byteLength;
      last = { bytesRead: size, totalBytes: size, rows: dataset.rows };
      progress.update(last);
    }
    // Cancelled while fromCsv ran (it cannot be interrupted): the page has moved on already.
    if (controller.signal.aborted) {
      dataset.dispose();
      throw abortError(where);
    }
    progress.flush();
    return added({ kind: 'matrix', dataset, bytes: last?.bytesRead ?? 0 });
  }

  // A Dataset from arrays (Dataset.fromArray), its errors named as loadArrays' (labels: y).
  async function loadArrays({ X, y, options }, controller) {
    const where = 'loadArrays';
    const pw = await api();
    // Records {name: value}: kept as they are, trained on as model.fit(records, y) trains.
    if (isRecords(X)) {
      const entry = recordsEntry(X, y, where, options);
      if (controller.signal.aborted) throw abortError(where);
      return added(entry);
    }
    const dataset = pw.Dataset[fromArrays](X, undefined, y ?? undefined, options, where, 'y');
    if (controller.signal.aborted) {
      dataset.dispose();
      throw abortError(where);
    }
    return added({ kind: 'matrix', dataset, bytes: 0 });
  }

  // A Dataset's values (a copy out of wasm memory, its buffer transferred) and labels.
  function read({ datasetId }) {
    const { dataset } = store.entry(datasetId, 'read', ['matrix']);
    const { data, rows, cols } = dataset.toArray();
    const { labels, featureNames, classes } = dataset;
    return new Transfer({ data, rows, cols, labels, featureNames, classes }, [data.buffer]);
  }

  // The page's fit: trained in slices (worker-fit.js) on a Dataset of this host.
  async function fit(message, controller) {
    if (message.modelKind === 'StructuredPerceptron') {
      const { sessions: open } = await parts();
      return open.fitSequences(message, controller);
    }
    return fitInSlices(await api(), message, controller, datasetOf, post);
  }

  async function memory({ requestId }) {
    const pw = await api();
    // requests: the loads and fits under way (this request left out).
    const open = sessions?.size ?? 0;
    return {
      ...pw.memory(),
      datasets: store.size,
      sessions: open,
      requests: running.size - (running.has(requestId) ? 1 : 0),
    };
  }

  function dispose({ datasetId }) {
    return store.delete(datasetId);
  }

  // Text: a CSV with a text column as a bag of words (worker-text.js).
  async function loadTextRequest({ requestId, ...message }, controller) {
    const pw = await api();
    const progress = throttled((value) => post({ requestId, type: 'progress', progress: value }));
    const entry = await loadText(pw, message, controller, progress);
    progress.flush();
    return added(entry);
  }

  async function documentRequest({ datasetId, row }) {
    const pw = await api();
    return documentOf(pw, store.entry(datasetId, 'document: datasetId', ['text']), row, 'document');
  }

  // A part of a split, as a new dataset of its kind.
  const derive = {
    rows: (entry, rows, dataset) =>
      added(
        entry.kind === 'text'
          ? textPart(entry, rows, dataset)
          : entry.kind === 'records'
            ? recordsPart(entry, rows)
            : { kind: 'matrix', dataset, bytes: 0 },
      ),
    sequences: (entry, settings, where) => sequences.split(entry, settings, where, added),
  };
  const inspect = (fn) => async (message) => {
    const { pw } = await parts();
    return fn(pw, message, sessions, store, sequences);
  };

  const handlers = {
    loadCsv,
    loadArrays,
    read,
    fit,
    memory,
    dispose,
    loadText: loadTextRequest,
    document: documentRequest,
    sample: async (message) => {
      const pw = await api();
      const out = sample(pw, store, message);
      return new Transfer(out, [out.x.buffer, out.y.buffer]);
    },
    split: async (message) => {
      await parts();
      return split(await api(), store, message, derive);
    },
    loadSequences: async (message, controller) => (await parts()).sequences.load(message, controller, added),
    sentence: async (message) => (await parts()).sequences.sentence(message),
    lattice: async (message) => (await parts()).sequences.lattice(message, sessions),
    session: async (message) => (await parts()).sessions.create(message),
    advance: async (message, controller) => (await parts()).sessions.advance(message, controller),
    reset: async (message) => (await parts()).sessions.reset(message),
    adopt: async (message) => (await parts()).sessions.adopt(message),
    closeSession: async (message) => (await parts()).sessions.close(message),
    evaluate: inspect(evaluate),
    topFeatures: inspect(topFeatures),
    explain: inspect(explain),
  };

  async function receive(data) {
    if (data?.type === 'init') {
      loadOptions = data.wasm === undefined ? undefined : { wasm: data.wasm };
      return;
    }
    if (data?.type === 'cancel') {
      running.get(data.requestId)?.abort();
      return;
    }
    const { requestId, type } = data ?? {};
    const handler = Object.hasOwn(handlers, type) ? handlers[type] : null;
    const controller = new AbortController();
    running.set(requestId, controller);
    try {
      if (!handler) throw new TypeError(`perceptron-wasm worker: unknown request type ${JSON.stringify(type)}`);
      const value = await handler(data, controller);
      if (value instanceof Transfer) post({ requestId, type: 'result', value: value.value }, value.list);
      else post({ requestId, type: 'result', value });
    } catch (error) {
      post({ requestId, type: 'error', error: serializeError(error) });
    } finally {
      running.delete(requestId);
    }
  }

  function close() {
    for (const controller of running.values()) controller.abort();
    sessions?.clear();
    store.clear();
  }

  return { receive, close };
}
