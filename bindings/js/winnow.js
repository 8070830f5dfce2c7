// pw.Winnow: Littlestone's multiplicative updates, basic for 0/1 features or balanced (w+ and
// w-) for any finite features.
import { BATCH_FIT_OPTIONS, BATCH_TRAINER_OPTIONS } from './fitting.js';
import { WINNOW_FORMAT } from './model-json.js';
import { describedSteps } from './trainer.js';

/**
 * The Winnow class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makeWinnow(core, { Model, defineKind }) {
  /** Winnow, basic or balanced; see index.d.ts. */
  class Winnow extends Model {}

  return defineKind(Winnow, {
    name: 'Winnow',
    format: WINNOW_FORMAT,
    getters: {
      // The weights (balanced: the positive weights w+).
      weights: (a) => Array.from(a.weights),
      // Balanced Winnow's negative weights w-; [] for basic Winnow.
      negativeWeights: (a) => Array.from(a.negativeWeights),
      // The threshold in effect (nFeatures for basic Winnow unless given).
      threshold: (a) => a.threshold[0],
    },
    // Basic Winnow reads only 0/1 features: a scaling that moves them off 0 and 1 would make
    // every fit fail ('minMax' keeps them).
    checkOptions({ balanced, preprocess }, where) {
      if (
        (balanced === undefined || balanced === false) &&
        (preprocess === 'standardize' || preprocess === 'unitBall')
      ) {
        throw new RangeError(
          `${where}: option preprocess '${preprocess}' turns 0/1 features into other values, and basic Winnow ` +
            `reads only 0 and 1; use preprocess 'minMax', or balanced: true for other features`,
        );
      }
    },
    fitOptions: BATCH_FIT_OPTIONS,
    trainerOptions: BATCH_TRAINER_OPTIONS,
    // threshold: the theta the step's score (w.x - theta) was measured against.
    ...describedSteps(({ threshold }) => ({ threshold })),
  });
}
