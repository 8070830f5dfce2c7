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
// exactly fit's weights and report), in slices of about SLICE_MS; between slices the worker
// yields to its message queue, so a cancel stops a fit between two slices (within an epoch on
// big data, between epochs on small data) and the model is discarded. Every slice pauses at
// the end of an epoch when one ends in it, so an epoch's event can carry the model as that
// epoch left it (epochWeights, trainError).
import load from './index.js';

const PROGRESS_INTERVAL_MS = 50;
const SLICE_MS = 20;
const PROBE_STEPS = 4096;
const MODEL_KINDS = ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive'];
// What a result carries beside toJSON(), for the kinds that have it.
const MODEL_FIELDS = ['weights', 'bias', 'biases', 'negativeWeights', 'threshold'];
// What an epoch event carries with fit's epochWeights option: the getters that predict.
const EPOCH_FIELDS = {
  Perceptron: ['weights', 'bias'],
  MulticlassPerceptron: ['weights', 'biases'], // 'joint' (ovr/ovo: none)
  KernelPerceptron: [],
  Winnow: ['weights', 'negativeWeights', 'threshold'],
  PassiveAggressive: ['weights', 'bias'],
};

let loadOptions;
const api = () => load(loadOptions); // load() keeps the API (and retries after a failure)

const datasets = new Map(); // datasetId -> Dataset
let nextDatasetId = 1;
const running = new Map(); // requestId -> AbortController of a loadCsv or fit under way

const post = (message, transfer) => self.postMessage(message, transfer ?? []);

// A handler's result whose buffers move to the page instead of being copied.
class Transfer {
  constructor(value, list) {
    this.value = value;
    this.list = list;
  }
}

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
  let dataset;
  try {
    dataset = pw.Dataset.fromArray(X, undefined, y ?? undefined, options);
  } catch (error) {
    if (typeof error?.message === 'string') {
      error.message = error.message
        .replace(/^Dataset\.fromArray: labels(?=[\s[])/, `${where}: y`)
        .replace(/^Dataset\.fromArray:/, `${where}:`)
        .replace(/\blabels\[/g, 'y[');
    }
    throw error;
  }
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

// fit's validation option across postMessage: {datasetId} of this worker, or {X, y} as arrays.
function validationOf(validation, where) {
  if (validation === null || typeof validation !== 'object' || !('datasetId' in validation)) return validation;
  return { X: datasetOf(validation.datasetId, `${where}: option validation`) };
}

// trace and epochWeights: true (no limit: Infinity), false (0) or an integer >= 1.
function countOption(value, name, where) {
  if (typeof value === 'boolean') return value ? Infinity : 0;
  if (Number.isSafeInteger(value) && value >= 1) return value;
  throw new (typeof value === 'number' ? RangeError : TypeError)(
    `${where}: option ${name} must be true, false or an integer >= 1; received ${typeof value === 'number' ? value : (JSON.stringify(value) ?? String(value))}`,
  );
}

// epochWeights: n: epoch e carries the weights when it is a multiple of spacing(e, n), the
// smallest power of two s with e <= s * n (every epoch up to n, every 2nd up to 2n, ...).
const spacing = (epoch, n) => {
  let s = 1;
  while (epoch > s * n) s *= 2;
  return s;
};

// At most how many steps the first epoch takes, from below: all the rows, or with earlyStopping
// (and no validation set given) the rows minus those held out (about validationFraction of
// each class, at least one of a class of two or more).
function firstEpochSize(model, dataset, validation) {
  const { earlyStopping = false, validationFraction = 0 } = model.options;
  if (!earlyStopping || validation !== undefined) return dataset.rows;
  return Math.max(0, dataset.rows - Math.ceil(validationFraction * dataset.rows) - dataset.classes.length - 1);
}

async function fit(message, controller) {
  const { requestId, modelKind, options, datasetId, fitOptions = {}, epochs: wantEpochs, progress } = message;
  const where = 'fit';
  const pw = await api();
  if (!MODEL_KINDS.includes(modelKind)) {
    throw new (typeof modelKind === 'string' ? RangeError : TypeError)(
      `${where}: modelKind must be one of ${MODEL_KINDS.join(', ')}; received ${JSON.stringify(modelKind) ?? String(modelKind)}`,
    );
  }
  const dataset = datasetOf(datasetId, where);
  const { trace = false, epochWeights = false, trainError = false, ...trainerOptions } = fitOptions;
  const traceLimit = countOption(trace, 'trace', where);
  const weightsEvery = countOption(epochWeights, 'epochWeights', where);
  if (typeof trainError !== 'boolean') {
    throw new TypeError(`${where}: option trainError must be true or false; received ${JSON.stringify(trainError)}`);
  }
  if (trainerOptions.validation !== undefined) {
    trainerOptions.validation = validationOf(trainerOptions.validation, where);
  }
  const model = new pw[modelKind](options);
  try {
    let trainer;
    try {
      trainer = model.trainer(dataset, undefined, trainerOptions);
    } catch (error) {
      // Said as fit says it: this is fit's training (Perceptron.fit: y must hold ...).
      if (typeof error?.message === 'string') error.message = error.message.replace(/^(\w+)\.trainer:/, '$1.fit:');
      throw error;
    }
    // ovr/ovo train their binary models one after the other: their epochs are those of the
    // binary models (fit's report merges them), reported when training ends.
    const tasks = modelKind === 'MulticlassPerceptron' && model.options.strategy !== 'joint';
    const validating = trainerOptions.validation !== undefined || model.options.earlyStopping === true;
    const fields = tasks ? [] : EPOCH_FIELDS[modelKind];
    const withWeights = wantEpochs && weightsEvery > 0 && fields.length > 0;
    const withError = wantEpochs && trainError && !validating && !tasks;
    const steps = traceLimit > 0 ? [] : null;
    const queue = [];
    const sendEpochs = throttled(() => post({ requestId, type: 'epochs', epochs: queue.splice(0) }));
    const sendProgress = throttled((value) => post({ requestId, type: 'progress', progress: value }));
    const emit = (event) => {
      queue.push(event);
      sendEpochs.update(true);
    };
    // Each epoch ends with the trainer paused right at its end (run's budget stops there), so
    // the model is that epoch's. The latest event waits until training goes on: the last one
    // carries the weights training ends with (with a validation set, the kept epoch's).
    let held = null;
    let lastNumber = 0;
    let epochStart = 0; // t when the current epoch began
    let epochSize = firstEpochSize(model, dataset, trainerOptions.validation);
    // An epoch just ended and t steps were taken so far: its event, with the model if exact
    // (the trainer paused at that epoch's end).
    const ended = (record, t) => {
      const exact = record.epoch === lastNumber + 1 && t === epochStart + record.steps;
      if (record.epoch > lastNumber + 1 && wantEpochs) {
        // Never expected (epochs end one per pause): the skipped ones from the report, as they are.
        for (const missed of trainer.run({ maxSteps: 0 }).history.slice(lastNumber, record.epoch - 1)) emit(missed);
      }
      lastNumber = record.epoch;
      epochStart = t;
      epochSize = record.steps;
      if (!wantEpochs) return;
      if (held) emit(held);
      held = { ...record };
      if (!exact) return;
      if (withError) held.trainError = 1 - model.score(dataset);
      if (withWeights && record.epoch % spacing(record.epoch, weightsEvery) === 0) {
        for (const key of fields) held[key] = model[key];
      }
    };
    const checkEnded = () => {
      const record = trainer.lastEpoch;
      if (record !== null && record.epoch > lastNumber) ended(record, trainer.state.t);
    };
    let stepsPerMs = null;
    let t = 0; // steps taken, as of the last slice
    let done = trainer.state.done;
    while (!done) {
      const start = performance.now();
      do {
        if (steps !== null && steps.length < traceLimit) {
          // Step by step, for the trace.
          const step = trainer.step();
          if (step === null) done = true;
          else {
            steps.push(step);
            if (!tasks) checkEnded();
          }
        } else if (!tasks && stepsPerMs !== null && stepsPerMs * SLICE_MS >= epochSize) {
          // Short epochs: whole epochs until the slice is used up (no other call per epoch:
          // finishEpoch says when training has ended, by null or by the last epoch again).
          const record = trainer.finishEpoch();
          if (record === null || record.epoch <= lastNumber) done = true;
          else ended(record, epochStart + record.steps);
        } else {
          // Long epochs: a slice's worth of steps, up to the epoch's end.
          const budget = stepsPerMs === null ? PROBE_STEPS : Math.max(1, Math.floor(stepsPerMs * SLICE_MS));
          const left = tasks ? budget : epochSize - (trainer.state.t - epochStart);
          if (left > 0) trainer.run({ maxSteps: Math.min(budget, left) });
          else trainer.finishEpoch(); // past the lower bound of the first epoch's size
          if (!tasks) checkEnded();
          done = trainer.state.done;
        }
      } while (!done && performance.now() - start < SLICE_MS);
      const state = trainer.state;
      done ||= state.done;
      const elapsed = performance.now() - start;
      if (elapsed > 0 && state.t > t) stepsPerMs = (state.t - t) / elapsed;
      t = state.t;
      if (progress) sendProgress.update({ t: state.t, epoch: state.epoch, mistakes: state.mistakes });
      await yieldToMessages();
      if (controller.signal.aborted) throw abortError(where);
    }
    const report = trainer.run();
    if (held) {
      if (withWeights) for (const key of fields) held[key] = model[key];
      emit(held);
    }
    if (tasks && wantEpochs) report.history.forEach(emit);
    sendEpochs.flush();
    if (progress) {
      sendProgress.update({ t: report.steps, epoch: trainer.state.epoch, mistakes: report.mistakes });
      sendProgress.flush();
    }
    const result = { modelKind, model: model.toJSON(), report };
    for (const key of MODEL_FIELDS) if (key in model) result[key] = model[key];
    if (steps !== null) {
      result.trace = steps;
      if (report.steps > steps.length) result.traceTruncated = true;
    }
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
