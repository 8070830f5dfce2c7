// model.trainer(X, y, options): fit's training driven step by step. The core runs the very loop
// fit runs (src/perceptron/training/trainer.hpp), so a trainer driven to its end, in any slices,
// leaves exactly the weights and the report fit gives.
//
// A model has at most one trainer at a time. Anything that changes the model (fit, partialFit,
// learnOne, a new trainer, dispose) ends it; its methods then throw a DisposedError.
import { DisposedError, describe, unwrap } from './errors.js';
import { checkOptionsObject } from './convert.js';
import { epochSummary, fitReport } from './fitting.js';

// One-vs-* training adds which binary model a step or an epoch belongs to.
const withModel = (out, raw) => (raw.model === undefined ? out : { ...out, model: raw.model });

// The generic step: what every model kind's training loop knows of a step.
const plainStep = (state) =>
  withModel({ t: state.t, epoch: state.epoch, index: state.index, mistake: state.mistake }, state);

// The step of a kind whose core describes it (kernel, Winnow, Passive-Aggressive): the generic
// step with the label, the score (or K scores) and the prediction before the update, labels as
// given at fit; `extras(detail)` adds the kind's own numbers.
function detailStep(raw, classes, extras) {
  const { detail } = raw;
  const out = { ...plainStep(raw), label: classes[detail.label] };
  if (detail.scores) out.scores = Array.from(detail.scores);
  else out.score = detail.score;
  out.prediction = classes[detail.prediction];
  return Object.assign(out, extras(detail));
}

// defineKind's trace and trainerStep for a kind whose core describes its steps: fit's onStep and
// a trainer's step() get the same record (detailStep with the kind's `extras`).
export function describedSteps(extras) {
  return {
    trace: {
      step(handle) {
        let classes; // the training's, once its set-up ran
        return (raw) => detailStep(raw, (classes ??= handle.classes()), extras);
      },
    },
    trainerStep: (raw, handle) => detailStep(raw, handle.classes(), extras),
  };
}

const epochObject = (epoch) =>
  withModel(epochSummary(epoch.epoch, epoch.steps, epoch.mistakes, epoch.trainError, epoch.validationError), epoch);

// The Trainer class for one loaded core and makeModel's access, and startTrainer.
export function makeTrainer(access) {
  const token = Symbol('Trainer');

  class Trainer {
    #model;
    #id;
    #stepOf;

    constructor(key, model, id, stepOf) {
      if (key !== token) throw new TypeError('new Trainer: use model.trainer(X, y, options)');
      this.#model = model;
      this.#id = id;
      this.#stepOf = stepOf;
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

    // The public members as trainer.d.ts documents them.
    get state() {
      const raw = this.#live('state').handle.trainerState();
      const { t, epoch, mistakes, converged, done } = raw;
      return withModel({ t, epoch, mistakes, converged, done }, raw);
    }

    get lastEpoch() {
      const raw = this.#live('lastEpoch').handle.trainerState();
      return raw.epochsEnded === 0 ? null : epochObject(raw.lastEpoch);
    }

    step() {
      const { where, handle } = this.#live('step');
      if (handle.trainerState().done) return null;
      const raw = unwrap(handle.trainerRun(0, 1), where);
      return this.#stepOf(raw, handle);
    }

    finishEpoch() {
      const { where, handle } = this.#live('finishEpoch');
      if (handle.trainerState().done) return null;
      return epochObject(unwrap(handle.trainerRun(1, 0), where).lastEpoch);
    }

    run(options) {
      const { where, handle } = this.#live('run');
      const { maxSteps } = checkOptionsObject(options, where, ['maxSteps']);
      if (maxSteps !== undefined && !(Number.isSafeInteger(maxSteps) && maxSteps >= 0)) {
        const Error = typeof maxSteps === 'number' ? RangeError : TypeError;
        throw new Error(`${where}: option maxSteps must be an integer >= 0; received ${describe(maxSteps)}`);
      }
      if (maxSteps === undefined) unwrap(handle.trainerRun(2, 0), where);
      else if (maxSteps > 0) unwrap(handle.trainerRun(0, maxSteps), where);
      return fitReport(handle.trainerReport());
    }

    get [Symbol.toStringTag]() {
      return 'Trainer';
    }
  }

  // Starts a trainer with start() (the core's startTraining, the error unwrapped) and wraps it;
  // stepOf(state, handle) builds step()'s record (the generic one by default).
  function startTrainer(model, where, handle, start, stepOf = plainStep) {
    const id = unwrap(start(), where);
    return new Trainer(token, model, id, (raw, h) => (raw.record || raw.detail ? stepOf(raw, h) : plainStep(raw)));
  }

  return { Trainer, startTrainer };
}
