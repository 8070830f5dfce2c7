// Types of pw.modelSelection: splits, folds, grid search (bindings/js/model-selection.js).
// Re-exported by index.d.ts.
import type { Dataset, Labels, Matrix } from './dataset.js';
import type { FitReport } from './fitting.js';

/** Any model class of the package (for gridSearch). */
export type ModelClass = new (options?: any) => {
  fit(X: Matrix, y?: Labels, options?: any): FitReport;
  score(X: Matrix, y?: Labels): number;
  dispose(): void;
};

export interface GridSearchResult<M> {
  /** The winning candidate's options (from the grid). */
  best: Record<string, unknown>;
  /** Every candidate with its mean validation or cross-validation accuracy. */
  candidates: { options: Record<string, unknown>; score: number }[];
  /** The winner retrained on all non-test rows (the caller disposes it). */
  model: M;
  /** Its accuracy on the test rows, once; undefined without options.test. */
  testScore: number | undefined;
}

export interface ModelSelection {
  /**
   * Seeded stratified row indices: each class's rows shuffled (PCG32) and split in the given
   * fractions; the rest trains. Fractions in (0, 1), summing to less than 1.
   */
  split(
    y: Labels,
    options: { validation?: number; test?: number; seed?: number },
  ): { train: number[]; validation?: number[]; test?: number[] };
  /** The same split of a Dataset's labels, as Datasets sharing its values (dispose them). */
  split(
    data: Dataset,
    options: { validation?: number; test?: number; seed?: number },
  ): { train: Dataset; validation?: Dataset; test?: Dataset };
  /** Stratified k folds (each class's rows dealt in turn): 2 <= k <= the smallest class's size (RangeError otherwise). */
  kFold(y: Labels, options?: { k?: number; seed?: number }): { train: number[]; test: number[] }[];
  /** The same folds of a Dataset, as Datasets sharing its values (dispose them). */
  kFold(data: Dataset, options?: { k?: number; seed?: number }): { train: Dataset; test: Dataset }[];
  /**
   * The CMU notes' procedure: every candidate of the grid's cartesian product (with `base`
   * options) scored by accuracy on a validation split (validation: fraction) or by k-fold
   * cross-validation (cv: k) of the non-test rows; the best (the first on ties) retrained on
   * all non-test rows and scored once on the test rows (test: fraction). Each grid value is a
   * non-empty array of option values (TypeError when not an array, RangeError when empty).
   */
  gridSearch<M extends ModelClass>(
    Kind: M,
    grid: Record<string, unknown[]>,
    X: Matrix,
    y: Labels | undefined,
    options: { base?: Record<string, unknown>; validation?: number; cv?: number; test?: number; seed?: number },
  ): GridSearchResult<InstanceType<M>>;
}
