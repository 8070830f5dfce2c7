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
export function makeWinnow(core, { Model, defineKind, access }) {
  /** Winnow, basic or balanced; see index.d.ts. */
  class Winnow extends Model {
    /** The weights (balanced: the positive weights w+). */
    get weights() {
      return Array.from(access(this, 'weights', { mutates: false }).handle.weights());
    }

    /** Balanced Winnow's negative weights w-; [] for basic Winnow. */
    get negativeWeights() {
      return Array.from(access(this, 'negativeWeights', { mutates: false }).handle.negativeWeights());
    }

    /** The threshold in effect (nFeatures for basic Winnow unless given). */
    get threshold() {
      return access(this, 'threshold', { mutates: false }).handle.threshold();
    }
  }

  return defineKind(Winnow, {
    name: 'Winnow',
    Handle: core.CoreWinnow,
    format: WINNOW_FORMAT,
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
