// The plane's geometry, in data coordinates: the square [-EXTENT, EXTENT]^2 and where the line
// w.x + b = 0 cuts it.

export const EXTENT = 1; // data coordinates run over [-EXTENT, EXTENT] on both axes

// The part of the square where w.x + b >= 0 (Sutherland-Hodgman against one half-plane).
export function positiveRegion(w, b) {
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
export function lineSegment(w, b) {
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
