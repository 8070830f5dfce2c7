// Types of pw.text: tokens and bags of words (bindings/js/text.js).
// Re-exported by index.d.ts.
import type { DType, Dataset, Hashing, Labels } from './dataset.js';

/**
 * A small tokenizer and bag of words for course exercises (the notes' spam filter): documents
 * in, a sparse Dataset out.
 */
export interface TextApi {
  /**
   * The words of a text: runs of letters, marks and digits with inner apostrophes ("don't"
   * whole; "U.S.A", "3.14" and "snake_case" cut at the dot or underscore), the same in every
   * runtime; where a text has no separators (Chinese, Japanese, Thai), Intl.Segmenter's word
   * boundaries (UAX #29, from the runtime's ICU data) cut the runs too. Lowercased unless
   * lowercase: false.
   */
  tokenize(text: string, options?: { lowercase?: boolean }): string[];
  /**
   * One sparse row per text, one column per term (n-grams of tokenize's words joined by a space,
   * n from ngram[0] to ngram[1], default [1, 1]) holding its count (1 with binary). Columns: the
   * vocabulary given (a training Dataset's featureNames; other terms are left out), else every
   * term of the texts sorted by code point (the featureNames), or 2^bits hashed columns (a term's
   * count negated when its hash is negative, and summed with the terms sharing its column: see
   * Hashing; with binary every column a term hashes to holds 1, as HashingVectorizer(binary=True)).
   */
  bagOfWords(
    texts: ReadonlyArray<string>,
    options?: {
      lowercase?: boolean;
      ngram?: [number, number];
      binary?: boolean;
      labels?: Labels;
      vocabulary?: ReadonlyArray<string>;
      hashing?: Hashing;
      dtype?: DType;
    },
  ): Dataset;
}
