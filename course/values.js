// Values as the course tools read and write them, for the grader and the exercises alike: what
// counts as a plain object (an options object, an assignment), and a number as a person writes it.

/** An object literal (or Object.create(null)): not an array, a class instance or a proxy of one. */
export const plainObject = (value) =>
  value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** A number as a person writes it: integers exact, others to 12 significant digits (0.1 + 0.2 is 0.3), never -0. */
export const formatNumber = (v) => String(Number.isInteger(v) ? v + 0 : Number(v.toPrecision(12)) + 0);
