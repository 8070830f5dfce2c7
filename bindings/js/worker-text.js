// The worker's text datasets (js/worker-host.js): loadText reads a CSV with a text column into a
// bag of words (pw.text.bagOfWords over the documents, the labels from another column) and keeps
// the documents in the worker; document(datasetId, row) gives one back with its words' places.
import { abortError, yieldToMessages } from './worker-tools.js';
import { CsvError } from './errors.js';

const TEXT_OPTIONS = [
  'text',
  'label',
  'delimiter',
  'header',
  'lowercase',
  'ngram',
  'binary',
  'hashing',
  'missing',
  'dtype',
];
const MISSING = new Set(['', 'NA', 'NaN', '?']);

/**
 * The text of a file: a string as it is; bytes, a Blob or a ReadableStream decoded as UTF-8 (a
 * Blob or stream chunk by chunk, reporting {bytesRead, totalBytes, rows: 0} and stopping on a
 * cancel between chunks).
 */
export async function readText(file, { signal, progress, where, totalBytes = null }) {
  if (typeof file === 'string') return { text: file, bytes: new TextEncoder().encode(file).length };
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const decode = (bytes, stream) => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      throw new CsvError(`${where}: the file is not valid UTF-8`, 1, 1);
    }
  };
  if (file instanceof ArrayBuffer || ArrayBuffer.isView(file)) {
    const bytes =
      file instanceof ArrayBuffer
        ? new Uint8Array(file)
        : new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
    return { text: decode(bytes, false), bytes: bytes.length };
  }
  const blob = typeof Blob !== 'undefined' && file instanceof Blob;
  const reader = (blob ? file.stream() : file).getReader();
  const total = blob ? file.size : totalBytes;
  const parts = [];
  let bytesRead = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw abortError(where);
      if (done) break;
      bytesRead += value.byteLength;
      parts.push(decode(value, true));
      progress.update({ bytesRead, totalBytes: total, rows: 0 });
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
  parts.push(decode(new Uint8Array(0), false));
  return { text: parts.join(''), bytes: bytesRead };
}

// A column given by name (in the header) or 0-based index, as Dataset.fromCsv's label option.
function columnOf(value, header, width, where, name) {
  if (typeof value === 'string') {
    const at = header ? header.indexOf(value) : -1;
    if (at < 0) {
      const names = header
        ? `the header's columns are ${header.map((h) => JSON.stringify(h)).join(', ')}`
        : 'the file has no header';
      throw new CsvError(`${where}: option ${name} ${JSON.stringify(value)} is not a column (${names})`, 1, 1);
    }
    return at;
  }
  if (!Number.isInteger(value) || value < 0) {
    throw new (typeof value === 'number' ? RangeError : TypeError)(
      `${where}: option ${name} must be a column name or a 0-based index; received ${JSON.stringify(value) ?? String(value)}`,
    );
  }
  if (value >= width)
    throw new CsvError(`${where}: option ${name} is column ${value}, but the first row has ${width} columns`, 1, 1);
  return value;
}

/**
 * The documents and labels of a parsed CSV ({header, rows}), with each row's line: the text
 * column (option text; default the column named "text", else the first other than the label's)
 * and the label column (option label; default the column named "label", else the last other than
 * the text's; null: no labels). A row too short for them, or a missing label, is a CsvError at
 * its line and column (missing: 'drop' leaves a row without a label out).
 */
export function documentsOf(table, options, where) {
  const { header, rows } = table;
  const width = header ? header.length : (rows[0]?.length ?? 0);
  const named = (name) => (header ? header.findIndex((h) => h.trim().toLowerCase() === name) : -1);
  let label =
    options.label === null
      ? null
      : options.label === undefined
        ? named('label')
        : columnOf(options.label, header, width, where, 'label');
  let text = options.text === undefined ? named('text') : columnOf(options.text, header, width, where, 'text');
  if (text < 0) text = label === 0 && width > 1 ? 1 : 0;
  if (label !== null && label < 0) label = text === width - 1 ? 0 : width - 1;
  if (label === text) throw new TypeError(`${where}: options text and label name the same column (${text})`);
  if (width < 2 && label !== null)
    throw new CsvError(
      `${where}: the file has one column; a text and a label column are needed (label: null for none)`,
      1,
      1,
    );
  const documents = [];
  const labels = [];
  let dropped = 0;
  let line = header ? 2 : 1;
  const newlines = (field) => {
    let n = 0;
    for (let k = field.indexOf('\n'); k >= 0; k = field.indexOf('\n', k + 1)) n++;
    return n;
  };
  for (const row of rows) {
    const needed = Math.max(text, label ?? -1) + 1;
    if (row.length < needed) {
      throw new CsvError(
        `${where}: line ${line} has ${row.length} fields; column ${needed} (the ${row.length <= text ? 'text' : 'label'}) is missing`,
        line,
        row.length + 1,
      );
    }
    const value = label === null ? null : row[label].trim();
    if (value !== null && MISSING.has(value)) {
      if (options.missing !== 'drop') {
        throw new CsvError(
          `${where}: line ${line}, column ${label + 1}: the label is missing (${JSON.stringify(row[label])}); missing: 'drop' leaves such rows out`,
          line,
          label + 1,
        );
      }
      dropped++;
    } else {
      documents.push(row[text]);
      if (value !== null) labels.push(value);
    }
    line += 1 + row.reduce((n, field) => n + newlines(field), 0);
  }
  const numeric = labels.length > 0 && labels.every((v) => v !== '' && Number.isFinite(Number(v)));
  return {
    documents,
    labels: label === null ? undefined : numeric ? labels.map(Number) : labels,
    dropped,
    columns: { text, label },
  };
}

/**
 * loadText: the file's text, its CSV rows (pw.csv.parse; header default true: a text file's
 * header cannot be told by numbers), the documents' bag of words (pw.text.bagOfWords), yielding
 * to the worker's messages between the steps (a cancel stops it there).
 */
export async function loadText(pw, { file, options = {}, totalBytes }, controller, progress) {
  const where = 'loadText';
  const opts = options ?? {};
  for (const key of Object.keys(opts)) {
    if (!TEXT_OPTIONS.includes(key))
      throw new TypeError(`${where}: unknown option ${JSON.stringify(key)} (${TEXT_OPTIONS.join(', ')})`);
  }
  if (opts.missing !== undefined && opts.missing !== 'error' && opts.missing !== 'drop') {
    throw new RangeError(
      `${where}: option missing must be 'error' or 'drop'; received ${JSON.stringify(opts.missing)}`,
    );
  }
  const { signal } = controller;
  const { text, bytes } = await readText(file, { signal, progress, where, totalBytes });
  const check = async () => {
    await yieldToMessages();
    if (signal.aborted) throw abortError(where);
  };
  await check();
  const { delimiter, header = true } = opts;
  const table = pw.csv.parse(text, { ...(delimiter === undefined ? {} : { delimiter }), header });
  const { documents, labels, dropped, columns } = documentsOf(table, opts, where);
  progress.update({ bytesRead: bytes, totalBytes: bytes, rows: documents.length });
  await check();
  const bagOptions = {};
  for (const key of ['lowercase', 'ngram', 'binary', 'hashing', 'dtype'])
    if (opts[key] !== undefined) bagOptions[key] = opts[key];
  const dataset = pw.text.bagOfWords(documents, { ...bagOptions, labels });
  if (signal.aborted) {
    dataset.dispose();
    throw abortError(where);
  }
  const bag = {
    lowercase: opts.lowercase ?? true,
    ngram: opts.ngram ?? [1, 1],
    binary: opts.binary ?? false,
    hashing: opts.hashing ?? null,
    textColumn: table.header ? table.header[columns.text] : columns.text,
    labelColumn: columns.label === null ? null : table.header ? table.header[columns.label] : columns.label,
  };
  return { kind: 'text', dataset, documents, bag, bytes, droppedRows: dropped };
}

// Tokenizing as pw.text.tokenize does (text.js), keeping each word's place in the text.
const segmenter =
  typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter('und', { granularity: 'word' }) : null;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}\p{N}]+)*/gu;

/** The words of text with their places: [{text, start, end}] (start/end: UTF-16 offsets in text; text lowercased with lowercase). */
export function wordsAt(text, lowercase) {
  const out = [];
  const push = (word, start) =>
    out.push({ text: lowercase ? word.toLowerCase() : word, start, end: start + word.length });
  if (!segmenter) {
    for (const match of text.matchAll(WORD)) push(match[0], match.index);
    return out;
  }
  for (const run of text.matchAll(/\S+/g)) {
    for (const { segment, index, isWordLike } of segmenter.segment(run[0]))
      if (isWordLike) push(segment, run.index + index);
  }
  return out;
}

/** document(datasetId, row): a text dataset's document, its label, and its words with their unigram's column. */
export function documentOf(pw, entry, row, where) {
  const { documents, dataset, bag } = entry;
  if (!Number.isInteger(row) || row < 0 || row >= documents.length) {
    throw new (typeof row === 'number' ? RangeError : TypeError)(
      `${where}: row must be an integer from 0 to ${documents.length - 1}; received ${JSON.stringify(row) ?? String(row)}`,
    );
  }
  const text = documents[row];
  const words = wordsAt(text, bag.lowercase);
  const labels = (entry.labels ??= dataset.labels);
  const unigrams = bag.ngram[0] <= 1;
  let columns;
  if (!unigrams) columns = words.map(() => -1);
  else if (bag.hashing) {
    // A word's hashed column: the bag of the word alone (the core's hash).
    const one = pw.text.bagOfWords(
      words.map((w) => w.text),
      { lowercase: false, hashing: bag.hashing, ngram: [1, 1] },
    );
    const { indptr, indices } = one.toSparse();
    one.dispose();
    columns = words.map((_, k) => (indptr[k + 1] > indptr[k] ? indices[indptr[k]] : -1));
  } else {
    entry.columnOf ??= new Map(dataset.featureNames.map((name, j) => [name, j]));
    columns = words.map((w) => entry.columnOf.get(w.text) ?? -1);
  }
  return {
    row,
    text,
    label: labels === null ? null : labels[row],
    words: words.map((w, k) => ({ ...w, column: columns[k] })),
  };
}

/** A text entry's part: the Dataset of `rows` (a split) and their documents. */
export function textPart(entry, rows, dataset) {
  return {
    kind: 'text',
    dataset,
    documents: rows.map((r) => entry.documents[r]),
    bag: entry.bag,
    bytes: 0,
    rowsOf: rows,
  };
}
