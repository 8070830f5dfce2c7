// The Trace table's columns for each model kind: the header shown (with its tooltip), the text of
// a cell (numbers in the page's format, format.js, vectors as (a, b)), and the CSV fields of a column at full
// precision (cells by csv.js). A row is {step, x, label?, score?, prediction?, weights?, bias?, threshold?}: `step`
// is the step record the package's trainer or fit's onStep gave (t, epoch, index, label, score or
// scores, prediction, mistake, and the kind's own numbers: deltaAlpha, threshold, loss and tau,
// an ovr/ovo binary model's); the optional fields fill what a step does not carry (the kernel
// perceptron's, Winnow's and Passive-Aggressive's steps have no weights).

import { csvNumber, csvText, csvValue } from '../shell/csv.js';
import { formatCount as count, formatNumber as fmt } from '../shell/format.js';

export const KINDS = ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive'];

const NONE = '—';
const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n) => String(n).replace(/\d/g, (d) => SUBSCRIPT[d]);
const show = (v) => (typeof v === 'number' ? fmt(v) : NONE);
const vector = (v) => (v ? `(${Array.from(v, show).join(', ')})` : NONE);
const labelText = (label) =>
  label === undefined || label === null ? NONE : typeof label === 'number' ? fmt(label) : String(label);

// What a row holds: the step's own field, else what the caller measured itself.
const pick = (row, ...names) => {
  for (const name of names) if (row.step[name] !== undefined) return row.step[name];
  for (const name of names) if (row[name] !== undefined) return row[name];
  return undefined;
};
// Per class: the K scores (an ovr/ovo step's `score` is its binary model's, in a column of its own).
const scoreOf = (row, perClass) => (perClass ? pick(row, 'scores', 'score') : pick(row, 'score', 'scores'));
const weightsOf = (row) => pick(row, 'weights');
const biasOf = (row) => pick(row, 'bias', 'biases');

// n numbers of a vector as n comma-separated fields (absent: n empty fields).
const csvVector = (v, n) => {
  let out = csvNumber(v?.[0]);
  for (let j = 1; j < n; j++) out += `,${csvNumber(v?.[j])}`;
  return out;
};

// ch widths: a number shown by fmt takes up to ~8 characters ('−12.3456'), more past 1,000.
const NUMBER_CH = 9;
// (Before the first row the size may be unknown (0): room for two numbers.)
const vectorCh = (n) => Math.min(44, 2 + Math.max(n, 2) * NUMBER_CH);

/**
 * The columns for a table's context {kind, featureNames, classes, d, K, perClass}, in order. Each
 * column: {key, name (shown), title (tooltip), width (ch), text(row), csvHeader() (its CSV field
 * names), csv(row) (its fields, comma-separated; null when it has none)}.
 */
export function columnsFor(ctx) {
  const { kind, d, K, perClass } = ctx;
  const features = () => ctx.featureNames ?? Array.from({ length: d }, (_, j) => `x${j + 1}`);
  const classNames = () => Array.from({ length: K }, (_, k) => String(ctx.classes?.[k] ?? k + 1));
  const featureList = () => features().join(', ');
  const classList = () =>
    classNames()
      .map((c, k) => `${k + 1} = ${c}`)
      .join(', ');
  const columns = [];
  const add = (column) => columns.push(column);

  add({
    key: 't',
    name: 't',
    title: 'The step: 1-based count of the examples visited since training started.',
    width: 10, // room for the mistake mark and 7 digits with their separators (1,234,567)
    text: (row) => count(row.step.t),
    csvHeader: () => ['t'],
    csv: (row) => csvNumber(row.step.t),
  });
  add({
    key: 'epoch',
    name: 'epoch',
    title: 'The pass over the data this step belongs to (1-based; 0 for one-example learning).',
    width: 7,
    text: (row) => count(row.step.epoch),
    csvHeader: () => ['epoch'],
    csv: (row) => csvNumber(row.step.epoch),
  });
  add({
    key: 'index',
    name: 'row',
    title: "The example's row in the training data (0-based, as the package's step.index).",
    width: 7,
    text: (row) => count(row.step.index),
    csvHeader: () => ['index'],
    csv: (row) => csvNumber(row.step.index),
  });
  add({
    key: 'x',
    name: 'x',
    title: `The example's features (${featureList()}).`,
    width: vectorCh(d),
    text: (row) => vector(row.x),
    csvHeader: () => features().map((f) => `x[${f}]`),
    csv: (row) => csvVector(row.x, d),
  });
  add({
    key: 'label',
    name: 'label',
    title: "The example's true label.",
    width: 10,
    text: (row) => labelText(pick(row, 'label')),
    csvHeader: () => ['label'],
    csv: (row) => csvValue(pick(row, 'label')),
  });
  add({
    key: 'score',
    name: 'score',
    title: perClass
      ? `The class scores w_k·x + b_k before the update, in class order (${classList()}).`
      : kind === 'KernelPerceptron'
        ? 'The score Σ αᵢ K(xᵢ, x) + b before the update.'
        : kind === 'Winnow'
          ? 'The score w·x before the update (compared with the threshold θ).'
          : 'The score w·x + b before the update.',
    width: perClass ? vectorCh(K) : NUMBER_CH,
    text: (row) => {
      const s = scoreOf(row, perClass);
      return typeof s === 'number' ? fmt(s) : s ? vector(s) : NONE;
    },
    csvHeader: () => (perClass ? classNames().map((c) => `score[${c}]`) : ['score']),
    csv: (row) => {
      const s = scoreOf(row, perClass);
      return perClass ? csvVector(s, K) : csvNumber(s);
    },
  });
  add({
    key: 'prediction',
    name: 'prediction',
    title: 'The label the model predicted before the update.',
    width: 10,
    text: (row) => labelText(pick(row, 'prediction')),
    csvHeader: () => ['prediction'],
    csv: (row) => csvValue(pick(row, 'prediction')),
  });
  add({
    key: 'mistake',
    name: 'mistake',
    title: 'Whether this step updated the model (a mistake, or a margin violation).',
    width: 11,
    text: (row) => (row.step.mistake ? '✗ update' : '✓ no update'),
    csvHeader: () => ['mistake'],
    csv: (row) => (row.step.mistake ? 'true' : 'false'),
  });

  if (ctx.binary) binaryColumns(add);
  if (kind === 'PassiveAggressive') {
    for (const [key, name, title] of [
      ['loss', 'loss', 'The hinge loss before the update (the step updates iff it is positive).'],
      ['tau', 'τ', 'The step size τ the update took (times the example weight; 0 without an update).'],
    ]) {
      add({
        key,
        name,
        title,
        width: NUMBER_CH,
        text: (row) => show(row.step[key]),
        csvHeader: () => [key],
        csv: (row) => csvNumber(row.step[key]),
      });
    }
  }

  if (kind === 'KernelPerceptron') {
    // The step says which row it visited and what it added to that row's coefficient.
    add({
      key: 'alpha',
      name: 'Δα',
      title:
        'The kernel perceptron keeps no weight vector: its score is Σ αᵢ K(xᵢ, x) + b over its support ' +
        'vectors. A mistake on row i adds η·y (times the example weight) to αᵢ, making xᵢ a support ' +
        'vector (with a budget, the oldest one may be dropped). This column shows the change of αᵢ.',
      width: 14,
      text: (row) => {
        if (!row.step.mistake) return NONE;
        const delta = row.step.deltaAlpha;
        return `α${sub(row.step.index)} += ${typeof delta === 'number' ? fmt(delta) : 'η·y'}`;
      },
      csvHeader: () => ['deltaAlpha'],
      csv: (row) => csvNumber(row.step.deltaAlpha),
    });
  } else if (!ctx.binary) {
    // (An ovr/ovo step has no weight vectors: its binary model's own columns stand for them.)
    add({
      key: 'w',
      name: 'w',
      title: perClass
        ? `The weight vectors after the step, one per class (${classList()}).`
        : kind === 'Winnow'
          ? `The weights after the step (${featureList()}).`
          : `The weight vector after the step (${featureList()}).`,
      width: perClass ? Math.min(64, K * (vectorCh(d) + 4)) : vectorCh(d),
      text: (row) => {
        const w = weightsOf(row);
        if (!w) return NONE;
        return perClass ? Array.from(w, (wk, k) => `w${sub(k + 1)}=${vector(wk)}`).join(' ') : vector(w);
      },
      csvHeader: () =>
        perClass
          ? classNames().flatMap((c) => features().map((f) => `w[${c}][${f}]`))
          : features().map((f) => `w[${f}]`),
      csv: (row) => {
        const w = weightsOf(row);
        return perClass ? Array.from({ length: K }, (_, k) => csvVector(w?.[k], d)).join(',') : csvVector(w, d);
      },
    });
  }

  if (kind === 'Winnow') {
    add({
      key: 'threshold',
      name: 'θ',
      title: 'The threshold θ: Winnow predicts the positive class iff w·x ≥ θ (it has no bias).',
      width: NUMBER_CH,
      text: (row) => show(pick(row, 'threshold')),
      csvHeader: () => ['threshold'],
      csv: (row) => csvNumber(pick(row, 'threshold')),
    });
  } else if (!ctx.binary) {
    add({
      key: 'b',
      name: 'b',
      title: perClass ? `The biases after the step, one per class (${classList()}).` : 'The bias after the step.',
      width: perClass ? vectorCh(K) : NUMBER_CH,
      text: (row) => {
        const b = biasOf(row);
        return typeof b === 'number' ? fmt(b) : b ? vector(b) : NONE;
      },
      csvHeader: () => (perClass ? classNames().map((c) => `b[${c}]`) : ['b']),
      csv: (row) => {
        const b = biasOf(row);
        return perClass ? csvVector(b, K) : csvNumber(b);
      },
    });
  }
  return columns;
}

// An ovr/ovo step's binary model: which one (its classes), and its own step: its score (which
// decided its update), the row's ±1 label in its task and its ±1 prediction.
function binaryColumns(add) {
  const sign = (v) => (v > 0 ? '+1' : v < 0 ? '−1' : NONE);
  add({
    key: 'model',
    name: 'model',
    title:
      'The binary model that took this step (1-based; one per class for one-vs-rest, per pair for one-vs-one): ' +
      'its positive class vs its negative one (or the rest).',
    width: 14,
    text: ({ step }) =>
      step.model === undefined
        ? NONE
        : `${count(step.model + 1)}: ${labelText(step.positive)} vs ${step.negative === null ? 'rest' : labelText(step.negative)}`,
    csvHeader: () => ['model', 'positive', 'negative'],
    csv: ({ step }) => `${csvNumber(step.model)},${csvValue(step.positive)},${csvValue(step.negative)}`,
  });
  add({
    key: 'binary',
    name: 'its score',
    title:
      "The binary model's score w·x + b before the update, and the row's label and the model's prediction in its task (±1).",
    width: 18,
    text: ({ step }) => `${show(step.score)} (y ${sign(step.labelSign)}, ŷ ${sign(step.predictionSign)})`,
    csvHeader: () => ['binaryScore', 'labelSign', 'predictionSign'],
    csv: ({ step }) => `${csvNumber(step.score)},${csvNumber(step.labelSign)},${csvNumber(step.predictionSign)}`,
  });
}

/** The CSV header line of these columns. */
export const csvHeaderLine = (columns) => columns.flatMap((c) => c.csvHeader().map(csvText)).join(',');

/** One row's CSV line. */
export const csvLine = (columns, row) => {
  let line = null;
  for (const column of columns) if (column.csv) line = line === null ? column.csv(row) : `${line},${column.csv(row)}`;
  return line;
};
