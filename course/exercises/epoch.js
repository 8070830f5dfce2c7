// 'epoch': one epoch of the perceptron by hand. The answer: w and b after each step.
import { Malformed, difference, makeCheck, readObject, readWeights } from './check.js';
import { describe } from '../../bindings/js/errors.js';
import { drawRun, meets, visitsOf } from './training.js';
import { runStatement } from './text.js';

/** The exercise drawn from one attempt's seed, or null when it misses the options. */
export function attempt(pw, options, seed, choice, budget) {
  const { rows } = options;
  const run = drawRun(pw, options, seed, budget, { limit: rows, whole: true });
  if (!run || run.trace.length !== rows || !meets(run.trace, options)) return null;
  const visits = visitsOf(pw, run.perceptron, rows, rows);
  const statement = runStatement({
    title: 'The perceptron by hand: one epoch.',
    question: `Question: give w and b after each of the ${rows} steps, and whether each step is a mistake.`,
    run,
    options,
    visits,
    oneEpoch: true,
  });
  const answer = run.trace.map(({ mistake, weights, bias }) => ({ mistake, weights, bias }));
  return {
    statement,
    answer,
    trace: run.trace,
    check: makeCheck((given) => judge(given, answer, options), right),
  };
}

// What a right answer checked: every step, or only the final (w, b) when that is all it gave.
const right = (given) =>
  Array.isArray(given)
    ? `correct: all ${given.length} steps are right`
    : 'correct: the final w and b are right (only they were given; the steps were not checked)';

// The list of {weights, bias} (mistake optional) after each step, or the final {weights, bias}.
function judge(given, key, options) {
  const expected = `the list of {weights, bias} after each of the ${key.length} steps, or the final {weights, bias}`;
  if (!Array.isArray(given)) {
    const { weights, bias } = readWeights(readObject(given, expected), options);
    const last = key.at(-1);
    return difference({ weights, bias }, { weights: last.weights, bias: last.bias }, 'after the epoch: ');
  }
  if (given.length !== key.length) {
    throw new Malformed(`expected ${key.length} steps, one {weights, bias} per step; received ${describe(given)}`);
  }
  for (const [i, step] of given.entries()) {
    const where = `step ${i + 1}: `;
    const read = readWeights(step, options, where);
    if (step.mistake !== undefined && typeof step.mistake !== 'boolean') {
      throw new Malformed(`${where}mistake must be true or false; received ${describe(step.mistake)}`);
    }
    const wrong = difference({ mistake: step.mistake, ...read }, key[i], where);
    if (wrong) return wrong;
  }
  return null;
}
