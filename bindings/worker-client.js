// perceptron-wasm/worker: the page's side of the package's module Worker (./worker.js). CSV
// ingest and training run in the worker, so a 100 MB file or a long fit never freezes the page;
// the Datasets stay in the worker's wasm memory and the page refers to them by id.
//
//   import { createWorker } from 'perceptron-wasm/worker';
//   const w = createWorker();
//   const summary = await w.loadCsv(file, { label: 'y', onProgress: (p) => bar(p.bytesRead / p.totalBytes) });
//   const result = await w.fit('Perceptron', { maxEpochs: 10 }, summary.datasetId);
//   const model = pw.Perceptron.fromJSON(result.model); // on the page, if it loads the package too
//   const points = await w.read(summary);                 // the values back, to draw them
//   const clicked = await w.loadArrays([[0, 1], [1, 0]], [1, -1]); // a Dataset from arrays
//   w.terminate();
//
// Browsers (and Deno) only: it needs a module Web Worker. Under Node the module imports, and
// createWorker throws a TypeError saying so (Node's worker_threads has another API; in Node,
// use the package entry directly, or run it in a worker_thread of your own).
//
// Types: ./worker.d.ts. The wire protocol: ./worker.js.
import { CsvError, DisposedError, NotFittedError } from './js/errors.js';
import { reviveError, abortError, describe, PREPARE as LOADS } from './js/worker-requests.js';
import { PREPARE as REQUESTS } from './js/worker-requests-data.js';
import { PageThread, blobWorker } from './js/worker-start.js';

export { CsvError, DisposedError, NotFittedError };

// Each request's argument checks and message (js/worker-requests*.js).
const PREPARE = { ...LOADS, ...REQUESTS };

/**
 * The page's handle on one worker: each call is a request with its own id, answered by a promise.
 * Requests run concurrently in the worker (a load may stream while a fit trains); each one can
 * be cancelled by {@link PerceptronWorker#cancel} or by the `signal` option.
 */
export class PerceptronWorker {
  #worker;
  #nextId = 1;
  #pending = new Map(); // requestId -> {resolve, reject, onProgress, onEpoch, cleanup, where}
  #ids = new WeakMap(); // promise -> requestId, for cancel(promise)
  #cancelled = new Set(); // requestIds answered here already; their late results are cleaned up
  #dead = null; // the error every call rejects with once the worker is gone

  /** @param {Worker} worker a Worker running perceptron-wasm's worker.js */
  constructor(worker, { wasm } = {}) {
    this.#worker = worker;
    worker.addEventListener('message', (event) => this.#receive(event.data));
    worker.addEventListener('messageerror', () => {
      this.#fail(new Error('perceptron-wasm worker: a message from the worker could not be read'));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault?.();
      const detail = event.message
        ? `: ${event.message}`
        : " to start (is worker.js served next to worker-client.js, and does the page's Content-Security-Policy allow it in worker-src?)";
      this.#fail(new Error(`perceptron-wasm worker failed${detail}`), true);
    });
    if (wasm !== undefined) worker.postMessage({ type: 'init', wasm });
  }

  /** The underlying Worker. */
  get worker() {
    return this.#worker;
  }

  /**
   * Reads CSV text into a Dataset in the worker's wasm memory. A Blob or File (or a
   * ReadableStream, which is transferred) is streamed by Dataset.fromStream: onProgress is called
   * as it reads (at most every 50 ms, and once at the end) and a cancel stops the read. A string
   * or bytes (ArrayBuffer, typed array: copied to the worker) is read by Dataset.fromCsv in one
   * call: onProgress is called once, at the end, and a cancel only discards the result.
   * @param {Blob | File | ReadableStream<Uint8Array> | ArrayBuffer | ArrayBufferView | string} file
   * @param {object} [options] Dataset.fromCsv's options (label, features, delimiter, header,
   *   missing, dtype; totalBytes for a stream), and onProgress({bytesRead, totalBytes, rows}) and
   *   signal (an AbortSignal), which stay on the page.
   * @returns {Promise<object>} the summary (worker.d.ts: WorkerDatasetSummary); rejects with a
   *   CsvError (line, column) for a bad file, an AbortError when cancelled.
   */
  loadCsv(file, options) {
    return this.#call('loadCsv', () => PREPARE.loadCsv(file, options));
  }

  /**
   * Makes a Dataset in the worker from arrays (Dataset.fromArray), as loadCsv makes one from a
   * file: train on it by its datasetId, read it back with read, dispose it when done.
   * @param {number[][] | {data: Float64Array | Float32Array, rows: number, cols: number} | object[]} X
   *   copied to the worker (structured clone), or moved with option transfer; records
   *   {name: value} (with y) make a 'records' dataset, trained on as model.fit(records, y)
   * @param {Array<number|string> | ArrayLike<number>} [y] one label per row (numbers or strings)
   * @param {object} [options] featureNames (one per column; default x1, x2, ...), dtype
   *   ('float64' default, or 'float32'), transfer (true: X.data's buffer moves to the worker
   *   instead of being copied, and is detached here: X.data is empty afterwards; {data, rows,
   *   cols} only), signal (an AbortSignal: a cancel discards the Dataset).
   * @returns {Promise<object>} loadCsv's summary (droppedRows and bytes 0); rejects with a
   *   TypeError or RangeError naming the problem (X[i][j], y, featureNames...).
   */
  loadArrays(X, y, options) {
    return this.#call('loadArrays', () => PREPARE.loadArrays(X, y, options));
  }

  /**
   * A Dataset's values and labels, back on the page (after loadCsv of a big file, to draw it).
   * @param {number | {datasetId: number}} datasetId
   * @returns {Promise<{data: Float64Array | Float32Array, rows: number, cols: number,
   *   labels: Array<number|string> | null, featureNames: string[], classes: Array<number|string>}>}
   *   data is row-major (by the Dataset's dtype), a fresh copy whose buffer the worker hands over.
   */
  read(datasetId) {
    return this.#call('read', () => PREPARE.read(datasetId));
  }

  /**
   * Trains `new pw[modelKind](options)` on a Dataset of this worker, by fit's loop (model.trainer
   * driven to its end: the same weights and report as fit). The model's JSON comes back; a
   * cancel stops it between two slices of ~20 ms of training and discards it.
   * @param {'Perceptron' | 'MulticlassPerceptron' | 'KernelPerceptron' | 'Winnow' | 'PassiveAggressive'} modelKind
   * @param {object} [options] the model's options, as its constructor takes them
   * @param {number | {datasetId: number}} datasetId a loadCsv summary's datasetId (or the summary)
   * @param {object} [fitOptions] sampleWeight, initialWeights, initialBias (where the kind takes
   *   them), validation ({datasetId} of this worker, or {X, y} as arrays); trace: true to get
   *   every step, or n to keep the first n (small data only: each step holds the weights);
   *   onEpoch(summary) for each finished epoch ({epoch, steps, mistakes, trainError?,
   *   validationError?}; its return value is ignored: cancel to stop); epochWeights: true (every
   *   epoch) or n (at most ~n evenly spaced, see worker.d.ts) to add the predicting weights to
   *   onEpoch's events; trainError: true to add the training error rate to them;
   *   onProgress({t, epoch, mistakes}) at most every 50 ms; signal (an AbortSignal).
   * @returns {Promise<{modelKind: string, model: object, report: object, weights?: number[] | number[][],
   *   bias?: number, biases?: number[], negativeWeights?: number[], threshold?: number,
   *   trace?: object[], traceTruncated?: true}>} model is toJSON()'s object (give it to
   *   pw[modelKind].fromJSON); report is fit's report.
   */
  fit(modelKind, options, datasetId, fitOptions) {
    return this.#call('fit', () => PREPARE.fit(modelKind, options, datasetId, fitOptions));
  }

  /**
   * Frees a Dataset of the worker.
   * @param {number | {datasetId: number}} datasetId
   * @returns {Promise<boolean>} false when there was no such Dataset (already disposed)
   */
  dispose(datasetId) {
    return this.#call('dispose', () => PREPARE.dispose(datasetId));
  }

  /**
   * The worker's wasm memory (pw.memory(): bytes in use by models and datasets, the heap, all of
   * it), how many Datasets it holds, and how many other requests (loads, fits) it is running:
   * after a cancel, `requests` drops once the worker has actually stopped.
   * @returns {Promise<{inUse: number, heap: number, total: number, datasets: number, requests: number}>}
   */
  memory() {
    return this.#call('memory', () => PREPARE.memory());
  }

  // Text, sequences, samples, sessions and inspection: see worker.d.ts for each call's
  // arguments and answer. Datasets and models stay in the worker; only small answers cross.

  /** A CSV with a text column as a bag of words in the worker (kind 'text'); onProgress and signal as loadCsv's. */
  loadText(file, options) {
    return this.#call('loadText', () => PREPARE.loadText(file, options));
  }

  /** Tagged sentences in the worker (kind 'sequences'): CoNLL text, or {sequences, tags} as StructuredPerceptron.fit takes them. */
  loadSequences(input, options) {
    return this.#call('loadSequences', () => PREPARE.loadSequences(input, options));
  }

  /** What the page draws of a matrix dataset: a seeded sample of rows, PCA (over every row) or two columns. */
  sample(datasetId, options) {
    return this.#call('sample', () => PREPARE.sample(datasetId, options));
  }

  /** pw.modelSelection.split of a dataset's labels (seed 0), as the page splits: {train, validation, test} summaries. */
  split(datasetId, options) {
    return this.#call('split', () => PREPARE.split(datasetId, options));
  }

  /** A text dataset's document: {text, label, words: [{text, start, end, column}]}. */
  document(datasetId, row) {
    return this.#call('document', () => PREPARE.document(datasetId, row));
  }

  /** A sequences dataset's sentence: {words, tokens, tags}. */
  sentence(datasetId, index) {
    return this.#call('sentence', () => PREPARE.sentence(datasetId, index));
  }

  /** A model and its trainer in the worker, over a dataset of the worker: {sessionId, modelKind}. */
  session(modelKind, options, datasetId, sessionOptions) {
    return this.#call('session', () => PREPARE.session(modelKind, options, datasetId, sessionOptions));
  }

  /** Steps a session: {steps?, epoch?, records?, weights?, onProgress?, signal?} -> {records, epochs, state, model?, report?}. */
  advance(session, options) {
    return this.#call('advance', () => PREPARE.advance(session, options));
  }

  /** A session's model and trainer from zero again. */
  reset(session) {
    return this.#call('reset', () => PREPARE.reset(session));
  }

  /** A session goes on from a model's JSON (Train's result). */
  adopt(session, model) {
    return this.#call('adopt', () => PREPARE.adopt(session, model));
  }

  /** Frees a session's model (false when it was closed already). */
  closeSession(session) {
    return this.#call('closeSession', () => PREPARE.closeSession(session));
  }

  /** Accuracy and the confusion matrix of a session's model (or {model: json}) on a dataset of the worker. */
  evaluate(model, datasetId) {
    return this.#call('evaluate', () => PREPARE.evaluate(model, datasetId));
  }

  /** The k largest positive and negative weights, named. */
  topFeatures(model, options) {
    return this.#call('topFeatures', () => PREPARE.topFeatures(model, options));
  }

  /** One row's contributions w_i x_i, sorted, summing with the bias to the score. */
  explain(model, row, options) {
    return this.#call('explain', () => PREPARE.explain(model, row, options));
  }

  /** A sentence's lattice under a StructuredPerceptron session's model, with its words and gold tags. */
  lattice(session, datasetId, index) {
    return this.#call('lattice', () => PREPARE.lattice(session, datasetId, index));
  }

  /**
   * Cancels a request: its promise rejects at once with an AbortError, and the worker stops it
   * (a streamed load stops reading and frees what it read; a fit stops between two slices and
   * discards the model; a load from a string, bytes or arrays cannot be interrupted, and its
   * Dataset is freed when it ends).
   * @param {Promise<unknown> | number} request a promise returned by loadCsv, loadArrays or fit, or its request id
   * @param {unknown} [reason] said in the AbortError's message
   * @returns {boolean} whether the request was still pending
   */
  cancel(request, reason) {
    const requestId = typeof request === 'number' ? request : this.#ids.get(request);
    const entry = this.#pending.get(requestId);
    if (!entry) return false;
    this.#abort(requestId, abortError(entry.where, reason));
    return true;
  }

  /** Stops the worker now (a fit or load under way included); pending calls reject with an AbortError. */
  terminate() {
    this.#worker.terminate();
    this.#fail(new DOMException('perceptron-wasm worker: terminated', 'AbortError'), true);
  }

  [Symbol.dispose ?? Symbol.for('nodejs.dispose')]() {
    this.terminate();
  }

  // Sends one request: prepare() checks the arguments and returns {message, transfer, local}.
  #call(where, prepare) {
    let requestId;
    const promise = new Promise((resolve, reject) => {
      if (this.#dead) throw this.#dead;
      const { message, transfer = [], local } = prepare();
      const { signal } = local;
      if (signal?.aborted) throw abortError(where, signal.reason);
      const id = this.#nextId++;
      // First: what cannot be cloned (a function among the options) throws a DataCloneError here.
      this.#worker.postMessage({ ...message, requestId: id }, transfer);
      requestId = id;
      const entry = { where, resolve, reject, onProgress: local.onProgress, onEpoch: local.onEpoch, cleanup: null };
      if (signal) {
        const onAbort = () => this.cancel(id, signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        entry.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      this.#pending.set(id, entry);
    });
    if (requestId !== undefined) this.#ids.set(promise, requestId);
    return promise;
  }

  // Rejects a pending request with error and tells the worker to stop it.
  #abort(requestId, error) {
    const entry = this.#settle(requestId);
    this.#cancelled.add(requestId);
    this.#worker.postMessage({ type: 'cancel', requestId });
    entry.reject(error);
  }

  // Forgets a request (it was answered or cancelled).
  #settle(requestId) {
    const entry = this.#pending.get(requestId);
    this.#pending.delete(requestId);
    entry?.cleanup?.();
    return entry;
  }

  #receive(data) {
    const { requestId, type } = data ?? {};
    const entry = this.#pending.get(requestId);
    if (!entry) {
      // The answer to a request cancelled here: free a Dataset nobody will dispose.
      if (type === 'result' || type === 'error') {
        if (this.#cancelled.delete(requestId) && type === 'result' && typeof data.value?.datasetId === 'number') {
          this.dispose(data.value.datasetId).catch(() => {});
        }
      }
      return;
    }
    // A callback that throws cancels its request, which rejects with what it threw.
    const callback = (fn, value) => {
      try {
        fn?.(value);
      } catch (error) {
        this.#abort(requestId, error);
      }
    };
    switch (type) {
      case 'progress':
        callback(entry.onProgress, data.progress);
        break;
      case 'epochs':
        for (const epoch of data.epochs) {
          if (!this.#pending.has(requestId)) break;
          callback(entry.onEpoch, epoch);
        }
        break;
      case 'result':
        this.#settle(requestId);
        entry.resolve(data.value);
        break;
      case 'error':
        this.#settle(requestId);
        entry.reject(reviveError(data.error));
        break;
      default:
    }
  }

  // The worker is gone: every pending call rejects with error, and so does every later call.
  #fail(error, dead = false) {
    if (dead) this.#dead = error;
    for (const requestId of [...this.#pending.keys()]) {
      if (!dead) this.#cancelled.add(requestId); // a live worker may still answer: clean up then
      this.#settle(requestId).reject(error);
    }
  }
}

/**
 * Starts perceptron-wasm's module Worker and returns the page's handle on it. From another origin
 * (a CDN) the Worker starts through a blob: module (js/worker-start.js); where the page's
 * Content-Security-Policy refuses that too, requests reject with an Error whose message begins
 * 'perceptron-wasm worker failed to start', and createWorker({thread: 'page'}) gives the same
 * handle on the page's own thread.
 * @param {{wasm?: string | URL | ArrayBuffer | WebAssembly.Module, worker?: Worker, name?: string,
 *   thread?: 'worker' | 'page'}} [options]
 *   wasm: where the worker finds perceptron-core.wasm when a bundler or server moved it (a
 *   relative URL is resolved against the page); worker: a Worker already running worker.js
 *   (for bundlers that need their own Worker syntax); name: the Worker's name (devtools);
 *   thread: 'page' runs the worker's requests on the page's thread instead (same results).
 * @returns {PerceptronWorker}
 */
export function createWorker(options = {}) {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`createWorker: options must be an object; received ${describe(options)}`);
  }
  const { wasm, worker, name, thread = 'worker' } = options;
  if (thread !== 'worker' && thread !== 'page') {
    throw new RangeError(`createWorker: option thread must be 'worker' or 'page'; received ${describe(thread)}`);
  }
  let started = worker;
  if (started === undefined && thread === 'page') started = new PageThread();
  if (started === undefined) {
    if (typeof Worker !== 'function') {
      throw new TypeError(
        'createWorker: perceptron-wasm/worker needs a module Web Worker (browsers, Deno); this environment ' +
          'has no global Worker. Under Node, import perceptron-wasm itself (or run it in a worker_thread of your own).',
      );
    }
    try {
      // This exact form lets bundlers (webpack 5, Vite, Parcel, esbuild with plugins) emit worker.js.
      started = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name });
    } catch (error) {
      // The package is served from another origin (a CDN): a blob: module of the page's origin
      // imports the worker instead (js/worker-start.js). The URL is built from a string, so that
      // bundlers, which never take this path, do not copy worker.js as an asset.
      if (error?.name !== 'SecurityError') throw error;
      started = blobWorker(import.meta.url.replace(/[^/]*$/, 'worker.js'), name);
    }
  }
  let where = wasm;
  if (typeof wasm === 'string' || (typeof URL !== 'undefined' && wasm instanceof URL)) {
    // Relative to the page, as the caller sees it (the worker would resolve it against worker.js).
    const base = globalThis.location?.href;
    where = base ? new URL(String(wasm), base).href : String(wasm);
  }
  return new PerceptronWorker(started, { wasm: where });
}
