// pw.MulticlassPerceptron: K >= 2 classes, trained jointly (one weight vector per class, predict
// the argmax) or as binary Perceptrons of any variant (one-vs-rest, one-vs-one).
import { rowsOf } from './convert.js';
import { MULTICLASS_FIT_OPTIONS, MULTICLASS_TRAINER_OPTIONS, epochSummary } from './fitting.js';
import { MULTICLASS_FORMAT } from './model-json.js';

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

/**
 * The MulticlassPerceptron class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makeMulticlassPerceptron(core, { Model, defineKind, access }) {
  /** The multi-class perceptron (joint, ovr, ovo); see index.d.ts. */
  class MulticlassPerceptron extends Model {
    /**
     * The options in effect, as MulticlassOptions (index.d.ts) has them: fit starts from zero
     * weights, so warmStart is no option here (the core takes warmStart: false, as older saved
     * models hold it, and refuses true).
     */
    get options() {
      const { warmStart, ...options } = super.options;
      return options;
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
  }

  return defineKind(MulticlassPerceptron, {
    name: 'MulticlassPerceptron',
    Handle: core.CoreMulticlass,
    format: MULTICLASS_FORMAT,
    fitOptions: MULTICLASS_FIT_OPTIONS,
    trainerOptions: MULTICLASS_TRAINER_OPTIONS,
    checkFit(opts, handle, where) {
      const { strategy } = handle.options();
      if (opts.onStep && strategy !== 'joint') {
        throw new TypeError(
          `${where}: onStep follows joint training; with strategy "${strategy}" ` +
            `use onEpoch (each binary model's epochs) or train binary Perceptrons to trace their steps`,
        );
      }
    },
    // The core passes the dataset's classes last (the model keeps its old ones until fit ends).
    trace: {
      step: () => (t, epoch, index, scores, prediction, label, mistake, weights, biases, classes) =>
        jointStep({ t, epoch, index, scores, prediction, label, mistake, weights, biases }, classes),
      // ovr/ovo: each binary model's epochs, in the order they train, with the model's index.
      epoch: (handle) =>
        handle.options().strategy === 'joint'
          ? (epoch, steps, mistakes, weights, biases) => ({
              epoch,
              steps,
              mistakes,
              weights: rowsOf(weights, biases.length),
              biases: Array.from(biases),
            })
          : (epoch, steps, mistakes, trainError, validationError, model) => ({
              ...epochSummary(epoch, steps, mistakes, trainError, validationError),
              model,
            }),
    },
    // ovr/ovo train their binary models one after the other: a step is {t, epoch, index, mistake,
    // model}, epoch counting that binary model's epochs.
    trainerStep: (raw, handle) => jointStep({ ...raw, ...raw.record }, handle.classes()),
  });
}
