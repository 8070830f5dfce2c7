// Canvas drawing: the data plane [-1, 1] x [-1, 1] and a small mistakes-per-epoch chart.
// Pure drawing from plain values: no model, no DOM other than the canvases it is given.

export const COLORS = Object.freeze({
  positive: '#0877bd', // class +1 (blue)
  negative: '#e8850c', // class -1 (orange)
  positiveTint: 'rgba(8, 119, 189, 0.13)',
  negativeTint: 'rgba(232, 133, 12, 0.13)',
  axis: 'rgba(0, 0, 0, 0.22)',
  grid: 'rgba(0, 0, 0, 0.06)',
  line: '#333',
  arrow: '#222',
  ring: '#111',
  mistake: '#d62728',
  cursor: 'rgba(0, 0, 0, 0.55)',
});

const EXTENT = 1; // data coordinates run over [-EXTENT, EXTENT] on both axes

/** Sizes a canvas's backing store for its CSS size and the device pixel ratio; returns the CSS size. */
function fitToDisplay(canvas) {
  const dpr = window.devicePixelRatio || 1;
  const rect = canvas.getBoundingClientRect();
  const width = Math.max(1, Math.round(rect.width * dpr));
  const height = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(width / rect.width || dpr, 0, 0, height / rect.height || dpr, 0, 0);
  return { ctx, width: rect.width, height: rect.height };
}

/** Data coordinates of a point given in client (CSS pixel) coordinates. */
export function clientToData(canvas, clientX, clientY) {
  const rect = canvas.getBoundingClientRect();
  return {
    x: ((clientX - rect.left) / rect.width) * 2 * EXTENT - EXTENT,
    y: EXTENT - ((clientY - rect.top) / rect.height) * 2 * EXTENT,
  };
}

// The part of the square where w.x + b >= 0 (Sutherland-Hodgman against one half-plane).
function positiveRegion(w, b) {
  const square = [
    [-EXTENT, -EXTENT],
    [EXTENT, -EXTENT],
    [EXTENT, EXTENT],
    [-EXTENT, EXTENT],
  ];
  const f = ([x, y]) => w[0] * x + w[1] * y + b;
  const out = [];
  for (let i = 0; i < square.length; i++) {
    const p = square[i];
    const q = square[(i + 1) % square.length];
    const fp = f(p);
    const fq = f(q);
    if (fp >= 0) out.push(p);
    if (fp >= 0 !== fq >= 0) {
      const s = fp / (fp - fq);
      out.push([p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])]);
    }
  }
  return out;
}

// The segment of the line w.x + b = 0 inside the square, or null.
function lineSegment(w, b) {
  const hits = [];
  const add = (x, y) => {
    if (Math.abs(x) <= EXTENT + 1e-12 && Math.abs(y) <= EXTENT + 1e-12) hits.push([x, y]);
  };
  if (w[1] !== 0) {
    add(-EXTENT, (-b + w[0] * EXTENT) / w[1]);
    add(EXTENT, (-b - w[0] * EXTENT) / w[1]);
  }
  if (w[0] !== 0) {
    add((-b + w[1] * EXTENT) / w[0], -EXTENT);
    add((-b - w[1] * EXTENT) / w[0], EXTENT);
  }
  if (hits.length < 2) return null;
  // The two hits farthest apart (corners can be hit twice).
  let best = null;
  let bestLength = -1;
  for (let i = 0; i < hits.length; i++) {
    for (let j = i + 1; j < hits.length; j++) {
      const length = Math.hypot(hits[i][0] - hits[j][0], hits[i][1] - hits[j][1]);
      if (length > bestLength) {
        bestLength = length;
        best = [hits[i], hits[j]];
      }
    }
  }
  return bestLength > 1e-9 ? best : null;
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

/**
 * Draws the data plane.
 * @param {HTMLCanvasElement} canvas
 * @param {{points: {x, y, label}[], weights: number[], bias: number,
 *          last?: {index: number, mistake: boolean} | null, cursor?: {x, y} | null}} scene
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
  ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'top';
  ctx.fillText('x₁ = 1', width - 4, py(0) + 3);
  ctx.textAlign = 'left';
  ctx.fillText('x₂ = 1', px(0) + 4, 4);

  // The decision line and the weight vector, drawn from the point of the line closest to the
  // origin (-b w / |w|^2) in the direction of w, with a fixed length: w's direction is what
  // matters for the picture, its length is in the status.
  if (hasLine) {
    const segment = lineSegment([w1, w2], b);
    if (segment) {
      ctx.strokeStyle = COLORS.line;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(...toPixels(segment[0]));
      ctx.lineTo(...toPixels(segment[1]));
      ctx.stroke();
    }
    const norm2 = w1 * w1 + w2 * w2;
    const norm = Math.sqrt(norm2);
    const foot = [(-b * w1) / norm2, (-b * w2) / norm2];
    const length = 0.3 * EXTENT;
    if (Math.abs(foot[0]) <= EXTENT && Math.abs(foot[1]) <= EXTENT) {
      const tip = [foot[0] + (length * w1) / norm, foot[1] + (length * w2) / norm];
      arrow(ctx, toPixels(foot), toPixels(tip), COLORS.arrow, 2);
      ctx.fillStyle = COLORS.arrow;
      ctx.font = 'italic 600 13px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const label = [tip[0] + (0.07 * w1) / norm, tip[1] + (0.07 * w2) / norm];
      ctx.fillText('w', ...toPixels(label));
    }
  }

  // The points: filled discs with a white + or − so the classes differ by more than colour.
  const radius = Math.max(5, Math.min(8, width / 65));
  for (const p of scene.points) {
    const [x, y] = toPixels([p.x, p.y]);
    ctx.fillStyle = p.label > 0 ? COLORS.positive : COLORS.negative;
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    const arm = radius * 0.5;
    ctx.moveTo(x - arm, y);
    ctx.lineTo(x + arm, y);
    if (p.label > 0) {
      ctx.moveTo(x, y - arm);
      ctx.lineTo(x, y + arm);
    }
    ctx.stroke();
  }

  // The example just processed: a ring; a mistake gets a red ring and a red cross.
  const last = scene.last;
  if (last && scene.points[last.index]) {
    const p = scene.points[last.index];
    const [x, y] = toPixels([p.x, p.y]);
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
}

/**
 * Mistakes per epoch as a small line chart; long histories are reduced to one maximum per
 * pixel column so 100000 epochs still draw in a blink.
 * @param {HTMLCanvasElement} canvas
 * @param {{epoch: number, mistakes: number}[]} history
 */
export function drawHistory(canvas, history) {
  const { ctx, width, height } = fitToDisplay(canvas);
  ctx.clearRect(0, 0, width, height);
  const left = 30;
  const bottom = height - 16;
  const top = 8;
  const right = width - 8;
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillStyle = 'rgba(0, 0, 0, 0.5)';
  ctx.strokeStyle = COLORS.axis;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left, bottom);
  ctx.lineTo(right, bottom);
  ctx.stroke();
  if (history.length === 0) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('mistakes per epoch appear here', (left + right) / 2, (top + bottom) / 2);
    return;
  }
  const columns = Math.max(1, Math.floor(right - left));
  const perColumn = Math.max(1, Math.ceil(history.length / columns));
  const values = [];
  for (let i = 0; i < history.length; i += perColumn) {
    let max = 0;
    for (let k = i; k < Math.min(history.length, i + perColumn); k++) max = Math.max(max, history[k].mistakes);
    values.push(max);
  }
  const peak = Math.max(1, ...values);
  const x = (i) => left + (values.length === 1 ? 0 : (i / (values.length - 1)) * (right - left));
  const y = (v) => bottom - (v / peak) * (bottom - top);
  ctx.strokeStyle = COLORS.mistake;
  ctx.fillStyle = COLORS.mistake;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  if (values.length === 1) {
    ctx.arc(x(0), y(values[0]), 3, 0, 2 * Math.PI);
    ctx.fill();
  } else {
    values.forEach((v, i) => (i === 0 ? ctx.moveTo(x(i), y(v)) : ctx.lineTo(x(i), y(v))));
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(0, 0, 0, 0.5)';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(peak), left - 4, top + 2);
  ctx.fillText('0', left - 4, bottom);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText('epoch 1', left, bottom + 3);
  if (history.length > 1) {
    ctx.textAlign = 'right';
    ctx.fillText(String(history.at(-1).epoch), right, bottom + 3);
  }
}
