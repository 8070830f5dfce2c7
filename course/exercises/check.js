// What every kind's check(answer) shares: the tolerance, reading an answer's numbers and
// {weights, bias}, the first difference in words, and a check that never throws.
import { describe } from '../../bindings/js/errors.js';
import { formatNumber } from './text.js';
import { close } from '../../web/shell/tolerance.js';

/** close(expected, received): the course tools' one tolerance, 1e-9 x max(1, |expected|). */
export { close };

/** A malformed answer: check turns it into {correct: false, message}. */
export class Malformed extends Error {}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isList = (value) => Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));

/** A finite number, or Malformed naming `what` and what it received. */
export function readNumber(value, what) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Malformed(`${what} must be a finite number; received ${describe(value)}`);
  }
  return value;
}

/** A list of `length` finite numbers (an array or a typed array). */
export function readVector(value, length, what) {
  if (!isList(value) || value.length !== length) {
    throw new Malformed(`${what} must be a list of ${length} numbers; received ${describe(value)}`);
  }
  return Array.from(value, (v, j) => readNumber(v, `${what}[${j}]`));
}

/** An object (not an array), or Malformed saying what was expected. */
export function readObject(value, expected) {
  if (!isObject(value) || isList(value)) throw new Malformed(`expected ${expected}; received ${describe(value)}`);
  return value;
}

/**
 * {weights, bias} of `dimension` weights; without an intercept the bias may be left out (it is
 * 0). `where` prefixes the messages ("step 3: ").
 */
export function readWeights(value, { dimension, fitIntercept }, where = '') {
  const shape = `{weights, bias} with weights a list of ${dimension} numbers`;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Malformed(`${where}expected ${shape}; received ${describe(value)}`);
  }
  const object = value;
  const weights = readVector(object.weights, dimension, `${where}weights`);
  const bias = !fitIntercept && object.bias === undefined ? 0 : readNumber(object.bias, `${where}bias`);
  return { weights, bias };
}

/** "weights[1] is 2, expected -1": the first of `fields` that differs, or null. */
export function difference(received, expected, where = '') {
  for (const [field, value] of Object.entries(expected)) {
    const given = received[field];
    if (Array.isArray(value)) {
      const j = value.findIndex((v, k) => !close(v, given[k]));
      if (j >= 0) return `${where}${field}[${j}] is ${formatNumber(given[j])}, expected ${formatNumber(value[j])}`;
    } else if (typeof value === 'boolean') {
      if (given !== undefined && given !== value) return `${where}${field} is ${given}, expected ${value}`;
    } else if (!close(value, given)) {
      return `${where}${field} is ${formatNumber(given)}, expected ${formatNumber(value)}`;
    }
  }
  return null;
}

/**
 * check(answer) for a kind's `judge` (the message of what is wrong, or null when nothing is):
 * {correct, message}, never a throw. A malformed answer, or anything the judge did not foresee,
 * is {correct: false} with a message saying why; a right one has the message `right` (a string,
 * or a function of the answer that says what was checked).
 */
export function makeCheck(judge, right = 'correct') {
  return function check(answer) {
    try {
      const message = judge(answer);
      if (message) return { correct: false, message };
      return { correct: true, message: typeof right === 'function' ? right(answer) : right };
    } catch (error) {
      if (error instanceof Malformed) return { correct: false, message: error.message };
      return { correct: false, message: `the answer could not be checked: ${error?.message ?? String(error)}` };
    }
  };
}
