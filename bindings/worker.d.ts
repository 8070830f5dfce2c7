// Type declarations for perceptron-wasm/worker (bindings/worker-client.js). Hand-written; kept
// true with worker-client.js and worker.js.
//
// Browsers (and Deno) only: createWorker needs a module Web Worker. Under Node the module
// imports, and createWorker throws a TypeError (Node has no global Worker).

/**
 * CSV loading and training in a module Web Worker: {@link createWorker} gives a
 * {@link PerceptronWorker}, whose calls return promises and can be cancelled.
 * @module perceptron-wasm/worker
 */

import type {
  CsvDatasetOptions,
  CsvProgress,
  Dataset,
  DType,
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
  NamedFeatures,
  PassiveAggressiveJSON,
  PassiveAggressiveOptions,
  PerceptronJSON,
  PerceptronOptions,
  StructuredJSON,
  StructuredOptions,
  Vector,
  WinnowJSON,
  WinnowOptions,
} from './index.js';
import type {
  WorkerAdvanceOptions,
  WorkerAdvanceResult,
  WorkerDatasetRef,
  WorkerDocument,
  WorkerEvaluation,
  WorkerExplainInput,
  WorkerExplanation,
  WorkerLattice,
  WorkerMemory,
  WorkerModelRef,
  WorkerSample,
  WorkerSampleOptions,
  WorkerSentence,
  WorkerSequencesArrays,
  WorkerSequencesOptions,
  WorkerRecordsSummary,
  WorkerSequencesSummary,
  WorkerSession,
  WorkerSessionOptions,
  WorkerSessionRef,
  WorkerSessionReset,
  WorkerSplitOptions,
  WorkerTextOptions,
  WorkerTextSummary,
  WorkerTopFeatures,
} from './js/worker-calls.js';
export type * from './js/worker-calls.js';

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

/** A Dataset read or made by the worker: it stays in the worker's wasm memory, known by its id. */
export interface WorkerDatasetSummary {
  /** The Dataset's id in this worker: give it to fit, read and dispose. */
  datasetId: number;
  /** Every summary says its dataset's kind (loadText's: 'text', loadSequences': 'sequences'). */
  kind: 'matrix';
  rows: number;
  cols: number;
  dtype: 'float64' | 'float32';
  featureNames: string[];
  /** The distinct labels, sorted; [] without labels. */
  classes: Label[];
  /** Rows left out for a missing value (missing: 'drop'); 0 for loadArrays. */
  droppedRows: number;
  /** Bytes of CSV text read; 0 for loadArrays. */
  bytes: number;
  /** Whether the values are kept sparse (CSR). */
  sparse: boolean;
  /** With split's indices option: the rows of the dataset split. */
  indices?: number[];
}

/** The summary of any dataset of the worker, by its kind. */
export type WorkerAnySummary = WorkerDatasetSummary | WorkerTextSummary | WorkerRecordsSummary | WorkerSequencesSummary;

export interface WorkerArraysOptions {
  /** One name per column; default 'x1', 'x2', ... */
  featureNames?: ReadonlyArray<string>;
  /** Default 'float64'. 'float32' halves the memory (as Dataset.fromArray's option). */
  dtype?: DType;
  /**
   * Default false: X is copied (structured clone). true: X.data's buffer moves to the worker (X
   * as {data, rows, cols}; X.data is empty afterwards; a WebAssembly.Memory's: DataCloneError).
   */
  transfer?: boolean;
  /** Aborting rejects with an AbortError; the Dataset is discarded. */
  signal?: AbortSignal;
}

/** A Dataset of the worker brought back to the page by {@link PerceptronWorker.read}. */
export interface WorkerDatasetArrays {
  /** A copy of the values, row-major (feature j of row i at data[i * cols + j]), by the Dataset's dtype. */
  data: Float64Array | Float32Array;
  rows: number;
  cols: number;
  /** The labels in their original values, one per row; null for a Dataset without labels. */
  labels: Label[] | null;
  featureNames: string[];
  /** The distinct labels, sorted; [] without labels. */
  classes: Label[];
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
   * true: the result carries every training step (fit's onStep records); n (an integer >= 1):
   * the first n steps only (result.traceTruncated says when there were more; training after
   * them runs at full speed). Each step holds a copy of the weights: for small data (lecture
   * examples), not for a 100 MB file.
   */
  trace?: boolean | number;
  /**
   * Called on the page for every finished epoch, in order (delivered in batches at most every
   * 50 ms). Its return value is ignored: cancel the fit to stop it. If it throws, the fit is
   * cancelled and rejects with that error. MulticlassPerceptron 'ovr'/'ovo' train their binary
   * models one after the other: their epochs come when training ends, merged as fit's report
   * has them (epoch k of every binary model), without epochWeights or trainError.
   */
  onEpoch?: (epoch: WorkerEpochEvent) => void;
  /**
   * Adds the model's predicting weights at the end of an epoch to onEpoch's events (needs
   * onEpoch), for a replay of the training: Perceptron and PassiveAggressive `weights`/`bias`,
   * MulticlassPerceptron 'joint' `weights`/`biases`, Winnow `weights`/`negativeWeights`/
   * `threshold` (as the model's getters give them; KernelPerceptron and 'ovr'/'ovo': none).
   * They are the weights that predict (model.weights), which are fit's onEpoch weights for the
   * classic variant (averaged: the average, pocket: the pocket, voted: the last vector).
   * - true: every epoch's event;
   * - n (an integer >= 1): about n evenly spaced epochs however long training runs: epoch e's
   *   event carries them when e is a multiple of s(e), the smallest power of two with
   *   e <= s(e) * n (every epoch up to n, every 2nd up to 2n, every 4th up to 4n...). Keeping,
   *   at the end, epoch 1, the multiples of s(last epoch) and the last epoch leaves at most
   *   n + 2 evenly spaced ones.
   * The last epoch's event always carries them: the weights training ends with (with a
   * validation set, the kept epoch's model, which fit restores as training ends).
   */
  epochWeights?: boolean | number;
  /**
   * true: each onEpoch event carries `trainError`, the predicting model's error rate on the
   * training Dataset at the end of that epoch (1 - model.score(X, y), the number fit's
   * validation reports), without changing the training (needs onEpoch; one extra prediction
   * pass per epoch). With a validation set (or earlyStopping) fit reports trainError and
   * validationError itself, on every epoch, whatever this option says.
   */
  trainError?: boolean;
  /**
   * Called on the page as training goes: the steps, the last step's epoch and the mistakes so
   * far, at most every 50 ms and once at the end (within an epoch too, on big data).
   */
  onProgress?: (progress: { t: number; epoch: number; mistakes: number }) => void;
  /** Aborting cancels the fit: it rejects with an AbortError and the model is discarded. */
  signal?: AbortSignal;
}

/** An epoch as onEpoch gets it: fit's epoch summary, with the model as the epoch left it when asked. */
export interface WorkerEpochEvent extends EpochSummary {
  /** With epochWeights: Perceptron, Winnow, PassiveAggressive (one row per class for more than two). */
  weights?: number[] | number[][];
  /** With epochWeights: Perceptron, PassiveAggressive (one per class for more than two). */
  bias?: number | number[];
  /** With epochWeights: MulticlassPerceptron 'joint'. */
  biases?: number[];
  /** With epochWeights: Winnow (balanced: w-; basic: []). */
  negativeWeights?: number[];
  /** With epochWeights: Winnow. */
  threshold?: number;
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
  /** Winnow: w- (balanced), [] (basic). */
  negativeWeights?: number[];
  /** Winnow. */
  threshold?: number;
  /** With trace, every step (the first n with trace: n) as fit's onStep receives it. */
  trace?: Array<Record<string, unknown>>;
  /** With trace: n, true when training took more than n steps. */
  traceTruncated?: true;
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
   * Makes a Dataset in the worker from arrays, as Dataset.fromArray does (X: number[][],
   * {data, rows, cols}, or sparse rows {indptr, indices, values, cols}: a sparse Dataset; y:
   * numbers or strings, one per row), copied to the worker (or moved: option transfer, for
   * {data, rows, cols}). Resolves to loadCsv's summary (droppedRows and bytes 0). Errors name the
   * argument: TypeError for a wrong type (X, y, X[i][j], featureNames), RangeError for a wrong
   * value or shape (NaN or Infinity at X[i][j], ragged rows, y's length, featureNames' length).
   * X as records {name: value} (y required): a 'records' dataset, checked as fit checks records.
   */
  loadArrays(X: readonly NamedFeatures[], y: Labels, options?: { signal?: AbortSignal }): Promise<WorkerRecordsSummary>;
  loadArrays(
    X: Exclude<Matrix, Dataset | ReadonlyArray<NamedFeatures>>,
    y?: Labels | null,
    options?: WorkerArraysOptions,
  ): Promise<WorkerDatasetSummary>;
  /**
   * A Dataset of this worker back on the page: a copy of its values (the buffer is handed over,
   * not copied twice) and its labels, to draw the points of a file read by loadCsv.
   */
  read(datasetId: number | { datasetId: number }): Promise<WorkerDatasetArrays>;
  /**
   * Trains `new pw[modelKind](options)` on a Dataset of this worker by fit's own loop (the same
   * weights and report as fit), in slices of ~20 ms so that a cancel stops it quickly. Each
   * slice pauses at an epoch's end, so onEpoch's events can carry that epoch's model
   * (epochWeights, trainError).
   */
  fit<K extends ModelKindName>(
    modelKind: K,
    options: WorkerModelKinds[K]['options'] | undefined,
    datasetId: number | { datasetId: number },
    fitOptions?: WorkerFitOptions,
  ): Promise<WorkerFitResult<K>>;
  /** The structured perceptron trained on a sequences dataset (its trainer in slices: cancellable); onEpoch's events carry tokenAccuracy. */
  fit(
    modelKind: 'StructuredPerceptron',
    options: StructuredOptions | undefined,
    datasetId: WorkerDatasetRef,
    fitOptions?: Pick<WorkerFitOptions, 'onProgress' | 'signal'> & {
      onEpoch?: (epoch: EpochSummary & { tokenAccuracy: number }) => void;
    },
  ): Promise<{ modelKind: 'StructuredPerceptron'; model: StructuredJSON; report: FitReport }>;
  /** A CSV's text column as a bag of words in the worker (pw.text.bagOfWords); the documents and vocabulary stay there. */
  loadText(file: WorkerCsvInput, options?: WorkerTextOptions): Promise<WorkerTextSummary>;
  /** Tagged sentences in the worker: CoNLL text (a bad line is a CsvError at its line and column) or arrays. */
  loadSequences(
    input: WorkerCsvInput | WorkerSequencesArrays,
    options?: WorkerSequencesOptions,
  ): Promise<WorkerSequencesSummary>;
  /** What the page draws of a matrix dataset: a seeded sample's coordinates (PCA over every row, or two columns) and labels. */
  sample(datasetId: WorkerDatasetRef, options?: WorkerSampleOptions): Promise<WorkerSample>;
  /**
   * Splits a dataset as the page splits its own data: pw.modelSelection.split on the labels (seed
   * 0 by default), each part's rows ascending, as new datasets of the same kind (null when empty).
   */
  split(
    datasetId: WorkerDatasetRef,
    options?: WorkerSplitOptions,
  ): Promise<{ train: WorkerAnySummary; validation: WorkerAnySummary | null; test: WorkerAnySummary | null }>;
  /** A text dataset's document, its label and its words with their places and columns. */
  document(datasetId: WorkerDatasetRef, row: number): Promise<WorkerDocument>;
  /** A sequences dataset's sentence: its words, token features and tags. */
  sentence(datasetId: WorkerDatasetRef, index: number): Promise<WorkerSentence>;
  /**
   * A model and its trainer (model.trainer, fit's loop) over a dataset of the worker, for Step,
   * Epoch and Play: 'StructuredPerceptron' on a sequences dataset, any other kind on a matrix or
   * text dataset. The dataset cannot be disposed while the session is open.
   */
  session(
    modelKind: ModelKindName | 'StructuredPerceptron',
    options: object | undefined,
    datasetId: WorkerDatasetRef,
    sessionOptions?: WorkerSessionOptions,
  ): Promise<WorkerSession>;
  /**
   * Steps a session: one step, `steps` steps, or to the end of the epoch, in slices of ~20 ms
   * (cancellable). The records are the trainer's, with `changes` (what the update changed).
   */
  advance(session: WorkerSessionRef, options?: WorkerAdvanceOptions): Promise<WorkerAdvanceResult>;
  /** A session's model and trainer from zero again (an advance under way is stopped first). */
  reset(session: WorkerSessionRef): Promise<WorkerSessionReset>;
  /**
   * The session's model becomes `model` (Train's result.model): evaluate, topFeatures, explain and
   * lattice read it. A Perceptron's training goes on from its weights (warmStart); the other
   * kinds start over from zero at the next advance (as Step after Train does on the page).
   */
  adopt(session: WorkerSessionRef, model: object): Promise<WorkerSessionReset>;
  /** Frees a session; false when it was closed already. */
  closeSession(session: WorkerSessionRef): Promise<boolean>;
  /** Accuracy and confusion matrix of a model on a labelled dataset (sequences: token accuracy and the tags' confusion). */
  evaluate(model: WorkerModelRef, datasetId: WorkerDatasetRef): Promise<WorkerEvaluation>;
  /** The k (default 10) largest positive and most negative weights, named; per class ({classes}) for more than two classes. */
  topFeatures(
    model: WorkerModelRef,
    options?: { k?: number },
  ): Promise<WorkerTopFeatures | { classes: WorkerTopFeatures[] }>;
  /** A row's contributions w_i x_i, sorted by |contribution|; their sum plus the bias is the score. */
  explain(model: WorkerModelRef, row: WorkerExplainInput, options?: { class?: Label }): Promise<WorkerExplanation>;
  /** explain(model, {datasetId, row}) in short. */
  explain(model: WorkerModelRef, datasetId: WorkerDatasetRef, row: number): Promise<WorkerExplanation>;
  /** A sentence's lattice under a StructuredPerceptron session's model (sp.lattice), with its words and gold tags. */
  lattice(session: WorkerSessionRef, datasetId: WorkerDatasetRef, index: number): Promise<WorkerLattice>;
  /** Frees a Dataset of the worker; false when there was none by that id. */
  dispose(datasetId: number | { datasetId: number }): Promise<boolean>;
  /**
   * The worker's wasm memory (as pw.memory()), the number of Datasets it holds, and the number
   * of other requests (loads, fits) under way in it: after a cancel, `requests` drops once the
   * worker has actually stopped.
   */
  memory(): Promise<WorkerMemory>;
  /**
   * Cancels a request (a promise returned by loadCsv, loadArrays, read or fit, or its id): it
   * rejects at once with an AbortError, and the worker stops it (a streamed load stops reading
   * and frees what it read; a fit stops between two slices; a load from a string, bytes or
   * arrays runs to its end and its Dataset is then freed). False when the request was no
   * longer pending.
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
  /**
   * 'page': no Worker; the same requests answered on the page's own thread (the same results,
   * training in slices of about 20 ms), for pages whose Content-Security-Policy lets no Worker
   * start. Default 'worker'.
   */
  thread?: 'worker' | 'page';
}

/**
 * Starts perceptron-wasm's module Worker (`new Worker(new URL('./worker.js', import.meta.url),
 * {type: 'module'})`, which bundlers understand). Served from another origin (a CDN), the package
 * starts it through a `blob:` module that imports its worker.js (the page's Content-Security-Policy
 * needs `blob:` in worker-src); where the Worker cannot start at all, its requests reject with an
 * Error whose message begins `perceptron-wasm worker failed to start`, and `{thread: 'page'}`
 * answers them on the page instead. Throws a TypeError where there is no Worker (Node).
 */
export declare function createWorker(options?: CreateWorkerOptions): PerceptronWorker;
