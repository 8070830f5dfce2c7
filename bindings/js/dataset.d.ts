// Types of pw.Dataset and the shapes X, y and a row take (bindings/js/dataset.js, sparse.js, features.js).
// Re-exported by index.d.ts.
import type { CsvDatasetOptions, CsvInput, CsvStreamOptions, CsvStreamSource } from './csv.js';

/** A label: any number or string. A model's labels are all numbers or all strings. */
export type Label = number | string;

/**
 * A feature matrix: one row per example, one column per feature.
 * - `number[][]` (rows of equal length),
 * - `{data, rows, cols}` with `data` a row-major Float64Array/Float32Array of rows * cols
 *   values (feature j of example i at `data[i * cols + j]`), or
 * - a {@link Dataset}, already in wasm memory: passed without copying, and carrying its labels,
 *   so `y` may be left out wherever a Dataset with labels is given.
 * Every value must be a finite number. Arrays are copied into wasm memory once per call.
 */
export type Matrix =
  | ReadonlyArray<ReadonlyArray<number> | Float64Array | Float32Array>
  | { data: Float64Array | Float32Array; rows: number; cols: number }
  | SparseMatrix
  | ReadonlyArray<NamedFeatures>
  | Dataset;

/**
 * One row as named features, wink-perceptron's shape: `{word: count}`. Rows given as records
 * are mapped to columns by the model: a vocabulary of every name seen at fit (or at the first
 * partialFit), sorted by code point and saved in its JSON (`vocabulary`; names not in it are
 * left out later), or, with the hashing option, by hashing the names. They train as sparse rows.
 */
export type NamedFeatures = Readonly<Record<string, number>>;

/**
 * Feature hashing for named features and streams, as scikit-learn's HashingVectorizer (with
 * alternate_sign): with h the MurmurHash3_x86_32 of the name's UTF-8 with seed 0, read as a
 * signed 32-bit integer, the name goes to column |h| mod 2^bits (h = -2^31 to column 0) and its
 * value is negated when h < 0. Values sharing a column add up. bits: an integer from 1 to 24.
 */
export interface Hashing {
  bits: number;
}

/**
 * Sparse rows in CSR form: row i's values are values[indptr[i]] .. values[indptr[i + 1] - 1], at
 * the columns indices[indptr[i]] .. (below cols, in any order: a row is sorted and a repeated
 * column's values added up, as a dense copy holds them); every other value is 0. Given as X
 * anywhere (or kept by Dataset.fromSparse), every linear model trains on it with work
 * proportional to the values stored, to the very bits it gets from the same values dense.
 * RangeError naming the position (`X.indices[4] = 9 must be below cols = 8 (row 1)`) for a
 * broken structure.
 */
export interface SparseMatrix {
  /** rows + 1 offsets into indices and values, from 0 to the values stored. */
  indptr: Uint32Array | Int32Array | ReadonlyArray<number>;
  indices: Uint32Array | Int32Array | ReadonlyArray<number>;
  values: Float64Array | Float32Array | ReadonlyArray<number>;
  cols: number;
  /** Optional: checked against indptr's length when given. */
  rows?: number;
}

/** How a Dataset stores its values. float32 halves the memory, and models train and score on it in float32 arithmetic (weights stay float64). */
export type DType = 'float64' | 'float32';

/**
 * A matrix and its labels inside wasm memory: filled once, then given to every fit, predict,
 * score, analysis, preprocessing and model-selection call without copying. Splits of a Dataset
 * (modelSelection.split, kFold) are Datasets sharing its values. Dispose it when done (or use
 * `using`); a FinalizationRegistry frees it eventually otherwise. A disposed Dataset throws a
 * DisposedError wherever it is passed.
 */
export interface Dataset {
  readonly rows: number;
  readonly cols: number;
  readonly dtype: DType;
  /** One name per column: those given, or 'x1', 'x2', ... */
  readonly featureNames: string[];
  /** A copy of the labels in their original values; null when the dataset has none. */
  readonly labels: Label[] | null;
  /** The distinct labels, sorted (numbers numerically, strings by code point); [] without labels. */
  readonly classes: Label[];
  /** Rows of a CSV file left out for a missing value (missing: 'drop'); 0 otherwise. */
  readonly droppedRows: number;
  /** Whether the values are kept in CSR form (fromSparse): only the non-zeros are stored. */
  readonly sparse: boolean;
  /** The values stored: rows * cols, or a sparse Dataset's entries (explicit zeros included; toSparse leaves them out). */
  readonly stored: number;
  /**
   * A copy of the values: a Float64Array or Float32Array (by dtype), row-major; a sparse Dataset
   * spread out (a RangeError naming the bytes when that does not fit).
   */
  toArray(): { data: Float64Array | Float32Array; rows: number; cols: number };
  /** A copy of the values that are not 0, in CSR form (the values in the Dataset's dtype). */
  toSparse(): {
    indptr: Uint32Array;
    indices: Uint32Array;
    values: Float64Array | Float32Array;
    rows: number;
    cols: number;
  };
  dispose(): void;
  [Symbol.dispose](): void;
}

/** The kinds of Dataset.generate. */
export type GeneratedKind = 'separable' | 'gaussians' | 'xor' | 'circles' | 'spiral' | 'blobs';

export interface DatasetClass {
  /**
   * A Dataset from number[][] (shape optional; checked when given), from a Float64Array or
   * Float32Array with its shape {rows, cols}, or from {data, rows, cols}. Copies once.
   * RangeError when a value is not finite (naming row and column), beyond float32's range with
   * dtype 'float32', when a count of {rows, cols} is not a non-negative integer, or when the
   * matrix does not fit in wasm memory (at most 4 GB; naming the bytes asked for). TypeError for
   * BigInt arrays, and for feature names that are not well-formed strings.
   */
  fromArray(
    X: Exclude<Matrix, Dataset> | Float64Array | Float32Array,
    shape?: { rows: number; cols: number },
    labels?: Labels,
    options?: { dtype?: DType; featureNames?: ReadonlyArray<string> },
  ): Dataset;
  /**
   * A sparse Dataset from CSR rows (see SparseMatrix): only the non-zeros are copied and kept
   * (values rounded to float32 with dtype 'float32'). Every model trains on it and gives the
   * dense bits; the analysis, `preprocess` and `toArray` spread the rows out (O(rows x cols)).
   */
  fromSparse(
    X: SparseMatrix,
    labels?: Labels,
    options?: { dtype?: DType; featureNames?: ReadonlyArray<string> },
  ): Dataset;
  /**
   * A Dataset from CSV text, read by the core in chunks straight into wasm memory: features
   * (numbers, read exactly as Number() reads them) and labels, featureNames from the header.
   * Every problem in the file is a CsvError with its line and column.
   */
  fromCsv(input: CsvInput, options?: CsvDatasetOptions): Dataset;
  /**
   * The same from a stream, chunk by chunk (chunks may split anything: a quoted field, a CRLF,
   * a UTF-8 character); the whole text is never held.
   */
  fromStream(source: CsvStreamSource, options?: CsvStreamOptions): Promise<Dataset>;
  /**
   * A seeded 2-D dataset in about [-1, 1]^2, the same points to the bit in Node and every
   * browser for the same arguments (integer randomness, + - * / sqrt only):
   * - 'separable': uniform points, none closer than `margin` (default 0.1, at most 0.5) to a
   *   random line; labels -1 and +1;
   * - 'gaussians' (two clouds), 'xor' (quadrants), 'circles' (a disc in a ring), 'spiral' (two
   *   arms): labels -1 and +1, spread by `noise` (default 0.1, 0 to 1);
   * - 'blobs': three clouds, labels 0, 1, 2.
   * `rows` 1 to 1,000,000 (default 100), `seed` an integer (default 0).
   */
  generate(kind: GeneratedKind, options?: { rows?: number; seed?: number; margin?: number; noise?: number }): Dataset;
  readonly prototype: Dataset;
}

/** Labels, one per row: an array of numbers or of strings, or a typed array of numbers. */
export type Labels = ReadonlyArray<Label> | ArrayLike<number>;

/** A feature vector for one example. */
export type Vector = ReadonlyArray<number> | ArrayLike<number>;
