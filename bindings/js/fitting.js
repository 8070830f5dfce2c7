// What fit and its trainer share across the model kinds: the option names they take, the
// validation set, the user's callbacks, and the report (partialFit's too). Class and sample
// weights are the core's (its Estimator matches classWeight's keys to the classes).
import { abortError, checkSignal, describe } from './errors.js';
import { isPlainObject } from './convert.js';

// The option names a trainer and fit take: a trainer takes fit's but the callbacks and the
// signal (its caller sees every step); a kind's own (the Perceptron's initial weights) first.
export const trainerOptions = (kind) => [...(kind.fitOptions ?? []), 'sampleWeight', 'validation'];
export const fitOptions = (kind) => ['onStep', 'onEpoch', 'signal', ...trainerOptions(kind)];

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

// Wraps user callbacks and the signal for the core: the wrapped functions return 0 (go on),
// 1 (stop: the callback returned false) or 2 (abort: it threw, or the signal was aborted; fit
// rethrows after the core has put the model back). fit runs on this thread, so the signal is
// looked at before the call and after each callback: it can be aborted by a callback, or before
// fit starts; nothing else runs while fit does. With a signal and no onEpoch, an onEpoch that
// only looks at the signal is installed. The core gives each callback its one record.
export function guardCallbacks(where, { onStep, onEpoch, signal }) {
  for (const [key, fn] of Object.entries({ onStep, onEpoch })) {
    if (fn !== undefined && typeof fn !== 'function') {
      throw new TypeError(`${where}: option ${key} must be a function; received ${describe(fn)}`);
    }
  }
  checkSignal(signal, where);
  if (signal?.aborted) throw abortError(signal, where);
  let thrown;
  const guard = (fn) =>
    (fn || signal) &&
    ((record) => {
      try {
        const answer = fn ? fn(record) : undefined;
        if (signal?.aborted) throw abortError(signal, where);
        return answer === false ? 1 : 0;
      } catch (error) {
        thrown = { error };
        return 2;
      }
    });
  return {
    stepFn: onStep && guard(onStep),
    epochFn: guard(onEpoch),
    rethrow(report) {
      if (report.aborted) throw thrown.error;
    },
  };
}

// The core's fit report as fit returns it (FitReport in fitting.d.ts).
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
