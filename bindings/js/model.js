// Model, the one class every model kind extends (perceptron.js, multiclass-perceptron.js,
// kernel-perceptron.js, winnow.js, passive-aggressive.js). It holds what every kind does the
// same way, over the core's one model binding (bindings/embind/model.cpp): the handle and its
// lifetime, fit, trainer, partialFit, predict, decisionFunction, score, options, toJSON and
// fromJSON. A kind module adds its getters and calls of its own, and describes itself to
// defineKind: its core handle, its saved format's name and fit's options. The core builds the
// step and epoch records of fit's callbacks and of a trainer.
//
// Model's state is in private fields, its handle's in CoreObject's (which StructuredPerceptron
// extends too). The kinds' modules reach it only through the functions the static blocks hand
// out (access, runBusy), which makeModel returns beside the class: users see no extra members
// but one symbol-keyed method, [fitTrainer], the Worker's fit. The core's Estimator keeps the
// options (preprocess, classWeight and hashing too), the scaler, the weights, partialFit's
// classes and the feature map of named features, and checks them; it writes and reads the saved
// format too. Records reach it as one handle of named rows per call (features.js).
import { DisposedError, unwrap } from './errors.js';
import { checkOptionsObject, rowsOf, toLabels, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';
import { makeTrainer } from './trainer.js';
import { fitOptions, fitReport, guardCallbacks, trainerOptions, validationOf } from './fitting.js';
import { savedText } from './model-json.js';
import { makeFeatures } from './features.js';

// The method behind trainer() for the Worker's fit (worker-fit.js), not part of the public API.
export const fitTrainer = Symbol('perceptron-wasm: trainer as fit');

const registry = new FinalizationRegistry((handle) => handle.delete());
// Where a model's constructor says its errors are: `new Perceptron` when a user calls it, and
// `Perceptron.fromJSON: field options` while restoreSaved builds the model from a saved
// document's options, so that its option errors name the field.
let building;
// Set by CoreObject's static block, the one place outside its methods that sees its fields.
export let access;
export let runBusy;
export let restoreSaved;

/**
 * What every model class (Model, StructuredPerceptron) holds alike: its core handle, made by
 * make() and configured with the options, and its lifetime, and the calls refused while a
 * callback of its fit runs.
 */
export class CoreObject {
  #handle = null;
  #busy = false;
  #name;

  constructor(name, options, make) {
    const where = building ?? `new ${name}`;
    const { hashing, ...rest } = checkOptionsObject(options, where);
    if (hashing !== undefined) checkOptionsObject(hashing, `${where}: option hashing`, ['bits']);
    // The core checks every option (hashing's bits too).
    const handle = make();
    const result = handle.configure(rest, hashing);
    if (result !== undefined) handle.delete();
    unwrap(result, where);
    [this.#name, this.#handle] = [name, handle];
    registry.register(this, handle, this);
  }

  static {
    // The handle for a call, or the error saying why there is none.
    access = (object, method, { mutates = true } = {}) => {
      const where = `${object.#name}.${method}`;
      if (object.#handle === null) {
        throw new DisposedError(`${where}: the model was disposed; create a new ${object.#name}`);
      }
      if (mutates && object.#busy) {
        throw new TypeError(`${where}: cannot be called from inside an onStep/onEpoch callback of fit`);
      }
      return { where, handle: object.#handle };
    };
    runBusy = (object, fn) => {
      object.#busy = true;
      try {
        return fn();
      } finally {
        object.#busy = false;
      }
    };
    // fromJSON's steps around the core's: `format`'s envelope read, the model made from the saved
    // options by make(options), the document restored into it (the model disposed on failure).
    restoreSaved = (core, format, json, where, make) => {
      const { text, fromObject } = savedText(json, where);
      unwrap(core.readSavedEnvelope(format, text, fromObject), where);
      building = `${where}: field options`;
      let model;
      try {
        model = make((typeof json === 'string' ? JSON.parse(json) : json).options);
      } finally {
        building = undefined;
      }
      const result = model.#handle.restoreJSON(text, fromObject);
      if (result !== undefined) model.dispose();
      return unwrap(result, where) ?? model;
    };
  }

  /** Frees the wasm memory now (a FinalizationRegistry does it eventually otherwise). */
  dispose() {
    if (this.#handle === null) return;
    access(this, 'dispose');
    registry.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }

  [Symbol.dispose ?? Symbol.for('nodejs.dispose')]() {
    this.dispose();
  }

  get [Symbol.toStringTag]() {
    return this.#name;
  }
}

// Getters of a CoreObject class each giving its handle's call of the same name (access's
// `options`: whether they are refused inside fit's callbacks).
export function handleGetters(Class, names, options) {
  for (const name of names) {
    const get = function () {
      return access(this, name, options).handle[name]();
    };
    Object.defineProperty(Class.prototype, name, { get, configurable: true });
  }
}

/**
 * Model and the accessors to its private state, for one loaded core.
 * @param core the Embind module instance
 * @param datasets makeDataset(core)'s handle makers
 */
export function makeModel(core, { matrixHandle, labelledHandle }) {
  const { namedX, namedInput } = makeFeatures(core);
  // Each kind's class -> its description (defineKind); a user's subclass of a kind is that kind.
  const kinds = new Map();
  const describeKind = (Class) => {
    for (let c = Class; c; c = Object.getPrototypeOf(c)) if (kinds.has(c)) return kinds.get(c);
    throw new TypeError(`${Class?.name}: not a model kind of the package`);
  };
  const kindOf = (model) => describeKind(model.constructor);

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

  // A call that reads X (its records through the model's feature map, which keeps its
  // vocabulary): read(rows, handle, where, temporaries), rows as the core's handle makers take X.
  const reading = (model, method, X, read) => {
    const { where, handle } = access(model, method, { mutates: false });
    const rows = (temporaries) => namedX(X, where, temporaries, 'X', () => handle.readsVocabulary(2));
    return withTemporaries((temporaries) => read(rows(temporaries), handle, where, temporaries));
  };

  /** What every model kind shares; see index.d.ts (Model). */
  class Model extends CoreObject {
    constructor(options) {
      const { name } = describeKind(new.target);
      // The core keeps, fits and applies the scaler the preprocess option asks for, the class
      // weights and the feature map (hashing {bits}, or a vocabulary learned at fit).
      super(name, options, () => new core.CoreModel(name));
    }

    /** Trains on X, y (y may come with a Dataset); see index.d.ts. */
    fit(X, y, options) {
      const { where, handle } = access(this, 'fit');
      const opts = checkOptionsObject(options, where, fitOptions(kindOf(this)));
      // A warm start keeps the vocabulary it continues from (the core decides).
      const keeps = () => handle.readsVocabulary(0);
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
      const { classes, sampleWeight } = checkOptionsObject(options, where, ['classes', 'sampleWeight']);
      // Encoded here; the core checks them against the model's.
      const encoded = classes === undefined ? undefined : toLabels(classes, where, 'classes');
      return withTemporaries((temporaries) => {
        // The first call learns the vocabulary; the next ones read through it.
        const rows = namedX(X, where, temporaries, 'X', () => handle.readsVocabulary(1));
        const data = labelledHandle(rows, y, where, temporaries, { check: false });
        const call = {
          sampleWeight: sampleWeightOf(sampleWeight, where),
          classes: encoded?.labels,
          classesNumeric: encoded?.numeric ?? true,
        };
        return fitReport(unwrap(handle.partialFit(data, call), where));
      });
    }

    /** Predicted labels, in the values given at fit. */
    predict(X) {
      return reading(this, 'predict', X, (rows, handle, where, temporaries) => {
        const classes = handle.classes();
        return Array.from(unwrap(handle.predict(matrixHandle(rows, where, temporaries)), where), (c) => classes[c]);
      });
    }

    /** Scores: one per row, or one array per row for the kinds with a score per class. */
    decisionFunction(X) {
      return reading(this, 'decisionFunction', X, (rows, handle, where, temporaries) => {
        const data = matrixHandle(rows, where, temporaries);
        const scores = unwrap(handle.decisionFunction(data), where);
        return handle.scoresPerRow() === 1 ? scores : rowsOf(scores, data.rows());
      });
    }

    /** Accuracy on X, y (labels must be among the model's classes); y may come with a Dataset. */
    score(X, y) {
      return reading(this, 'score', X, (rows, handle, where, temporaries) =>
        unwrap(handle.score(labelledHandle(rows, y, where, temporaries, { check: false })), where),
      );
    }

    /** The model as a plain object (JSON.stringify-able) that fromJSON reads back exactly. */
    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      return JSON.parse(handle.toJSON(JSON.stringify(this.options)));
    }

    /** Rebuilds a model from toJSON()'s object (or its JSON text); the core checks every field. */
    static fromJSON(json) {
      const kind = describeKind(this);
      return restoreSaved(core, kind.format, json, `${kind.name}.fromJSON`, (options) => new this(options));
    }
  }

  // classes, nFeatures, steps (since training started), fitted, and options (every one in effect,
  // defaults filled in): the core's answers, read also from inside fit's callbacks.
  handleGetters(Model, ['classes', 'nFeatures', 'steps', 'fitted', 'options'], { mutates: false });

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

  return { Model, Trainer, startTrainer, defineKind, access, runBusy, labelledHandle, matrixHandle };
}
