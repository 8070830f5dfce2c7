// The sparse part of the bench (`node bench/run.mjs sparse`): 100,000 documents over 2^18
// features with about 100 non-zeros each, trained by the averaged perceptron of the package
// and by wink-perceptron (a multi-class averaged perceptron over {feature: value} objects) on
// the very same documents. Runs in a child process with a large heap (the documents as JS
// objects take about 1 GB).
//
// The documents: term ids drawn with a Zipf-like skew (id = floor(2^18 u^3)), 100 distinct per
// document, count 1 or 2; the label is the sign of a hidden weight vector (+-1 on 5% of the ids)
// on the document, 5% flipped. Timed: one epoch of training (rows in order), from
//   - the CSR rows in a pw.Dataset (fromSparse: made once, not timed; 2^18 columns, ids as columns),
//   - the records {t123: 1, ...} given to fit with hashing: {bits: 18} (the hashing included),
//   - the same records given to wink-perceptron's learn (maxIterations 1, no shuffle).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { randomStream } from './data.mjs';
import { loadPackage } from './package.mjs';

export const SPARSE = { rows: 100_000, cols: 2 ** 18, perRow: 100, seed: 11 };

function documents({ rows, cols, perRow, seed }) {
  const random = randomStream(seed);
  const hidden = new Float64Array(cols);
  for (let j = 0; j < cols; j++) if (random() < 0.05) hidden[j] = random() < 0.5 ? -1 : 1;
  const indptr = new Uint32Array(rows + 1);
  const indices = new Uint32Array(rows * perRow);
  const values = new Float64Array(rows * perRow);
  const labels = new Array(rows);
  const ids = new Set();
  for (let i = 0; i < rows; i++) {
    ids.clear();
    while (ids.size < perRow) ids.add(Math.floor(cols * random() ** 3));
    const sorted = [...ids].sort((a, b) => a - b);
    let s = 0;
    sorted.forEach((id, k) => {
      const v = random() < 0.8 ? 1 : 2;
      indices[i * perRow + k] = id;
      values[i * perRow + k] = v;
      s += hidden[id] * v;
    });
    indptr[i + 1] = (i + 1) * perRow;
    labels[i] = s >= 0 !== random() < 0.05 ? 'yes' : 'no';
  }
  return { csr: { indptr, indices, values, cols }, labels };
}

const records = ({ csr }, rows) =>
  Array.from({ length: rows }, (_, i) => {
    const record = {};
    for (let k = csr.indptr[i]; k < csr.indptr[i + 1]; k++) record[`t${csr.indices[k]}`] = csr.values[k];
    return record;
  });

const time = (fn) => {
  const start = performance.now();
  const result = fn();
  return { seconds: (performance.now() - start) / 1000, result };
};

// The child: every measurement on one set of documents.
async function measure(distDir) {
  const pw = await loadPackage(distDir);
  const docs = documents(SPARSE);
  const data = pw.Dataset.fromSparse(docs.csr, docs.labels);
  const options = { variant: 'averaged', maxEpochs: 1 };
  // Warm-up on a slice, then the timed epoch.
  const warm = 1000 * SPARSE.perRow;
  const slice = {
    indptr: docs.csr.indptr.subarray(0, 1001),
    indices: docs.csr.indices.subarray(0, warm),
    values: docs.csr.values.subarray(0, warm),
    cols: docs.csr.cols,
  };
  new pw.Perceptron(options).fit(slice, docs.labels.slice(0, 1000));
  const sparse = time(() => new pw.Perceptron(options).fit(data));
  const asRecords = records(docs, SPARSE.rows);
  const hashed = time(() => new pw.Perceptron({ ...options, hashing: { bits: 18 } }).fit(asRecords, docs.labels));
  let winkResult;
  try {
    const { default: perceptron } = await import('wink-perceptron');
    const examples = asRecords.map((features, i) => [features, { label: docs.labels[i] }]);
    const learn = (part) => {
      const model = perceptron();
      model.defineConfig({ maxIterations: 1, shuffleData: false });
      model.learn(part);
    };
    learn(examples.slice(0, 1000));
    const { version } = createRequire(import.meta.url)('wink-perceptron/package.json');
    winkResult = { seconds: time(() => learn(examples)).seconds, version };
  } catch (error) {
    winkResult = { skipped: `wink-perceptron: ${error.message.split('\n')[0]}` };
  }
  return { sparse: sparse.seconds, mistakes: sparse.result.mistakes, hashed: hashed.seconds, wink: winkResult };
}

if (process.argv[2] === 'child') {
  process.send(await measure(process.argv[3]));
  process.exit(0);
}

/** Rows [measure, result, goal, pass] and notes for bench/run.mjs's table. */
export async function sparseBench({ distDir, progress }) {
  progress(
    `sparse: ${SPARSE.rows.toLocaleString('en-US')} documents x 2^18 features, ~${SPARSE.perRow} non-zeros each`,
  );
  const r = await new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['child', distDir], { execArgv: ['--max-old-space-size=8192'] });
    child.on('message', resolve);
    child.on('exit', (code) => code && reject(new Error(`bench/sparse.mjs child exited with ${code}`)));
  });
  const nnz = SPARSE.rows * SPARSE.perRow;
  const rate = (seconds) => `${(nnz / seconds / 1e6).toFixed(1)} M non-zeros/s (${seconds.toFixed(3)} s)`;
  const rows = [
    ['sparse: perceptron-wasm, averaged, 1 epoch on a sparse Dataset (CSR)', rate(r.sparse), '', ''],
    ['sparse: perceptron-wasm, the same from records {t123: 1} with hashing: {bits: 18}', rate(r.hashed), '', ''],
  ];
  if (r.wink.skipped) {
    rows.push(['sparse: wink-perceptron, the same records', 'skipped', '', '']);
  } else {
    rows.push([`sparse: wink-perceptron ${r.wink.version}, the same records, 1 epoch`, rate(r.wink.seconds), '', '']);
    rows.push([
      'sparse: perceptron-wasm on CSR / wink-perceptron',
      `${(r.wink.seconds / r.sparse).toFixed(0)}x`,
      '',
      '',
    ]);
    rows.push([
      'sparse: perceptron-wasm from records / wink-perceptron',
      `${(r.wink.seconds / r.hashed).toFixed(1)}x`,
      '',
      '',
    ]);
  }
  const notes = [
    `Sparse (bench/sparse.mjs): ${SPARSE.rows.toLocaleString('en-US')} documents, 2^18 features, ${SPARSE.perRow} ` +
      `non-zeros each (Zipf-like term ids, seed ${SPARSE.seed}); one epoch of the averaged perceptron, ` +
      `${r.mistakes.toLocaleString('en-US')} mistakes. From records the time includes hashing every name ` +
      '(MurmurHash3 of its UTF-8) and building the CSR rows; wink-perceptron reads the records themselves.',
  ];
  return { rows, notes };
}
