// perceptron-wasm/worker (dist/worker-client.js + dist/worker.js) in headless Chromium, driven by
// playwright-core, against the dev server (scripts/serve.mjs, which mounts dist/ at /pkg/).
// A blank page served at the server's origin with the server's strict CSP imports the client
// from /pkg/worker-client.js, as a page would import `perceptron-wasm/worker`.
//   node --test tests/e2e/worker.test.mjs          (needs a build: dist/)
// The tests run in order on one page and one worker: the 100 MB Dataset read first is trained
// on next.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { LAUNCH } from './browser.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TARGET_MB = 100;
// The longest the page's main thread may go without running a 10 ms timer while the worker reads.
const MAX_GAP_MS = 200;

let server;
let browser;
let context;
let page;
const problems = [];

before(async () => {
  assert.ok(existsSync(`${root}dist/worker-client.js`), 'dist/worker-client.js is missing: run `npm run build` first');
  server = await startServer({ port: 0, quiet: true });
  browser = await chromium.launch(LAUNCH);
  context = await browser.newContext();
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // The server's own policy (script-src 'self' 'wasm-unsafe-eval', no eval) on the test page too.
  const policy = (await fetch(`${server.url}pkg/index.js`)).headers.get('content-security-policy');
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'/);
  const pageUrl = `${server.url}worker-e2e.html`;
  await page.route(pageUrl, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      headers: { 'Content-Security-Policy': policy },
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>worker e2e</title></head><body></body></html>',
    }),
  );
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(pageUrl);
  await page.evaluate(async () => {
    window.client = await import('/pkg/worker-client.js');
    window.pkg = await import('/pkg/index.js');
    window.w = window.client.createWorker();
    // A CSV of `cols` numeric features and a ±1 label (y = sign(w.x), 2% flipped: no epoch is
    // mistake-free), as a Blob of about targetBytes: one ~1 MB block of rows repeated.
    window.makeCsv = (targetBytes, { cols = 8, blockBytes = 1 << 20, seed = 1 } = {}) => {
      let state = seed >>> 0;
      const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
      const truth = Array.from({ length: cols }, () => random() * 2 - 1);
      const lines = [];
      let bytes = 0;
      while (bytes < Math.min(blockBytes, targetBytes)) {
        const x = Array.from({ length: cols }, () => Math.round((random() * 2 - 1) * 1e4) / 1e4);
        let y = x.reduce((s, v, j) => s + v * truth[j], 0) >= 0 ? 1 : -1;
        if (random() < 0.02) y = -y;
        const line = `${x.join(',')},${y}\n`;
        lines.push(line);
        bytes += line.length;
      }
      const block = lines.join('');
      const repeats = Math.max(1, Math.round(targetBytes / block.length));
      const header = `${Array.from({ length: cols }, (_, j) => `x${j + 1}`).join(',')},y\n`;
      const blob = new Blob([header, ...Array(repeats).fill(block)], { type: 'text/csv' });
      return { blob, text: repeats === 1 ? header + block : null, rows: lines.length * repeats, cols };
    };
    window.sameBits = (await import('/test/same-bits.js')).sameBits;
    // How a rejection looks from the page: its class and fields.
    window.rejection = async (promise) => {
      try {
        await promise;
        return null;
      } catch (error) {
        return {
          name: error.name,
          message: error.message,
          line: error.line,
          column: error.column,
          isCsvError: error instanceof window.client.CsvError,
          isPackageCsvError: error instanceof window.pkg.CsvError,
          isRangeError: error instanceof RangeError,
          isTypeError: error instanceof TypeError,
          isDOMException: error instanceof DOMException,
        };
      }
    };
  });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('perceptron-wasm/worker', () => {
  test(`loadCsv reads a ~${TARGET_MB} MB Blob in the worker while the main thread stays responsive`, async () => {
    const figures = await page.evaluate(async (targetMB) => {
      const made = window.makeCsv(targetMB * 1e6);
      window.big = made;
      const baseline = await window.w.memory();
      const progress = [];
      let maxGap = 0;
      let ticks = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
        ticks += 1;
      }, 10);
      const start = performance.now();
      let summary;
      try {
        summary = await window.w.loadCsv(made.blob, {
          label: 'y',
          onProgress: (p) => progress.push({ ...p, at: performance.now() - start }),
        });
      } finally {
        clearInterval(timer);
      }
      const seconds = (performance.now() - start) / 1000;
      // The gap up to the last tick, too (a freeze at the very end would not show otherwise).
      maxGap = Math.max(maxGap, performance.now() - last);
      window.summary = summary;
      return {
        summary,
        progress,
        seconds,
        maxGap,
        ticks,
        rows: made.rows,
        cols: made.cols,
        size: made.blob.size,
        baseline,
      };
    }, TARGET_MB);
    const { summary, progress, seconds, maxGap, ticks, size } = figures;
    const mbps = size / 1e6 / seconds;
    console.log(
      `worker loadCsv: ${(size / 1e6).toFixed(1)} MB, ${summary.rows} rows x ${summary.cols} cols in ` +
        `${seconds.toFixed(2)} s (${mbps.toFixed(0)} MB/s); ${progress.length} progress events; ` +
        `main thread: ${ticks} timer ticks, longest gap ${maxGap.toFixed(1)} ms`,
    );
    assert.ok(size >= TARGET_MB * 0.95e6, `the CSV is ~${TARGET_MB} MB (${size} bytes)`);
    assert.equal(summary.rows, figures.rows);
    assert.equal(summary.cols, figures.cols);
    assert.equal(summary.dtype, 'float64');
    assert.equal(summary.droppedRows, 0);
    assert.equal(summary.bytes, size);
    assert.deepEqual(summary.featureNames, ['x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7', 'x8']);
    assert.deepEqual(summary.classes, [-1, 1]);
    assert.equal(typeof summary.datasetId, 'number');
    // Progress: several events while reading, in order, the last one complete.
    assert.ok(progress.length >= 3, `progress events arrived while reading (${progress.length})`);
    for (let k = 1; k < progress.length; k++) {
      assert.ok(progress[k].bytesRead >= progress[k - 1].bytesRead, 'bytesRead grows');
      assert.ok(progress[k].rows >= progress[k - 1].rows, 'rows grow');
    }
    assert.ok(progress.every((p) => p.totalBytes === size));
    assert.deepEqual(progress.at(-1), { ...progress.at(-1), bytesRead: size, rows: summary.rows });
    assert.ok(progress[0].at < seconds * 1000 * 0.8, 'the first progress event came well before the end');
    // The main thread ran its timer all along.
    assert.ok(maxGap < MAX_GAP_MS, `longest main-thread gap ${maxGap.toFixed(1)} ms < ${MAX_GAP_MS} ms`);
    assert.ok(ticks >= (seconds * 1000) / 10 / 3, `the 10 ms timer ticked ${ticks} times in ${seconds.toFixed(2)} s`);
    const memory = await page.evaluate(() => window.w.memory());
    assert.equal(memory.datasets, 1);
    assert.ok(memory.inUse - figures.baseline.inUse >= summary.rows * summary.cols * 8, 'the matrix is in the worker');
  });

  test('fit trains on the Dataset by id: weights of the right length, fit report, epochs reported', async () => {
    const { result, epochs, seconds } = await page.evaluate(async () => {
      const epochs = [];
      const start = performance.now();
      const result = await window.w.fit('Perceptron', { maxEpochs: 3 }, window.summary.datasetId, {
        onEpoch: (e) => epochs.push(e),
      });
      return { result, epochs, seconds: (performance.now() - start) / 1000 };
    });
    const rows = (await page.evaluate(() => window.summary.rows)) * 1;
    console.log(`worker fit: Perceptron, 3 epochs over ${rows} rows in ${seconds.toFixed(2)} s`);
    assert.equal(result.modelKind, 'Perceptron');
    assert.equal(result.weights.length, 8);
    assert.ok(result.weights.every(Number.isFinite));
    assert.equal(typeof result.bias, 'number');
    assert.equal(result.model.format, 'perceptron-wasm/Perceptron');
    assert.deepEqual(result.model.weights, result.weights);
    assert.equal(result.report.epochs, 3, 'noisy labels: no mistake-free epoch, so maxEpochs');
    assert.equal(result.report.steps, 3 * rows);
    assert.equal(result.report.converged, false);
    assert.deepEqual(epochs, result.report.history, 'onEpoch saw every epoch of the report, in order');
    assert.equal(result.trace, undefined);
  });

  test('every model kind: the worker gives exactly what fit gives on the main thread', async () => {
    const outcome = await page.evaluate(async () => {
      const pw = await window.pkg.default();
      const { text } = window.makeCsv(60_000, { blockBytes: 60_000, seed: 7 });
      const summary = await window.w.loadCsv(text, { label: 'y' });
      const local = pw.Dataset.fromCsv(text, { label: 'y' });
      // A ReadableStream is transferred to the worker and streamed there.
      const streamed = await window.w.loadCsv(new Blob([text]).stream(), { label: 'y' });
      await window.w.dispose(streamed);
      const cases = [
        ['Perceptron', { order: 'shuffle', seed: 3, maxEpochs: 20, variant: 'averaged' }],
        ['MulticlassPerceptron', { maxEpochs: 5, strategy: 'ovr' }],
        ['KernelPerceptron', { maxEpochs: 2, kernel: 'rbf' }],
        ['Winnow', { balanced: true, maxEpochs: 5 }],
        ['PassiveAggressive', { maxEpochs: 5 }],
      ];
      const out = [];
      for (const [kind, options] of cases) {
        const remote = await window.w.fit(kind, options, summary.datasetId);
        const model = new pw[kind](options);
        const report = model.fit(local);
        out.push({ kind, same: JSON.stringify(remote.model) === JSON.stringify(model.toJSON()), remote, report });
        model.dispose();
      }
      // trace: every step, as fit's onStep records them.
      const steps = [];
      const small = { maxEpochs: 2, seed: 5, order: 'shuffle' };
      const traced = await window.w.fit('Perceptron', small, summary, { trace: true });
      const model = new pw.Perceptron(small);
      model.fit(local, undefined, { onStep: (s) => void steps.push(s) });
      const traceSame = JSON.stringify(traced.trace) === JSON.stringify(steps);
      model.dispose();
      local.dispose();
      const disposed = [await window.w.dispose(summary.datasetId), await window.w.dispose(summary.datasetId)];
      const afterDispose = await window.rejection(window.w.fit('Perceptron', {}, summary.datasetId));
      return {
        streamed: { rows: streamed.rows, cols: streamed.cols, bytes: streamed.bytes },
        expected: { rows: summary.rows, cols: summary.cols, bytes: text.length },
        out,
        traceSame,
        traceLength: traced.trace.length,
        steps: traced.report.steps,
        disposed,
        afterDispose,
        rows: summary.rows,
      };
    });
    assert.deepEqual(outcome.streamed, outcome.expected, 'a ReadableStream reads as the text does');
    for (const { kind, same, remote, report } of outcome.out) {
      assert.ok(same, `${kind}: the worker's toJSON() is the main thread's`);
      assert.deepEqual(remote.report, report, `${kind}: the same report`);
    }
    assert.ok(outcome.traceSame, 'trace: the worker gives onStep records');
    assert.equal(outcome.traceLength, outcome.steps);
    assert.deepEqual(outcome.disposed, [true, false]);
    assert.equal(outcome.afterDispose.name, 'RangeError');
    assert.match(outcome.afterDispose.message, /datasetId \d+ was disposed/);
  });

  test('a loadCsv aborted midway by its signal rejects with AbortError and frees what it read', async () => {
    const outcome = await page.evaluate(async () => {
      const before = await window.w.memory();
      const controller = new AbortController();
      let abortedAt = null;
      const progress = [];
      const error = await window.rejection(
        window.w.loadCsv(window.big.blob, {
          label: 'y',
          signal: controller.signal,
          onProgress: (p) => {
            progress.push(p);
            if (p.bytesRead > 20e6 && abortedAt === null) {
              abortedAt = p.bytesRead;
              controller.abort();
            }
          },
        }),
      );
      // The worker answers the next request once the read has stopped.
      const after = await window.w.memory();
      return { error, abortedAt, progressAfter: progress.filter((p) => p.bytesRead > abortedAt).length, before, after };
    });
    assert.equal(outcome.error?.name, 'AbortError');
    assert.ok(outcome.error.isDOMException);
    assert.ok(outcome.abortedAt > 20e6 && outcome.abortedAt < 90e6, `aborted midway, at ${outcome.abortedAt} bytes`);
    assert.equal(outcome.progressAfter, 0, 'no progress after the abort');
    assert.equal(outcome.after.datasets, outcome.before.datasets, 'no Dataset kept');
    assert.equal(outcome.after.requests, 0, 'the read stopped in the worker');
    assert.ok(
      outcome.after.inUse <= outcome.before.inUse + 64 * 1024,
      `the partial read was freed (${outcome.before.inUse} -> ${outcome.after.inUse} bytes in use)`,
    );
  });

  test('cancel(promise) stops a long fit between slices and the worker goes on', async () => {
    const outcome = await page.evaluate(async () => {
      let cancelledAt = null;
      let promise;
      const epochs = [];
      promise = window.w.fit('Perceptron', { maxEpochs: 100000 }, window.summary.datasetId, {
        onEpoch: (e) => {
          epochs.push(e.epoch);
          if (cancelledAt === null) {
            cancelledAt = performance.now();
            window.w.cancel(promise);
          }
        },
      });
      const error = await window.rejection(promise);
      const rejectedAfter = performance.now() - cancelledAt;
      const again = window.w.cancel(promise);
      // The promise rejects at once; the worker stops at the end of its current slice.
      let memory = await window.w.memory();
      const busyAtFirst = memory.requests;
      while (memory.requests > 0 && performance.now() - cancelledAt < 5000) memory = await window.w.memory();
      const freeAfter = performance.now() - cancelledAt;
      return { error, again, memory, busyAtFirst, rejectedAfter, freeAfter, epochs };
    });
    assert.equal(outcome.error?.name, 'AbortError');
    assert.equal(outcome.again, false, 'a settled request is no longer pending');
    assert.equal(outcome.memory.datasets, 1);
    assert.equal(outcome.memory.requests, 0, 'the fit stopped in the worker');
    assert.ok(outcome.freeAfter < 1000, `the worker stopped ${outcome.freeAfter.toFixed(0)} ms after the cancel`);
    assert.deepEqual(outcome.epochs, [1], 'no epoch reported after the cancel');
    console.log(
      `worker fit cancelled after epoch 1: rejected in ${outcome.rejectedAfter.toFixed(0)} ms, worker stopped ` +
        `in ${outcome.freeAfter.toFixed(0)} ms (requests under way at the first look: ${outcome.busyAtFirst})`,
    );
  });

  test('errors cross as their class: CsvError with line and column, RangeError, TypeError', async () => {
    const outcome = await page.evaluate(async () => {
      const bad = 'a,b,y\n1,2,1\n3,x,-1\n';
      // A bad value deep inside a ~5 MB streamed file: its line is exact.
      const { blob, rows } = window.makeCsv(5e6, { blockBytes: 5e6, seed: 11 });
      const deep = new Blob([blob, '0.5,0.25,0.125,oops,0,0,0,0,1\n']);
      return {
        blob: await window.rejection(window.w.loadCsv(new Blob([bad]), { label: 'y' })),
        string: await window.rejection(window.w.loadCsv(bad, { label: 'y' })),
        bytes: await window.rejection(window.w.loadCsv(new TextEncoder().encode(bad).buffer, { label: 'y' })),
        deep: await window.rejection(window.w.loadCsv(deep, { label: 'y' })),
        deepLine: rows + 2,
        badOption: await window.rejection(window.w.loadCsv(bad, { missing: 'skip' })),
        badFile: await window.rejection(window.w.loadCsv(42)),
        badKind: await window.rejection(window.w.fit('Perceptrons', {}, window.summary.datasetId)),
        badModelOption: await window.rejection(window.w.fit('Perceptron', { maxEpochs: -1 }, window.summary.datasetId)),
        unknownDataset: await window.rejection(window.w.fit('Perceptron', {}, 9999)),
        datasets: (await window.w.memory()).datasets,
      };
    });
    for (const key of ['blob', 'string', 'bytes']) {
      const error = outcome[key];
      assert.equal(error?.name, 'CsvError', `${key}: ${JSON.stringify(error)}`);
      assert.ok(error.isCsvError && error.isPackageCsvError && error.isRangeError, `${key}: a pw.CsvError`);
      assert.equal(error.line, 3);
      assert.equal(error.column, 2);
      assert.match(error.message, /line 3, column 2/);
    }
    assert.equal(outcome.deep.name, 'CsvError');
    assert.equal(outcome.deep.line, outcome.deepLine);
    assert.equal(outcome.deep.column, 4);
    assert.equal(outcome.badOption.name, 'RangeError');
    assert.match(outcome.badOption.message, /missing/);
    assert.equal(outcome.badFile.name, 'TypeError');
    assert.ok(outcome.badFile.isTypeError);
    assert.equal(outcome.badKind.name, 'RangeError');
    assert.match(outcome.badKind.message, /modelKind/);
    assert.ok(outcome.badModelOption.isRangeError, JSON.stringify(outcome.badModelOption));
    assert.match(outcome.badModelOption.message, /maxEpochs/);
    assert.equal(outcome.unknownDataset.name, 'RangeError');
    assert.equal(outcome.datasets, 1, 'failed loads keep nothing');
  });

  test('loadArrays makes the Dataset fromArray makes; read gives its values and labels back, bit for bit', async () => {
    const outcome = await page.evaluate(async () => {
      const pw = await window.pkg.default();
      const w = window.w;
      const same = window.sameBits;
      const before = (await w.memory()).datasets;
      // number[][] with string labels and names.
      const rows = [
        [0.1, -0.2],
        [-0.0, 1e-300],
        [3.5, 2 ** 53],
        [-1.25, 0.3333333333333333],
      ];
      const labels = ['b', 'a', 'b', 'c'];
      const arrays = await w.loadArrays(rows, labels, { featureNames: ['p<b>', 'q'] });
      const arraysBack = await w.read(arrays);
      // {data, rows, cols} moved to the worker (transfer), numeric labels.
      const generated = pw.Dataset.generate('gaussians', { rows: 500, seed: 3 });
      const matrix = generated.toArray();
      const copy = matrix.data.slice();
      const y = generated.labels;
      const moved = await w.loadArrays(matrix, y, { transfer: true });
      const detached = { length: matrix.data.length, byteLength: matrix.data.buffer.byteLength };
      const movedBack = await w.read(moved.datasetId);
      // float32, no labels.
      const f32 = await w.loadArrays({ data: Float32Array.from(copy), rows: 500, cols: 2 }, null, { dtype: 'float32' });
      const f32Back = await w.read(f32);
      // A CSV read in the worker comes back as fromCsv reads it on the page.
      const text = 'a,b,label\n1,2,yes\n-0.5,1e-7,no\n3,4.25,yes\n';
      const csv = await w.loadCsv(text, { label: 'label' });
      const csvBack = await w.read(csv);
      const local = pw.Dataset.fromCsv(text, { label: 'label' });
      const localArray = local.toArray();
      // A fit on the worker's Dataset is fit on the page's arrays.
      const options = { order: 'shuffle', seed: 9, maxEpochs: 30 };
      const remote = await w.fit('Perceptron', options, moved);
      const model = new pw.Perceptron(options);
      model.fit({ data: copy, rows: 500, cols: 2 }, y);
      const fitSame = same(remote.model, model.toJSON());
      model.dispose();
      local.dispose();
      generated.dispose();
      const during = (await w.memory()).datasets;
      for (const id of [arrays, moved, f32, csv]) await w.dispose(id);
      return {
        arrays,
        arraysBack: { ...arraysBack, data: Array.from(arraysBack.data), type: arraysBack.data.constructor.name },
        arraysSame: same(Array.from(arraysBack.data), rows.flat()),
        moved,
        detached,
        movedSame: same(movedBack.data, copy),
        movedLabels: same(movedBack.labels, y),
        movedType: movedBack.data.constructor.name,
        f32: { summary: f32, type: f32Back.data.constructor.name, same: same(f32Back.data, Float32Array.from(copy)) },
        f32Labels: f32Back.labels,
        csvSame: same(csvBack.data, localArray.data),
        csvBack: { labels: csvBack.labels, featureNames: csvBack.featureNames, classes: csvBack.classes },
        fitSame,
        before,
        during,
        after: (await w.memory()).datasets,
      };
    });
    const { arrays, arraysBack } = outcome;
    assert.deepEqual(
      { ...arrays, datasetId: 0 },
      {
        datasetId: 0,
        kind: 'matrix',
        rows: 4,
        cols: 2,
        dtype: 'float64',
        featureNames: ['p<b>', 'q'],
        classes: ['a', 'b', 'c'],
        droppedRows: 0,
        bytes: 0,
        sparse: false,
      },
    );
    assert.equal(outcome.arraysSame, null, 'number[][] comes back bit for bit (-0, 1e-300, 2^53 kept)');
    assert.equal(arraysBack.type, 'Float64Array');
    assert.deepEqual([arraysBack.rows, arraysBack.cols], [4, 2]);
    assert.deepEqual(arraysBack.labels, ['b', 'a', 'b', 'c']);
    assert.deepEqual(arraysBack.featureNames, ['p<b>', 'q']);
    assert.deepEqual(arraysBack.classes, ['a', 'b', 'c']);
    assert.deepEqual(outcome.detached, { length: 0, byteLength: 0 }, 'transfer: true moved the buffer');
    assert.equal(outcome.moved.rows, 500);
    assert.deepEqual(outcome.moved.featureNames, ['x1', 'x2']);
    assert.deepEqual(outcome.moved.classes, [-1, 1]);
    assert.equal(outcome.movedSame, null, 'moved values come back bit for bit');
    assert.equal(outcome.movedLabels, null);
    assert.equal(outcome.movedType, 'Float64Array');
    assert.equal(outcome.f32.summary.dtype, 'float32');
    assert.equal(outcome.f32.type, 'Float32Array');
    assert.equal(outcome.f32.same, null);
    assert.deepEqual(outcome.f32.summary.classes, []);
    assert.equal(outcome.f32Labels, null, 'no labels: null');
    assert.equal(outcome.csvSame, null, "read gives fromCsv's values");
    assert.deepEqual(outcome.csvBack, {
      labels: ['yes', 'no', 'yes'],
      featureNames: ['a', 'b'],
      classes: ['no', 'yes'],
    });
    assert.equal(outcome.fitSame, null, "fit on a loadArrays Dataset: the page's model, bit for bit");
    assert.equal(outcome.during, outcome.before + 4);
    assert.equal(outcome.after, outcome.before);
  });

  test('loadArrays and read: bad arguments rejected with their name, nothing kept', async () => {
    const outcome = await page.evaluate(async () => {
      const w = window.w;
      const r = window.rejection;
      const before = (await w.memory()).datasets;
      const data = new Float64Array([1, 2, 3, 4]);
      return {
        notMatrix: await r(w.loadArrays('1,2', [1])),
        flat: await r(w.loadArrays([1, 2, 3], [1, -1, 1])),
        ragged: await r(w.loadArrays([[1, 2], [3]], [1, -1])),
        notNumber: await r(
          w.loadArrays(
            [
              [1, 2],
              [3, '4'],
            ],
            [1, -1],
          ),
        ),
        nan: await r(
          w.loadArrays(
            [
              [1, 2],
              [NaN, 4],
            ],
            [1, -1],
          ),
        ),
        shape: await r(w.loadArrays({ data, rows: 3, cols: 2 }, [1, -1, 1])),
        yType: await r(w.loadArrays([[1, 2]], 'a')),
        yLength: await r(
          w.loadArrays(
            [
              [1, 2],
              [3, 4],
            ],
            [1],
          ),
        ),
        yMixed: await r(
          w.loadArrays(
            [
              [1, 2],
              [3, 4],
            ],
            [1, 'a'],
          ),
        ),
        yBad: await r(
          w.loadArrays(
            [
              [1, 2],
              [3, 4],
            ],
            [1, null],
          ),
        ),
        names: await r(w.loadArrays([[1, 2]], [1], { featureNames: ['only one'] })),
        namesType: await r(w.loadArrays([[1, 2]], [1], { featureNames: 'ab' })),
        dtype: await r(w.loadArrays([[1, 2]], [1], { dtype: 'int8' })),
        unknown: await r(w.loadArrays([[1, 2]], [1], { label: 'y' })),
        transferArray: await r(w.loadArrays([[1, 2]], [1], { transfer: true })),
        transferType: await r(w.loadArrays({ data, rows: 2, cols: 2 }, [1, -1], { transfer: 'yes' })),
        readUnknown: await r(w.read(424242)),
        readType: await r(w.read('one')),
        after: (await w.memory()).datasets,
        before,
        dataKept: data.length,
      };
    });
    const expect = (key, name, pattern) => {
      const error = outcome[key];
      assert.equal(error?.name, name, `${key}: ${JSON.stringify(error)}`);
      assert.match(error.message, pattern, key);
      assert.match(error.message, /^(loadArrays|read): /, `${key} says where: ${error.message}`);
    };
    expect('notMatrix', 'TypeError', /X must be an array of rows/);
    expect('flat', 'TypeError', /X\[0\] must be an array of numbers/);
    expect('ragged', 'RangeError', /X\[1\] has 1/);
    expect('notNumber', 'TypeError', /X\[1\]\[1\] must be a number/);
    expect('nan', 'RangeError', /X.*row 1.*column 0|X\[1\]\[0\]/);
    expect('shape', 'RangeError', /X\.data must hold rows \* cols = 3 \* 2 = 6 values; received 4/);
    expect('yType', 'TypeError', /y must be an array of labels/);
    expect('yLength', 'RangeError', /y must have one label per row of X \(2\); received 1/);
    expect('yMixed', 'TypeError', /y must hold only numbers or only strings; y\[0\] is a number, y\[1\] is/);
    expect('yBad', 'TypeError', /y\[1\] must be a number or a string/);
    expect('names', 'RangeError', /featureNames/);
    expect('namesType', 'TypeError', /featureNames must be an array of strings/);
    expect('dtype', 'RangeError', /dtype must be 'float64' or 'float32'/);
    expect('unknown', 'TypeError', /unknown option "label"/);
    expect('transferArray', 'TypeError', /transfer.*\{data, rows, cols\}/);
    expect('transferType', 'TypeError', /option transfer must be true or false/);
    expect('readUnknown', 'RangeError', /datasetId 424242 is not a dataset of this worker/);
    expect('readType', 'RangeError', /datasetId "one"/);
    assert.equal(outcome.after, outcome.before, 'no Dataset kept by a failed call');
    assert.equal(outcome.dataKept, 4, 'a refused transfer leaves X as it was');
  });

  test("fit's epochWeights and trainError: each epoch's model, the page's bit for bit, every kind", async () => {
    const outcome = await page.evaluate(async () => {
      const pw = await window.pkg.default();
      const w = window.w;
      const same = window.sameBits;
      const FIELDS = {
        Perceptron: ['weights', 'bias'],
        MulticlassPerceptron: ['weights', 'biases'],
        Winnow: ['weights', 'negativeWeights', 'threshold'],
        PassiveAggressive: ['weights', 'bias'],
        KernelPerceptron: [],
      };
      const spacing = (e, n) => {
        let s = 1;
        while (e > s * n) s *= 2;
        return s;
      };
      const sets = {};
      for (const [name, kind, rows] of [
        ['gaussians', 'gaussians', 300],
        ['blobs', 'blobs', 240],
      ]) {
        const d = pw.Dataset.generate(kind, { rows, seed: 5, noise: 0.6 });
        sets[name] = { X: d.toArray(), y: d.labels };
        sets[name].summary = await w.loadArrays(sets[name].X, sets[name].y);
        d.dispose();
      }
      // The page's own: a trainer driven epoch by epoch, the getters and score after each.
      function local(kind, options, { X, y }, every) {
        const model = new pw[kind](options);
        const trainer = model.trainer(X, y);
        const events = [];
        for (let e = trainer.finishEpoch(), last = 0; e !== null && e.epoch > last; e = trainer.finishEpoch()) {
          last = e.epoch;
          const event = { ...e, trainError: 1 - model.score(X, y) };
          if (e.epoch % spacing(e.epoch, every) === 0) for (const key of FIELDS[kind]) event[key] = model[key];
          events.push(event);
        }
        for (const key of FIELDS[kind]) events.at(-1)[key] = model[key];
        const json = model.toJSON();
        model.dispose();
        return { events, json };
      }
      const cases = [
        ['Perceptron', { maxEpochs: 40 }, 'gaussians', true],
        ['Perceptron', { variant: 'averaged', order: 'shuffle', seed: 2, maxEpochs: 40 }, 'gaussians', true],
        ['Perceptron', { variant: 'pocket', maxEpochs: 25 }, 'gaussians', 4],
        ['MulticlassPerceptron', { maxEpochs: 30, order: 'shuffle', seed: 1 }, 'blobs', true],
        ['Winnow', { balanced: true, maxEpochs: 20 }, 'gaussians', true],
        ['PassiveAggressive', { maxEpochs: 15, order: 'shuffle' }, 'gaussians', true],
        ['PassiveAggressive', { maxEpochs: 15, mode: 'PA-II' }, 'blobs', 3],
        ['KernelPerceptron', { maxEpochs: 4, kernel: 'rbf' }, 'gaussians', true],
      ];
      const out = [];
      for (const [kind, options, set, epochWeights] of cases) {
        const events = [];
        const remote = await w.fit(kind, options, sets[set].summary, {
          epochWeights,
          trainError: true,
          onEpoch: (e) => events.push(e),
        });
        const expected = local(kind, options, sets[set], epochWeights === true ? Infinity : epochWeights);
        out.push({
          kind,
          options,
          epochs: events.length,
          withWeights: events.filter((e) => 'weights' in e || 'threshold' in e).map((e) => e.epoch),
          eventsSame: same(events, expected.events),
          modelSame: same(remote.model, expected.json),
          historySame: same(
            events.map(({ epoch, steps, mistakes }) => ({ epoch, steps, mistakes })),
            remote.report.history,
          ),
        });
      }
      // Classic: the weights are fit's own onEpoch weights.
      const fitEvents = [];
      const classic = new pw.Perceptron({ maxEpochs: 40 });
      classic.fit(sets.gaussians.X, sets.gaussians.y, {
        onEpoch: ({ epoch, weights, bias }) => void fitEvents.push({ epoch, weights, bias }),
      });
      classic.dispose();
      const events = [];
      await w.fit('Perceptron', { maxEpochs: 40 }, sets.gaussians.summary, {
        epochWeights: true,
        onEpoch: (e) => events.push(e),
      });
      const fitSame = same(
        events.map(({ epoch, weights, bias }) => ({ epoch, weights, bias })),
        fitEvents,
      );
      const noError = events.every((e) => !('trainError' in e));
      // n = 8 over 100 epochs: every epoch to 8, every 2nd to 16, ... every 16th to 128, and the last.
      const spaced = [];
      const long = await w.fit('Perceptron', { maxEpochs: 100 }, sets.gaussians.summary, {
        epochWeights: 8,
        onEpoch: (e) => 'weights' in e && spaced.push(e.epoch),
      });
      for (const { summary } of Object.values(sets)) await w.dispose(summary);
      return { out, fitSame, noError, fitEpochs: fitEvents.length, spaced, longEpochs: long.report.epochs };
    });
    for (const c of outcome.out) {
      const label = `${c.kind} ${JSON.stringify(c.options)}`;
      assert.ok(c.epochs >= 4, `${label}: several epochs (${c.epochs})`);
      assert.equal(c.eventsSame, null, `${label}: every epoch's event is the page's`);
      assert.equal(c.modelSame, null, `${label}: the model is the page's`);
      assert.equal(c.historySame, null, `${label}: one event per epoch of the report`);
    }
    const byKind = Object.fromEntries(
      outcome.out.map((c) => [`${c.kind}${c.options.variant ?? c.options.mode ?? ''}`, c]),
    );
    assert.deepEqual(byKind.Perceptron.withWeights.length, byKind.Perceptron.epochs, 'true: every epoch');
    assert.deepEqual(byKind.Perceptronpocket.withWeights, [1, 2, 3, 4, 6, 8, 12, 16, 24, 25], 'n = 4');
    assert.deepEqual(byKind.KernelPerceptron.withWeights, [], 'no weight vector for the kernel perceptron');
    assert.equal(outcome.fitSame, null, "classic: the weights of fit's onEpoch");
    assert.equal(outcome.fitEpochs, byKind.Perceptron.epochs);
    assert.ok(outcome.noError, 'trainError only when asked');
    assert.equal(outcome.longEpochs, 100);
    assert.deepEqual(
      outcome.spaced,
      [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 100],
      'n = 8: thinning as it goes, the last epoch always',
    );
  });

  test('fit with a validation set, ovr, trace: n and onProgress; option errors', async () => {
    const outcome = await page.evaluate(async () => {
      const pw = await window.pkg.default();
      const w = window.w;
      const same = window.sameBits;
      const r = window.rejection;
      const d = pw.Dataset.generate('gaussians', { rows: 400, seed: 8, noise: 0.7 });
      const v = pw.Dataset.generate('gaussians', { rows: 100, seed: 9, noise: 0.7 });
      const X = d.toArray();
      const y = d.labels;
      const train = await w.loadArrays(X, y);
      const validation = await w.loadArrays(v.toArray(), v.labels);
      // Validation: the core's errors; the last event carries the kept model's weights.
      const options = { maxEpochs: 60, patience: 4 };
      const events = [];
      const remote = await w.fit('Perceptron', options, train, {
        validation,
        epochWeights: true,
        trainError: true,
        onEpoch: (e) => events.push(e),
      });
      const model = new pw.Perceptron(options);
      const report = model.fit(X, y, { validation: { X: v } });
      const validated = {
        modelSame: same(remote.model, model.toJSON()),
        historySame: same(
          events.map(({ epoch, steps, mistakes, trainError, validationError }) => ({
            epoch,
            steps,
            mistakes,
            trainError,
            validationError,
          })),
          report.history,
        ),
        last: same(
          { weights: events.at(-1).weights, bias: events.at(-1).bias },
          { weights: model.weights, bias: model.bias },
        ),
        bestEpoch: report.bestEpoch,
        epochs: report.epochs,
      };
      model.dispose();
      // earlyStopping: the epochs of the rows kept for training (fewer than X's), each event
      // with that epoch's weights (the last: the kept model's) and the core's errors.
      const early = { earlyStopping: true, validationFraction: 0.2, patience: 3, maxEpochs: 80, order: 'shuffle' };
      const earlyEvents = [];
      const earlyRemote = await w.fit('Perceptron', early, train, {
        epochWeights: true,
        trainError: true,
        onEpoch: (e) => earlyEvents.push(e),
      });
      const earlyModel = new pw.Perceptron(early);
      const earlyTrainer = earlyModel.trainer(X, y);
      const earlyLocal = [];
      for (let e = earlyTrainer.finishEpoch(), last = 0; e !== null && e.epoch > last; e = earlyTrainer.finishEpoch()) {
        last = e.epoch;
        earlyLocal.push({ ...e, weights: earlyModel.weights, bias: earlyModel.bias });
      }
      Object.assign(earlyLocal.at(-1), { weights: earlyModel.weights, bias: earlyModel.bias });
      const earlyCase = {
        same: same(earlyEvents, earlyLocal),
        modelSame: same(earlyRemote.model, earlyModel.toJSON()),
        steps: earlyEvents[0].steps,
        stoppedEarly: earlyRemote.report.stoppedEarly,
      };
      earlyModel.dispose();
      // ovr: the merged epochs at the end, as the report has them.
      const blobs = pw.Dataset.generate('blobs', { rows: 90, seed: 2 });
      const multi = await w.loadArrays(blobs.toArray(), blobs.labels);
      const ovrEvents = [];
      const ovr = await w.fit('MulticlassPerceptron', { strategy: 'ovr', maxEpochs: 6 }, multi, {
        epochWeights: true,
        trainError: true,
        onEpoch: (e) => ovrEvents.push(e),
      });
      const ovrModel = new pw.MulticlassPerceptron({ strategy: 'ovr', maxEpochs: 6 });
      ovrModel.fit(blobs);
      const ovrCase = {
        eventsSame: same(ovrEvents, ovr.report.history),
        modelSame: same(ovr.model, ovrModel.toJSON()),
      };
      ovrModel.dispose();
      // trace: n keeps the first n steps; training goes on at full speed to fit's model.
      const traced = await w.fit('Perceptron', { maxEpochs: 5, order: 'shuffle', seed: 4 }, train, { trace: 250 });
      const steps = [];
      const tracedModel = new pw.Perceptron({ maxEpochs: 5, order: 'shuffle', seed: 4 });
      tracedModel.fit(X, y, { onStep: (s) => void (steps.length < 250 && steps.push(s)) });
      const traceCase = {
        length: traced.trace.length,
        truncated: traced.traceTruncated,
        same: same(traced.trace, steps),
        modelSame: same(traced.model, tracedModel.toJSON()),
      };
      tracedModel.dispose();
      const full = await w.fit('Perceptron', { maxEpochs: 2 }, train, { trace: 100000 });
      // onProgress: t grows to the report's steps.
      const progress = [];
      const progressed = await w.fit('Perceptron', { maxEpochs: 3000 }, train, { onProgress: (p) => progress.push(p) });
      const errors = {
        weightsAlone: await r(w.fit('Perceptron', {}, train, { epochWeights: true })),
        errorAlone: await r(w.fit('Perceptron', {}, train, { trainError: true })),
        weightsZero: await r(w.fit('Perceptron', {}, train, { epochWeights: 0, onEpoch() {} })),
        weightsType: await r(w.fit('Perceptron', {}, train, { epochWeights: 'all', onEpoch() {} })),
        traceFraction: await r(w.fit('Perceptron', {}, train, { trace: 2.5 })),
        errorType: await r(w.fit('Perceptron', {}, train, { trainError: 1, onEpoch() {} })),
        progressType: await r(w.fit('Perceptron', {}, train, { onProgress: 1 })),
        threeClasses: await r(w.fit('Perceptron', {}, multi)),
      };
      for (const id of [train, validation, multi]) await w.dispose(id);
      d.dispose();
      v.dispose();
      blobs.dispose();
      return {
        validated,
        earlyCase,
        ovrCase,
        ovrWeights: ovrEvents.some((e) => 'weights' in e || 'trainError' in e),
        traceCase,
        full: { length: full.trace.length, steps: full.report.steps, truncated: full.traceTruncated },
        progress,
        progressSteps: progressed.report.steps,
        errors,
      };
    });
    const { validated } = outcome;
    assert.equal(validated.modelSame, null, 'validation: the kept model is the page');
    assert.equal(validated.historySame, null, "validation: the core's trainError and validationError per epoch");
    assert.equal(validated.last, null, "the last event carries the kept model's weights");
    assert.ok(validated.bestEpoch < validated.epochs, `the kept epoch (${validated.bestEpoch}) is not the last`);
    assert.equal(outcome.earlyCase.same, null, "earlyStopping: each epoch's weights and the core's errors");
    assert.equal(outcome.earlyCase.modelSame, null);
    assert.equal(outcome.earlyCase.steps, 320, 'epochs of the 320 rows kept for training');
    assert.equal(outcome.earlyCase.stoppedEarly, true);
    assert.equal(outcome.ovrCase.eventsSame, null, "ovr: the report's merged epochs");
    assert.equal(outcome.ovrCase.modelSame, null);
    assert.equal(outcome.ovrWeights, false, 'ovr: no weights or trainError per epoch');
    assert.deepEqual(
      { ...outcome.traceCase },
      { length: 250, truncated: true, same: null, modelSame: null },
      'trace: 250 keeps the first 250 steps',
    );
    assert.deepEqual(outcome.full, { length: 800, steps: 800, truncated: undefined });
    assert.ok(outcome.progress.length >= 2, `progress events (${outcome.progress.length})`);
    for (let k = 1; k < outcome.progress.length; k++) assert.ok(outcome.progress[k].t >= outcome.progress[k - 1].t);
    assert.equal(outcome.progress.at(-1).t, outcome.progressSteps, 'the last progress is the end');
    const { errors } = outcome;
    for (const key of ['weightsAlone', 'errorAlone']) {
      assert.equal(errors[key]?.name, 'TypeError', key);
      assert.match(errors[key].message, /^fit: options epochWeights and trainError add to onEpoch's events/);
    }
    assert.equal(errors.weightsZero.name, 'RangeError');
    assert.match(
      errors.weightsZero.message,
      /^fit: option epochWeights must be true, false or an integer >= 1; received 0/,
    );
    assert.equal(errors.weightsType.name, 'TypeError');
    assert.match(errors.weightsType.message, /option epochWeights .* received "all"/);
    assert.equal(errors.traceFraction.name, 'RangeError');
    assert.match(errors.traceFraction.message, /option trace must be true, false or an integer >= 1; received 2.5/);
    assert.equal(errors.errorType.name, 'TypeError');
    assert.match(errors.errorType.message, /option trainError must be true or false/);
    assert.equal(errors.threeClasses.name, 'RangeError');
    assert.match(
      errors.threeClasses.message,
      /^Perceptron\.fit: y must hold exactly two distinct classes/,
      'said as fit says it',
    );
    assert.equal(errors.progressType.name, 'TypeError');
    assert.match(errors.progressType.message, /option onProgress must be a function/);
  });

  test('a fit with epochWeights and trainError cancelled by its signal stops at once', async () => {
    const outcome = await page.evaluate(async () => {
      const w = window.w;
      const xor = await w.loadArrays(
        [
          [0, 0],
          [1, 1],
          [0, 1],
          [1, 0],
        ],
        [-1, -1, 1, 1],
      );
      const controller = new AbortController();
      let abortedAt = null;
      let after = 0;
      const promise = w.fit('Perceptron', { maxEpochs: 1e6 }, xor, {
        epochWeights: 240,
        trainError: true,
        signal: controller.signal,
        onEpoch: (e) => {
          if (abortedAt !== null) after += 1;
          else if (e.epoch >= 1000) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
      });
      const error = await window.rejection(promise);
      const rejectedAfter = performance.now() - abortedAt;
      let memory = await w.memory();
      while (memory.requests > 0 && performance.now() - abortedAt < 5000) memory = await w.memory();
      const stoppedAfter = performance.now() - abortedAt;
      await w.dispose(xor);
      return { error, rejectedAfter, stoppedAfter, after, requests: memory.requests };
    });
    assert.equal(outcome.error?.name, 'AbortError');
    assert.ok(outcome.error.isDOMException);
    assert.equal(outcome.after, 0, 'no epoch delivered after the abort');
    assert.equal(outcome.requests, 0, 'the fit stopped in the worker');
    assert.ok(outcome.rejectedAfter < 50, `rejected ${outcome.rejectedAfter.toFixed(1)} ms after the abort`);
    assert.ok(outcome.stoppedAfter < 500, `the worker stopped ${outcome.stoppedAfter.toFixed(0)} ms after the abort`);
  });

  test("createWorker({thread: 'page'}): the same requests on the page's thread, the same results", async () => {
    const outcome = await page.evaluate(async () => {
      const onPage = window.client.createWorker({ thread: 'page' });
      const { text } = window.makeCsv(60_000, { blockBytes: 60_000, seed: 7 });
      const options = { order: 'shuffle', seed: 3, maxEpochs: 20 };
      const runs = [];
      for (const [client, file] of [
        [window.w, text],
        [onPage, new Blob([text])],
      ]) {
        const summary = await client.loadCsv(file, { label: 'y' });
        const epochs = [];
        const fitOptions = { trace: 50, epochWeights: true, trainError: true, onEpoch: (e) => void epochs.push(e) };
        const fitted = await client.fit('Perceptron', options, summary, fitOptions);
        const read = await client.read(summary);
        runs.push({ summary: { ...summary, datasetId: 0 }, fitted, epochs, read: Array.from(read.data.slice(0, 20)) });
        if (client === onPage) {
          const long = client.fit('Perceptron', { maxEpochs: 1_000_000 }, summary);
          await new Promise((resolve) => setTimeout(resolve, 50));
          client.cancel(long);
          runs.at(-1).cancelled = (await window.rejection(long))?.name;
        }
        await client.dispose(summary);
      }
      onPage.terminate();
      const later = (await window.rejection(onPage.memory()))?.name;
      let bad = null;
      try {
        window.client.createWorker({ thread: 'elsewhere' });
      } catch (error) {
        bad = `${error.name}: ${error.message}`;
      }
      return { runs: JSON.parse(JSON.stringify(runs)), later, bad };
    });
    const [inWorker, onPage] = outcome.runs;
    assert.deepEqual(onPage.summary, { ...inWorker.summary, bytes: onPage.summary.bytes });
    assert.deepEqual(onPage.fitted, inWorker.fitted);
    assert.deepEqual(onPage.epochs, inWorker.epochs);
    assert.equal(onPage.fitted.trace.length, 50);
    assert.deepEqual(onPage.read, inWorker.read);
    assert.equal(onPage.cancelled, 'AbortError');
    assert.equal(outcome.later, 'AbortError');
    assert.match(outcome.bad, /^RangeError: createWorker: option thread must be 'worker' or 'page'/);
  });

  test('dispose frees the 100 MB Dataset; terminate rejects what is pending; no CSP violation or console error', async () => {
    const outcome = await page.evaluate(async () => {
      const before = await window.w.memory();
      const disposed = await window.w.dispose(window.summary);
      const after = await window.w.memory();
      const pending = window.w.loadCsv(window.big.blob, { label: 'y' });
      window.w.terminate();
      const error = await window.rejection(pending);
      const later = await window.rejection(window.w.memory());
      return { before, disposed, after, error, later, violations: window.__cspViolations };
    });
    assert.equal(outcome.disposed, true);
    assert.equal(outcome.after.datasets, 0);
    assert.ok(outcome.before.inUse - outcome.after.inUse >= 8 * 8 * 1e6, 'the matrix was freed');
    assert.equal(outcome.error?.name, 'AbortError');
    assert.equal(outcome.later?.name, 'AbortError');
    assert.deepEqual(outcome.violations, []);
    assert.deepEqual(problems, []);
  });
});

test('under Node, perceptron-wasm/worker imports and createWorker says it needs a Web Worker', async () => {
  const { createWorker, CsvError } = await import('perceptron-wasm/worker');
  const { CsvError: PackageCsvError } = await import('perceptron-wasm');
  assert.equal(CsvError, PackageCsvError, 'the same CsvError class as the package entry');
  assert.throws(() => createWorker(), { name: 'TypeError', message: /needs a module Web Worker/ });
});
