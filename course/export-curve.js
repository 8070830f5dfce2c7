// curveSvg: the learning curve as SVG text for lecture notes, drawn by the page's own drawing
// (web/curve/curve-draw.js, where curve-layout.js says) on an SVG context
// (web/draw/svg-context.js) instead of the page's canvas: one drawing path, two targets
// (web/curve/curve-svg.js, which the page's LearningCurve.toSvg uses too). The history is read
// into columns as the page reads it (web/curve/curve-columns.js: error rates as percentages,
// the mistakes summed, per-bucket extremes past 4,096 epochs). Here: checking the options.
import { describe } from '../bindings/js/errors.js';
import { Columns } from '../web/curve/curve-columns.js';
import { CURVE_HEIGHT, CURVE_MAX_WIDTH, curveHeight } from '../web/curve/curve-layout.js';
import { svgOfColumns } from '../web/curve/curve-svg.js';

const WHERE = 'curveSvg';
const OPTIONS = ['history', 'width', 'height', 'title', 'legend'];
const ENTRY = '{epoch, mistakes?, trainError?, validationError?}';
const MIN_WIDTH = 120;
const MAX_SIZE = 10_000;
const MIN_PLOT = 100; // the least height left for the plot and its axes

// A history entry checked: what the curve reads of it, or a clear error naming it.
function checkEntry(entry, i, previous) {
  const name = `${WHERE}: options.history[${i}]`;
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    throw new TypeError(`${name} must be an object ${ENTRY}; received ${describe(entry)}`);
  }
  const { epoch, mistakes, trainError, validationError } = entry;
  checkNumber(`${name}.epoch`, epoch, Number.isFinite, 'a finite number');
  if (previous !== null && !(epoch > previous)) {
    throw new RangeError(`${name}.epoch must be greater than the epoch before it (${previous}); received ${epoch}`);
  }
  if (mistakes != null) checkNumber(`${name}.mistakes`, mistakes, (v) => v >= 0 && v < Infinity, 'a number >= 0');
  if (trainError != null) checkNumber(`${name}.trainError`, trainError, (v) => v >= 0 && v <= 1, 'a rate from 0 to 1');
  if (validationError != null) {
    checkNumber(`${name}.validationError`, validationError, (v) => v >= 0 && v <= 1, 'a rate from 0 to 1');
  }
  return epoch;
}

// A number `name`: a TypeError when it is not one, a RangeError when `ok` refuses it.
function checkNumber(name, value, ok, expected) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be ${expected}; received ${describe(value)}`);
  if (!ok(value)) throw new RangeError(`${name} must be ${expected}; received ${value}`);
}

const checkSize = (name, value, min) =>
  checkNumber(
    `${WHERE}: options.${name}`,
    value,
    (v) => v >= min && v <= MAX_SIZE,
    `from ${min} to ${MAX_SIZE} pixels`,
  );

/**
 * The learning curve of a training history as an SVG document (text): train and validation
 * error (left axis, %) and the mistakes made so far (right axis) against the epoch, as the
 * playground draws it, with a legend under it and an optional title above. See export.d.ts.
 * @param {{history: object[], width?: number, height?: number, title?: string | null,
 *   legend?: boolean}} options
 * @returns {string}
 */
export function curveSvg(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(
      `${WHERE}: options must be an object {history, width?, height?, title?, legend?}; received ${describe(options)}`,
    );
  }
  const unknown = Object.keys(options).filter((key) => !OPTIONS.includes(key));
  if (unknown.length) {
    throw new RangeError(
      `${WHERE}: unknown option ${JSON.stringify(unknown[0])}; the options are ${OPTIONS.join(', ')}`,
    );
  }
  const { history, width = CURVE_MAX_WIDTH, title = null, legend = true } = options;
  if (!Array.isArray(history)) {
    throw new TypeError(
      `${WHERE}: options.history must be an array of epochs ${ENTRY} (a fit report's history); received ${describe(history)}`,
    );
  }
  if (history.length === 0)
    throw new RangeError(`${WHERE}: options.history must hold at least one epoch; received none`);
  let previous = null;
  history.forEach((entry, i) => (previous = checkEntry(entry, i, previous)));
  checkSize('width', width, MIN_WIDTH);
  if (title !== null && typeof title !== 'string') {
    throw new TypeError(`${WHERE}: options.title must be a string or null; received ${describe(title)}`);
  }
  if (typeof legend !== 'boolean') {
    throw new TypeError(`${WHERE}: options.legend must be a boolean; received ${describe(legend)}`);
  }

  const columns = new Columns();
  columns.read(history);
  const natural = curveHeight(columns.drawn(), { width, title: title || null, legend });
  const { height = natural } = options;
  checkSize('height', height, natural - CURVE_HEIGHT + MIN_PLOT);
  return svgOfColumns(columns, { width, height, title, legend });
}
