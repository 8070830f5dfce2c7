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
