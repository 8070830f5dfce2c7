// The multi-class and kernel part of the bench (`node bench/run.mjs multiclass`, issue 30).
//
// Multi-class: 60,000 x 784 float64 rows (the shape of MNIST) in 10 classes, each row a class's
// centre plus uniform noise, 5% of the labels replaced by another class so that no model stops
// early, seed 30. MulticlassPerceptron 'joint' (one weight vector per class, trained together)
// and 'ovr' (ten binary perceptrons) against scikit-learn's Perceptron (one-vs-rest, rows in
// order, one core: n_jobs unset), EPOCHS epochs each, steady state (best of RUNS after a
// warm-up). Throughput is rows x cols x epochs / seconds, as in the training part: a step of
// every model here reads a row once and scores it for all ten classes.
//
// Kernel: KernelPerceptron (rbf, gamma 'auto') on n = 1,000 to 20,000 rows of 10 features in two
// overlapping Gaussian clouds, one epoch: its time grows with n times the support vectors.
import { join } from 'node:path';

import { bestOf, randomStream, writeData } from './data.mjs';
import { sklearn } from './peers.mjs';

const ROWS = 60_000;
const COLS = 784;
const CLASSES = 10;
const EPOCHS = 5;
const RUNS = 2;
const SEED = 30;
const KERNEL_ROWS = [1_000, 2_000, 5_000, 10_000, 20_000];
const KERNEL_COLS = 10;

const count = (n) => n.toLocaleString('en-US');
const mfeat = (seconds) => (ROWS * COLS * EPOCHS) / seconds / 1e6;

/** 10 classes of rows x cols: centre c_k (uniform in [-1, 1)) plus noise uniform in [-2, 2). */
export function classData(rows, cols, classes, seed) {
  const random = randomStream(seed);
  const centres = Array.from({ length: classes }, () => Float64Array.from({ length: cols }, () => random() * 2 - 1));
  const X = new Float64Array(rows * cols);
  const y = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const k = i % classes;
    for (let j = 0; j < cols; j++) X[i * cols + j] = centres[k][j] + (random() * 4 - 2);
    y[i] = random() < 0.05 ? (k + 1 + Math.floor(random() * (classes - 1))) % classes : k;
  }
  return { X, y };
}

// Two Gaussian clouds in `cols` dimensions, centres ±0.5 on every axis, sd 1: labels ±1.
function clouds(rows, cols, seed) {
  const random = randomStream(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const X = [];
  const y = [];
  for (let i = 0; i < rows; i++) {
    const label = i % 2 === 0 ? 1 : -1;
    X.push(Array.from({ length: cols }, () => 0.5 * label + normal()));
    y.push(label);
  }
  return { X, y };
}

/**
 * Runs this part in `work` (a temporary folder); progress(text) reports its steps. Resolves to
 * {rows, notes} for bench/run.mjs's table.
 */
export async function multiclassBench({ pw, work, progress }) {
  const rows = [];
  const notes = [];
  const data = classData(ROWS, COLS, CLASSES, SEED);
  const file = join(work, 'multiclass.f64');
  writeData(file, data);

  const dataset = pw.Dataset.fromArray(data.X, { rows: ROWS, cols: COLS }, Array.from(data.y));
  const timed = {};
  for (const strategy of ['joint', 'ovr']) {
    progress(`multi-class: MulticlassPerceptron '${strategy}', ${count(ROWS)} x ${COLS}, ${EPOCHS} epochs`);
    const model = new pw.MulticlassPerceptron({ strategy, maxEpochs: EPOCHS });
    let report;
    timed[strategy] = bestOf(() => (report = model.fit(dataset)), RUNS).best;
    const accuracy = model.score(dataset);
    notes.push(
      `MulticlassPerceptron '${strategy}': ${report.epochs} epochs, ${count(report.mistakes)} mistakes, training accuracy ${accuracy.toFixed(4)}.`,
    );
    model.dispose();
  }
  dataset.dispose();
  progress('multi-class: scikit-learn Perceptron (one-vs-rest)');
  const sk = sklearn(file, ROWS, COLS, EPOCHS, RUNS);

  const speed = (label, seconds) =>
    rows.push([label, `${mfeat(seconds).toFixed(0)} Mfeat/s (${seconds.toFixed(2)} s)`, '', '']);
  const label = `${count(ROWS)} x ${COLS}, ${CLASSES} classes, ${EPOCHS} epochs`;
  speed(`MulticlassPerceptron 'joint', ${label}`, timed.joint);
  speed(`MulticlassPerceptron 'ovr', ${label}`, timed.ovr);
  if (sk.skipped) {
    rows.push([`scikit-learn Perceptron (one-vs-rest), ${label}`, 'skipped', '', '']);
    notes.push(`scikit-learn: ${sk.skipped}`);
  } else {
    speed(`scikit-learn ${sk.version} Perceptron (one-vs-rest, in order, one core), ${label}`, sk.seconds);
    for (const strategy of ['joint', 'ovr']) {
      const ratio = sk.seconds / timed[strategy];
      rows.push([
        `MulticlassPerceptron '${strategy}' / scikit-learn`,
        `${ratio.toFixed(2)}x`,
        '>= 1.5x',
        ratio >= 1.5 ? 'pass' : 'FAIL',
      ]);
    }
  }

  for (const n of KERNEL_ROWS) {
    progress(`kernel: KernelPerceptron rbf, ${count(n)} rows`);
    const { X, y } = clouds(n, KERNEL_COLS, SEED + n);
    const model = new pw.KernelPerceptron({ kernel: 'rbf', maxEpochs: 1 });
    let report;
    const seconds = bestOf(() => (report = model.fit(X, y)), 1).best;
    rows.push([
      `KernelPerceptron rbf, ${count(n)} x ${KERNEL_COLS}, one epoch`,
      `${seconds.toFixed(3)} s (${count(report.mistakes)} mistakes, so as many support vectors)`,
      '',
      '',
    ]);
    model.dispose();
  }
  notes.push(
    `Kernel: two Gaussian clouds (centres ±0.5 on each of ${KERNEL_COLS} axes, sd 1), one epoch; each step evaluates the kernel against every support vector so far, so the time grows as n x mistakes. No cache of kernel rows: one epoch computes each pair once.`,
  );
  return { rows, notes };
}
