// perceptron-wasm on a static page: no bundler, so the module is imported by its path in
// node_modules (a browser does not resolve the bare name 'perceptron-wasm' by itself). The
// package fetches perceptron-core.wasm next to this file, streamed when the server sends it as
// application/wasm.
import load from './node_modules/perceptron-wasm/dist/index.js';

// The CMU 10-601 worked example: six points, no bias, sign(0) = +1. The perceptron ends at
// w = [3, 1] after 3 mistakes.
const X = [
  [-1, 2],
  [1, 0],
  [1, 1],
  [-1, 0],
  [-1, -2],
  [1, -1],
];
const y = ['no', 'yes', 'yes', 'no', 'no', 'yes']; // any two labels: sorted, the first is -1

const status = document.getElementById('status');
const rows = document.querySelector('#trace tbody');

// One table row per trace step, written with textContent (never innerHTML).
function addRow(step) {
  const tr = document.createElement('tr');
  if (step.mistake) tr.className = 'mistake';
  const cells = [step.t, `[${X[step.index]}]`, step.label, step.score, step.mistake ? 'yes' : '', `[${step.weights}]`];
  for (const value of cells) {
    const td = document.createElement('td');
    td.textContent = String(value);
    tr.append(td);
  }
  rows.append(tr);
}

async function main() {
  const pw = await load(); // compiles the wasm once
  const p = new pw.Perceptron({ mistakeRule: 'sign', fitIntercept: false });
  try {
    // onStep sees every step: the score before the update, the weights after it.
    const report = p.fit(X, y, { onStep: addRow });
    const [prediction] = p.predict([[2, 1]]);
    status.textContent =
      `${report.steps} steps, ${report.mistakes} mistakes, converged: ${report.converged}. ` +
      `w = [${p.weights}], and the point (2, 1) is "${prediction}".`;
    return `weights ${JSON.stringify(p.weights)} mistakes ${report.mistakes} predict ${prediction}`;
  } finally {
    p.dispose(); // frees the model's wasm memory
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
