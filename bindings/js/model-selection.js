// pw.modelSelection: seeded stratified splits and folds from the core's generator, and the
// CMU notes' grid search (pick on validation or cross-validation, retrain on train +
// validation, evaluate the test set once), whose loop is the core's (src/perceptron/estimator/grid_search).
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

// A split fraction option given (a number): in (0, 1). The core checks it too, but cannot name it.
function checkFraction(value, where, name) {
  if (typeof value !== 'number') {
    throw new TypeError(`${where}: option ${name} must be a number in (0, 1); received ${describe(value)}`);
  }
  if (!(value > 0 && value < 1)) {
    throw new RangeError(`${where}: option ${name} must be a number in (0, 1); received ${describe(value)}`);
  }
}

// The core's result, its fold count error naming `name` (the option k or cv), which the core
// cannot know. It alone finds the bound: the smallest class's size, after any test split.
function namingFolds(result, name) {
  if (result !== null && typeof result === 'object' && typeof result.error === 'string') {
    if (typeof result.message === 'string' && result.message.startsWith('k must be ')) {
      return { ...result, message: `option ${name}${result.message.slice(1)}` };
    }
  }
  return result;
}

// grid is {option: [values]} with at least one option, each with a non-empty array.
function checkGrid(grid, where) {
  for (const [name, values] of Object.entries(grid)) {
    if (!Array.isArray(values)) {
      throw new TypeError(`${where}: grid.${name} must be a non-empty array of values; received ${describe(values)}`);
    }
    if (values.length === 0) {
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
export function makeModelSelection(core, { isDataset, adopt, matrixHandle, labelledHandle }, kinds) {
  // The core's name of a model class of the package. A subclass is refused: the core's loop
  // builds the package's models, so it could not run the subclass's code.
  const kindOf = (Kind) => kinds.get(Kind);

  // The handle of split's and kFold's first argument when it is a Dataset (named data, as
  // index.d.ts does): it must have labels.
  function dataHandle(data, where, temporaries) {
    const handle = matrixHandle(data, where, temporaries, 'data');
    if (!handle.labelled()) {
      throw new TypeError(`${where}: data is a Dataset without labels; build it with labels, or pass its labels`);
    }
    return handle;
  }

  // Each row's part, stratified by class: its fold (0..k-1) when k > 0, else 0 (train) or j
  // for fractions[j - 1]. y: labels, or a Dataset with labels.
  function partsOf(y, fractions, k, seed, where) {
    const assign = () => {
      if (isDataset(y)) {
        return withTemporaries((temporaries) =>
          core.selectionAssign(dataHandle(y, where, temporaries), Float64Array.from(fractions), k, seed),
        );
      }
      const { labels, numeric } = toLabels(y, where);
      return core.selectionAssignLabels(labels, numeric, Float64Array.from(fractions), k, seed);
    };
    return unwrap(namingFolds(assign(), 'k'), where);
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
    return withTemporaries((temporaries) => subset(dataHandle(of, where, temporaries), rows, where));
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
        if (value === 0) continue; // 0: no such part
        checkFraction(value, where, name);
        fractions.push(value);
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
      // k <= 0 here: the core takes it as no folds at all (split's parts). The core refuses
      // k = 1 itself, with the upper bound (the smallest class's size).
      if (!Number.isSafeInteger(k) || k < 1) {
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
        if (value !== undefined) checkFraction(value, where, name);
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
      if (!isPlainObject(base)) {
        throw new TypeError(
          `${where}: option base must be a plain object of model options; received ${describe(base)}`,
        );
      }
      const axes = Object.entries(grid).map(([name, values]) =>
        values.map((value, k) => {
          if (value === undefined) {
            throw new TypeError(`${where}: grid.${name}[${k}] must be a value; received undefined`);
          }
          return { [name]: value };
        }),
      );
      return withTemporaries((temporaries) => {
        // X and y in wasm memory once; the core's loop trains on views of their rows.
        const data = labelledHandle(X, y, where, temporaries);
        const r = unwrap(
          namingFolds(core.gridSearch(kind, data, { base, axes, validation, cv, test, seed }), 'cv'),
          where,
        );
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
