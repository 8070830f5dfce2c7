// exercise(kind, options): a perceptron exercise made from a seed, with its statement (text and
// data, every convention spelled out), its answer key computed by the package, the full trace,
// and check(answer). The pieces are in exercises/: the options (options.js), the seeded draws
// (random.js, from the core's generator), the data (data.js), the Perceptron's run (training.js),
// the words (text.js), the checks (check.js), and one file per kind.
import { library } from './library.js';
import { checkKind, givenOptions, resolveOptions } from './exercises/options.js';
import { attemptSeeds } from './exercises/random.js';
import { SEARCH_STEPS, searchBudget } from './exercises/training.js';
import * as epoch from './exercises/epoch.js';
import * as mistakes from './exercises/mistakes.js';
import * as weightsAt from './exercises/weights-at.js';
import * as margin from './exercises/margin.js';
import * as separable from './exercises/separable.js';

const KINDS = { epoch, mistakes, weightsAt, margin, separable };

/** How many attempts (each with its own seed, drawn from the exercise's) before giving up. */
const ATTEMPTS = 1000;

/**
 * An exercise of `kind` ('epoch', 'mistakes', 'weightsAt', 'margin', 'separable') for the
 * options (exercise.d.ts documents them): {kind, seed, options, statement, answer, trace,
 * check}. The same seed and options give the same exercise everywhere. Data is drawn and redrawn
 * until it meets the options, at most ATTEMPTS times and within the training SEARCH_STEPS
 * allows over all attempts; then a RangeError says they cannot be met.
 */
export async function exercise(kind, options) {
  checkKind(kind);
  const pw = await library();
  const resolved = resolveOptions(pw, kind, options);
  const made = KINDS[kind];
  const seeds = attemptSeeds(pw, resolved.seed, ATTEMPTS);
  const choice = made.choose?.(pw, resolved, seeds[0]);
  const budget = searchBudget();
  // Given rows change only with the order's seed: one attempt when nothing else is drawn.
  const fixed = resolved.data && (resolved.order === 'cyclic' || kind === 'separable');
  let attempts = 0;
  for (const seed of fixed ? seeds.slice(0, 1) : seeds) {
    attempts += 1;
    const found = made.attempt(pw, resolved, seed, choice, budget);
    if (found) {
      const { statement, answer, trace, check } = found;
      return { kind, seed: resolved.seed, options: givenOptions(resolved), statement, answer, trace, check };
    }
    if (budget.spent) break;
  }
  const limit = budget.spent
    ? ` (then the search stopped: it runs at most ${steps(SEARCH_STEPS.screened)} steps of training in all, and traces at most ` +
      `${steps(SEARCH_STEPS.traced)} step by step)`
    : '';
  throw new RangeError(
    `exercise: these options cannot be met: in ${attempts} attempt${attempts === 1 ? '' : 's'}${limit}, no data gave exercise '${kind}' ` +
      `${wanted(kind, resolved, choice)}; received ${received(options)}`,
  );
}

// 3000000 as 3,000,000.
const steps = (count) => String(count).replace(/\B(?=(\d{3})+$)/g, ',');

// What the attempts looked for, in words.
function wanted(kind, { data, rows, dimension, mistakes: count, zeroScore, step }, choice) {
  const parts = [
    data
      ? 'the given rows'
      : `${rows} distinct rows in ${dimension} dimension${dimension === 1 ? '' : 's'}, each label on a third of them or more`,
  ];
  if (kind === 'mistakes' || kind === 'margin') parts.push('a run that converges');
  if (choice !== undefined) parts.push(choice ? 'separable classes' : 'classes no hyperplane separates');
  if (typeof count === 'number') parts.push(`exactly ${count} mistake${count === 1 ? '' : 's'}`);
  if (Array.isArray(count)) parts.push(`${count[0]} to ${count[1]} mistakes`);
  if (zeroScore !== undefined)
    parts.push(zeroScore ? 'a score of exactly 0 after step 1' : 'no score of 0 after step 1');
  if (step !== undefined) parts.push(`a run of at least ${step} steps`);
  return `with ${parts.join(', ')}`;
}

// The options as received, the rows of option data left out.
function received(options = {}) {
  const { data, ...rest } = options;
  return JSON.stringify(data === undefined ? rest : { data: '{X, y}', ...rest });
}
