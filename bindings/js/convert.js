// Conversions from what users pass to what the core reads: option objects, matrices (written
// straight into wasm memory by dataset.js), labels and vectors as typed arrays, checked for the
// shapes only JS can see (arrays, types). Values and ranges (NaN, Infinity, empty data) are
// checked in the C++ core, so one message serves native and WASM users alike. And back: flat
// Float64Arrays from wasm as plain arrays.
import { describe } from './errors.js';

export function isPlainObject(value) {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const isNumericArray = (value) => value instanceof Float64Array || value instanceof Float32Array;
export const isTypedArray = (value) => ArrayBuffer.isView(value) && !(value instanceof DataView);
const isBigIntArray = (value) => value instanceof BigInt64Array || value instanceof BigUint64Array;
// A typed array of numbers: not a DataView, nor a BigInt64Array/BigUint64Array (bigints).
const isNumberArray = (value) => isTypedArray(value) && !isBigIntArray(value);
// What to do about a BigInt64Array/BigUint64Array where numbers are expected: appended to the message.
const bigintHint = (value) =>
  isBigIntArray(value) ? ' (bigints are not numbers: convert with Array.from(a, Number))' : '';

/** An Array's entries checked to be numbers (a typed array of numbers holds nothing else). */
export function checkNumbers(array, where, name) {
  if (!Array.isArray(array)) return array;
  for (let k = 0; k < array.length; k++) {
    if (typeof array[k] !== 'number') {
      throw new TypeError(`${where}: ${name}[${k}] must be a number; received ${describe(array[k])}`);
    }
  }
  return array;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string has no lone surrogate (what UTF-8, which the core reads, can hold). */
export const isWellFormed = (value) => !LONE_SURROGATE.test(value);

/**
 * A string the core will read (as UTF-8), checked: a TypeError for a lone surrogate, which would
 * become U+FFFD and merge with other strings.
 */
export function checkWellFormed(value, where, name) {
  if (!isWellFormed(value)) {
    throw new TypeError(
      `${where}: ${name} must be a well-formed string (no lone surrogate); received ${describe(value)}`,
    );
  }
  return value;
}

/** The options object (or {} when undefined); with `known`, any other option name throws. */
export function checkOptionsObject(options, where, known) {
  if (options === undefined) return {};
  if (!isPlainObject(options)) {
    throw new TypeError(`${where}: options must be a plain object; received ${describe(options)}`);
  }
  if (known) {
    for (const name of Object.keys(options)) {
      if (!known.includes(name)) {
        throw new TypeError(`${where}: unknown option ${JSON.stringify(name)}; known options are ${known.join(', ')}`);
      }
    }
  }
  return options;
}

// X as number[][], or {data, rows, cols} with a row-major Float64Array/Float32Array, checked
// for the shapes only JS can see: {rows, cols, length, values, write(handle)} where values is
// {data}'s typed array, length its length (rows, cols and length are the core's to check when
// the handle is allocated) and write copies the values into the handle's rows * cols (wasm
// memory) with no copy in between. NaN/Infinity are checked in C++.
export function matrixSource(X, where, name = 'X') {
  if (Array.isArray(X)) {
    const rows = X.length;
    const cols = rows > 0 && (Array.isArray(X[0]) || isNumberArray(X[0])) ? X[0].length : 0;
    for (let i = 0; i < rows; i++) {
      const row = X[i];
      if (!Array.isArray(row) && !isNumberArray(row)) {
        throw new TypeError(
          `${where}: ${name}[${i}] must be an array of numbers (one row per example); received ${describe(row)}` +
            (typeof row === 'number' ? `; for a single example pass [x]` : bigintHint(row)),
        );
      }
      if (row.length !== cols) {
        throw new RangeError(
          `${where}: ${name} must have rows of equal length; ` +
            `${name}[0] has ${cols} values, ${name}[${i}] has ${row.length}`,
        );
      }
      checkNumbers(row, where, `${name}[${i}]`);
    }
    const write = (handle) => {
      const target = handle.view(); // right away: the next allocation may detach the view
      for (let i = 0; i < rows; i++) target.set(X[i], i * cols);
    };
    return { rows, cols, write };
  }
  if (X !== null && typeof X === 'object' && !isTypedArray(X) && 'data' in X) {
    const { data, rows, cols } = X;
    if (!isNumericArray(data)) {
      throw new TypeError(
        `${where}: ${name}.data must be a Float64Array or Float32Array (row-major); received ${describe(data)}`,
      );
    }
    return { rows, cols, length: data.length, values: data, write: (handle) => handle.view().set(data) };
  }
  throw new TypeError(
    `${where}: ${name} must be an array of rows (number[][]), {data, rows, cols} ` +
      `with a row-major Float64Array, CSR rows {indptr, indices, values, cols}, or a pw.Dataset; ` +
      `received ${describe(X)}`,
  );
}

// Labels: all numbers (an Array or a typed array) or all strings.
export function toLabels(y, where, name = 'y') {
  if (isNumberArray(y)) return { labels: Float64Array.from(y), numeric: true };
  if (!Array.isArray(y)) {
    throw new TypeError(
      `${where}: ${name} must be an array of labels (numbers or strings); received ${describe(y)}${bigintHint(y)}`,
    );
  }
  const numeric = y.length === 0 || typeof y[0] === 'number';
  for (let i = 0; i < y.length; i++) {
    const kind = typeof y[i];
    if (kind !== 'number' && kind !== 'string') {
      throw new TypeError(`${where}: ${name}[${i}] must be a number or a string; received ${describe(y[i])}`);
    }
    if (kind === 'string') checkWellFormed(y[i], where, `${name}[${i}]`);
    if ((kind === 'number') !== numeric) {
      throw new TypeError(
        `${where}: ${name} must hold only numbers or only strings; ` +
          `${name}[0] is a ${typeof y[0]}, ${name}[${i}] is ${describe(y[i])}`,
      );
    }
  }
  return { labels: numeric ? Float64Array.from(y) : y, numeric };
}

export function toVector(x, where, name) {
  if (isNumberArray(x)) return Float64Array.from(x);
  if (!Array.isArray(x)) {
    throw new TypeError(`${where}: ${name} must be an array of numbers; received ${describe(x)}${bigintHint(x)}`);
  }
  return Float64Array.from(checkNumbers(x, where, name));
}

export function checkLabel(y, where) {
  if (typeof y !== 'number' && typeof y !== 'string') {
    throw new TypeError(`${where}: y must be a label (a number or a string); received ${describe(y)}`);
  }
}

/** A boolean option: true or false, nothing else taken for either; `fallback` when undefined and given. */
export function booleanOption(value, where, name, fallback) {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new TypeError(`${where}: option ${name} must be true or false; received ${describe(value)}`);
  }
  return value;
}

/** A number argument or option (undefined passes when optional); ranges are the core's. */
export function numberOption(value, where, name, { optional = false } = {}) {
  if (optional && value === undefined) return undefined;
  if (typeof value !== 'number') throw new TypeError(`${where}: ${name} must be a number; received ${describe(value)}`);
  return value;
}

// A K x d row-major Float64Array as K plain arrays.
export function rowsOf(flat, rows) {
  const cols = rows > 0 ? flat.length / rows : 0;
  return Array.from({ length: rows }, (_, k) => Array.from(flat.subarray(k * cols, (k + 1) * cols)));
}
