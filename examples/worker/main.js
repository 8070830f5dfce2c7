// perceptron-wasm/worker: training in a module Web Worker, so the page stays responsive. With a
// bundler (Vite, webpack) write `import { createWorker } from 'perceptron-wasm/worker'`; without
// one, import the file that name maps to. The worker script and the .wasm are found next to it.
import { createWorker } from './node_modules/perceptron-wasm/dist/worker-client.js';

const status = document.getElementById('status');
const epochs = document.getElementById('epochs');

async function main() {
  const worker = createWorker({ name: 'perceptron' });
  try {
    // 400 seeded points in [-1, 1]^2 that a line separates with a margin. Here they are made on
    // the page; for a file, `worker.loadCsv(file, { label: 'y' })` reads it inside the worker.
    const X = [];
    const y = [];
    let state = 12345;
    const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    while (X.length < 400) {
      const point = [random(), random()];
      const side = 0.8 * point[0] - 0.6 * point[1] + 0.1; // the hidden line
      if (Math.abs(side) < 0.05) continue; // keep a margin of 0.05
      X.push(point);
      y.push(side > 0 ? 'above' : 'below');
    }

    // The data is copied into the worker's wasm memory once; the page keeps a summary with its id.
    const dataset = await worker.loadArrays(X, y, { featureNames: ['x1', 'x2'] });
    status.textContent = `${dataset.rows} points in the worker (classes ${dataset.classes.join(', ')}); training…`;

    // fit runs the model's own training loop in the worker, in slices of ~20 ms (so
    // worker.cancel(fitting) stops it at once); onEpoch reports progress on the page.
    const fitted = await worker.fit('Perceptron', { maxEpochs: 1000 }, dataset, {
      onEpoch: (epoch) => {
        const li = document.createElement('li');
        li.textContent = `epoch ${epoch.epoch}: ${epoch.mistakes} mistakes`;
        epochs.append(li);
      },
      trace: 5, // the first 5 steps, as fit's onStep records them
    });

    // The result: fit's report, the weights, and the model as JSON (pw.Perceptron.fromJSON
    // rebuilds it on the page, if the page loads the package too).
    const { report, weights, bias } = fitted;
    status.textContent =
      `converged: ${report.converged} after ${report.epochs} epochs and ${report.mistakes} mistakes; ` +
      `w = [${weights.map((v) => v.toFixed(3))}], b = ${bias.toFixed(3)}; first step: ` +
      `score ${fitted.trace[0].score}, mistake ${fitted.trace[0].mistake}`;
    await worker.dispose(dataset); // frees the Dataset in the worker
    return (
      `converged ${report.converged} epochs ${report.epochs} mistakes ${report.mistakes} ` +
      `epochs listed ${epochs.children.length} model ${fitted.model.format}`
    );
  } finally {
    worker.terminate();
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
