// perceptron-wasm's module Worker: CSV ingest and training off the page's main thread. The page
// talks to it through ./worker-client.js (the `perceptron-wasm/worker` entry), which starts it
// with `new Worker(new URL('./worker.js', import.meta.url), {type: 'module'})`; this file is the
// worker's side of that conversation and is not meant to be imported.
//
// The worker loads the package once and keeps the Datasets it reads by id, so a 100 MB file is
// read into wasm memory here and never crosses back to the page: the page holds a summary and an
// id, and trains by id.
//
// Messages in (from worker-client.js), each with a requestId but init and cancel:
//   {type: 'init', wasm?}                                load()'s wasm option (first message)
//   {type: 'loadCsv', requestId, file, options, totalBytes?}
//        file: a Blob or File, or a ReadableStream (transferred), read by Dataset.fromStream
//        chunk by chunk (progress, cancellable); a string or bytes read by Dataset.fromCsv (one
//        synchronous call: no progress before the end, and a cancel only discards the result)
//   {type: 'fit', requestId, modelKind, options, datasetId, fitOptions, epochs}
//   {type: 'cancel', requestId}                          the request to cancel
//   {type: 'dispose', requestId, datasetId}
//   {type: 'memory', requestId}
// Messages out:
//   {requestId, type: 'progress', progress: {bytesRead, totalBytes, rows}}   (loadCsv)
//   {requestId, type: 'epochs', epochs: [{epoch, steps, mistakes, ...}]}      (fit, when asked)
//   {requestId, type: 'result', value}
//   {requestId, type: 'error', error: {name, message, line?, column?, stack?}}
// Progress and epochs are sent at most every PROGRESS_INTERVAL_MS (epochs batched, none lost),
// so a fast read or thousands of tiny epochs never flood the page with messages.
//
// Training runs through model.trainer(), the very loop fit runs (driven to its end it leaves
// exactly fit's weights and report), in slices of about SLICE_MS; between slices the worker
// yields to its message queue, so a cancel stops a fit between two slices (within an epoch on
// big data, between epochs on small data) and the model is discarded.
import load from './index.js';

const PROGRESS_INTERVAL_MS = 50;
const SLICE_MS = 20;
const PROBE_STEPS = 4096;
const MODEL_KINDS = ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive'];
// What a result carries beside toJSON(), for the kinds that have it.
const MODEL_FIELDS = ['weights', 'bias', 'biases', 'threshold'];

let loadOptions;
const api = () => load(loadOptions); // load() keeps the API (and retries after a failure)

const datasets = new Map(); // datasetId -> Dataset
let nextDatasetId = 1;
const running = new Map(); // requestId -> AbortController of a loadCsv or fit under way

const post = (message, transfer) => self.postMessage(message, transfer ?? []);

// An error as plain data that survives postMessage with its class name and CSV position.
function serializeError(error) {
  if (error === null || typeof error !== 'object') return { name: 'Error', message: String(error) };
  const out = { name: String(error.name ?? 'Error'), message: String(error.message ?? error) };
  if (typeof error.line === 'number') out.line = error.line;
  if (typeof error.column === 'number') out.column = error.column;
  if (typeof error.stack === 'string') out.stack = error.stack;
  return out;
}

function abortError(where) {
  return new DOMException(`${where}: cancelled`, 'AbortError');
}

// Resolves on a later task, after the messages already queued (a cancel) have been handled.
// A MessageChannel, not setTimeout: nested timeouts are clamped to 4 ms.
const channel = new MessageChannel();
const wakeups = [];
channel.port1.onmessage = () => wakeups.shift()?.();
const yieldToMessages = () =>
  new Promise((resolve) => {
    wakeups.push(resolve);
    channel.port2.postMessage(null);
  });

// Calls send(latest) at most every PROGRESS_INTERVAL_MS; flush() sends what is pending.
function throttled(send) {
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

function datasetOf(datasetId, where) {
  const dataset = datasets.get(datasetId);
  if (dataset) return dataset;
  const message =
    Number.isInteger(datasetId) && datasetId > 0 && datasetId < nextDatasetId
      ? `datasetId ${datasetId} was disposed`
      : `datasetId ${JSON.stringify(datasetId)} is not a dataset of this worker (ids come from loadCsv)`;
  throw new RangeError(`${where}: ${message}`);
}

function summaryOf(datasetId, dataset, bytes) {
  return {
    datasetId,
    rows: dataset.rows,
    cols: dataset.cols,
    dtype: dataset.dtype,
    featureNames: dataset.featureNames,
    classes: dataset.classes,
    droppedRows: dataset.droppedRows,
    bytes,
  };
}

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
  const datasetId = nextDatasetId++;
  datasets.set(datasetId, dataset);
  return summaryOf(datasetId, dataset, last?.bytesRead ?? 0);
}

// fit's validation option across postMessage: {datasetId} of this worker, or {X, y} as arrays.
function validationOf(validation, where) {
  if (validation === null || typeof validation !== 'object' || !('datasetId' in validation)) return validation;
  return { X: datasetOf(validation.datasetId, `${where}: option validation`) };
}

async function fit({ requestId, modelKind, options, datasetId, fitOptions = {}, epochs: wantEpochs }, controller) {
  const where = 'fit';
  const pw = await api();
  if (!MODEL_KINDS.includes(modelKind)) {
    throw new (typeof modelKind === 'string' ? RangeError : TypeError)(
      `${where}: modelKind must be one of ${MODEL_KINDS.join(', ')}; received ${JSON.stringify(modelKind) ?? String(modelKind)}`,
    );
  }
  const dataset = datasetOf(datasetId, where);
  const { trace = false, ...trainerOptions } = fitOptions;
  if (typeof trace !== 'boolean') {
    throw new TypeError(`${where}: option trace must be true or false; received ${JSON.stringify(trace)}`);
  }
  if (trainerOptions.validation !== undefined) {
    trainerOptions.validation = validationOf(trainerOptions.validation, where);
  }
  const model = new pw[modelKind](options);
  try {
    const trainer = model.trainer(dataset, undefined, trainerOptions);
    const steps = trace ? [] : null;
    const queue = [];
    const sendEpochs = throttled(() => {
      post({ requestId, type: 'epochs', epochs: queue.splice(0) });
    });
    let lastEpoch = 0;
    const ended = (record) => {
      if (record === null || record.epoch <= lastEpoch) return;
      lastEpoch = record.epoch;
      if (!wantEpochs) return;
      queue.push(record);
      sendEpochs.update(true);
    };
    let stepsPerMs = null;
    while (!trainer.state.done) {
      const start = performance.now();
      const t0 = trainer.state.t;
      if (trace) {
        // Step by step, for the trace; an epoch has ended when a step starts the next one.
        do {
          const step = trainer.step();
          if (step === null) break;
          if (step.epoch > lastEpoch + 1) ended(trainer.lastEpoch);
          steps.push(step);
        } while (performance.now() - start < SLICE_MS);
        ended(trainer.lastEpoch);
      } else if (stepsPerMs === null || stepsPerMs * SLICE_MS < dataset.rows) {
        // Epochs longer than a slice: a slice's worth of steps (the report's history is short).
        const maxSteps = stepsPerMs === null ? PROBE_STEPS : Math.max(1, Math.floor(stepsPerMs * SLICE_MS));
        for (const record of trainer.run({ maxSteps }).history) ended(record);
      } else {
        // Short epochs: whole epochs until the slice is used up.
        do {
          const record = trainer.finishEpoch();
          if (record === null) break;
          ended(record);
        } while (performance.now() - start < SLICE_MS);
      }
      const elapsed = performance.now() - start;
      if (elapsed > 0) stepsPerMs = (trainer.state.t - t0) / elapsed;
      await yieldToMessages();
      if (controller.signal.aborted) throw abortError(where);
    }
    const report = trainer.run();
    ended(report.history.at(-1) ?? null);
    sendEpochs.flush();
    const result = { modelKind, model: model.toJSON(), report };
    for (const key of MODEL_FIELDS) if (key in model) result[key] = model[key];
    if (trace) result.trace = steps;
    return result;
  } finally {
    model.dispose();
  }
}

async function memory({ requestId }) {
  const pw = await api();
  // requests: the loads and fits under way (this request left out).
  return { ...pw.memory(), datasets: datasets.size, requests: running.size - (running.has(requestId) ? 1 : 0) };
}

function dispose({ datasetId }) {
  const dataset = datasets.get(datasetId);
  if (!dataset) return false;
  datasets.delete(datasetId);
  dataset.dispose();
  return true;
}

const handlers = { loadCsv, fit, memory, dispose };

self.onmessage = async ({ data }) => {
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
    post({ requestId, type: 'result', value });
  } catch (error) {
    post({ requestId, type: 'error', error: serializeError(error) });
  } finally {
    running.delete(requestId);
  }
};
