// 'margin': the geometric margin of a given (w, b) on the data, min_i y_i (w.x_i + b) / ||w||,
// with (w, b) where the perceptron stops; pw.analysis computes the key.
import { Malformed, close, makeCheck, readNumber, readObject } from './check.js';
import { describe } from '../../bindings/js/errors.js';
import { drawRun, meets, plain, visitsOf } from './training.js';
import { formatNumber, formatVector, runStatement } from './text.js';

/** The exercise drawn from one attempt's seed, or null when it misses the options. */
export function attempt(pw, options, seed, choice, budget) {
  const { rows, maxEpochs, fitIntercept } = options;
  const run = drawRun(pw, options, seed, budget, { whole: true, screen: (screened) => screened.converged });
  if (!run || !run.converged || !meets(run.trace, options)) return null;
  // (w, b) as the statement writes them (12 significant digits): the key is for these.
  const last = run.trace.at(-1);
  const weights = last.weights.map((v) => Number(formatNumber(v)));
  const bias = Number(formatNumber(last.bias));
  if (weights.every((v) => v === 0)) return null;
  const { X, y } = run.data;
  const { margin, row } = pw.analysis.margin(X, y, weights, bias);
  const byRow = Array.from(pw.analysis.signedDistances(X, weights, bias), (d, i) => d * y[i]);
  // Under 'sign' and 'strict' a run can converge with a row on the line: a margin of 0.
  const given = fitIntercept
    ? `w = ${formatVector(weights)} and b = ${formatNumber(bias)}`
    : `w = ${formatVector(weights)}`;
  const of = fitIntercept ? 'y·(w·x + b) / ||w||' : 'y·(w·x) / ||w||';
  const statement = runStatement({
    title: 'The perceptron: the margin of its (w, b).',
    question:
      `The perceptron converges on these rows (with the conventions above) at ${given}.\n` +
      `Question: what is the margin of ${fitIntercept ? '(w, b)' : 'w'} on the data, the smallest ${of} over ` +
      'the rows (||w|| the Euclidean norm)? Give it to 10 significant digits or more, and a row that reaches it.',
    run,
    options,
    visits: visitsOf(pw, run.perceptron, rows, rows * Math.min(maxEpochs, run.epochs + 1)),
    fields: { weights, bias },
  });
  const answer = plain({ margin, row });
  return { statement, answer, trace: run.trace, check: makeCheck((given) => judge(given, answer, byRow)) };
}

// A number, or {margin, row} (row optional: any row whose margin is the smallest).
function judge(given, key, byRow) {
  const object =
    typeof given === 'number' ? { margin: given } : readObject(given, 'the margin (a number) or {margin, row}');
  const margin = readNumber(object.margin, 'margin');
  if (!close(key.margin, margin)) return `margin is ${formatNumber(margin)}, expected ${formatNumber(key.margin)}`;
  if (object.row === undefined) return null;
  if (!Number.isInteger(object.row) || object.row < 0 || object.row >= byRow.length) {
    throw new Malformed(`row must be an integer from 0 to ${byRow.length - 1}; received ${describe(object.row)}`);
  }
  if (close(key.margin, byRow[object.row])) return null;
  return `row ${object.row} has margin ${formatNumber(byRow[object.row])}, not the smallest; expected a row such as ${key.row}`;
}
