// The learning curve's drawing: train and validation error (left axis, %) and the mistakes made
// so far (right axis, a count) against the epoch, with the grid, the axes, their tick labels,
// the data points when they are far enough apart, and the cursor's epoch. One drawing path, two
// targets: the page draws it on its canvas (web/curve/curve.js), perceptron-wasm/course's
// curveSvg on an SVG context (web/draw/svg-context.js). DOM-free and stateless: it draws on the
// CanvasRenderingContext2D-like context it is given, in CSS pixels from (0, 0), using only
// beginPath, moveTo, lineTo, arc, stroke, fill, fillRect, clearRect, setLineDash, fillText and
// the style properties; text widths are estimated from their length (never measured), so that
// both targets lay the figure out to the same pixel.
import { formatCount as count } from '../shell/format.js';

/** The plot's height in CSS pixels on the page (axes included; the page's legend is under it). */
export const CURVE_HEIGHT = 220;
/** The widest the plot gets on the page; it follows its container's width below that. */
export const CURVE_MAX_WIDTH = 600;

/** The tick labels' font (the page's font stack). */
export const CURVE_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const TITLE_FONT = `600 ${CURVE_FONT.replace('12px', '13px')}`;
const MUTED = '#666'; // 5.7:1 on white
const TEXT = '#222';
const GRID = '#e6e6e6';
const TICK = '#d9d9d9';
const AXIS_LINE = '#999';
const CURSOR = '#607d8b';

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
const TICK_SIZE = 4;
const GAP = 5; // between a tick and its label
const X_AXIS = 26; // the x axis' ticks and labels, under the plot
const X_TITLE = 18; // 'Epoch', under them
const SPACE_X = 48; // the least room between two x ticks
const SPACE_Y = 28; // between two y ticks
const LINE_WIDTH = 2;
const POINT_RADIUS = 2.5; // the data points, drawn when at least POINT_SPACE apart
const POINT_SPACE = 10;
const CURSOR_RADIUS = 3.5;
const TITLE_HEIGHT = 24;
const LEGEND_ROW = 20;
const SAMPLE = 26; // a legend's line sample
const CHAR = 7; // a character's width at 12 px, as estimated (generously) for the layout

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

// Crisp 1 px lines: on the middle of a pixel.
const crisp = (v) => Math.round(v) + 0.5;

function line(ctx, x0, y0, x1, y1) {
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
}

function text(ctx, value, x, y, align, baseline, color, font = CURVE_FONT) {
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  ctx.fillText(value, x, y);
}

function circle(ctx, x, y, radius, color, lineWidth) {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, 2 * Math.PI);
  ctx.fillStyle = '#fff';
  ctx.fill();
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.stroke();
}

/**
 * Draws the learning curve of `columns` (curveLayout's) on `ctx`, over a white `width` ×
 * `height` area from (0, 0) in the context's units (CSS pixels). `cursor`: the index of a point
 * in the columns to mark (a dashed vertical line and a ring on each line), or null. `title`: a
 * title above the plot; `legend`: the lines' legend under it (the page has its own, in HTML).
 * With no epoch, only the white area (and the title).
 * @returns curveLayout's result: what was drawn where.
 */
export function drawCurve(ctx, columns, { width, height, cursor = null, title = null, legend = false }) {
  const layout = curveLayout(columns, { width, height, title, legend });
  ctx.setLineDash([]);
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  if (layout.title) text(ctx, title, layout.title.x, layout.title.y, 'left', 'middle', TEXT, TITLE_FONT);
  if (!layout.plot) return layout;
  drawAxes(ctx, layout);
  drawLines(ctx, columns, layout);
  if (cursor !== null && cursor >= 0 && cursor < columns[0].length) drawCursor(ctx, columns, layout, cursor);
  if (layout.legend) drawLegend(ctx, layout);
  return layout;
}

function drawAxes(ctx, layout) {
  const { plot, scales, ticks } = layout;
  const [left, top, right, bottom] = [plot.left, plot.top, plot.left + plot.width, plot.top + plot.height];
  const xs = ticks.x.map((t) => toPixel(layout, 'x', t.value));
  // The grid: at the x ticks, and at the error ticks (the mistakes' without errors), not at 0
  // (the x axis' line is there).
  const gridKey = scales.error ? 'error' : 'mistakes';
  ctx.lineWidth = 1;
  ctx.strokeStyle = GRID;
  ctx.beginPath();
  for (const x of xs) line(ctx, crisp(x), top, crisp(x), bottom);
  for (const t of ticks[gridKey]) {
    if (t.value !== 0)
      line(ctx, left, crisp(toPixel(layout, gridKey, t.value)), right, crisp(toPixel(layout, gridKey, t.value)));
  }
  ctx.stroke();
  // The ticks, outside the plot.
  ctx.strokeStyle = TICK;
  ctx.beginPath();
  for (const x of xs) line(ctx, crisp(x), bottom, crisp(x), bottom + TICK_SIZE);
  for (const t of ticks.error)
    line(
      ctx,
      left - TICK_SIZE,
      crisp(toPixel(layout, 'error', t.value)),
      left,
      crisp(toPixel(layout, 'error', t.value)),
    );
  for (const t of ticks.mistakes)
    line(
      ctx,
      right,
      crisp(toPixel(layout, 'mistakes', t.value)),
      right + TICK_SIZE,
      crisp(toPixel(layout, 'mistakes', t.value)),
    );
  ctx.stroke();
  // The axes' lines: the x axis, and each y axis that has a line.
  ctx.strokeStyle = AXIS_LINE;
  ctx.beginPath();
  line(ctx, left, crisp(bottom), right, crisp(bottom));
  if (scales.error) line(ctx, crisp(left), top, crisp(left), bottom);
  if (scales.mistakes) line(ctx, crisp(right), top, crisp(right), bottom);
  ctx.stroke();
  // The labels: the mistakes' in their line's colour (5.6:1 on white).
  ticks.x.forEach((t, i) => text(ctx, t.text, xs[i], bottom + TICK_SIZE + GAP, 'center', 'top', MUTED));
  for (const t of ticks.error) {
    text(ctx, t.text, left - TICK_SIZE - GAP, toPixel(layout, 'error', t.value), 'right', 'middle', MUTED);
  }
  for (const t of ticks.mistakes) {
    const y = toPixel(layout, 'mistakes', t.value);
    text(ctx, t.text, right + TICK_SIZE + GAP, y, 'left', 'middle', CURVE_SERIES[2].stroke);
  }
  text(ctx, 'Epoch', left + plot.width / 2, bottom + X_AXIS + X_TITLE / 2, 'center', 'middle', MUTED);
}

function drawLines(ctx, columns, layout) {
  const epochs = columns[0];
  const xs = epochs.map((e) => toPixel(layout, 'x', e));
  const spacing = epochs.length > 1 ? layout.plot.width / (epochs.length - 1) : Infinity;
  CURVE_SERIES.forEach((series, k) => {
    if (!layout.shown[k]) return;
    const values = columns[k + 1];
    const y = (v) => toPixel(layout, series.scale, v);
    // The line, broken where a value is not known.
    ctx.strokeStyle = series.stroke;
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineJoin = 'round';
    ctx.setLineDash(series.dash);
    ctx.beginPath();
    tracePath(
      ctx,
      xs,
      values.map((v) => (v === null ? null : y(v))),
    );
    ctx.stroke();
    ctx.setLineDash([]);
    if (spacing < POINT_SPACE) return;
    values.forEach((v, i) => v !== null && circle(ctx, xs[i], y(v), POINT_RADIUS, series.stroke, 1.5));
  });
}

// The path through the points (x, y), broken at each null y. Points that fall in one pixel
// column (many epochs per pixel) become a vertical stroke through their lowest and highest
// values there, entered at the first and left at the last: the same picture, at most a few
// segments per pixel whatever the number of points.
function tracePath(ctx, xs, ys) {
  let drawing = false;
  let column = null; // {x (the pixel), n, first, low, high, last, at: [x, y] of its only point}
  const end = () => {
    if (!column) return;
    const { x, n, first, low, high, last, at } = column;
    const points =
      n === 1
        ? [at]
        : [
            [x, first],
            [x, low],
            [x, high],
            [x, last],
          ];
    for (const [px, py] of points) {
      if (drawing) ctx.lineTo(px, py);
      else ctx.moveTo(px, py);
      drawing = true;
    }
    column = null;
  };
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i];
    if (y === null) {
      end();
      drawing = false;
      continue;
    }
    const x = Math.round(xs[i]);
    if (column && column.x === x) {
      column.n++;
      column.low = Math.min(column.low, y);
      column.high = Math.max(column.high, y);
      column.last = y;
    } else {
      end();
      column = { x, n: 1, first: y, low: y, high: y, last: y, at: [xs[i], y] };
    }
  }
  end();
}

function drawCursor(ctx, columns, layout, index) {
  const { plot } = layout;
  const x = crisp(toPixel(layout, 'x', columns[0][index]));
  ctx.strokeStyle = CURSOR;
  ctx.lineWidth = 1;
  ctx.setLineDash([5, 3]);
  ctx.beginPath();
  line(ctx, x, plot.top, x, plot.top + plot.height);
  ctx.stroke();
  ctx.setLineDash([]);
  CURVE_SERIES.forEach((series, k) => {
    const v = columns[k + 1][index];
    if (layout.shown[k] && v !== null) {
      circle(
        ctx,
        toPixel(layout, 'x', columns[0][index]),
        toPixel(layout, series.scale, v),
        CURSOR_RADIUS,
        series.stroke,
        2,
      );
    }
  });
}

function drawLegend(ctx, layout) {
  const top = layout.height - layout.legend.height + 4;
  for (const { series: k, x, row } of layout.legend.items) {
    const { label, stroke, dash } = CURVE_SERIES[k];
    const y = top + row * LEGEND_ROW + LEGEND_ROW / 2;
    ctx.strokeStyle = stroke;
    ctx.lineWidth = LINE_WIDTH;
    ctx.setLineDash(dash);
    ctx.beginPath();
    line(ctx, x + 1, y, x + SAMPLE - 1, y);
    ctx.stroke();
    ctx.setLineDash([]);
    text(ctx, label, x + SAMPLE + 6, y, 'left', 'middle', MUTED);
  }
}
