// The plane's grid, axes, tick labels and axis titles, for any view: ticks on a nice step (0.5
// for [-1, 1], 1 for Iris in cm), the axes through 0 when 0 is in view, labels along the bottom
// and left edges on a white backing, none overlapping another.

import { COLORS } from './canvas.js';
import { ticks } from './geometry.js';
import { overlaps, tag, textBox } from './plane-draw.js';

const SIZE = 11; // tick labels' font size (px)
const FONT = `${SIZE}px system-ui, sans-serif`;
const TITLE_FONT = `italic 600 ${SIZE + 1}px system-ui, sans-serif`;

/**
 * A tick value as text: at most `decimals` decimals with trailing zeros dropped (0, 0.5, 1.25),
 * '−' for minus, an exponent for huge values or tiny steps.
 */
export function tickText(value, decimals) {
  let text =
    value !== 0 && (Math.abs(value) >= 1e6 || decimals > 6)
      ? value.toExponential(Math.min(3, Math.max(0, decimals + Math.floor(Math.log10(Math.abs(value))))))
      : value.toFixed(decimals);
  if (!text.includes('e') && text.includes('.')) text = text.replace(/\.?0+$/, '');
  return text.replace('-', '−');
}

// A title shortened with '…' to at most `max` pixels.
function shorten(ctx, text, max) {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text.length;
  while (cut > 1 && ctx.measureText(`${text.slice(0, cut)}…`).width > max) cut--;
  return `${text.slice(0, cut)}…`;
}

/**
 * Draws the grid lines and the axes through 0 (when in view).
 * @returns {{x: {step, values, decimals}, y: {step, values, decimals}}} the ticks used
 */
export function drawGrid(ctx, view, { px, py }, width, height) {
  const tx = ticks(view.x0, view.x1, Math.max(2, Math.floor(width / 50)));
  const ty = ticks(view.y0, view.y1, Math.max(2, Math.floor(height / 50)));
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLORS.grid;
  ctx.beginPath();
  for (const v of tx.values) {
    if (v === 0) continue;
    ctx.moveTo(Math.round(px(v)) + 0.5, 0);
    ctx.lineTo(Math.round(px(v)) + 0.5, height);
  }
  for (const v of ty.values) {
    if (v === 0) continue;
    ctx.moveTo(0, Math.round(py(v)) + 0.5);
    ctx.lineTo(width, Math.round(py(v)) + 0.5);
  }
  ctx.stroke();
  ctx.strokeStyle = COLORS.axis;
  ctx.beginPath();
  if (view.x0 < 0 && view.x1 > 0) {
    ctx.moveTo(px(0), 0);
    ctx.lineTo(px(0), height);
  }
  if (view.y0 < 0 && view.y1 > 0) {
    ctx.moveTo(0, py(0));
    ctx.lineTo(width, py(0));
  }
  ctx.stroke();
  return { x: tx, y: ty };
}

/**
 * Draws the axis titles and the tick labels, each on a white backing: x's labels along the
 * bottom edge with its title at the right end of that row (or just above the row when it would
 * hide a label), y's labels along the left edge with its title at the top left. A tick label that
 * would overlap another label, or leave the canvas, is left out.
 * @returns {{titles: {text, box}[], x: {value, text, box}[], y: {value, text, box}[]}} boxes are
 *   [left, top, width, height] in CSS pixels
 */
export function drawTickLabels(ctx, grid, { px, py }, width, height, axes) {
  const fits = (box) => box[0] >= 1 && box[1] >= 1 && box[0] + box[2] <= width - 1 && box[1] + box[3] <= height - 1;
  ctx.font = FONT;
  const row = height - 4;
  const xLabels = grid.x.values
    .map((value) => {
      const text = tickText(value, grid.x.decimals);
      return { value, text, box: textBox(ctx, text, px(value), row, 'center', 'bottom', SIZE) };
    })
    .filter(({ box }) => fits(box));
  ctx.font = TITLE_FONT;
  const xTitle = shorten(ctx, axes?.x ?? 'x₁', width * 0.45);
  const yTitle = shorten(ctx, axes?.y ?? 'x₂', width * 0.45);
  let titleBox = textBox(ctx, xTitle, width - 5, row, 'right', 'bottom', SIZE + 1);
  const inRow = !xLabels.some(({ box }) => overlaps(box, titleBox, 3));
  const titleY = inRow ? row : row - SIZE - 6;
  const placed = [];
  const shown = { titles: [], x: [], y: [] };
  for (const [text, x, y, align, baseline] of [
    [xTitle, width - 5, titleY, 'right', 'bottom'],
    [yTitle, 5, 4, 'left', 'top'],
  ]) {
    titleBox = tag(ctx, text, x, y, { align, baseline, color: COLORS.tick, font: TITLE_FONT, size: SIZE + 1 });
    placed.push(titleBox);
    shown.titles.push({ text, box: titleBox });
  }
  const label = (item, x, y, align) => {
    if (placed.some((other) => overlaps(item.box, other, 3))) return false;
    tag(ctx, item.text, x, y, {
      align,
      baseline: align === 'center' ? 'bottom' : 'middle',
      color: COLORS.tick,
      font: FONT,
      size: SIZE,
    });
    placed.push(item.box);
    return true;
  };
  for (const item of xLabels) if (label(item, px(item.value), row, 'center')) shown.x.push(item);
  ctx.font = FONT;
  for (const value of grid.y.values) {
    const text = tickText(value, grid.y.decimals);
    const item = { value, text, box: textBox(ctx, text, 5, py(value), 'left', 'middle', SIZE) };
    if (fits(item.box) && label(item, 5, py(value), 'left')) shown.y.push(item);
  }
  return shown;
}
