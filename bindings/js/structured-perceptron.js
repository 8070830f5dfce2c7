// pw.StructuredPerceptron (Collins 2002) over the core's StructuredEstimator (estimator/
// structured_estimator.hpp: options, feature names, tags, training, Viterbi, saved JSON). Here:
// JS values in the flat form the core reads (sequences.js), error classes, the AbortSignal.
import { DisposedError, unwrap } from './errors.js';
import { checkOptionsObject } from './convert.js';
import { fitReport, guardCallbacks } from './fitting.js';
import { construct, constructorWhere, savedObject, savedText } from './model-json.js';
import { tagged, tagsOf, tokensOf } from './sequences.js';

export const STRUCTURED_FORMAT = 'perceptron-wasm/StructuredPerceptron';

/** pw.StructuredPerceptron for one loaded core; see structured-perceptron.d.ts. */
export function makeStructuredPerceptron(core) {
  const registry = new FinalizationRegistry((handle) => handle.delete());

  class StructuredPerceptron {
    #handle = null;
    #options;
    #busy = false;

    constructor(options) {
      const where = constructorWhere('StructuredPerceptron');
      const { hashing } = checkOptionsObject(options, where);
      if (hashing !== undefined) checkOptionsObject(hashing, `${where}: option hashing`, ['bits']);
      const handle = new core.CoreStructured();
      const result = handle.configure(options ?? {});
      if (result !== undefined) handle.delete();
      unwrap(result, where);
      [this.#handle, this.#options] = [handle, handle.options()];
      registry.register(this, handle, this);
    }

    // The handle for a call, or why there is none; `fitted`: the NotFittedError before it learned.
    #live(method, fitted = false) {
      const where = `StructuredPerceptron.${method}`;
      if (this.#handle === null) throw new DisposedError(`${where}: the model was disposed; create a new one`);
      if (this.#busy) throw new TypeError(`${where}: cannot be called from inside an onStep callback of fit`);
      if (fitted) unwrap(this.#handle.checkFitted(), where);
      return { where, handle: this.#handle };
    }

    /** Trains from zero on sequences and their tags; see structured-perceptron.d.ts. */
    fit(sequences, tags, options) {
      const { where, handle } = this.#live('fit');
      const opts = checkOptionsObject(options, where, ['onStep', 'signal']);
      const { stepFn, rethrow } = guardCallbacks(where, opts, (step) => step);
      const input = tagged(sequences, tags, where);
      this.#busy = true;
      try {
        const report = unwrap(handle.fit(input, stepFn), where);
        rethrow(report);
        return fitReport(report);
      } finally {
        this.#busy = false;
      }
    }

    /** One pass over a batch, continuing; the first call learns the tags and names it sees (or {tags}). */
    partialFit(sequences, tags, options) {
      const { where, handle } = this.#live('partialFit');
      const { tags: given } = checkOptionsObject(options, where, ['tags']);
      const first = given === undefined ? undefined : tagsOf([given], where, 1);
      return fitReport(unwrap(handle.partialFit(tagged(sequences, tags, where), first), where));
    }

    /** Viterbi's tags for every token of every sequence: one array of tags per sequence. */
    predict(sequences) {
      const { where, handle } = this.#live('predict', true);
      const input = tokensOf(sequences, where);
      const [ids, tags, starts] = [unwrap(handle.predict(input), where), handle.tags(), input.starts];
      return Array.from(sequences, (_, s) => Array.from(ids.subarray(starts[s], starts[s + 1]), (k) => tags[k]));
    }

    /** Token accuracy on sequences and their tags. */
    score(sequences, tags) {
      const { where, handle } = this.#live('score', true);
      return unwrap(handle.score(tagged(sequences, tags, where)), where);
    }

    get tags() {
      return this.#live('tags').handle.tags();
    }
    get nFeatures() {
      return this.#live('nFeatures').handle.nFeatures();
    }
    get steps() {
      return this.#live('steps').handle.steps();
    }
    get fitted() {
      return this.#live('fitted').handle.fitted();
    }
    get options() {
      const { hashing, ...rest } = this.#options;
      return hashing ? { ...rest, hashing: { ...hashing } } : rest;
    }
    toJSON() {
      return JSON.parse(this.#live('toJSON').handle.toJSON());
    }

    static fromJSON(json) {
      const where = 'StructuredPerceptron.fromJSON';
      const { text, fromObject } = savedText(json, where);
      unwrap(core.readSavedEnvelope(STRUCTURED_FORMAT, text, fromObject), where);
      const model = construct(() => new StructuredPerceptron(savedObject(json).options), where);
      const result = model.#handle.restoreJSON(text, fromObject);
      if (result !== undefined) model.dispose();
      return unwrap(result, where) ?? model;
    }

    dispose() {
      if (this.#handle === null) return;
      registry.unregister(this);
      this.#handle.delete();
      this.#handle = null;
    }
    [Symbol.dispose ?? Symbol.for('nodejs.dispose')]() {
      this.dispose();
    }
    get [Symbol.toStringTag]() {
      return 'StructuredPerceptron';
    }
  }

  return StructuredPerceptron;
}
