// Types of pw.visitOrder (bindings/js/visit-order.js).
// Re-exported by index.d.ts.
import type { Order } from './options.js';

export interface VisitOrderOptions {
  /** Default 'cyclic'. */
  order?: Order;
  /** Default 0; as the Perceptron option. */
  seed?: number;
  /** The number of examples, 1 .. 2^24. */
  rows: number;
  /** How many visits to list, 0 .. 2^24. */
  count: number;
}
