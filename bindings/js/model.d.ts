// Types of what every model kind has (bindings/js/model.js).
// Re-exported by index.d.ts.
import type { Label, Labels, Matrix } from './dataset.js';
import type { DisposedError, NotFittedError } from './errors.js';
import type { BatchFitOptions, FitReport, PartialFitOptions } from './fitting.js';
import type { Trainer, TrainerStep } from './trainer.js';

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
