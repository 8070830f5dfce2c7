// pw.KernelPerceptron: the perceptron in dual form, score = sum_k c_k K(s_k, x) + b over its
// support vectors s_k (the examples it made mistakes on), with an optional budget.
import { rowsOf } from './convert.js';
import { BATCH_FIT_OPTIONS, BATCH_TRAINER_OPTIONS } from './fitting.js';
import { KERNEL_FORMAT } from './model-json.js';
import { describedSteps } from './trainer.js';

/**
 * The KernelPerceptron class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makeKernelPerceptron(core, { Model, defineKind, access }) {
  /** The kernel perceptron (dual form); see index.d.ts. */
  class KernelPerceptron extends Model {
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
  }

  return defineKind(KernelPerceptron, {
    name: 'KernelPerceptron',
    Handle: core.CoreKernel,
    format: KERNEL_FORMAT,
    fitOptions: BATCH_FIT_OPTIONS,
    trainerOptions: BATCH_TRAINER_OPTIONS,
    // deltaAlpha: what the step added to its row's dual coefficient (eta * weight * y; 0 without an update).
    ...describedSteps(({ update }) => ({ deltaAlpha: update })),
  });
}
