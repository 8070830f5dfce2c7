// Types of pw.Winnow (bindings/js/winnow.js).
// Re-exported by index.d.ts.
import type { Label } from './dataset.js';
import type { BatchFitOptions } from './fitting.js';
import type { Model, ModelKind } from './model.js';
import type { SharedOptions } from './options.js';
import type { WinnowTrainerStep } from './trainer.js';

export interface WinnowOptions extends SharedOptions {
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
export interface Winnow extends Model<
  WinnowOptions,
  WinnowJSON,
  BatchFitOptions<WinnowTrainerStep>,
  WinnowTrainerStep
> {
  /** Basic: w; balanced: w+. */
  readonly weights: number[];
  /** Balanced: w-; basic: []. */
  readonly negativeWeights: number[];
  readonly threshold: number;
}

/** pw.Winnow: `new pw.Winnow(options?)` and the static fromJSON. */
export type WinnowClass = ModelKind<Winnow, WinnowOptions, WinnowJSON>;
