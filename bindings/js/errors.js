// The errors the package throws, and the one place where the core's {error, message} results
// become JS errors. Messages name the function ("Perceptron.fit: ..."), the argument, the
// expected and the received value; describe() words the received value.

/** Thrown when a model is asked to predict (or similar) before it has learned anything. */
export class NotFittedError extends TypeError {
  constructor(message) {
    super(message);
    this.name = 'NotFittedError';
  }
}

/** Thrown when a model is used after dispose(). */
export class DisposedError extends TypeError {
  constructor(message) {
    super(message);
    this.name = 'DisposedError';
  }
}

/**
 * Thrown when CSV text is not what it should be: `line` and `column` (1-based; the header is
 * line 1; `column` counts fields) say where.
 */
export class CsvError extends RangeError {
  constructor(message, line, column) {
    super(message);
    this.name = 'CsvError';
    this.line = line;
    this.column = column;
  }
}

// The error names the core may report (bindings/embind/), as JS classes.
const ERROR_CLASSES = { TypeError, RangeError, NotFittedError };

/** A received value in words, for error messages. */
export function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (value instanceof DataView) return `a DataView of ${value.byteLength} bytes`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of length ${value.length}`;
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value)}`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `the bigint ${value}n`;
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}

/** Throws the core's {error, message} result as the matching JS error, prefixed by `where`. */
export function raise(result, where) {
  if (result.error === 'CsvError') throw new CsvError(`${where}: ${result.message}`, result.line, result.column);
  const ErrorClass = ERROR_CLASSES[result.error] ?? Error;
  throw new ErrorClass(`${where}: ${result.message}`);
}

// The result of a core call: its value, or a thrown JS error.
export function unwrap(result, where) {
  if (result !== null && typeof result === 'object' && typeof result.error === 'string' && 'message' in result) {
    raise(result, where);
  }
  return result;
}

/** An AbortSignal option, checked: a TypeError naming it unless undefined or signal-like. */
export function checkSignal(signal, where) {
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || typeof signal.aborted !== 'boolean')) {
    throw new TypeError(`${where}: option signal must be an AbortSignal; received ${describe(signal)}`);
  }
  return signal;
}

/** The error an aborted call throws: the signal's reason when it is an AbortError, else one naming it. */
export function abortError(signal, where) {
  const reason = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException(`${where}: aborted${reason === undefined ? '' : ` (${String(reason)})`}`, 'AbortError');
}
