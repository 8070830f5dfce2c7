// pw.text (see text.d.ts): a small tokenizer and bag of words for course exercises (the notes'
// spam filter). Tokenizing is done here: Unicode's word boundaries (UAX #29) from Intl.Segmenter
// where the runtime has it (its ICU data decides the boundaries, so a rare script may split
// differently in another runtime), elsewhere the WORD pattern below. Counting the n-grams and
// mapping them to columns is the core's (src/perceptron/features/bag_of_words.hpp).
import { unwrap } from './errors.js';
import { booleanOption, checkOptionsObject, checkWellFormed } from './convert.js';
import { NamedRows, checker } from './features.js';

const segmenter =
  typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter('und', { granularity: 'word' }) : null;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}\p{N}]+)*/gu;

function checkText(text, where, name) {
  checker(where)(typeof text === 'string', `${name} must be a string`, text);
  return checkWellFormed(text, where, name);
}

// The segmenter is given the text a run between spaces at a time: word boundaries never cross a
// space, and some engines' segmenters (V8 before 12.x, Node 20's) take time quadratic in the
// length of what they are given. Each word-like segment is then cut into WORD's matches: ICU
// versions disagree on dots between letters (Node 20 keeps "us.click.yahoo.com" and "U.S.A"
// whole, Chromium 156 splits them), so the words are WORD's in every runtime wherever words are
// separated by spaces or punctuation; the segmenter only decides where text has no separators
// (Chinese, Japanese, Thai).

/**
 * The words of text with their places: [{text, start, end}] (start, end: UTF-16 offsets into
 * text; each word lowercased when lowercase is true). tokenize's words; the Worker's document()
 * gives their places.
 */
export function wordsAt(text, lowercase) {
  const out = [];
  const push = (match, offset) => {
    const start = offset + match.index;
    out.push({ text: lowercase ? match[0].toLowerCase() : match[0], start, end: start + match[0].length });
  };
  if (!segmenter) {
    for (const match of text.matchAll(WORD)) push(match, 0);
    return out;
  }
  for (const run of text.matchAll(/\S+/g)) {
    for (const { segment, index, isWordLike } of segmenter.segment(run[0])) {
      if (isWordLike) for (const match of segment.matchAll(WORD)) push(match, run.index + index);
    }
  }
  return out;
}

const words = (text, lowercase) => wordsAt(text, lowercase).map((word) => word.text);

const BAG_OPTIONS = ['lowercase', 'ngram', 'binary', 'labels', 'vocabulary', 'hashing', 'dtype'];

/** pw.text for one loaded core (its bagOfWords counts the terms) and its Dataset class. */
export function makeText(core, Dataset) {
  function tokenize(text, options) {
    const where = 'text.tokenize';
    const { lowercase } = checkOptionsObject(options, where, ['lowercase']);
    return words(checkText(text, where, 'text'), booleanOption(lowercase, where, 'lowercase', true));
  }

  function bagOfWords(texts, options) {
    const where = 'text.bagOfWords';
    const must = checker(where);
    const opts = checkOptionsObject(options, where, BAG_OPTIONS);
    must(Array.isArray(texts), 'texts must be an array of strings', texts);
    const lowercase = booleanOption(opts.lowercase, where, 'lowercase', true);
    const binary = booleanOption(opts.binary, where, 'binary', false);
    const [ngram, { hashing, vocabulary }] = [opts.ngram ?? [1, 1], opts];
    if (hashing !== undefined) checkOptionsObject(hashing, `${where}: option hashing`, ['bits']);
    const tokens = new NamedRows((i) => `texts[${i}]`);
    texts.forEach((text, i) => {
      for (const token of words(checkText(text, where, `texts[${i}]`), lowercase)) tokens.add(token);
      tokens.endRow();
    });
    const [bytes, lengths, ids, , indptr] = tokens.wire(where);
    // The core reads ngram, the vocabulary and hashing.bits, refuses both vocabulary and hashing,
    // and counts the n-grams.
    const bag = { ngram, binary, hashing, vocabulary };
    const { vocabulary: featureNames, ...X } = unwrap(core.bagOfWords(bytes, lengths, ids, indptr, bag), where);
    return Dataset.fromSparse(X, opts.labels, { dtype: opts.dtype, ...(hashing ? {} : { featureNames }) });
  }

  return Object.freeze({ tokenize, bagOfWords });
}
