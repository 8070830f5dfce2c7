// The Model base class every model kind extends (perceptron.js, multiclass-perceptron.js,
// kernel-perceptron.js, winnow.js, passive-aggressive.js), and BatchModel for the kinds trained
// without callbacks.
//
// Model's state is in private fields. The kinds' modules reach it only through the functions
// its static block hands out (access, runBusy, classWeightOf, scalerOf, restoreScaler), which
// makeModel returns next to the classes with restoreInto and the handle makers (matrixOf,
// labelledOf, prepareFit): users see no extra members. The preprocess option's scaler lives in
// the core model.
import { DisposedError, describe, raise, unwrap } from './errors.js';
import { checkOptionsObject, isPlainObject, rowsOf, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';
import { makeTrainer } from './trainer.js';
import {
  BATCH_FIT_OPTIONS,
  checkClassWeight,
  fitReport,
  partialFitOptions,
  validationOf,
  weightingOf,
} from './fitting.js';

const disposeSymbol = Symbol.dispose ?? Symbol.for('nodejs.dispose');

/**
 * Model, BatchModel and the accessors to their private state, for one loaded core.
 * @param core the Embind module instance
 * @param datasets makeDataset(core)'s handle makers
 */
export function makeModel(core, { matrixHandle, labelledHandle }) {
  const registry = new FinalizationRegistry((handle) => handle.delete());
  // Set by Model's static block, the one place outside its methods that sees its private fields.
  let access;
  let runBusy;
  let classWeightOf;
  // X as a core handle for one call (the core applies the model's scaler).
  const matrixOf = (X, where, temporaries) => matrixHandle(X, where, temporaries);
  // X with labels (y, or a Dataset's own); the core reads the labels against the model's classes.
  const labelledOf = (X, y, where, temporaries) => labelledHandle(X, y, where, temporaries, { check: false });
  // For fit and partialFit: the training data, and convert(X, y, options) for the other datasets
  // of the same call (a validation set).
  const prepareFit = (X, y, where, temporaries, { check = true } = {}) => ({
    data: labelledHandle(X, y, where, temporaries, { check }),
    convert: (Z, zy, options) => labelledHandle(Z, zy, where, temporaries, options),
  });
  let scalerOf;
  let restoreScaler;

  // What every model kind shares: its wasm handle and lifetime (dispose, Symbol.dispose, a
  // FinalizationRegistry as a safety net), the guard against re-entry from callbacks,
  // classWeight (kept here: its keys are JS labels), and the calls whose shape does not
  // depend on the kind.
  class Model {
    #handle = null;
    #busy = false;
    #classWeight;
    #kind;

    constructor(Handle, kind, options) {
      const where = `new ${kind}`;
      const { classWeight, ...coreOptions } = checkOptionsObject(options, where);
      this.#kind = kind;
      this.#classWeight = checkClassWeight(classWeight, where);
      const handle = new Handle();
      // The core checks every option but classWeight (its keys are JS labels), and keeps, fits and
      // applies the scaler the preprocess option asks for.
      const result = handle.configure(coreOptions);
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
        const where = `${model.#kind}.${method}`;
        if (model.#handle === null) {
          throw new DisposedError(`${where}: the model was disposed; create a new ${model.#kind}`);
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
      classWeightOf = (model) => model.#classWeight;
      // {kind, shift, scale} (null before fitting) when the model has the preprocess option.
      scalerOf = (model) => {
        const saved = model.#handle.preprocess();
        return (
          saved && {
            kind: saved.kind,
            shift: saved.shift && Array.from(saved.shift),
            scale: saved.scale && Array.from(saved.scale),
          }
        );
      };
      restoreScaler = (model, saved, nFeatures, where) => {
        if (saved === undefined || saved === null) return;
        if (!isPlainObject(saved) || saved.kind !== scalerOf(model)?.kind) {
          throw new TypeError(
            `${where}: field preprocess must be {kind, shift, scale} with the options' preprocess kind; ` +
              `received ${describe(saved)}`,
          );
        }
        if (saved.shift === null && saved.scale === null) return;
        const shift = toVector(saved.shift, where, 'field preprocess.shift');
        const scale = toVector(saved.scale, where, 'field preprocess.scale');
        if (shift.length !== nFeatures) {
          throw new RangeError(
            `${where}: field preprocess.shift must hold nFeatures = ${nFeatures} numbers; received ${shift.length}`,
          );
        }
        unwrap(model.#handle.restoreScaler(shift, scale), `${where}: field preprocess`);
      };
    }

    /** One pass over a batch, continuing; the first call needs {classes}. See index.d.ts. */
    partialFit(X, y, options) {
      const { where, handle } = access(this, 'partialFit');
      const { classes, sampleWeight } = partialFitOptions(classWeightOf(this), options, where);
      return withTemporaries((temporaries) => {
        const prepared = prepareFit(X, y, where, temporaries, { check: false });
        const weighting = weightingOf(classWeightOf(this), sampleWeight, where);
        return fitReport(
          unwrap(
            handle.partialFit(prepared.data, {
              ...weighting,
              classes: classes?.labels,
              classesNumeric: classes?.numeric ?? true,
            }),
            where,
          ),
        );
      });
    }

    /** Predicted labels, in the values given at fit. */
    predict(X) {
      const { where, handle } = access(this, 'predict', { mutates: false });
      const indices = withTemporaries((temporaries) => unwrap(handle.predict(matrixOf(X, where, temporaries)), where));
      const classes = handle.classes();
      return Array.from(indices, (c) => classes[c]);
    }

    /** Accuracy on X, y (labels must be among the model's classes); y may come with a Dataset. */
    score(X, y) {
      const { where, handle } = access(this, 'score', { mutates: false });
      return withTemporaries((temporaries) => unwrap(handle.score(labelledOf(X, y, where, temporaries)), where));
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
      const options = access(this, 'options', { mutates: false }).handle.options();
      const scaling = scalerOf(this);
      if (scaling) options.preprocess = scaling.kind;
      const classWeight = this.#classWeight;
      if (classWeight !== undefined) {
        options.classWeight = typeof classWeight === 'string' ? classWeight : { ...classWeight };
      }
      return options;
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
      return this.#kind;
    }
  }

  const { Trainer, startTrainer } = makeTrainer((model, method) => access(model, method));

  // fit's input as every kind sends it: X, y, the checked options' sampleWeight and validation,
  // the classWeight, and the kind's `extra` fields (callbacks, initial weights), sent to the core
  // by send(data, call) (its fit or startTraining).
  const fitCall = (model, where, X, y, opts, send, extra = {}) =>
    withTemporaries((temporaries) => {
      const prepared = prepareFit(X, y, where, temporaries);
      const weighting = weightingOf(classWeightOf(model), opts.sampleWeight, where);
      const validation = validationOf(opts.validation, where, prepared.convert);
      return send(prepared.data, { ...weighting, ...extra, validation });
    });
  const batchCall = (model, where, X, y, options, send) =>
    fitCall(model, where, X, y, checkOptionsObject(options, where, BATCH_FIT_OPTIONS), send);

  // The model kinds trained without callbacks (kernel perceptron, Winnow, Passive-Aggressive):
  // fit takes sampleWeight and validation; decisionFunction gives one score per row, or one
  // array of K per row for multi-class Passive-Aggressive.
  class BatchModel extends Model {
    fit(X, y, options) {
      const { where, handle } = access(this, 'fit');
      return fitReport(
        unwrap(
          batchCall(this, where, X, y, options, (data, call) => handle.fit(data, call)),
          where,
        ),
      );
    }

    /** fit's training, driven step by step; see index.d.ts. */
    trainer(X, y, options) {
      const { where, handle } = access(this, 'trainer');
      return startTrainer(this, where, handle, () =>
        batchCall(this, where, X, y, options, (data, call) => handle.startTraining(data, call)),
      );
    }

    decisionFunction(X) {
      const { where, handle } = access(this, 'decisionFunction', { mutates: false });
      return withTemporaries((temporaries) => {
        const data = matrixOf(X, where, temporaries);
        const scores = unwrap(handle.decisionFunction(data), where);
        return handle.scoresPerRow() === 1 ? scores : rowsOf(scores, data.rows());
      });
    }
  }

  // Runs a core restore on a fresh model; on failure disposes it and throws.
  function restoreInto(model, where, restore) {
    try {
      unwrap(restore(access(model, 'fromJSON').handle), where);
    } catch (error) {
      model.dispose();
      throw error;
    }
    return model;
  }

  return {
    Model,
    BatchModel,
    Trainer,
    startTrainer,
    fitCall,
    access,
    runBusy,
    classWeightOf,
    matrixOf,
    labelledOf,
    prepareFit,
    scalerOf,
    restoreScaler,
    restoreInto,
  };
}
