// What fit, partialFit and learnOne share across the model kinds: the option names each one
// takes, class and sample weights, the validation set, the user's callbacks and the report.
import { abortError, checkSignal, describe } from './errors.js';
import { checkOptionsObject, isPlainObject, toLabels, toVector } from './convert.js';

export const FIT_OPTIONS = [
  'onStep',
  'onEpoch',
  'signal',
  'initialWeights',
  'initialBias',
  'sampleWeight',
  'validation',
];
// A trainer takes fit's options but the callbacks and the signal: its caller sees every step.
export const TRAINER_OPTIONS = ['initialWeights', 'initialBias', 'sampleWeight', 'validation'];
export const MULTICLASS_TRAINER_OPTIONS = ['sampleWeight', 'validation'];
export const MULTICLASS_FIT_OPTIONS = ['onStep', 'onEpoch', 'signal', 'sampleWeight', 'validation'];
export const PARTIAL_FIT_OPTIONS = ['classes', 'sampleWeight'];
// The kinds whose fit has no observer (kernel, Winnow, PA): their onStep and onEpoch drive a trainer.
export const BATCH_FIT_OPTIONS = ['onStep', 'onEpoch', 'signal', 'sampleWeight', 'validation'];
export const BATCH_TRAINER_OPTIONS = ['sampleWeight', 'validation'];
export const LEARN_ONE_OPTIONS = ['classes'];

// classWeight: 'balanced', or {label: weight} (keys are the labels as strings, as in any JS
// object). Kept by the wrapper because its keys are JS labels; the core matches them to the
// classes and does the arithmetic. Returns it as a frozen copy.
export function checkClassWeight(classWeight, where) {
  if (classWeight === undefined || classWeight === 'balanced') return classWeight;
  if (!isPlainObject(classWeight)) {
    throw new TypeError(
      `${where}: option classWeight must be "balanced" or an object {label: weight}; received ${describe(classWeight)}`,
    );
  }
  for (const [key, value] of Object.entries(classWeight)) {
    if (typeof value !== 'number') {
      throw new TypeError(
        `${where}: option classWeight[${JSON.stringify(key)}] must be a number; received ${describe(value)}`,
      );
    }
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(
        `${where}: option classWeight[${JSON.stringify(key)}] must be a finite number >= 0; received ${value}`,
      );
    }
  }
  return Object.freeze({ ...classWeight });
}

// classWeight's keys against the training classes: each must name one (with numeric classes a
// key names the number it reads as: "-1" is the label -1). The error names the key by its text.
function checkClassWeightKeys(keys, classes, where) {
  if (classes.length === 0) return;
  const numeric = typeof classes[0] === 'number';
  for (const key of keys) {
    const label = numeric ? (key.trim() === '' ? NaN : Number(key)) : key;
    if (classes.includes(label)) continue;
    const known = classes.map((c) => (numeric ? String(c) : JSON.stringify(c))).join(', ');
    const received = numeric && !Number.isNaN(label) ? String(label) : JSON.stringify(key);
    throw new RangeError(
      `${where}: option classWeight key ${JSON.stringify(key)} must be one of the classes [${known}]; ` +
        `received ${received}`,
    );
  }
}

// The weighting object the core reads: sampleWeight, and classWeight's keys (object keys are
// strings; the core reads them as numbers for numeric labels: "-1" is the label -1) and values.
// `classes`, the training classes when known, checks the keys first.
export function weightingOf(classWeight, sampleWeight, where, classes) {
  const out = {};
  if (sampleWeight !== undefined) out.sampleWeight = toVector(sampleWeight, where, 'sampleWeight');
  if (classWeight !== undefined) {
    const entries = classWeight === 'balanced' ? [] : Object.entries(classWeight);
    if (classes !== undefined)
      checkClassWeightKeys(
        entries.map(([k]) => k),
        Array.from(classes),
        where,
      );
    out.balanced = classWeight === 'balanced';
    out.classWeightNames = entries.map(([k]) => k);
    out.classWeightNumbers = Float64Array.from(entries, ([k]) => Number(k));
    out.classWeightValues = Float64Array.from(entries, ([, v]) => v);
  }
  return out;
}

// fit's validation option, {X, y} (y may be left out when X is a Dataset with labels), as a
// core handle made by convert(X, y, options) (the training call's, so it is scaled alike); the
// core reads its labels against the training classes.
export function validationOf(validation, where, convert) {
  if (validation === undefined) return undefined;
  const withLabels = () => 'y' in validation || Object(validation.X)[Symbol.toStringTag] === 'Dataset';
  if (!isPlainObject(validation) || !('X' in validation) || !withLabels()) {
    throw new TypeError(`${where}: option validation must be an object {X, y}; received ${describe(validation)}`);
  }
  return convert(validation.X, validation.y, { prefix: 'validation.' });
}

// partialFit's options, shared by every model kind: {classes, sampleWeight}, the classes encoded.
export function partialFitOptions(classWeight, options, where) {
  const { classes, sampleWeight } = checkOptionsObject(options, where, PARTIAL_FIT_OPTIONS);
  if (classWeight === 'balanced') {
    throw new RangeError(
      `${where}: classWeight 'balanced' needs the whole training set; ` +
        `give classWeight as {label: weight} for partialFit`,
    );
  }
  return { classes: classes === undefined ? undefined : toLabels(classes, where, 'classes'), sampleWeight };
}

/** An epoch as onEpoch and a trainer's finishEpoch give it: the errors only when validating. */
export function epochSummary(epoch, steps, mistakes, trainError, validationError) {
  const out = { epoch, steps, mistakes };
  if (!Number.isNaN(trainError)) {
    out.trainError = trainError;
    out.validationError = validationError;
  }
  return out;
}

// Wraps user callbacks and the signal for the core: the wrapped functions return 0 (go on),
// 1 (stop: the callback returned false) or 2 (abort: it threw, or the signal was aborted; fit
// rethrows after the core has put the model back). fit runs on this thread, so the signal is
// looked at before the call and after each callback: it can be aborted by a callback, or before
// fit starts; nothing else runs while fit does. With a signal and no onEpoch, an onEpoch that
// only looks at the signal is installed.
export function guardCallbacks(where, { onStep, onEpoch, signal }, buildStep, buildEpoch) {
  for (const [key, fn] of [
    ['onStep', onStep],
    ['onEpoch', onEpoch],
  ]) {
    if (fn !== undefined && typeof fn !== 'function') {
      throw new TypeError(`${where}: option ${key} must be a function; received ${describe(fn)}`);
    }
  }
  checkSignal(signal, where);
  if (signal?.aborted) throw abortError(signal, where);
  let thrown;
  const guard = (fn, build) =>
    (fn || signal) &&
    ((...args) => {
      try {
        const answer = fn ? fn(build(...args)) : undefined;
        if (signal?.aborted) throw abortError(signal, where);
        return answer === false ? 1 : 0;
      } catch (error) {
        thrown = { error };
        return 2;
      }
    });
  return {
    stepFn: onStep && guard(onStep, buildStep),
    epochFn: guard(onEpoch, buildEpoch),
    rethrow(report) {
      if (report.aborted) throw thrown.error;
    },
  };
}

/** The core's fit report as fit returns it: {epochs, steps, mistakes, converged, ...}. */
export function fitReport(report) {
  const validated = report.bestEpoch > 0;
  const history = Array.from(report.historyEpoch, (epoch, k) => {
    const entry = { epoch, steps: report.historySteps[k], mistakes: report.historyMistakes[k] };
    if (validated) {
      entry.trainError = report.historyTrainError[k];
      entry.validationError = report.historyValidationError[k];
    }
    return entry;
  });
  const out = {
    epochs: report.epochs,
    steps: report.steps,
    mistakes: report.mistakes,
    converged: report.converged,
    stopped: report.stopped,
    history,
  };
  if (validated) {
    out.bestEpoch = report.bestEpoch;
    out.stoppedEarly = report.stoppedEarly;
  }
  if (report.historyTruncated) out.historyTruncated = true;
  return out;
}
