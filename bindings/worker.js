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
//   {type: 'loadArrays', requestId, X, y, options}      Dataset.fromArray (X's buffer may be transferred)
//   {type: 'read', requestId, datasetId}                 a Dataset's values back (buffer transferred)
//   {type: 'fit', requestId, modelKind, options, datasetId, fitOptions, epochs, progress}
//        epochs / progress: whether the page listens to onEpoch / onProgress
//   {type: 'cancel', requestId}                          the request to cancel
//   {type: 'dispose', requestId, datasetId}
//   {type: 'memory', requestId}
// Messages out:
//   {requestId, type: 'progress', progress: {bytesRead, totalBytes, rows}}   (loadCsv)
//   {requestId, type: 'progress', progress: {t, epoch, mistakes}}            (fit, when asked)
//   {requestId, type: 'epochs', epochs: [{epoch, steps, mistakes, ...}]}      (fit, when asked)
//   {requestId, type: 'result', value}
//   {requestId, type: 'error', error: {name, message, line?, column?, stack?}}
// Progress and epochs are sent at most every PROGRESS_INTERVAL_MS (epochs batched, none lost),
// so a fast read or thousands of tiny epochs never flood the page with messages.
//
// Training runs through model.trainer(), the very loop fit runs (driven to its end it leaves
// exactly fit's weights and report), in slices (js/worker-fit.js); between slices the worker
// yields to its message queue, so a cancel stops a fit between two slices (within an epoch on
// big data, between epochs on small data) and the model is discarded. The plumbing (posting,
// transfers, errors as data, throttling) is in js/worker-tools.js.
import load from './index.js';
import { fromArrays } from './js/dataset.js';
import { fitInSlices } from './js/worker-fit.js';
import { Transfer, abortError, post, serializeError, throttled } from './js/worker-tools.js';

let loadOptions;
const api = () => load(loadOptions); // load() keeps the API (and retries after a failure)

const datasets = new Map(); // datasetId -> Dataset
let nextDatasetId = 1;
const running = new Map(); // requestId -> AbortController of a loadCsv or fit under way

function datasetOf(datasetId, where) {
  const dataset = datasets.get(datasetId);
  if (dataset) return dataset;
  const message =
    Number.isInteger(datasetId) && datasetId > 0 && datasetId < nextDatasetId
      ? `datasetId ${datasetId} was disposed`
      : `datasetId ${JSON.stringify(datasetId)} is not a dataset of this worker (ids come from loadCsv and loadArrays)`;
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

// A Dataset from arrays (Dataset.fromArray), its errors named as loadArrays' (labels: y).
async function loadArrays({ X, y, options }, controller) {
  const where = 'loadArrays';
  const pw = await api();
  const dataset = pw.Dataset[fromArrays](X, undefined, y ?? undefined, options, where, 'y');
  if (controller.signal.aborted) {
    dataset.dispose();
    throw abortError(where);
  }
  const datasetId = nextDatasetId++;
  datasets.set(datasetId, dataset);
  return summaryOf(datasetId, dataset, 0);
}

// A Dataset's values (a copy out of wasm memory, its buffer transferred) and labels.
function read({ datasetId }) {
  const dataset = datasetOf(datasetId, 'read');
  const { data, rows, cols } = dataset.toArray();
  const { labels, featureNames, classes } = dataset;
  return new Transfer({ data, rows, cols, labels, featureNames, classes }, [data.buffer]);
}

// The page's fit: trained in slices (js/worker-fit.js) on a Dataset of this worker.
async function fit(message, controller) {
  return fitInSlices(await api(), message, controller, datasetOf);
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

const handlers = { loadCsv, loadArrays, read, fit, memory, dispose };

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
    if (value instanceof Transfer) post({ requestId, type: 'result', value: value.value }, value.list);
    else post({ requestId, type: 'result', value });
  } catch (error) {
    post({ requestId, type: 'error', error: serializeError(error) });
  } finally {
    running.delete(requestId);
  }
};
