// pw.modelSelection: seeded stratified splits and folds from the core's generator, and the
// CMU notes' grid search (pick on validation or cross-validation, retrain on train +
// validation, evaluate the test set once), whose loop is the core's (src/perceptron/training/grid_search).
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, isPlainObject, toLabels } from './convert.js';
import { checkClassWeight } from './fitting.js';
import { withTemporaries } from './dataset.js';

function seedOf(seed, where) {
  if (seed === undefined) return 0;
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new (typeof seed === 'number' ? RangeError : TypeError)(
      `${where}: option seed must be an integer from 0 to 9007199254740991; received ${describe(seed)}`,
    );
  }
  return seed;
}

const rowsWhere = (assignment, value) => Array.from(assignment.keys()).filter((i) => assignment[i] === value);

// grid is {option: [values]} with at least one option, each with a non-empty array.
function checkGrid(grid, where) {
  for (const [name, values] of Object.entries(grid)) {
    if (!Array.isArray(values) || values.length === 0) {
      throw new RangeError(`${where}: grid.${name} must be a non-empty array of values; received ${describe(values)}`);
    }
  }
  if (Object.keys(grid).length === 0) {
    throw new RangeError(`${where}: grid must name at least one option with values`);
  }
}

/**
 * pw.modelSelection for one loaded core.
 * @param core the Embind module instance
 * @param datasets makeDataset(core)'s handle makers: splits of a Dataset are Datasets
 * @param kinds Map from each model class to its name in the core (gridSearch)
 */
export function makeModelSelection(core, { isDataset, adopt, labelledHandle }, kinds) {
  // The core's name of a model class of the package. A subclass is refused: the core's loop
  // builds the package's models, so it could not run the subclass's code.
  const kindOf = (Kind) => kinds.get(Kind);

  // Each row's part, stratified by class: its fold (0..k-1) when k > 0, else 0 (train) or j
  // for fractions[j - 1]. y: labels, or a Dataset with labels.
  function partsOf(y, fractions, k, seed, where) {
    if (isDataset(y)) {
      return withTemporaries((temporaries) => {
        const data = labelledHandle(y, undefined, where, temporaries, { prefix: '' });
        return unwrap(core.selectionAssign(data, Float64Array.from(fractions), k, seed), where);
      });
    }
    const { labels, numeric } = toLabels(y, where);
    return unwrap(core.selectionAssignLabels(labels, numeric, Float64Array.from(fractions), k, seed), where);
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
    return withTemporaries((temporaries) => subset(labelledHandle(of, undefined, where, temporaries), rows, where));
  }

  const modelSelection = Object.freeze({
    /** Row indices {train, validation, test}: each class split in the given fractions (the rest trains). */
    split(y, options) {
      const where = 'modelSelection.split';
      const { validation = 0, test = 0, seed } = checkOptionsObject(options, where, ['validation', 'test', 'seed']);
      const fractions = [];
      for (const [name, value] of [
        ['validation', validation],
        ['test', test],
      ]) {
        if (typeof value !== 'number') {
          throw new TypeError(`${where}: option ${name} must be a number in (0, 1); received ${describe(value)}`);
        }
        if (value !== 0) fractions.push(value);
      }
      if (fractions.length === 0) throw new RangeError(`${where}: give a validation and/or a test fraction in (0, 1)`);
      const parts = partsOf(y, fractions, 0, seedOf(seed, where), where);
      const names = [validation ? 'validation' : null, test ? 'test' : null].filter(Boolean);
      const out = { train: rowsOrDatasets(y, rowsWhere(parts, 0), where) };
      names.forEach((name, k) => {
        out[name] = rowsOrDatasets(y, rowsWhere(parts, k + 1), where);
      });
      return out;
    },
    /** Stratified k-fold: [{train, test}] row indices; 2 <= k <= the smallest class's size. */
    kFold(y, options) {
      const where = 'modelSelection.kFold';
      const { k = 5, seed } = checkOptionsObject(options, where, ['k', 'seed']);
      if (!Number.isSafeInteger(k)) {
        throw new (typeof k === 'number' ? RangeError : TypeError)(
          `${where}: option k must be an integer >= 2; received ${describe(k)}`,
        );
      }
      const folds = partsOf(y, [], k, seedOf(seed, where), where);
      return Array.from({ length: k }, (_, f) => ({
        train: rowsOrDatasets(
          y,
          Array.from(folds.keys()).filter((i) => folds[i] !== f),
          where,
        ),
        test: rowsOrDatasets(y, rowsWhere(folds, f), where),
      }));
    },
    /**
     * Grid search over any model kind's options. Candidates are the cartesian product of `grid`
     * ({option: [values]}), each scored by accuracy on a stratified validation split
     * (validation: fraction) or by k-fold cross-validation (cv: k) of the non-test rows; the
     * best (the first on ties) is retrained on all non-test rows and scored once on the test
     * rows (test: fraction). Returns {best, candidates: [{options, score}], model, testScore}.
     */
    gridSearch(Kind, grid, X, y, options) {
      const where = 'modelSelection.gridSearch';
      if (typeof Kind !== 'function' || typeof Kind.prototype?.fit !== 'function') {
        throw new TypeError(`${where}: Kind must be a model class such as pw.Perceptron; received ${describe(Kind)}`);
      }
      if (!isPlainObject(grid)) {
        throw new TypeError(`${where}: grid must be an object {option: [values]}; received ${describe(grid)}`);
      }
      const known = ['base', 'validation', 'cv', 'test', 'seed'];
      const { base = {}, validation, cv, test, seed: rawSeed } = checkOptionsObject(options, where, known);
      const seed = seedOf(rawSeed, where);
      checkGrid(grid, where);
      if ((validation === undefined) === (cv === undefined)) {
        throw new TypeError(`${where}: give exactly one of options.validation (a fraction) and options.cv (k)`);
      }
      for (const [name, value] of [
        ['validation', validation],
        ['test', test],
      ]) {
        if (value !== undefined && typeof value !== 'number') {
          throw new TypeError(`${where}: option ${name} must be a number in (0, 1); received ${describe(value)}`);
        }
      }
      if (cv !== undefined && (!Number.isSafeInteger(cv) || cv < 2)) {
        throw new (typeof cv === 'number' ? RangeError : TypeError)(
          `${where}: option cv must be an integer >= 2; received ${describe(cv)}`,
        );
      }
      const kind = kindOf(Kind);
      if (kind === undefined) {
        throw new TypeError(
          `${where}: Kind must be one of the package's model classes, such as pw.Perceptron ` +
            `(not a subclass); received ${describe(Kind)}`,
        );
      }
      checkOptionsObject(base, where);
      if (base.classWeight !== undefined) checkClassWeight(base.classWeight, where);
      const axes = Object.entries(grid).map(([name, values]) =>
        values.map((value, k) => {
          if (value === undefined) {
            throw new TypeError(`${where}: grid.${name}[${k}] must be a value; received undefined`);
          }
          if (name === 'classWeight') checkClassWeight(value, where);
          return { [name]: value };
        }),
      );
      return withTemporaries((temporaries) => {
        // X and y in wasm memory once; the core's loop trains on views of their rows.
        const data = labelledHandle(X, y, where, temporaries);
        const r = unwrap(core.gridSearch(kind, data, { base, axes, validation, cv, test, seed }), where);
        const scored = Array.from(r.scores, (score, c) => ({
          options: Object.assign({}, ...axes.map((values, a) => values[r.candidates[c * axes.length + a]])),
          score,
        }));
        const best = scored[r.best];
        // The winner retrained on all non-test rows and scored once on the test rows.
        const onRows = (rows, fn) => {
          const part = subset(data, rows, where);
          try {
            return fn(part);
          } finally {
            part.dispose();
          }
        };
        const model = new Kind({ ...base, ...best.options });
        try {
          onRows(r.pool, (part) => model.fit(part));
          return {
            best: best.options,
            candidates: scored,
            model,
            testScore: r.test.length ? onRows(r.test, (part) => model.score(part)) : undefined,
          };
        } catch (error) {
          model.dispose();
          throw error;
        }
      });
    },
  });
  return modelSelection;
}
