// Types of pw.PassiveAggressive (bindings/js/passive-aggressive.js).
// Re-exported by index.d.ts.
import type { Label } from './dataset.js';
import type { BatchFitOptions } from './fitting.js';
import type { Model, ModelKind } from './model.js';
import type { SharedOptions } from './options.js';
import type { PassiveAggressiveTrainerStep } from './trainer.js';

export interface PassiveAggressiveOptions extends SharedOptions {
  /** Default 'PA-I'. tau = l / q (PA), min(C, l / q) (PA-I), l / (q + 1 / (2C)) (PA-II). */
  mode?: 'PA' | 'PA-I' | 'PA-II';
  /** Default 1. Aggressiveness, > 0. */
  C?: number;
  /** Default true: the bias is a constant feature 1 (q = ||x||^2 + 1). */
  fitIntercept?: boolean;
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
  BatchFitOptions<PassiveAggressiveTrainerStep>,
  PassiveAggressiveTrainerStep,
  Float64Array | number[][]
> {
  /** Two classes: the weight vector; more: one per class. */
  readonly weights: number[] | number[][];
  /** Two classes: the bias; more: one per class. */
  readonly bias: number | number[];
}

/** pw.PassiveAggressive: `new pw.PassiveAggressive(options?)` and the static fromJSON. */
export type PassiveAggressiveClass = ModelKind<PassiveAggressive, PassiveAggressiveOptions, PassiveAggressiveJSON>;
