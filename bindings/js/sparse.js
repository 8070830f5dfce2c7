// Sparse rows in CSR form, {indptr, indices, values, cols}, as every X may be given (and as
// pw.Dataset.fromSparse keeps them): row i's values are values[indptr[i]] .. values[indptr[i + 1]
// - 1], at the columns indices[indptr[i]] .. in any order (the core sorts a row and adds up a
// repeated column's values); the other values are 0. The core (data/matrix.hpp) trains on them
// with work proportional to the values stored, to the same bits as on the dense matrix. Checked
// here: the types and lengths JS can see; the structure (offsets, columns below cols) and the
// values (finite) by the core, naming the position.
import { describe } from './errors.js';
import { checkCount, isTypedArray } from './convert.js';

// The most columns sparse rows may have: every model keeps a weight per column (and per class),
// and wasm memory holds 4 GB.
const MAX_COLUMNS = 2 ** 24;

/** Whether X is given in CSR form (an object with indptr). */
export const isSparseInput = (X) => X !== null && typeof X === 'object' && !isTypedArray(X) && 'indptr' in X;

// An array of non-negative integers below 2^32 (indptr, indices): a Uint32Array as it is, an
// Int32Array or number[] checked value by value.
function indexArray(array, where, name) {
  if (array instanceof Uint32Array) return array;
  if (!(array instanceof Int32Array) && !Array.isArray(array)) {
    throw new TypeError(
      `${where}: ${name} must be a Uint32Array, an Int32Array or an array of integers; received ${describe(array)}`,
    );
  }
  for (let k = 0; k < array.length; k++) {
    const v = array[k];
    if (typeof v !== 'number')
      throw new TypeError(`${where}: ${name}[${k}] must be an integer; received ${describe(v)}`);
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) {
      throw new RangeError(`${where}: ${name}[${k}] must be an integer from 0 to 2^32 - 1; received ${describe(v)}`);
    }
  }
  return array;
}

/**
 * X in CSR form checked for what JS sees: {rows, cols, stored, write(handle), at(k), position(k)}
 * where write copies the three arrays into a handle allocated for them, at(k) is the k-th
 * stored value and position(k) its [row, column].
 */
export function sparseSource(X, where, name = 'X') {
  for (const key of Object.keys(X)) {
    if (!['indptr', 'indices', 'values', 'cols', 'rows'].includes(key)) {
      throw new TypeError(
        `${where}: ${name} in CSR form has {indptr, indices, values, cols} (rows optional); ` +
          `unknown field ${JSON.stringify(key)}`,
      );
    }
  }
  const indptr = indexArray(X.indptr, where, `${name}.indptr`);
  const indices = indexArray(X.indices, where, `${name}.indices`);
  const { values } = X;
  if (!(values instanceof Float64Array) && !(values instanceof Float32Array) && !Array.isArray(values)) {
    throw new TypeError(
      `${where}: ${name}.values must be a Float64Array, a Float32Array or an array of numbers; received ${describe(values)}`,
    );
  }
  if (Array.isArray(values)) {
    for (let k = 0; k < values.length; k++) {
      if (typeof values[k] !== 'number') {
        throw new TypeError(`${where}: ${name}.values[${k}] must be a number; received ${describe(values[k])}`);
      }
    }
  }
  const cols = checkCount(X.cols, where, `${name}.cols`);
  if (cols > MAX_COLUMNS) {
    throw new RangeError(
      `${where}: ${name}.cols must be at most 2^24 = ${MAX_COLUMNS} for sparse rows (a model keeps weights ` +
        `for every column; hashing's 24 bits reach the same); received ${cols}`,
    );
  }
  if (indptr.length === 0) {
    throw new RangeError(`${where}: ${name}.indptr must hold rows + 1 offsets (at least one); received 0`);
  }
  const rows = indptr.length - 1;
  if (X.rows !== undefined && checkCount(X.rows, where, `${name}.rows`) !== rows) {
    throw new RangeError(
      `${where}: ${name}.indptr must hold rows + 1 = ${X.rows + 1} offsets; received ${indptr.length}`,
    );
  }
  if (indices.length !== values.length) {
    throw new RangeError(
      `${where}: ${name}.indices and ${name}.values must have one entry per stored value; ` +
        `received ${indices.length} indices and ${values.length} values`,
    );
  }
  const stored = values.length;
  const write = (handle) => {
    // Each view right before its copy: an allocation in between could detach it.
    handle.sparseView('indptr').set(indptr);
    handle.sparseView('indices').set(indices);
    handle.sparseView('values').set(values);
  };
  const position = (k) => {
    let low = 0;
    let high = rows - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (indptr[mid] <= k) low = mid;
      else high = mid - 1;
    }
    return [low, indices[k]];
  };
  return { rows, cols, stored, sparse: true, write, at: (k) => values[k], position };
}
