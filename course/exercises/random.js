// Seeded draws for the exercises, from the core's one generator: pw.visitOrder with order
// 'sample' gives uniform draws with replacement from 0..rows-1 (PCG32 with an unbiased bounded
// draw), the same numbers in Node and in every browser. Never Math.random.

// The largest bound visitOrder takes (its `rows`), 2^24.
const MAX_BOUND = 2 ** 24;

/** `count` uniform integers from 0 to bound - 1 (bound <= 2^24), drawn from PCG32(seed). */
export function uniform(pw, seed, bound, count) {
  if (count === 0) return [];
  return Array.from(pw.visitOrder({ order: 'sample', seed, rows: bound, count }));
}

/**
 * The seeds of an exercise's attempts: `count` numbers below 2^48, two draws each from the
 * exercise's seed. An attempt's draws come from its purpose seeds (seed * 8 + purpose, below 2^51),
 * one stream per purpose, so that drawing more for one purpose leaves the others as they were.
 */
export function attemptSeeds(pw, seed, count) {
  const draws = uniform(pw, seed, MAX_BOUND, 2 * count);
  return Array.from({ length: count }, (_, i) => draws[2 * i] * MAX_BOUND + draws[2 * i + 1]);
}

/** The purposes of an attempt's streams (at most 8). */
export const PURPOSE = Object.freeze({
  coordinates: 0,
  plane: 1,
  offset: 2,
  labels: 3,
  perceptron: 4,
  step: 5,
  choice: 7,
});

/** The seed of one purpose's stream in an attempt. */
export const purposeSeed = (attempt, purpose) => attempt * 8 + purpose;
