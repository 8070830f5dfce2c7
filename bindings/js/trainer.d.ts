// Types of model.trainer(): fit's training driven step by step (bindings/js/trainer.js).
// Re-exported by index.d.ts.
import type { Label } from './dataset.js';
import type { EpochSummary, FitOptions, FitReport } from './fitting.js';

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

/**
 * A step of the kernel perceptron, Winnow or Passive-Aggressive as a trainer's step() gives it:
 * the example's label, and the score (or the K scores) and the prediction before the update, as
 * decisionFunction and predict give them just before the step (labels as given at fit).
 */
export interface DetailedTrainerStep extends TrainerStep {
  label: Label;
  /** One decision value (two classes). */
  score?: number;
  /** Multi-class Passive-Aggressive: the K class scores. */
  scores?: number[];
  prediction: Label;
}

/** A kernel perceptron's step: `deltaAlpha`, what it added to its row's dual coefficient (eta * weight * y; 0 without an update). */
export interface KernelTrainerStep extends DetailedTrainerStep {
  deltaAlpha: number;
}

/** A Winnow step: the threshold theta its score w.x - theta was measured against. */
export interface WinnowTrainerStep extends DetailedTrainerStep {
  threshold: number;
}

/**
 * A Passive-Aggressive step: the hinge loss before the update and the step size tau taken (times
 * the sample weight; 0 without an update). `mistake` says the step updated the model (a positive
 * loss), which it does even when the prediction was right but within the margin.
 */
export interface PassiveAggressiveTrainerStep extends DetailedTrainerStep {
  loss: number;
  tau: number;
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
   * null once training ended. With `maxSteps`, it stops after that many steps when the epoch
   * has not ended first, and then returns null (a slice of an epoch: the page's links replay
   * runs epoch by epoch this way). maxSteps must be an integer >= 0 (a TypeError otherwise, a
   * RangeError for a number out of range).
   */
  finishEpoch(options?: { maxSteps?: number }): (EpochSummary & { model?: number }) | null;
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
