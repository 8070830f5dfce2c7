// Types of pw.preprocessing (bindings/js/preprocessing.js).
// Re-exported by index.d.ts.
import type { Dataset, Matrix } from './dataset.js';
import type { Scaling } from './options.js';

/** A fitted scaler: x -> (x - shift) / scale per feature. */
export interface FittedScaler {
  kind: Scaling;
  shift: number[];
  scale: number[];
}

export interface Preprocessing {
  fitScaler(X: Matrix, options?: { kind?: Scaling }): FittedScaler;
  transform(scaler: FittedScaler, X: Dataset): Dataset;
  /** X scaled: number[][], or a new float64 Dataset with the same labels when X is a Dataset. */
  transform(scaler: FittedScaler, X: Matrix): number[][];
}
