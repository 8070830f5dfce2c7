// pw.KernelPerceptron: the perceptron in dual form, score = sum_k c_k K(s_k, x) + b over its
// support vectors s_k (the examples it made mistakes on), with an optional budget.
import { describe } from './errors.js';
import { rowsOf, toLabels, toVector } from './convert.js';
import { FORMAT_VERSION, KERNEL_FORMAT, construct, coreOptionsOf, readEnvelope } from './model-json.js';

/**
 * The KernelPerceptron class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s BatchModel and accessors
 */
export function makeKernelPerceptron(core, { BatchModel, access, scalerOf, restoreScaler, restoreInto }) {
  /** The kernel perceptron (dual form); see index.d.ts. */
  class KernelPerceptron extends BatchModel {
    constructor(options) {
      super(core.CoreKernel, 'KernelPerceptron', options);
    }

    /** The support vectors, one array of nFeatures each (copies). */
    get supportVectors() {
      const { handle } = access(this, 'supportVectors', { mutates: false });
      return rowsOf(handle.supportVectors(), handle.coefficients().length);
    }

    /** One coefficient per support vector: the sum of eta * weight * y over its mistakes. */
    get coefficients() {
      return Array.from(access(this, 'coefficients', { mutates: false }).handle.coefficients());
    }

    get bias() {
      return access(this, 'bias', { mutates: false }).handle.bias();
    }

    /** The gamma in effect ('auto' is 1 / nFeatures once the model has learned). */
    get gamma() {
      return access(this, 'gamma', { mutates: false }).handle.gamma();
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      return {
        format: KERNEL_FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        steps: handle.steps(),
        supportVectors: rowsOf(handle.supportVectors(), handle.coefficients().length),
        coefficients: Array.from(handle.coefficients()),
        bias: handle.bias(),
      };
    }

    static fromJSON(json) {
      const where = 'KernelPerceptron.fromJSON';
      const { obj, field } = readEnvelope(json, KERNEL_FORMAT, where);
      const coefficients = field('coefficients', Array.isArray, 'an array of numbers');
      const supportVectors = field(
        'supportVectors',
        (v) => Array.isArray(v) && v.length === coefficients.length,
        `an array of ${coefficients.length} support vectors (one per coefficient)`,
      );
      field('bias', (v) => typeof v === 'number', 'a number');
      const model = construct(() => new KernelPerceptron(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model;
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const flat = supportVectors.flatMap((row, k) => {
          if (!Array.isArray(row) || row.length !== obj.nFeatures) {
            throw new RangeError(
              `${where}: field supportVectors[${k}] must hold nFeatures = ${obj.nFeatures} numbers; ` +
                `received ${describe(row)}`,
            );
          }
          return row;
        });
        const coreOptions = coreOptionsOf(obj.options);
        return handle.restore({
          options: coreOptions,
          classes: encoded.labels,
          classesNumeric: encoded.numeric,
          nFeatures: obj.nFeatures,
          supportVectors: toVector(flat, where, 'supportVectors'),
          coefficients: toVector(coefficients, where, 'coefficients'),
          bias: obj.bias,
          steps: obj.steps,
        });
      });
    }
  }

  return KernelPerceptron;
}
