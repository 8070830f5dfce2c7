// The page's side of a worker request (../worker-client.js) before and after it crosses to the
// worker: options split into those handled here (callbacks, signal) and those sent, the shapes
// the worker cannot see as sent, and errors revived as the classes they had there.
import { CsvError, DisposedError, NotFittedError, describe as describeValue } from './errors.js';

const ERROR_CLASSES = { TypeError, RangeError, SyntaxError, ReferenceError, NotFittedError, DisposedError };
export const CSV_OPTIONS_HERE = ['onProgress', 'signal'];
export const FIT_OPTIONS_HERE = ['onEpoch', 'onProgress', 'signal'];
export const ARRAYS_OPTIONS_HERE = ['signal'];

// An error the worker sent as {name, message, line, column, stack}, as the class it had there.
export function reviveError({ name, message, line, column, stack }) {
  let error;
  if (name === 'CsvError') error = new CsvError(message, line, column);
  else if (name === 'AbortError') error = new DOMException(message, 'AbortError');
  else if (Object.hasOwn(ERROR_CLASSES, name)) error = new ERROR_CLASSES[name](message);
  else {
    error = new Error(message);
    error.name = name;
  }
  // The worker's stack says where it happened; this side's would only show the message handler.
  if (stack && name !== 'AbortError') {
    try {
      error.stack = `${stack}\n    (in the perceptron-wasm worker)`;
    } catch {
      // A read-only stack (DOMException in some engines): keep the local one.
    }
  }
  return error;
}

export function abortError(where, reason) {
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException(
    `${where}: cancelled${reason === undefined ? '' : ` (${String(reason?.message ?? reason)})`}`,
    'AbortError',
  );
}

// errors.js's describe, objects named by their class (the page's shapes the worker cannot take).
export const describe = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? `an object (${Object.prototype.toString.call(value).slice(8, -1)})`
    : describeValue(value);

// The options minus the ones handled on this side (callbacks, signal), checked for their types.
export function split(options, here, where) {
  if (options === undefined || options === null) return { local: {}, remote: {} };
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${where}: options must be an object; received ${describe(options)}`);
  }
  const local = {};
  const remote = {};
  for (const [key, value] of Object.entries(options)) (here.includes(key) ? local : remote)[key] = value;
  for (const key of here) {
    const value = local[key];
    if (value === undefined) continue;
    if (key === 'signal') {
      if (value === null || typeof value !== 'object' || typeof value.aborted !== 'boolean') {
        throw new TypeError(`${where}: option signal must be an AbortSignal; received ${describe(value)}`);
      }
    } else if (typeof value !== 'function') {
      throw new TypeError(`${where}: option ${key} must be a function; received ${describe(value)}`);
    }
  }
  return { local, remote };
}

export const idOf = (datasetId) =>
  datasetId !== null && typeof datasetId === 'object' ? datasetId.datasetId : datasetId;
const isNumericArray = (value) => value instanceof Float64Array || value instanceof Float32Array;

// loadArrays' X (number[][], {data, rows, cols} or sparse rows {indptr, indices, values, cols})
// and y (an array of numbers or strings, or a typed array of numbers): the shapes that might not
// reach the worker as sent (the values, and y's length, are checked there, as Dataset.fromArray
// checks them).
export const isSparseRows = (X) => X !== null && typeof X === 'object' && !Array.isArray(X) && 'indptr' in X;
export function checkArrays(X, y, where) {
  // An array: rows (number[][]) or records {name: value} (the worker checks each row).
  if (!Array.isArray(X) && !isSparseRows(X) && !(X !== null && typeof X === 'object' && isNumericArray(X.data))) {
    throw new TypeError(
      `${where}: X must be an array of rows (number[][]), {data, rows, cols} with a row-major Float64Array ` +
        `or Float32Array, or sparse rows {indptr, indices, values, cols}; received ${describe(X)}`,
    );
  }
  if (y !== undefined && y !== null && !Array.isArray(y) && !(ArrayBuffer.isView(y) && !(y instanceof DataView))) {
    throw new TypeError(`${where}: y must be an array of labels (numbers or strings); received ${describe(y)}`);
  }
}

export const isBlob = (value) => typeof Blob !== 'undefined' && value instanceof Blob;
export const isReadableStream = (value) => typeof ReadableStream !== 'undefined' && value instanceof ReadableStream;

/**
 * What a file argument may be: a Blob/File or a ReadableStream (transferred: the list returned),
 * text or bytes (copied); anything else is a TypeError naming `name`.
 */
export function checkFile(file, where, name = 'file') {
  const stream = isReadableStream(file);
  if (
    !isBlob(file) &&
    !stream &&
    typeof file !== 'string' &&
    !(file instanceof ArrayBuffer) &&
    !ArrayBuffer.isView(file)
  ) {
    throw new TypeError(
      `${where}: ${name} must be a Blob or File, a ReadableStream, a string, an ArrayBuffer or a typed array; ` +
        `received ${describe(file)}`,
    );
  }
  return stream ? [file] : [];
}

/** loadCsv's, loadArrays' and fit's prepare: (...args) => {message, transfer, local} (../worker-client.js). */
export const PREPARE = {
  loadCsv(file, options) {
    const where = 'loadCsv';
    const { local, remote } = split(options, CSV_OPTIONS_HERE, where);
    return { message: { type: 'loadCsv', file, options: remote }, transfer: checkFile(file, where), local };
  },
  loadArrays(X, y, options) {
    const where = 'loadArrays';
    const { local, remote } = split(options, ARRAYS_OPTIONS_HERE, where);
    const { transfer = false, ...rest } = remote;
    if (typeof transfer !== 'boolean') {
      throw new TypeError(`${where}: option transfer must be true or false; received ${describe(transfer)}`);
    }
    checkArrays(X, y, where);
    if (transfer && (Array.isArray(X) || isSparseRows(X))) {
      throw new TypeError(`${where}: option transfer moves X.data's buffer: give X as {data, rows, cols}`);
    }
    return {
      message: { type: 'loadArrays', X, y: y ?? undefined, options: rest },
      transfer: transfer ? [X.data.buffer] : [],
      local,
    };
  },
  fit(modelKind, options, datasetId, fitOptions) {
    const where = 'fit';
    const { local, remote } = split(fitOptions, FIT_OPTIONS_HERE, where);
    if (!local.onEpoch && ((remote.epochWeights ?? false) !== false || (remote.trainError ?? false) !== false)) {
      throw new TypeError(`${where}: options epochWeights and trainError add to onEpoch's events: give onEpoch too`);
    }
    const message = {
      type: 'fit',
      modelKind,
      options,
      datasetId: idOf(datasetId),
      fitOptions: remote,
      epochs: !!local.onEpoch,
      progress: !!local.onProgress,
    };
    return { message, local };
  },
  read: (datasetId) => ({ message: { type: 'read', datasetId: idOf(datasetId) }, local: {} }),
  dispose: (datasetId) => ({ message: { type: 'dispose', datasetId: idOf(datasetId) }, local: {} }),
  memory: () => ({ message: { type: 'memory' }, local: {} }),
};
