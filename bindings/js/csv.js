// CSV in: pw.Dataset.fromCsv and fromStream (text fed in chunks to the core's reader, straight
// into wasm memory: bindings/embind/csv.cpp, src/perceptron/csv/), and pw.csv.parse / preview
// (the same tokenizer, as strings). The core reads the options objects (csv/options.hpp: names,
// types, values); here only what it cannot see: a string with a lone surrogate, which reaches it
// as another character. The core's file errors become pw.CsvError.
import { abortError, checkSignal, describe, unwrap } from './errors.js';
import { checkOptionsObject, checkWellFormed, isWellFormed } from './convert.js';
import { nodeFs } from './node-fs.js';

const CHUNK = 1 << 20; // bytes handed to the core at a time
const encoder = new TextEncoder();
// fromStream's options of its own (totalBytes and onProgress checked by the core).
const STREAM_OPTIONS = ['onProgress', 'signal', 'totalBytes'];

// The options object with its strings checked for lone surrogates (the delimiter, column names).
function checkStrings(options, where) {
  const { delimiter, label, features } = checkOptionsObject(options, where);
  if (typeof delimiter === 'string' && !isWellFormed(delimiter)) {
    throw new RangeError(`${where}: delimiter must be one of ",", ";", "\\t" or "|"; received ${describe(delimiter)}`);
  }
  if (typeof label === 'string') checkWellFormed(label, where, 'option label');
  if (Array.isArray(features)) {
    features.forEach((name, k) => typeof name === 'string' && checkWellFormed(name, where, `option features[${k}]`));
  }
  return options ?? {};
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
    const { stat } = await nodeFs();
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
  // A core reader with the options checked (`caller`: the wrapper's own options in them).
  function start(options, where, caller = []) {
    const reader = new core.CsvReader();
    try {
      unwrap(reader.start(options, caller), where);
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
    const reader = start(checkStrings(options, where), where);
    try {
      const text = bytesOf(input, where) ?? input;
      reader.open(text.length);
      feedText(reader, text, where);
    } catch (error) {
      reader.delete();
      throw error;
    }
    return finish(reader, where);
  }

  async function fromStream(source, options) {
    const where = 'Dataset.fromStream';
    const reader = start(checkStrings(options, where), where, STREAM_OPTIONS);
    let chunks;
    let onAbort;
    const { onProgress, signal, totalBytes } = options ?? {};
    try {
      checkSignal(signal, where);
      if (signal?.aborted) throw abortError(signal, where);
      chunks = chunksOf(source, where);
      if (totalBytes !== undefined) chunks.totalBytes ??= totalBytes;
      if (chunks.path && chunks.totalBytes === null) chunks.totalBytes = await fileSize(chunks.path);
      // An abort rejects at once, even while the stream is waiting for its next chunk.
      const aborted = new Promise((_, reject) => {
        onAbort = () => reject(abortError(signal, where));
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      aborted.catch(() => {});
      reader.open(chunks.totalBytes ?? 0);
      let bytesRead = 0;
      for (;;) {
        const { done, value } = await (signal ? Promise.race([chunks.next(), aborted]) : chunks.next());
        if (signal?.aborted) throw abortError(signal, where);
        if (done) break;
        bytesRead += feedText(reader, bytesOf(value, where, 'a chunk of the stream') ?? value, where);
        onProgress?.({ bytesRead, totalBytes: chunks.totalBytes, rows: reader.rows() });
      }
    } catch (error) {
      reader.delete();
      chunks?.stop();
      throw error;
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
    return finish(reader, where);
  }

  function parseWith(input, options, where, guess) {
    const settings = checkStrings(options, where);
    const bytes = bytesOf(input, where);
    const text = bytes ?? input;
    const size = typeof text === 'string' ? text.length : text.byteLength;
    // A preview reads a growing prefix until it has its rows; parse reads everything.
    for (let prefix = guess ? 1 << 16 : size; ; prefix *= 16) {
      const complete = prefix >= size;
      // A string's prefix keeps whole UTF-16 pairs (a lone half is not UTF-8).
      const last = typeof text === 'string' ? text.charCodeAt(prefix - 1) : 0;
      const part = complete ? text : text.slice(0, last >= 0xd800 && last <= 0xdbff ? prefix - 1 : prefix);
      // A string goes in as TextEncoder's UTF-8, as fromCsv's does (a lone surrogate is U+FFFD).
      const input = typeof part === 'string' ? encoder.encode(part) : part;
      const { enough, ...table } = unwrap(core.csvParse(input, settings, complete, guess), where);
      if (complete || enough) return table;
    }
  }

  const csv = Object.freeze({
    /** The text as strings: {delimiter, header, rows}. */
    parse: (input, options) => parseWith(input, options, 'csv.parse', false),
    /** The first rows (20 by default) and a guess per column: {delimiter, header, rows, columns}. */
    preview: (input, options) => parseWith(input, options, 'csv.preview', true),
  });

  return { fromCsv, fromStream, csv };
}
