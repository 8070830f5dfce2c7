// Benchmarks the package against what a user would write by hand: a plain-JS perceptron
// over number[][] and one over a row-major Float64Array, same data, same epochs, same rule.
// Prints the median of several runs. `npm run bench` (after `npm run build`).
import { performance } from 'node:perf_hooks';

import load from '../dist/index.js';

const pw = await load();

function data(n, d, seed) {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const normal = Array.from({ length: d }, () => random() * 2 - 1);
  const X = [];
  const y = [];
  for (let i = 0; i < n; i++) {
    const x = Array.from({ length: d }, () => random() * 2 - 1);
    const s = x.reduce((a, v, j) => a + v * normal[j], 0);
    X.push(x);
    y.push((s > 0) !== (random() < 0.05) ? 1 : -1); // 5% label noise: never converges
  }
  return { X, y, flat: Float64Array.from(X.flat()) };
}

function handWrittenArrays(X, y, epochs) {
  const d = X[0].length;
  const w = new Array(d).fill(0);
  let b = 0;
  for (let e = 0; e < epochs; e++) {
    for (let i = 0; i < X.length; i++) {
      const x = X[i];
      let s = b;
      for (let j = 0; j < d; j++) s += w[j] * x[j];
      if (y[i] * s <= 0) {
        for (let j = 0; j < d; j++) w[j] += y[i] * x[j];
        b += y[i];
      }
    }
  }
  return w;
}

function handWrittenTyped(flat, y, n, d, epochs) {
  const w = new Float64Array(d);
  let b = 0;
  for (let e = 0; e < epochs; e++) {
    for (let i = 0; i < n; i++) {
      const o = i * d;
      let s = 0;
      for (let j = 0; j < d; j++) s += w[j] * flat[o + j];
      s += b;
      if (y[i] * s <= 0) {
        for (let j = 0; j < d; j++) w[j] += y[i] * flat[o + j];
        b += y[i];
      }
    }
  }
  return w;
}

function median(fn, runs = 7) {
  fn(); // warm-up
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

const rows = [];
for (const [n, d, epochs] of [[20000, 50, 20], [5000, 784, 10], [100000, 10, 20]]) {
  const { X, y, flat } = data(n, d, 42);
  const yTyped = Float64Array.from(y);
  const p = new pw.Perceptron({ maxEpochs: epochs });
  const wasmArrays = median(() => p.fit(X, y));
  const wasmTyped = median(() => p.fit({ data: flat, rows: n, cols: d }, yTyped));
  const jsArrays = median(() => handWrittenArrays(X, y, epochs));
  const jsTyped = median(() => handWrittenTyped(flat, yTyped, n, d, epochs));
  p.dispose();
  rows.push({ 'n x d, epochs': `${n} x ${d}, ${epochs}`, 'package, number[][] (ms)': wasmArrays, 'package, Float64Array (ms)': wasmTyped, 'hand JS, number[][] (ms)': jsArrays, 'hand JS, Float64Array (ms)': jsTyped });
}
console.table(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(1)) : v]))));
