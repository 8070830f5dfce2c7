// The worker's datasets (js/worker-host.js), of four kinds: 'matrix' (a Dataset, dense or
// sparse: loadCsv, loadArrays), 'text' (a bag of words, a sparse Dataset, with its documents:
// worker-text.js), 'records' (rows {name: value} and labels: worker-records.js) and 'sequences'
// (tagged sentences: worker-sequences.js). Each is known by its
// datasetId; the page gets a summary. Here too: split and sample, which work on a Dataset in the
// worker and send the page only what it asked for.

import { recordsSummary } from './worker-records.js';

// A summary's fields per kind (the page's handle on the dataset; never its values).
export function summaryOf(datasetId, entry) {
  const { kind, dataset } = entry;
  if (kind === 'records') return recordsSummary(datasetId, entry);
  if (kind === 'sequences') {
    const { words, tags, tagSet } = entry;
    return {
      datasetId,
      kind,
      rows: words.length,
      tokens: entry.tokens,
      classes: tagSet,
      bytes: entry.bytes,
      ...(tags === null ? { labelled: false } : {}),
    };
  }
  const summary = {
    datasetId,
    kind,
    rows: dataset.rows,
    cols: dataset.cols,
    dtype: dataset.dtype,
    classes: dataset.classes,
    droppedRows: dataset.droppedRows + (entry.droppedRows ?? 0),
    bytes: entry.bytes ?? 0,
    sparse: dataset.sparse,
  };
  // A matrix's column names (few); a bag of words' vocabulary stays in the worker.
  if (kind === 'matrix') summary.featureNames = dataset.featureNames;
  else Object.assign(summary, entry.bag);
  return summary;
}

/** The datasets of one host by id: add, get (by kind), delete; sessions lock the ones they train on. */
export class DatasetStore {
  #entries = new Map();
  #next = 1;
  #users = new Map(); // datasetId -> Set of sessionIds using it

  get size() {
    return this.#entries.size;
  }

  add(entry) {
    const datasetId = this.#next++;
    this.#entries.set(datasetId, entry);
    return datasetId;
  }

  /** The entry of datasetId, or a RangeError naming it (`where`: the call and argument). */
  entry(datasetId, where, kinds) {
    const entry = this.#entries.get(datasetId);
    if (!entry) {
      const message =
        Number.isInteger(datasetId) && datasetId > 0 && datasetId < this.#next
          ? `datasetId ${datasetId} was disposed`
          : `datasetId ${JSON.stringify(datasetId) ?? String(datasetId)} is not a dataset of this worker ` +
            '(ids come from loadCsv, loadArrays, loadText, loadSequences and split)';
      throw new RangeError(`${where}: ${message}`);
    }
    if (kinds && !kinds.includes(entry.kind)) {
      throw new TypeError(
        `${where}: datasetId ${datasetId} is a '${entry.kind}' dataset; this call takes ${kinds.map((k) => `'${k}'`).join(' or ')}`,
      );
    }
    return entry;
  }

  /** The Dataset of a 'matrix' or 'text' dataset (fit, sessions, inspection). */
  dataset(datasetId, where) {
    return this.entry(datasetId, where, ['matrix', 'text']).dataset;
  }

  use(datasetId, sessionId) {
    if (!this.#users.has(datasetId)) this.#users.set(datasetId, new Set());
    this.#users.get(datasetId).add(sessionId);
  }

  release(datasetId, sessionId) {
    this.#users.get(datasetId)?.delete(sessionId);
  }

  /** Frees a dataset; false when there was none; a TypeError while a session trains on it. */
  delete(datasetId) {
    const entry = this.#entries.get(datasetId);
    if (!entry) return false;
    const users = this.#users.get(datasetId);
    if (users?.size > 0) {
      throw new TypeError(
        `dispose: datasetId ${datasetId} is used by session ${[...users].join(', ')}; close the session first (closeSession)`,
      );
    }
    this.#entries.delete(datasetId);
    entry.dataset?.dispose();
    return true;
  }

  clear() {
    for (const entry of this.#entries.values()) entry.dataset?.dispose();
    this.#entries.clear();
    this.#users.clear();
  }
}

// Values kept in the worker's JS heap for row lookups at most (a bigger matrix is copied out of
// wasm memory for each call instead, not kept twice).
const KEEP_VALUES = 1 << 22;

/** An entry's values (dense {data, rows, cols} or CSR), read from wasm memory (kept when small). */
export function valuesOf(entry) {
  if (entry.values) return entry.values;
  const { dataset } = entry;
  const values = dataset.sparse ? dataset.toSparse() : dataset.toArray();
  if (dataset.stored <= KEEP_VALUES) entry.values = values;
  return values;
}

/** Rows of a 'matrix' or 'text' entry, sparse: [{indices, values}] (dense rows: every column). */
export function rowsOf(entry, rows) {
  const values = valuesOf(entry);
  return rows.map((row) => {
    if ('indptr' in values) {
      const [from, to] = [values.indptr[row], values.indptr[row + 1]];
      return {
        indices: Array.from(values.indices.subarray(from, to)),
        values: Array.from(values.values.subarray(from, to)),
      };
    }
    const { data, cols } = values;
    return {
      indices: Array.from({ length: cols }, (_, j) => j),
      values: Array.from(data.subarray(row * cols, (row + 1) * cols)),
    };
  });
}

export const rowOf = (entry, row) => rowsOf(entry, [row])[0];

/** A 'matrix' or 'text' entry's column names, read once (a vocabulary can hold 100,000 names). */
export const namesOf = (entry) => (entry.names ??= entry.dataset.featureNames);

// pw.visitOrder's rows at most (its limit, 2^24).
const VISIT_ORDER_ROWS = 2 ** 24;

/**
 * `max` distinct row indices of `rows`, ascending; all when rows <= max. They are the first `max`
 * visits of the seeded shuffle (pw.visitOrder: the core's generator, the same draw in every
 * runtime); past pw.visitOrder's 2^24 rows, every (rows / max)-th row.
 */
export function sampleRows(pw, rows, max, seed) {
  if (rows <= max) return Array.from({ length: rows }, (_, i) => i);
  if (rows > VISIT_ORDER_ROWS) return Array.from({ length: max }, (_, k) => Math.floor((k * rows) / max));
  return Array.from(pw.visitOrder({ order: 'shuffle', seed, rows, count: max })).sort((a, b) => a - b);
}

const integerAtLeast = (value, min, where, name) => {
  if (Number.isSafeInteger(value) && value >= min) return value;
  throw new (typeof value === 'number' ? RangeError : TypeError)(
    `${where}: ${name} must be an integer >= ${min}; received ${JSON.stringify(value) ?? String(value)}`,
  );
};
export { integerAtLeast };

/**
 * sample(datasetId, {max, projection, seed}): what the page draws of a matrix dataset. PCA
 * (pw.analysis.pca2d) over every row, in the worker; only the sampled rows' coordinates cross.
 */
export function sample(pw, store, { datasetId, options = {} }) {
  const where = 'sample';
  const entry = store.entry(datasetId, where, ['matrix']);
  const { max = 2000, projection = 'pca', seed = 0, ...rest } = options ?? {};
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new TypeError(`${where}: unknown option ${JSON.stringify(unknown[0])} (max, projection, seed)`);
  integerAtLeast(max, 1, where, 'option max');
  integerAtLeast(seed, 0, where, 'option seed');
  const { dataset } = entry;
  const cols = dataset.cols;
  const pair = Array.isArray(projection) && projection.length === 2;
  if (projection !== 'pca' && !pair) {
    throw new TypeError(
      `${where}: option projection must be 'pca' or [i, j] (two column indices); received ${JSON.stringify(projection)}`,
    );
  }
  if (pair)
    projection.forEach((j, k) => {
      if (!Number.isInteger(j) || j < 0 || j >= cols) {
        throw new RangeError(
          `${where}: option projection[${k}] must be a column index from 0 to ${cols - 1}; received ${JSON.stringify(j)}`,
        );
      }
    });
  const indices = sampleRows(pw, dataset.rows, max, seed);
  const x = new Float64Array(indices.length);
  const y = new Float64Array(indices.length);
  const out = { indices, x, y, labels: null, rows: dataset.rows, projection };
  if (pair) {
    rowsOf(entry, indices).forEach(({ indices: columns, values }, k) => {
      const at = (j) => {
        const p = columns.indexOf(j);
        return p < 0 ? 0 : values[p];
      };
      [x[k], y[k]] = [at(projection[0]), at(projection[1])];
    });
  } else {
    // Every row's coordinates, computed once per dataset and kept (two numbers a row).
    if (!entry.pca) {
      const { mean, components, variance, projected } = pw.analysis.pca2d(dataset);
      const flat = new Float64Array(2 * projected.length);
      projected.forEach(([a, b], r) => flat.set([a, b], 2 * r));
      entry.pca = { mean, components, variance, flat };
    }
    const { flat, ...pca } = entry.pca;
    indices.forEach((r, k) => ([x[k], y[k]] = [flat[2 * r], flat[2 * r + 1]]));
    out.pca = pca;
  }
  const labels = dataset.labels;
  if (labels !== null) out.labels = indices.map((r) => labels[r]);
  return out;
}

// A copy of a whole Dataset (a split with no held-out part: every row trains).
function copyOf(pw, dataset) {
  const options = { dtype: dataset.dtype, featureNames: dataset.featureNames };
  const labels = dataset.labels ?? undefined;
  if (dataset.sparse) return pw.Dataset.fromSparse(dataset.toSparse(), labels, options);
  return pw.Dataset.fromArray(dataset.toArray(), undefined, labels, options);
}

/**
 * split(datasetId, {validation, test, seed, indices}): pw.modelSelection.split on the dataset's labels,
 * as the page splits its own data (web/shell/playground.js: seed 0, each part's rows ascending),
 * each part a new dataset of the same kind (null when empty). `derive(entry, rows, dataset)`
 * makes a part's entry (its documents or sentences).
 */
export function split(pw, store, { datasetId, options = {} }, derive) {
  const where = 'split';
  const entry = store.entry(datasetId, where);
  const { validation = 0, test = 0, seed = 0, indices = false, ...rest } = options ?? {};
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new TypeError(`${where}: unknown option ${JSON.stringify(unknown[0])} (validation, test, seed, indices)`);
  }
  if (typeof indices !== 'boolean') {
    throw new TypeError(`${where}: option indices must be true or false; received ${JSON.stringify(indices)}`);
  }
  for (const [name, value] of Object.entries({ validation, test })) {
    if (typeof value !== 'number')
      throw new TypeError(`${where}: option ${name} must be a fraction in [0, 1); received ${JSON.stringify(value)}`);
  }
  const records = entry.kind === 'records';
  const labels = entry.kind === 'sequences' ? null : records ? entry.labels : entry.dataset.labels;
  if (entry.kind === 'sequences') {
    // Sentences have no one label: a seeded split of their indices (every sentence labelled alike).
    return derive.sequences(entry, { validation, test, seed, indices }, where);
  }
  if (labels === null) throw new TypeError(`${where}: datasetId ${datasetId} has no labels to split by`);
  const trivial = (validation === 0 && test === 0) || (records ? entry : entry.dataset).classes.length < 2;
  const settings = { seed, ...(validation ? { validation } : {}), ...(test ? { test } : {}) };
  // The rows by the labels, as the page splits them; the Datasets by the same call on the
  // Dataset (the same assignment: its rows share the values instead of copying them).
  const parts = trivial
    ? { train: Array.from({ length: labels.length }, (_, i) => i) }
    : pw.modelSelection.split(labels, settings);
  // Records: each part is made of its rows (derive.rows).
  const datasets = records
    ? {}
    : trivial
      ? { train: copyOf(pw, entry.dataset) }
      : pw.modelSelection.split(entry.dataset, settings);
  const sorted = (rows) => (rows && rows.length > 0 ? [...rows].sort((a, b) => a - b) : null);
  const out = {};
  for (const name of ['train', 'validation', 'test']) {
    const rows = sorted(parts[name]);
    if (rows === null) datasets[name]?.dispose();
    out[name] = rows === null ? null : derive.rows(entry, rows, datasets[name]);
    if (indices && rows !== null) out[name].indices = rows;
  }
  return out;
}
