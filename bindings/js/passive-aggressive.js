// pw.PassiveAggressive: PA, PA-I and PA-II (Crammer et al. 2006), binary (one weight vector)
// or multi-class (one per class).
import { rowsOf } from './convert.js';
import { PA_FORMAT } from './model-json.js';

/**
 * The PassiveAggressive class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makePassiveAggressive(core, { Model, defineKind }) {
  /** Passive-Aggressive (PA, PA-I, PA-II), binary or multi-class; see index.d.ts. */
  class PassiveAggressive extends Model {}

  return defineKind(PassiveAggressive, {
    name: 'PassiveAggressive',
    format: PA_FORMAT,
    // One row of weights for two classes, one per class for more.
    getters: {
      weights: (a, handle) =>
        handle.scoresPerRow() === 1 ? Array.from(a.weights) : rowsOf(a.weights, handle.classes().length),
      // Two classes: the bias; more: one per class.
      bias: (a, handle) => (handle.scoresPerRow() === 1 ? (a.biases[0] ?? 0) : Array.from(a.biases)),
    },
  });
}
