// Accuracy on the shipped UCI datasets (mean over five stratified 70/30 splits, standardized
// features), the package's models next to scikit-learn's Perceptron on the same splits when
// Debian's python3-sklearn is installed. `npm run bench:real`; docs/benchmarks.md's table comes from it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { pw } from '../tests/js/helpers.mjs';
import { SPLITS, evaluate, readDataset, selectByCrossValidation, stratifiedSplit } from '../tests/js/real-data.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

const models = {
  'joint, averaged': (seed) =>
    new pw.MulticlassPerceptron({ strategy: 'joint', variant: 'averaged', order: 'shuffle', seed }),
  'joint, classic': (seed) => new pw.MulticlassPerceptron({ strategy: 'joint', order: 'shuffle', seed }),
  'ovr, averaged': (seed) =>
    new pw.MulticlassPerceptron({ strategy: 'ovr', variant: 'averaged', order: 'shuffle', seed }),
  'ovo, averaged': (seed) =>
    new pw.MulticlassPerceptron({ strategy: 'ovo', variant: 'averaged', order: 'shuffle', seed }),
  'binary averaged': (seed) => new pw.Perceptron({ variant: 'averaged', order: 'shuffle', seed }),
  'binary averaged, early stopping': (seed) =>
    new pw.Perceptron({ variant: 'averaged', order: 'shuffle', seed, earlyStopping: true }),
  'binary averaged, margin by 5-fold CV': (seed, train, X, y) => {
    const make = (margin) => new pw.Perceptron({ variant: 'averaged', order: 'shuffle', seed, margin });
    return make(selectByCrossValidation(X, y, train, [0, 0.25, 0.5, 1, 2], make, { seed }));
  },
  'binary classic': (seed) => new pw.Perceptron({ order: 'shuffle', seed }),
  'binary voted': (seed) => new pw.Perceptron({ variant: 'voted', order: 'shuffle', seed }),
  'binary pocket': (seed) => new pw.Perceptron({ variant: 'pocket', order: 'shuffle', seed }),
};
const datasets = { iris: 'multi', wine: 'multi', digits: 'multi', breast_cancer: 'binary' };

const rows = [];
for (const [name, kind] of Object.entries(datasets)) {
  for (const [label, make] of Object.entries(models)) {
    if (label.startsWith('binary') !== (kind === 'binary')) continue;
    const { mean: accuracy } = evaluate(name, make);
    rows.push({ dataset: name, model: `perceptron-wasm ${label}`, accuracy: accuracy.toFixed(4) });
  }
}

const splits = Object.fromEntries(
  Object.keys(datasets).map((name) => {
    const { y } = readDataset(name);
    return [
      name,
      Array.from({ length: SPLITS }, (_, seed) => {
        const s = stratifiedSplit(y, seed);
        return [s.train, s.test];
      }),
    ];
  }),
);
const work = mkdtempSync(join(tmpdir(), 'perceptron-splits-'));
writeFileSync(join(work, 'splits.json'), JSON.stringify(splits));
try {
  const reference = JSON.parse(
    execFileSync('/usr/bin/python3', [join(root, 'bench/sklearn_reference.py'), join(work, 'splits.json')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString(),
  );
  for (const [name, scores] of Object.entries(reference)) {
    for (const [label, values] of Object.entries(scores)) {
      rows.push({ dataset: name, model: `scikit-learn ${label}`, accuracy: mean(values).toFixed(4) });
    }
  }
} catch (error) {
  console.log(
    `(scikit-learn not available: ${String(error.message).split('\n')[0]}; apt-get install python3-sklearn; it runs with Debian's /usr/bin/python3)`,
  );
}
rows.sort((a, b) => a.dataset.localeCompare(b.dataset) || b.accuracy - a.accuracy);
console.table(rows);
