// model.trainer(X, y, options): fit's training driven step by step. The core runs the very loop
// fit runs (src/perceptron/training/trainer.hpp), so a trainer driven to its end, in any slices,
// leaves exactly the weights and the report fit gives.
//
// A model has at most one trainer at a time. Anything that changes the model (fit, partialFit,
// learnOne, a new trainer, dispose) ends it; its methods then throw a DisposedError.
import { DisposedError, describe, unwrap } from './errors.js';
import { checkOptionsObject } from './convert.js';
import { fitReport } from './fitting.js';

// run's and finishEpoch's maxSteps, checked (undefined: no limit).
function maxStepsOf(options, where) {
  const { maxSteps } = checkOptionsObject(options, where, ['maxSteps']);
  if (maxSteps !== undefined && !(Number.isSafeInteger(maxSteps) && maxSteps >= 0)) {
    const Error = typeof maxSteps === 'number' ? RangeError : TypeError;
    throw new Error(`${where}: option maxSteps must be an integer >= 0; received ${describe(maxSteps)}`);
  }
  return maxSteps;
}

// The Trainer class for one loaded core and makeModel's access, and startTrainer.
export function makeTrainer(access) {
  const token = Symbol('Trainer');

  class Trainer {
    #model;
    #id;

    constructor(key, model, id) {
      if (key !== token) throw new TypeError('new Trainer: use model.trainer(X, y, options)');
      this.#model = model;
      this.#id = id;
    }

    // The handle, or the error saying why this trainer cannot go on.
    #live(method) {
      const { where, handle } = access(this.#model, `trainer().${method}`);
      if (handle.trainerId() !== this.#id) {
        throw new DisposedError(
          `${where}: this trainer ended when the model changed (fit, partialFit, learnOne, a newer ` +
            `trainer); start another with model.trainer(X, y)`,
        );
      }
      return { where, handle };
    }

    // The public members as trainer.d.ts documents them; the core builds their records (a step's
    // and an epoch's as fit's onStep and onEpoch get them), null once the trainer is done.
    get state() {
      const { lastEpoch, ...state } = this.#live('state').handle.trainerState();
      return state;
    }

    get lastEpoch() {
      return this.#live('lastEpoch').handle.trainerState().lastEpoch;
    }

    step() {
      const { where, handle } = this.#live('step');
      return unwrap(handle.trainerRun(0, undefined), where);
    }

    // With maxSteps, the core stops there when the epoch has not ended first: then no epoch
    // ended in this call, and it returns null.
    finishEpoch(options) {
      const { where, handle } = this.#live('finishEpoch');
      return unwrap(handle.trainerRun(1, maxStepsOf(options, where)), where) ?? null;
    }

    run(options) {
      const { where, handle } = this.#live('run');
      unwrap(handle.trainerRun(2, maxStepsOf(options, where)), where);
      return fitReport(handle.trainerReport());
    }

    get [Symbol.toStringTag]() {
      return 'Trainer';
    }
  }

  // Starts a trainer with start() (the core's startTraining, the error unwrapped) and wraps it.
  const startTrainer = (model, where, start) => new Trainer(token, model, unwrap(start(), where));

  return { Trainer, startTrainer };
}
