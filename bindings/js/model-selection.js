// pw.modelSelection: seeded stratified splits and folds from the core's generator, and the
// CMU notes' grid search (pick on validation or cross-validation, retrain on train +
// validation, evaluate the test set once), all of it the core's (src/perceptron/estimator/grid_search).
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, isPlainObject, toLabels } from './convert.js';
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
    // Each method as model-selection.d.ts documents it.
    split(y, options) {
      const where = 'modelSelection.split';
      const { assignment, parts } = partsOf(y, false, options, where);
      const out = { train: rowsOrDatasets(y, rowsWhere(assignment, 0), where) };
      parts.forEach((name, k) => {
        out[name] = rowsOrDatasets(y, rowsWhere(assignment, k + 1), where);
      });
      return out;
    },
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
    // The core reads grid's values and the options, searches, and retrains the winner in `model`.
    gridSearch(Kind, grid, X, y, options) {
      const where = 'modelSelection.gridSearch';
      const refuse = (what, value) => {
        throw new TypeError(`${where}: ${what}; received ${describe(value)}`);
      };
      // A subclass is refused: the core's loop builds the package's models, not the subclass.
      if (!kinds.has(Kind)) {
        refuse("Kind must be one of the package's model classes, such as pw.Perceptron (not a subclass)", Kind);
      }
      // The shapes only JS sees (the core reads the values): grid {option: [values]}, base {}.
      if (!isPlainObject(grid)) refuse('grid must be an object {option: [values]}', grid);
      const settings = checkOptionsObject(options, where);
      const names = Object.keys(grid);
      for (const name of names) {
        if (!Array.isArray(grid[name])) refuse(`grid.${name} must be a non-empty array of values`, grid[name]);
      }
      if (settings.base !== undefined && !isPlainObject(settings.base)) {
        refuse('option base must be a plain object of model options', settings.base);
      }
      for (const name of names) {
        const k = grid[name].indexOf(undefined);
        if (k >= 0) refuse(`grid.${name}[${k}] must be a value`, undefined);
      }
      return withTemporaries((temporaries) => {
        const data = labelledHandle(X, y, where, temporaries);
        const model = new Kind();
        try {
          const r = unwrap(access(model, 'gridSearch').handle.gridSearch(data, grid, settings), where);
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
