// Types of pw.FisherDiscriminant (bindings/js/fisher-discriminant.js).
// Re-exported by index.d.ts.
import type { Label, Labels, Matrix } from './dataset.js';

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
