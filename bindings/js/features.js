// Named features: rows given as records {name: value} (wink-perceptron's shape), mapped to the
// columns of sparse rows (CSR, sparse.js) by a vocabulary or by feature hashing.
//   - A vocabulary: every name seen, sorted by code point, one column each. A model
//     learns it at fit (or at its first partialFit) and saves it in its JSON; later names that
//     are not in it are left out (a stream with new names takes hashing).
//   - Hashing {bits}, as scikit-learn's HashingVectorizer (alternate_sign): h is
//     MurmurHash3_x86_32 of the name's UTF-8 with seed 0, read as a signed 32-bit integer; the
//     name goes to column |h| mod 2^bits (h = -2^31 to column 0) and adds -value when h < 0,
//     value otherwise. Values of names sharing a column add up.
import { describe } from './errors.js';
import { checkOptionsObject, checkWellFormed, isPlainObject } from './convert.js';
import { compareCodePoints } from './model-json.js';

const encoder = new TextEncoder();

/** MurmurHash3_x86_32 of `bytes` (a Uint8Array) with `seed`, as an unsigned 32-bit integer. */
export function murmur3(bytes, seed = 0) {
  let h = seed >>> 0;
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const blocks = bytes.length >>> 2;
  for (let i = 0; i < blocks; i++) {
    const o = i * 4;
    let k = bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  const tail = blocks * 4;
  switch (bytes.length & 3) {
    case 3:
      k ^= bytes[tail + 2] << 16;
    // falls through
    case 2:
      k ^= bytes[tail + 1] << 8;
    // falls through
    case 1:
      k ^= bytes[tail];
      k = Math.imul(k, c1);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, c2);
      h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A name's hashed column and sign among 2^bits columns (scikit-learn's HashingVectorizer). */
export function hashedColumn(name, bits) {
  const signed = murmur3(encoder.encode(name)) | 0;
  // abs(h) mod 2^bits, as scikit-learn computes it (abs of -2^31 stays 2^31).
  const column = Math.abs(signed) % 2 ** bits;
  return { column, sign: signed >= 0 ? 1 : -1 };
}

/** The hashing option checked: {bits} with bits an integer from 1 to 24 (undefined passes). */
export function checkHashing(hashing, where) {
  if (hashing === undefined) return undefined;
  const { bits } = checkOptionsObject(hashing, `${where}: option hashing`, ['bits']);
  if (typeof bits !== 'number') {
    throw new TypeError(`${where}: option hashing.bits must be an integer from 1 to 24; received ${describe(bits)}`);
  }
  if (!Number.isInteger(bits) || bits < 1 || bits > 24) {
    throw new RangeError(`${where}: option hashing.bits must be an integer from 1 to 24; received ${describe(bits)}`);
  }
  return Object.freeze({ bits });
}

/** Whether X is rows given as records: an array whose first row is a plain object. */
export const isRecords = (X) => Array.isArray(X) && X.length > 0 && isPlainObject(X[0]);

// Each record's entries checked: [name, value] pairs with finite-number... (values are checked
// for finiteness by the core, as every X is).
function entriesOf(record, where, name, i) {
  if (!isPlainObject(record)) {
    throw new TypeError(
      `${where}: ${name}[${i}] must be a record {feature: value} like ${name}[0]; received ${describe(record)}`,
    );
  }
  const entries = Object.entries(record);
  for (const [feature, value] of entries) {
    if (typeof value !== 'number') {
      throw new TypeError(
        `${where}: ${name}[${i}][${JSON.stringify(feature)}] must be a number; received ${describe(value)}`,
      );
    }
    checkWellFormed(feature, where, `a feature name of ${name}[${i}]`);
  }
  return entries;
}

/**
 * The columns of named features: a vocabulary (a Map name -> column, grown by learn) or hashing.
 * toCsr(records) gives their CSR rows ({indptr, indices, values, cols}) over its columns.
 */
export class FeatureMap {
  #hashing;
  #vocabulary;
  #cache = new Map();

  constructor({ hashing, vocabulary = [] } = {}) {
    this.#hashing = hashing;
    this.#vocabulary = new Map(vocabulary.map((name, j) => [name, j]));
  }

  get hashing() {
    return this.#hashing;
  }

  /** The vocabulary's names by column ([] with hashing). */
  get vocabulary() {
    return [...this.#vocabulary.keys()];
  }

  get cols() {
    return this.#hashing ? 2 ** this.#hashing.bits : this.#vocabulary.size;
  }

  /** A new map whose vocabulary holds every name of `records` (a copy of this one's hashing). */
  learned(records, where, name = 'X') {
    if (this.#hashing) return this;
    const names = new Set();
    records.forEach((record, i) => {
      for (const [feature] of entriesOf(record, where, name, i)) names.add(feature);
    });
    return new FeatureMap({ vocabulary: [...names].sort(compareCodePoints) });
  }

  /** `records` as CSR rows over this map's columns; names outside the vocabulary are left out. */
  toCsr(records, where, name = 'X') {
    if (!Array.isArray(records)) {
      throw new TypeError(
        `${where}: ${name} must be an array of records {feature: value}; received ${describe(records)}`,
      );
    }
    const indptr = new Uint32Array(records.length + 1);
    let indices = new Uint32Array(1024);
    let values = new Float64Array(1024);
    let stored = 0;
    const column = this.#hashing ? this.#hashedColumn.bind(this) : (feature) => this.#vocabulary.get(feature);
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      if (!isPlainObject(record)) {
        throw new TypeError(
          `${where}: ${name}[${i}] must be a record {feature: value} like ${name}[0]; received ${describe(record)}`,
        );
      }
      const start = stored;
      let sorted = true;
      for (const feature in record) {
        if (!Object.hasOwn(record, feature)) continue;
        const value = record[feature];
        if (typeof value !== 'number') {
          throw new TypeError(
            `${where}: ${name}[${i}][${JSON.stringify(feature)}] must be a number; received ${describe(value)}`,
          );
        }
        const signed = column(feature, where, name, i);
        if (signed === undefined) continue; // a name outside the vocabulary
        if (stored === indices.length) {
          indices = grow(indices);
          values = grow(values);
        }
        // Hashed columns carry their sign: -(c + 1) for column c with a negative hash.
        const c = signed < 0 ? -signed - 1 : signed;
        indices[stored] = c;
        values[stored] = signed < 0 ? -value : value;
        if (stored > start && c <= indices[stored - 1]) sorted = false;
        stored++;
      }
      if (!sorted) stored = start + sortRow(indices, values, start, stored);
      indptr[i + 1] = stored;
    }
    return { indptr, indices: indices.subarray(0, stored), values: values.subarray(0, stored), cols: this.cols };
  }

  // A name's hashed column, -(column + 1) when its value is negated; cached, names repeat.
  #hashedColumn(feature, where, name, i) {
    let signed = this.#cache.get(feature);
    if (signed === undefined) {
      checkWellFormed(feature, where, `a feature name of ${name}[${i}]`);
      const { column, sign } = hashedColumn(feature, this.#hashing.bits);
      signed = sign > 0 ? column : -column - 1;
      if (this.#cache.size >= CACHE_SIZE) this.#cache.clear();
      this.#cache.set(feature, signed);
    }
    return signed;
  }
}

// The most names a hashing map remembers (then it starts over).
const CACHE_SIZE = 1 << 20;

const grow = (array) => {
  const bigger = new array.constructor(array.length * 2);
  bigger.set(array);
  return bigger;
};

// Sorts the entries start..end - 1 of a row by column (stable: a repeated column's values add
// up in the record's order); returns how many entries the row keeps. The sort is the typed
// arrays' numeric one on keys column * 2^20 + position (columns < 2^24; a row of 2^20 entries
// or more takes the generic sort).
let keys = new Float64Array(256);
let rowColumns = new Uint32Array(256);
let rowValues = new Float64Array(256);
function sortRow(indices, values, start, end) {
  const n = end - start;
  if (keys.length < n) {
    keys = new Float64Array(2 * n);
    rowColumns = new Uint32Array(2 * n);
    rowValues = new Float64Array(2 * n);
  }
  if (n < 1048576) {
    for (let k = 0; k < n; k++) keys[k] = indices[start + k] * 1048576 + k;
    const sorted = keys.subarray(0, n).sort();
    for (let k = 0; k < n; k++) {
      const column = Math.floor(sorted[k] / 1048576);
      rowColumns[k] = column;
      rowValues[k] = values[start + (sorted[k] - column * 1048576)];
    }
  } else {
    const order = Array.from({ length: n }, (_, k) => start + k).sort((p, q) => indices[p] - indices[q]);
    order.forEach((position, k) => {
      rowColumns[k] = indices[position];
      rowValues[k] = values[position];
    });
  }
  let kept = 0;
  for (let k = 0; k < n; k++) {
    if (kept > 0 && rowColumns[k] === indices[start + kept - 1]) {
      values[start + kept - 1] += rowValues[k];
    } else {
      indices[start + kept] = rowColumns[k];
      values[start + kept] = rowValues[k];
      kept++;
    }
  }
  return kept;
}

/**
 * A call's X (and its validation set's X) with records turned into CSR rows over `map`, after
 * learning a vocabulary from X when `learn` (fit, a trainer, a first partialFit): {X,
 * validation, map}; the caller keeps `map` once the call succeeded. Arrays and Datasets pass
 * as they are.
 */
export function namedInput(map, X, where, { learn = false, validation } = {}) {
  const validationNamed = isPlainObject(validation) && isRecords(validation.X);
  if (!isRecords(X)) {
    if (validationNamed) {
      throw new TypeError(`${where}: option validation.X holds records {feature: value}, but X does not`);
    }
    // Trained afresh on arrays, the model has no feature names any more (hashing stays).
    return { X, validation, map: learn && !map.hashing ? new FeatureMap() : map };
  }
  const used = learn ? map.learned(X, where) : map;
  if (used.cols === 0 && learn) {
    throw new RangeError(`${where}: X's records hold no feature name; received ${X.length} empty records`);
  }
  if (used.cols === 0) {
    throw new TypeError(
      `${where}: X holds records {feature: value}, but the model has no feature names: ` +
        'it was fitted on arrays (or not yet), or give the hashing option',
    );
  }
  return {
    X: used.toCsr(X, where),
    validation: validationNamed ? { ...validation, X: used.toCsr(validation.X, where, 'validation.X') } : validation,
    map: used,
  };
}
