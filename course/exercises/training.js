// The package's Perceptron run on an exercise's data, its steps as plain objects, and the
// conditions an attempt's trace must meet (options mistakes and zeroScore, no rounding doubt).
import { drawData } from './data.js';
import { mistakeRange } from './options.js';
import { PURPOSE, purposeSeed } from './random.js';

/** -0 as 0, so that a record survives JSON.stringify unchanged. */
const zero = (v) => (v === 0 ? 0 : v);

/** A record (a step, an analysis) as a plain object: numbers, booleans, labels and plain arrays. */
export function plain(record) {
  const copy = {};
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value) || ArrayBuffer.isView(value)) copy[key] = Array.from(value, zero);
    else copy[key] = typeof value === 'number' ? zero(value) : value;
  }
  return copy;
}

/**
 * The Perceptron options of an attempt's run: the conventions, and the seed of its order when
 * the order is not cyclic. new pw.Perceptron(them).fit(X, y) gives the run's trace.
 */
export function perceptronOptions({ mistakeRule, order, learningRate, fitIntercept, maxEpochs }, attempt) {
  const options = { mistakeRule, order, learningRate, fitIntercept, maxEpochs };
  if (order !== 'cyclic') options.seed = purposeSeed(attempt, PURPOSE.perceptron);
  return options;
}

/** The run's trace (at most `limit` steps), and whether it converged. */
export function runPerceptron(pw, { X, y }, options, limit = Infinity) {
  const model = new pw.Perceptron(options);
  try {
    const trace = [];
    const onStep = (step) => {
      trace.push(plain(step));
      if (trace.length >= limit) return false;
    };
    const report = model.fit(X, y, { onStep });
    return { trace, converged: report.converged, epochs: report.epochs };
  } finally {
    model.dispose();
  }
}

/** The number of mistakes of a trace. */
export const mistakesOf = (trace) => trace.reduce((sum, step) => sum + (step.mistake ? 1 : 0), 0);

/** Whether a step after the first has a score of exactly 0. */
export const hasZeroScore = (trace) => trace.some((step) => step.t > 1 && step.score === 0);

/**
 * Whether the trace meets the options: a number of mistakes in the range of `mistakes`, a zero
 * score or none as asked,
 * and no score that rounding may have moved off 0. Exactly, every score is learningRate times a
 * multiple of 10^(-2 decimals); one within 1e-9 * learningRate of 0 but not 0 is an exact 0 that
 * rounding moved, where a student's exact arithmetic and the package's could disagree.
 */
export function meets(trace, { mistakes, zeroScore, learningRate }) {
  const [least, most] = mistakeRange(mistakes);
  const count = mistakesOf(trace);
  if (count < least || count > most) return false;
  if (zeroScore !== undefined && hasZeroScore(trace) !== zeroScore) return false;
  return !trace.some((step) => step.score !== 0 && Math.abs(step.score) < 1e-9 * learningRate);
}

/**
 * One attempt's data (separable, from a hidden hyperplane) and the Perceptron's run on it (at
 * most `limit` steps), or null when the draws gave no data.
 */
export function drawRun(pw, options, attempt, limit) {
  const data = drawData(pw, options, attempt, 'plane');
  if (!data) return null;
  const perceptron = perceptronOptions(options, attempt);
  return { data, perceptron, ...runPerceptron(pw, data, perceptron, limit) };
}

/** The rows of the first `count` steps as pw.visitOrder gives them; null for 'cyclic'. */
export function visitsOf(pw, { order, seed }, rows, count) {
  return order === 'cyclic' ? null : Array.from(pw.visitOrder({ order, seed, rows, count }));
}
