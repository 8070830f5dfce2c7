// pw.PassiveAggressive: PA, PA-I and PA-II (Crammer et al. 2006), binary (one weight vector)
// or multi-class (one per class).
import { describe } from './errors.js';
import { rowsOf, toLabels, toVector } from './convert.js';
import { FORMAT_VERSION, PA_FORMAT, construct, coreOptionsOf, readEnvelope } from './model-json.js';

/**
 * The PassiveAggressive class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s BatchModel and accessors
 */
export function makePassiveAggressive(core, { BatchModel, access, scalerOf, restoreScaler, restoreInto }) {
  /** Passive-Aggressive (PA, PA-I, PA-II), binary or multi-class; see index.d.ts. */
  class PassiveAggressive extends BatchModel {
    constructor(options) {
      super(core.CorePassiveAggressive, 'PassiveAggressive', options);
    }

    /** Two classes: the weight vector; more: one per class. */
    get weights() {
      const { handle } = access(this, 'weights', { mutates: false });
      const flat = handle.weights();
      return handle.scoresPerRow() === 1 ? Array.from(flat) : rowsOf(flat, handle.classes().length);
    }

    /** Two classes: the bias; more: one per class. */
    get bias() {
      const { handle } = access(this, 'bias', { mutates: false });
      const biases = Array.from(handle.biases());
      return handle.scoresPerRow() === 1 ? (biases[0] ?? 0) : biases;
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      return {
        format: PA_FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        steps: handle.steps(),
        weights: rowsOf(handle.weights(), handle.fitted() ? Math.max(1, handle.biases().length) : 0),
        biases: Array.from(handle.biases()),
      };
    }

    static fromJSON(json) {
      const where = 'PassiveAggressive.fromJSON';
      const { obj, field } = readEnvelope(json, PA_FORMAT, where);
      const biases = field('biases', Array.isArray, 'an array of numbers');
      const weights = field(
        'weights',
        (v) => Array.isArray(v) && v.length === biases.length,
        `an array of ${biases.length} weight vectors (one per bias)`,
      );
      const model = construct(() => new PassiveAggressive(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model;
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const flat = weights.flatMap((row, k) => {
          if (!Array.isArray(row) || row.length !== obj.nFeatures) {
            throw new RangeError(
              `${where}: field weights[${k}] must hold nFeatures = ${obj.nFeatures} numbers; received ${describe(row)}`,
            );
          }
          return row;
        });
        const coreOptions = coreOptionsOf(obj.options);
        return handle.restore({
          options: coreOptions,
          classes: encoded.labels,
          classesNumeric: encoded.numeric,
          weights: toVector(flat, where, 'weights'),
          biases: toVector(biases, where, 'biases'),
          steps: obj.steps,
        });
      });
    }
  }

  return PassiveAggressive;
}
