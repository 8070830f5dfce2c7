// pw.StructuredPerceptron: sequence labelling with the structured perceptron (Collins 2002) of
// the core (src/perceptron/models/structured.hpp; bindings/embind/structured.cpp). A sequence is
// an array of tokens, a token its emission features: an array of feature names (each counts 1)
// or a record {name: value}. Names become columns by a vocabulary learned at fit (saved in the
// JSON) or by hashing (features.js), tags become ids in sorted order; the core keeps emission
// weights per tag and transition weights per pair of tags (and from the start), and decodes with
// Viterbi.
import { DisposedError, NotFittedError, abortError, checkSignal, describe, unwrap } from './errors.js';
import { checkOptionsObject, checkWellFormed, isPlainObject, toLabels } from './convert.js';
import { withTemporaries } from './dataset.js';
import { NamedRows, makeFeatures } from './features.js';
import { fitReport } from './fitting.js';
import { compareCodePoints, savedObject, savedText } from './model-json.js';

export const STRUCTURED_FORMAT = 'perceptron-wasm/StructuredPerceptron';
const OPTIONS = ['variant', 'order', 'learningRate', 'maxEpochs', 'seed', 'hashing'];
const DEFAULTS = { variant: 'classic', order: 'cyclic', learningRate: 1, maxEpochs: 100, seed: 0 };
const disposeSymbol = Symbol.dispose ?? Symbol.for('nodejs.dispose');

function checkOptions(options, where, checkHashing) {
  const given = checkOptionsObject(options, where, OPTIONS);
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
  const choice = (name, choices) => {
    if (!choices.includes(o[name])) {
      throw new (typeof o[name] === 'string' ? RangeError : TypeError)(
        `${where}: option ${name} must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}; ` +
          `received ${describe(o[name])}`,
      );
    }
  };
  choice('variant', ['classic', 'averaged']);
  choice('order', ['cyclic', 'shuffle']);
  for (const name of ['learningRate', 'maxEpochs', 'seed']) {
    if (typeof o[name] !== 'number') {
      throw new TypeError(`${where}: option ${name} must be a number; received ${describe(o[name])}`);
    }
  }
  for (const name of ['maxEpochs', 'seed']) {
    if (!Number.isSafeInteger(o[name]) || o[name] < (name === 'seed' ? 0 : 1)) {
      throw new RangeError(
        `${where}: option ${name} must be an integer from ${name === 'seed' ? 0 : 1} to ` +
          `${Number.MAX_SAFE_INTEGER}; received ${describe(o[name])}`,
      );
    }
  }
  const hashing = checkHashing(given.hashing, where);
  return { ...o, hashing };
}

// Sequences of tokens as NamedRows (one row per token: an array's names each with value 1, their
// repeats adding up, or a record's), with the sequences' offsets; each token checked and named by
// its place (sequences[2][5]).
function tokensOf(sequences, where, name = 'sequences') {
  if (!Array.isArray(sequences)) {
    throw new TypeError(
      `${where}: ${name} must be an array of sequences (arrays of tokens); received ${describe(sequences)}`,
    );
  }
  if (sequences.length === 0) throw new RangeError(`${where}: ${name} must hold at least one sequence; received 0`);
  const rows = new NamedRows((k) => `token ${k}`);
  const starts = new Uint32Array(sequences.length + 1);
  sequences.forEach((sequence, s) => {
    if (!Array.isArray(sequence) || sequence.length === 0) {
      throw new (Array.isArray(sequence) ? RangeError : TypeError)(
        `${where}: ${name}[${s}] must be a non-empty array of tokens; received ${describe(sequence)}`,
      );
    }
    sequence.forEach((token, t) => {
      const at = `${name}[${s}][${t}]`;
      if (Array.isArray(token)) {
        for (const feature of token) {
          if (typeof feature !== 'string') {
            throw new TypeError(`${where}: ${at} must hold feature names (strings); received ${describe(feature)}`);
          }
          checkWellFormed(feature, where, `a feature name of ${at}`);
          rows.add(feature);
        }
      } else if (isPlainObject(token)) {
        for (const [feature, value] of Object.entries(token)) {
          if (typeof value !== 'number' || !Number.isFinite(value)) {
            throw new (typeof value === 'number' ? RangeError : TypeError)(
              `${where}: ${at}[${JSON.stringify(feature)}] must be a finite number; received ${describe(value)}`,
            );
          }
          checkWellFormed(feature, where, `a feature name of ${at}`);
          rows.add(feature, value);
        }
      } else {
        throw new TypeError(
          `${where}: ${at} must be a token: an array of feature names or a record {name: value}; received ${describe(token)}`,
        );
      }
      rows.endRow();
    });
    starts[s + 1] = rows.rows;
  });
  return { rows, starts };
}

// The tag sequences checked against the sequences' lengths: the flat tags, and the distinct
// ones in the core's order (numbers ascending, strings by code point).
function tagsOf(tagSequences, starts, where) {
  const count = starts.length - 1;
  if (!Array.isArray(tagSequences) || tagSequences.length !== count) {
    throw new (Array.isArray(tagSequences) ? RangeError : TypeError)(
      `${where}: tags must be an array of ${count} tag sequences, one per sequence; received ${describe(tagSequences)}`,
    );
  }
  const flat = [];
  tagSequences.forEach((tags, s) => {
    const length = starts[s + 1] - starts[s];
    if (!Array.isArray(tags) || tags.length !== length) {
      throw new RangeError(`${where}: tags[${s}] must hold ${length} tags, one per token; received ${describe(tags)}`);
    }
    tags.forEach((tag, t) => {
      if (typeof tag !== 'string' && !(typeof tag === 'number' && Number.isFinite(tag))) {
        throw new TypeError(
          `${where}: tags[${s}][${t}] must be a string or a finite number; received ${describe(tag)}`,
        );
      }
      if (typeof tag !== typeof flat[0] && flat.length > 0) {
        throw new TypeError(`${where}: tags must all be strings or all numbers; tags[${s}][${t}] is ${describe(tag)}`);
      }
      if (typeof tag === 'string') checkWellFormed(tag, where, `tags[${s}][${t}]`);
      flat.push(tag);
    });
  });
  const distinct = [...new Set(flat)].sort((a, b) => (typeof a === 'number' ? a - b : compareCodePoints(a, b)));
  return { flat, distinct };
}

/** pw.StructuredPerceptron for one loaded core; see index.d.ts. */
export function makeStructuredPerceptron(core, { matrixHandle }) {
  const { FeatureMap, checkHashing } = makeFeatures(core);
  const registry = new FinalizationRegistry((handle) => handle.delete());

  class StructuredPerceptron {
    #handle;
    #options;
    #features;
    #tags = [];
    #busy = false;

    constructor(options) {
      const where = 'new StructuredPerceptron';
      this.#options = checkOptions(options, where, checkHashing);
      this.#features = new FeatureMap({ hashing: this.#options.hashing });
      const handle = new core.CoreStructured();
      const result = handle.configure({ ...this.#options, averaged: this.#options.variant === 'averaged' });
      if (result !== undefined) {
        handle.delete();
        unwrap(result, where);
      }
      this.#handle = handle;
      registry.register(this, handle, this);
    }

    #live(method) {
      const where = `StructuredPerceptron.${method}`;
      if (this.#handle === null) throw new DisposedError(`${where}: the model was disposed; create a new one`);
      if (this.#busy) throw new TypeError(`${where}: cannot be called from inside an onStep callback of fit`);
      return where;
    }

    // fit or partialFit: the tokens as CSR rows over the (new) feature map, the tags as ids.
    #train(where, sequences, tagSequences, { learn, onStep, signal, tags: given }) {
      checkSignal(signal, where);
      if (signal?.aborted) throw abortError(signal, where);
      const { rows, starts } = tokensOf(sequences, where);
      const { flat, distinct } = tagsOf(tagSequences, starts, where);
      let tags = learn ? distinct : this.#tags;
      if (!learn && tags.length === 0) tags = given ?? distinct;
      const id = new Map(tags.map((tag, k) => [tag, k]));
      const ids = Uint32Array.from(flat, (tag, k) => {
        if (!id.has(tag)) {
          throw new RangeError(
            `${where}: tag ${JSON.stringify(tag)} (token ${k}) is not one of the model's tags ${JSON.stringify(tags)}`,
          );
        }
        return id.get(tag);
      });
      const map =
        learn || this.#tags.length === 0 ? this.#features.learned(rows, where, 'the tokens', 'tokens') : this.#features;
      let failure;
      const stepFn =
        onStep === undefined && signal === undefined
          ? undefined
          : (raw) => {
              try {
                if (onStep) {
                  // The step record: label the gold tags, prediction Viterbi's (predicted, as before).
                  const prediction = Array.from(raw.predicted, (k) => tags[k]);
                  const label = flat.slice(starts[raw.index], starts[raw.index + 1]);
                  const answer = onStep({ ...raw, predicted: [...prediction], label, prediction });
                  if (answer === false) return 1;
                }
                if (signal?.aborted) throw abortError(signal, where);
                return 0;
              } catch (error) {
                failure = error;
                return 2;
              }
            };
      let csr;
      try {
        csr = map.toCsr(rows, where, 'tokens');
      } finally {
        // A new map's core copy, and the one it replaces, are freed (made again when used).
        if (map !== this.#features) [map, this.#features].forEach((m) => m.release());
      }
      const report = withTemporaries((temporaries) => {
        const tokens = matrixHandle(csr, where, temporaries, 'tokens');
        this.#busy = true;
        try {
          return unwrap(this.#handle.train(tokens, starts, ids, tags.length, !learn, stepFn), where);
        } finally {
          this.#busy = false;
        }
      });
      if (failure) throw failure;
      this.#features = map;
      this.#tags = tags;
      return fitReport(report);
    }

    /** Trains from zero on sequences and their tags; see index.d.ts. */
    fit(sequences, tags, options) {
      const where = this.#live('fit');
      const { onStep, signal } = checkOptionsObject(options, where, ['onStep', 'signal']);
      if (onStep !== undefined && typeof onStep !== 'function') {
        throw new TypeError(`${where}: option onStep must be a function; received ${describe(onStep)}`);
      }
      return this.#train(where, sequences, tags, { learn: true, onStep, signal });
    }

    /** One pass over a batch, continuing; the first call learns the tags and names it sees (or {tags}). */
    partialFit(sequences, tags, options) {
      const where = this.#live('partialFit');
      const { tags: given } = checkOptionsObject(options, where, ['tags']);
      if (given !== undefined && this.#tags.length > 0) {
        throw new RangeError(`${where}: option tags is for the first call; the model has its tags already`);
      }
      const sorted = given && tagsOf([given], Uint32Array.of(0, given.length ?? 0), where).distinct;
      return this.#train(where, sequences, tags, { learn: false, tags: sorted });
    }

    /** Viterbi's tags for every token of every sequence: one array of tags per sequence. */
    predict(sequences) {
      const where = this.#live('predict');
      if (this.#tags.length === 0) throw new NotFittedError(`${where}: the model has not learned yet; call fit first`);
      const { rows, starts } = tokensOf(sequences, where);
      const ids = withTemporaries((temporaries) => {
        // A map without columns (a saved model without its vocabulary): no token has a feature,
        // which the core refuses as it refuses any token matrix without columns.
        const csr = this.#features.cols
          ? this.#features.toCsr(rows, where, 'tokens')
          : {
              indptr: new Uint32Array(starts.at(-1) + 1),
              indices: new Uint32Array(0),
              values: new Float64Array(0),
              cols: 0,
            };
        const tokens = matrixHandle(csr, where, temporaries, 'tokens');
        return unwrap(this.#handle.predict(tokens, starts), where);
      });
      return Array.from({ length: starts.length - 1 }, (_, s) =>
        Array.from(ids.subarray(starts[s], starts[s + 1]), (k) => this.#tags[k]),
      );
    }

    /** Token accuracy on sequences and their tags. */
    score(sequences, tags) {
      const where = this.#live('score');
      const predicted = this.predict(sequences).flat();
      const { flat } = tagsOf(tags, tokensOf(sequences, where).starts, where);
      return flat.reduce((hits, tag, k) => hits + (tag === predicted[k]), 0) / flat.length;
    }

    get tags() {
      this.#live('tags');
      return [...this.#tags];
    }
    get nFeatures() {
      this.#live('nFeatures');
      return this.#handle.nFeatures();
    }
    get steps() {
      this.#live('steps');
      return this.#handle.steps();
    }
    get fitted() {
      this.#live('fitted');
      return this.#tags.length > 0;
    }
    get options() {
      const { hashing, ...rest } = this.#options;
      return hashing ? { ...rest, hashing: { ...hashing } } : rest;
    }

    toJSON() {
      const where = this.#live('toJSON');
      const { labels, numeric } = toLabels(this.#tags, where, 'tags');
      const options = JSON.stringify(this.options);
      return JSON.parse(this.#handle.toJSON(options, labels, numeric, this.#features.vocabulary));
    }

    static fromJSON(json) {
      const where = 'StructuredPerceptron.fromJSON';
      const { text, fromObject } = savedText(json, where);
      unwrap(core.readSavedEnvelope(STRUCTURED_FORMAT, text, fromObject), where);
      const saved = savedObject(json);
      const model = new StructuredPerceptron(saved.options);
      try {
        const vocabulary = unwrap(model.#handle.restoreJSON(text, fromObject), where);
        model.#tags = [...saved.classes];
        if (vocabulary !== undefined) model.#features = new FeatureMap({ vocabulary });
        return model;
      } catch (error) {
        model.dispose();
        throw error;
      }
    }

    dispose() {
      if (this.#handle === null) return;
      registry.unregister(this);
      this.#handle.delete();
      this.#handle = null;
      this.#features.release();
    }

    [disposeSymbol]() {
      this.dispose();
    }

    get [Symbol.toStringTag]() {
      return 'StructuredPerceptron';
    }
  }

  return StructuredPerceptron;
}
