// The parts of the bench that need a fresh Node process, started by bench/run.mjs with an IPC
// channel (results go back by process.send, so the child's own stdout and stderr stay empty
// unless the package prints something):
//   node bench/child.mjs first-call DIST FILE ROWS COLS EPOCHS LATER
//   node --expose-gc bench/child.mjs memory DIST ROWS COLS EPOCHS
//   node bench/child.mjs oversized DIST ROWS COLS
//   node --expose-gc bench/child.mjs csv-speed DIST FILE PARSER RUNS   (bench/csv.mjs)
//   node --expose-gc bench/child.mjs csv-memory DIST FILE
import { performance } from 'node:perf_hooks';

import { csvMemory, csvSpeed } from './csv.mjs';
import { makeData, readData, timeOnce } from './data.mjs';
import { loadPackage, trainingSet } from './package.mjs';

const [mode, dist, ...args] = process.argv.slice(2);

// The first fit in this process against the fits after it, on the data file of run.mjs.
async function firstCall(file, ...sizes) {
  const [rows, cols, epochs, later] = sizes.map(Number);
  const start = performance.now();
  const pw = await loadPackage(dist);
  const loadSeconds = (performance.now() - start) / 1000;
  const { X, y } = readData(file, rows, cols);
  const set = trainingSet(pw, X, rows, cols, y);
  const model = new pw.Perceptron({ maxEpochs: epochs });
  const seconds = [];
  for (let k = 0; k <= later; k++) seconds.push(timeOnce(() => set.fit(model)).seconds);
  return { loadSeconds, first: seconds[0], later: seconds.slice(1) };
}

// The RSS a Dataset of a rows x cols float64 matrix (and training on it) adds, with the JS
// array it is built from already in memory before the first reading.
async function memory(...sizes) {
  const [rows, cols, epochs] = sizes.map(Number);
  const pw = await loadPackage(dist);
  const { X, y } = makeData(rows, cols, 7);
  const model = new pw.Perceptron({ maxEpochs: epochs });
  globalThis.gc();
  const before = process.memoryUsage().rss;
  const set = trainingSet(pw, X, rows, cols, y);
  set.fit(model);
  globalThis.gc();
  const after = process.memoryUsage().rss;
  const peak = process.resourceUsage().maxRSS * 1024;
  return { before, after, peak, matrixBytes: X.byteLength };
}

// Asks for a rows x cols float64 matrix (more bytes than wasm32 can address) after training a
// small model, then checks that model still predicts as before.
async function oversized(...sizes) {
  const [rows, cols] = sizes.map(Number);
  const pw = await loadPackage(dist);
  const small = { data: Float64Array.of(0, 0, 0, 1, 1, 0, 1, 1), rows: 4, cols: 2 };
  const model = new pw.Perceptron({ maxEpochs: 100 });
  model.fit(small, [-1, -1, -1, 1]);
  const predictions = Array.from(model.predict(small));
  const bytes = rows * cols * 8;
  let big;
  try {
    big = new Float64Array(rows * cols); // zero pages: costs no RSS until written
  } catch (error) {
    return { bytes, feasible: false, reason: String(error.message) };
  }
  const labels = new Float64Array(rows).fill(-1);
  labels[0] = 1;
  let error = null;
  try {
    trainingSet(pw, big, rows, cols, labels).fit(new pw.Perceptron({ maxEpochs: 1 }));
  } catch (e) {
    error =
      e instanceof Error
        ? { name: e.name, message: e.message, rangeError: e instanceof RangeError }
        : { name: `a thrown ${typeof e}, not an Error`, message: String(e), rangeError: false };
  }
  let stillPredicts = false;
  try {
    stillPredicts = JSON.stringify(Array.from(model.predict(small))) === JSON.stringify(predictions);
  } catch {
    stillPredicts = false;
  }
  return { bytes, feasible: true, error, stillPredicts };
}

const modes = {
  'first-call': firstCall,
  memory,
  oversized,
  'csv-speed': (...csvArgs) => csvSpeed(dist, ...csvArgs),
  'csv-memory': (...csvArgs) => csvMemory(dist, ...csvArgs),
};
let message;
try {
  message = { ok: true, result: await modes[mode](...args) };
} catch (error) {
  message = { ok: false, error: String(error?.stack ?? error) };
}
process.send(message, () => process.disconnect());
