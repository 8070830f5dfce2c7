// Accuracy on text: the spam-or-ham corpus (data/spam.csv) as bags of words hashed into 2^18
// columns, five stratified 70/30 splits (tests/js/spam-data.mjs), the package's perceptrons next
// to scikit-learn's on a HashingVectorizer of the same tokens, the same splits and the same row
// order (bench/sklearn_text.py; Debian's python3-sklearn). `npm run bench:text`; the text table of
// docs/benchmarks.md comes from it.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { pw } from '../tests/js/helpers.mjs';
import { evaluateSpam, readSpam, spamSplits } from '../tests/js/spam-data.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const corpus = readSpam();

const models = {
  'Perceptron (classic)': () => new pw.Perceptron({ maxEpochs: 10 }),
  'Perceptron, no intercept': () => new pw.Perceptron({ maxEpochs: 10, fitIntercept: false }),
  'Perceptron, averaged': () => new pw.Perceptron({ maxEpochs: 10, variant: 'averaged' }),
  'PassiveAggressive (PA-I)': () => new pw.PassiveAggressive({ maxEpochs: 10, mode: 'PA-I' }),
};
const rows = Object.entries(models).map(([name, make]) => [`perceptron-wasm ${name}`, evaluateSpam(make, corpus)]);

const python = ['/usr/bin/python3', 'python3'].find(
  (candidate) => spawnSync(candidate, ['-c', 'import sklearn'], { stdio: 'ignore' }).status === 0,
);
if (python) {
  const work = mkdtempSync(join(tmpdir(), 'perceptron-wasm-text-'));
  try {
    const file = join(work, 'spam.json');
    const tokens = corpus.texts.map((text) => pw.text.tokenize(text));
    writeFileSync(file, JSON.stringify({ tokens, labels: corpus.labels, splits: spamSplits(corpus.labels) }));
    const version = execFileSync(python, ['-c', 'import sklearn; print(sklearn.__version__)'], {
      encoding: 'utf8',
    }).trim();
    const out = JSON.parse(execFileSync(python, [join(root, 'bench/sklearn_text.py'), file], { encoding: 'utf8' }));
    for (const [name, scores] of Object.entries(out)) rows.push([`scikit-learn ${version} ${name}`, scores]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else {
  console.log('scikit-learn: skipped (`import sklearn` fails; Debian: apt-get install python3-sklearn)');
}

console.log('| model | mean accuracy | per split (seeds 1..5) |');
console.log('|---|---|---|');
for (const [name, scores] of rows) {
  console.log(`| ${name} | ${mean(scores).toFixed(4)} | ${scores.map((s) => s.toFixed(4)).join(', ')} |`);
}
