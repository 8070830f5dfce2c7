// Types of pw.KernelPerceptron (bindings/js/kernel-perceptron.js).
// Re-exported by index.d.ts.
import type { Label } from './dataset.js';
import type { BatchFitOptions } from './fitting.js';
import type { Model, ModelKind } from './model.js';
import type { PerceptronOptions } from './options.js';
import type { KernelTrainerStep } from './trainer.js';

export interface KernelOptions extends Omit<PerceptronOptions, 'warmStart' | 'variant' | 'precision'> {
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
export interface KernelPerceptron extends Model<
  Record<string, unknown>,
  KernelJSON,
  BatchFitOptions<KernelTrainerStep>,
  KernelTrainerStep
> {
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
