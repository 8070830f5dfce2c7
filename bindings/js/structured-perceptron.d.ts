// Types of the structured perceptron (bindings/js/structured-perceptron.js): pw.StructuredPerceptron.
// Re-exported by index.d.ts.
import type { FitReport, Hashing, NamedFeatures } from '../index.js';
import type { Trainer } from './trainer.js';

/**
 * A token of a sequence: its emission features, as feature names (each counts 1) or a record
 * {name: value}. Names become columns by a vocabulary learned at fit (saved in the JSON) or by
 * the hashing option, as for named features.
 */
export type Token = ReadonlyArray<string> | NamedFeatures;
/** A tag of a token: strings or numbers (all of one kind). */
export type Tag = string | number;

export interface StructuredOptions {
  /** Default 'classic'; 'averaged': predicts with the average of w over every step. */
  variant?: 'classic' | 'averaged';
  /** Default 'cyclic'; 'shuffle': a new permutation of the sequences each epoch, from the seed. */
  order?: 'cyclic' | 'shuffle';
  /** Default 1: w += learningRate * (Phi(x, y) - Phi(x, z)). */
  learningRate?: number;
  /** Default 100; training ends earlier after an epoch without a mistake. */
  maxEpochs?: number;
  seed?: number;
  hashing?: Hashing;
}

/**
 * One sequence of training, as fit's onStep and a trainer's step() get it: the step record every
 * kind gives (t, epoch, index, label, score, prediction, mistake), one per sequence, with the
 * sequence's tags as label and prediction.
 */
export interface SequenceStep {
  /** 1-based: sequences visited since training started. */
  t: number;
  epoch: number;
  /** The sequence's index in the batch. */
  index: number;
  /** The sequence's gold tags, as given to fit. */
  label: Tag[];
  /** Viterbi's tags before the update. */
  prediction: Tag[];
  /** Viterbi's tags before the update (the same as prediction, a copy). */
  predicted: Tag[];
  /** w . Phi(x, prediction) and w . Phi(x, gold), before the update. */
  score: number;
  goldScore: number;
  /** Whether some tag was wrong (then w += Phi(x, gold) - Phi(x, predicted)). */
  mistake: boolean;
  /** How many tokens were tagged wrong. */
  differing: number;
}

/**
 * One sequence's lattice (`model.lattice(tokens)`) with the weights predict uses (the average for
 * 'averaged'): K tags, n tokens. Rows and columns follow `tags` (the model's tags, sorted). The
 * score of tags y is sum_t emission[t][y_t] + transition[y_{t-1}][y_t], with y_{-1} the start
 * (row K); Viterbi's table is best[0][k] = transition[K][k] + emission[0][k] and
 * best[t][k] = max_j (best[t-1][j] + transition[j][k]) + emission[t][k], the max taken at the
 * smallest j among equals (back[t][k]).
 */
export interface Lattice {
  /** The model's tags, in order: the columns of every table below. */
  tags: Tag[];
  /** n x K: E[k] . x_t, the emission score of tag k at token t. */
  emission: number[][];
  /** (K + 1) x K: row j < K scores tag j followed by tag k; row K, tag k at the start. */
  transition: number[][];
  /** n x K: the best score of a path of tags for tokens 0..t that ends in tag k. */
  best: number[][];
  /** n x K: that path's tag at t - 1, as an index into tags (-1 at t = 0). */
  back: number[][];
  /** Viterbi's tags (what predict gives, ties alike: the first tag in order). */
  path: Tag[];
  /** The path's score w . Phi(x, path): the largest of best's last row. */
  score: number;
}

export interface StructuredJSON {
  format: 'perceptron-wasm/StructuredPerceptron';
  version: 1;
  options: StructuredOptions;
  /** The tags, sorted (numbers ascending, strings by code point): the rows below. */
  classes: Tag[];
  nFeatures: number;
  steps: number;
  /** One row of nFeatures emission weights per tag. */
  emission: number[][];
  /** Rows: each tag then the start; columns: the next tag. */
  transition: number[][];
  /** The averaged variant's sums (startParameters, u, averagedSteps). */
  state: Record<string, number[]>;
  vocabulary?: string[];
}

/**
 * The structured perceptron for sequence labelling (Collins 2002; the CMU notes list it among
 * the perceptron's extensions). Features are first order: emissions (a tag's weights on a
 * token's features) and transitions (a weight per pair of tags, and per tag at the start). The
 * score of tags y for tokens x is w . Phi(x, y); Viterbi finds the best tags (ties to the first
 * tag in sorted order). Training visits each sequence, and on a mistake adds
 * learningRate * (Phi(x, gold) - Phi(x, predicted)); an epoch without a mistake ends it. On
 * separable data the mistakes are at most R^2 / gamma^2, whatever the number of tags.
 */
export interface StructuredPerceptron {
  /** Trains from zero on sequences of tokens and their tags (one tag per token). */
  fit(
    sequences: ReadonlyArray<ReadonlyArray<Token>>,
    tags: ReadonlyArray<ReadonlyArray<Tag>>,
    options?: { onStep?: (step: SequenceStep) => boolean | void; signal?: AbortSignal },
  ): FitReport;
  /**
   * fit's training driven step by step, a step a sequence: the Trainer every kind's trainer()
   * returns (step(), finishEpoch(), run(), state, lastEpoch), over the very loop fit runs, so that
   * driven to its end in any slices it leaves exactly fit's model and report. It learns the tags
   * and the vocabulary as fit does, and starts the model from zero; the model shows the training
   * so far between calls (predict, lattice, toJSON). Anything that changes the model (fit,
   * partialFit, another trainer, dispose) ends it. It takes no options: the model's are used.
   */
  trainer(
    sequences: ReadonlyArray<ReadonlyArray<Token>>,
    tags: ReadonlyArray<ReadonlyArray<Tag>>,
    options?: Record<string, never>,
  ): Trainer<SequenceStep>;
  /**
   * One sequence's lattice: every token's tag scores, Viterbi's table and its path (predict's
   * tags for `tokens`). A NotFittedError before the model learned; tokens are checked as predict
   * checks them (errors name tokens[t]).
   */
  lattice(tokens: ReadonlyArray<Token>): Lattice;
  /**
   * One pass over a batch, continuing. The first call fixes the tags (those of the batch, or
   * `tags`) and the vocabulary (with hashing there is none); later tokens' unknown names are
   * left out, and unknown tags are a RangeError.
   */
  partialFit(
    sequences: ReadonlyArray<ReadonlyArray<Token>>,
    tags: ReadonlyArray<ReadonlyArray<Tag>>,
    options?: { tags?: ReadonlyArray<Tag> },
  ): FitReport;
  /** Viterbi's tags, one array per sequence. */
  predict(sequences: ReadonlyArray<ReadonlyArray<Token>>): Tag[][];
  /** Token accuracy. */
  score(sequences: ReadonlyArray<ReadonlyArray<Token>>, tags: ReadonlyArray<ReadonlyArray<Tag>>): number;
  readonly tags: Tag[];
  readonly nFeatures: number;
  readonly steps: number;
  readonly fitted: boolean;
  readonly options: StructuredOptions;
  toJSON(): StructuredJSON;
  dispose(): void;
  [Symbol.dispose](): void;
}

export interface StructuredPerceptronClass {
  new (options?: StructuredOptions): StructuredPerceptron;
  fromJSON(json: StructuredJSON | string): StructuredPerceptron;
}
