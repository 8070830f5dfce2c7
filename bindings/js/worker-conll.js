// CoNLL text for loadSequences (worker-sequences.js): one token per line, its fields separated
// by a tab (or, on a line without a tab, by spaces), the word first and the tag last (columns in
// between are ignored); a blank line between sentences; `-DOCSTART-` lines (CoNLL-2003) are
// skipped. A bad line is a CsvError with its line and column (columns count fields, 1-based).
// Then each word becomes its token's features (FEATURES, chosen by loadSequences' `features`).
import { CsvError } from './errors.js';

const say = (value) => JSON.stringify(value) ?? String(value);

/** {words, tags}: one array per sentence. */
export function parseConll(text, where) {
  const words = [];
  const tags = [];
  let [sentence, tagged] = [[], []];
  let width = 0; // fields per line, from the first token line
  const end = () => {
    if (sentence.length === 0) return;
    words.push(sentence);
    tags.push(tagged);
    [sentence, tagged] = [[], []];
  };
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const line = k + 1;
    let raw = lines[k];
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    if (k === 0 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
    if (raw.trim() === '') {
      end();
      continue;
    }
    const fields = (raw.includes('\t') ? raw.split('\t') : raw.trim().split(/ +/)).map((f) => f.trim());
    if (fields[0] === '-DOCSTART-') continue;
    if (fields.length < 2) {
      throw new CsvError(`${where}: line ${line} has one field (${say(raw)}); a token line is word TAB tag`, line, 2);
    }
    width ||= fields.length;
    if (fields.length !== width) {
      throw new CsvError(
        `${where}: line ${line} has ${fields.length} fields; the first token line has ${width}`,
        line,
        Math.min(fields.length, width) + 1,
      );
    }
    const empty = fields.findIndex((f) => f === '');
    if (empty >= 0 && (empty === 0 || empty === fields.length - 1)) {
      throw new CsvError(
        `${where}: line ${line}, column ${empty + 1}: the ${empty === 0 ? 'word' : 'tag'} is empty`,
        line,
        empty + 1,
      );
    }
    sentence.push(fields[0]);
    tagged.push(fields[fields.length - 1]);
  }
  end();
  if (words.length === 0) {
    // At the line after the text (as CsvError puts an error about a whole file).
    const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
    throw new CsvError(`${where}: the text has no sentence (token TAB tag lines)`, count + 1, 1);
  }
  return { words, tags };
}

const lower = (word) => word.toLowerCase();
/** The features a word can give, by name: each returns a feature name (or null: none). */
export const FEATURES = {
  bias: () => 'bias',
  word: (w) => `w=${lower(w[0])}`,
  suffix2: (w) => `suf=${lower(w[0]).slice(-2)}`,
  suffix3: (w) => `suf3=${lower(w[0]).slice(-3)}`,
  prefix2: (w) => `pre=${lower(w[0]).slice(0, 2)}`,
  capital: (w) => (/^\p{Lu}/u.test(w[0]) ? 'cap' : null),
  digit: (w) => (/\p{N}/u.test(w[0]) ? 'digit' : null),
  shape: (w) =>
    `shape=${w[0]
      .replace(/\p{Lu}+/gu, 'X')
      .replace(/\p{Ll}+/gu, 'x')
      .replace(/\p{N}+/gu, 'd')}`,
  prev: (w) => `prev=${w[-1] === undefined ? '<s>' : lower(w[-1])}`,
  next: (w) => `next=${w[1] === undefined ? '</s>' : lower(w[1])}`,
};
/**
 * The default features of a CoNLL word: bias, its lowercased word (w=the), its last two and
 * three letters (suf=he, suf3=the), cap (it begins with a capital), digit (it has a digit), and
 * its neighbours' words (prev=<s>, next=</s> at the ends).
 */
export const DEFAULT_FEATURES = ['bias', 'word', 'suffix2', 'suffix3', 'capital', 'digit', 'prev', 'next'];

/** A sentence's tokens: each word's feature names, by `features` (names of FEATURES; default DEFAULT_FEATURES). */
export function sentenceFeatures(sentence, features = DEFAULT_FEATURES, where = 'loadSequences') {
  if (!Array.isArray(features) || features.length === 0) {
    throw new TypeError(
      `${where}: option features must be a non-empty array of feature names (${Object.keys(FEATURES).join(', ')}); received ${say(features)}`,
    );
  }
  features.forEach((name, k) => {
    if (!Object.hasOwn(FEATURES, name)) {
      throw new RangeError(
        `${where}: option features[${k}] must be one of ${Object.keys(FEATURES).join(', ')}; received ${say(name)}`,
      );
    }
  });
  return sentence.map((_, t) => {
    const window = { [-1]: sentence[t - 1], 0: sentence[t], 1: sentence[t + 1] };
    const names = [];
    for (const name of features) {
      const feature = FEATURES[name](window);
      if (feature !== null && !names.includes(feature)) names.push(feature);
    }
    return names;
  });
}
