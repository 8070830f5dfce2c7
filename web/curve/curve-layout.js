// Where the learning curve's parts go (curve-draw.js draws them there): the plot's box, the
// scales (from 0 to a nice top for the error and the mistakes), the ticks on nice steps and
// their labels, the SVG figure's legend rows, and the curve's accessible name. DOM-free. Text
// widths are estimated from their length (never measured), so that the page's canvas and the
// SVG lay the figure out to the same pixel.
import { formatCount as count, formatPercent } from '../shell/format.js';

/** The plot's height in CSS pixels on the page (axes included; the page's legend is under it). */
export const CURVE_HEIGHT = 220;
/** The widest the plot gets on the page; it follows its container's width below that. */
export const CURVE_MAX_WIDTH = 600;

/** The tick labels' font (the page's font stack). */
export const CURVE_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The three lines, in the columns' order (after the epochs). Each colour is at least 3:1 on
 * white (the tests compute it), and each line has its own dash pattern, so they differ without
 * colour too. `dash` is in CSS pixels: [] solid.
 */
export const CURVE_SERIES = Object.freeze([
  { key: 'trainError', label: 'Train error', scale: 'error', stroke: '#1565c0', dash: [] },
  { key: 'validationError', label: 'Validation error', scale: 'error', stroke: '#7b3fa0', dash: [8, 4] },
  { key: 'mistakes', label: 'Mistakes in all', scale: 'mistakes', stroke: '#c62828', dash: [2, 3] },
]);

// The layout, in CSS pixels.
const PAD = 10; // above the plot, and beside it where no axis is
const SPACE_X = 48; // the least room between two x ticks
const SPACE_Y = 28; // between two y ticks
const TITLE_HEIGHT = 24;
const CHAR = 7; // a character's width at 12 px, as estimated (generously) for the layout
/** The sizes the drawing shares with the layout, in CSS pixels. */
export const METRICS = Object.freeze({
  TICK_SIZE: 4,
  GAP: 5, // between a tick and its label
  X_AXIS: 26, // the x axis' ticks and labels, under the plot
  X_TITLE: 18, // 'Epoch', under them
  LEGEND_ROW: 20,
  SAMPLE: 26, // a legend's line sample
});
const { X_AXIS, X_TITLE, LEGEND_ROW, SAMPLE } = METRICS;

// Tick steps: whole ones (epochs, mistakes) 1, 2, 5, 10, 20, 50, ...; any (percentages) also
// 2.5 × 10^k and below 1. Written as decimal literals: no float noise in the steps.
const WHOLE_STEPS = [];
const ALL_STEPS = [];
for (let e = -6; e <= 9; e++) {
  for (const m of [1, 2, 2.5, 5]) {
    const step = Number(`${m}e${e}`);
    ALL_STEPS.push(step);
    if (Number.isInteger(step) && m !== 2.5) WHOLE_STEPS.push(step);
  }
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** An epoch's or a count's tick label: '1,234', '10K' from 10,000. */
export const countTick = (n) => (Math.abs(n) >= 10_000 ? compact.format(n) : count(n));
/** A percentage's tick label: '12.5%'. */
export const percentTick = (p) => `${Number(p.toFixed(6))}%`;

/**
 * The curve's accessible name for `full` (curve-columns.js's full columns: one entry per epoch):
 * 'Learning curve: epoch 4, train error 3.1%, validation error 25%, 11 mistakes in all' (the
 * latest epoch; an error not known is left out), or 'Learning curve: no finished epoch yet'.
 */
export function curveLabel([epochs, train, validation, cumulative]) {
  const n = epochs.length;
  if (n === 0) return 'Learning curve: no finished epoch yet';
  const parts = [`epoch ${count(epochs[n - 1])}`];
  if (train[n - 1] !== null) parts.push(`train error ${formatPercent(train[n - 1] / 100)}`);
  if (validation[n - 1] !== null) parts.push(`validation error ${formatPercent(validation[n - 1] / 100)}`);
  const total = cumulative[n - 1];
  parts.push(`${count(total)} ${total === 1 ? 'mistake' : 'mistakes'} in all`);
  return `Learning curve: ${parts.join(', ')}`;
}

/**
 * The top of a scale from 0 that holds `max`: `max` plus a tenth, rounded up to a tenth of its
 * power of ten (75 -> 83, 11 -> 13, 0.4 -> 0.45), at most `cap`; 1 when `max` is 0.
 */
export function niceTop(max, cap = Infinity) {
  if (!(max > 0)) return 1;
  const unit = 10 ** (Math.floor(Math.log10(max)) - 1);
  const top = Number((Math.ceil(Number(((max * 1.1) / unit).toPrecision(12))) * unit).toPrecision(12));
  return Math.min(cap, top > max ? top : max + 1);
}

/**
 * The tick values of an axis from `min` to `max` drawn over `pixels`: the multiples of the
 * smallest step in `steps` that leaves at least `space` pixels between two ticks.
 */
export function axisTicks(min, max, pixels, space, steps = ALL_STEPS) {
  const wanted = ((max - min) * space) / pixels;
  const step = steps.find((s) => s >= wanted) ?? steps.at(-1);
  const values = [];
  for (let k = Math.ceil(Number((min / step).toPrecision(12))); k * step <= max * (1 + 1e-12); k++) {
    values.push(Number((k * step).toPrecision(12)));
  }
  return values;
}

// A column's largest value (null ignored), -Infinity when it has none.
function largest(column) {
  let top = -Infinity;
  for (const v of column) if (v !== null && v > top) top = v;
  return top;
}

// An axis wide enough for its longest tick label.
const axisWidth = (texts) => 14 + CHAR * Math.max(1, ...texts.map((t) => t.length));

/**
 * Where everything goes for `columns` ([epochs, train error %, validation error %, cumulative
 * mistakes], null where not known; curve-columns.js) in a `width` × `height` figure: the plot's
 * box, each scale's range (null for an axis with no line), which lines are shown, and the ticks.
 * The x scale runs from the first epoch to the last (at least one wide); the error scale from 0
 * to niceTop of its largest value, at most 100%; the mistakes' from 0 to niceTop of the total.
 * @returns {{width, height, plot: {left, top, width, height} | null, scales: {x, error,
 *   mistakes}, shown: boolean[], ticks: {x, error, mistakes}, title, legend}} ranges [min, max];
 *   ticks {value, text}[]; plot null when there is no epoch.
 */
export function curveLayout(columns, { width, height, title = null, legend = false }) {
  const [epochs, ...lines] = columns;
  const shown = lines.map((line) => line.some((v) => v !== null));
  const empty = { x: [], error: [], mistakes: [] };
  const layout = { width, height, plot: null, scales: { x: null, error: null, mistakes: null }, shown, ticks: empty };
  layout.title = title ? { text: title, x: PAD, y: PAD + 6 } : null;
  layout.legend = legend ? legendLayout(shown, width) : null;
  if (epochs.length === 0) return layout;
  const top = PAD + (layout.title ? TITLE_HEIGHT : 0);
  const bottom = height - (layout.legend ? layout.legend.height : 0) - X_AXIS - X_TITLE;
  const plotHeight = Math.max(1, bottom - top);

  const first = epochs[0];
  const scales = {
    x: [first, Math.max(epochs.at(-1), first + 1)],
    error: shown[0] || shown[1] ? [0, niceTop(Math.max(largest(lines[0]), largest(lines[1])), 100)] : null,
    mistakes: shown[2] ? [0, niceTop(largest(lines[2]))] : null,
  };
  const yTicks = (scale, steps, format) =>
    scale ? axisTicks(...scale, plotHeight, SPACE_Y, steps).map((value) => ({ value, text: format(value) })) : [];
  const ticks = {
    error: yTicks(scales.error, ALL_STEPS, percentTick),
    mistakes: yTicks(scales.mistakes, WHOLE_STEPS, countTick),
  };
  const left = scales.error ? axisWidth(ticks.error.map((t) => t.text)) : PAD + 6;
  const right = scales.mistakes ? axisWidth(ticks.mistakes.map((t) => t.text)) : PAD + 6;
  const plotWidth = Math.max(1, width - left - right);
  ticks.x = axisTicks(...scales.x, plotWidth, SPACE_X, WHOLE_STEPS).map((value) => ({
    value,
    text: countTick(value),
  }));
  return { ...layout, plot: { left, top, width: plotWidth, height: plotHeight }, scales, ticks };
}

/**
 * The height of a figure whose plot region is CURVE_HEIGHT high (the page's), with the `title`
 * above it and the `legend` of `columns`' lines under it (in as many rows as `width` needs).
 */
export function curveHeight(columns, { width, title = null, legend = false }) {
  const shown = columns.slice(1).map((line) => line.some((v) => v !== null));
  return CURVE_HEIGHT + (title ? TITLE_HEIGHT : 0) + (legend ? legendLayout(shown, width).height : 0);
}

// The legend under the plot (the SVG figure's; the page writes its own in HTML): the shown
// lines' samples and labels, in rows that fit the width.
function legendLayout(shown, width) {
  const items = [];
  let x = PAD;
  let row = 0;
  CURVE_SERIES.forEach((series, k) => {
    if (!shown[k]) return;
    const itemWidth = SAMPLE + 6 + CHAR * series.label.length;
    if (x > PAD && x + itemWidth > width - PAD) {
      row++;
      x = PAD;
    }
    items.push({ series: k, x, row });
    x += itemWidth + 16;
  });
  return { items, height: items.length ? (row + 1) * LEGEND_ROW + 4 : 0 };
}

/** The pixel of `value` on `layout`'s scale `key` ('x', 'error' or 'mistakes'). */
export function toPixel(layout, key, value) {
  const { plot } = layout;
  const [min, max] = layout.scales[key];
  const f = (value - min) / (max - min);
  return key === 'x' ? plot.left + f * plot.width : plot.top + (1 - f) * plot.height;
}

/**
 * The index in `columns` of the point nearest to the pixel column `px`, or null when `px` is
 * outside the plot or there is no point.
 */
export function nearestIndex(columns, layout, px) {
  const epochs = columns[0];
  const { plot } = layout;
  if (!plot || epochs.length === 0 || px < plot.left || px > plot.left + plot.width) return null;
  const [min, max] = layout.scales.x;
  const value = min + ((px - plot.left) / plot.width) * (max - min);
  let lo = 0;
  let hi = epochs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (epochs[mid] <= value) lo = mid;
    else hi = mid;
  }
  return Math.abs(epochs[hi] - value) < Math.abs(value - epochs[lo]) ? hi : lo;
}
