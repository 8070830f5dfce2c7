// The learning curve's drawing: train and validation error (left axis, %) and the mistakes made
// so far (right axis, a count) against the epoch, with the grid, the axes, their tick labels,
// the data points when they are far enough apart, and the cursor's epoch, where curveLayout
// (curve-layout.js) puts them. One drawing path, two targets: the page draws it on its canvas
// (web/curve/curve.js), perceptron-wasm/course's curveSvg on an SVG context
// (web/draw/svg-context.js). DOM-free and stateless: it draws on the CanvasRenderingContext2D-like
// context it is given, in CSS pixels from (0, 0), using only beginPath, moveTo, lineTo, arc,
// stroke, fill, fillRect, clearRect, setLineDash, fillText and the style properties.
import { CURVE_FONT, CURVE_SERIES, METRICS, curveLayout, toPixel } from './curve-layout.js';

const { TICK_SIZE, GAP, X_AXIS, X_TITLE, LEGEND_ROW, SAMPLE } = METRICS;
const TITLE_FONT = `600 ${CURVE_FONT.replace('12px', '13px')}`;
const MUTED = '#666'; // 5.7:1 on white
const TEXT = '#222';
const GRID = '#e6e6e6';
const TICK = '#d9d9d9';
const AXIS_LINE = '#999';
const CURSOR = '#607d8b';
const LINE_WIDTH = 2;
const POINT_RADIUS = 2.5; // the data points, drawn when at least POINT_SPACE apart
const POINT_SPACE = 10;
const CURSOR_RADIUS = 3.5;

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
