// The words of a statement: the data, the conventions (start, mistake rule, update, learning
// rate, order, when training stops) and the visit order written out when it is not cyclic.

import { formatNumber } from '../values.js';

export { formatNumber };

/** A vector as (a, b, ...). */
export const formatVector = (values, format = formatNumber) => `(${values.map(format).join(', ')})`;

const signed = (label) => (label > 0 ? '+1' : '-1');

/** The rows, one a line: "row 0: x = (1, -2), y = -1" (with `decimals` digits after the point, if given). */
export function dataText({ X, y }, decimals) {
  const coordinate = (v) => (decimals === undefined ? formatNumber(v) : v.toFixed(decimals));
  return [
    `Data (${X.length} rows, numbered from 0; labels y = +1 or -1):`,
    ...X.map((x, i) => `  row ${i}: x = ${formatVector(x, coordinate)}, y = ${signed(y[i])}`),
  ].join('\n');
}

const RULES = {
  margin: "Mistake rule 'margin': the step is a mistake when y·s <= 0, so a score of exactly 0 is always a mistake.",
  sign:
    "Mistake rule 'sign': predict +1 when s >= 0 and -1 when s < 0 (a score of exactly 0 predicts +1); " +
    'the step is a mistake when the prediction differs from y.',
  strict:
    "Mistake rule 'strict': predict +1 when s > 0 and -1 when s <= 0 (a score of exactly 0 predicts -1); " +
    'the step is a mistake when the prediction differs from y.',
};

/**
 * The visit order, written out: the rows of each epoch ('shuffle') or of each block of `rows`
 * draws ('sample'), from pw.visitOrder (the order the Perceptron follows).
 */
export function orderText(order, visits, rows) {
  if (order === 'cyclic') {
    const listed = rows <= 4 ? [...Array(rows).keys()].join(', ') : `0, 1, ..., ${rows - 1}`;
    return `- Order 'cyclic': every epoch visits the rows in their order, ${listed}.`;
  }
  const lines = [];
  for (let start = 0; start < visits.length; start += rows) {
    const part = visits.slice(start, start + rows).join(', ');
    const name = order === 'shuffle' ? `epoch ${start / rows + 1}` : `steps ${start + 1}-${start + rows}`;
    lines.push(`    ${name}: ${part}`);
  }
  const head =
    order === 'shuffle'
      ? "- Order 'shuffle': each epoch visits the rows in a new random order. The order, epoch by epoch:"
      : `- Order 'sample': each step visits a row drawn at random, with replacement. The draws, by blocks of ${rows}:`;
  return [head, ...lines].join('\n');
}

/** When training stops: after one epoch, or at convergence or the last epoch. */
export function stopText({ order, maxEpochs }, rows, oneEpoch) {
  if (oneEpoch) {
    return order === 'sample'
      ? `- Run one epoch: the first ${rows} draws.`
      : `- Run one epoch: ${rows} steps, one per row.`;
  }
  if (order === 'sample') {
    return (
      `- After every ${rows} steps, training stops when w and b make no mistake on any of the ${rows} rows ` +
      `(under the mistake rule above); it stops in any case after ${rows * maxEpochs} steps.`
    );
  }
  return (
    `- Training stops at the end of the first epoch (a pass over the ${rows} rows) without a mistake, ` +
    `or after ${maxEpochs} epoch${maxEpochs === 1 ? '' : 's'}.`
  );
}

/**
 * The conventions, one a line: the start, the score, the mistake rule, the update and the
 * learning rate, the order (with `visits` written out unless cyclic), when training stops.
 */
export function conventionsText(options, { rows, dimension, visits, oneEpoch = false }) {
  const { mistakeRule, order, learningRate, fitIntercept } = options;
  const eta = formatNumber(learningRate);
  const start = formatVector(Array(dimension).fill(0));
  const update = fitIntercept
    ? `- On a mistake, update w ← w + η·y·x and b ← b + η·y, with learning rate η = ${eta}; otherwise w and b stay as they are.`
    : `- On a mistake, update w ← w + η·y·x, with learning rate η = ${eta}; otherwise w stays as it is. ` +
      'b stays 0: no intercept is learned.';
  return [
    'Conventions:',
    `- Start from w = ${start} and b = 0.`,
    '- At each step, take the row x with its label y and compute the score s = w·x + b.',
    `- ${RULES[mistakeRule]}`,
    update,
    orderText(order, visits, rows),
    stopText(options, rows, oneEpoch),
  ].join('\n');
}

/**
 * The statement of an exercise on a Perceptron run: the text (title, data, conventions,
 * question), X and y, the run's Perceptron options, the visit order when it is not cyclic, and
 * the kind's own fields.
 */
export function runStatement({ title, question, run, options, visits, oneEpoch = false, fields = {} }) {
  const { X, y } = run.data;
  const conventions = conventionsText(options, { rows: X.length, dimension: X[0].length, visits, oneEpoch });
  const text = [title, dataText(run.data, options.decimals), conventions, question].join('\n\n');
  return { text, X, y, options: run.perceptron, ...(visits ? { visitOrder: visits } : {}), ...fields };
}
