// The plane's geometry, in data coordinates. A View is {x0, x1, y0, y1}: the data-unit
// rectangle the canvas shows (x0 < x1, y0 < y1). Pure functions: no DOM other than a canvas's
// bounding box.

/** What the plane shows when every point is inside it (and when there are none): [-1, 1]^2. */
export const DEFAULT_VIEW = Object.freeze({ x0: -1, x1: 1, y0: -1, y1: 1 });

// Rounds away the binary noise of n * step (0.30000000000000004 -> 0.3).
const clean = (v) => (v === 0 ? 0 : Number(v.toPrecision(12)));

/** The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `rough` (> 0). */
export function niceStep(rough) {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= rough * (1 - 1e-9)) return clean(m * power);
  return clean(10 * power);
}

/**
 * The view for these points: [-1, 1]^2 when every point is inside it (or there are none);
 * otherwise a square (equal units on both axes, so w looks perpendicular to the line) around
 * the points' bounding box, with at least 8% of its larger side as padding on every side and
 * bounds on a nice step (1, 2, 2.5 or 5 times a power of ten). Never degenerate: one point, or
 * a constant column, gets a square around it too. Non-finite coordinates are ignored.
 * @param {{x: number, y: number}[]} points
 * @returns {{x0: number, x1: number, y0: number, y1: number}}
 */
export function viewFor(points) {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const { x, y } of points ?? []) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (minX === Infinity) return { ...DEFAULT_VIEW };
  if (minX >= -1 && maxX <= 1 && minY >= -1 && maxY <= 1) return { ...DEFAULT_VIEW };
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const magnitude = Math.max(Math.abs(cx), Math.abs(cy));
  let span = Math.max(maxX - minX, maxY - minY);
  // One point, or all at one spot (or too close together for float64 ticks): a square around it.
  if (span <= 1e-9 * Math.max(1, magnitude)) span = Math.max(1, magnitude * 0.5);
  const half = span * 0.58; // half the span plus 8% of it
  const step = niceStep((2 * half) / 8);
  const lo = (c) => Math.floor((c - half) / step + 1e-9);
  const hi = (c) => Math.ceil((c + half) / step - 1e-9);
  let [nx0, nx1, ny0, ny1] = [lo(cx), hi(cx), lo(cy), hi(cy)];
  // Square: the shorter side grows by whole steps, half on each side.
  const n = Math.max(nx1 - nx0, ny1 - ny0);
  const growX = n - (nx1 - nx0);
  const growY = n - (ny1 - ny0);
  nx0 -= Math.floor(growX / 2);
  nx1 = nx0 + n;
  ny0 -= Math.floor(growY / 2);
  ny1 = ny0 + n;
  return { x0: clean(nx0 * step), x1: clean(nx1 * step), y0: clean(ny0 * step), y1: clean(ny1 * step) };
}

/**
 * The view as a width x height canvas shows it with equal units on both axes: the view itself
 * when its aspect ratio is the canvas's (a square view on a square canvas), else the view
 * widened (or heightened) about its centre. Idempotent.
 */
export function fitView(view, width, height) {
  const v = view ?? DEFAULT_VIEW;
  const w = v.x1 - v.x0;
  const h = v.y1 - v.y0;
  if (!(width > 0 && height > 0)) return { x0: v.x0, x1: v.x1, y0: v.y0, y1: v.y1 };
  const wanted = width / height;
  if (Math.abs(w / h - wanted) <= 1e-9 * wanted) return { x0: v.x0, x1: v.x1, y0: v.y0, y1: v.y1 };
  if (w / h < wanted) {
    const c = (v.x0 + v.x1) / 2;
    const half = (h * wanted) / 2;
    return { x0: c - half, x1: c + half, y0: v.y0, y1: v.y1 };
  }
  const c = (v.y0 + v.y1) / 2;
  const half = w / wanted / 2;
  return { x0: v.x0, x1: v.x1, y0: c - half, y1: c + half };
}

/** Pixel <-> data mappings for a width x height area showing `view` (already fitted). */
export function mapping(view, width, height) {
  const { x0, x1, y0, y1 } = view;
  return {
    px: (x) => ((x - x0) / (x1 - x0)) * width,
    py: (y) => ((y1 - y) / (y1 - y0)) * height,
    dx: (px) => x0 + (px / width) * (x1 - x0),
    dy: (py) => y1 - (py / height) * (y1 - y0),
  };
}

/** Data coordinates {x, y} of a point given in client (CSS pixel) coordinates over the canvas. */
export function clientToData(canvas, view, clientX, clientY) {
  const rect = canvas.getBoundingClientRect();
  const m = mapping(fitView(view, rect.width, rect.height), rect.width, rect.height);
  return { x: m.dx(clientX - rect.left), y: m.dy(clientY - rect.top) };
}

/** Client (CSS pixel) coordinates {x, y} of the data point (x, y) on the canvas. */
export function dataToClient(canvas, view, x, y) {
  const rect = canvas.getBoundingClientRect();
  const m = mapping(fitView(view, rect.width, rect.height), rect.width, rect.height);
  return { x: rect.left + m.px(x), y: rect.top + m.py(y) };
}

/**
 * The centres of an nx x ny grid of cells over the view, as the package takes a matrix:
 * {data: Float64Array(nx * ny * 2), rows: nx * ny, cols: 2}, row-major, the first row at the top
 * (y near y1), each row left to right. Cell (r, c) is row r * nx + c, centred at
 * (x0 + (c + 0.5) (x1 - x0) / nx, y1 - (r + 0.5) (y1 - y0) / ny).
 */
export function gridPoints(view, nx, ny) {
  const { x0, x1, y0, y1 } = view;
  const data = new Float64Array(nx * ny * 2);
  for (let r = 0; r < ny; r++) {
    const y = y1 - ((r + 0.5) * (y1 - y0)) / ny;
    for (let c = 0; c < nx; c++) {
      const k = 2 * (r * nx + c);
      data[k] = x0 + ((c + 0.5) * (x1 - x0)) / nx;
      data[k + 1] = y;
    }
  }
  return { data, rows: nx * ny, cols: 2 };
}

/**
 * Tick values on [lo, hi], at most about `maxCount` intervals on a nice step, with the number
 * of decimals their labels need.
 */
export function ticks(lo, hi, maxCount) {
  const step = niceStep((hi - lo) / Math.max(1, maxCount));
  const values = [];
  for (let n = Math.ceil(lo / step - 1e-9); n <= Math.floor(hi / step + 1e-9); n++) values.push(clean(n * step));
  const exponent = Math.floor(Math.log10(step) + 1e-9);
  const quarter = Math.abs(step / 10 ** exponent - 2.5) < 1e-6; // 0.25, 2.5, 25 ... need one more
  const decimals = Math.max(0, -exponent + (quarter ? 1 : 0));
  return { step, values, decimals };
}

// The view's corners, counter-clockwise from the bottom left.
const corners = ({ x0, x1, y0, y1 }) => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

/** The part of a convex polygon ([[x, y], ...]) where w.x + b >= 0 (Sutherland-Hodgman), maybe empty. */
export function clipPolygon(polygon, w, b) {
  const f = ([x, y]) => w[0] * x + w[1] * y + b;
  const out = [];
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i];
    const q = polygon[(i + 1) % polygon.length];
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

/** The part of the view where w.x + b >= 0, as a polygon, maybe empty. */
export const positiveRegion = (w, b, view) => clipPolygon(corners(view), w, b);

/** The segment [[x, y], [x, y]] of the line w.x + b = 0 inside the view, or null. */
export function lineSegment(w, b, view) {
  const { x0, x1, y0, y1 } = view;
  const ex = 1e-12 * Math.max(1, Math.abs(x0), Math.abs(x1));
  const ey = 1e-12 * Math.max(1, Math.abs(y0), Math.abs(y1));
  const hits = [];
  const add = (x, y) => {
    if (x >= x0 - ex && x <= x1 + ex && y >= y0 - ey && y <= y1 + ey) hits.push([x, y]);
  };
  if (w[1] !== 0) {
    add(x0, (-b - w[0] * x0) / w[1]);
    add(x1, (-b - w[0] * x1) / w[1]);
  }
  if (w[0] !== 0) {
    add((-b - w[1] * y0) / w[0], y0);
    add((-b - w[1] * y1) / w[0], y1);
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
  return bestLength > 1e-9 * Math.max(x1 - x0, y1 - y0) ? best : null;
}

/**
 * The geometric margin of the separator w.x + b = 0 on the points: min over the points of
 * y_i (w.x_i + b) / ||w||, with y_i = +1 for classes[1] and −1 for classes[0] (points of other
 * labels are left out). Negative when a point is on the wrong side; null when w = 0 or no point
 * counts.
 */
export function marginOf(points, classes, w, b) {
  const norm = Math.hypot(w[0], w[1]);
  if (!(norm > 0)) return null;
  let gamma = Infinity;
  for (const p of points) {
    const y = p.label === classes[1] ? 1 : p.label === classes[0] ? -1 : 0;
    if (y === 0) continue;
    const m = (y * (w[0] * p.x + w[1] * p.y + b)) / norm;
    if (m < gamma) gamma = m;
  }
  return gamma === Infinity ? null : gamma;
}
