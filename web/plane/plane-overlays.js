// The plane's teaching overlays, in data coordinates mapped to pixels: a linear separator's
// half-plane tints, its line and w; the margin band; the maximum-margin line; Step's update of
// w. Each returns what it drew (pixels) for the caption and the tests.

import { COLORS, FLAT_ALPHA, tint } from './canvas.js';
import { clipPolygon, lineSegment, marginOf, positiveRegion } from './geometry.js';
import { arrow, labelPlace, num, path, tag, tagBesideLine } from './plane-draw.js';

const norm = ([a, b]) => Math.hypot(a, b);
const centreOf = (view) => [(view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2];
const inView = ([x, y], view, inset = 0) => {
  const ix = inset * (view.x1 - view.x0);
  const iy = inset * (view.y1 - view.y0);
  return x >= view.x0 + ix && x <= view.x1 - ix && y >= view.y0 + iy && y <= view.y1 - iy;
};

/**
 * The half-planes of w.x + b: classes[1]'s tint where w.x + b >= 0, classes[0]'s elsewhere.
 * With w = 0 the model predicts one class everywhere (or nothing yet, when b = 0 too).
 */
export function drawTints(ctx, { weights, bias }, view, toPixels, width, height) {
  if (weights[0] !== 0 || weights[1] !== 0) {
    ctx.fillStyle = tint(0, FLAT_ALPHA);
    ctx.fillRect(0, 0, width, height);
    const region = positiveRegion(weights, bias, view).map(toPixels);
    if (region.length >= 3) {
      path(ctx, region, true);
      ctx.fillStyle = '#fff';
      ctx.fill();
      ctx.fillStyle = tint(1, FLAT_ALPHA);
      ctx.fill();
    }
  } else if (bias !== 0) {
    ctx.fillStyle = tint(bias > 0 ? 1 : 0, FLAT_ALPHA);
    ctx.fillRect(0, 0, width, height);
  }
}

// The line misses the view: a dashed arrow from the border toward its point `foot` closest to
// the view's centre, labelled with its distance, so the user knows where it went. The label is
// inward of a vertical arrow, above a horizontal one (from the border).
function offViewIndicator(ctx, view, foot, toPixels, size) {
  const c = centreOf(view);
  const d = [foot[0] - c[0], foot[1] - c[1]];
  const scale = Math.max(Math.abs(d[0]) / ((view.x1 - view.x0) / 2), Math.abs(d[1]) / ((view.y1 - view.y0) / 2));
  const at = (s) => toPixels([c[0] + (d[0] / scale) * s, c[1] + (d[1] / scale) * s]);
  const [back, tip] = [at(0.65), at(0.93)];
  ctx.setLineDash([5, 4]);
  arrow(ctx, back, tip, COLORS.line, 2);
  ctx.setLineDash([]);
  const origin = c[0] === 0 && c[1] === 0;
  const text = `line out of view, ${norm(d).toPrecision(3)} from ${origin ? '0' : 'the centre'}`;
  const vertical = Math.abs(tip[1] - back[1]) >= Math.abs(tip[0] - back[0]);
  if (vertical) {
    const [x, y] = at(0.5);
    tag(ctx, text, x, y, { align: 'center', fit: size });
  } else {
    const left = tip[0] < back[0];
    tag(ctx, text, tip[0] + (left ? -4 : 4), Math.min(back[1], tip[1]) - 16, {
      align: left ? 'left' : 'right',
      fit: size,
    });
  }
}

/**
 * The decision line w.x + b = 0 and the weight vector w (unless `withArrow` is false). w is
 * drawn from the line's point closest to the view's centre when that point is well inside the
 * view, else from the middle of the visible part of the line; when the line misses the view,
 * from the centre, with an arrow on the border pointing to where the line is. w's direction is
 * what the picture shows (a fixed length); its length is in the status.
 * @returns {{line: 'visible' | 'out of view' | 'none', w: {from, to, label} | null, segment}}
 *   segment: the line's visible part in pixels, or null
 */
export function drawSeparator(ctx, { weights, bias }, view, toPixels, pixels, radius, size, withArrow = true) {
  const [w1, w2] = weights;
  if (w1 === 0 && w2 === 0) return { line: 'none', w: null, segment: null };
  const [width, height] = size;
  const n2 = w1 * w1 + w2 * w2;
  const unit = [w1 / Math.sqrt(n2), w2 / Math.sqrt(n2)];
  const c = centreOf(view);
  const off = (w1 * c[0] + w2 * c[1] + bias) / n2;
  const foot = [c[0] - off * w1, c[1] - off * w2];
  const segment = lineSegment(weights, bias, view);
  let anchor;
  if (segment) {
    ctx.strokeStyle = COLORS.line;
    ctx.lineWidth = 2;
    path(ctx, segment.map(toPixels));
    ctx.stroke();
    anchor = inView(foot, view, 0.075)
      ? foot
      : [(segment[0][0] + segment[1][0]) / 2, (segment[0][1] + segment[1][1]) / 2];
  } else {
    anchor = c;
    offViewIndicator(ctx, view, foot, toPixels, size);
  }
  const line = segment ? 'visible' : 'out of view';
  const ends = segment && segment.map(toPixels);
  if (!withArrow) return { line, w: null, segment: ends };
  const length = 0.15 * Math.min(view.x1 - view.x0, view.y1 - view.y0);
  // Kept inside the view: pointing out of it from near its border, w is drawn backwards.
  const ahead = [anchor[0] + length * unit[0], anchor[1] + length * unit[1]];
  const inside = inView(ahead, view);
  const from = inside ? anchor : [anchor[0] - length * unit[0], anchor[1] - length * unit[1]];
  const tip = inside ? ahead : anchor;
  arrow(ctx, toPixels(from), toPixels(tip), COLORS.arrow, 2);
  const label = labelPlace(toPixels(tip), [unit[0], -unit[1]], pixels, radius, width, height);
  ctx.fillStyle = COLORS.arrow;
  ctx.font = 'italic 600 13px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('w', ...label);
  return { line, w: { from: toPixels(from), to: toPixels(tip), label }, segment: ends };
}

/**
 * The margin band of the separator on the points: the lines w.x + b = ±γ||w|| with γ its
 * geometric margin (geometry.js's marginOf), shaded between; drawn only when γ > 0 (labelled
 * later, over the points, by labelBand). @returns {{gamma: number | null, lines: Array<[[x, y], [x, y]] | null> | null}}
 *   lines: the +γ (classes[1]'s side) and −γ lines in pixels (null when out of view)
 */
export function drawBand(ctx, { weights, bias }, points, classes, view, toPixels) {
  const gamma = marginOf(points, classes, weights, bias);
  if (gamma === null || !(gamma > 0)) return { gamma, lines: null };
  const shift = gamma * norm(weights);
  const neg = [-weights[0], -weights[1]];
  // |w.x + b| <= γ||w||: w.x + b + γ||w|| >= 0 and −(w.x + b) + γ||w|| >= 0.
  const between = clipPolygon(positiveRegion(weights, bias + shift, view), neg, -bias + shift).map(toPixels);
  if (between.length >= 3) {
    path(ctx, between, true);
    ctx.fillStyle = COLORS.bandFill;
    ctx.fill();
  }
  const lines = [bias - shift, bias + shift].map((b) => lineSegment(weights, b, view));
  ctx.strokeStyle = COLORS.band;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  for (const segment of lines) {
    if (!segment) continue;
    path(ctx, segment.map(toPixels));
    ctx.stroke();
  }
  ctx.setLineDash([]);
  return { gamma, lines: lines.map((s) => s && s.map(toPixels)) };
}

/** The band's label 'γ = …' beside one of its lines, toward the line's left end. */
export function labelBand(ctx, band, room) {
  const line = band?.lines?.find(Boolean);
  if (!line) return null;
  const sorted = [...line].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return tagBesideLine(ctx, `γ = ${num(band.gamma)}`, sorted, {
    ...room,
    lines: room.lines.filter((l) => l !== line),
    color: COLORS.band,
    font: '12px system-ui, sans-serif',
    along: [0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85],
  });
}

/** The maximum-margin separator: a dashed line (labelled by labelMaxMargin). Returns its pixels or null. */
export function drawMaxMargin(ctx, { weights, bias }, view, toPixels) {
  if (weights[0] === 0 && weights[1] === 0) return null;
  const segment = lineSegment(weights, bias, view);
  if (!segment) return null;
  const ends = segment.map(toPixels);
  ctx.strokeStyle = COLORS.maxMargin;
  ctx.lineWidth = 2;
  ctx.setLineDash([9, 6]);
  path(ctx, ends);
  ctx.stroke();
  ctx.setLineDash([]);
  return ends;
}

/** The max-margin line's label 'max margin' beside it, toward its right end. */
export function labelMaxMargin(ctx, ends, room) {
  if (!ends) return null;
  const sorted = [...ends].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  return tagBesideLine(ctx, 'max margin', sorted, {
    ...room,
    lines: room.lines.filter((l) => l !== ends),
    color: COLORS.maxMargin,
    font: '600 12px system-ui, sans-serif',
    along: [0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85],
  });
}

/**
 * Step's update of w: the old w (grey, dashed) and the new w (solid) from the same origin (the
 * data origin when it is well inside the view, else the view's centre), on one scale so that
 * the longer is 30% of the view, and the change η·y·x as a red arrow from the old tip to the
 * new. @returns {{origin, from, to} | null} pixels (from/to: the old and new tips)
 */
export function drawUpdate(ctx, update, view, toPixels, size) {
  const [oldW, newW] = [update.from, update.to];
  const longest = Math.max(norm(oldW), norm(newW));
  if (!(longest > 0) || !Number.isFinite(longest)) return null;
  const o = inView([0, 0], view, 0.15) ? [0, 0] : centreOf(view);
  const s = (0.3 * Math.min(view.x1 - view.x0, view.y1 - view.y0)) / longest;
  const origin = toPixels(o);
  const from = toPixels([o[0] + s * oldW[0], o[1] + s * oldW[1]]);
  const to = toPixels([o[0] + s * newW[0], o[1] + s * newW[1]]);
  const away = (tip, text, color) => {
    const d = [tip[0] - origin[0], tip[1] - origin[1]];
    const n = Math.hypot(...d) || 1;
    tag(ctx, text, tip[0] + (d[0] / n) * 16, tip[1] + (d[1] / n) * 14, {
      align: 'center',
      color,
      font: 'italic 600 12px system-ui, sans-serif',
      fit: size,
    });
  };
  if (norm(oldW) > 0) {
    ctx.setLineDash([5, 4]);
    arrow(ctx, origin, from, COLORS.old, 2);
    ctx.setLineDash([]);
  }
  if (norm(newW) > 0) arrow(ctx, origin, to, COLORS.arrow, 2.5);
  const change = Math.hypot(to[0] - from[0], to[1] - from[1]);
  if (change > 3) {
    arrow(ctx, from, to, COLORS.mistake, 2, 9);
    const mid = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
    // Beside the change, on the side away from the origin.
    let nx = -(to[1] - from[1]) / change;
    let ny = (to[0] - from[0]) / change;
    if ((mid[0] - origin[0]) * nx + (mid[1] - origin[1]) * ny < 0) [nx, ny] = [-nx, -ny];
    // The label's near edge 7 px from the arrow.
    const side = Math.abs(nx) >= Math.abs(ny);
    tag(ctx, 'η·y·x', mid[0] + nx * 7, mid[1] + ny * 7, {
      align: side ? (nx > 0 ? 'left' : 'right') : 'center',
      baseline: side ? 'middle' : ny > 0 ? 'top' : 'bottom',
      color: COLORS.mistake,
      font: 'italic 12px system-ui, sans-serif',
      fit: size,
    });
  }
  if (norm(oldW) > 0) away(from, 'old w', COLORS.old);
  if (norm(newW) > 0) away(to, 'w', COLORS.arrow);
  return { origin, from, to };
}
