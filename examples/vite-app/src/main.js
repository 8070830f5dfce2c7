// perceptron-wasm in a Vite app: the package is imported by name, and Vite copies its .wasm
// into the build by itself (the package finds it with new URL('../perceptron-core.wasm',
// import.meta.url), which Vite rewrites). `?url` asks Vite for the URL of a file of a package,
// here the Iris CSV that perceptron-wasm ships; `&no-inline` makes it a file in dist/assets even
// though it is under 4 KB (Vite would inline it as a data: URL, which a strict
// Content-Security-Policy does not let fetch read).
import load from 'perceptron-wasm';
import irisUrl from 'perceptron-wasm/data/iris.csv?url&no-inline';

const status = document.getElementById('status');
const output = document.getElementById('report');

async function main() {
  const pw = await load();

  // Stream the CSV into wasm memory: the core parses it chunk by chunk, no JS array of rows.
  const response = await fetch(irisUrl);
  if (!response.ok) throw new Error(`${irisUrl}: HTTP ${response.status}`);
  const iris = await pw.Dataset.fromStream(response.body);

  // A seeded stratified split, then the averaged joint multi-class perceptron on standardized
  // features (the scaler is fitted on the training part and kept in the model).
  const { train, test } = pw.modelSelection.split(iris, { test: 0.3, seed: 1 });
  const model = new pw.MulticlassPerceptron({ variant: 'averaged', preprocess: 'standardize', maxEpochs: 20 });
  try {
    const fit = model.fit(train);
    // Per-class precision and recall on the test part, from the predicted labels.
    const predicted = model.predict(test);
    const report = pw.metrics.classificationReport(test.labels, predicted);
    output.textContent = report.labels
      .map(
        (label, i) =>
          `${label.padEnd(12)} precision ${report.precision[i].toFixed(3)}  recall ${report.recall[i].toFixed(3)}`,
      )
      .join('\n');
    status.textContent =
      `${iris.rows} flowers, ${train.rows} to train (${fit.epochs} epochs, ${fit.mistakes} mistakes), ` +
      `${test.rows} to test: accuracy ${report.accuracy.toFixed(4)}`;
    return `rows ${iris.rows} test ${test.rows} accuracy ${report.accuracy.toFixed(4)}`;
  } finally {
    for (const thing of [model, train, test, iris]) thing.dispose();
  }
}

// The title says how it went ('result ...' or 'error ...'), for people and for the tests.
main().then(
  (result) => {
    document.title = `result ${result}`;
  },
  (error) => {
    status.textContent = `Error: ${error.message}`;
    document.title = `error ${error}`;
  },
);
