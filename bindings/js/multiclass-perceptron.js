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
 * An ovr/ovo step (a binary model's, described by the core) as onStep and a trainer's step() give
 * it: the binary model's own step (score, labelSign, predictionSign, as a Perceptron's step
 * names them; positive and negative, the classes its +1 and -1 stand for, negative null for
 * "the rest") and the multi-class model's view of the row before the step (scores, prediction),
 * with the row's class as label.
 */
function binaryStep({ t, epoch, index, mistake, model, detail }, classes, strategy) {
  const [negative, positive] = taskOf(model, classes.length, strategy);
  return {
    t,
    epoch,
    index,
    mistake,
    model,
    label: classes[detail.classLabel],
    scores: Array.from(detail.classScores),
    prediction: classes[detail.classPrediction],
    score: detail.score,
    labelSign: detail.label === 1 ? 1 : -1,
    predictionSign: detail.prediction === 1 ? 1 : -1,
    positive: classes[positive],
    negative: negative < 0 ? null : classes[negative],
  };
}

// The classes binary model `m` separates, [negative, positive] as class indices (negative -1: the
// rest): the core's order, class order for ovr, pairs (0,1), (0,2), ..., (1,2), ... for ovo
// (the saved models' order too).
function taskOf(m, K, strategy) {
  if (strategy === 'ovr') return [K === 2 ? 1 - m : -1, m];
  for (let a = 0, k = 0; a < K; a++) for (let b = a + 1; b < K; b++, k++) if (k === m) return [a, b];
  return [-1, -1];
}

/**
 * The MulticlassPerceptron class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makeMulticlassPerceptron(core, { Model, defineKind }) {
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
  }
  const joint = (handle) => handle.options().strategy === 'joint';

  return defineKind(MulticlassPerceptron, {
    name: 'MulticlassPerceptron',
    format: MULTICLASS_FORMAT,
    getters: {
      // joint: the predicting weight vectors, one per class (K arrays of nFeatures).
      weights: (a, handle) => (joint(handle) ? rowsOf(a.weights, handle.classes().length) : null),
      // joint: the predicting biases, one per class.
      biases: (a, handle) => (joint(handle) ? Array.from(a.biases) : null),
    },
    fitOptions: MULTICLASS_FIT_OPTIONS,
    trainerOptions: MULTICLASS_TRAINER_OPTIONS,
    trace: {
      // joint: the core passes the dataset's classes last (the model keeps its old ones until fit
      // ends); ovr/ovo: the described step of fit's trainer, with the classes it set up.
      step(handle) {
        const { strategy } = handle.options();
        if (strategy !== 'joint') {
          let classes;
          return (raw) => binaryStep(raw, (classes ??= handle.classes()), strategy);
        }
        return (t, epoch, index, scores, prediction, label, mistake, weights, biases, classes) =>
          jointStep({ t, epoch, index, scores, prediction, label, mistake, weights, biases }, classes);
      },
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
    // ovr/ovo train their binary models one after the other: a step carries its binary `model`,
    // epoch counting that binary model's epochs.
    trainerStep: (raw, handle) =>
      raw.record
        ? jointStep({ ...raw, ...raw.record }, handle.classes())
        : binaryStep(raw, handle.classes(), handle.options().strategy),
  });
}
