// Types of pw.Perceptron (bindings/js/perceptron.js).
// Re-exported by index.d.ts.
import type { Label, Labels, Matrix, Vector } from './dataset.js';
import type { FitOptions, LearnOneOptions, TraceStep } from './fitting.js';
import type { Model, ModelKind } from './model.js';
import type { PerceptronOptions, ResolvedOptions } from './options.js';

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
