// pw.StructuredPerceptron (Collins 2002) over the core's StructuredEstimator (estimator/
// structured_estimator.hpp: options, feature names, tags, training, Viterbi, saved JSON). Here:
// JS values in the flat form the core reads, error classes, the AbortSignal.
//
// A batch crosses into wasm in one call: the tokens as named rows (features.js: each distinct
// name once, its entries' ids and values), the sequences' offsets into them, and the tags flat
// with their offsets. What is checked here is what only JS can see (types, lone surrogates); the
// core checks the rest (empty sequences, lengths that disagree, values that are not finite).
import { unwrap } from './errors.js';
import { checkOptionsObject, checkWellFormed, isPlainObject } from './convert.js';
import { fitReport, guardCallbacks } from './fitting.js';
import { NamedRows, checker } from './features.js';
import { CoreObject, access, handleGetters, restoreSaved, runBusy } from './model.js';

export const STRUCTURED_FORMAT = 'perceptron-wasm/StructuredPerceptron';

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

// A token (an array of feature names, each counting 1, or a record {name: value}) `at` (its name
// in messages) as a row of `rows`.
function addToken(rows, must, where, token, at) {
  const named = Array.isArray(token);
  must(
    named || isPlainObject(token),
    `${at} must be a token: an array of feature names or a record {name: value}`,
    token,
  );
  for (const [name, value] of named ? token.map((name) => [name, 1]) : Object.entries(token)) {
    must(!named || typeof name === 'string', `${at} must hold feature names (strings)`, name);
    must(typeof value === 'number', `${at}[${JSON.stringify(name)}] must be a finite number`, value);
    rows.add(checkWellFormed(name, where, `a feature name of ${at}`), value);
  }
  rows.endRow();
}

// The core's named rows of `rows`.
function wired(rows, where) {
  const [names, lengths, ids, values, indptr] = rows.wire(where);
  return { names, lengths, ids, values, indptr };
}

// Sequences of tokens as named rows, with their offsets.
function tokensOf(sequences, where) {
  const must = checker(where);
  must(Array.isArray(sequences), 'sequences must be an array of sequences (arrays of tokens)', sequences);
  const rows = new NamedRows((k) => `token ${k}`);
  const add = (token, at) => addToken(rows, must, where, token, at);
  const starts = offsets(sequences, must, 'sequences', 'a non-empty array of tokens', add);
  return { ...wired(rows, where), starts };
}

// One sequence's tokens (lattice's argument, its tokens named tokens[t]) as named rows; the core
// refuses an empty one.
function sequenceOf(tokens, where) {
  const must = checker(where);
  must(Array.isArray(tokens), 'tokens must be a non-empty array of tokens', tokens);
  const rows = new NamedRows((t) => `tokens[${t}]`);
  tokens.forEach((token, t) => addToken(rows, must, where, token, `tokens[${t}]`));
  return wired(rows, where);
}

// `count` tag sequences flat: all numbers (a Float64Array) or all strings.
function tagsOf(tagSequences, where, count) {
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

// Sequences of tokens and their tags, for fit, partialFit and score.
function tagged(sequences, tags, where) {
  const batch = tokensOf(sequences, where);
  return { ...batch, ...tagsOf(tags, where, batch.starts.length - 1) };
}

/**
 * pw.StructuredPerceptron for one loaded core; see structured-perceptron.d.ts. `startTrainer`:
 * makeModel's (trainer.js), so that its trainer is the Trainer every kind's is.
 */
export function makeStructuredPerceptron(core, startTrainer) {
  class StructuredPerceptron extends CoreObject {
    #options;

    // access() for predict and score, with the NotFittedError before the model learned.
    #fitted(method) {
      const { where, handle } = access(this, method);
      unwrap(handle.checkFitted(), where);
      return { where, handle };
    }

    constructor(options) {
      super('StructuredPerceptron', options, () => new core.CoreStructured());
      this.#options = access(this, 'options').handle.options(); // the options in effect, as JSON
    }

    /** Trains from zero on sequences and their tags; see structured-perceptron.d.ts. */
    fit(sequences, tags, options) {
      const { where, handle } = access(this, 'fit');
      const opts = checkOptionsObject(options, where, ['onStep', 'signal']);
      const { stepFn, rethrow } = guardCallbacks(where, opts, (step) => step);
      const input = tagged(sequences, tags, where);
      const report = unwrap(
        runBusy(this, () => handle.fit(input, stepFn)),
        where,
      );
      rethrow(report);
      return fitReport(report);
    }

    /** fit's training driven step by step, a step a sequence; see structured-perceptron.d.ts. */
    trainer(sequences, tags, options) {
      const { where, handle } = access(this, 'trainer');
      const given = Object.keys(checkOptionsObject(options, where));
      if (given.length > 0) {
        const name = JSON.stringify(given[0]);
        throw new TypeError(
          `${where}: unknown option ${name}; a trainer takes no options (fit's options are the model's)`,
        );
      }
      return startTrainer(this, where, () => handle.startTraining(tagged(sequences, tags, where)));
    }

    /** One pass over a batch, continuing; the first call learns the tags and names it sees (or {tags}). */
    partialFit(sequences, tags, options) {
      const { where, handle } = access(this, 'partialFit');
      const { tags: given } = checkOptionsObject(options, where, ['tags']);
      const first = given === undefined ? undefined : tagsOf([given], where, 1);
      return fitReport(unwrap(handle.partialFit(tagged(sequences, tags, where), first), where));
    }

    /** Viterbi's tags for every token of every sequence: one array of tags per sequence. */
    predict(sequences) {
      const { where, handle } = this.#fitted('predict');
      const input = tokensOf(sequences, where);
      const [ids, tags, starts] = [unwrap(handle.predict(input), where), handle.tags(), input.starts];
      return Array.from(sequences, (_, s) => Array.from(ids.subarray(starts[s], starts[s + 1]), (k) => tags[k]));
    }

    /** Token accuracy on sequences and their tags. */
    score(sequences, tags) {
      const { where, handle } = this.#fitted('score');
      return unwrap(handle.score(tagged(sequences, tags, where)), where);
    }

    /** One sequence's lattice: every position's tag scores, Viterbi's table and path. */
    lattice(tokens) {
      const { where, handle } = this.#fitted('lattice');
      return unwrap(handle.lattice(sequenceOf(tokens, where)), where);
    }

    get options() {
      return JSON.parse(this.#options);
    }
    toJSON() {
      return JSON.parse(access(this, 'toJSON').handle.toJSON());
    }

    static fromJSON(json) {
      const make = (options) => new StructuredPerceptron(options);
      return restoreSaved(core, STRUCTURED_FORMAT, json, 'StructuredPerceptron.fromJSON', make);
    }
  }

  // tags, nFeatures, steps and fitted: the core's answers (refused inside fit's onStep).
  handleGetters(StructuredPerceptron, ['tags', 'nFeatures', 'steps', 'fitted']);
  return StructuredPerceptron;
}
