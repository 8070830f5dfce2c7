// The package's side of perceptron-wasm/worker's conversation (the protocol is described in
// ../worker.js): one host holds its Datasets by id and answers the page's requests through
// `post`. ../worker.js runs one in the module Worker; js/worker-start.js runs one on the page's
// own thread, for pages whose Content-Security-Policy lets no Worker start.
import load from '../index.js';
import { fromArrays } from './dataset.js';
import { fitInSlices } from './worker-fit.js';
import { Transfer, abortError, serializeError, throttled } from './worker-tools.js';

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

/**
 * A host answering the page's messages through post(message, transfer): {receive(data), close()}.
 * close() cancels what runs and frees every Dataset (what a Worker's terminate() does to it).
 */
export function createHost(post) {
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

  // The page's fit: trained in slices (worker-fit.js) on a Dataset of this host.
  async function fit(message, controller) {
    return fitInSlices(await api(), message, controller, datasetOf, post);
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
    for (const dataset of datasets.values()) dataset.dispose();
    datasets.clear();
  }

  return { receive, close };
}
