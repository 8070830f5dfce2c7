// pw.MulticlassPerceptron: K >= 2 classes, trained jointly (one weight vector per class, predict
// the argmax) or as binary Perceptrons of any variant (one-vs-rest, one-vs-one).
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, isPlainObject, rowsOf, toLabels, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';
import { MULTICLASS_FIT_OPTIONS, MULTICLASS_TRAINER_OPTIONS, fitReport, guardCallbacks } from './fitting.js';
import {
  FORMAT_VERSION,
  MULTICLASS_FORMAT,
  construct,
  coreOptionsOf,
  plainState,
  readEnvelope,
  readState,
} from './model-json.js';

/**
 * The MulticlassPerceptron class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makeMulticlassPerceptron(core, kit) {
  const { Model, access, runBusy, matrixOf, scalerOf, restoreScaler } = kit;
  const { restoreInto, startTrainer, fitCall } = kit;

  // A joint training step as onStep and a trainer's step() give it.
  function jointStep({ t, epoch, index, scores, prediction, label, mistake, weights, biases }, classes) {
    return {
      t,
      epoch,
      index,
      scores: Array.from(scores),
      prediction: classes[prediction],
      label: classes[label],
      mistake,
      weights: rowsOf(weights, biases.length),
      biases: Array.from(biases),
    };
  }

  /** The multi-class perceptron (joint, ovr, ovo); see index.d.ts. */
  class MulticlassPerceptron extends Model {
    constructor(options) {
      super(core.CoreMulticlass, 'MulticlassPerceptron', options);
    }

    fit(X, y, options) {
      const { where, handle } = access(this, 'fit');
      const opts = checkOptionsObject(options, where, MULTICLASS_FIT_OPTIONS);
      if ((opts.onStep || opts.onEpoch) && handle.options().strategy !== 'joint') {
        throw new TypeError(
          `${where}: onStep and onEpoch follow joint training; ` +
            `with strategy "${handle.options().strategy}" train binary Perceptrons to trace them`,
        );
      }
      const callbacks = guardCallbacks(
        where,
        opts,
        (t, epoch, index, scores, prediction, label, mistake, weights, biases, classes) =>
          jointStep({ t, epoch, index, scores, prediction, label, mistake, weights, biases }, classes),
        (epoch, steps, mistakes, weights, biases) => ({
          epoch,
          steps,
          mistakes,
          weights: rowsOf(weights, biases.length),
          biases: Array.from(biases),
        }),
      );
      const report = fitCall(this, where, X, y, opts, (data, call) => runBusy(this, () => handle.fit(data, call)), {
        onStep: callbacks.stepFn,
        onEpoch: callbacks.epochFn,
      });
      unwrap(report, where);
      callbacks.rethrow(report);
      return fitReport(report);
    }

    /**
     * fit's training, driven step by step; see index.d.ts. Joint steps come as onStep gets them;
     * ovr/ovo train their binary models one after the other, and a step is {t, epoch, index, mistake}.
     */
    trainer(X, y, options) {
      const { where, handle } = access(this, 'trainer');
      const opts = checkOptionsObject(options, where, MULTICLASS_TRAINER_OPTIONS);
      return startTrainer(
        this,
        where,
        handle,
        () => fitCall(this, where, X, y, opts, (data, call) => handle.startTraining(data, call)),
        (raw, h) => jointStep({ ...raw, ...raw.record }, h.classes()),
      );
    }

    /** Scores, one array of K per row: joint/ovr the class scores, ovo the vote counts. */
    decisionFunction(X) {
      const { where, handle } = access(this, 'decisionFunction', { mutates: false });
      return withTemporaries((temporaries) => {
        const data = matrixOf(X, where, temporaries);
        return rowsOf(unwrap(handle.decisionFunction(data), where), data.rows());
      });
    }

    /** joint: the predicting weight vectors, one per class (K arrays of nFeatures). */
    get weights() {
      const { handle } = access(this, 'weights', { mutates: false });
      return handle.options().strategy === 'joint' ? rowsOf(handle.weights(), handle.classes().length) : null;
    }

    /** joint: the predicting biases, one per class. */
    get biases() {
      const { handle } = access(this, 'biases', { mutates: false });
      return handle.options().strategy === 'joint' ? Array.from(handle.biases()) : null;
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      const fitted = handle.fitted();
      const saved = fitted ? handle.saved() : {};
      const binaryModel = (m) => ({
        weights: Array.from(m.weights),
        bias: m.bias,
        steps: m.steps,
        state: plainState(m.state),
      });
      const trained = !fitted
        ? {}
        : saved.models
          ? { models: saved.models.map(binaryModel) }
          : {
              weights: rowsOf(saved.weights, saved.biases.length),
              biases: Array.from(saved.biases),
              state: plainState(saved.state),
            };
      return {
        format: MULTICLASS_FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        steps: handle.steps(),
        ...trained,
      };
    }

    static fromJSON(json) {
      const where = 'MulticlassPerceptron.fromJSON';
      const { obj, field } = readEnvelope(json, MULTICLASS_FORMAT, where);
      const model = construct(() => new MulticlassPerceptron(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model;
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const coreOptions = coreOptionsOf(obj.options);
        let saved;
        if (coreOptions.strategy === undefined || coreOptions.strategy === 'joint') {
          const weights = field(
            'weights',
            (v) => Array.isArray(v) && v.length === obj.classes.length,
            `an array of ${obj.classes.length} weight vectors`,
          );
          const flat = weights.flatMap((row, k) => {
            if (!Array.isArray(row) || row.length !== obj.nFeatures) {
              throw new RangeError(
                `${where}: field weights[${k}] must hold nFeatures = ${obj.nFeatures} numbers; ` +
                  `received ${describe(row)}`,
              );
            }
            return row;
          });
          saved = {
            weights: toVector(flat, where, 'weights'),
            biases: toVector(field('biases', Array.isArray, 'an array of numbers'), where, 'biases'),
            state: readState(obj.state, where, 'state'),
          };
        } else {
          const models = field('models', Array.isArray, 'an array of binary models');
          saved = { models: models.map((m, k) => readBinaryModel(m, `models[${k}]`, obj.nFeatures, where)) };
        }
        return handle.restore({
          ...saved,
          options: coreOptions,
          classes: encoded.labels,
          classesNumeric: encoded.numeric,
          steps: obj.steps,
        });
      });
    }
  }

  return MulticlassPerceptron;
}

// One of ovr/ovo's saved binary models, checked, for the core.
function readBinaryModel(m, name, nFeatures, where) {
  if (!isPlainObject(m)) throw new TypeError(`${where}: field ${name} must be an object; received ${describe(m)}`);
  if (!Array.isArray(m.weights) || m.weights.length !== nFeatures) {
    throw new RangeError(
      `${where}: field ${name}.weights must hold nFeatures = ${nFeatures} numbers; received ${describe(m.weights)}`,
    );
  }
  for (const key of ['bias', 'steps']) {
    if (typeof m[key] !== 'number') {
      throw new TypeError(`${where}: field ${name}.${key} must be a number; received ${describe(m[key])}`);
    }
  }
  return {
    weights: toVector(m.weights, where, `${name}.weights`),
    bias: m.bias,
    steps: m.steps,
    state: readState(m.state, where, `${name}.state`),
  };
}
