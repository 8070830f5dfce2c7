// The course autograder: grades a student's perceptron on a few datasets with perceptron-wasm's
// grader, grade() from perceptron-wasm/course. It runs the submission in a child process (with a
// time limit and a memory watchdog), compares its trace, step by step, with the package's own
// trace of the same training, and names the convention the student mixed up when one explains
// the difference.
//
//   node grade.js students/correct.js
//
// A submission is an ES module exporting `perceptron(X, y, options)`:
//   X        number[][], one row per example
//   y        number[], +1 or -1 per row
//   options  { maxEpochs, ... } (every option of the assignment, resolved)
// It returns an array with one entry per step (per example visited), `{ weights, bias }` after
// that step, following the lecture's conventions, which are the package's defaults:
//   start from w = 0, b = 0; visit the rows in the given order, epoch after epoch;
//   a mistake is y (w.x + b) <= 0 (mistakeRule 'margin': a score of 0 is a mistake);
//   on a mistake w += y x, b += y (learning rate 1);
//   stop after the first epoch without a mistake, or after maxEpochs epochs.
//
// Prints, for each dataset, 'all N steps match' or the first step that differs (its number,
// the example, what was expected and what was received) and the diagnosis. Numbers are equal
// within 1e-9 x max(1, |expected|): a submission may add the terms of w.x in another order than
// the package. Exit code 0 when every dataset matches, 1 otherwise (2 for a usage error).
import { readFileSync } from 'node:fs';
import load from 'perceptron-wasm';
import { grade } from 'perceptron-wasm/course';

const file = process.argv[2];
if (!file) {
  console.error('usage: node grade.js <submission.js>');
  process.exit(2);
}

const pw = await load();

// The datasets the submission is graded on (grade()'s assignments, with a name), labels +1 / -1.
// Every option not given keeps the package's default: the lecture's rules.
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
    options: { maxEpochs: 100 },
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
    options: { maxEpochs: 3 },
  },
  { name: 'Iris setosa vs versicolor (petals)', ...irisPairs(), options: { maxEpochs: 100 } },
];

let passed = 0;
for (const { name, ...assignment } of DATASETS) {
  const result = await grade(file, assignment);
  if (result.score === 1) {
    passed++;
    console.log(`${name}: all ${result.steps} steps match`);
  } else if (result.error) {
    console.log(`${name}: ${result.error.code}: ${result.error.message}`);
  } else {
    console.log(`${name}: ${result.firstDifference.message}`);
    if (result.diagnosis) console.log(`    diagnosis (${result.diagnosis.code}): ${result.diagnosis.message}`);
  }
}
console.log(
  `${file}: ${passed === DATASETS.length ? 'PASS' : 'FAIL'} (${passed} of ${DATASETS.length} datasets match)`,
);
process.exitCode = passed === DATASETS.length ? 0 : 1;
