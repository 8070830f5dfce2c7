// 'separable': are the two classes linearly separable? The key is pw.analysis.separability's
// answer with its certificate; check verifies the certificate a student gives, whichever it is.
import { describe } from '../../bindings/js/errors.js';
import { Malformed, close, makeCheck, readNumber, readObject, readVector } from './check.js';
import { drawData } from './data.js';
import { PURPOSE, purposeSeed, uniform } from './random.js';
import { perceptronOptions, plain, runPerceptron } from './training.js';
import { dataText, formatNumber } from './text.js';

/**
 * Whether the data is to be separable: the option, or a fair draw from the exercise's first
 * attempt; with the option data, the option or undefined (whatever the data is).
 */
export function choose(pw, options, seed) {
  if (options.data) return options.separable;
  return options.separable ?? uniform(pw, purposeSeed(seed, PURPOSE.choice), 2, 1)[0] === 1;
}

/**
 * The exercise drawn from one attempt's seed, or null when it misses `separable`. Separable data
 * comes from a hidden hyperplane, the other from coin-flip labels that pw.analysis finds
 * inseparable. The trace is the Perceptron's run on the data under the conventions.
 */
export function attempt(pw, options, seed, separable) {
  const data = drawData(pw, options, seed, separable ? 'plane' : 'random');
  if (!data) return null;
  const { X, y } = data;
  const { fitIntercept } = options;
  let answer;
  try {
    answer = plain(pw.analysis.separability(X, y, { fitIntercept }));
  } catch (error) {
    if (error instanceof RangeError) return null; // hulls closer than rounding can tell
    throw error;
  }
  if (separable !== undefined && answer.separable !== separable) return null;
  const perceptron = perceptronOptions(options, seed);
  const { trace } = runPerceptron(pw, data, perceptron);
  const statement = { text: text(data, options), X, y, options: perceptron };
  const radius = pw.analysis.radius(X);
  const check = makeCheck((given) => judge(pw, given, answer, { X, y, fitIntercept, radius }));
  return { statement, answer, trace, check };
}

function text(data, { decimals, fitIntercept }) {
  const question = fitIntercept
    ? [
        'Question: are the two classes linearly separable, that is, is there (w, b) with y·(w·x + b) > 0 for every row?',
        'If they are, answer {separable: true, w, b} with such a (w, b).',
        'If not, answer {separable: false, certificate}: one weight c_i >= 0 per row, summing to 1 over the rows of each ' +
          'class, such that the sum of c_i·x_i over the +1 rows equals the sum over the -1 rows (a point in both convex hulls).',
      ]
    : [
        'Question: are the two classes separable by a hyperplane through the origin (no intercept, b = 0), that is, ' +
          'is there w with y·(w·x) > 0 for every row?',
        'If they are, answer {separable: true, w} with such a w.',
        'If not, answer {separable: false, certificate}: one weight c_i >= 0 per row, summing to 1 over all the rows, ' +
          'such that the sum of c_i·y_i·x_i is 0.',
      ];
  return ['The perceptron: separable or not?', dataText(data, decimals), question.join('\n')].join('\n\n');
}

// {separable: true, w, b} or {separable: false, certificate}, the certificate verified.
function judge(pw, given, key, data) {
  const object = readObject(given, '{separable: true, w, b} or {separable: false, certificate}');
  if (typeof object.separable !== 'boolean') {
    throw new Malformed(`separable must be true or false; received ${describe(object.separable)}`);
  }
  if (object.separable !== key.separable) return `separable is ${object.separable}, expected ${key.separable}`;
  return object.separable ? judgeSeparator(pw, object, data) : judgeCertificate(object, data);
}

// (w, b) separates when every row's y (w.x + b) / ||w|| is above rounding: > 1e-9 x max(1, max ||x||).
function judgeSeparator(pw, object, { X, y, fitIntercept, radius }) {
  if (object.w === undefined)
    throw new Malformed(`the certificate is missing: expected w, a list of ${X[0].length} numbers`);
  const w = readVector(object.w, X[0].length, 'w');
  if (!fitIntercept && object.b !== undefined && object.b !== 0)
    return `b is ${describe(object.b)}, expected 0 (no intercept)`;
  const b = fitIntercept ? readNumber(object.b, 'b') : 0;
  if (w.every((v) => v === 0)) return 'w is 0: it separates nothing';
  const { margin, row } = pw.analysis.margin(X, y, w, b);
  if (margin > 1e-9 * Math.max(1, radius)) return null;
  return `row ${row} is not on its side: y·(w·x + b) / ||w|| is ${formatNumber(margin)}, expected > 0`;
}

// c >= 0, summing to 1 per class (over all rows without an intercept), the weighted sums equal.
function judgeCertificate(object, { X, y, fitIntercept, radius }) {
  if (object.certificate === undefined) {
    throw new Malformed(`the certificate is missing: expected certificate, a list of ${X.length} numbers`);
  }
  const c = readVector(object.certificate, X.length, 'certificate');
  const negative = c.findIndex((v) => v < -1e-9);
  if (negative >= 0) return `certificate[${negative}] is ${formatNumber(c[negative])}, expected >= 0`;
  const groups = fitIntercept ? [1, -1] : [null];
  for (const label of groups) {
    const sum = c.reduce((s, v, i) => (label === null || y[i] === label ? s + v : s), 0);
    const rows = label === null ? 'all rows' : `the ${label > 0 ? '+1' : '-1'} rows`;
    if (!close(1, sum)) return `the certificate's weights over ${rows} sum to ${formatNumber(sum)}, expected 1`;
  }
  // sum_i c_i y_i x_i: with an intercept, the +1 rows' weighted sum minus the -1 rows'.
  const gap = X[0].map((_, j) => X.reduce((s, x, i) => s + c[i] * y[i] * x[j], 0));
  const j = gap.findIndex((v) => Math.abs(v) > 1e-9 * Math.max(1, radius));
  if (j < 0) return null;
  const what = fitIntercept ? 'the +1 rows’ weighted sum minus the -1 rows’' : 'the sum of c_i·y_i·x_i';
  return `coordinate ${j} of ${what} is ${formatNumber(gap[j])}, expected 0`;
}
