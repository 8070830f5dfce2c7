// The data of an exercise: small, readable points drawn from the core's generator (random.js),
// labelled by a hidden hyperplane (separable data) or by fair coin flips (data that may not be).
import { describe } from '../../bindings/js/errors.js';
import { PURPOSE, purposeSeed, uniform } from './random.js';

// A drawn attempt looks at this many candidate points per row, skipping repeats and points on
// the hidden hyperplane.
const CANDIDATES_PER_ROW = 3;
// The hidden hyperplane's weights are integers from -PLANE to PLANE.
const PLANE = 3;

/**
 * X and y for one attempt, or null when the draws do not give `rows` distinct points, each label
 * on a third of them or more (one at least). Coordinates are integers (decimals 0) or multiples of 0.1 (decimals 1) from -range to
 * range, worked out in whole units of 10^-decimals so that no rounding decides a label.
 * - 'plane': y = sign(w*.x + b*) for a hidden integer w* (and b*, 0 without an intercept), the
 *   points on it skipped: separable, with an intercept or through the origin as fitIntercept says.
 * - 'random': y drawn +1 or -1 with probability 1/2 each.
 * With the option data, its rows (a copy).
 */
export function drawData(pw, { data, rows, dimension, range, decimals, fitIntercept }, attempt, labelling) {
  if (data) return { X: data.X.map((x) => [...x]), y: [...data.y] };
  const unit = 10 ** decimals;
  const reach = range * unit;
  const candidates = CANDIDATES_PER_ROW * rows;
  const draw = (purpose, bound, count) => uniform(pw, purposeSeed(attempt, purpose), bound, count);
  const coordinates = draw(PURPOSE.coordinates, 2 * reach + 1, candidates * dimension).map((v) => v - reach);
  let label;
  if (labelling === 'plane') {
    const w = draw(PURPOSE.plane, 2 * PLANE + 1, dimension).map((v) => v - PLANE);
    if (w.every((v) => v === 0)) return null;
    const b = fitIntercept ? draw(PURPOSE.offset, 2 * reach + 1, 1)[0] - reach : 0;
    label = (x) => Math.sign(x.reduce((sum, v, j) => sum + v * w[j], b));
  } else {
    const coins = draw(PURPOSE.labels, 2, candidates);
    label = (x, i) => 2 * coins[i] - 1;
  }
  const points = [];
  const y = [];
  const seen = new Set();
  for (let i = 0; i < candidates && points.length < rows; i++) {
    const x = coordinates.slice(i * dimension, (i + 1) * dimension);
    const key = x.join(' ');
    const sign = label(x, i);
    if (seen.has(key) || sign === 0) continue;
    seen.add(key);
    points.push(x);
    y.push(sign);
  }
  // Both labels, each on a third of the rows or more (one at least).
  const fewest = Math.max(1, Math.floor(rows / 3));
  const positives = y.filter((label) => label > 0).length;
  if (points.length < rows || Math.min(positives, rows - positives) < fewest) return null;
  return { X: points.map((x) => x.map((v) => v / unit)), y };
}

/**
 * The option data, checked: {X, y} with X rows of finite numbers, as many as limits.rows allows,
 * each with as many as limits.dimension allows, and y one label per row, +1 or -1, both present.
 * A copy, -0 as 0.
 */
export function readData(data, limits) {
  const where = 'exercise: option data';
  const fail = (Error, what, expected, value) => {
    throw new Error(`${where}: ${what} must be ${expected}; received ${describe(value)}`);
  };
  if (data === null || typeof data !== 'object' || Array.isArray(data)) fail(TypeError, 'data', '{X, y}', data);
  const { X, y } = data;
  const [fewest, most] = limits.rows;
  if (!Array.isArray(X)) fail(TypeError, 'X', 'an array of rows', X);
  if (X.length < fewest || X.length > most) fail(RangeError, 'X', `an array of ${fewest} to ${most} rows`, X);
  const [narrowest, widest] = limits.dimension;
  const width = Array.isArray(X[0]) ? X[0].length : 0;
  X.forEach((x, i) => {
    const expected =
      i === 0
        ? `an array of ${narrowest} to ${widest} numbers`
        : `an array of ${width} number${width === 1 ? '' : 's'}, as X[0]`;
    if (!Array.isArray(x)) fail(TypeError, `X[${i}]`, expected, x);
    if (x.length !== width || width < narrowest || width > widest) fail(RangeError, `X[${i}]`, expected, x);
    x.forEach((v, j) => {
      if (typeof v !== 'number') fail(TypeError, `X[${i}][${j}]`, 'a finite number', v);
      if (!Number.isFinite(v)) fail(RangeError, `X[${i}][${j}]`, 'a finite number', v);
    });
  });
  if (!Array.isArray(y)) fail(TypeError, 'y', `an array of ${X.length} labels, +1 or -1`, y);
  if (y.length !== X.length) fail(RangeError, 'y', `an array of ${X.length} labels (one per row of X)`, y);
  y.forEach((label, i) => {
    if (label !== 1 && label !== -1)
      fail(typeof label === 'number' ? RangeError : TypeError, `y[${i}]`, '1 or -1', label);
  });
  if (!y.includes(1) || !y.includes(-1)) fail(RangeError, 'y', 'labels of both classes, +1 and -1', y);
  return { X: X.map((x) => x.map((v) => v + 0)), y: [...y] };
}
