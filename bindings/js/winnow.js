// pw.Winnow: Littlestone's multiplicative updates, basic for 0/1 features or balanced (w+ and
// w-) for any finite features.
import { toLabels, toVector } from './convert.js';
import { FORMAT_VERSION, WINNOW_FORMAT, construct, coreOptionsOf, readEnvelope } from './model-json.js';

/**
 * The Winnow class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s BatchModel and accessors
 */
export function makeWinnow(core, { BatchModel, access, scalerOf, restoreScaler, restoreInto }) {
  /** Winnow, basic or balanced; see index.d.ts. */
  class Winnow extends BatchModel {
    constructor(options) {
      super(core.CoreWinnow, 'Winnow', options);
    }

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

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      return {
        format: WINNOW_FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        steps: handle.steps(),
        weights: Array.from(handle.weights()),
        negativeWeights: Array.from(handle.negativeWeights()),
      };
    }

    static fromJSON(json) {
      const where = 'Winnow.fromJSON';
      const { obj, field } = readEnvelope(json, WINNOW_FORMAT, where);
      const weights = field(
        'weights',
        (v) => Array.isArray(v) && v.length === obj.nFeatures,
        `an array of nFeatures = ${obj.nFeatures} numbers`,
      );
      const negative = field('negativeWeights', Array.isArray, 'an array of numbers');
      const model = construct(() => new Winnow(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model;
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const coreOptions = coreOptionsOf(obj.options);
        return handle.restore({
          options: coreOptions,
          classes: encoded.labels,
          classesNumeric: encoded.numeric,
          weights: toVector(weights, where, 'weights'),
          negativeWeights: toVector(negative, where, 'negativeWeights'),
          steps: obj.steps,
        });
      });
    }
  }

  return Winnow;
}
