// The SVG context's current path (svg-context.js): built as a canvas builds it, each point
// transformed by the matrix in force when it is added, and written as SVG path data. Arcs stay
// circular arcs (SVG's A) under a similarity (translation, rotation, uniform scale), and become
// cubic Béziers under any other transform.

const TAU = 2 * Math.PI;

/** The matrix m followed by n (a canvas's transform(n) applied under m), both [a, b, c, d, e, f]. */
export function multiply([A, B, C, D, E, F], [a, b, c, d, e, f]) {
  return [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
}

/** The point (x, y) under the matrix [a, b, c, d, e, f] (a canvas's setTransform order). */
export const apply = ([a, b, c, d, e, f], x, y) => [a * x + c * y + e, b * x + d * y + f];

/** How much the matrix scales lengths: exact for a similarity, sqrt(|det|) otherwise. */
export const scaleOf = ([a, b, c, d]) => Math.sqrt(Math.abs(a * d - b * c));

/** Whether the matrix is a similarity (circles stay circles). */
export function isSimilarity([a, b, c, d]) {
  const size = Math.max(Math.abs(a), Math.abs(b), Math.abs(c), Math.abs(d));
  const close = (u, v) => Math.abs(u - v) <= 1e-12 * size;
  return size > 0 && ((close(a, d) && close(b, -c)) || (close(a, -d) && close(b, c)));
}

/**
 * The arc from startAngle to endAngle as a canvas sweeps it (clockwise on the screen unless
 * counterclockwise; a full turn at most), in pieces of at most half a turn: [[from, to], ...].
 */
export function arcPieces(startAngle, endAngle, counterclockwise) {
  let delta;
  if (!counterclockwise && endAngle - startAngle >= TAU) delta = TAU;
  else if (counterclockwise && startAngle - endAngle >= TAU) delta = -TAU;
  else {
    delta = (endAngle - startAngle) % TAU;
    if (!counterclockwise && delta < 0) delta += TAU;
    if (counterclockwise && delta > 0) delta -= TAU;
  }
  if (delta === 0) return [];
  const n = Math.max(1, Math.ceil(Math.abs(delta) / Math.PI - 1e-9));
  return Array.from({ length: n }, (_, k) => [startAngle + (delta * k) / n, startAngle + (delta * (k + 1)) / n]);
}

const finite = (...values) => values.every(Number.isFinite);

/** A path in device coordinates. Methods take the matrix in force and the canvas's arguments. */
export class SvgPath {
  commands = []; // ['M', x, y], ['L', x, y], ['Q', 4 numbers], ['C', 6 numbers], ['A', r, sweep, x, y], ['Z']
  current = null; // the current point, or null
  start = null; // the current subpath's first point

  moveTo(m, x, y) {
    if (!finite(x, y)) return;
    const p = apply(m, x, y);
    this.commands.push(['M', ...p]);
    this.current = p;
    this.start = p;
  }

  lineTo(m, x, y) {
    if (!finite(x, y)) return;
    if (!this.current) return this.moveTo(m, x, y);
    const p = apply(m, x, y);
    this.commands.push(['L', ...p]);
    this.current = p;
  }

  closePath() {
    if (!this.current) return;
    this.commands.push(['Z']);
    this.current = this.start;
  }

  rect(m, x, y, w, h) {
    if (!finite(x, y, w, h)) return;
    this.moveTo(m, x, y);
    this.lineTo(m, x + w, y);
    this.lineTo(m, x + w, y + h);
    this.lineTo(m, x, y + h);
    this.closePath();
    this.moveTo(m, x, y);
  }

  quadraticCurveTo(m, cpx, cpy, x, y) {
    if (!finite(cpx, cpy, x, y)) return;
    if (!this.current) this.moveTo(m, cpx, cpy);
    const p = apply(m, x, y);
    this.commands.push(['Q', ...apply(m, cpx, cpy), ...p]);
    this.current = p;
  }

  bezierCurveTo(m, c1x, c1y, c2x, c2y, x, y) {
    if (!finite(c1x, c1y, c2x, c2y, x, y)) return;
    if (!this.current) this.moveTo(m, c1x, c1y);
    const p = apply(m, x, y);
    this.commands.push(['C', ...apply(m, c1x, c1y), ...apply(m, c2x, c2y), ...p]);
    this.current = p;
  }

  arc(m, x, y, radius, startAngle, endAngle, counterclockwise = false) {
    if (!finite(x, y, radius, startAngle, endAngle)) return;
    if (radius < 0) throw new RangeError(`SvgContext.arc: radius must be >= 0; received ${radius}`);
    const at = (angle) => apply(m, x + radius * Math.cos(angle), y + radius * Math.sin(angle));
    const first = at(startAngle);
    if (this.current) {
      if (first[0] !== this.current[0] || first[1] !== this.current[1]) this.commands.push(['L', ...first]);
    } else {
      this.commands.push(['M', ...first]);
      this.start = first;
    }
    this.current = first;
    if (radius === 0) return;
    const det = m[0] * m[3] - m[1] * m[2];
    const similar = isSimilarity(m);
    for (const [from, to] of arcPieces(startAngle, endAngle, Boolean(counterclockwise))) {
      const end = at(to);
      if (similar) {
        this.commands.push(['A', radius * scaleOf(m), to > from === det > 0 ? 1 : 0, ...end]);
      } else {
        // Quarter turns at most: a cubic is then within 0.03% of the circle (of the radius).
        const point = ([u, v]) => apply(m, x + radius * u, y + radius * v);
        const half = (from + to) / 2;
        for (const [a, b] of [
          [from, half],
          [half, to],
        ]) {
          const k = (4 / 3) * Math.tan((b - a) / 4);
          const c1 = [Math.cos(a) - k * Math.sin(a), Math.sin(a) + k * Math.cos(a)];
          const c2 = [Math.cos(b) + k * Math.sin(b), Math.sin(b) - k * Math.cos(b)];
          this.commands.push(['C', ...point(c1), ...point(c2), ...(b === to ? end : at(b))]);
        }
      }
      this.current = end;
    }
  }

  /** SVG path data with numbers written by `n`, or null when the path draws nothing. */
  data(n) {
    if (!this.commands.some((command) => command[0] !== 'M')) return null;
    return this.commands
      .map(([op, ...v]) =>
        op === 'A' ? `A${n(v[0])} ${n(v[0])} 0 0 ${v[1]} ${n(v[2])} ${n(v[3])}` : `${op}${v.map(n).join(' ')}`,
      )
      .join('');
  }
}
