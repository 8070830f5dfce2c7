// pw.text: a small, documented tokenizer and bag of words for course exercises (the notes' spam
// filter): documents in, a sparse Dataset out (its columns the vocabulary, or hashed columns).
//   tokenize(text, {lowercase}): the words of a text. Word boundaries are Unicode's (UAX #29)
//     from Intl.Segmenter where the runtime has it (Node, Deno and every current browser; its
//     ICU data decides the boundaries, so a rare script may split differently in another
//     runtime), keeping the segments it marks word-like (letters or digits, "don't" whole);
//     elsewhere runs of letters, marks and digits with inner apostrophes. Lowercased (Unicode's
//     default case mapping) unless lowercase: false.
//   bagOfWords(texts, {lowercase, ngram, binary, labels, vocabulary, hashing, dtype}): one row
//     per text, one column per term (an n-gram of words joined by one space, n from ngram[0] to
//     ngram[1]), its count in the text (1 with binary). Columns: the vocabulary given (a training
//     Dataset's featureNames: other terms are left out), or every term of the texts sorted by
//     code point (named by them), or with hashing {bits} 2^bits hashed columns (features.js).
import { describe } from './errors.js';
import { booleanOption, checkOptionsObject, checkWellFormed } from './convert.js';
import { FeatureMap, checkHashing } from './features.js';

const segmenter =
  typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter('und', { granularity: 'word' }) : null;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}\p{N}]+)*/gu;

function checkText(text, where, name) {
  if (typeof text !== 'string') throw new TypeError(`${where}: ${name} must be a string; received ${describe(text)}`);
  return checkWellFormed(text, where, name);
}

// The segmenter is given the text a run between spaces at a time: word boundaries never cross a
// space, and some engines' segmenters (V8 before 12.x, Node 20's) take time quadratic in the
// length of what they are given.
function words(text, lowercase) {
  const cased = lowercase ? text.toLowerCase() : text;
  if (!segmenter) return cased.match(WORD) ?? [];
  const out = [];
  for (const run of cased.split(/\s+/)) {
    if (run === '') continue;
    for (const { segment, isWordLike } of segmenter.segment(run)) if (isWordLike) out.push(segment);
  }
  return out;
}

/** pw.text for one Dataset class (fromSparse makes the bag of words). */
export function makeText(Dataset) {
  function tokenize(text, options) {
    const where = 'text.tokenize';
    const { lowercase } = checkOptionsObject(options, where, ['lowercase']);
    return words(checkText(text, where, 'text'), booleanOption(lowercase, where, 'lowercase', true));
  }

  function bagOfWords(texts, options) {
    const where = 'text.bagOfWords';
    const opts = checkOptionsObject(options, where, [
      'lowercase',
      'ngram',
      'binary',
      'labels',
      'vocabulary',
      'hashing',
      'dtype',
    ]);
    if (!Array.isArray(texts)) {
      throw new TypeError(`${where}: texts must be an array of strings; received ${describe(texts)}`);
    }
    const lowercase = booleanOption(opts.lowercase, where, 'lowercase', true);
    const binary = booleanOption(opts.binary, where, 'binary', false);
    const ngram = opts.ngram ?? [1, 1];
    if (
      !Array.isArray(ngram) ||
      ngram.length !== 2 ||
      !ngram.every((n) => Number.isInteger(n) && n >= 1) ||
      ngram[0] > ngram[1]
    ) {
      throw new (Array.isArray(ngram) ? RangeError : TypeError)(
        `${where}: option ngram must be [min, max] with integers 1 <= min <= max; received ${describe(ngram)}`,
      );
    }
    const hashing = checkHashing(opts.hashing, where);
    if (hashing && opts.vocabulary !== undefined) {
      throw new TypeError(`${where}: give option vocabulary or option hashing, not both`);
    }
    // Each text's terms and their counts, as a record {term: count}.
    const records = texts.map((text, i) => {
      const tokens = words(checkText(text, where, `texts[${i}]`), lowercase);
      // Without a prototype, a term "__proto__" or "constructor" is a term like any other.
      const counts = Object.create(null);
      for (let n = ngram[0]; n <= ngram[1]; n++) {
        for (let k = 0; k + n <= tokens.length; k++) {
          const term = n === 1 ? tokens[k] : tokens.slice(k, k + n).join(' ');
          counts[term] = binary ? 1 : (counts[term] ?? 0) + 1;
        }
      }
      return counts;
    });
    let map;
    if (hashing) {
      map = new FeatureMap({ hashing });
    } else if (opts.vocabulary !== undefined) {
      const { vocabulary } = opts;
      if (!Array.isArray(vocabulary) || vocabulary.some((term) => typeof term !== 'string')) {
        throw new TypeError(`${where}: option vocabulary must be an array of terms; received ${describe(vocabulary)}`);
      }
      if (new Set(vocabulary).size !== vocabulary.length) {
        throw new RangeError(`${where}: option vocabulary must hold distinct terms`);
      }
      map = new FeatureMap({ vocabulary });
    } else {
      map = new FeatureMap().learned(records, where, 'texts');
    }
    if (map.cols === 0) throw new RangeError(`${where}: the texts hold no term (no word in any of them)`);
    const X = map.toCsr(records, where, 'texts');
    // binary with hashing: every stored column is 1, as HashingVectorizer(binary=True) fills its
    // data after the signed sums (a term with a negative hash, or terms whose signs cancel, give
    // 1 there too, not -1 or 0).
    if (binary && hashing) X.values.fill(1);
    return Dataset.fromSparse(X, opts.labels, {
      dtype: opts.dtype,
      ...(hashing ? {} : { featureNames: map.vocabulary }),
    });
  }

  return Object.freeze({ tokenize, bagOfWords });
}
