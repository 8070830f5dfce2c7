// Type declarations for perceptron-wasm. Hand-written; kept true with bindings/index.js.

/**
 * The perceptron family as the lecture notes teach it, compiled to WebAssembly: `await load()`
 * gives the API ({@link PerceptronWasm}). The README has the guide; this reference lists every
 * class, option, default and error.
 * @module perceptron-wasm
 */

// Symbol.dispose (explicit resource management, TypeScript 5.2+) is declared here too, so that
// the types compile under any target and lib, as @types/node does: with lib esnext (or
// esnext.disposable) this merges with TypeScript's own declaration.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** A label: any number or string. A model's labels are all numbers or all strings. */
export type Label = number | string;

/**
 * A feature matrix: one row per example, one column per feature.
 * - `number[][]` (rows of equal length),
 * - `{data, rows, cols}` with `data` a row-major Float64Array/Float32Array of rows * cols
 *   values (feature j of example i at `data[i * cols + j]`), or
 * - a {@link Dataset}, already in wasm memory: passed without copying, and carrying its labels,
 *   so `y` may be left out wherever a Dataset with labels is given.
 * Every value must be a finite number. Arrays are copied into wasm memory once per call.
 */
export type Matrix =
  | ReadonlyArray<ReadonlyArray<number> | Float64Array | Float32Array>
  | { data: Float64Array | Float32Array; rows: number; cols: number }
  | SparseMatrix
  | ReadonlyArray<NamedFeatures>
  | Dataset;

/**
 * One row as named features, wink-perceptron's shape: `{word: count}`. Rows given as records
 * are mapped to columns by the model: a vocabulary of every name seen at fit (or at the first
 * partialFit), sorted by code point and saved in its JSON (`vocabulary`; names not in it are
 * left out later), or, with the hashing option, by hashing the names. They train as sparse rows.
 */
export type NamedFeatures = Readonly<Record<string, number>>;

/**
 * Feature hashing for named features and streams, as scikit-learn's HashingVectorizer (with
 * alternate_sign): with h the MurmurHash3_x86_32 of the name's UTF-8 with seed 0, read as a
 * signed 32-bit integer, the name goes to column |h| mod 2^bits (h = -2^31 to column 0) and its
 * value is negated when h < 0. Values sharing a column add up. bits: an integer from 1 to 24.
 */
export interface Hashing {
  bits: number;
}

/**
 * Sparse rows in CSR form: row i's values are values[indptr[i]] .. values[indptr[i + 1] - 1], at
 * the columns indices[indptr[i]] .. (below cols, in any order: a row is sorted and a repeated
 * column's values added up, as a dense copy holds them); every other value is 0. Given as X
 * anywhere (or kept by Dataset.fromSparse), every linear model trains on it with work
 * proportional to the values stored, to the very bits it gets from the same values dense.
 * RangeError naming the position (`X.indices[4] = 9 must be below cols = 8 (row 1)`) for a
 * broken structure.
 */
export interface SparseMatrix {
  /** rows + 1 offsets into indices and values, from 0 to the values stored. */
  indptr: Uint32Array | Int32Array | ReadonlyArray<number>;
  indices: Uint32Array | Int32Array | ReadonlyArray<number>;
  values: Float64Array | Float32Array | ReadonlyArray<number>;
  cols: number;
  /** Optional: checked against indptr's length when given. */
  rows?: number;
}

import type { CsvApi, CsvDatasetOptions, CsvError, CsvInput, CsvStreamOptions, CsvStreamSource } from './js/csv.js';
export type {
  CsvApi,
  CsvColumnGuess,
  CsvDatasetOptions,
  CsvDialectOptions,
  CsvInput,
  CsvParseOptions,
  CsvProgress,
  CsvStreamOptions,
  CsvStreamSource,
  CsvTable,
  NodeReadableLike,
} from './js/csv.js';
export { CsvError } from './js/csv.js';
import type { StructuredPerceptronClass } from './js/structured-perceptron.js';
export type {
  SequenceStep,
  StructuredJSON,
  StructuredOptions,
  StructuredPerceptron,
  StructuredPerceptronClass,
  Tag,
  Token,
} from './js/structured-perceptron.js';

/** How a Dataset stores its values. float32 halves the memory, and models train and score on it in float32 arithmetic (weights stay float64). */
export type DType = 'float64' | 'float32';

/**
 * A matrix and its labels inside wasm memory: filled once, then given to every fit, predict,
 * score, analysis, preprocessing and model-selection call without copying. Splits of a Dataset
 * (modelSelection.split, kFold) are Datasets sharing its values. Dispose it when done (or use
 * `using`); a FinalizationRegistry frees it eventually otherwise. A disposed Dataset throws a
 * DisposedError wherever it is passed.
 */
export interface Dataset {
  readonly rows: number;
  readonly cols: number;
  readonly dtype: DType;
  /** One name per column: those given, or 'x1', 'x2', ... */
  readonly featureNames: string[];
  /** A copy of the labels in their original values; null when the dataset has none. */
  readonly labels: Label[] | null;
  /** The distinct labels, sorted (numbers numerically, strings by code point); [] without labels. */
  readonly classes: Label[];
  /** Rows of a CSV file left out for a missing value (missing: 'drop'); 0 otherwise. */
  readonly droppedRows: number;
  /** Whether the values are kept in CSR form (fromSparse): only the non-zeros are stored. */
  readonly sparse: boolean;
  /** The values stored: rows * cols, or a sparse Dataset's entries (explicit zeros included; toSparse leaves them out). */
  readonly stored: number;
  /**
   * A copy of the values: a Float64Array or Float32Array (by dtype), row-major; a sparse Dataset
   * spread out (a RangeError naming the bytes when that does not fit).
   */
  toArray(): { data: Float64Array | Float32Array; rows: number; cols: number };
  /** A copy of the values that are not 0, in CSR form (the values in the Dataset's dtype). */
  toSparse(): {
    indptr: Uint32Array;
    indices: Uint32Array;
    values: Float64Array | Float32Array;
    rows: number;
    cols: number;
  };
  dispose(): void;
  [Symbol.dispose](): void;
}

/** The kinds of Dataset.generate. */
export type GeneratedKind = 'separable' | 'gaussians' | 'xor' | 'circles' | 'spiral' | 'blobs';

export interface DatasetClass {
  /**
   * A Dataset from number[][] (shape optional; checked when given), from a Float64Array or
   * Float32Array with its shape {rows, cols}, or from {data, rows, cols}. Copies once.
   * RangeError when a value is not finite (naming row and column), beyond float32's range with
   * dtype 'float32', when a count of {rows, cols} is not a non-negative integer, or when the
   * matrix does not fit in wasm memory (at most 4 GB; naming the bytes asked for). TypeError for
   * BigInt arrays, and for feature names that are not well-formed strings.
   */
  fromArray(
    X: Exclude<Matrix, Dataset> | Float64Array | Float32Array,
    shape?: { rows: number; cols: number },
    labels?: Labels,
    options?: { dtype?: DType; featureNames?: ReadonlyArray<string> },
  ): Dataset;
  /**
   * A sparse Dataset from CSR rows (see SparseMatrix): only the non-zeros are copied and kept
   * (values rounded to float32 with dtype 'float32'). Every model trains on it and gives the
   * dense bits; the analysis, `preprocess` and `toArray` spread the rows out (O(rows x cols)).
   */
  fromSparse(
    X: SparseMatrix,
    labels?: Labels,
    options?: { dtype?: DType; featureNames?: ReadonlyArray<string> },
  ): Dataset;
  /**
   * A Dataset from CSV text, read by the core in chunks straight into wasm memory: features
   * (numbers, read exactly as Number() reads them) and labels, featureNames from the header.
   * Every problem in the file is a CsvError with its line and column.
   */
  fromCsv(input: CsvInput, options?: CsvDatasetOptions): Dataset;
  /**
   * The same from a stream, chunk by chunk (chunks may split anything: a quoted field, a CRLF,
   * a UTF-8 character); the whole text is never held.
   */
  fromStream(source: CsvStreamSource, options?: CsvStreamOptions): Promise<Dataset>;
  /**
   * A seeded 2-D dataset in about [-1, 1]^2, the same points to the bit in Node and every
   * browser for the same arguments (integer randomness, + - * / sqrt only):
   * - 'separable': uniform points, none closer than `margin` (default 0.1, at most 0.5) to a
   *   random line; labels -1 and +1;
   * - 'gaussians' (two clouds), 'xor' (quadrants), 'circles' (a disc in a ring), 'spiral' (two
   *   arms): labels -1 and +1, spread by `noise` (default 0.1, 0 to 1);
   * - 'blobs': three clouds, labels 0, 1, 2.
   * `rows` 1 to 1,000,000 (default 100), `seed` an integer (default 0).
   */
  generate(kind: GeneratedKind, options?: { rows?: number; seed?: number; margin?: number; noise?: number }): Dataset;
  readonly prototype: Dataset;
}

/** Labels, one per row: an array of numbers or of strings, or a typed array of numbers. */
export type Labels = ReadonlyArray<Label> | ArrayLike<number>;

/** A feature vector for one example. */
export type Vector = ReadonlyArray<number> | ArrayLike<number>;

/**
 * When an example is a mistake (and triggers an update), and what is predicted.
 * - `'margin'`: update iff y * (w.x + b) <= 0, so a score of exactly 0 is always a mistake
 *   (Novikoff's proof; the CMU online algorithm). Predicts +1 iff w.x + b >= 0.
 * - `'sign'`: predict +1 iff w.x + b >= 0 (CMU's sign(a)); update iff prediction != y.
 * - `'strict'`: predict +1 iff w.x + b > 0 (Blum's w.x > 0); update iff prediction != y.
 */
export type MistakeRule = 'margin' | 'sign' | 'strict';

/**
 * The order in which `fit` visits the examples.
 * - `'cyclic'`: the given order, every epoch.
 * - `'shuffle'`: a new uniform permutation of 0..n-1 each epoch (Fisher-Yates from PCG32).
 * - `'sample'`: `maxSteps` uniform draws with replacement (IIIT-H notes' "draw at random
 *   for T steps"); reported in blocks of n draws called epochs.
 */
export type Order = 'cyclic' | 'shuffle' | 'sample';

/**
 * The member of the perceptron family: the training loop is the same, what predicts differs.
 * - `'classic'`: the current weights (Rosenblatt).
 * - `'averaged'`: the average of the weights after every step (the Paris-Sud notes' running
 *   sum a += w), kept with the counter trick: a correct step costs O(1).
 * - `'voted'`: every weight vector with its survival count; predicts by the count-weighted
 *   vote of their signs (Freund and Schapire 1999); see {@link Perceptron.votedVectors}. It
 *   keeps one vector per mistake, so its memory grows with the mistakes (the CMU notes' "memory
 *   intensive"); prefer 'averaged' for long runs on data no line separates.
 * - `'pocket'`: the weights with the longest run of correct steps whose training accuracy is
 *   strictly better than the pocket's (Gallant's pocket with ratchet); with learnOne (no
 *   training set) the run alone decides.
 */
export type Variant = 'classic' | 'averaged' | 'voted' | 'pocket';

/**
 * Options of `new Perceptron(options)`. Every option is optional; an unknown name, a wrong
 * type or an out-of-range value throws (TypeError for the name or type, RangeError for
 * the value), naming the option, what it expects and what it received. `undefined` means
 * the default.
 */
export interface PerceptronOptions {
  /** Default `'classic'`: Rosenblatt's perceptron, the last weights predict. */
  variant?: Variant;
  /** Default `'margin'`. See {@link MistakeRule}. */
  mistakeRule?: MistakeRule;
  /** Default `'cyclic'`. See {@link Order}. */
  order?: Order;
  /** Default 1. eta > 0, finite: on a mistake w += eta * y * x and b += eta * y. */
  learningRate?: number;
  /**
   * Default 0. tau >= 0, finite. When > 0, a step updates iff y * (w.x + b) <= tau (the margin
   * perceptron), whatever the mistake rule, which then only decides predictions.
   */
  margin?: number;
  /** Default true. Learn the bias b; false keeps b at its initial value (0), as in the CMU example. */
  fitIntercept?: boolean;
  /** Default 100. Integer from 1 to 2^53 - 1: at most this many epochs (passes). */
  maxEpochs?: number;
  /** Default maxEpochs * rows. Order `'sample'` only: the number of draws, integer >= 1. */
  maxSteps?: number;
  /**
   * Default 0. Integer from 0 to 2^53 - 1 seeding PCG32 (pcg32_srandom_r(seed,
   * 0xda3e39cb94b95bdb >> 1)), used by `'shuffle'` and `'sample'`. The same seed gives
   * bit-identical weights natively, in Node and in every browser.
   */
  seed?: number;
  /** Default false. When true, `fit` continues from the current weights and step count. */
  warmStart?: boolean;
  /**
   * Default false. Hold out `validationFraction` of the training data (stratified: that
   * fraction of each class, chosen by Fisher-Yates from PCG32(seed)), measure the training and
   * validation error after every epoch, keep the model of the epoch with the lowest validation
   * error (the earliest on ties) and stop after `patience` epochs without a lower one (the
   * Paris-Sud notes: keep the parameters with the lowest validation error). fit's
   * `validation` option gives the set explicitly instead.
   */
  earlyStopping?: boolean;
  /** Default 0.1. In (0, 1). */
  validationFraction?: number;
  /** Default 5. Integer >= 1: epochs without a lower validation error before stopping. */
  patience?: number;
  /**
   * Default none (every class 1). Per-label costs that scale the update of an example of that
   * class (with two classes: the false-negative / false-positive costs of the notes).
   * `{label: weight}` with finite weights >= 0 (object keys are strings: `{'-1': 1, 1: 5}`;
   * a key that is not a class throws at fit), or `'balanced'`: n / (2 * count of the class),
   * which learnOne refuses (it needs the whole training set).
   */
  classWeight?: 'balanced' | Readonly<Record<string, number>>;
  /**
   * Default none. Scale the features (every model kind takes it): fit fits a scaler on its X
   * ('standardize': (x - mean) / sd; 'minMax': into [0, 1]; 'unitBall': x / max ||x||; a
   * constant feature becomes 0), and every later input (predict, score, partialFit, learnOne,
   * a validation set) is scaled with it; toJSON saves it. partialFit fits it on the first batch
   * when fit has not; learnOne needs it fitted.
   */
  preprocess?: Scaling;
  /** Default none: named features (records) get a vocabulary at fit; with it, hashed columns. */
  hashing?: Hashing;
}

/** The feature scalings of the preprocess option and pw.preprocessing. */
export type Scaling = 'standardize' | 'minMax' | 'unitBall';

/** Every option with its value in effect. `maxSteps` is absent when it is the default. */
export type ResolvedOptions = Required<Omit<PerceptronOptions, 'maxSteps' | 'classWeight' | 'hashing'>> & {
  maxSteps?: number;
  classWeight?: PerceptronOptions['classWeight'];
  hashing?: Hashing;
};

/** One step of training, as the lecture notes' traces list it. */
export interface TraceStep {
  /** 1-based count of steps since training started (continues across learnOne calls). */
  t: number;
  /** 1-based epoch in `fit`; 0 for `learnOne`, which has no epochs. */
  epoch: number;
  /** The example's row in X (for learnOne: t - 1, its place in the stream). */
  index: number;
  /** w.x + b before the update. */
  score: number;
  /** The predicted label (one of the model's classes) under the mistake rule. */
  prediction: Label;
  /** The true label. */
  label: Label;
  /** The prediction as +1 / -1. */
  predictionSign: 1 | -1;
  /** The label as +1 / -1 (the second class is +1). */
  labelSign: 1 | -1;
  /** Whether this step updated the weights. */
  mistake: boolean;
  /** The weights after the step (a copy). */
  weights: number[];
  /** The bias after the step. */
  bias: number;
}

export interface EpochSummary {
  epoch: number;
  /** Steps in this epoch (n, or fewer for the last block of 'sample'). */
  steps: number;
  /** Mistakes (updates) in this epoch. */
  mistakes: number;
  /** With a validation set: the predicting model's error rate on the training examples. */
  trainError?: number;
  /** With a validation set: its error rate on the validation examples. */
  validationError?: number;
}

export interface EpochEvent extends EpochSummary {
  /** The weights at the end of the epoch (a copy). */
  weights: number[];
  bias: number;
}

export interface FitOptions {
  /** Called after every step. Return `false` to stop training there (the weights are kept). */
  onStep?: (step: TraceStep) => boolean | void;
  /** Called after every epoch. Return `false` to stop training there. */
  onEpoch?: (epoch: EpochEvent) => boolean | void;
  /**
   * Aborts training: fit throws the signal's reason (an `AbortError` DOMException unless the
   * reason is one) and the model is as it was before the call. fit runs on this thread, so the
   * signal is looked at before training and after every callback (after every epoch when there
   * is none): a callback can abort it, a button or a timer cannot until fit returns. To stop
   * training from outside, drive a {@link Trainer} between frames or fit in `perceptron-wasm/worker`.
   */
  signal?: AbortSignal;
  /** Start from these weights (one per feature, finite) instead of zero. */
  initialWeights?: Vector;
  /** Start from this bias (default 0) when initialWeights is given. */
  initialBias?: number;
  /** One weight per row, finite and >= 0, scaling that example's update (times classWeight). */
  sampleWeight?: Vector;
  /**
   * A validation set with y's classes: measured after every epoch; the epoch with the lowest
   * validation error is kept and training stops after `patience` epochs without a lower one
   * (whether or not earlyStopping is set). All of X trains.
   */
  validation?: { X: Matrix; y?: Labels };
}

/** The step every trainer knows: its count, epoch, row, and whether it updated the model. */
export interface TrainerStep {
  t: number;
  /** The epoch of the step (ovr/ovo: of its binary model, counting from 1 in each). */
  epoch: number;
  index: number;
  mistake: boolean;
  /** ovr/ovo: the binary model the step trained (class order for ovr, pair order for ovo). */
  model?: number;
}

/** A trainer's progress: steps and mistakes so far, the last step's epoch, convergence. */
export interface TrainerState {
  t: number;
  epoch: number;
  mistakes: number;
  /** As fit's report says it, once an epoch decided it (ovr/ovo: once every binary model trained). */
  converged: boolean;
  /**
   * Training ended (converged, maxEpochs, the last 'sample' block, early stopping): true from the
   * call that took the last step on; step() and finishEpoch() then return null.
   */
  done: boolean;
  /** ovr/ovo: the binary model of the last step. */
  model?: number;
}

/**
 * fit's training driven step by step (`model.trainer(X, y, options)`): the very loop fit runs,
 * so driven to its end in any slices it leaves exactly fit's model and report. The model shows
 * the training so far between calls (its weights, predict). A model has one trainer at a time:
 * anything that changes the model (fit, partialFit, learnOne, another trainer, dispose) ends it,
 * and its methods then throw a DisposedError.
 */
export interface Trainer<Step = TrainerStep> {
  /**
   * One step: its trace record (as fit's onStep gets it: its weights are those after the step,
   * even when a validation set's best epoch was put back after it), or null once training ended.
   */
  step(): Step | null;
  /**
   * Runs to the end of the current epoch (a whole epoch when one has just ended) and returns it
   * (with trainError and validationError when validating; ovr/ovo: with its binary `model`), or
   * null once training ended.
   */
  finishEpoch(): (EpochSummary & { model?: number }) | null;
  /** The last epoch that ended (as finishEpoch returns it); null before the first one ends. */
  readonly lastEpoch: (EpochSummary & { model?: number }) | null;
  /**
   * Runs at most maxSteps steps (default: to the end); the report so far, fit's once ended.
   * ovr/ovo before the end: every step so far (the binary model in progress included), history
   * with every finished epoch, converged false.
   */
  run(options?: { maxSteps?: number }): FitReport;
  readonly state: TrainerState;
}

/** fit's options without the callbacks and the signal: a trainer's caller sees every step itself. */
export type TrainerOptions = Omit<FitOptions, 'onStep' | 'onEpoch' | 'signal'>;

export interface PartialFitOptions {
  /** Required on the first call: every class the model will see (two for Perceptron). */
  classes?: ReadonlyArray<Label>;
  /** One weight per row, finite and >= 0. */
  sampleWeight?: Vector;
}

export interface FitReport {
  epochs: number;
  steps: number;
  mistakes: number;
  /**
   * 'cyclic'/'shuffle': an epoch ended without a mistake. 'sample': at the end of a block
   * of draws the weights made no mistake on any training example.
   */
  converged: boolean;
  /** A callback returned false. */
  stopped: boolean;
  history: EpochSummary[];
  /** With a validation set: the epoch whose model was kept. */
  bestEpoch?: number;
  /** With a validation set: patience ran out before maxEpochs. */
  stoppedEarly?: boolean;
  /** history keeps the first 2^20 epochs; true when later ones were left out. */
  historyTruncated?: true;
}

export interface LearnOneOptions {
  /**
   * The two classes, required on the first call of a model that has not learned yet unless
   * y is -1 or 1 (then the classes are [-1, 1]). Later calls may repeat the same classes.
   */
  classes?: ReadonlyArray<Label>;
}

/** fit's options for the kinds not traced step by step (kernel, Winnow, Passive-Aggressive). */
export interface BatchFitOptions {
  /**
   * Called after every epoch (the model can be read inside: weights, predict). Return `false`
   * to stop training there (the model so far is kept, or the best validation epoch's); throw to
   * abort (fit rethrows, the model as before the call).
   */
  onEpoch?: (epoch: EpochSummary) => boolean | void;
  /**
   * Aborts training: fit throws the signal's reason (an `AbortError` DOMException unless the
   * reason is one) and the model is as it was before the call. fit runs on this thread, so the
   * signal is looked at before training and after every callback (after every epoch when there
   * is none): a callback can abort it, a button or a timer cannot until fit returns. To stop
   * training from outside, drive a {@link Trainer} between frames or fit in `perceptron-wasm/worker`.
   */
  signal?: AbortSignal;
  /** One weight per row, finite and >= 0, scaling that example's update (times classWeight). */
  sampleWeight?: Vector;
  /** As for Perceptron.fit. */
  validation?: { X: Matrix; y?: Labels };
}

/**
 * What every model kind is: Perceptron, MulticlassPerceptron, KernelPerceptron, Winnow and
 * PassiveAggressive each extend Model with their own options (`Options`, as the `options`
 * getter returns them), saved object (`Json`), fit options (`Fit`), trainer step (`Step`) and
 * decisionFunction result (`Scores`), and add getters of their own.
 *
 * Errors: every method throws TypeError (wrong kind or shape: X not an array, a string in X,
 * an unknown option, labels mixing numbers and strings), RangeError (a value out of range:
 * NaN or Infinity in X, empty X, ragged rows, X and y of different lengths, a wrong number of
 * classes, a feature count different from fit, a label outside the classes),
 * {@link NotFittedError} (predict/decisionFunction/score before the model learned) or
 * {@link DisposedError} (any call after dispose). Messages name the argument, the expected
 * and the received value. A call that throws leaves the model exactly as it was.
 */
export interface Model<Options, Json, Fit = BatchFitOptions, Step = TrainerStep, Scores = Float64Array> {
  /**
   * Trains on X, y (y may be left out when X is a Dataset with labels) until an epoch without a
   * mistake or maxEpochs (maxSteps for 'sample'). Labels: sorted, the first is the negative
   * class. If a callback throws, fit rethrows it and the model is as it was before the call.
   * Training that overflows (a weight becomes Infinity or NaN: a huge learning rate, sample
   * weights or features) is a RangeError naming the number, the model as it was before the call;
   * partialFit, learnOne and a trainer's run() and finishEpoch() check the same (step() does not).
   */
  fit(X: Matrix, y?: Labels, options?: Fit): FitReport;

  /** fit's training to drive step by step; checked and set up, no step taken. */
  trainer(X: Matrix, y?: Labels, options?: Omit<Fit, 'onStep' | 'onEpoch' | 'signal'>): Trainer<Step>;

  /**
   * One pass over a batch, continuing from the current state (data arriving in batches). The
   * first call of a model that has not learned needs `classes` (two for the binary kinds, at
   * least two for the others); later batches' labels must be among them (RangeError otherwise),
   * and may miss some; `classes` given again must be the model's. The k-th batch is visited in the
   * order visitOrder gives for seed + steps so far. Not with classWeight 'balanced'.
   */
  partialFit(X: Matrix, y?: Labels, options?: PartialFitOptions): FitReport;

  /** Predicted labels, in the values given at fit. */
  predict(X: Matrix): Label[];

  /** The scores: one per row, or one array per row for the kinds with a score per class. */
  decisionFunction(X: Matrix): Scores;

  /** Accuracy on X, y; every label must be one of the model's classes. */
  score(X: Matrix, y?: Labels): number;

  /** A copy of the classes, sorted (empty before the model learned). */
  readonly classes: Label[];
  readonly nFeatures: number;
  /** Steps taken since training started. */
  readonly steps: number;
  readonly fitted: boolean;
  /** A copy of the options in effect, every one of them. */
  readonly options: Options;

  /** A versioned plain object; JSON.stringify(model) uses it. Round-trips exactly. */
  toJSON(): Json;

  /** Frees the wasm memory now; idempotent. A FinalizationRegistry frees it eventually otherwise. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/** A model kind's class: `new pw.Kind(options?)` and the static fromJSON. */
export interface ModelKind<M, Options, Json> {
  new (options?: Options): M;
  /**
   * Rebuilds a model from `toJSON()`'s object or its JSON text. A malformed or tampered object
   * (wrong format or version, wrong lengths, non-finite numbers, bad options) throws a
   * TypeError or RangeError naming the field.
   */
  fromJSON(json: Json | string): M;
  readonly prototype: M;
}

/** The object of `toJSON()`, read back by `Perceptron.fromJSON`. */
export interface PerceptronJSON {
  format: 'perceptron-wasm/Perceptron';
  version: 1;
  options: ResolvedOptions;
  /** Sorted; the first is the negative class. Empty before the model learned. */
  classes: Label[];
  nFeatures: number;
  /** The names of the columns, when the model was fitted on named features (records). */
  vocabulary?: string[];
  /** The current (training) weights and bias, so learning continues exactly after loading. */
  weights: number[];
  bias: number;
  steps: number;
  /** The variant's own state (averaged sums, voted vectors, pocket), as named number arrays. */
  state: Record<string, number[]>;
}

/** One vector of a voted perceptron. */
export interface VotedVector {
  weights: number[];
  bias: number;
  /** How many steps it survived (Freund and Schapire's c_k). */
  count: number;
}

/**
 * The binary linear perceptron: score(x) = w.x + b; the bias is kept apart from w. fit starts
 * from zero weights (or initialWeights, or the current weights with warmStart); labels:
 * exactly two distinct values. decisionFunction gives w.x + b with the predicting weights;
 * for 'voted', the vote sum_k c_k * sign(v_k.x + b_k). The prediction is the mistake rule's
 * sign of the score. Errors as for {@link Model}.
 */
export interface Perceptron extends Model<ResolvedOptions, PerceptronJSON, FitOptions, TraceStep> {
  /** The online protocol on one example: score, predict, compare, update. */
  learnOne(x: Vector, y: Label, options?: LearnOneOptions): TraceStep;

  /**
   * For each example, whether a training step on it would update the current weights now (a
   * mistake under mistakeRule, or within the margin). All false: fit would stop there.
   */
  isMistake(X: Matrix, y?: Labels): boolean[];

  /**
   * A copy of the weights that predict (empty before the model learned): the current ones
   * ('classic'), their average ('averaged'), the pocket ('pocket'), the last vector ('voted').
   */
  readonly weights: number[];
  readonly bias: number;
  /** A copy of the weights the training loop updates (what trace steps show). */
  readonly currentWeights: number[];
  readonly currentBias: number;
  /** 'voted' only: every vector with its survival count; null for the other variants. */
  readonly votedVectors: VotedVector[] | null;
}

/** pw.Perceptron: `new pw.Perceptron(options?)` and the static fromJSON. */
export type PerceptronClass = ModelKind<Perceptron, PerceptronOptions, PerceptronJSON>;

/**
 * How MulticlassPerceptron handles K >= 2 classes.
 * - `'joint'`: one weight vector and bias per class; predict the argmax of w_k.x + b_k (ties
 *   go to the lowest class index); on a mistake w_true += eta x, w_predicted -= eta x (Paris-Sud
 *   notes' multi-class perceptron). With margin > 0, the update happens whenever
 *   s_true - max_{k != true} s_k <= margin, against that runner-up. Variants: classic, averaged.
 * - `'ovr'`: K binary Perceptrons, each class against the rest; predict the argmax of their
 *   scores (ties to the lowest index). Any variant, mistake rule and margin.
 * - `'ovo'`: one binary Perceptron per pair of classes (the later class is +1); predict the
 *   class with the most votes (ties to the lowest index). Any variant.
 */
export type Strategy = 'joint' | 'ovr' | 'ovo';

export interface MulticlassOptions extends Omit<PerceptronOptions, 'warmStart'> {
  /** Default `'joint'`. */
  strategy?: Strategy;
}

export interface MulticlassTraceStep {
  t: number;
  epoch: number;
  index: number;
  /** The K scores before the update. */
  scores: number[];
  prediction: Label;
  label: Label;
  mistake: boolean;
  /** The K weight vectors and biases after the step. */
  weights: number[][];
  biases: number[];
}

export interface MulticlassEpochEvent extends EpochSummary {
  weights: number[][];
  biases: number[];
}

/**
 * An epoch of one binary model of an ovr/ovo MulticlassPerceptron: each binary model counts its
 * own epochs from 1; `model` is its index (class order for ovr, pair order (0,1), (0,2), ... for ovo).
 */
export interface BinaryModelEpochEvent extends EpochSummary {
  model: number;
}

export interface MulticlassFitOptions {
  /** 'joint' only: called after every step; return false to stop. */
  onStep?: (step: MulticlassTraceStep) => boolean | void;
  /**
   * Called after every epoch ('joint': with the weights; ovr/ovo: after every epoch of each
   * binary model, with its index). Return false to stop (ovr/ovo: the binary models after it
   * stay untrained).
   */
  onEpoch?: (epoch: MulticlassEpochEvent | BinaryModelEpochEvent) => boolean | void;
  /**
   * Aborts training: fit throws the signal's reason (an `AbortError` DOMException unless the
   * reason is one) and the model is as it was before the call. fit runs on this thread, so the
   * signal is looked at before training and after every callback (after every epoch when there
   * is none; ovr/ovo: after every epoch of each binary model): a callback can abort it, a button or a timer cannot until fit returns. To stop
   * training from outside, drive a {@link Trainer} between frames or fit in `perceptron-wasm/worker`.
   */
  signal?: AbortSignal;
  /** One weight per row, finite and >= 0, scaling that example's update (times classWeight). */
  sampleWeight?: Vector;
  /** As for Perceptron.fit; ovr/ovo give each binary model the rows of its classes. */
  validation?: { X: Matrix; y?: Labels };
}

export interface MulticlassJSON {
  format: 'perceptron-wasm/MulticlassPerceptron';
  version: 1;
  options: Required<Omit<MulticlassOptions, 'maxSteps' | 'classWeight'>> &
    Pick<MulticlassOptions, 'maxSteps' | 'classWeight'>;
  classes: Label[];
  nFeatures: number;
  /** The names of the columns, when the model was fitted on named features (records). */
  vocabulary?: string[];
  steps: number;
  /** 'joint': K vectors of nFeatures, K biases, and the averaging state. */
  weights?: number[][];
  biases?: number[];
  state?: Record<string, number[]>;
  /** 'ovr' / 'ovo': the binary models in class order (ovr) or pair order (0,1), (0,2), ... (ovo). */
  models?: { weights: number[]; bias: number; steps: number; state: Record<string, number[]> }[];
}

/**
 * The multi-class perceptron over K >= 2 labels (numbers or strings, sorted as for Perceptron).
 * fit starts from zero weights; partialFit as Perceptron's, ovr/ovo passing each binary model
 * its rows. A trainer's joint steps come as onStep gets them; ovr/ovo train their binary models
 * one after the other (index: the row of X) with plain steps carrying the binary `model`, each
 * binary model counting its epochs from 1 (the report sums them: history[e] adds up every binary
 * model's epoch e + 1). decisionFunction gives one array
 * of K per row: joint/ovr the class scores, ovo the vote counts. Errors as for {@link Model},
 * plus RangeError for y with fewer than two classes, an unknown strategy, or a variant other
 * than classic/averaged with 'joint'.
 */
export interface MulticlassPerceptron extends Model<
  MulticlassJSON['options'],
  MulticlassJSON,
  MulticlassFitOptions,
  MulticlassTraceStep | TrainerStep,
  number[][]
> {
  /** 'joint': the predicting weight vectors (averaged for 'averaged'), one per class; else null. */
  readonly weights: number[][] | null;
  readonly biases: number[] | null;
}

/** pw.MulticlassPerceptron: `new pw.MulticlassPerceptron(options?)` and the static fromJSON. */
export type MulticlassPerceptronClass = ModelKind<MulticlassPerceptron, MulticlassOptions, MulticlassJSON>;

export interface KernelOptions extends Omit<PerceptronOptions, 'warmStart' | 'variant'> {
  /** Default 'classic' (the only one for the kernel perceptron). */
  variant?: 'classic';
  /**
   * Default `'rbf'`. `'linear'`: a.b (the primal perceptron's mistakes exactly);
   * `'polynomial'`: (gamma a.b + coef0)^degree; `'rbf'`: exp(-gamma ||a - b||^2).
   */
  kernel?: 'linear' | 'polynomial' | 'rbf';
  /** Default 3. Polynomial degree, an integer >= 1. */
  degree?: number;
  /** Default 'auto' (1 / nFeatures). > 0. */
  gamma?: number | 'auto';
  /** Default 1. Polynomial offset, finite. */
  coef0?: number;
  /**
   * Default none. The maximum number of support vectors: when a mistake would add one more,
   * the oldest support vector (the first added) is removed first, with its contribution.
   * Without it, fit keeps at most one support vector per training row, but each partialFit
   * batch adds its own, so a long stream of batches wants a budget.
   */
  budget?: number;
}

export interface KernelJSON {
  format: 'perceptron-wasm/KernelPerceptron';
  version: 1;
  options: Record<string, unknown>;
  classes: Label[];
  nFeatures: number;
  /** The names of the columns, when the model was fitted on named features (records). */
  vocabulary?: string[];
  steps: number;
  supportVectors: number[][];
  coefficients: number[];
  bias: number;
}

/**
 * The kernel perceptron, the dual form of Perceptron (the notes' "w is a sum of y_i x_i"):
 * score(x) = sum_k c_k K(s_k, x) + b. A mistake on a training example (mistake rule and margin
 * as for Perceptron) adds eta * weight * y to its coefficient (making it a support vector the
 * first time) and to b. Errors as for {@link Model}, plus RangeError for an unknown kernel, degree
 * < 1 or not an integer, gamma <= 0, budget < 1. Note: 'rbf' uses the platform's exp, so its
 * scores may differ in the last bits between native and WASM builds; 'linear' and 'polynomial'
 * are bit-identical.
 */
export interface KernelPerceptron extends Model<Record<string, unknown>, KernelJSON> {
  /** Copies of the support vectors, one array of nFeatures each. */
  readonly supportVectors: number[][];
  /** One per support vector. */
  readonly coefficients: number[];
  readonly bias: number;
  /** The gamma in effect (1 / nFeatures for 'auto' once the model has learned). */
  readonly gamma: number;
}

/** pw.KernelPerceptron: `new pw.KernelPerceptron(options?)` and the static fromJSON. */
export type KernelPerceptronClass = ModelKind<KernelPerceptron, KernelOptions, KernelJSON>;

export interface WinnowOptions {
  /**
   * Default false: basic Winnow for 0/1 features (so its preprocess may only be 'minMax': a
   * RangeError otherwise); true: balanced Winnow (w+ and w-, any finite features).
   */
  balanced?: boolean;
  /** Default 2. Basic: the promotion factor (and the 'divide' demotion's), > 1. */
  alpha?: number;
  /** Default 'zero' (Blum's disjunction learner: w_i = 0); 'divide': w_i /= alpha (Winnow2). */
  demotion?: 'zero' | 'divide';
  /** Default 0.5. Balanced: the factor is (1 + epsilon)^x_i; > 0 (Blum: 1 / 2k for k-of-r). */
  epsilon?: number;
  /** Default nFeatures (basic) or 0 (balanced): predict positive iff score >= threshold. */
  threshold?: number;
  order?: Order;
  maxEpochs?: number;
  maxSteps?: number;
  seed?: number;
  earlyStopping?: boolean;
  validationFraction?: number;
  patience?: number;
  classWeight?: PerceptronOptions['classWeight'];
  hashing?: Hashing;
}

export interface WinnowJSON {
  format: 'perceptron-wasm/Winnow';
  version: 1;
  options: WinnowOptions;
  classes: Label[];
  nFeatures: number;
  /** The names of the columns, when the model was fitted on named features (records). */
  vocabulary?: string[];
  steps: number;
  weights: number[];
  negativeWeights: number[];
}

/**
 * Winnow (Littlestone; Blum's notes). Basic: weights start at 1, predict positive iff
 * w.x >= threshold (nFeatures); on a false negative w_i *= alpha where x_i = 1, on a false
 * positive w_i = 0 ('zero') or w_i /= alpha ('divide'). On an r-of-n disjunction with alpha = 2
 * it makes at most 1 + 2r(1 + log2 n) ('zero') or 2 + 3r(1 + log2 n) ('divide') mistakes.
 * Balanced: predict positive iff (w+ - w-).x >= threshold; multiplicative updates by
 * (1 + epsilon)^x_i. sampleWeight raises the factor to the example's weight (0 skips it).
 * decisionFunction gives score - threshold. Errors as for {@link Model}, plus RangeError for
 * features other than 0/1 in basic Winnow.
 */
export interface Winnow extends Model<WinnowOptions, WinnowJSON> {
  /** Basic: w; balanced: w+. */
  readonly weights: number[];
  /** Balanced: w-; basic: []. */
  readonly negativeWeights: number[];
  readonly threshold: number;
}

/** pw.Winnow: `new pw.Winnow(options?)` and the static fromJSON. */
export type WinnowClass = ModelKind<Winnow, WinnowOptions, WinnowJSON>;

export interface PassiveAggressiveOptions {
  /** Default 'PA-I'. tau = l / q (PA), min(C, l / q) (PA-I), l / (q + 1 / (2C)) (PA-II). */
  mode?: 'PA' | 'PA-I' | 'PA-II';
  /** Default 1. Aggressiveness, > 0. */
  C?: number;
  /** Default true: the bias is a constant feature 1 (q = ||x||^2 + 1). */
  fitIntercept?: boolean;
  order?: Order;
  maxEpochs?: number;
  maxSteps?: number;
  seed?: number;
  earlyStopping?: boolean;
  validationFraction?: number;
  patience?: number;
  classWeight?: PerceptronOptions['classWeight'];
  hashing?: Hashing;
}

export interface PassiveAggressiveJSON {
  format: 'perceptron-wasm/PassiveAggressive';
  version: 1;
  options: PassiveAggressiveOptions;
  classes: Label[];
  nFeatures: number;
  /** The names of the columns, when the model was fitted on named features (records). */
  vocabulary?: string[];
  steps: number;
  /** One vector for two classes, one per class for more. */
  weights: number[][];
  biases: number[];
}

/**
 * Passive-Aggressive learning (Crammer et al. 2006). Two classes: hinge loss
 * l = max(0, 1 - y (w.x + b)); when l > 0, w += tau y x and b += tau y. More classes: one vector
 * per class, l = max(0, 1 - (s_true - s_rival)) against the best other class, q doubled,
 * w_true += tau x and w_rival -= tau x; predict the argmax (ties to the lowest index).
 * Reports count updates as mistakes; sampleWeight multiplies tau. decisionFunction: two
 * classes, w.x + b per row; more, one array of K scores per row.
 */
export interface PassiveAggressive extends Model<
  PassiveAggressiveOptions,
  PassiveAggressiveJSON,
  BatchFitOptions,
  TrainerStep,
  Float64Array | number[][]
> {
  /** Two classes: the weight vector; more: one per class. */
  readonly weights: number[] | number[][];
  /** Two classes: the bias; more: one per class. */
  readonly bias: number | number[];
}

/** pw.PassiveAggressive: `new pw.PassiveAggressive(options?)` and the static fromJSON. */
export type PassiveAggressiveClass = ModelKind<PassiveAggressive, PassiveAggressiveOptions, PassiveAggressiveJSON>;

/** Thrown by predict/decisionFunction/score before the model learned anything. */
export declare class NotFittedError extends TypeError {}

/** Thrown by any call on a disposed model. */
export declare class DisposedError extends TypeError {}

export interface VisitOrderOptions {
  /** Default 'cyclic'. */
  order?: Order;
  /** Default 0; as the Perceptron option. */
  seed?: number;
  /** The number of examples, 1 .. 2^24. */
  rows: number;
  /** How many visits to list, 0 .. 2^24. */
  count: number;
}

/** The separable answer of {@link Analysis.separability}. */
export interface Separable {
  separable: true;
  fitIntercept: boolean;
  /** gamma*: the margin the separator below reaches (the dataset's margin). */
  margin: number;
  /** Half the distance between the hulls found (without intercept: the distance from 0); margin <= gamma* <= upperBound. */
  upperBound: number;
  /** The max-margin separator, ||w|| = 1. */
  w: number[];
  b: number;
  /** The rows whose margin is gamma* (within 1e-7 relative). */
  support: number[];
  classes: Label[];
  iterations: number;
}

/** The inseparable answer: a certificate that the classes' convex hulls meet. */
export interface Inseparable {
  separable: false;
  fitIntercept: boolean;
  /**
   * One weight per row, >= 0: with an intercept they sum to 1 over each class and the two
   * classes' weighted sums coincide (a point in both hulls); without, they sum to 1 over all
   * rows and sum_i c_i y_i x_i = 0.
   */
  certificate: number[];
  /** || the difference of the weighted sums || (rounding only). */
  residual: number;
  classes: Label[];
  iterations: number;
}

/** A mistake bound with its ingredients (value is Infinity when it does not apply). */
export interface MistakeBound {
  value: number;
  radius: number;
  margin: number;
  bias: number;
  deviation: number;
  hingeLoss: number;
  separable: boolean;
}

/** pw.analysis: geometry, exact separability and the notes' mistake bounds. Labels as for Perceptron (the second class is +1). */
export interface Analysis {
  /** max ||x||; withBias: max ||(x, 1)||. */
  radius(X: Matrix, options?: { withBias?: boolean }): number;
  /** (w.x + b) / ||w|| per row; w must not be 0. */
  signedDistances(X: Matrix, w: Vector, b?: number): Float64Array;
  /** min_i y_i (w.x_i + b) / ||w|| (negative when (w, b) misclassifies) and the row reaching it. */
  margin(X: Matrix, y: Labels | undefined, w: Vector, b?: number): { margin: number; row: number };
  /**
   * Whether the two classes are linearly separable (default with an intercept), exactly: the
   * maximum-margin separator with gamma* and its support points, or a certificate. Wolfe's
   * minimum-norm-point algorithm; n = 5000, d = 50 takes about 0.2 s in WASM (npm run
   * bench:separability). `margin` (reached by w, b) and `upperBound` bracket gamma*; they agree
   * to about 1e-9 relative on reasonably scaled data, less when features differ in scale by many
   * orders of magnitude (raw Breast Cancer: 0.6%), so standardize first for gamma*. A RangeError
   * says so when the hulls are closer than rounding can tell.
   */
  separability(X: Matrix, y?: Labels, options?: { fitIntercept?: boolean }): Separable | Inseparable;
  /**
   * The two leading principal components (power iteration on the population covariance,
   * deterministic; a zero component when the data has fewer directions of variance), and X
   * projected on them: for plotting data with more than two features.
   */
  pca2d(X: Matrix): { mean: number[]; components: number[][]; variance: number[]; projected: number[][] };
  /** Block-Novikoff (R / gamma*)^2; with fitIntercept (default) of the augmented (x, 1). */
  novikoffBound(X: Matrix, y?: Labels, options?: { fitIntercept?: boolean }): MistakeBound;
  /** The Hacettepe notes' ((b*^2 + 1)(r^2 + 1)) / rho^2 for the max-margin separator. */
  biasBound(X: Matrix, y?: Labels): MistakeBound;
  /** Freund-Schapire ((R + D) / gamma)^2, D = sqrt(sum_i max(0, gamma - y_i u.x_i)^2); u unit, gamma > 0. */
  freundSchapireBound(X: Matrix, y: Labels | undefined, options: { u: Vector; gamma: number }): MistakeBound;
  /** Blum's 1 / gamma^2 + 2 sum_i max(0, 1 - y_i w.x_i / gamma); X in the unit ball, w unit, gamma > 0. */
  blumBound(X: Matrix, y: Labels | undefined, options: { w: Vector; gamma: number }): MistakeBound;
}

export interface LossOptions {
  /** Default 'zeroOne' (f >= 0 predicts +1). 'perceptron': max(0, -y f); 'hinge': max(0, 1 - y f); 'gammaHinge': max(0, 1 - y f / gamma); 'costWeighted': falsePositiveCost or falseNegativeCost per error. */
  loss?: 'zeroOne' | 'perceptron' | 'hinge' | 'gammaHinge' | 'costWeighted';
  gamma?: number;
  falsePositiveCost?: number;
  falseNegativeCost?: number;
  /** [negative, positive]: two distinct labels of y's kind; default: y's two labels sorted (or -1/+1). */
  classes?: ReadonlyArray<Label>;
}

export interface ClassificationReport {
  /** The labels of yTrue and yPred, sorted: the rows and columns below. */
  labels: Label[];
  /** Rows: truth; columns: prediction. */
  confusionMatrix: number[][];
  accuracy: number;
  errorRate: number;
  /** Per label; 0 where undefined (no predictions of, or no examples of, the label). */
  precision: number[];
  recall: number[];
  f1: number[];
  support: number[];
  macroPrecision: number;
  macroRecall: number;
  macroF1: number;
  /** The mean recall over the labels present in yTrue. */
  balancedAccuracy: number;
}

/** pw.metrics: losses on scores and the classification report on labels. */
export interface Metrics {
  losses(y: Labels, scores: Vector, options?: LossOptions): number[];
  empiricalRisk(y: Labels, scores: Vector, options?: LossOptions): number;
  accuracy(yTrue: Labels, yPred: Labels): number;
  errorRate(yTrue: Labels, yPred: Labels): number;
  confusionMatrix(yTrue: Labels, yPred: Labels): { labels: Label[]; matrix: number[][] };
  classificationReport(yTrue: Labels, yPred: Labels): ClassificationReport;
}

/** A fitted scaler: x -> (x - shift) / scale per feature. */
export interface FittedScaler {
  kind: Scaling;
  shift: number[];
  scale: number[];
}

export interface Preprocessing {
  fitScaler(X: Matrix, options?: { kind?: Scaling }): FittedScaler;
  transform(scaler: FittedScaler, X: Dataset): Dataset;
  /** X scaled: number[][], or a new float64 Dataset with the same labels when X is a Dataset. */
  transform(scaler: FittedScaler, X: Matrix): number[][];
}

/** Any model class of the package (for gridSearch). */
export type ModelClass = new (options?: any) => {
  fit(X: Matrix, y?: Labels, options?: any): FitReport;
  score(X: Matrix, y?: Labels): number;
  dispose(): void;
};

export interface GridSearchResult<M> {
  /** The winning candidate's options (from the grid). */
  best: Record<string, unknown>;
  /** Every candidate with its mean validation or cross-validation accuracy. */
  candidates: { options: Record<string, unknown>; score: number }[];
  /** The winner retrained on all non-test rows (the caller disposes it). */
  model: M;
  /** Its accuracy on the test rows, once; undefined without options.test. */
  testScore: number | undefined;
}

export interface ModelSelection {
  /**
   * Seeded stratified row indices: each class's rows shuffled (PCG32) and split in the given
   * fractions; the rest trains. Fractions in (0, 1), summing to less than 1.
   */
  split(
    y: Labels,
    options: { validation?: number; test?: number; seed?: number },
  ): { train: number[]; validation?: number[]; test?: number[] };
  /** The same split of a Dataset's labels, as Datasets sharing its values (dispose them). */
  split(
    data: Dataset,
    options: { validation?: number; test?: number; seed?: number },
  ): { train: Dataset; validation?: Dataset; test?: Dataset };
  /** Stratified k folds (each class's rows dealt in turn): 2 <= k <= the smallest class's size (RangeError otherwise). */
  kFold(y: Labels, options?: { k?: number; seed?: number }): { train: number[]; test: number[] }[];
  /** The same folds of a Dataset, as Datasets sharing its values (dispose them). */
  kFold(data: Dataset, options?: { k?: number; seed?: number }): { train: Dataset; test: Dataset }[];
  /**
   * The CMU notes' procedure: every candidate of the grid's cartesian product (with `base`
   * options) scored by accuracy on a validation split (validation: fraction) or by k-fold
   * cross-validation (cv: k) of the non-test rows; the best (the first on ties) retrained on
   * all non-test rows and scored once on the test rows (test: fraction). Each grid value is a
   * non-empty array of option values (TypeError when not an array, RangeError when empty).
   */
  gridSearch<M extends ModelClass>(
    Kind: M,
    grid: Record<string, unknown[]>,
    X: Matrix,
    y: Labels | undefined,
    options: { base?: Record<string, unknown>; validation?: number; cv?: number; test?: number; seed?: number },
  ): GridSearchResult<InstanceType<M>>;
}

/**
 * Fisher's linear discriminant (Hacettepe notes) for two classes, to compare with the
 * perceptron: direction w = S_W^-1 (m_+ - m_-) (with a 1e-9 * trace(S_W) / d ridge, so a
 * constant feature does not make S_W singular), threshold halfway between the projected class
 * means, b = -w.(m_+ + m_-) / 2; predicts the second class iff w.x + b >= 0. RangeError when
 * the class means coincide.
 */
export interface FisherDiscriminant {
  fit(X: Matrix, y?: Labels): this;
  predict(X: Matrix): Label[];
  decisionFunction(X: Matrix): Float64Array;
  score(X: Matrix, y?: Labels): number;
  readonly weights: number[];
  readonly bias: number;
  readonly classes: Label[];
  toJSON(): {
    format: 'perceptron-wasm/FisherDiscriminant';
    version: 1;
    classes: Label[];
    weights: number[];
    bias: number;
  };
  dispose(): void;
}

/** pw.FisherDiscriminant: `new pw.FisherDiscriminant()`. */
export interface FisherDiscriminantClass {
  new (): FisherDiscriminant;
  readonly prototype: FisherDiscriminant;
}

/** The model kinds by name, as checkOptions and optionSchema take them. */
export type ModelKindName = 'Perceptron' | 'MulticlassPerceptron' | 'KernelPerceptron' | 'Winnow' | 'PassiveAggressive';

/** One option of pw.optionSchema(kind). */
export interface OptionSpec {
  name: string;
  /**
   * 'choice': one of `choices`; 'boolean'; 'integer' from `minimum` to `maximum`; 'number': a
   * finite number within the bounds, or one of `choices` (gamma's 'auto'); 'labelWeights': one of
   * `choices` ('balanced') or an object {label: weight}.
   */
  type: 'choice' | 'boolean' | 'integer' | 'number' | 'labelWeights';
  /** What the option must be, as the error messages say it ("a finite number > 0"). */
  expected: string;
  choices?: string[];
  minimum?: number;
  maximum?: number;
  /** true when the bound itself is refused (learningRate > 0). */
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  /** The value a new model has; absent when unset (maxSteps, budget, threshold, preprocess, classWeight). */
  default?: string | number | boolean;
  /** One line for a form's label or tooltip. */
  description: string;
}

/**
 * A small tokenizer and bag of words for course exercises (the notes' spam filter): documents
 * in, a sparse Dataset out.
 */
export interface TextApi {
  /**
   * The words of a text: Unicode word boundaries (UAX #29) from Intl.Segmenter where the runtime
   * has it (its word-like segments: letters or digits, "don't" whole), else runs of letters,
   * marks and digits with inner apostrophes; lowercased unless lowercase: false.
   */
  tokenize(text: string, options?: { lowercase?: boolean }): string[];
  /**
   * One sparse row per text, one column per term (n-grams of tokenize's words joined by a space,
   * n from ngram[0] to ngram[1], default [1, 1]) holding its count (1 with binary). Columns: the
   * vocabulary given (a training Dataset's featureNames; other terms are left out), else every
   * term of the texts sorted by code point (the featureNames), or 2^bits hashed columns (a term's
   * count negated when its hash is negative, and summed with the terms sharing its column: see
   * Hashing).
   */
  bagOfWords(
    texts: ReadonlyArray<string>,
    options?: {
      lowercase?: boolean;
      ngram?: [number, number];
      binary?: boolean;
      labels?: Labels;
      vocabulary?: ReadonlyArray<string>;
      hashing?: Hashing;
      dtype?: DType;
    },
  ): Dataset;
}

export interface PerceptronWasm {
  Dataset: DatasetClass;
  /** The CSV tokenizer on its own: parse and preview. */
  csv: CsvApi;
  text: TextApi;
  analysis: Analysis;
  metrics: Metrics;
  preprocessing: Preprocessing;
  modelSelection: ModelSelection;
  FisherDiscriminant: FisherDiscriminantClass;
  Perceptron: PerceptronClass;
  MulticlassPerceptron: MulticlassPerceptronClass;
  KernelPerceptron: KernelPerceptronClass;
  Winnow: WinnowClass;
  PassiveAggressive: PassiveAggressiveClass;
  StructuredPerceptron: StructuredPerceptronClass;
  /**
   * The rows fit visits, in order, for an order and seed (epoch e is the e-th block of `rows`
   * visits). Calling learnOne in this order reproduces fit step for step: how a page steps
   * through training one example at a time.
   */
  visitOrder(options: VisitOrderOptions): Uint32Array;
  /**
   * null when `new pw[kind](options)` would succeed, else the message it would throw (it makes
   * the model and frees it at once), as LIBLINEAR's check_parameter. `kind` is a model class
   * or its name ('Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow',
   * 'PassiveAggressive').
   */
  checkOptions(
    kind: ModelKindName | ModelClass | 'StructuredPerceptron' | StructuredPerceptronClass,
    options: Record<string, unknown>,
  ): string | null;
  /**
   * Every option a model kind takes, in documentation order (the kind's own first), as the core
   * checks it: what a form or a URL reader needs to offer only valid values. A fresh array of
   * fresh objects on each call.
   */
  optionSchema(kind: ModelKindName | ModelClass): OptionSpec[];
  /**
   * Wasm memory in bytes: `inUse` held by live models and Datasets (what dispose gives back) plus
   * the few kilobytes the module itself keeps,
   * `heap` the allocator's heap, `total` the whole memory (it grows, up to 4 GB, never shrinks).
   */
  memory(): { inUse: number; heap: number; total: number };
  NotFittedError: typeof NotFittedError;
  DisposedError: typeof DisposedError;
  CsvError: typeof CsvError;
  /** The option names `new Perceptron` knows, in documentation order. */
  optionNames: readonly string[];
  FORMAT: 'perceptron-wasm/Perceptron';
  MULTICLASS_FORMAT: 'perceptron-wasm/MulticlassPerceptron';
  KERNEL_FORMAT: 'perceptron-wasm/KernelPerceptron';
  WINNOW_FORMAT: 'perceptron-wasm/Winnow';
  PA_FORMAT: 'perceptron-wasm/PassiveAggressive';
  STRUCTURED_FORMAT: 'perceptron-wasm/StructuredPerceptron';
  FORMAT_VERSION: 1;
}

export interface LoadOptions {
  /**
   * Where the .wasm is, for hosts that move it (a CDN, an asset pipeline, a strict CSP that
   * allows 'wasm-unsafe-eval' but no other origin). By default the package reads
   * `new URL('../perceptron-core.wasm', import.meta.url)` (which Vite and webpack copy into a
   * build), and when that fails its inlined copy (perceptron-core-inline.js, which esbuild
   * bundles). Given this option, it uses exactly that and reports its failure:
   * - a URL or string: fetched (a `file:` URL is read under Node);
   * - a Response, or a promise of one (`fetch(url, {integrity})`): compiled while streaming
   *   when served as application/wasm;
   * - bytes: an ArrayBuffer or typed array;
   * - a WebAssembly.Module compiled elsewhere (for example sent to a worker by postMessage).
   * Anything else is a TypeError naming `option wasm`. Only the first call of load() uses it.
   */
  wasm?: string | URL | Response | PromiseLike<Response> | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
}

/**
 * Compiles and instantiates the module once; later calls return the same API object, whatever
 * options they are given. A failed load (network, a bad option) can be retried. A page whose
 * Content-Security-Policy refuses WebAssembly gets an Error naming the policy and
 * 'wasm-unsafe-eval', whatever else failed before (an esbuild bundle's missing file, HTTP 404).
 */
export default function load(options?: LoadOptions): Promise<PerceptronWasm>;

export declare const FORMAT: 'perceptron-wasm/Perceptron';
export declare const MULTICLASS_FORMAT: 'perceptron-wasm/MulticlassPerceptron';
export declare const KERNEL_FORMAT: 'perceptron-wasm/KernelPerceptron';
export declare const WINNOW_FORMAT: 'perceptron-wasm/Winnow';
export declare const PA_FORMAT: 'perceptron-wasm/PassiveAggressive';
export declare const STRUCTURED_FORMAT: 'perceptron-wasm/StructuredPerceptron';
export declare const FORMAT_VERSION: 1;
