// The CSV upload panel's reading (web/upload.js): a file's preview (pw.csv.preview on its first
// bytes), its Dataset read on the main thread (pw.Dataset.fromCsv) or in the worker (loadCsv,
// then read and dispose), as the plain arrays CsvUpload's onLoad gives, and its messages.

import { csvCellText } from '../shell/csv.js';
import { formatCount } from '../shell/format.js';
import { cannotStart } from '../shell/worker-thread.js';
import { namesOverText } from './upload-text.js';

/** Files up to this size are read on the main thread; bigger ones in the worker. */
export const MAIN_THREAD_LIMIT = 4_000_000;
/** How much of a big file the preview reads. */
export const PREVIEW_BYTES = 64 * 1024;
/** Rows the preview's column guesses look at (the table shows fewer). */
export const GUESS_ROWS = 200;
/** Columns the picker offers at most. */
export const MAX_COLUMNS = 1000;

const DELIMITER_NAMES = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };
export const DELIMITERS = Object.keys(DELIMITER_NAMES);
export const delimiterName = (delimiter) => DELIMITER_NAMES[delimiter] ?? 'unknown';

/** A file's problem, shown in the alert line. */
export class UploadError extends Error {
  name = 'UploadError';
}

/** 1234567 -> '1.2 MB' (decimal units, as file managers show sizes). */
export function formatBytes(bytes) {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(1)} kB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(2)} GB`;
}

/**
 * The bytes the preview reads: the whole of a small file, else its first PREVIEW_BYTES cut after
 * the last line break (so that the last row is whole). Rejects for a file that cannot be read.
 * `limit`: the size above which a file is big (read in the worker).
 */
export async function previewBytes(file, limit = MAIN_THREAD_LIMIT) {
  const big = file.size > limit;
  const buffer = await (big ? file.slice(0, PREVIEW_BYTES) : file).arrayBuffer();
  let bytes = new Uint8Array(buffer);
  if (big) {
    const end = bytes.lastIndexOf(10);
    if (end > 0) bytes = bytes.subarray(0, end + 1);
  }
  return { bytes, big };
}

/** The lines of a file's bytes (a last line without its newline counted; blank lines too). */
export function linesOf(bytes) {
  let lines = 0;
  for (let k = bytes.indexOf(10); k >= 0; k = bytes.indexOf(10, k + 1)) lines += 1;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? lines + 1 : lines;
}

/**
 * pw.csv.preview of the bytes with the dialect asked ({} = detected), checked for what the
 * picker needs: rows of data, two columns at least, MAX_COLUMNS at most.
 */
export function previewOf(pw, bytes, { header, delimiter } = {}) {
  const options = { maxRows: GUESS_ROWS };
  if (header !== undefined) options.header = header;
  if (delimiter !== undefined) options.delimiter = delimiter;
  let preview = readBack(pw.csv.preview(bytes, options));
  if (header === undefined && !preview.header && namesOverText(preview)) {
    preview = readBack(pw.csv.preview(bytes, { ...options, header: true, delimiter: preview.delimiter }));
  }
  const line = preview.header ? 2 : 1;
  if (preview.rows.length === 0) {
    throw new UploadError(
      preview.header
        ? `line ${line}, column 1: expected rows of data after the header, found the end of the file`
        : 'line 1, column 1: the file is empty; expected a header or rows of data',
    );
  }
  const columns = preview.columns.length;
  if (columns < 2) {
    throw new UploadError(
      `line ${line}: found ${formatCount(columns)} column (${delimiterName(preview.delimiter)}-separated); ` +
        'expected two at least: one feature and the label',
    );
  }
  if (columns > MAX_COLUMNS) {
    throw new UploadError(
      `line ${line}: found ${formatCount(columns)} columns; the column picker takes at most ${formatCount(MAX_COLUMNS)}`,
    );
  }
  return preview;
}

// The file's text cells as the page's own exports meant them: csv.js's quote in front of a
// formula's start taken off (the preview's names and values; fromDataset's labels).
function readBack(preview) {
  return {
    ...preview,
    header: preview.header && preview.header.map(csvCellText),
    rows: preview.rows.map((row) => row.map(csvCellText)),
    columns: preview.columns.map((c) => ({ ...c, name: csvCellText(c.name), values: c.values?.map(csvCellText) })),
  };
}

/** A column's name as the picker and onLoad's data show it: the header's, else (none, or empty) x1, x2, ... */
export const columnName = (preview, index) => preview.header?.[index] || `x${index + 1}`;

/**
 * The message of an error for the alert line: a CsvError's (it names the line and column)
 * without the API's name, the column's name added when the file has a header.
 */
export function messageOf(error, preview) {
  if (error?.name === 'NotReadableError') {
    return 'the file could not be read (was it moved or changed since it was chosen?); choose it again';
  }
  let message = String(error?.message ?? error).replace(/^(?:[\w.]+: )+(?=line \d)/, '');
  message = message.replace(
    /\(missing: 'drop' drops such rows\)/,
    '(tick “Leave out rows with a missing value” to skip such rows)',
  );
  if (error?.name === 'CsvError' && preview?.header && error.line > 1) {
    const name = preview.header[error.column - 1];
    if (name !== undefined) message += ` (column ${error.column} is “${name}”)`;
  }
  return message;
}

/** The Dataset's values and labels as onLoad's data ({X, labels, featureNames, droppedRows}). */
function fromDataset(array, labels, droppedRows) {
  const data = array.data instanceof Float64Array ? array.data : Float64Array.from(array.data);
  return {
    X: { data, rows: array.rows, cols: array.cols },
    labels: Array.from(labels ?? [], csvCellText),
    droppedRows,
  };
}

/** Reads the whole small file on the main thread; every Dataset made is disposed. */
export function readOnMainThread(pw, bytes, options) {
  const dataset = pw.Dataset.fromCsv(bytes, options);
  try {
    return fromDataset(dataset.toArray(), dataset.labels, dataset.droppedRows);
  } finally {
    dataset.dispose();
  }
}

/** Whether the worker can keep a Dataset and give the page only what it draws (sample, split, sessions). */
export const keepsData = (worker) =>
  ['sample', 'split', 'session', 'advance', 'evaluate', 'explain'].every(
    (name) => typeof worker?.[name] === 'function',
  );

/**
 * Reads a big file in the worker (loadCsv streams it: onProgress, signal). With `keep` ({max,
 * plane: [i, j] or 'pca'}) and a worker that keeps data (keepsData), the Dataset stays there and
 * the page gets {remote: its summary, sample: the worker's sample of `max` rows with their plane
 * coordinates, droppedRows}; otherwise its values are copied to the page (read) and it is freed
 * there. Without worker.read (none, or an older worker), or when the worker could not start
 * (onRefused() is called then), the page streams it itself with pw.Dataset.fromStream (same
 * progress and cancel). `phase(text)` says what is happening after the file has been read.
 */
export async function readInWorker(pw, worker, file, options, { onProgress, signal, phase, onRefused, keep = null }) {
  const onPage = async () => {
    const dataset = await pw.Dataset.fromStream(file, { ...options, onProgress, signal });
    try {
      phase(`Copying ${formatCount(dataset.rows)} rows…`);
      return fromDataset(dataset.toArray(), dataset.labels, dataset.droppedRows);
    } finally {
      dataset.dispose();
    }
  };
  if (typeof worker?.read !== 'function' || typeof worker?.loadCsv !== 'function') return onPage();
  let summary;
  try {
    summary = await worker.loadCsv(file, { ...options, onProgress, signal });
  } catch (error) {
    if (signal.aborted || !cannotStart(error)) throw error;
    onRefused?.();
    return onPage();
  }
  if (keep && keepsData(worker)) {
    try {
      signal.throwIfAborted();
      phase(`Drawing ${formatCount(Math.min(keep.max, summary.rows))} of ${formatCount(summary.rows)} rows…`);
      const projection = keep.plane === 'pca' ? 'pca' : [...keep.plane];
      const sample = await worker.sample(summary.datasetId, { max: keep.max, projection, seed: 0 });
      signal.throwIfAborted();
      return { remote: summary, sample, droppedRows: summary.droppedRows };
    } catch (error) {
      worker.dispose(summary.datasetId).catch(() => {});
      throw error;
    }
  }
  try {
    signal.throwIfAborted();
    phase(`Copying ${formatCount(summary.rows)} rows from the worker…`);
    const read = await worker.read(summary.datasetId);
    signal.throwIfAborted();
    return fromDataset(read, read.labels, summary.droppedRows);
  } finally {
    // The worker may be gone (terminated): nothing left to free then.
    worker.dispose(summary.datasetId).catch(() => {});
  }
}

/**
 * The default label column: one named label/class/target/y/species/variety (case-insensitive),
 * else the last non-numeric column, else the last column.
 */
export function defaultLabel(preview) {
  const names = ['label', 'class', 'target', 'y', 'species', 'variety'];
  const columns = preview.columns;
  if (preview.header) {
    for (const name of names) {
      const found = columns.findIndex(
        (c) =>
          String(c.name ?? '')
            .trim()
            .toLowerCase() === name,
      );
      if (found >= 0) return found;
    }
  }
  for (let j = columns.length - 1; j >= 0; j--) if (!columns[j].numeric) return j;
  return columns.length - 1;
}
