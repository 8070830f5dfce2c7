// 'weightsAt': w and b after step t of the perceptron's run (steps counted from 1 across epochs).
import { difference, makeCheck, readWeights } from './check.js';
import { PURPOSE, purposeSeed, uniform } from './random.js';
import { drawRun, meets, visitsOf } from './training.js';
import { runStatement } from './text.js';

/**
 * The exercise drawn from one attempt's seed, or null when it misses the options. Without the
 * option step, t is drawn from 2 to the run's last step, at most 2 epochs' worth (2 x rows): the
 * run goes no further. With it, the run goes to step t, and steps 1 to t are to meet the options.
 */
export function attempt(pw, options, seed, choice, budget) {
  const { rows, step } = options;
  const reaches = (screened) => screened.steps >= step;
  const run = drawRun(
    pw,
    options,
    seed,
    budget,
    step ? { limit: step, whole: true, screen: reaches } : { limit: 2 * rows },
  );
  if (!run) return null;
  let t = step;
  if (t === undefined) {
    const last = Math.min(run.trace.length, 2 * rows);
    if (last < 2) return null;
    t = 2 + uniform(pw, purposeSeed(seed, PURPOSE.step), last - 1, 1)[0];
  }
  const trace = run.trace.slice(0, t);
  if (trace.length < t || !meets(trace, options)) return null;
  const statement = runStatement({
    title: `The perceptron: w and b after step ${t}.`,
    question: `Question: give w and b after step ${t} (steps are counted from 1 and go on across epochs).`,
    run,
    options,
    visits: visitsOf(pw, run.perceptron, rows, t),
    fields: { step: t },
  });
  const { weights, bias } = trace.at(-1);
  const answer = { weights, bias };
  const check = makeCheck((given) => difference(readWeights(given, options), answer, `step ${t}: `));
  return { statement, answer, trace, check };
}
