// Model, the one class every model kind extends (perceptron.js, multiclass-perceptron.js,
// kernel-perceptron.js, winnow.js, passive-aggressive.js). It holds what every kind does the
// same way, over the core's one model binding (bindings/embind/model.cpp): the handle and its
// lifetime, fit, trainer, partialFit, predict, decisionFunction, score, options, toJSON and
// fromJSON. A kind module adds its getters and calls of its own, and describes itself to
// defineKind: its core handle, its saved format's name and fit's options. The core builds the
// step and epoch records of fit's callbacks and of a trainer.
//
// Model's state is in private fields. The kinds' modules reach it only through the functions
// its static block hands out (access, runBusy), which makeModel returns beside the class: users
// see no extra members but one symbol-keyed method, [fitTrainer], the Worker's fit. The core's Estimator keeps the options (preprocess, classWeight and
// hashing too), the scaler, the weights, partialFit's classes and the feature map of named
// features, and checks them; it writes and reads the saved format too. Records reach it as one
// handle of named rows per call (features.js).
import { DisposedError, raise, unwrap } from './errors.js';
import { checkOptionsObject, rowsOf, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';
import { makeTrainer } from './trainer.js';
import { fitOptions, fitReport, guardCallbacks, partialFitOptions, trainerOptions, validationOf } from './fitting.js';
import { construct, constructorWhere, savedObject, savedText } from './model-json.js';
import { makeFeatures } from './features.js';

const disposeSymbol = Symbol.dispose ?? Symbol.for('nodejs.dispose');

// The method behind trainer() for the Worker's fit (worker-fit.js), not part of the public API.
export const fitTrainer = Symbol('perceptron-wasm: trainer as fit');

/**
 * Model and the accessors to its private state, for one loaded core.
 * @param core the Embind module instance
 * @param datasets makeDataset(core)'s handle makers
 */
export function makeModel(core, { matrixHandle, labelledHandle }) {
  const { namedX, namedInput, hashed } = makeFeatures(core);
  const registry = new FinalizationRegistry((handle) => handle.delete());
  // Each kind's class -> its description (defineKind); a user's subclass of a kind is that kind.
  const kinds = new Map();
  const describeKind = (Class) => {
    for (let c = Class; c; c = Object.getPrototypeOf(c)) if (kinds.has(c)) return kinds.get(c);
    throw new TypeError(`${Class?.name}: not a model kind of the package`);
  };
  // Set by Model's static block, the one place outside its methods that sees its private fields.
  let access;
  let runBusy;
  let kindOf;

  // sampleWeight as the core reads it.
  const sampleWeightOf = (sampleWeight, where) =>
    sampleWeight === undefined ? undefined : toVector(sampleWeight, where, 'sampleWeight');

  // fit's and a trainer's input as every kind sends it: X and y (named rows read through the
  // model's feature map, which keeps its vocabulary when keeps() says so), more() of the call
  // (callbacks), the kind's own fields (initial weights), and the checked options' sampleWeight
  // and validation (converted as the training data, so scaled alike), sent by send(data, call)
  // to the core's fit or startTraining.
  const fitCall = (model, where, handle, X, y, opts, send, keeps = () => false, more = () => ({})) =>
    withTemporaries((temporaries) => {
      const named = namedInput(handle, X, opts.validation, where, temporaries, keeps);
      const extra = { ...more(), ...kindOf(model).fitFields?.(opts, where) };
      const data = labelledHandle(named.X, y, where, temporaries);
      const sampleWeight = sampleWeightOf(opts.sampleWeight, where);
      const convert = (Z, zy, options) => labelledHandle(Z, zy, where, temporaries, options);
      const validation = validationOf(named.validation, where, convert);
      return send(data, { sampleWeight, ...extra, validation });
    });

  /** What every model kind shares; see index.d.ts (Model). */
  class Model {
    #handle = null;
    #busy = false;
    #kind;

    constructor(options) {
      const kind = describeKind(new.target);
      const where = constructorWhere(kind.name);
      const { hashing, ...coreOptions } = checkOptionsObject(options, where);
      this.#kind = kind;
      if (hashing !== undefined) checkOptionsObject(hashing, `${where}: option hashing`, ['bits']);
      const handle = new core.CoreModel(kind.name);
      // The core checks every option, and keeps, fits and applies the scaler the preprocess
      // option asks for, the class weights and the feature map (hashing {bits}, or a vocabulary
      // learned at fit).
      const result = handle.configure(coreOptions, hashing);
      if (result !== undefined) {
        handle.delete();
        raise(result, where);
      }
      this.#handle = handle;
      registry.register(this, handle, this);
    }

    static {
      // The handle for a call, or the error saying why there is none.
      access = (model, method, { mutates = true } = {}) => {
        const where = `${model.#kind.name}.${method}`;
        if (model.#handle === null) {
          throw new DisposedError(`${where}: the model was disposed; create a new ${model.#kind.name}`);
        }
        if (mutates && model.#busy) {
          throw new TypeError(`${where}: cannot be called from inside an onStep/onEpoch callback of fit`);
        }
        return { where, handle: model.#handle };
      };
      runBusy = (model, fn) => {
        model.#busy = true;
        try {
          return fn();
        } finally {
          model.#busy = false;
        }
      };
      kindOf = (model) => model.#kind;
    }

    /** Trains on X, y (y may come with a Dataset); see index.d.ts. */
    fit(X, y, options) {
      const { where, handle } = access(this, 'fit');
      const opts = checkOptionsObject(options, where, fitOptions(kindOf(this)));
      // A warm start keeps the vocabulary it continues from (the core decides).
      const warm = handle.options().warmStart === true && handle.vocabularySize() > 0;
      const keeps = () => warm;
      let callbacks;
      const more = () => {
        callbacks = guardCallbacks(where, opts);
        return { onStep: callbacks.stepFn, onEpoch: callbacks.epochFn };
      };
      const send = (data, call) => runBusy(this, () => handle.fit(data, call));
      const report = unwrap(fitCall(this, where, handle, X, y, opts, send, keeps, more), where);
      callbacks.rethrow(report);
      return fitReport(report);
    }

    /** fit's training, driven step by step: step(), finishEpoch(), run(); see index.d.ts. */
    trainer(X, y, options) {
      return this[fitTrainer](X, y, options, 'trainer');
    }

    // trainer() for the Worker's fit (worker-fit.js), which trains through a trainer: its errors
    // name Kind.fit, as fit's do.
    [fitTrainer](X, y, options, method = 'fit') {
      const { where, handle } = access(this, method);
      const opts = checkOptionsObject(options, where, trainerOptions(kindOf(this)));
      const send = (data, call) => handle.startTraining(data, call);
      const start = () => fitCall(this, where, handle, X, y, opts, send);
      return startTrainer(this, where, start);
    }

    /** One pass over a batch, continuing; the first call needs {classes}. See index.d.ts. */
    partialFit(X, y, options) {
      const { where, handle } = access(this, 'partialFit');
      const { classes, sampleWeight } = partialFitOptions(options, where);
      return withTemporaries((temporaries) => {
        // The first call learns the vocabulary; the next ones read through it.
        const keeps = () => handle.classes().length > 0 && !hashed(handle);
        const rows = namedX(X, where, temporaries, 'X', keeps);
        const data = labelledHandle(rows, y, where, temporaries, { check: false });
        const call = {
          sampleWeight: sampleWeightOf(sampleWeight, where),
          classes: classes?.labels,
          classesNumeric: classes?.numeric ?? true,
        };
        return fitReport(unwrap(handle.partialFit(data, call), where));
      });
    }

    /** Predicted labels, in the values given at fit. */
    predict(X) {
      const { where, handle } = access(this, 'predict', { mutates: false });
      const indices = withTemporaries((temporaries) => {
        const rows = namedX(X, where, temporaries, 'X', () => !hashed(handle));
        return unwrap(handle.predict(matrixHandle(rows, where, temporaries)), where);
      });
      const classes = handle.classes();
      return Array.from(indices, (c) => classes[c]);
    }

    /** Scores: one per row, or one array per row for the kinds with a score per class. */
    decisionFunction(X) {
      const { where, handle } = access(this, 'decisionFunction', { mutates: false });
      return withTemporaries((temporaries) => {
        const rows = namedX(X, where, temporaries, 'X', () => !hashed(handle));
        const data = matrixHandle(rows, where, temporaries);
        const scores = unwrap(handle.decisionFunction(data), where);
        return handle.scoresPerRow() === 1 ? scores : rowsOf(scores, data.rows());
      });
    }

    /** Accuracy on X, y (labels must be among the model's classes); y may come with a Dataset. */
    score(X, y) {
      const { where, handle } = access(this, 'score', { mutates: false });
      return withTemporaries((temporaries) => {
        const rows = namedX(X, where, temporaries, 'X', () => !hashed(handle));
        return unwrap(handle.score(labelledHandle(rows, y, where, temporaries, { check: false })), where);
      });
    }

    get classes() {
      return access(this, 'classes', { mutates: false }).handle.classes();
    }

    get nFeatures() {
      return access(this, 'nFeatures', { mutates: false }).handle.nFeatures();
    }

    /** Steps taken since training started. */
    get steps() {
      return access(this, 'steps', { mutates: false }).handle.steps();
    }

    get fitted() {
      return access(this, 'fitted', { mutates: false }).handle.fitted();
    }

    /** The options in effect, every one of them (defaults filled in). */
    get options() {
      return access(this, 'options', { mutates: false }).handle.options();
    }

    /** The model as a plain object (JSON.stringify-able) that fromJSON reads back exactly. */
    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      return JSON.parse(handle.toJSON(JSON.stringify(this.options)));
    }

    /** Rebuilds a model from toJSON()'s object (or its JSON text); the core checks every field. */
    static fromJSON(json) {
      const kind = describeKind(this);
      const where = `${kind.name}.fromJSON`;
      const { text, fromObject } = savedText(json, where);
      unwrap(core.readSavedEnvelope(kind.format, text, fromObject), where);
      const model = construct(() => new this(savedObject(json).options), where);
      try {
        const { handle } = access(model, 'fromJSON');
        unwrap(handle.restoreJSON(text, fromObject), where);
        return model;
      } catch (error) {
        model.dispose();
        throw error;
      }
    }

    /** Frees the wasm memory now (a FinalizationRegistry does it eventually otherwise). */
    dispose() {
      if (this.#handle === null) return;
      access(this, 'dispose');
      registry.unregister(this);
      this.#handle.delete();
      this.#handle = null;
    }

    [disposeSymbol]() {
      this.dispose();
    }

    get [Symbol.toStringTag]() {
      return this.#kind.name;
    }
  }

  const { Trainer, startTrainer } = makeTrainer((model, method) => access(model, method));

  /**
   * Makes Kind (a class extending Model) a model kind. `description`:
   *   name: its name, which the core's model class (CoreModel) is built with;
   *   format: its saved format's name (fromJSON's first check; the core reads and writes it);
   *   getters: {name: read(arrays, handle)}: Kind's getters, each reading the core's named
   *     arrays (weights, bias, ...) as arrays' properties: each array is fetched when read, once
   *     per getter call (handle.attribute(name): a Float64Array, or null), so a getter copies
   *     only what it reads;
   *   fitOptions?, fitFields(opts, where)?: the kind's own options of fit and trainer (initial
   *     weights), and their fields in the call.
   */
  function defineKind(Kind, { getters = {}, ...description }) {
    for (const [name, read] of Object.entries(getters)) {
      const get = function () {
        const { handle } = access(this, name, { mutates: false });
        const fetched = new Map();
        const arrays = new Proxy(
          {},
          { get: (_, key) => (fetched.has(key) ? fetched : fetched.set(key, handle.attribute(key))).get(key) },
        );
        return read(arrays, handle);
      };
      Object.defineProperty(Kind.prototype, name, { get, configurable: true });
    }
    kinds.set(Kind, Object.freeze(description));
    return Kind;
  }

  return { Model, Trainer, defineKind, access, runBusy, labelledHandle, matrixHandle };
}
