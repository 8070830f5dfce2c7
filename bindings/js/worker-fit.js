// The worker's fit (../worker.js): model.trainer(), the very loop fit runs, driven in slices of
// about SLICE_MS so that the worker reads its messages (a cancel) between them; every run stops
// at the end of an epoch when one ends in it (the core's budgeted finishEpoch), so an epoch's
// event can carry the model as that epoch left it (epochWeights, trainError).
import { abortError, throttled, yieldToMessages } from './worker-tools.js';
import { fitTrainer } from './model.js';
import { validationInput } from './worker-records.js';

const MODEL_KINDS = ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive'];
const SLICE_MS = 20;
const PROBE_STEPS = 4096;
// What a result carries beside toJSON(), for the kinds that have it; with fit's epochWeights
// option an epoch event carries those that predict (a kernel perceptron's bias alone does not).
const MODEL_FIELDS = ['weights', 'bias', 'biases', 'negativeWeights', 'threshold'];

// fit's validation option across postMessage: {datasetId} of this worker as that Dataset,
// anything else ({X, y} as arrays, undefined) as it is.
function validationOf(validation, datasetOf, where) {
  if (validation === null || typeof validation !== 'object' || !('datasetId' in validation)) return validation;
  return validationInput(datasetOf(validation.datasetId, `${where}: option validation`));
}

// trace and epochWeights: true (no limit: Infinity), false (0) or an integer >= 1.
function countOption(value, name, where) {
  if (typeof value === 'boolean') return value ? Infinity : 0;
  if (Number.isSafeInteger(value) && value >= 1) return value;
  throw new (typeof value === 'number' ? RangeError : TypeError)(
    `${where}: option ${name} must be true, false or an integer >= 1; received ${typeof value === 'number' ? value : (JSON.stringify(value) ?? String(value))}`,
  );
}

// epochWeights: n: epoch e carries the weights when it is a multiple of spacing(e, n), the
// smallest power of two s with e <= s * n (every epoch up to n, every 2nd up to 2n, ...).
const spacing = (epoch, n) => {
  let s = 1;
  while (epoch > s * n) s *= 2;
  return s;
};

/**
 * The worker's fit request: the model trained by its trainer in slices of about SLICE_MS,
 * yielding to the worker's messages between them (a cancel throws an AbortError there).
 * `datasetOf(id, where)` gives {X, y} of a dataset of this worker (a Dataset with its labels, or
 * records and theirs), or throws naming the id; `post(message)`
 * sends the epochs and progress to the page.
 */
export async function fitInSlices(pw, message, controller, datasetOf, post) {
  const { requestId, modelKind, options, datasetId, fitOptions = {}, epochs: wantEpochs, progress } = message;
  const where = 'fit';
  if (!MODEL_KINDS.includes(modelKind)) {
    throw new (typeof modelKind === 'string' ? RangeError : TypeError)(
      `${where}: modelKind must be one of ${MODEL_KINDS.join(', ')}, StructuredPerceptron; received ${JSON.stringify(modelKind) ?? String(modelKind)}`,
    );
  }
  const { X, y } = datasetOf(datasetId, where);
  const { trace = false, epochWeights = false, trainError = false, ...trainerOptions } = fitOptions;
  const traceLimit = countOption(trace, 'trace', where);
  const weightsEvery = countOption(epochWeights, 'epochWeights', where);
  if (typeof trainError !== 'boolean') {
    throw new TypeError(`${where}: option trainError must be true or false; received ${JSON.stringify(trainError)}`);
  }
  trainerOptions.validation = validationOf(trainerOptions.validation, datasetOf, where);
  const model = new pw[modelKind](options);
  try {
    // fit's training, its errors said as fit says them (Perceptron.fit: y must hold ...).
    const trainer = model[fitTrainer](X, y, trainerOptions);
    // ovr/ovo train their binary models one after the other: their epochs are those of the
    // binary models (fit's report merges them), reported when training ends.
    const tasks = modelKind === 'MulticlassPerceptron' && model.options.strategy !== 'joint';
    const validating = trainerOptions.validation !== undefined || model.options.earlyStopping === true;
    const fields = tasks || modelKind === 'KernelPerceptron' ? [] : MODEL_FIELDS.filter((key) => key in model);
    const withWeights = wantEpochs && weightsEvery > 0 && fields.length > 0;
    const withError = wantEpochs && trainError && !validating && !tasks;
    const steps = traceLimit > 0 ? [] : null;
    const queue = [];
    const sendEpochs = throttled(() => post({ requestId, type: 'epochs', epochs: queue.splice(0) }));
    const sendProgress = throttled((value) => post({ requestId, type: 'progress', progress: value }));
    const emit = (event) => {
      queue.push(event);
      sendEpochs.update(true);
    };
    // Each epoch ends with the trainer paused right at its end (every call below ends at most
    // one epoch, and stops there), so the model is that epoch's. The latest event waits until
    // training goes on: the last one carries the weights training ends with (with a validation
    // set, the kept epoch's).
    let held = null;
    let lastNumber = 0;
    const checkEnded = () => {
      const record = wantEpochs && !tasks ? trainer.lastEpoch : null;
      if (record === null || record.epoch === lastNumber) return;
      lastNumber = record.epoch;
      if (held) emit(held);
      held = { ...record };
      if (withError) held.trainError = 1 - model.score(X, y);
      if (withWeights && record.epoch % spacing(record.epoch, weightsEvery) === 0) {
        for (const key of fields) held[key] = model[key];
      }
    };
    let stepsPerMs = null;
    let t = 0; // steps taken, as of the last slice
    let done = trainer.state.done;
    while (!done) {
      const start = performance.now();
      do {
        if (steps !== null && steps.length < traceLimit) {
          // Step by step, for the trace.
          const step = trainer.step();
          if (step !== null) steps.push(step);
        } else {
          // A slice's worth of steps, stopping at the epoch's end (ovr/ovo: across epochs).
          const budget = stepsPerMs === null ? PROBE_STEPS : Math.max(1, Math.floor(stepsPerMs * SLICE_MS));
          if (tasks) trainer.run({ maxSteps: budget });
          else trainer.finishEpoch({ maxSteps: budget });
        }
        checkEnded();
        done = trainer.state.done;
      } while (!done && performance.now() - start < SLICE_MS);
      const state = trainer.state;
      const elapsed = performance.now() - start;
      if (elapsed > 0 && state.t > t) stepsPerMs = (state.t - t) / elapsed;
      t = state.t;
      if (progress) sendProgress.update({ t: state.t, epoch: state.epoch, mistakes: state.mistakes });
      await yieldToMessages();
      if (controller.signal.aborted) throw abortError(where);
    }
    const report = trainer.run();
    if (held) {
      if (withWeights) for (const key of fields) held[key] = model[key];
      emit(held);
    }
    if (tasks && wantEpochs) report.history.forEach(emit);
    sendEpochs.flush();
    if (progress) {
      sendProgress.update({ t: report.steps, epoch: trainer.state.epoch, mistakes: report.mistakes });
      sendProgress.flush();
    }
    const result = { modelKind, model: model.toJSON(), report };
    for (const key of MODEL_FIELDS) if (key in model) result[key] = model[key];
    if (steps !== null) {
      result.trace = steps;
      if (report.steps > steps.length) result.traceTruncated = true;
    }
    return result;
  } finally {
    model.dispose();
  }
}
