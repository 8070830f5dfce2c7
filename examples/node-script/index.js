// perceptron-wasm in a plain Node script: Iris from the CSV the package ships, a stratified
// train/test split, the multi-class perceptron, then the notes' theory on two of the classes.
import { readFileSync } from 'node:fs';
import load from 'perceptron-wasm';

// load() compiles the WebAssembly once and resolves to the API (later calls give the same object).
const pw = await load();

// The package ships Iris as 'perceptron-wasm/data/iris.csv'. import.meta.resolve finds it through
// the package's "exports" wherever npm installed it (Node >= 18.19 and 20.6).
const csv = readFileSync(new URL(import.meta.resolve('perceptron-wasm/data/iris.csv')));

// The core reads the CSV straight into wasm memory: the header gives featureNames, and the
// label is the last column by default (species: setosa, versicolor, virginica).
const iris = pw.Dataset.fromCsv(csv);
console.log(`read ${iris.rows} rows x ${iris.cols} features: ${iris.featureNames.join(', ')}`);
console.log(`classes: ${iris.classes.join(', ')}`);

// A seeded, stratified split: 30% of each class for the test set. The parts are Datasets that
// share the values of `iris` (no copy).
const { train, test } = pw.modelSelection.split(iris, { test: 0.3, seed: 0 });

// The joint multi-class perceptron (one weight vector per class, argmax), averaged, visiting the
// rows in a new seeded order every epoch, on standardized features (the scaler is fitted on the
// training part only and kept in the model).
const model = new pw.MulticlassPerceptron({
  variant: 'averaged',
  order: 'shuffle',
  seed: 0,
  maxEpochs: 50,
  preprocess: 'standardize',
});
const report = model.fit(train); // a Dataset with labels: y comes with it
const accuracy = model.score(test);
console.log(
  `MulticlassPerceptron: ${report.epochs} epochs, ${report.mistakes} mistakes, ` +
    `train accuracy ${model.score(train).toFixed(4)}, test accuracy ${accuracy.toFixed(4)}`,
);

// The theory of the lecture notes on a binary problem: setosa against versicolor, on the two
// petal features. Take those rows out of the Dataset as plain arrays.
const { data, cols } = iris.toArray();
const labels = iris.labels;
const X = [];
const y = [];
for (let i = 0; i < iris.rows; i++) {
  if (labels[i] === 'virginica') continue;
  X.push([data[i * cols + 2], data[i * cols + 3]]); // petal length, petal width
  y.push(labels[i]);
}

// Exact separability: the maximum-margin line and its margin gamma*, or a certificate.
const separability = pw.analysis.separability(X, y);
// Block-Novikoff: at most (R / gamma*)^2 mistakes, R the radius of the (x, 1) points.
const bound = pw.analysis.novikoffBound(X, y);
// The classic perceptron (the notes' update rule, rows in order) on the same data.
const perceptron = new pw.Perceptron();
const binary = perceptron.fit(X, y);
console.log(
  `setosa vs versicolor: separable ${separability.separable}, margin gamma* ${separability.margin.toFixed(4)}, ` +
    `radius R ${bound.radius.toFixed(4)}`,
);
console.log(
  `Perceptron: ${binary.mistakes} mistakes in ${binary.epochs} epochs, converged ${binary.converged}; ` +
    `Novikoff bound (R/gamma*)^2 = ${bound.value.toFixed(1)}`,
);
// The margin the perceptron's own line reaches (smaller than gamma*: it stops at any separator).
const reached = pw.analysis.margin(X, y, perceptron.weights, perceptron.bias);
const rounded = perceptron.weights.map((v) => Number(v.toFixed(6)));
console.log(
  `the perceptron's line: w = [${rounded.join(', ')}], b = ${perceptron.bias}, margin ${reached.margin.toFixed(4)}`,
);

// Models and Datasets hold wasm memory: free them when done (a FinalizationRegistry would
// eventually, and `using` frees them at the end of a block).
for (const thing of [model, perceptron, train, test, iris]) thing.dispose();

// The last line: what a script or a test can check.
const ok = binary.converged && binary.mistakes <= bound.value;
console.log(
  `${ok ? 'ok' : 'FAILED'}: iris test accuracy ${accuracy.toFixed(4)}, ` +
    `${binary.mistakes} mistakes <= Novikoff bound ${bound.value.toFixed(1)}`,
);
