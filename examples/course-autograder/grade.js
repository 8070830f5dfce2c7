// The course autograder: runs a student's perceptron on a few datasets and compares its trace,
// step by step, with perceptron-wasm's own trace of the same training.
//
//   node grade.js students/correct.js
//
// A submission is an ES module exporting `perceptron(X, y, options)`:
//   X        number[][], one row per example
//   y        number[], +1 or -1 per row
//   options  { maxEpochs }
// It returns an array with one entry per step (per example visited), `{ weights, bias }` after
// that step, following the lecture's conventions, which are the package's defaults:
//   start from w = 0, b = 0; visit the rows in the given order, epoch after epoch;
//   a mistake is y (w.x + b) <= 0 (mistakeRule 'margin': a score of 0 is a mistake);
//   on a mistake w += y x, b += y (learning rate 1);
//   stop after the first epoch without a mistake, or after maxEpochs epochs.
//
// Prints, for each dataset, 'all N steps match' or the first step that differs (its number,
// the example, what was expected and what was received). Exit code 0 when every dataset
// matches, 1 otherwise (2 for a usage error).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import load from 'perceptron-wasm';

// Weights are compared with a tiny tolerance: a submission may add the terms of w.x in another
// order than the package (which sums them in a fixed blocked order), and the last bit may differ.
const TOLERANCE = 1e-9;

const file = process.argv[2];
if (!file) {
  console.error('usage: node grade.js <submission.js>');
  process.exit(2);
}

const pw = await load();

// The datasets the submission is graded on, labels +1 / -1.
function irisPairs() {
  // Setosa against versicolor on the two petal features, from the Iris CSV the package ships.
  const iris = pw.Dataset.fromCsv(readFileSync(new URL(import.meta.resolve('perceptron-wasm/data/iris.csv'))), {
    features: ['petal_length_cm', 'petal_width_cm'],
  });
  const { data, cols } = iris.toArray();
  const X = [];
  const y = [];
  iris.labels.forEach((label, i) => {
    if (label === 'virginica') return;
    X.push(Array.from(data.subarray(i * cols, i * cols + cols)));
    y.push(label === 'setosa' ? -1 : 1);
  });
  iris.dispose();
  return { X, y };
}

const DATASETS = [
  {
    name: 'CMU lecture example',
    X: [
      [-1, 2],
      [1, 0],
      [1, 1],
      [-1, 0],
      [-1, -2],
      [1, -1],
    ],
    y: [-1, 1, 1, -1, -1, 1],
    maxEpochs: 100,
  },
  // XOR: no line separates it, so training runs all maxEpochs epochs.
  {
    name: 'XOR, 3 epochs',
    X: [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
    ],
    y: [-1, -1, 1, 1],
    maxEpochs: 3,
  },
  { name: 'Iris setosa vs versicolor (petals)', ...irisPairs(), maxEpochs: 100 },
];

// The package's trace: the trainer runs fit's own loop one step at a time.
function expectedTrace({ X, y, maxEpochs }) {
  const model = new pw.Perceptron({ maxEpochs }); // every other option at its default: the lecture's rules
  try {
    const trainer = model.trainer(X, y);
    const steps = [];
    for (let step = trainer.step(); step !== null; step = trainer.step()) steps.push(step);
    return steps;
  } finally {
    model.dispose();
  }
}

const close = (a, b) => Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
const sameStep = (expected, received) =>
  received !== null &&
  typeof received === 'object' &&
  Array.isArray(received.weights) &&
  received.weights.length === expected.weights.length &&
  received.weights.every((v, j) => typeof v === 'number' && close(v, expected.weights[j])) &&
  typeof received.bias === 'number' &&
  close(received.bias, expected.bias);
const show = (step) => `w = ${JSON.stringify(step?.weights)}, b = ${JSON.stringify(step?.bias)}`;

// Compares one dataset's traces; returns the line to print and whether they match.
function compare(dataset, received) {
  const expected = expectedTrace(dataset);
  if (!Array.isArray(received)) return { ok: false, line: `expected an array of steps, received ${typeof received}` };
  for (let k = 0; k < Math.max(expected.length, received.length); k++) {
    const want = expected[k];
    const got = received[k];
    if (want && got !== undefined && sameStep(want, got)) continue;
    if (!want) {
      return {
        ok: false,
        line: `step ${k + 1}: expected training to stop after ${expected.length} steps, received more`,
      };
    }
    const x = JSON.stringify(dataset.X[want.index]);
    const what = want.mistake
      ? `a mistake: y (w.x + b) = ${want.labelSign * want.score} <= 0, so w += y x, b += y`
      : `no mistake: y (w.x + b) = ${want.labelSign * want.score} > 0`;
    return {
      ok: false,
      line:
        `step ${k + 1} differs (epoch ${want.epoch}, row ${want.index}: x = ${x}, y = ${want.labelSign > 0 ? '+1' : '-1'}; ${what})\n` +
        `    expected ${show(want)}\n` +
        `    received ${got === undefined ? `nothing: the submission stopped after ${received.length} steps` : show(got)}`,
    };
  }
  return { ok: true, line: `all ${expected.length} steps match` };
}

const submission = await import(pathToFileURL(resolve(file)).href);
if (typeof submission.perceptron !== 'function') {
  console.log(`${file}: FAIL: the module does not export a function perceptron(X, y, options)`);
  process.exit(1);
}

let passed = 0;
for (const dataset of DATASETS) {
  let result;
  try {
    // Copies: a submission may change its arguments without changing the grader's data.
    const received = submission.perceptron(structuredClone(dataset.X), [...dataset.y], {
      maxEpochs: dataset.maxEpochs,
    });
    result = compare(dataset, received);
  } catch (error) {
    result = { ok: false, line: `the submission threw ${error?.stack ?? error}` };
  }
  if (result.ok) passed++;
  console.log(`${dataset.name}: ${result.line}`);
}
console.log(
  `${file}: ${passed === DATASETS.length ? 'PASS' : 'FAIL'} (${passed} of ${DATASETS.length} datasets match)`,
);
process.exitCode = passed === DATASETS.length ? 0 : 1;
