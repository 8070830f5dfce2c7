// pw.Dataset: a matrix and its labels inside wasm memory (bindings/embind/dataset.cpp), filled
// once and then passed to every call without copying. Everything that takes X reaches the core
// through here: a Dataset's own handle, or a temporary handle filled from number[][] or
// {data, rows, cols} for the length of one call (withTemporaries frees it).
import { DisposedError, describe, unwrap } from './errors.js';
import { checkOptionsObject, checkWellFormed, isTypedArray, matrixSource, toLabels } from './convert.js';
import { makeCsv } from './csv.js';
import { isSparseInput, sparseSource } from './sparse.js';

// The method behind Dataset.fromArray for the Worker's loadArrays, not part of the public API.
export const fromArrays = Symbol('perceptron-wasm: fromArray as loadArrays');
const disposeSymbol = Symbol.dispose ?? Symbol.for('nodejs.dispose');
const internal = Symbol('Dataset.internal');

/** Runs fn(temporaries) and frees every core handle it pushed there, whatever happens. */
export function withTemporaries(fn) {
  const temporaries = [];
  try {
    return fn(temporaries);
  } finally {
    for (const handle of temporaries) handle.delete();
  }
}

// Doubles handed to the core per call when it narrows them to a float32 Dataset (512 KB).
const NARROW_CHUNK = 1 << 16;

/**
 * The Dataset class for one loaded core, and the functions the other modules use to turn what
 * users pass into core handles.
 * @param core the Embind module instance
 */
export function makeDataset(core) {
  const registry = new FinalizationRegistry((handle) => handle.delete());
  let isDataset;
  let handleOf;
  let useOf;
  let build;

  // A new handle that fillIn(handle) fills; freed when fillIn throws. The caller owns it.
  function newHandle(fillIn) {
    const handle = new core.DatasetHandle();
    try {
      fillIn(handle);
    } catch (error) {
      handle.delete();
      throw error;
    }
    return handle;
  }

  // Writes X (number[][], {data, rows, cols}, a typed array with shape, or CSR {indptr, indices,
  // values, cols}) into a handle as `dtype` (by default float32 when X's values are a
  // Float32Array, else float64), not yet checked for finite values (nor, sparse, its
  // structure); returns the dtype. The core narrows doubles for a float32 handle, naming a value
  // beyond float32's range as fromCsv does: dense ones as they arrive (narrowing), sparse ones
  // staged as float64.
  function writeMatrix(handle, X, where, name, dtype) {
    const sparse = isSparseInput(X);
    const source = sparse ? sparseSource(X, where, name) : matrixSource(X, where, name);
    const float32 = source.values instanceof Float32Array;
    dtype ??= float32 ? 'float32' : 'float64';
    const narrow = dtype === 'float32' && !float32;
    if (sparse) unwrap(handle.allocateSparse(...source.lengths, narrow ? 'float64' : dtype, name), where);
    else unwrap(handle.allocate(source.rows, source.cols, source.length, dtype, name), where);
    if (narrow && !sparse) narrowing(handle, where, name, source.write);
    else source.write(handle);
    unwrap(handle.finish(name, narrow && sparse), where); // sparse rows in any order: sorted, repeats added up
    return dtype;
  }

  // A source's doubles into a dense float32 handle through the core, a chunk at a time: the
  // source writes (in order) into a stand-in for the handle's view.
  function narrowing(handle, where, name, write) {
    const chunk = new Float64Array(NARROW_CHUNK);
    let [start, filled] = [0, 0];
    const flush = () => {
      if (filled > 0) unwrap(handle.writeNarrowed(start, chunk.subarray(0, filled), name), where);
      [start, filled] = [start + filled, 0];
    };
    const target = {
      set(values, offset = 0) {
        if (offset !== start + filled) {
          flush();
          start = offset;
        }
        for (let k = 0; k < values.length;) {
          const n = Math.min(values.length - k, NARROW_CHUNK - filled);
          chunk.set(ArrayBuffer.isView(values) ? values.subarray(k, k + n) : values.slice(k, k + n), filled);
          [filled, k] = [filled + n, k + n];
          if (filled === NARROW_CHUNK) flush();
        }
      },
    };
    write({ view: () => target });
    flush();
  }

  // A new handle holding X for one call, in X's own dtype: Float32Array values are read as
  // stored and trained on in float32 arithmetic. The caller owns it.
  const fill = (X, where, name) =>
    newHandle((handle) => {
      if (writeMatrix(handle, X, where, name) === 'float32') unwrap(handle.check(name), where);
    });

  /** A matrix with its labels in wasm memory; see index.d.ts. */
  class Dataset {
    #handle;
    #uses = 0; // calls running on this Dataset (a fit whose callback may try to dispose it)

    constructor(token, handle) {
      if (token !== internal) {
        throw new TypeError('new Dataset: build one with pw.Dataset.fromArray(X, shape, labels, {dtype})');
      }
      this.#handle = handle;
      registry.register(this, handle, this);
    }

    static {
      // A real Dataset (not an object made from its prototype, nor one from another core).
      isDataset = (value) => value !== null && typeof value === 'object' && #handle in value;
      handleOf = (dataset, where, name) => {
        if (!isDataset(dataset)) {
          throw new TypeError(`${where}: ${name} is not a Dataset; received ${describe(dataset)}`);
        }
        if (dataset.#handle === null) {
          throw new DisposedError(`${where}: ${name} is a disposed Dataset; build a new one with pw.Dataset.fromArray`);
        }
        return dataset.#handle;
      };
      // The handle for a call that may run user code (fit's callbacks) while the core reads it:
      // the Dataset cannot be disposed until withTemporaries ends the call.
      useOf = (dataset, where, name, temporaries) => {
        const handle = handleOf(dataset, where, name);
        dataset.#uses += 1;
        temporaries.push({ delete: () => (dataset.#uses -= 1) });
        return handle;
      };
    }

    /** X as number[][], {data, rows, cols}, or a Float64Array/Float32Array with shape {rows, cols}. */
    static fromArray(X, shape, labels, options) {
      return Dataset[fromArrays](X, shape, labels, options, 'Dataset.fromArray', 'labels');
    }

    // fromArray for the Worker's loadArrays (bindings/worker.js): its errors say `where` and call
    // the labels `labelsName` (y), as loadArrays names them.
    static [fromArrays](X, shape, labels, options, where = 'loadArrays', labelsName = 'y') {
      const settings = checkOptionsObject(options, where);
      const dtype = unwrap(core.arrayDtype(settings), where); // the names, the dtype, featureNames: the core's
      if (isDataset(X)) {
        throw new TypeError(
          `${where}: X is a Dataset already; fromArray builds one from arrays: pass the Dataset itself where X is expected`,
        );
      }
      // The shape ({rows, cols}; a typed array needs one) is the core's to check, and X's own.
      const typed = isTypedArray(X) ? X.constructor.name : '';
      const [rows, cols] = unwrap(core.arrayShape(shape, typed, null, null), where);
      const given = rows === undefined || typed ? undefined : matrixSource(X, where);
      if (given) unwrap(core.arrayShape(shape, typed, given.rows, given.cols), where);
      const matrix = typed ? { data: X, rows, cols } : X;
      return build(where, matrix, labels, dtype, settings.featureNames, labelsName);
    }

    /** X in CSR form {indptr, indices, values, cols}: kept sparse; see index.d.ts. */
    static fromSparse(X, labels, options) {
      const where = 'Dataset.fromSparse';
      const settings = checkOptionsObject(options, where);
      const dtype = unwrap(core.arrayDtype(settings), where);
      if (!isSparseInput(X)) {
        throw new TypeError(
          `${where}: X must be {indptr, indices, values, cols} (CSR: rows' offsets, column indices, values); ` +
            `received ${describe(X)}`,
        );
      }
      return build(where, X, labels, dtype, settings.featureNames);
    }

    static {
      // A Dataset of X (dense or CSR), checked, with labels and feature names when given.
      build = (where, X, labels, dtype, featureNames, labelsName = 'labels') => {
        const encoded = labels === undefined || labels === null ? undefined : toLabels(labels, where, labelsName);
        featureNames?.forEach((featureName, j) => checkWellFormed(featureName, where, `option featureNames[${j}]`));
        const handle = newHandle((target) => {
          writeMatrix(target, X, where, 'X', dtype);
          unwrap(target.check('X'), where);
          if (encoded) unwrap(target.setLabels(encoded.labels, encoded.numeric, labelsName, 'X'), where);
          if (featureNames !== undefined) unwrap(target.setFeatureNames(featureNames), where);
        });
        return new Dataset(internal, handle);
      };
    }

    /**
     * Reads CSV text (a string, Uint8Array or ArrayBuffer) into a Dataset; see index.d.ts for
     * the options. File errors are pw.CsvError with line and column.
     */
    static fromCsv(input, options) {
      return csv.fromCsv(input, options);
    }

    /**
     * A seeded 2-D dataset: kind 'separable', 'gaussians', 'xor', 'circles', 'spiral' or
     * 'blobs', options {rows, seed, margin, noise}; the same points everywhere for a seed.
     */
    static generate(kind, options) {
      const where = 'Dataset.generate';
      const settings = checkOptionsObject(options, where, ['rows', 'seed', 'margin', 'noise']);
      return new Dataset(
        internal,
        newHandle((handle) => unwrap(handle.generate({ ...settings, kind }), where)),
      );
    }

    /** Reads a CSV stream (ReadableStream, Blob or File, Node readable) chunk by chunk. */
    static fromStream(source, options) {
      return csv.fromStream(source, options);
    }

    /** {data, rows, cols}: a copy of the values, a Float64Array or Float32Array by dtype (a sparse one spread out). */
    toArray() {
      return unwrap(handleOf(this, 'Dataset.toArray', 'this').toArray(), 'Dataset.toArray');
    }

    /** {indptr, indices, values, rows, cols}: a copy of the values that are not 0, dense or not. */
    toSparse() {
      return handleOf(this, 'Dataset.toSparse', 'this').toSparse();
    }

    /** Frees the wasm memory now (a FinalizationRegistry does it eventually otherwise). */
    dispose() {
      if (!isDataset(this)) handleOf(this, 'Dataset.dispose', 'this'); // throws
      if (this.#handle === null) return;
      if (this.#uses > 0) {
        throw new TypeError(
          'Dataset.dispose: the Dataset is being trained on (dispose called from an onStep/onEpoch ' +
            'callback of fit); dispose it after fit returns',
        );
      }
      registry.unregister(this);
      this.#handle.delete();
      this.#handle = null;
    }

    [disposeSymbol]() {
      if (!isDataset(this)) handleOf(this, 'Dataset[Symbol.dispose]', 'this'); // throws
      this.dispose();
    }

    get [Symbol.toStringTag]() {
      return 'Dataset';
    }
  }

  // rows, cols, dtype ('float64' or 'float32'), featureNames (given, or x1, x2, ...), classes
  // (sorted; [] without labels), labels (a copy in their original values; null without them),
  // sparse (CSR: fromSparse, bagOfWords), stored (rows * cols, or the entries a sparse one keeps)
  // and droppedRows (CSV rows left out by missing: 'drop'): the handle's answers.
  const getters = 'rows droppedRows cols dtype featureNames classes labels sparse stored';
  for (const name of getters.split(' ')) {
    Object.defineProperty(Dataset.prototype, name, {
      get() {
        return handleOf(this, `Dataset.${name}`, 'this')[name]();
      },
      configurable: true,
    });
  }

  // A Dataset over a handle made by the core (a split, a CSV file): the Dataset owns it.
  const adopt = (handle) => new Dataset(internal, handle);
  const csv = makeCsv(core, (fillIn) => adopt(newHandle(fillIn)));

  // X as a core handle for one call: a Dataset's own, a temporary of named rows (features.js)
  // as it is, or a temporary filled from X.
  function matrixHandle(X, where, temporaries, name = 'X') {
    if (isDataset(X)) return useOf(X, where, name, temporaries);
    if (X instanceof core.DatasetHandle) return X;
    const handle = fill(X, where, name);
    temporaries.push(handle);
    return handle;
  }

  // X with labels for one call: a Dataset's own labels when y is undefined, else y (X's values
  // shared, never copied when X is a Dataset). `check` checks X before the labels, as training
  // always has; `prefix` is '' or 'validation.'.
  function labelledHandle(X, y, where, temporaries, { prefix = '', check = true } = {}) {
    const xName = `${prefix}X`;
    const yName = `${prefix}y`;
    if (isDataset(X)) {
      const source = useOf(X, where, xName, temporaries);
      if (y === undefined) {
        if (!source.labelled()) {
          throw new TypeError(`${where}: ${xName} is a Dataset without labels; give ${yName}, or build it with labels`);
        }
        return source;
      }
      const { labels, numeric } = toLabels(y, where, yName);
      const handle = new core.DatasetHandle();
      temporaries.push(handle);
      unwrap(handle.shareWithLabels(source, labels, numeric, yName, xName), where);
      return handle;
    }
    if (y === undefined) toLabels(y, where, yName); // throws: arrays need their labels
    const handle = matrixHandle(X, where, temporaries, xName);
    const { labels, numeric } = toLabels(y, where, yName);
    if (check) unwrap(handle.check(xName), where);
    unwrap(handle.setLabels(labels, numeric, yName, xName), where);
    return handle;
  }

  // `source` scaled as (x - shift) / scale, a temporary with the same labels.
  function scaledHandle(source, scaler, where, temporaries) {
    const handle = new core.DatasetHandle();
    temporaries.push(handle);
    unwrap(handle.scaleFrom(source, scaler.shift, scaler.scale), where);
    return handle;
  }

  return { Dataset, isDataset, adopt, matrixHandle, labelledHandle, scaledHandle, csv: csv.csv };
}
