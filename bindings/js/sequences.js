// Sequences of tokens and their tags, as JS gives them, in the flat form the core's structured
// perceptron reads (src/perceptron/estimator/structured_estimator.hpp), so that a batch crosses
// into wasm in one call: the tokens as named rows (features.js: each distinct name once, its
// entries' ids and values), the sequences' offsets into them, and the tags flat with their
// offsets. What is checked here is what only JS can see (types, lone surrogates); the core
// checks the rest (empty sequences, lengths that disagree, values that are not finite).
import { describe } from './errors.js';
import { checkWellFormed, isPlainObject } from './convert.js';
import { NamedRows } from './features.js';

// A check of `where`'s argument: a TypeError (or `Class`) saying what `value` should be.
function checker(where) {
  return (ok, expected, value, Class = TypeError) => {
    if (!ok) throw new Class(`${where}: ${expected}; received ${describe(value)}`);
  };
}

// Arrays of arrays `name` flat: each item to add(item, at), and the arrays' offsets.
function offsets(arrays, must, name, expected, add) {
  const out = new Uint32Array(arrays.length + 1);
  arrays.forEach((array, s) => {
    must(Array.isArray(array), `${name}[${s}] must be ${expected}`, array, name === 'tags' ? RangeError : TypeError);
    out[s + 1] = out[s] + array.length;
    array.forEach((item, t) => add(item, `${name}[${s}][${t}]`));
  });
  return out;
}

/** Sequences of tokens (arrays of feature names, each counting 1, or records {name: value}) as named rows. */
export function tokensOf(sequences, where) {
  const must = checker(where);
  must(Array.isArray(sequences), 'sequences must be an array of sequences (arrays of tokens)', sequences);
  const rows = new NamedRows((k) => `token ${k}`);
  const starts = offsets(sequences, must, 'sequences', 'a non-empty array of tokens', (token, at) => {
    const named = Array.isArray(token);
    const kinds = 'an array of feature names or a record {name: value}';
    must(named || isPlainObject(token), `${at} must be a token: ${kinds}`, token);
    for (const [name, value] of named ? token.map((name) => [name, 1]) : Object.entries(token)) {
      must(!named || typeof name === 'string', `${at} must hold feature names (strings)`, name);
      must(typeof value === 'number', `${at}[${JSON.stringify(name)}] must be a finite number`, value);
      rows.add(checkWellFormed(name, where, `a feature name of ${at}`), value);
    }
    rows.endRow();
  });
  const [names, lengths, ids, values, indptr] = rows.wire(where);
  return { names, lengths, ids, values, indptr, starts };
}

/** `count` tag sequences flat: all numbers (a Float64Array) or all strings. */
export function tagsOf(tagSequences, where, count) {
  const must = checker(where);
  must(Array.isArray(tagSequences), `tags must be an array of ${count} tag sequences, one per sequence`, tagSequences);
  const tags = [];
  const tagStarts = offsets(tagSequences, must, 'tags', 'an array of tags, one per token', (tag, at) => {
    must(typeof tag === 'string' || Number.isFinite(tag), `${at} must be a string or a finite number`, tag);
    must(
      tags.length === 0 || typeof tag === typeof tags[0],
      `${at} must be a ${typeof tags[0]} as the first tag is`,
      tag,
    );
    tags.push(typeof tag === 'string' ? checkWellFormed(tag, where, at) : tag);
  });
  const tagsNumeric = typeof tags[0] !== 'string';
  return { tags: tagsNumeric ? Float64Array.from(tags) : tags, tagsNumeric, tagStarts };
}

/** Sequences of tokens and their tags, for fit, partialFit and score. */
export function tagged(sequences, tags, where) {
  const batch = tokensOf(sequences, where);
  return { ...batch, ...tagsOf(tags, where, batch.starts.length - 1) };
}
