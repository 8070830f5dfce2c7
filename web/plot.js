// The data plane [-1, 1] x [-1, 1]: half-planes, the decision line and w, the points. Pure
// drawing from plain values: no model, no DOM other than the canvas it is given.

import { COLORS, fitToDisplay } from './canvas.js';
import { EXTENT, lineSegment, positiveRegion } from './geometry.js';

export { COLORS } from './canvas.js';
export { drawHistory } from './history-chart.js';

/** At most this many points are drawn; more are drawn as an even sample (drawPlane says so). */
export const MAX_DRAWN = 5000;

/** Data coordinates of a point given in client (CSS pixel) coordinates. */
export function clientToData(canvas, clientX, clientY) {
  const rect = canvas.getBoundingClientRect();
  return {
    x: ((clientX - rect.left) / rect.width) * 2 * EXTENT - EXTENT,
    y: EXTENT - ((clientY - rect.top) / rect.height) * 2 * EXTENT,
  };
}

function arrow(ctx, from, to, color, width) {
  const [x0, y0] = from;
  const [x1, y1] = to;
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const head = 10;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1 - Math.cos(angle) * head * 0.8, y1 - Math.sin(angle) * head * 0.8);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - head * Math.cos(angle - 0.4), y1 - head * Math.sin(angle - 0.4));
  ctx.lineTo(x1 - head * Math.cos(angle + 0.4), y1 - head * Math.sin(angle + 0.4));
  ctx.closePath();
  ctx.fill();
}

// MAX_DRAWN distinct indices below `total`, sorted: a partial Fisher-Yates shuffle with a fixed
// seed, so the sample is the same on every frame (and has no stride to alias with the data's
// order); `keep` (the example just processed) is always in it.
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
  if (keep !== undefined && keep < total && !picked.includes(keep)) picked[0] = keep;
  return Array.from(picked).sort((a, c) => a - c);
}

// One point: a disc in its class colour with a white + (class +1) or − (class -1).
function disc(ctx, x, y, radius, positive) {
  ctx.fillStyle = positive ? COLORS.positive : COLORS.negative;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  ctx.lineWidth = 1.6;
  ctx.beginPath();
  const arm = radius * 0.5;
  ctx.moveTo(x - arm, y);
  ctx.lineTo(x + arm, y);
  if (positive) {
    ctx.moveTo(x, y - arm);
    ctx.lineTo(x, y + arm);
  }
  ctx.stroke();
}

// The line w.x + b = 0 misses the square: a dashed arrow from the border toward its closest
// point `foot` (at `distance` from the origin), labelled, so the user knows where it went.
function offViewIndicator(ctx, foot, distance, toPixels) {
  const scale = Math.max(Math.abs(foot[0]), Math.abs(foot[1]));
  const edge = [(foot[0] / scale) * 0.93 * EXTENT, (foot[1] / scale) * 0.93 * EXTENT];
  const back = [edge[0] * 0.7, edge[1] * 0.7];
  ctx.setLineDash([5, 4]);
  arrow(ctx, toPixels(back), toPixels(edge), COLORS.line, 2);
  ctx.setLineDash([]);
  const [lx, ly] = toPixels([edge[0] * 0.55, edge[1] * 0.55]);
  const text = `line out of view, ${distance.toPrecision(3)} from 0`;
  ctx.font = '12px system-ui, sans-serif';
  const half = ctx.measureText(text).width / 2 + 4;
  const canvasWidth = ctx.canvas.getBoundingClientRect().width;
  ctx.fillStyle = COLORS.label;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, Math.min(Math.max(lx, half), canvasWidth - half), ly);
}

// Where the "w" label goes near the arrow's tip (pixels): of a few spots around it, inside the
// canvas, the one farthest from every drawn point.
function labelPlace(tip, direction, pixels, radius, width, height) {
  const [dx, dy] = direction;
  const candidates = [
    [dx, dy],
    [-dy, dx],
    [dy, -dx],
    [dx - dy, dy + dx],
    [dx + dy, dy - dx],
  ].map(([a, c]) => {
    const n = Math.hypot(a, c) || 1;
    return [tip[0] + (14 * a) / n, tip[1] + (14 * c) / n];
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

/**
 * Draws the data plane.
 * @param {HTMLCanvasElement} canvas
 * @param {{points: {x, y, label}[], weights: number[], bias: number,
 *          last?: {index: number, mistake: boolean} | null, cursor?: {x, y} | null,
 *          misclassified?: boolean[]}} scene  misclassified: one per point, true where the
 *          model is wrong now (a dashed red ring)
 * @returns {{drawn: number, total: number, line: 'visible' | 'out of view' | 'none',
 *            w: {from: number[], to: number[], label: number[]} | null, radius: number}}
 *   how many points were drawn (MAX_DRAWN at most), where the line and w are (canvas pixels)
 */
export function drawPlane(canvas, scene) {
  const { ctx, width, height } = fitToDisplay(canvas);
  const px = (x) => ((x + EXTENT) / (2 * EXTENT)) * width;
  const py = (y) => ((EXTENT - y) / (2 * EXTENT)) * height;
  const toPixels = ([x, y]) => [px(x), py(y)];
  const [w1, w2] = scene.weights;
  const b = scene.bias;
  const hasLine = w1 !== 0 || w2 !== 0;

  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);

  // Half-planes: w.x + b >= 0 is class +1's side. With w = 0 the model predicts one class
  // everywhere (or nothing yet, when b = 0 too), so the whole square takes that tint.
  if (hasLine) {
    ctx.fillStyle = COLORS.negativeTint;
    ctx.fillRect(0, 0, width, height);
    const region = positiveRegion([w1, w2], b).map(toPixels);
    if (region.length >= 3) {
      ctx.fillStyle = '#fff';
      ctx.beginPath();
      region.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = COLORS.positiveTint;
      ctx.fill();
    }
  } else if (b !== 0) {
    ctx.fillStyle = b > 0 ? COLORS.positiveTint : COLORS.negativeTint;
    ctx.fillRect(0, 0, width, height);
  }

  // Grid every 0.5, axes through the origin.
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLORS.grid;
  ctx.beginPath();
  for (let v = -EXTENT + 0.5; v < EXTENT; v += 0.5) {
    if (Math.abs(v) < 1e-9) continue;
    ctx.moveTo(px(v), 0);
    ctx.lineTo(px(v), height);
    ctx.moveTo(0, py(v));
    ctx.lineTo(width, py(v));
  }
  ctx.stroke();
  ctx.strokeStyle = COLORS.axis;
  ctx.beginPath();
  ctx.moveTo(px(0), 0);
  ctx.lineTo(px(0), height);
  ctx.moveTo(0, py(0));
  ctx.lineTo(width, py(0));
  ctx.stroke();
  ctx.fillStyle = COLORS.label;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'top';
  ctx.fillText('x₁ = 1', width - 4, py(0) + 3);
  ctx.textAlign = 'left';
  ctx.fillText('x₂ = 1', px(0) + 4, 4);

  // Which points are drawn: all, or a fixed random sample of MAX_DRAWN (the same every frame;
  // the example just processed always among them). Many points are drawn small and plain.
  const total = scene.points.length;
  const drawn = total > MAX_DRAWN ? sampleOf(total, scene.last?.index) : scene.points.map((_, i) => i);
  const dense = drawn.length > 500;
  const radius = dense ? 2.5 : Math.max(5, Math.min(8, width / 65));
  const pixels = drawn.map((i) => toPixels([scene.points[i].x, scene.points[i].y]));
  // What was drawn, for the caption and the tests: the line 'visible', 'out of view' or 'none';
  // w's arrow and label in canvas pixels.
  const shown = { drawn: drawn.length, total, line: 'none', w: null, radius };

  // The points: filled discs with a white + or − so the classes differ by more than colour.
  // Points at the same spot (within a pixel) fan out around it, with their count beside them.
  const groups = new Map();
  drawn.forEach((i, k) => {
    const key = `${Math.round(pixels[k][0])},${Math.round(pixels[k][1])}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(k);
  });
  const misclassified = scene.misclassified ?? [];
  for (const members of groups.values()) {
    const n = dense ? 1 : members.length;
    if (dense) {
      for (const k of members) {
        const [x, y] = pixels[k];
        const positive = scene.points[drawn[k]].label > 0;
        ctx.fillStyle = positive ? COLORS.positive : COLORS.negative;
        ctx.beginPath();
        ctx.arc(x, y, radius, 0, 2 * Math.PI);
        ctx.fill();
        if (misclassified[drawn[k]]) {
          ctx.strokeStyle = COLORS.mistake;
          ctx.lineWidth = 1;
          ctx.stroke();
        }
      }
      continue;
    }
    members.forEach((k, m) => {
      const [cx, cy] = pixels[k];
      const angle = (2 * Math.PI * m) / n - Math.PI / 2;
      const spread = n > 1 ? radius * 0.9 : 0;
      const x = cx + spread * Math.cos(angle);
      const y = cy + spread * Math.sin(angle);
      pixels[k] = [x, y];
      disc(ctx, x, y, radius, scene.points[drawn[k]].label > 0);
      if (misclassified[drawn[k]]) {
        // Wrong now: a dashed red ring.
        ctx.strokeStyle = COLORS.mistake;
        ctx.lineWidth = 1.5;
        ctx.setLineDash([3, 2]);
        ctx.beginPath();
        ctx.arc(x, y, radius + 2.5, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    });
    if (n > 1) {
      const [cx, cy] = pixels[members[0]];
      ctx.fillStyle = COLORS.label;
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
      ctx.fillText(`×${n}`, cx + radius + 3, cy);
    }
  }

  // The decision line and the weight vector, over the points (so many points cannot hide
  // them). w is drawn from the point of the line closest to
  // the origin (-b w / |w|^2) when that point is in view, else from the middle of the visible
  // part of the line; when the line misses the square, w is drawn from the origin and an
  // arrow on the border points to where the line is. w's direction is what the picture shows;
  // its length is in the status.
  if (hasLine) {
    const norm2 = w1 * w1 + w2 * w2;
    const norm = Math.sqrt(norm2);
    const unit = [w1 / norm, w2 / norm];
    const foot = [(-b * w1) / norm2, (-b * w2) / norm2];
    const inset = 0.85 * EXTENT;
    const segment = lineSegment([w1, w2], b);
    let anchor;
    if (segment) {
      ctx.strokeStyle = COLORS.line;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(...toPixels(segment[0]));
      ctx.lineTo(...toPixels(segment[1]));
      ctx.stroke();
      anchor =
        Math.abs(foot[0]) <= inset && Math.abs(foot[1]) <= inset
          ? foot
          : [(segment[0][0] + segment[1][0]) / 2, (segment[0][1] + segment[1][1]) / 2];
    } else {
      anchor = [0, 0];
      offViewIndicator(ctx, foot, Math.abs(b) / norm, toPixels);
    }
    const length = 0.3 * EXTENT;
    // Kept inside the square: pointing out of it from near its border, w is drawn backwards.
    const ahead = [anchor[0] + length * unit[0], anchor[1] + length * unit[1]];
    const inside = Math.abs(ahead[0]) <= EXTENT && Math.abs(ahead[1]) <= EXTENT;
    const from = inside ? anchor : [anchor[0] - length * unit[0], anchor[1] - length * unit[1]];
    const tip = inside ? ahead : anchor;
    arrow(ctx, toPixels(from), toPixels(tip), COLORS.arrow, 2);
    shown.line = segment ? 'visible' : 'out of view';
    shown.w = { from: toPixels(from), to: toPixels(tip) };
    const place = labelPlace(toPixels(tip), [unit[0], -unit[1]], pixels, radius, width, height);
    ctx.fillStyle = COLORS.arrow;
    ctx.font = 'italic 600 13px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('w', ...place);
    shown.w.label = place;
  }

  // The example just processed: a ring; a mistake gets a red ring and a red cross.
  const last = scene.last;
  if (last && scene.points[last.index]) {
    const p = scene.points[last.index];
    const k = drawn.indexOf(last.index);
    const [x, y] = k >= 0 ? pixels[k] : toPixels([p.x, p.y]);
    ctx.lineWidth = last.mistake ? 2.5 : 2;
    ctx.strokeStyle = last.mistake ? COLORS.mistake : COLORS.ring;
    ctx.beginPath();
    ctx.arc(x, y, radius + 5, 0, 2 * Math.PI);
    ctx.stroke();
    if (last.mistake) {
      const r = radius + 10;
      const d = r * Math.SQRT1_2;
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
  }

  // The keyboard cursor (only while the canvas has keyboard focus).
  if (scene.cursor) {
    const [x, y] = toPixels([scene.cursor.x, scene.cursor.y]);
    ctx.strokeStyle = COLORS.cursor;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(x - 10, y);
    ctx.lineTo(x - 3, y);
    ctx.moveTo(x + 3, y);
    ctx.lineTo(x + 10, y);
    ctx.moveTo(x, y - 10);
    ctx.lineTo(x, y - 3);
    ctx.moveTo(x, y + 3);
    ctx.lineTo(x, y + 10);
    ctx.stroke();
  }
  return shown;
}
