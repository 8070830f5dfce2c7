// Types of pw.analysis: margins, separability, mistake bounds (bindings/js/analysis.js).
// Re-exported by index.d.ts.
import type { Label, Labels, Matrix, Vector } from './dataset.js';

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
