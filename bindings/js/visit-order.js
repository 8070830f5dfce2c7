// pw.visitOrder: the order in which fit visits the rows, so that a user driving learnOne can
// reproduce fit step for step.
import { describe, unwrap } from './errors.js';
import { checkOptionsObject } from './convert.js';

// Limits that keep the lists (count visits, and a permutation of rows for 'shuffle') to a
// size wasm memory can hold: 2^24 entries each.
const LIMIT = 2 ** 24;

/** pw.visitOrder for one loaded core (the Embind module instance). */
export function makeVisitOrder(core) {
  /**
   * The rows fit visits, in order, for {order, seed, rows, count}: cyclic 0..rows-1 repeated,
   * shuffle a new permutation every `rows` visits, sample uniform draws with replacement.
   * Driving learnOne in this order reproduces fit step for step.
   */
  return function visitOrder(options) {
    const where = 'visitOrder';
    const { order, seed, rows, count } = checkOptionsObject(options, where, ['order', 'seed', 'rows', 'count']);
    if (!Number.isSafeInteger(rows) || rows < 1 || rows > LIMIT) {
      throw new (typeof rows === 'number' ? RangeError : TypeError)(
        `${where}: option rows must be an integer from 1 to ${LIMIT}; received ${describe(rows)}`,
      );
    }
    if (!Number.isSafeInteger(count) || count < 0 || count > LIMIT) {
      throw new (typeof count === 'number' ? RangeError : TypeError)(
        `${where}: option count must be an integer from 0 to ${LIMIT}; received ${describe(count)}`,
      );
    }
    return unwrap(core.visitOrder({ order, seed }, rows, count), where);
  };
}
