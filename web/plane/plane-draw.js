// Small drawing primitives of the data plane: arrows, labels on a white backing, where to put
// a label clear of the points, numbers as the page writes them. No state.

import { COLORS } from './canvas.js';
import { formatNumber } from '../shell/format.js';

/**
 * A number as the page shows it (format.js's formatNumber), but a tiny value keeps 2 digits: on
 * the plane a weight of 0.00004 must not read as no weight at all.
 */
export function num(v) {
  if (Number.isFinite(v) && v !== 0 && Math.abs(v) < 0.001) return v.toPrecision(2).replace('-', '−');
  return formatNumber(v);
}

/** An arrow from `from` to `to` (pixels), its head at `to`. */
export function arrow(ctx, from, to, color, width, head = 10) {
  const [x0, y0] = from;
  const [x1, y1] = to;
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const length = Math.hypot(x1 - x0, y1 - y0);
  head = Math.min(head, length * 0.6);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1 - Math.cos(angle) * head * 0.8, y1 - Math.sin(angle) * head * 0.8);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - head * Math.cos(angle - 0.4), y1 - head * Math.sin(angle - 0.4));
  ctx.lineTo(x1 - head * Math.cos(angle + 0.4), y1 - head * Math.sin(angle + 0.4));
  ctx.closePath();
  ctx.fill();
}

/** A polyline through pixel points; closed (and filled by the caller) when `close`. */
export function path(ctx, points, close = false) {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (close) ctx.closePath();
}

/**
 * The box [left, top, width, height] of `text` drawn at (x, y) with this alignment (textAlign
 * 'left' | 'center' | 'right', textBaseline 'top' | 'middle' | 'bottom'), in ctx's current font.
 */
export function textBox(ctx, text, x, y, align, baseline, size) {
  const w = ctx.measureText(text).width;
  const left = align === 'left' ? x : align === 'right' ? x - w : x - w / 2;
  const top = baseline === 'top' ? y : baseline === 'bottom' ? y - size : y - size / 2;
  return [left - 2, top - 1, w + 4, size + 2];
}

/**
 * Text on a white backing (so it keeps 4.5:1 over tints and heatmaps). Returns its box. `fit`
 * [width, height] keeps the whole box inside the canvas by moving it.
 */
export function tag(
  ctx,
  text,
  x,
  y,
  { align = 'left', baseline = 'middle', color = COLORS.label, font, size = 12, fit } = {},
) {
  ctx.font = font ?? `${size}px system-ui, sans-serif`;
  let box = textBox(ctx, text, x, y, align, baseline, size);
  if (fit) {
    const dx = Math.min(0, fit[0] - 1 - (box[0] + box[2])) + Math.max(0, 1 - box[0]);
    const dy = Math.min(0, fit[1] - 1 - (box[1] + box[3])) + Math.max(0, 1 - box[1]);
    x += dx;
    y += dy;
    box = [box[0] + dx, box[1] + dy, box[2], box[3]];
  }
  ctx.fillStyle = COLORS.backing;
  ctx.fillRect(...box);
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  ctx.fillText(text, x, y);
  return box;
}

/** Whether two boxes [left, top, width, height] overlap, with `gap` pixels to spare. */
export const overlaps = (a, b, gap = 0) =>
  a[0] < b[0] + b[2] + gap && b[0] < a[0] + a[2] + gap && a[1] < b[1] + b[3] + gap && b[1] < a[1] + a[3] + gap;

/**
 * Where a label goes near `tip` (pixels) pointing along `direction`: of a few spots around it,
 * inside the canvas, the one farthest from every drawn point.
 */
export function labelPlace(tip, direction, pixels, radius, width, height, distance = 14) {
  const [dx, dy] = direction;
  const candidates = [
    [dx, dy],
    [-dy, dx],
    [dy, -dx],
    [dx - dy, dy + dx],
    [dx + dy, dy - dx],
  ].map(([a, c]) => {
    const n = Math.hypot(a, c) || 1;
    return [tip[0] + (distance * a) / n, tip[1] + (distance * c) / n];
  });
  let best = candidates[0];
  let bestClearance = -Infinity;
  for (const [x, y] of candidates) {
    if (x < 8 || y < 8 || x > width - 8 || y > height - 8) continue;
    let clearance = Infinity;
    for (const [px, py] of pixels) clearance = Math.min(clearance, Math.hypot(px - x, py - y) - radius);
    if (clearance > bestClearance + 1) {
      best = [x, y];
      bestClearance = clearance;
    }
  }
  return best;
}

// The distance from the point (x, y) to the box [left, top, width, height] (0 inside).
const boxDistance = ([left, top, w, h], x, y) =>
  Math.hypot(Math.max(left - x, 0, x - (left + w)), Math.max(top - y, 0, y - (top + h)));

/**
 * A label beside a line segment (pixels [[x, y], [x, y]]), clear of the points, of the other
 * `lines` (segments in pixels) and of the boxes already placed: tried at fractions `along` of the segment, on either side, the first spot at
 * least 6 px from every point (else the clearest one). Draws it with `tag` and returns its box,
 * also pushed onto `placed`.
 */
export function tagBesideLine(ctx, text, [p, q], { pixels, radius, placed, lines = [], size, color, font, along }) {
  // The other lines, as points every 3 px, to keep the label off them too.
  const marks = [];
  for (const [a, b] of lines) {
    const n = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 3);
    for (let k = 0; k <= n; k++) marks.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  ctx.font = font;
  const w = ctx.measureText(text).width + 4;
  const h = 14;
  const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  const normal = [-(q[1] - p[1]) / length, (q[0] - p[0]) / length];
  const off = Math.abs(normal[0]) * (w / 2) + Math.abs(normal[1]) * (h / 2) + 5;
  let best = null;
  for (const t of along) {
    for (const side of [-1, 1]) {
      const cx = p[0] + (q[0] - p[0]) * t + side * normal[0] * off;
      const cy = p[1] + (q[1] - p[1]) * t + side * normal[1] * off;
      const box = [cx - w / 2, cy - h / 2, w, h];
      if (box[0] < 1 || box[1] < 1 || box[0] + w > size[0] - 1 || box[1] + h > size[1] - 1) continue;
      if (placed.some((other) => overlaps(box, other, 2))) continue;
      let clearance = Infinity;
      for (const [x, y] of pixels) clearance = Math.min(clearance, boxDistance(box, x, y) - radius);
      for (const [x, y] of marks) clearance = Math.min(clearance, boxDistance(box, x, y) - 2);
      if (!best || clearance > best.clearance) best = { cx, cy, clearance };
      if (clearance >= 6) break;
    }
    if (best && best.clearance >= 6) break;
  }
  if (!best) {
    const t = along[0];
    best = { cx: p[0] + (q[0] - p[0]) * t + normal[0] * off, cy: p[1] + (q[1] - p[1]) * t + normal[1] * off };
  }
  const box = tag(ctx, text, best.cx, best.cy, { align: 'center', color, font, size: 12, fit: size });
  placed.push(box);
  return box;
}
