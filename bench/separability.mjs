// Exact separability on n = 5,000 points in d = 50 (the analysis issue's size), in WASM under
// Node: separable data (the max-margin separator) and overlapping data (a certificate).
// `npm run bench:separability`.
import { performance } from 'node:perf_hooks';

import { pw, rng } from '../tests/js/helpers.mjs';

function data(n, d, seed, gap, overlap) {
  const random = rng(seed);
  const normal = Array.from({ length: d }, () => random() * 2 - 1);
  const X = [];
  const y = [];
  while (X.length < n) {
    const x = Array.from({ length: d }, () => random() * 2 - 1);
    const s = x.reduce((a, v, j) => a + v * normal[j], 0.1);
    if (Math.abs(s) < gap) continue;
    X.push(x);
    y.push(s > 0 !== random() < overlap ? 1 : -1);
  }
  return { X, y };
}

const rows = [];
for (const [label, gap, overlap] of [
  ['separable, gap 0.05', 0.05, 0],
  ['separable, gap 0.001', 0.001, 0],
  ['overlapping (2% flipped)', 0, 0.02],
]) {
  for (const fitIntercept of [true, false]) {
    const { X, y } = data(5000, 50, 7, gap, overlap);
    const t0 = performance.now();
    const r = pw.analysis.separability(X, y, { fitIntercept });
    const ms = performance.now() - t0;
    rows.push({
      data: label,
      fitIntercept,
      'time (ms)': Math.round(ms),
      separable: r.separable,
      'margin / upper bound': r.separable ? `${r.margin.toExponential(6)} / ${r.upperBound.toExponential(6)}` : '',
      'certificate residual': r.separable ? '' : r.residual.toExponential(2),
      iterations: r.iterations,
    });
  }
}
console.table(rows);
