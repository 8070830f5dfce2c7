// Types of perceptron-wasm/worker's calls for text, sequences, samples, sessions and inspection
// (bindings/worker-client.js, js/worker-requests-data.js; the worker's side js/worker-data.js,
// worker-text.js, worker-conll.js, worker-sequences.js, worker-session.js, worker-inspect.js).
// Re-exported by ../worker.d.ts.
import type {
  CsvDialectOptions,
  CsvProgress,
  FitReport,
  Hashing,
  Label,
  Lattice,
  NamedFeatures,
  Tag,
  Token,
} from '../index.js';

/** The kinds of dataset the worker holds: a matrix (loadCsv, loadArrays), a bag of words (loadText), records {name: value} (loadArrays), tagged sentences (loadSequences). */
export type WorkerDatasetKind = 'matrix' | 'text' | 'records' | 'sequences';

/** A dataset of the worker by id, or any summary carrying its id. */
export type WorkerDatasetRef = number | { datasetId: number };
/** A session of the worker by id, or session()'s result. */
export type WorkerSessionRef = number | { sessionId: number };
/**
 * The model a call inspects: a session's (its id or session()'s result), or a saved model's JSON
 * sent from the page (toJSON(), fit's result.model), with the dataset whose column names name its
 * features.
 */
export type WorkerModelRef = WorkerSessionRef | { model: object | string; datasetId?: WorkerDatasetRef };

export interface WorkerTextOptions extends CsvDialectOptions {
  /** The text column: a header name or 0-based index; default the column named "text", else the first column that is not the label's. */
  text?: string | number;
  /**
   * The label column: a header name or 0-based index; default the column named "label", else the
   * last column that is not the text's; null: no labels. Labels are numbers when every one is.
   */
  label?: string | number | null;
  /** Default true (a text file's header cannot be told from numbers): the first row names the columns. */
  header?: boolean | 'auto';
  /** pw.text.bagOfWords' options: lowercase (default true), ngram (default [1, 1]), binary (default false; binary for Winnow), hashing {bits}. */
  lowercase?: boolean;
  ngram?: [number, number];
  binary?: boolean;
  hashing?: Hashing;
  /** 'error' (default): a missing label ('', NA, NaN, ?) is a CsvError at its line and column; 'drop': the row is left out. */
  missing?: 'error' | 'drop';
  dtype?: 'float64' | 'float32';
  /** {bytesRead, totalBytes, rows}: while a Blob or stream is read (rows 0), then once with the documents. */
  onProgress?: (progress: CsvProgress) => void;
  signal?: AbortSignal;
  /** A ReadableStream's size in bytes, when known. */
  totalBytes?: number;
}

/**
 * Records {name: value} in the worker (loadArrays(records, y)), kept as they are with their
 * labels: fit, sessions, evaluate and split train on them as model.fit(records, y) does (a
 * vocabulary learned at fit, or the model's hashing {bits}). sample and read refuse them.
 */
export interface WorkerRecordsSummary {
  datasetId: number;
  kind: 'records';
  rows: number;
  /** The distinct feature names of the records. */
  cols: number;
  classes: Label[];
  droppedRows: 0;
  bytes: 0;
  sparse: false;
  /** With split's indices option: the rows of the dataset split. */
  indices?: number[];
}

/** A bag of words in the worker: its documents and matrix stay there (the vocabulary too). */
export interface WorkerTextSummary {
  datasetId: number;
  kind: 'text';
  /** Documents. */
  rows: number;
  /** Columns of the bag (terms, or 2^bits with hashing). */
  cols: number;
  dtype: 'float64' | 'float32';
  classes: Label[];
  droppedRows: number;
  bytes: number;
  sparse: true;
  lowercase: boolean;
  ngram: [number, number];
  binary: boolean;
  hashing: Hashing | null;
  /** The text and label columns read (names with a header, else indices). */
  textColumn: string | number;
  labelColumn: string | number | null;
  /** With split's indices option: the rows of the dataset split. */
  indices?: number[];
}

/** The features a CoNLL word gives (loadSequences' features option). */
export type WorkerWordFeature =
  'bias' | 'word' | 'suffix2' | 'suffix3' | 'prefix2' | 'capital' | 'digit' | 'shape' | 'prev' | 'next';

export interface WorkerSequencesOptions {
  /** 'conll' (default and only): word TAB tag per line (other columns ignored: the tag is the last), a blank line between sentences. */
  format?: 'conll';
  /**
   * How a CoNLL word becomes its token's features. Default ['bias', 'word', 'suffix2', 'suffix3',
   * 'capital', 'digit', 'prev', 'next']: for "The" in "The dog": ['bias', 'w=the', 'suf=he',
   * 'suf3=the', 'cap', 'prev=<s>', 'next=dog']. Also 'prefix2' (pre=th) and 'shape' (shape=Xx).
   */
  features?: ReadonlyArray<WorkerWordFeature>;
  onProgress?: (progress: CsvProgress) => void;
  signal?: AbortSignal;
  totalBytes?: number;
}

/** Sentences given as arrays: tokens as StructuredPerceptron.fit takes them, their tags, and (optional) the words shown. */
export interface WorkerSequencesArrays {
  sequences: ReadonlyArray<ReadonlyArray<Token>>;
  tags?: ReadonlyArray<ReadonlyArray<Tag>> | null;
  words?: ReadonlyArray<ReadonlyArray<string>>;
}

export interface WorkerSequencesSummary {
  datasetId: number;
  kind: 'sequences';
  /** Sentences. */
  rows: number;
  tokens: number;
  /** The tags, sorted. */
  classes: Tag[];
  bytes: number;
  labelled?: false;
  indices?: number[];
}

export interface WorkerSampleOptions {
  /** Rows at most (default 2000): a seeded uniform sample (the first `max` rows of pw.visitOrder's shuffle with `seed`), ascending; every row when there are fewer. */
  max?: number;
  /** 'pca' (default: the two leading principal components of every row) or two column indices. */
  projection?: 'pca' | [number, number];
  seed?: number;
}

export interface WorkerSample {
  /** The sampled rows, ascending. */
  indices: number[];
  x: Float64Array;
  y: Float64Array;
  /** Their labels (null without labels). */
  labels: Label[] | null;
  /** The dataset's rows. */
  rows: number;
  projection: 'pca' | [number, number];
  /** With 'pca': pw.analysis.pca2d's mean, components and variance (project a page's point with them). */
  pca?: { mean: number[]; components: number[][]; variance: number[] };
}

export interface WorkerSplitOptions {
  /** Fractions in [0, 1) (pw.modelSelection.split's). Both 0 (default): every row trains. */
  validation?: number;
  test?: number;
  /** Default 0, as the page splits. */
  seed?: number;
  /** true: each part's summary carries its rows' indices in the dataset split. */
  indices?: boolean;
}

export interface WorkerDocument {
  row: number;
  text: string;
  label: Label | null;
  /** The words as tokenize gives them, with their place in text (UTF-16 offsets) and their unigram's column (-1: none). */
  words: Array<{ text: string; start: number; end: number; column: number }>;
}

export interface WorkerSentence {
  index: number;
  words: string[];
  tokens: Token[];
  tags: Tag[] | null;
}

export interface WorkerSessionOptions {
  /** A validation dataset of the worker (fit's validation: its error in each epoch). */
  validation?: WorkerDatasetRef;
}

export interface WorkerSession {
  sessionId: number;
  modelKind: string;
  datasetId: number;
  validation?: number;
}

export interface WorkerAdvanceOptions {
  /** Steps at most (default 1; with epoch, no limit). */
  steps?: number;
  /** true: to the end of the current epoch (at most `steps`). */
  epoch?: boolean;
  /**
   * The step records to return at most: the first ones (default 10,000; the steps after them run
   * without records, faster). On a wide dataset (a bag of words) each record lists the words its
   * update changed: ask for few (Epoch and Play: 1) to keep the answer small.
   */
  records?: number;
  /** Whether records and the model carry the weights; default: when the dataset has at most 256 columns. */
  weights?: boolean;
  /** {t, epoch, mistakes}: at most every 50 ms while it runs. */
  onProgress?: (progress: { t: number; epoch: number; mistakes: number }) => void;
  /** Aborting cancels it between two slices of ~20 ms; the steps taken stay taken. */
  signal?: AbortSignal;
}

/** What an update changed in a linear model: the columns (named) whose weight moved, by how much. */
export interface WorkerWeightChanges {
  columns: number[];
  names: string[];
  deltas: number[];
  /** MulticlassPerceptron: each change's class. */
  classes?: Label[];
  bias?: number;
  biases?: number[];
}

/** What an update of the structured perceptron changed: learningRate * (Phi(x, gold) - Phi(x, predicted)). */
export interface WorkerSequenceChanges {
  /** A token feature's name (emission), or prev=<tag> / prev=<s> (transition into tags[k]). */
  names: string[];
  tags: Tag[];
  deltas: number[];
  kinds: Array<'emission' | 'transition'>;
}

export interface WorkerAdvanceResult {
  /** The step records (a model kind's trainer's), with `changes`; weights left out for wide datasets. */
  records: Array<
    Record<string, unknown> & {
      t: number;
      epoch: number;
      mistake: boolean;
      changes?: WorkerWeightChanges | WorkerSequenceChanges;
    }
  >;
  /** The epochs that ended: fit's epoch summaries with trainError (tokenAccuracy for sequences). */
  epochs: Array<Record<string, unknown> & { epoch: number; trainError?: number; tokenAccuracy?: number }>;
  state: { t: number; epoch: number; mistakes: number; done: boolean; converged: boolean };
  /** The predicting model's weights/bias/biases/negativeWeights/threshold (weights only when carried); none for sequences. */
  model?: Record<string, unknown>;
  /** When training has ended: fit's report. */
  report?: FitReport;
}

export interface WorkerEvaluation {
  accuracy: number;
  classes: Label[];
  /** Rows: the true class; columns: the predicted; in classes' order. */
  confusion: number[][];
}

export interface WorkerFeatureWeight {
  column: number;
  name: string;
  weight: number;
}

export interface WorkerTopFeatures {
  /** The class a positive weight votes for. */
  class: Label;
  positive: WorkerFeatureWeight[];
  negative: WorkerFeatureWeight[];
}

/** The row to explain: one of a worker dataset, or one given ({x}: dense, sparse, or named by the training dataset's columns). */
export type WorkerExplainInput =
  | { datasetId: WorkerDatasetRef; row: number }
  | { x: ReadonlyArray<number> | { indices: ReadonlyArray<number>; values: ReadonlyArray<number> } | NamedFeatures };

export interface WorkerExplanation {
  /** The model's decisionFunction score (for a class: its score). */
  score: number;
  bias: number;
  /** The class the score is for (the positive class; multi-class: the predicted, or option class). */
  class: Label;
  prediction: Label;
  /** w_i x_i for the row's non-zero values (every column when the model scales), by |contribution| descending, ties by column. */
  contributions: Array<{ column: number; name: string; value: number; weight: number; contribution: number }>;
  /** x is scaled as the model's preprocess scales it. */
  scaled?: true;
}

/** sp.lattice(tokens) of a sentence of the dataset, with its words and gold tags (null without). */
export interface WorkerLattice extends Lattice {
  words: string[];
  gold: Tag[] | null;
}

/** memory(): the worker's wasm memory (as pw.memory()), its datasets and sessions, and the other requests under way. */
export interface WorkerMemory {
  inUse: number;
  heap: number;
  total: number;
  datasets: number;
  sessions: number;
  requests: number;
}

/** reset's and adopt's answer: the trainer's state (zeros until the next advance) and the predicting state (none for sequences). */
export interface WorkerSessionReset {
  sessionId: number;
  state: WorkerAdvanceResult['state'];
  model?: Record<string, unknown>;
}
