// 'mistakes': the number of mistakes (updates) the perceptron makes before it converges.
import { Malformed, close, makeCheck, readNumber } from './check.js';
import { describe } from '../../bindings/js/errors.js';
import { drawRun, meets, mistakesOf, visitsOf } from './training.js';
import { runStatement } from './text.js';

/** The exercise drawn from one attempt's seed, or null when it misses the options. */
export function attempt(pw, options, seed, choice, budget) {
  const run = drawRun(pw, options, seed, budget, { whole: true, screen: (screened) => screened.converged });
  if (!run || !run.converged || !meets(run.trace, options)) return null;
  // The visit order of the run's epochs and one more, so that it does not tell where the run ends.
  const { rows, maxEpochs } = options;
  const visits = visitsOf(pw, run.perceptron, rows, rows * Math.min(maxEpochs, run.epochs + 1));
  const statement = runStatement({
    title: 'The perceptron: how many mistakes before it converges?',
    question:
      'Question: training converges on these rows. How many mistakes (updates) does the perceptron ' +
      'make in all, from the start until it converges?',
    run,
    options,
    visits,
  });
  const answer = mistakesOf(run.trace);
  return { statement, answer, trace: run.trace, check: makeCheck((given) => judge(given, answer)) };
}

// A number, or {mistakes}.
function judge(given, key) {
  let count = given;
  if (typeof given !== 'number') {
    if (given === null || typeof given !== 'object' || !('mistakes' in given)) {
      throw new Malformed(`expected the number of mistakes (a number, or {mistakes}); received ${describe(given)}`);
    }
    count = given.mistakes;
  }
  readNumber(count, 'mistakes');
  return close(key, count) ? null : `mistakes is ${count}, expected ${key}`;
}
