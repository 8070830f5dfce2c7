// pw.Winnow: Littlestone's multiplicative updates, basic for 0/1 features or balanced (w+ and
// w-) for any finite features.
import { WINNOW_FORMAT } from './model-json.js';

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
  });
}
