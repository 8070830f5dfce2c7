// CSV in: pw.Dataset.fromCsv and fromStream (text fed in chunks to the core's reader, straight
// into wasm memory: bindings/embind/csv.cpp, src/perceptron/csv/), and pw.csv.parse / preview
// (the same tokenizer, as strings). Options are checked for their types here; the delimiter and
// everything about the file is checked in the core, whose file errors become pw.CsvError.
import { abortError, checkSignal, describe, unwrap } from './errors.js';
import { checkOptionsObject, checkWellFormed, isWellFormed } from './convert.js';

const CHUNK = 1 << 20; // bytes handed to the core at a time
const encoder = new TextEncoder();
const MAX_ROWS = 0xffffffff;

// The dialect options as the core reads them: {delimiter: '' (detect) or the text, header}.
function dialect(options, where) {
  const { delimiter, header = 'auto' } = options;
  if (delimiter !== undefined && typeof delimiter !== 'string') {
    throw new TypeError(`${where}: option delimiter must be ",", ";", "\\t" or "|"; received ${describe(delimiter)}`);
  }
  if (delimiter === '' || (delimiter !== undefined && !isWellFormed(delimiter))) {
    // '' is how the core is told to detect it (leave the option out for that), and a lone
    // surrogate would reach it as another character.
    throw new RangeError(
      `${where}: option delimiter must be ",", ";", "\\t" or "|" (leave it out to detect it); received ${describe(delimiter)}`,
    );
  }
  if (header !== true && header !== false && header !== 'auto') {
    throw new (typeof header === 'string' ? RangeError : TypeError)(
      `${where}: option header must be true, false or 'auto'; received ${describe(header)}`,
    );
  }
  return { delimiter: delimiter ?? '', header: header === 'auto' ? 'auto' : header ? 'present' : 'absent' };
}

// A column given by 0-based index or by header name, as {kind, index, name}.
function columnRef(value, where, name) {
  if (typeof value === 'string') return { kind: 'name', index: 0, name: checkWellFormed(value, where, name) };
  if (Number.isInteger(value) && value >= 0 && value <= MAX_ROWS) return { kind: 'index', index: value, name: '' };
  throw new (typeof value === 'number' ? RangeError : TypeError)(
    `${where}: ${name} must be a column name (string) or a 0-based column index; received ${describe(value)}`,
  );
}

const DATASET_OPTIONS = ['delimiter', 'header', 'label', 'features', 'missing', 'dtype'];

// fromCsv/fromStream's options for the core's reader.
function readerOptions(options, where) {
  const { label, features, missing = 'error', dtype = 'float64' } = options;
  if (missing !== 'error' && missing !== 'drop') {
    throw new (typeof missing === 'string' ? RangeError : TypeError)(
      `${where}: option missing must be 'error' or 'drop'; received ${describe(missing)}`,
    );
  }
  if (dtype !== 'float64' && dtype !== 'float32') {
    throw new (typeof dtype === 'string' ? RangeError : TypeError)(
      `${where}: option dtype must be 'float64' or 'float32'; received ${describe(dtype)}`,
    );
  }
  let featureRefs = null;
  if (features !== undefined) {
    if (!Array.isArray(features) || features.length === 0) {
      throw new TypeError(
        `${where}: option features must be a non-empty array of column names or indices; received ${describe(features)}`,
      );
    }
    featureRefs = Array.from(features, (f, k) => columnRef(f, where, `features[${k}]`)); // holes too
  }
  return {
    ...dialect(options, where),
    label:
      label === undefined
        ? { kind: 'last', index: 0, name: '' }
        : label === null
          ? { kind: 'none', index: 0, name: '' }
          : columnRef(label, where, 'option label'),
    features: featureRefs,
    drop: missing === 'drop',
    dtype,
  };
}

// The text as bytes: a Uint8Array (an ArrayBuffer or any view's bytes), or null for a string.
function bytesOf(input, where, name = 'input') {
  if (typeof input === 'string') return null;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw new TypeError(
    `${where}: ${name} must be a string, a Uint8Array or an ArrayBuffer; received ${describe(input)}`,
  );
}

// Writes text (a string or bytes) to the reader in chunks of at most CHUNK bytes; returns the
// bytes written.
function feedText(reader, text, where) {
  if (typeof text !== 'string') {
    for (let at = 0; at < text.length; at += CHUNK) {
      const piece = text.subarray(at, at + CHUNK);
      unwrap(reader.buffer(piece.length), where).set(piece);
      unwrap(reader.feed(piece.length), where);
    }
    return text.length;
  }
  // A string is encoded into wasm memory directly, a slice of whole UTF-16 pairs at a time (a
  // lone half of a pair would become U+FFFD).
  const chars = CHUNK / 4;
  let bytes = 0;
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + chars);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    const target = unwrap(reader.buffer((end - at) * 3), where);
    const { written } = encoder.encodeInto(text.slice(at, end), target);
    unwrap(reader.feed(written), where);
    bytes += written;
    at = end;
  }
  return bytes;
}

// The size of the file a Node fs.ReadStream reads (null if it cannot be known).
async function fileSize(path) {
  try {
    const fsModule = 'node:fs/promises'; // a variable: bundlers leave it alone
    const { stat } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule);
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

// The chunks of a stream source as an async iterator of Uint8Array or string, its size when
// known, and a function that stops it.
function chunksOf(source, where) {
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    const stream = source.stream();
    return { ...chunksOf(stream, where), totalBytes: source.size };
  }
  if (source !== null && typeof source === 'object' && typeof source.getReader === 'function') {
    const reader = source.getReader();
    return {
      totalBytes: null,
      next: () => reader.read(),
      stop: () => reader.cancel().catch(() => {}),
    };
  }
  if (source !== null && typeof source === 'object' && typeof source[Symbol.asyncIterator] === 'function') {
    const iterator = source[Symbol.asyncIterator]();
    return {
      totalBytes: null,
      path:
        typeof source.path === 'string' && source.start === undefined && source.end === Infinity ? source.path : null,
      next: () => iterator.next(),
      stop: () => {
        if (typeof iterator.return === 'function') iterator.return().catch?.(() => {});
        if (typeof source.destroy === 'function') source.destroy();
      },
    };
  }
  throw new TypeError(
    `${where}: source must be a ReadableStream, a Blob or File, or a Node readable stream; received ${describe(source)}`,
  );
}

/**
 * Dataset.fromCsv, Dataset.fromStream and pw.csv for one loaded core.
 * @param core the Embind module instance
 * @param build makes a Dataset of a new DatasetHandle that build's argument fills (freed if it throws)
 */
export function makeCsv(core, build) {
  // A core reader set up with the options; the caller feeds it and then calls finish.
  function open(settings, where, expectedBytes) {
    const reader = new core.CsvReader();
    try {
      unwrap(reader.start({ ...settings, expectedBytes: expectedBytes ?? 0 }), where);
    } catch (error) {
      reader.delete();
      throw error;
    }
    return reader;
  }

  // The end of the text: the Dataset, or the file's error. The reader is freed either way.
  function finish(reader, where) {
    try {
      return build((handle) => unwrap(reader.finish(handle), where));
    } finally {
      reader.delete();
    }
  }

  function fromCsv(input, options) {
    const where = 'Dataset.fromCsv';
    const settings = readerOptions(checkOptionsObject(options, where, DATASET_OPTIONS), where);
    const text = bytesOf(input, where) ?? input;
    const reader = open(settings, where, text.length);
    try {
      feedText(reader, text, where);
    } catch (error) {
      reader.delete();
      throw error;
    }
    return finish(reader, where);
  }

  async function fromStream(source, options) {
    const where = 'Dataset.fromStream';
    const settings = {
      ...checkOptionsObject(options, where, [...DATASET_OPTIONS, 'onProgress', 'signal', 'totalBytes']),
    };
    const { onProgress, signal, totalBytes } = settings;
    delete settings.onProgress;
    delete settings.signal;
    delete settings.totalBytes;
    if (totalBytes !== undefined && !(Number.isSafeInteger(totalBytes) && totalBytes >= 0)) {
      throw new (typeof totalBytes === 'number' ? RangeError : TypeError)(
        `${where}: option totalBytes must be a non-negative integer (the stream's size in bytes); received ${describe(totalBytes)}`,
      );
    }
    if (onProgress !== undefined && typeof onProgress !== 'function') {
      throw new TypeError(`${where}: option onProgress must be a function; received ${describe(onProgress)}`);
    }
    checkSignal(signal, where);
    const parsed = readerOptions(settings, where);
    if (signal?.aborted) throw abortError(signal, where);
    const chunks = chunksOf(source, where);
    if (totalBytes !== undefined) chunks.totalBytes ??= totalBytes;
    if (chunks.path && chunks.totalBytes === null) chunks.totalBytes = await fileSize(chunks.path);
    // An abort rejects at once, even while the stream is waiting for its next chunk.
    let onAbort;
    const aborted = new Promise((_, reject) => {
      onAbort = () => reject(abortError(signal, where));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => {});
    let reader;
    try {
      reader = open(parsed, where, chunks.totalBytes);
      let bytesRead = 0;
      for (;;) {
        const { done, value } = await (signal ? Promise.race([chunks.next(), aborted]) : chunks.next());
        if (signal?.aborted) throw abortError(signal, where);
        if (done) break;
        if (typeof value !== 'string' && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer)) {
          throw new TypeError(`${where}: the stream gave ${describe(value)}; expected bytes (Uint8Array) or text`);
        }
        bytesRead += feedText(reader, bytesOf(value, where) ?? value, where);
        onProgress?.({ bytesRead, totalBytes: chunks.totalBytes, rows: reader.rows() });
      }
    } catch (error) {
      reader?.delete();
      chunks.stop();
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    return finish(reader, where);
  }

  function parseWith(input, options, where, known, guess) {
    const settings = checkOptionsObject(options, where, known);
    const { maxRows = guess ? 20 : Infinity } = settings;
    if (typeof maxRows !== 'number' || !(maxRows >= 0) || (maxRows !== Infinity && !Number.isInteger(maxRows))) {
      throw new (typeof maxRows === 'number' ? RangeError : TypeError)(
        `${where}: option maxRows must be a non-negative integer or Infinity; received ${describe(maxRows)}`,
      );
    }
    const bytes = bytesOf(input, where);
    const text = bytes ?? input;
    const size = typeof text === 'string' ? text.length : text.byteLength;
    const limit = Math.min(maxRows, MAX_ROWS);
    // A preview reads a growing prefix until it has its rows; parse reads everything.
    for (let prefix = guess ? 1 << 16 : size; ; prefix *= 16) {
      const complete = prefix >= size;
      // A string's prefix keeps whole UTF-16 pairs (a lone half is not UTF-8).
      const last = typeof text === 'string' ? text.charCodeAt(prefix - 1) : 0;
      const part = complete ? text : text.slice(0, last >= 0xd800 && last <= 0xdbff ? prefix - 1 : prefix);
      // A string goes in as TextEncoder's UTF-8, as fromCsv's does (a lone surrogate is U+FFFD).
      const input = typeof part === 'string' ? encoder.encode(part) : part;
      const result = unwrap(core.csvParse(input, dialect(settings, where), limit, complete, guess), where);
      if (complete || result.rows.length >= limit) return result;
    }
  }

  const csv = Object.freeze({
    /** The text as strings: {delimiter, header, rows}. */
    parse: (input, options) => parseWith(input, options, 'csv.parse', ['delimiter', 'header', 'maxRows'], false),
    /** The first rows (20 by default) and a guess per column: {delimiter, header, rows, columns}. */
    preview: (input, options) => parseWith(input, options, 'csv.preview', ['delimiter', 'header', 'maxRows'], true),
  });

  return { fromCsv, fromStream, csv };
}
