// The package's Perceptron run on an exercise's data, its steps as plain objects, and the
// conditions an attempt's trace must meet (options mistakes and zeroScore, no rounding doubt).
import { drawData } from './data.js';
import { mistakeRange } from './options.js';
import { PURPOSE, purposeSeed } from './random.js';

/** -0 as 0, so that a record survives JSON.stringify unchanged. */
const zero = (v) => (v === 0 ? 0 : v);

/** A record (a step, an analysis) as a plain object: numbers, booleans, labels and plain arrays. */
export function plain(record) {
  const copy = {};
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value) || ArrayBuffer.isView(value)) copy[key] = Array.from(value, zero);
    else copy[key] = typeof value === 'number' ? zero(value) : value;
  }
  return copy;
}

/**
 * The Perceptron options of an attempt's run: the conventions, and the seed of its order when
 * the order is not cyclic. new pw.Perceptron(them).fit(X, y) gives the run's trace.
 */
export function perceptronOptions({ mistakeRule, order, learningRate, fitIntercept, maxEpochs }, attempt) {
  const options = { mistakeRule, order, learningRate, fitIntercept, maxEpochs };
  if (order !== 'cyclic') options.seed = purposeSeed(attempt, PURPOSE.perceptron);
  return options;
}

/**
 * The training an exercise's search for data may spend, over all its attempts: steps of runs
 * screened (the core's loop, no record per step) and steps traced (a record per step, some 25
 * times slower). They bound the search, whatever the options; options met only after more
 * training are refused as if they could not be met.
 */
export const SEARCH_STEPS = Object.freeze({ screened: 2_000_000, traced: 100_000 });

/** A search's budget: the steps it has left, and whether a run found it spent. */
export const searchBudget = () => ({ ...SEARCH_STEPS, spent: false });

/** The number of mistakes of a trace. */
export const mistakesOf = (trace) => trace.reduce((sum, step) => sum + (step.mistake ? 1 : 0), 0);

/** Whether a step after the first has a score of exactly 0. */
export const hasZeroScore = (trace) => trace.some((step) => step.t > 1 && step.score === 0);

// A score that rounding may have moved off 0 (see meets).
const doubtful = (step, learningRate) => step.score !== 0 && Math.abs(step.score) < 1e-9 * learningRate;

/**
 * Whether the trace meets the options: a number of mistakes in the range of `mistakes`, a zero
 * score or none as asked,
 * and no score that rounding may have moved off 0. Exactly, every score is learningRate times a
 * multiple of 10^(-2 decimals); one within 1e-9 * learningRate of 0 but not 0 is an exact 0 that
 * rounding moved, where a student's exact arithmetic and the package's could disagree.
 */
export function meets(trace, { mistakes, zeroScore, learningRate }) {
  const [least, most] = mistakeRange(mistakes);
  const count = mistakesOf(trace);
  if (count < least || count > most) return false;
  if (zeroScore !== undefined && hasZeroScore(trace) !== zeroScore) return false;
  return !trace.some((step) => doubtful(step, learningRate));
}

// For a trace that is to meet the options as a whole: whether a step rules it out however it goes
// on (meets then says no): one mistake too many, a zero score where none may be, a doubtful score.
function rulesOut({ mistakes, zeroScore, learningRate }) {
  const most = mistakeRange(mistakes)[1];
  let count = 0;
  return (step) => {
    if (step.mistake) count += 1;
    return count > most || (zeroScore === false && step.t > 1 && step.score === 0) || doubtful(step, learningRate);
  };
}

/**
 * The run's trace (at most `limit` steps), and whether it converged; cut short at a step for
 * which `stop(step)` is true. With a budget, null when the run would trace more steps than
 * the budget has left (the budget is then spent).
 */
export function runPerceptron(pw, { X, y }, options, limit = Infinity, stop = null, budget = null) {
  if (budget && budget.traced <= 0) {
    budget.spent = true;
    return null;
  }
  const model = new pw.Perceptron(options);
  try {
    const trace = [];
    const onStep = (step) => {
      trace.push(plain(step));
      if (trace.length >= limit || stop?.(step)) return false;
      if (budget && trace.length >= budget.traced) {
        budget.spent = true;
        return false;
      }
    };
    const report = model.fit(X, y, { onStep });
    if (budget) budget.traced -= trace.length;
    if (budget?.spent) return null;
    return { trace, converged: report.converged, epochs: report.epochs };
  } finally {
    model.dispose();
  }
}

/**
 * The run without a record per step (a trainer driven epoch by epoch: the core's speed), the
 * very run fit gives: at most `limit` steps, stopped once it has made more than `most` mistakes.
 * {steps, mistakes, converged}; null when it would take more steps than the budget has left
 * (the budget is then spent).
 */
function screenRun(pw, { X, y }, options, limit, most, budget) {
  const model = new pw.Perceptron(options);
  try {
    const trainer = model.trainer(X, y);
    const cap = Math.min(limit, budget.screened);
    let state = trainer.state;
    while (!state.done && state.t < cap && state.mistakes <= most) {
      trainer.finishEpoch({ maxSteps: cap - state.t });
      state = trainer.state;
    }
    budget.screened -= state.t;
    if (!state.done && state.t < limit && state.mistakes <= most) {
      budget.spent = true;
      return null;
    }
    return { steps: state.t, mistakes: state.mistakes, converged: state.converged };
  } finally {
    model.dispose();
  }
}

/**
 * One attempt's data (separable, from a hidden hyperplane) and the Perceptron's run on it (at
 * most `limit` steps), or null when the draws gave no data, the budget is spent, or (with
 * `whole`) the run misses the options. `whole`: the whole run (to `limit` or its end) is to meet
 * them, so the run is first screened, without records and stopped once it has too many
 * mistakes: when it makes too few or too many, or `screen({steps, mistakes, converged})` is
 * false, it is not traced; the traced run stops at the first step that rules it out. Either way
 * the exercise is the one the traced run alone would give: a screened-out run would miss the
 * options, and so does a trace cut short.
 */
export function drawRun(pw, options, attempt, budget, { limit = Infinity, whole = false, screen = () => true } = {}) {
  const data = drawData(pw, options, attempt, 'plane');
  if (!data) return null;
  const perceptron = perceptronOptions(options, attempt);
  if (whole) {
    const [least, most] = mistakeRange(options.mistakes);
    const screened = screenRun(pw, data, perceptron, limit, most, budget);
    if (!screened || screened.mistakes < least || screened.mistakes > most || !screen(screened)) return null;
  }
  const run = runPerceptron(pw, data, perceptron, limit, whole ? rulesOut(options) : null, budget);
  return run && { data, perceptron, ...run };
}

/** The rows of the first `count` steps as pw.visitOrder gives them; null for 'cyclic'. */
export function visitsOf(pw, { order, seed }, rows, count) {
  return order === 'cyclic' ? null : Array.from(pw.visitOrder({ order, seed, rows, count }));
}
