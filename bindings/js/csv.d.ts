// Types of the CSV API (bindings/js/csv.js): Dataset.fromCsv / fromStream, pw.csv, CsvError.
// Re-exported by index.d.ts.

/**
 * Thrown when CSV text is not what it should be (a RangeError). `line` and `column` are
 * 1-based: the header is line 1, a quoted field that spans lines is at the line where it
 * starts, and `column` counts fields (as a spreadsheet counts columns), not characters. An error
 * about the whole file (empty; a header without rows) is at the line after it, column 1.
 */
export declare class CsvError extends RangeError {
  constructor(message: string, line: number, column: number);
  readonly name: 'CsvError';
  readonly line: number;
  readonly column: number;
}

/** CSV text: a string, or its UTF-8 bytes (a BOM is skipped; invalid UTF-8 is a CsvError). */
export type CsvInput = string | Uint8Array | ArrayBuffer;

export interface CsvDialectOptions {
  /** ',', ';', '\t' or '|'; default: detected from the first records (see docs/data.md, "CSV files"). */
  delimiter?: ',' | ';' | '\t' | '|';
  /**
   * Whether the first record is a header. 'auto' (default): it is when one of its fields is
   * not a number while the same column below holds numbers.
   */
  header?: boolean | 'auto';
}

export interface CsvDatasetOptions extends CsvDialectOptions {
  /**
   * The label column: a 0-based index or a header name; default the last column; null for a
   * Dataset without labels. Labels are numbers when every one is a number, strings otherwise
   * (surrounding whitespace trimmed).
   */
  label?: number | string | null;
  /** The feature columns, by index or name, in the order given; default every other column. */
  features?: ReadonlyArray<number | string>;
  /**
   * Missing values are '', 'NA', 'NaN' and '?'. 'error' (default): a CsvError naming the line
   * and column; 'drop': the row is left out and counted in `droppedRows`.
   */
  missing?: 'error' | 'drop';
  /** How the Dataset stores its values (default 'float64'). */
  dtype?: 'float64' | 'float32';
}

export interface CsvProgress {
  /** Bytes of the stream read so far. */
  bytesRead: number;
  /** The stream's size when known (a Blob or File, a Node fs stream, the totalBytes option), else null. */
  totalBytes: number | null;
  /** Rows read into the Dataset so far. */
  rows: number;
}

export interface CsvStreamOptions extends CsvDatasetOptions {
  /** Called after each chunk. */
  onProgress?: (progress: CsvProgress) => void;
  /** Aborting rejects the promise with an AbortError, stops the stream and frees what was read. */
  signal?: AbortSignal;
  /**
   * The stream's size in bytes when the source cannot tell (a fetch body's Content-Length): the
   * Dataset's memory is then reserved at once instead of grown by copying.
   */
  totalBytes?: number;
}

/** A Node.js readable stream (fs.createReadStream): anything async-iterable over byte chunks. */
export interface NodeReadableLike {
  [Symbol.asyncIterator](): AsyncIterator<Uint8Array | string>;
}

export type CsvStreamSource = ReadableStream<Uint8Array> | Blob | NodeReadableLike;

export interface CsvParseOptions extends CsvDialectOptions {
  /** Rows to read after the header (default: all for parse, 20 for preview). */
  maxRows?: number;
}

export interface CsvTable {
  delimiter: ',' | ';' | '\t' | '|';
  header: string[] | null;
  rows: string[][];
}

/** What a column picker needs to know of one column, from the rows previewed. */
export interface CsvColumnGuess {
  index: number;
  /** The header's name, or null without a header. */
  name: string | null;
  /** Every value is a number or missing, and one at least is a number. */
  numeric: boolean;
  /** Values that are '', 'NA', 'NaN' or '?'. */
  missing: number;
  /** Distinct values (missing ones excluded). */
  distinct: number;
  /** The first distinct values, up to 10. */
  values: string[];
}

export interface CsvApi {
  /** The text as strings, by the same tokenizer as fromCsv: for previews and non-numeric data. */
  parse(input: CsvInput, options?: CsvParseOptions): CsvTable;
  /** The first rows (20 by default) and a guess per column; reads only as much text as it needs. */
  preview(input: CsvInput, options?: CsvParseOptions): CsvTable & { columns: CsvColumnGuess[] };
}
