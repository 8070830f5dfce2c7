// The Theory region's arithmetic that the package does not do itself: the points with the
// constant feature 1 appended (the bias folded into the weights, as the CMU notes do), a pair of
// classes picked out of more, the class-means separator, and the choice of u and γ for
// Freund and Schapire's bound ((R + D)/γ)², D = √(Σ dᵢ²), dᵢ = max(0, γ − yᵢ u·xᵢ).
// Pure functions on {data, rows, cols} matrices; no DOM.

/** X with a constant 1 appended to every row: the perceptron with a bias is the perceptron on these. */
export function augment(X) {
  const { rows, cols } = X;
  const data = new Float64Array(rows * (cols + 1));
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) data[i * (cols + 1) + j] = X.data[i * cols + j];
    data[i * (cols + 1) + cols] = 1;
  }
  return { data, rows, cols: cols + 1 };
}

/** The rows of X and y whose label is one of `pair`, and where each came from. */
export function subset(X, y, pair) {
  const keep = [];
  for (let i = 0; i < X.rows; i++) if (y[i] === pair[0] || y[i] === pair[1]) keep.push(i);
  const data = new Float64Array(keep.length * X.cols);
  keep.forEach((row, k) => data.set(X.data.subarray(row * X.cols, (row + 1) * X.cols), k * X.cols));
  return { X: { data, rows: keep.length, cols: X.cols }, y: keep.map((i) => y[i]), rows: keep };
}

export const norm = (v) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** v / ||v||, or null for the zero vector (or anything not finite). */
export function unit(v) {
  const n = norm(v);
  return n > 0 && Number.isFinite(n) ? v.map((x) => x / n) : null;
}

/**
 * The class-means separator: w = μ₊ − μ₋, and with an intercept b = −w·(μ₊ + μ₋)/2 (the
 * perpendicular bisector of the two means); null when the means coincide.
 */
export function classMeans(X, y, positive, fitIntercept) {
  const { rows, cols } = X;
  const sum = [new Array(cols).fill(0), new Array(cols).fill(0)];
  const count = [0, 0];
  for (let i = 0; i < rows; i++) {
    const c = y[i] === positive ? 1 : 0;
    count[c]++;
    for (let j = 0; j < cols; j++) sum[c][j] += X.data[i * cols + j];
  }
  if (!count[0] || !count[1]) return null;
  const plus = sum[1].map((s) => s / count[1]);
  const minus = sum[0].map((s) => s / count[0]);
  const w = plus.map((p, j) => p - minus[j]);
  if (!(norm(w) > 0)) return null;
  const b = fitIntercept ? -w.reduce((s, wj, j) => s + (wj * (plus[j] + minus[j])) / 2, 0) : 0;
  return { w, b };
}

/** yᵢ u·xᵢ for every row (u has X.cols components; labels: `positive` is +1). */
export function functionalMargins(X, y, positive, u) {
  const { rows, cols } = X;
  const m = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let j = 0; j < cols; j++) s += u[j] * X.data[i * cols + j];
    m[i] = y[i] === positive ? s : -s;
  }
  return m;
}

/** D(γ) = √(Σ max(0, γ − mᵢ)²) for the margins mᵢ = yᵢ u·xᵢ. */
export function deviation(margins, gamma) {
  let s = 0;
  for (let i = 0; i < margins.length; i++) {
    const d = gamma - margins[i];
    if (d > 0) s += d * d;
  }
  return Math.sqrt(s);
}

/** Freund–Schapire's ((R + D)/γ)². */
export const freundSchapireValue = (R, D, gamma) => ((R + D) / gamma) ** 2;

/**
 * D as a function of γ, each call O(log n): the margins sorted once with prefix sums of m and
 * m², so that Σ_{mᵢ < γ} (γ − mᵢ)² = kγ² − 2γ Σmᵢ + Σmᵢ² over the k margins below γ.
 */
export function deviationOf(margins) {
  const m = Float64Array.from(margins).sort();
  const s1 = new Float64Array(m.length + 1);
  const s2 = new Float64Array(m.length + 1);
  for (let i = 0; i < m.length; i++) {
    s1[i + 1] = s1[i] + m[i];
    s2[i + 1] = s2[i] + m[i] * m[i];
  }
  return (gamma) => {
    let lo = 0;
    let hi = m.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (m[mid] < gamma) lo = mid + 1;
      else hi = mid;
    }
    return Math.sqrt(Math.max(0, lo * gamma * gamma - 2 * gamma * s1[lo] + s2[lo]));
  };
}

/**
 * The γ in (0, R] that minimises ((R + D(γ))/γ)² for these margins. R + D(γ) is convex in γ,
 * so the ratio is quasiconvex (its sublevel sets {γ : R + D(γ) ≤ tγ} are intervals) and a
 * golden-section search finds its minimum; the end γ = R is tried too. Returns {gamma, D, value}
 * (D summed directly at the γ found).
 */
export function bestGamma(margins, R) {
  const D = deviationOf(margins);
  const f = (g) => (R + D(g)) / g;
  const phi = (Math.sqrt(5) - 1) / 2;
  let lo = 0;
  let hi = R;
  let a = hi - phi * (hi - lo);
  let b = lo + phi * (hi - lo);
  let fa = f(a);
  let fb = f(b);
  for (let k = 0; k < 100 && hi - lo > 1e-12 * R; k++) {
    if (fa <= fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - phi * (hi - lo);
      fa = f(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + phi * (hi - lo);
      fb = f(b);
    }
  }
  let gamma = fa <= fb ? a : b;
  if (f(R) <= f(gamma)) gamma = R;
  const d = deviation(margins, gamma);
  return { gamma, D: d, value: freundSchapireValue(R, d, gamma) };
}

/**
 * Freund and Schapire's bound for the candidate {name, w, b} (a separator in the input space)
 * with its best γ in (0, R]: {name, u, gamma, D, value}, or null when it has no direction.
 * `Xb` is the matrix the bound is on (X, or augment(X) with an intercept, where
 * u = (w, b)/||(w, b)||), R its radius.
 */
export function freundSchapireFor(Xb, y, positive, fitIntercept, R, { name, w, b }) {
  if (!(R > 0)) return null;
  const u = unit(fitIntercept ? [...w, b] : [...w]);
  if (!u || u.length !== Xb.cols) return null;
  return { name, u, ...bestGamma(functionalMargins(Xb, y, positive, u), R) };
}
