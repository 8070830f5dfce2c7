// pw.modelSelection: seeded stratified splits and folds from the core's generator, and the
// CMU notes' grid search (pick on validation or cross-validation, retrain on train +
// validation, evaluate the test set once), all of it the core's (src/perceptron/estimator/grid_search).
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, toLabels } from './convert.js';
import { withTemporaries } from './dataset.js';

const rowsWhere = (assignment, value) => Array.from(assignment.keys()).filter((i) => assignment[i] === value);

/**
 * pw.modelSelection for one loaded core.
 * @param core the Embind module instance
 * @param datasets makeDataset(core)'s handle makers: splits of a Dataset are Datasets
 * @param kinds Map from each model class to its name (gridSearch's Kind)
 * @param access makeModel's access to a model's core handle
 */
export function makeModelSelection(core, { isDataset, adopt, matrixHandle, labelledHandle }, kinds, access) {
  // Each row's part (a split: {assignment, parts}) or fold ({assignment, k}), stratified by class,
  // the options read by the core. y: labels, or a Dataset with labels (named data).
  function partsOf(y, folds, options, where) {
    const settings = checkOptionsObject(options, where);
    if (isDataset(y)) {
      return withTemporaries((temporaries) =>
        unwrap(core.selectionAssign(matrixHandle(y, where, temporaries, 'data'), folds, settings), where),
      );
    }
    const { labels, numeric } = toLabels(y, where);
    return unwrap(core.selectionAssignLabels(labels, numeric, folds, settings), where);
  }

  // The given rows of a core handle as a new Dataset sharing its values.
  function subset(handle, rows, where) {
    const picked = new core.DatasetHandle();
    try {
      unwrap(picked.selectFrom(handle, Uint32Array.from(rows), 'rows'), where);
    } catch (error) {
      picked.delete();
      throw error;
    }
    return adopt(picked);
  }

  // Row indices as they are, or (when `of` is a Dataset) the Datasets of those rows.
  function rowsOrDatasets(of, rows, where) {
    if (!isDataset(of)) return rows;
    return withTemporaries((temporaries) => subset(matrixHandle(of, where, temporaries, 'data'), rows, where));
  }

  const modelSelection = Object.freeze({
    /** Row indices {train, validation, test}: each class split in the given fractions (the rest trains). */
    split(y, options) {
      const where = 'modelSelection.split';
      const { assignment, parts } = partsOf(y, false, options, where);
      const out = { train: rowsOrDatasets(y, rowsWhere(assignment, 0), where) };
      parts.forEach((name, k) => {
        out[name] = rowsOrDatasets(y, rowsWhere(assignment, k + 1), where);
      });
      return out;
    },
    /** Stratified k-fold: [{train, test}] row indices; 2 <= k <= the smallest class's size. */
    kFold(y, options) {
      const where = 'modelSelection.kFold';
      const { assignment, k } = partsOf(y, true, options, where);
      return Array.from({ length: k }, (_, f) => ({
        train: rowsOrDatasets(
          y,
          Array.from(assignment.keys()).filter((i) => assignment[i] !== f),
          where,
        ),
        test: rowsOrDatasets(y, rowsWhere(assignment, f), where),
      }));
    },
    /**
     * Grid search over any model kind's options. Candidates are the cartesian product of `grid`
     * ({option: [values]}), each scored by accuracy on a stratified validation split
     * (validation: fraction) or by k-fold cross-validation (cv: k) of the non-test rows; the
     * best (the first on ties) is retrained on all non-test rows and scored once on the test
     * rows (test: fraction). Returns {best, candidates: [{options, score}], model, testScore}.
     * The core reads grid and options, searches, and retrains the winner into `model`.
     */
    gridSearch(Kind, grid, X, y, options) {
      const where = 'modelSelection.gridSearch';
      // A subclass is refused: the core's loop builds the package's models, not the subclass.
      if (!kinds.has(Kind)) {
        throw new TypeError(
          `${where}: Kind must be one of the package's model classes, such as pw.Perceptron ` +
            `(not a subclass); received ${describe(Kind)}`,
        );
      }
      const settings = checkOptionsObject(options, where);
      unwrap(core.gridSearchShape(grid, settings), where); // grid's shape before the data is read
      return withTemporaries((temporaries) => {
        const data = labelledHandle(X, y, where, temporaries);
        const model = new Kind();
        try {
          const r = unwrap(access(model, 'gridSearch').handle.gridSearch(data, grid, settings), where);
          const names = Object.keys(grid);
          const candidates = Array.from(r.scores, (score, c) => ({
            options: Object.fromEntries(names.map((name, a) => [name, grid[name][r.candidates[c * names.length + a]]])),
            score,
          }));
          return { best: candidates[r.best].options, candidates, model, testScore: r.testScore };
        } catch (error) {
          model.dispose();
          throw error;
        }
      });
    },
  });
  return modelSelection;
}
