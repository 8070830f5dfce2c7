// The bench's data and timing helpers, shared by bench/run.mjs and its child processes.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

// Uniform numbers in [0, 1) from a seed: mulberry32, small, fast, and the same stream on every
// machine.
export function randomStream(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Dense random data with a fixed seed: x uniform in [-1, 1)^cols, y = sign(normal . x) for a
// random normal, with 5% of the labels flipped so no line separates the rows and every
// implementation runs all its epochs (none stops early on convergence).
export function makeData(rows, cols, seed) {
  const random = randomStream(seed);
  const normal = Float64Array.from({ length: cols }, () => random() * 2 - 1);
  const X = new Float64Array(rows * cols);
  const y = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let j = 0; j < cols; j++) {
      const v = random() * 2 - 1;
      X[i * cols + j] = v;
      s += v * normal[j];
    }
    y[i] = s > 0 !== random() < 0.05 ? 1 : -1;
  }
  return { X, y };
}

// The file the native and the Python peers read: X row-major, then y, float64 little-endian
// (the byte order of every machine Node runs on here).
export function writeData(path, { X, y }) {
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from(X.buffer, X.byteOffset, X.byteLength),
      Buffer.from(y.buffer, y.byteOffset, y.byteLength),
    ]),
  );
}

export function readData(path, rows, cols) {
  const bytes = readFileSync(path);
  const buffer =
    bytes.byteOffset % 8 === 0
      ? bytes.buffer
      : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const all = new Float64Array(buffer, buffer === bytes.buffer ? bytes.byteOffset : 0, bytes.byteLength / 8);
  return { X: all.subarray(0, rows * cols), y: all.subarray(rows * cols, rows * cols + rows) };
}

// Runs fn once untimed (warm-up: JIT and wasm tier-up, caches), then `runs` timed times;
// returns the best time in seconds and every time.
export function bestOf(fn, runs) {
  fn();
  const seconds = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    fn();
    seconds.push((performance.now() - start) / 1000);
  }
  return { best: Math.min(...seconds), seconds };
}

export function timeOnce(fn) {
  const start = performance.now();
  const value = fn();
  return { seconds: (performance.now() - start) / 1000, value };
}
