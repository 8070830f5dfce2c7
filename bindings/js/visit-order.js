// pw.visitOrder: the order in which fit visits the rows, so that a user driving learnOne can
// reproduce fit step for step.
import { unwrap } from './errors.js';
import { checkOptionsObject } from './convert.js';

/** pw.visitOrder for one loaded core (the Embind module instance). */
export function makeVisitOrder(core) {
  /**
   * The rows fit visits, in order, for {order, seed, rows, count}: cyclic 0..rows-1 repeated,
   * shuffle a new permutation every `rows` visits, sample uniform draws with replacement.
   * Driving learnOne in this order reproduces fit step for step. The core checks the values
   * (rows and count at most 2^24: lists wasm memory holds).
   */
  return function visitOrder(options) {
    const where = 'visitOrder';
    const known = checkOptionsObject(options, where, ['order', 'seed', 'rows', 'count']);
    return unwrap(core.visitOrder(known), where);
  };
}
