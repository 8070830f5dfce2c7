// pw.MulticlassPerceptron: K >= 2 classes, trained jointly (one weight vector per class, predict
// the argmax) or as binary Perceptrons of any variant (one-vs-rest, one-vs-one).
import { rowsOf } from './convert.js';
import { MULTICLASS_FORMAT } from './model-json.js';

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
  });
}
