// Types of what fit, partialFit and learnOne take and give: trace steps, epochs, reports (bindings/js/fitting.js).
// Re-exported by index.d.ts.
import type { Label, Labels, Matrix, Vector } from './dataset.js';
import type { Trainer, TrainerStep } from './trainer.js';

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
export interface BatchFitOptions<Step = TrainerStep> {
  /**
   * Called after every step with its record, as a trainer's step() gives it (the kernel
   * perceptron, Winnow and Passive-Aggressive describe the step: label, score, prediction and
   * their own numbers). Return `false` to stop training after it; throw to abort. fit then takes
   * one step at a time, slower than without onStep.
   */
  onStep?: (step: Step) => boolean | void;
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
