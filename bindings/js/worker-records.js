// The worker's 'records' datasets (js/worker-host.js): loadArrays(records, y) with records an
// array of plain objects {name: value}, kept as they are with their labels, and trained on as the
// library trains on records (model.fit(records, y): a vocabulary learned at fit, or the model's
// hashing {bits}). Fit, evaluate and split take them as {X: records, y: labels}.
import { isRecords, recordRows } from './features.js';
import { toLabels } from './convert.js';

export { isRecords };

/** A 'records' entry from loadArrays' records and y, checked as the library checks them (its messages). */
export function recordsEntry(records, y, where, options = {}) {
  // featureNames and dtype are a matrix's: a record names its own features.
  const given = Object.keys(options ?? {});
  if (given.length > 0) {
    throw new TypeError(
      `${where}: option ${JSON.stringify(given[0])} does not apply to records {name: value} (they name their features)`,
    );
  }
  // The names each row has, as fit reads them (recordRows: the library's errors, naming the row).
  const cols = recordRows(records, where, 'X').names.length;
  if (y === undefined || y === null) throw new TypeError(`${where}: records need their labels y`);
  const { labels, numeric } = toLabels(y, where, 'y');
  if (labels.length !== records.length) {
    throw new RangeError(`${where}: y has ${labels.length} labels for ${records.length} rows of X`);
  }
  const plain = Array.from(labels);
  const classes = [...new Set(plain)].sort(numeric ? (a, b) => a - b : undefined);
  return { kind: 'records', records, labels: plain, cols, classes, bytes: 0 };
}

/** A part of a 'records' entry: its rows (ascending). */
export function recordsPart(entry, rows) {
  return recordsEntry(
    rows.map((r) => entry.records[r]),
    rows.map((r) => entry.labels[r]),
    'split',
  );
}

/** A records entry's summary fields. */
export const recordsSummary = (datasetId, entry) => ({
  datasetId,
  kind: 'records',
  rows: entry.records.length,
  cols: entry.cols,
  classes: entry.classes,
  droppedRows: 0,
  bytes: 0,
  sparse: false,
});

/**
 * What a model trains on or is scored on: {X, y} (a Dataset and its own labels, or records and
 * theirs), for fit, evaluate and a validation set.
 */
export function inputOf(store, datasetId, where) {
  const entry = store.entry(datasetId, where, ['matrix', 'text', 'records']);
  if (entry.kind === 'records') {
    const { records, labels, classes, cols } = entry;
    return { X: records, y: labels, labels, classes, cols, records: true };
  }
  const { dataset } = entry;
  return { X: dataset, y: undefined, labels: dataset.labels, classes: dataset.classes, cols: dataset.cols };
}

/** A validation set's {X, y} as fit's and a trainer's validation option takes it. */
export const validationInput = ({ X, y }) => (y === undefined ? { X } : { X, y });

/**
 * The column names of a model trained on `input`: a Dataset's, or for records the model's
 * vocabulary (toJSON's), none with hashing (the columns are hashes: x1, x2, ...).
 */
export function columnNames(input, model) {
  if (!input.records) return input.X.featureNames;
  try {
    return model.toJSON().vocabulary ?? [];
  } catch {
    return []; // not trained yet: no vocabulary
  }
}

/**
 * A TypeError for what a model that maps names by hashing {bits} cannot do (`what`: name its
 * weights, explain a row): its columns are hashes of the names, which no vocabulary keeps.
 */
export function refuseHashing(model, where, what) {
  const bits = model.options.hashing?.bits;
  if (bits === undefined) return;
  throw new TypeError(
    `${where}: the model maps feature names by hashing {bits: ${bits}}: its ${2 ** bits} columns are hashes, ` +
      `with no names to ${what}; train it with a vocabulary (no hashing option) for named features`,
  );
}
