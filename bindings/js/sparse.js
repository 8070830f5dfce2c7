// Sparse rows in CSR form, {indptr, indices, values, cols}, as every X may be given (and as
// pw.Dataset.fromSparse keeps them): row i's values are values[indptr[i]] .. values[indptr[i + 1]
// - 1], at the columns indices[indptr[i]] .. in any order (the core sorts a row and adds up a
// repeated column's values); the other values are 0. The core (data/matrix.hpp) trains on them
// with work proportional to the values stored, to the same bits as on the dense matrix. Checked
// here: the types JS can see; cols and rows (counts), the lengths, the structure (offsets,
// columns below cols) and the values (finite) by the core (allocate_given_csr, check_structure),
// naming the position.
import { describe } from './errors.js';
import { checkNumbers, isTypedArray } from './convert.js';

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
 * X in CSR form checked for what JS sees: {lengths, values, write(handle)} where lengths are
 * DatasetHandle.allocateSparse's (indptr's, cols, indices', values', rows or undefined) and write copies
 * the three arrays into a handle allocated for them.
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
  checkNumbers(values, where, `${name}.values`);
  // Each view right before its copy: an allocation in between could detach it.
  const write = (handle) =>
    Object.entries({ indptr, indices, values }).forEach(([k, a]) => handle.sparseView(k).set(a));
  return { lengths: [indptr.length, X.cols, indices.length, values.length, X.rows], values, write };
}
