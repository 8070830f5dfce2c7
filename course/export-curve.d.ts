// Types of curveSvg (course/export-curve.js): the learning curve as SVG. Re-exported by
// export.d.ts.

/**
 * One epoch of a training history, as a fit report's `history` holds it (`EpochSummary` of the
 * package): what curveSvg reads of it.
 */
export interface CurveEpoch {
  /** The epoch's number; each greater than the one before it. */
  epoch: number;
  /** Mistakes (updates) in this epoch, >= 0; absent counts as 0. The curve sums them. */
  mistakes?: number;
  /** The error rate on the training examples, from 0 to 1 (a fit with a validation set). */
  trainError?: number | null;
  /** The error rate on the validation examples, from 0 to 1. */
  validationError?: number | null;
}

export interface CurveSvgOptions {
  /** The epochs in order, at least one: `report.history` of `fit` (or the playground's history). */
  history: CurveEpoch[];
  /** The figure's width in CSS pixels, from 120 to 10,000. Default 600 (the playground's widest). */
  width?: number;
  /**
   * The figure's height in CSS pixels, at most 10,000. Default: 220 for the plot and its axes
   * (the playground's), plus the title's 24 and the legend's rows (20 each, and 4). At least
   * what the title and legend take plus 100.
   */
  height?: number;
  /** A title drawn above the plot (none by default). */
  title?: string | null;
  /** The lines' legend (colour, dash pattern, name) under the plot. Default true. */
  legend?: boolean;
}

/**
 * The learning curve as an SVG document (its text, ending in a newline), drawn by the
 * playground's own drawing code: train and validation error (left axis, %) and the mistakes
 * made so far (right axis, in the mistakes' red) against the epoch, with the same scales from 0,
 * ticks, dash patterns and data points (drawn when 10 px or more apart) as the page. Lines
 * without a value in any epoch are left out with their axis. Past 4,096 epochs each line is
 * drawn through its lowest and highest value per bucket of epochs narrower than a pixel, so
 * the file stays small (under 150 KB for 100,000 epochs). The SVG's `<title>` is the page's
 * accessible name ('Learning curve: epoch 4, train error 3.1%, validation error 25%, 11
 * mistakes in all'). Deterministic: the same options give the same text.
 *
 * @example
 * const report = model.fit(X, y, { validation: { X: Xv, y: yv } });
 * writeFileSync('curve.svg', curveSvg({ history: report.history, title: 'Figure 2' }));
 * @throws {TypeError} options, history, an epoch or an option of the wrong type (the message
 *   names it: `options.history[3].epoch`)
 * @throws {RangeError} an unknown option, no epoch, epochs not increasing, a rate outside
 *   [0, 1], negative mistakes, a size out of range
 */
export declare function curveSvg(options: CurveSvgOptions): string;
