// Type declarations for perceptron-wasm/worker (bindings/worker-client.js). Hand-written; kept
// true with worker-client.js and worker.js.
//
// Browsers (and Deno) only: createWorker needs a module Web Worker. Under Node the module
// imports, and createWorker throws a TypeError (Node has no global Worker).

import type {
  CsvDatasetOptions,
  CsvProgress,
  Dataset,
  EpochSummary,
  FitReport,
  KernelJSON,
  KernelOptions,
  Label,
  Labels,
  Matrix,
  ModelKindName,
  MulticlassJSON,
  MulticlassOptions,
  PassiveAggressiveJSON,
  PassiveAggressiveOptions,
  PerceptronJSON,
  PerceptronOptions,
  Vector,
  WinnowJSON,
  WinnowOptions,
} from './index.js';

export { CsvError, DisposedError, NotFittedError } from './index.js';

/** What the worker can read: streamed (Blob, File, ReadableStream) or read in one call (text, bytes). */
export type WorkerCsvInput = Blob | ReadableStream<Uint8Array> | string | ArrayBuffer | ArrayBufferView;

export interface WorkerCsvOptions extends CsvDatasetOptions {
  /**
   * Called on the page as the worker reads: at most every 50 ms, and once at the end (only at
   * the end for a string or bytes). If it throws, the load is cancelled and rejects with that error.
   */
  onProgress?: (progress: CsvProgress) => void;
  /** Aborting cancels the load: it rejects with an AbortError (see {@link PerceptronWorker.cancel}). */
  signal?: AbortSignal;
  /** A ReadableStream's size in bytes, when known (as Dataset.fromStream's option). */
  totalBytes?: number;
}

/** A Dataset read by the worker: it stays in the worker's wasm memory, known by its id. */
export interface WorkerDatasetSummary {
  /** The Dataset's id in this worker: give it to fit and dispose. */
  datasetId: number;
  rows: number;
  cols: number;
  dtype: 'float64' | 'float32';
  featureNames: string[];
  /** The distinct labels, sorted; [] without labels. */
  classes: Label[];
  /** Rows left out for a missing value (missing: 'drop'). */
  droppedRows: number;
  /** Bytes of CSV text read. */
  bytes: number;
}

/** The model options and saved JSON of each kind, by name. */
export interface WorkerModelKinds {
  Perceptron: { options: PerceptronOptions; json: PerceptronJSON };
  MulticlassPerceptron: { options: MulticlassOptions; json: MulticlassJSON };
  KernelPerceptron: { options: KernelOptions; json: KernelJSON };
  Winnow: { options: WinnowOptions; json: WinnowJSON };
  PassiveAggressive: { options: PassiveAggressiveOptions; json: PassiveAggressiveJSON };
}

export interface WorkerFitOptions {
  /** One weight per row, finite and >= 0 (copied to the worker). */
  sampleWeight?: Vector;
  /** Perceptron only: start from these weights. */
  initialWeights?: Vector;
  /** Perceptron only: start from this bias when initialWeights is given. */
  initialBias?: number;
  /** A validation set: a Dataset of this worker by id, or arrays (copied to the worker). */
  validation?: { datasetId: number } | { X: Exclude<Matrix, Dataset>; y?: Labels };
  /**
   * true: the result carries every training step (fit's onStep records). Each step holds a copy
   * of the weights: for small data (lecture examples), not for a 100 MB file.
   */
  trace?: boolean;
  /**
   * Called on the page for every finished epoch, in order (delivered in batches at most every
   * 50 ms). Its return value is ignored: cancel the fit to stop it. If it throws, the fit is
   * cancelled and rejects with that error.
   */
  onEpoch?: (epoch: EpochSummary) => void;
  /** Aborting cancels the fit: it rejects with an AbortError and the model is discarded. */
  signal?: AbortSignal;
}

/** What a fit in the worker gives back: the model as JSON, fit's report, and its main numbers. */
export interface WorkerFitResult<K extends ModelKindName = ModelKindName> {
  modelKind: K;
  /** toJSON()'s object: `pw[modelKind].fromJSON(result.model)` rebuilds the model on the page. */
  model: WorkerModelKinds[K]['json'];
  /** fit's report: the same as `new pw[modelKind](options).fit(dataset)` returns. */
  report: FitReport;
  /** Perceptron, Winnow, PassiveAggressive: the weights; MulticlassPerceptron 'joint': one row per class (null otherwise). */
  weights?: number[] | number[][] | null;
  /** Perceptron, KernelPerceptron, PassiveAggressive. */
  bias?: number;
  /** MulticlassPerceptron 'joint': one bias per class (null otherwise). */
  biases?: number[] | null;
  /** Winnow. */
  threshold?: number;
  /** With trace: true, every step as fit's onStep receives it. */
  trace?: Array<Record<string, unknown>>;
}

/**
 * The page's handle on one worker. Each call is a request answered by a promise; requests run
 * concurrently in the worker. Errors keep their class across the boundary: CsvError (with line
 * and column), TypeError, RangeError, NotFittedError, DisposedError; a cancelled request rejects
 * with a DOMException named 'AbortError'.
 */
export declare class PerceptronWorker {
  private constructor();
  /** The underlying Worker. */
  readonly worker: Worker;
  /**
   * Reads CSV text into a Dataset in the worker. A Blob/File/ReadableStream is streamed (progress,
   * cancellable mid-read); a string or bytes is copied to the worker and read in one call.
   */
  loadCsv(file: WorkerCsvInput, options?: WorkerCsvOptions): Promise<WorkerDatasetSummary>;
  /**
   * Trains `new pw[modelKind](options)` on a Dataset of this worker by fit's own loop (the same
   * weights and report as fit), in slices of ~20 ms so that a cancel stops it quickly.
   */
  fit<K extends ModelKindName>(
    modelKind: K,
    options: WorkerModelKinds[K]['options'] | undefined,
    datasetId: number | { datasetId: number },
    fitOptions?: WorkerFitOptions,
  ): Promise<WorkerFitResult<K>>;
  /** Frees a Dataset of the worker; false when there was none by that id. */
  dispose(datasetId: number | { datasetId: number }): Promise<boolean>;
  /**
   * The worker's wasm memory (as pw.memory()), the number of Datasets it holds, and the number
   * of other requests (loads, fits) under way in it: after a cancel, `requests` drops once the
   * worker has actually stopped.
   */
  memory(): Promise<{ inUse: number; heap: number; total: number; datasets: number; requests: number }>;
  /**
   * Cancels a request (a promise returned by loadCsv or fit, or its id): it rejects at once with
   * an AbortError, and the worker stops it (a streamed load stops reading and frees what it
   * read; a fit stops between two slices; a load from a string or bytes runs to its end and its
   * Dataset is then freed). False when the request was no longer pending.
   */
  cancel(request: Promise<unknown> | number, reason?: unknown): boolean;
  /** Stops the worker now; pending and later calls reject with an AbortError. */
  terminate(): void;
  [Symbol.dispose](): void;
}

export interface CreateWorkerOptions {
  /** Where the worker finds perceptron-core.wasm when it was moved (relative URLs: to the page). */
  wasm?: string | URL | ArrayBuffer | WebAssembly.Module;
  /** A Worker already running perceptron-wasm's worker.js (for bundlers with their own worker syntax). */
  worker?: Worker;
  /** The Worker's name, shown in devtools. */
  name?: string;
}

/**
 * Starts perceptron-wasm's module Worker (`new Worker(new URL('./worker.js', import.meta.url),
 * {type: 'module'})`, which bundlers understand). Throws a TypeError where there is no Worker (Node).
 */
export declare function createWorker(options?: CreateWorkerOptions): PerceptronWorker;
