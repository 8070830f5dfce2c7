// pw.Perceptron: the binary linear perceptron (classic, averaged, voted, pocket), the model of
// DESIGN.md's contract, with the online protocol (learnOne) and traced training (fit's onStep).
import { unwrap } from './errors.js';
import { checkLabel, checkOptionsObject, toLabels, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';
import { FORMAT } from './model-json.js';

// fit's and trainer's own fields: initialWeights as numbers, initialBias as given (the core
// reads it).
const initialFields = ({ initialWeights, initialBias }, where) => ({
  initialWeights: initialWeights === undefined ? undefined : toVector(initialWeights, where, 'initialWeights'),
  initialBias,
});

/**
 * The Perceptron class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makePerceptron(core, { Model, defineKind, access, labelledHandle }) {
  /** The binary linear perceptron; see index.d.ts. */
  class Perceptron extends Model {
    /** One step of the online protocol; see index.d.ts. */
    learnOne(x, y, options) {
      const { where, handle } = access(this, 'learnOne');
      const { classes } = checkOptionsObject(options, where, ['classes']);
      const features = toVector(x, where, 'x');
      checkLabel(y, where);
      const encoded = classes === undefined ? undefined : toLabels(classes, where, 'classes');
      // The step's record, labels as given (and their signs beside them), as fit's onStep has it.
      const call = { label: y, classes: encoded?.labels, classesNumeric: encoded?.numeric ?? true };
      return unwrap(handle.learnOne(features, call), where);
    }

    /**
     * For each example, whether a training step on it would update the current weights now:
     * a mistake under mistakeRule (or within the margin). All false means fit would stop.
     */
    isMistake(X, y) {
      const { where, handle } = access(this, 'isMistake', { mutates: false });
      return withTemporaries((temporaries) =>
        Array.from(
          unwrap(handle.wouldUpdate(labelledHandle(X, y, where, temporaries, { check: false })), where),
          Boolean,
        ),
      );
    }
  }

  return defineKind(Perceptron, {
    name: 'Perceptron',
    format: FORMAT,
    getters: {
      // The weights that predict: current (classic), averaged, pocket; voted: the last vector.
      weights: (a) => Array.from(a.weights),
      bias: (a) => a.bias[0],
      // The weights the training loop updates, as the trace shows them.
      currentWeights: (a) => Array.from(a.currentWeights),
      currentBias: (a) => a.currentBias[0],
      // Voted only: every weight vector with its survival count; null for other variants.
      votedVectors: (a, handle) => {
        if (!a.votedCounts) return null;
        const d = handle.nFeatures();
        return Array.from(a.votedCounts, (count, k) => ({
          weights: Array.from(a.votedWeights.subarray(k * d, (k + 1) * d)),
          bias: a.votedBiases[k],
          count,
        }));
      },
    },
    fitOptions: ['initialWeights', 'initialBias'],
    fitFields: initialFields,
  });
}
