// pw.modelSelection: seeded stratified splits and folds from the core's generator, and the
// CMU notes' grid search (pick on validation or cross-validation, retrain on train +
// validation, evaluate the test set once).
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, isPlainObject, toLabels } from './convert.js';
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

// The cartesian product of grid's {option: [values]}, as option objects in order.
function candidatesOf(grid, where) {
  let candidates = [{}];
  for (const [name, values] of Object.entries(grid)) {
    if (!Array.isArray(values) || values.length === 0) {
      throw new RangeError(`${where}: grid.${name} must be a non-empty array of values; received ${describe(values)}`);
    }
    candidates = candidates.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
  }
  return candidates;
}

/**
 * pw.modelSelection for one loaded core.
 * @param core the Embind module instance
 * @param datasets makeDataset(core)'s handle makers: splits of a Dataset are Datasets
 */
export function makeModelSelection(core, { isDataset, adopt, labelledHandle }) {
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
      for (const [name, value] of [['validation', validation], ['test', test]]) {
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
      const candidates = candidatesOf(grid, where);
      if (Object.keys(grid).length === 0) {
        throw new RangeError(`${where}: grid must name at least one option with values`);
      }
      if ((validation === undefined) === (cv === undefined)) {
        throw new TypeError(`${where}: give exactly one of options.validation (a fraction) and options.cv (k)`);
      }
      return withTemporaries((temporaries) => {
        // X and y in wasm memory once; every training and held-out set is a view of its rows.
        const data = labelledHandle(X, y, where, temporaries);
        const ys = Array.from(data.labels());
        let pool = Array.from(ys.keys());
        let testRows = [];
        if (test !== undefined) {
          const s = modelSelection.split(ys, { test, seed });
          pool = s.train;
          testRows = s.test;
        }
        // Each evaluation trains on `train` and scores on `held`, as rows of X.
        const poolY = pool.map((i) => ys[i]);
        const toRows = (indices) => indices.map((i) => pool[i]);
        let evaluations;
        if (cv !== undefined) {
          const folds = modelSelection.kFold(poolY, { k: cv, seed });
          evaluations = folds.map((f) => ({ train: toRows(f.train), held: toRows(f.test) }));
        } else {
          const s = modelSelection.split(poolY, { validation, seed });
          evaluations = [{ train: toRows(s.train), held: toRows(s.validation) }];
        }
        // fn(the Dataset of these rows), disposed after.
        const onRows = (rows, fn) => {
          const part = subset(data, rows, where);
          try {
            return fn(part);
          } finally {
            part.dispose();
          }
        };
        const scored = candidates.map((candidate) => {
          const settings = { ...base, ...candidate };
          let total = 0;
          for (const { train, held } of evaluations) {
            const model = new Kind(settings);
            try {
              onRows(train, (part) => model.fit(part));
              total += onRows(held, (part) => model.score(part));
            } finally {
              model.dispose();
            }
          }
          return { options: candidate, score: total / evaluations.length };
        });
        const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
        const model = new Kind({ ...base, ...best.options });
        try {
          onRows(pool, (part) => model.fit(part));
          return {
            best: best.options,
            candidates: scored,
            model,
            testScore: testRows.length ? onRows(testRows, (part) => model.score(part)) : undefined,
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
