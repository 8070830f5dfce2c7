// The page's memory after a big upload (`node bench/run.mjs heap`, issue 29): a generated CSV of
// about 100 MB (8 numeric features and a text label, seeded) chosen in the demo page's upload
// panel in headless Chromium (playwright-core, as the e2e tests start it) and loaded; the page's
// JavaScript heap is measured after a garbage collection (CDP HeapProfiler.collectGarbage, then
// Runtime.getHeapUsage: V8's used heap, and the ArrayBuffer backing stores that live outside it
// where this Chromium reports them) before the file is chosen and once the page shows the data.
// The goal (issue 29): the page's heap grows by less than 50 MB, the data staying in the Worker.
// The file is written to a temporary folder and removed after.
import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';
import { LAUNCH } from '../tests/e2e/browser.mjs';
import { randomStream } from './data.mjs';
import { openDemoPage } from './page.mjs';

const BYTES = 100e6;
const COLS = 8;
const SEED = 29;
const GOAL_MB = 50;
const root = fileURLToPath(new URL('..', import.meta.url));
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Writes a CSV of about `bytes` bytes: COLS features in [-10, 10] (4 decimals), a label up/down. */
export async function writeBigCsv(path, bytes = BYTES, seed = SEED) {
  const random = randomStream(seed);
  const out = createWriteStream(path);
  const header = `${Array.from({ length: COLS }, (_, j) => `f${j + 1}`).join(',')},label\n`;
  let size = header.length;
  let rows = 0;
  out.write(header);
  while (size < bytes) {
    const lines = [];
    for (let k = 0; k < 10_000 && size < bytes; k++) {
      const x = Array.from({ length: COLS }, () => (Math.round((random() * 20 - 10) * 1e4) / 1e4).toString());
      const line = `${x.join(',')},${Number(x[0]) + 0.5 * Number(x[1]) > 0 ? 'up' : 'down'}\n`;
      lines.push(line);
      size += line.length;
      rows += 1;
    }
    if (!out.write(lines.join(''))) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  return { rows, bytes: statSync(path).size };
}

// The page's heap after a full garbage collection: {used, backing} in bytes (backing: the
// ArrayBuffer backing stores, 0 where this Chromium does not report them).
async function heapOf(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  return { used: usage.usedSize, backing: usage.backingStorageSize ?? 0 };
}

/**
 * Runs the heap bench; progress(text) reports its steps. Resolves to {rows, notes} for
 * bench/run.mjs's table ([measure, result, goal, pass]), or a skipped row when Chromium or
 * dist/ is missing.
 */
export async function heapBench({ progress }) {
  const label = `Demo page's JS heap growth after a ${mb(BYTES)} CSV upload`;
  const executable = LAUNCH.executablePath;
  if (!existsSync(executable) || !existsSync(`${root}dist/worker-client.js`)) {
    const why = existsSync(executable) ? 'no dist/: run `npm run build` first' : `no Chromium at ${executable}`;
    return { rows: [[label, 'skipped', '', '']], notes: [`${label}: ${why} (CHROMIUM_PATH sets another).`] };
  }
  const folder = mkdtempSync(join(tmpdir(), 'pw-heap-'));
  const file = join(folder, 'big.csv');
  progress(`heap: writing a ${mb(BYTES)} CSV`);
  const { rows, bytes } = await writeBigCsv(file);
  const server = await startServer({ port: 0, quiet: true });
  const browser = await chromium.launch(LAUNCH);
  try {
    const { context, page, errors } = await openDemoPage(browser, server.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    await page.getByText('Upload a CSV file', { exact: true }).click();
    const before = await heapOf(cdp);

    progress(`heap: uploading ${mb(bytes)} (${rows.toLocaleString('en-US')} rows) to the page`);
    const started = Date.now();
    await page.getByLabel('CSV file', { exact: true }).setInputFiles(file);
    await page.getByRole('button', { name: 'Load data', exact: true }).click();
    await page.waitForFunction(
      () => {
        const state = window.perceptronDemo.getState();
        const alert = document.querySelector('perceptron-playground').shadowRoot.querySelector('.upload-alert');
        return state.dataset === 'csv' || alert?.textContent;
      },
      null,
      { timeout: 600_000, polling: 500 },
    );
    const seconds = (Date.now() - started) / 1000;
    const alert = await page.evaluate(
      () => document.querySelector('perceptron-playground').shadowRoot.querySelector('.upload-alert').textContent,
    );
    if (alert) throw new Error(`bench heap: the upload failed: ${alert}`);
    const shown = await page.evaluate(() => window.perceptronDemo.getState().points.length);
    const after = await heapOf(cdp);
    if (errors.length) throw new Error(`bench heap: the page reported errors: ${errors.join('; ')}`);
    const growth = after.used - before.used + (after.backing - before.backing);
    const rowsOut = [
      [
        label,
        `${mb(growth)} (heap ${mb(before.used)} -> ${mb(after.used)})`,
        `< ${GOAL_MB} MB`,
        growth < GOAL_MB * 1e6 ? 'yes' : 'NO',
      ],
    ];
    const notes = [
      `Heap bench: Chromium ${browser.version()} headless; a ${mb(bytes)} CSV of ${rows.toLocaleString('en-US')} rows x ${COLS} features ` +
        `(seed ${SEED}) loaded in ${seconds.toFixed(1)} s; the plane draws ${shown.toLocaleString('en-US')} points. Heap after a ` +
        `garbage collection (CDP Runtime.getHeapUsage): used ${mb(before.used)} -> ${mb(after.used)}, ArrayBuffer ` +
        `backing stores ${mb(before.backing)} -> ${mb(after.backing)}; the growth counts both.`,
    ];
    await context.close();
    return { rows: rowsOut, notes };
  } finally {
    await browser.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
