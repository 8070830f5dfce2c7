// Types of pw.MulticlassPerceptron (bindings/js/multiclass-perceptron.js).
// Re-exported by index.d.ts.
import type { Label, Labels, Matrix, Vector } from './dataset.js';
import type { EpochSummary } from './fitting.js';
import type { Model, ModelKind } from './model.js';
import type { PerceptronOptions } from './options.js';
import type { Trainer } from './trainer.js';

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

export interface MulticlassOptions extends Omit<PerceptronOptions, 'warmStart' | 'precision'> {
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

/**
 * A step of an ovr/ovo MulticlassPerceptron, as onStep and a trainer's step() give it: one binary
 * model's step, and what the multi-class model made of the row just before it.
 *
 * The binary model's own step uses a {@link Perceptron} step's names: `score` (its w.x + b before
 * the update, the number its mistake rule reads), `labelSign` (+1 when the row is of its
 * `positive` class) and `predictionSign` (its prediction under the mistake rule); `mistake` is
 * its update. `label` is the row's class; `scores` and `prediction` are the multi-class model's
 * decisionFunction and predict for the row before the step (ovr: the K binary scores; ovo: the
 * K vote counts), so a trace shows them without predicting again.
 */
export interface BinaryModelStep {
  t: number;
  /** The binary model's epoch (each counts from 1). */
  epoch: number;
  /** The row of X. */
  index: number;
  mistake: boolean;
  /** The binary model: its index in class order (ovr) or pair order (0,1), (0,2), ... (ovo). */
  model: number;
  /** The row's class. */
  label: Label;
  /** The multi-class model's K scores for the row before the step. */
  scores: number[];
  /** The multi-class model's prediction for the row before the step. */
  prediction: Label;
  /** The binary model's score before the update. */
  score: number;
  /** +1 when the row is of the binary model's positive class, else -1. */
  labelSign: 1 | -1;
  /** The binary model's prediction before the update, under the mistake rule. */
  predictionSign: 1 | -1;
  /** The class the binary model's +1 stands for (ovr: class `model`; ovo: the pair's second). */
  positive: Label;
  /** The class its -1 stands for (ovo: the pair's first), or null for several (ovr, K > 2: the rest). */
  negative: Label | null;
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
  /**
   * Called after every step ('joint': a {@link MulticlassTraceStep}; ovr/ovo: a
   * {@link BinaryModelStep}, fit then driving its trainer a step at a time, the same training);
   * return false to stop (ovr/ovo: the binary models after it stay untrained).
   */
  onStep?: (step: MulticlassTraceStep | BinaryModelStep) => boolean | void;
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
 * its rows. A trainer's steps come as onStep gets them; ovr/ovo train their binary models one
 * after the other (index: the row of X), their steps ({@link BinaryModelStep}) carrying the binary
 * `model`, each binary model counting its epochs from 1 (the report sums them: history[e] adds up every binary
 * model's epoch e + 1). decisionFunction gives one array
 * of K per row: joint/ovr the class scores, ovo the vote counts. Errors as for {@link Model},
 * plus RangeError for y with fewer than two classes, an unknown strategy, or a variant other
 * than classic/averaged with 'joint'.
 */
export interface MulticlassPerceptron extends Model<
  MulticlassJSON['options'],
  MulticlassJSON,
  MulticlassFitOptions,
  MulticlassTraceStep | BinaryModelStep,
  number[][]
> {
  /** 'joint': the predicting weight vectors (averaged for 'averaged'), one per class; else null. */
  readonly weights: number[][] | null;
  readonly biases: number[] | null;
}

/** pw.MulticlassPerceptron: `new pw.MulticlassPerceptron(options?)` and the static fromJSON. */
export type MulticlassPerceptronClass = ModelKind<MulticlassPerceptron, MulticlassOptions, MulticlassJSON>;
