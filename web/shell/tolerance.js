// When a given number counts as the package's: the one equality of the course tools (issue 28),
// for the playground's quiz (web/quiz/) and for perceptron-wasm/course's grader and exercise
// checks, which import it from here. Imports nothing.

/** A given number equals the expected one when |received - expected| <= TOLERANCE x max(1, |expected|). */
export const TOLERANCE = 1e-9;

/** Whether `received` equals `expected` within TOLERANCE x max(1, |expected|). */
export const close = (expected, received) =>
  Math.abs(received - expected) <= TOLERANCE * Math.max(1, Math.abs(expected));
