// The data plane: any view of the data (viewFor), up to 6 classes with their own colours and
// shapes, a linear separator (tints, line, w) or a score heatmap, and the teaching overlays
// (margin band, maximum-margin line, highlighted points, Step's update). Pure drawing from plain
// values: no model, no DOM other than the canvas it is given, no state between calls.

import { COLORS, drawMarker, fitToDisplay } from './canvas.js';
import { fitView, mapping, viewFor } from './geometry.js';
import { drawHeatmap } from './heatmap.js';
import { drawGrid, drawTickLabels } from './plane-axes.js';
import { formatCount } from '../shell/format.js';
import { num, tag } from './plane-draw.js';
import {
  drawBand,
  drawMaxMargin,
  drawSeparator,
  drawTints,
  drawUpdate,
  labelBand,
  labelMaxMargin,
} from './plane-overlays.js';

export { CLASS_COLORS, COLORS, drawMarker } from './canvas.js';
export { DEFAULT_VIEW, clientToData, dataToClient, gridPoints, viewFor } from './geometry.js';
export { heatmapFromScores } from './heatmap.js';

/** At most this many points are drawn; more are drawn as an even sample (drawPlane says so). */
export const MAX_DRAWN = 5000;

// MAX_DRAWN distinct indices below `total`, sorted: a partial Fisher-Yates shuffle with a fixed
// seed, so the sample is the same on every frame (and has no stride to alias with the data's
// order); `keep` (the example just processed, the highlighted points) are always in it.
function sampleOf(total, keep) {
  const order = new Uint32Array(total);
  for (let i = 0; i < total; i++) order[i] = i;
  let state = 0x9e3779b9;
  for (let k = 0; k < MAX_DRAWN; k++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = k + (state % (total - k));
    [order[k], order[j]] = [order[j], order[k]];
  }
  const picked = order.subarray(0, MAX_DRAWN);
  const chosen = new Set(picked);
  const missing = keep.filter((i) => Number.isInteger(i) && i >= 0 && i < total && !chosen.has(i));
  // The kept ones replace the first of the sample (at most MAX_DRAWN of them).
  missing.slice(0, MAX_DRAWN).forEach((i, k) => (picked[k] = i));
  return Array.from(new Set(picked)).sort((a, c) => a - c);
}

// The classes as the library sorts them: numbers ascending, strings by code point.
function sortedClasses(points) {
  const labels = [...new Set(points.map((p) => p.label))];
  return labels.sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : a < b ? -1 : a > b ? 1 : 0));
}

function ring(ctx, x, y, r, color, width, dash = []) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * Draws the data plane on the canvas (sized to its CSS box and the device pixel ratio).
 * @param {HTMLCanvasElement} canvas
 * @param {object} scene
 *   - points: {x, y, label}[] in plane coordinates; label any number or string.
 *   - classes: the sorted classes (default: the points' labels, sorted as the library sorts
 *     them); a point's colour and marker come from classes.indexOf(label) (CLASS_COLORS and
 *     drawMarker in canvas.js; a label outside them is a grey circle).
 *   - view: {x0, x1, y0, y1}, default viewFor(points); widened about its centre when the
 *     canvas's aspect ratio differs, so that both axes keep equal units.
 *   - axes: {x, y} axis titles (feature names), default 'x₁', 'x₂'; long ones end in '…'.
 *   - linear: {weights: [w1, w2], bias} | null, a binary linear separator: classes[1]'s tint
 *     where w.x + b >= 0, classes[0]'s elsewhere, the line and the w arrow.
 *   - band: with linear, the margin band: the lines w.x + b = ±γ||w||, γ = min_i y_i (w.x_i +
 *     b) / ||w|| over the points (y_i = +1 for classes[1], −1 for classes[0]), shaded between,
 *     labelled 'γ = …'; drawn only when γ > 0.
 *   - maxMargin: {weights, bias} | null, a dashed line labelled 'max margin'.
 *   - highlight: point indices (support points, a certificate's points): an amber ring.
 *   - heatmap: {nx, ny, classIndex, strength, discretize, view?} | null (heatmapFromScores on
 *     gridPoints(view, nx, ny)), drawn under everything instead of linear's tints over `view`
 *     (default the scene's view): each cell its class colour, alpha 0.2 * sqrt(strength),
 *     smoothed; discretize: one flat tint per class (alpha 0.13), square cells.
 *   - last: {index, mistake, score?} | null, the example just processed: a ring, red with a
 *     cross when a mistake, and 'score …' beside it when score is given.
 *   - update: {from: [w1, w2], to: [w1, w2]} | null, Step's update: the old w (grey, dashed)
 *     and the new w (solid, labelled w; it replaces linear's w arrow) from the origin (the view's
 *     centre when 0 is not well inside the view), on one scale, and the change η·y·x in red
 *     from the old tip to the new.
 *   - misclassified: boolean[], one per point: a dashed red ring where true.
 *   - cursor: {x, y} | null, the keyboard cursor (a cross).
 * @returns {{drawn: number, total: number, line: 'visible' | 'out of view' | 'none',
 *   w: {from, to, label} | null, radius: number, view: {x0, x1, y0, y1}, ticks, band, maxMargin,
 *   labels, update, score}}  how many points were drawn (MAX_DRAWN at most, a fixed sample that
 *   keeps last and the highlighted points); where the line and w are; the marker radius; the
 *   view drawn; the tick labels and titles ({titles, x, y}: {text, value, box}); the band ({gamma,
 *   lines}); the max-margin line's ends; the band's and max-margin's label boxes; the update's
 *   {origin, from, to}; the score label {text, box}. Positions in CSS pixels of the canvas,
 *   boxes [left, top, width, height].
 */
export function drawPlane(canvas, scene) {
  const { ctx, width, height } = fitToDisplay(canvas);
  return drawPlaneOn(ctx, width, height, scene);
}

/**
 * drawPlane's drawing on any 2D context of a width x height area (CSS pixels): a canvas's
 * (drawPlane sizes it first) or an SVG one (web/draw/svg-context.js: the plane as SVG, through
 * the same code). Same scene, same result.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} width
 * @param {number} height
 * @param {object} scene  as drawPlane's
 */
export function drawPlaneOn(ctx, width, height, scene) {
  const points = scene.points ?? [];
  const classes = scene.classes ?? sortedClasses(points);
  const nominal = scene.view ?? viewFor(points);
  const view = fitView(nominal, width, height);
  const m = mapping(view, width, height);
  const toPixels = ([x, y]) => [m.px(x), m.py(y)];
  const size = [width, height];

  ctx.setLineDash([]);
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);

  // Under everything: the heatmap, or the linear separator's half-planes.
  if (scene.heatmap) {
    const hv = scene.heatmap.view ?? nominal;
    const [left, top] = toPixels([hv.x0, hv.y1]);
    const [right, bottom] = toPixels([hv.x1, hv.y0]);
    drawHeatmap(ctx, scene.heatmap, [left, top, right - left, bottom - top]);
  } else if (scene.linear) {
    drawTints(ctx, scene.linear, view, toPixels, width, height);
  }
  const grid = drawGrid(ctx, view, m, width, height);
  const shown = { drawn: 0, total: points.length, line: 'none', w: null, radius: 0, view };
  shown.band = scene.band && scene.linear ? drawBand(ctx, scene.linear, points, classes, view, toPixels) : null;
  shown.ticks = drawTickLabels(ctx, grid, m, width, height, scene.axes);

  // Which points are drawn: all, or a fixed random sample of MAX_DRAWN (the same every frame;
  // the example just processed and the highlighted points always among them). Many points are
  // drawn small and plain.
  const highlight = scene.highlight ?? [];
  const total = points.length;
  const drawn = total > MAX_DRAWN ? sampleOf(total, [scene.last?.index, ...highlight]) : points.map((_, i) => i);
  const dense = drawn.length > 500;
  const radius = dense ? 2.5 : Math.max(5, Math.min(8, width / 65));
  const pixels = drawn.map((i) => toPixels([points[i].x, points[i].y]));
  const indexOf = new Map(classes.map((c, i) => [c, i]));
  const classOf = (i) => indexOf.get(points[i].label) ?? -1;
  shown.drawn = drawn.length;
  shown.radius = radius;
  const misclassified = scene.misclassified ?? [];
  const highlighted = new Set(highlight);

  // The points: markers in their class colour and shape. Points at the same spot (within a
  // pixel) fan out around it, with their count beside them.
  const groups = new Map();
  drawn.forEach((i, k) => {
    const key = `${Math.round(pixels[k][0])},${Math.round(pixels[k][1])}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(k);
  });
  const counts = [];
  for (const members of groups.values()) {
    const n = dense ? 1 : members.length;
    members.forEach((k, j) => {
      const [cx, cy] = pixels[k];
      const angle = (2 * Math.PI * j) / n - Math.PI / 2;
      const spread = n > 1 ? radius * 0.9 : 0;
      const x = cx + spread * Math.cos(angle);
      const y = cy + spread * Math.sin(angle);
      pixels[k] = [x, y];
      drawMarker(ctx, x, y, radius, classOf(drawn[k]), classes, { plain: dense });
      if (misclassified[drawn[k]]) {
        // Wrong now: a dashed red ring (outside a highlight's ring).
        if (dense) ring(ctx, x, y, radius, COLORS.mistake, 1);
        else ring(ctx, x, y, radius + (highlighted.has(drawn[k]) ? 8.5 : 2.5), COLORS.mistake, 1.5, [3, 2]);
      }
    });
    if (n > 1) counts.push([pixels[members[0]], n]);
  }
  // Their counts over all the markers, so that none hides one.
  for (const [[x, y], n] of counts) {
    tag(ctx, `×${formatCount(n)}`, x + radius + 2, y - 3, {
      align: 'left',
      baseline: 'bottom',
      font: '600 10px system-ui, sans-serif',
      size: 10,
    });
  }
  // Highlighted points (support points, a certificate's points): a thick amber ring with dark
  // edges, visible on white, on tints and on any class colour.
  const slot = new Map(drawn.map((i, k) => [i, k]));
  const where = (i) => (slot.has(i) ? pixels[slot.get(i)] : toPixels([points[i].x, points[i].y]));
  for (const i of highlighted) {
    if (!points[i]) continue;
    const [x, y] = where(i);
    const r = (dense ? radius + 2 : radius) + 3.5;
    ring(ctx, x, y, r, COLORS.highlightEdge, 5);
    ring(ctx, x, y, r, COLORS.highlight, 3);
  }

  // The lines and w over the points (so many points cannot hide them).
  shown.maxMargin = scene.maxMargin ? drawMaxMargin(ctx, scene.maxMargin, view, toPixels) : null;
  let separator = null;
  if (scene.linear) {
    const drawnLine = drawSeparator(ctx, scene.linear, view, toPixels, pixels, radius, size, !scene.update);
    shown.line = drawnLine.line;
    shown.w = drawnLine.w;
    separator = drawnLine.segment;
  }
  // Their labels beside them, clear of the points, the other lines, the tick labels and each other.
  const t = shown.ticks;
  const room = {
    pixels,
    radius,
    size,
    placed: [...t.titles, ...t.x, ...t.y].map((l) => l.box),
    lines: [separator, shown.maxMargin, ...(shown.band?.lines ?? [])].filter(Boolean),
  };
  if (shown.w) {
    room.lines.push([shown.w.from, shown.w.to]);
    room.placed.push([shown.w.label[0] - 7, shown.w.label[1] - 8, 14, 16]);
  }
  shown.labels = { band: labelBand(ctx, shown.band, room), maxMargin: labelMaxMargin(ctx, shown.maxMargin, room) };
  shown.update = scene.update ? drawUpdate(ctx, scene.update, view, toPixels, size) : null;
  if (shown.update) shown.w = { from: shown.update.origin, to: shown.update.to, label: null };

  // The example just processed: a ring; a mistake gets a red ring and a red cross; its score
  // beside it when given.
  const last = scene.last;
  shown.score = null;
  if (last && points[last.index]) {
    const [x, y] = where(last.index);
    const r = radius + 5 + (highlighted.has(last.index) ? 6 : 0);
    ring(ctx, x, y, r, last.mistake ? COLORS.mistake : COLORS.ring, last.mistake ? 2.5 : 2);
    if (last.mistake) {
      const d = (r + 5) * Math.SQRT1_2;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      for (const [sx, sy] of [
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
      ]) {
        ctx.moveTo(x + sx * d, y + sy * d);
        ctx.lineTo(x + sx * (d + 5), y + sy * (d + 5));
      }
      ctx.stroke();
    }
    if (Number.isFinite(last.score)) {
      const text = `score ${num(last.score)}`;
      const gap = r + (last.mistake ? 12 : 5);
      const right = x + gap + 90 < width;
      shown.score = {
        text,
        box: tag(ctx, text, right ? x + gap : x - gap, y, {
          align: right ? 'left' : 'right',
          color: last.mistake ? '#b71c1c' : COLORS.ring,
          font: '600 12px system-ui, sans-serif',
          fit: size,
        }),
      };
    }
  }

  // The keyboard cursor (only while the canvas has keyboard focus).
  if (scene.cursor) {
    const [x, y] = toPixels([scene.cursor.x, scene.cursor.y]);
    ctx.strokeStyle = COLORS.cursor;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (const [a, b, c, d] of [
      [-10, 0, -3, 0],
      [3, 0, 10, 0],
      [0, -10, 0, -3],
      [0, 3, 0, 10],
    ]) {
      ctx.moveTo(x + a, y + b);
      ctx.lineTo(x + c, y + d);
    }
    ctx.stroke();
  }
  return shown;
}
