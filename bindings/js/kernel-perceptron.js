// pw.KernelPerceptron: the perceptron in dual form, score = sum_k c_k K(s_k, x) + b over its
// support vectors s_k (the examples it made mistakes on), with an optional budget.
import { rowsOf } from './convert.js';
import { KERNEL_FORMAT } from './model-json.js';

/**
 * The KernelPerceptron class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makeKernelPerceptron(core, { Model, defineKind }) {
  /** The kernel perceptron (dual form); see index.d.ts. */
  class KernelPerceptron extends Model {}

  return defineKind(KernelPerceptron, {
    name: 'KernelPerceptron',
    format: KERNEL_FORMAT,
    getters: {
      // The support vectors, one array of nFeatures each (copies).
      supportVectors: (a) => rowsOf(a.supportVectors, a.coefficients.length),
      // One coefficient per support vector: the sum of eta * weight * y over its mistakes.
      coefficients: (a) => Array.from(a.coefficients),
      bias: (a) => a.bias[0],
      // The gamma in effect ('auto' is 1 / nFeatures once the model has learned).
      gamma: (a) => a.gamma[0],
    },
  });
}
