// perceptron-wasm/playground from a CDN: the packed package installed, its folder served by path
// as npm CDNs serve packages (CORS, application/wasm) on one origin (localhost), and a course page
// on another (127.0.0.1) made of the embedding guide's snippet, the guide's CDN address replaced
// by this one, under the guide's Content-Security-Policy for a CDN (as a header). In Chromium:
// the element draws, Train trains in its Worker (started through a blob: module), with no console
// error, failed request or CSP violation; with blob: left out of worker-src, Train trains on the
// page with the same results, the element says so, and the refused Worker is the only problem.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { LAUNCH, shots } from '../e2e/browser.mjs';
import { freshApp, root, serveFolder, watchTab } from './helpers.mjs';

const GUIDE = readFileSync(join(root, 'docs/playground.md'), 'utf8');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The guide's placeholder CDN: its origin, and the package's folder there. */
const CDN = 'https://cdn.example';
const PACKAGE_PATH = `/npm/perceptron-wasm@${version}/`;
/** The guide's ```html block that loads the element from the CDN. */
const SNIPPET = [...GUIDE.matchAll(/^```html\n([\s\S]*?)\n```$/gm)].map((m) => m[1]).find((b) => b.includes(CDN));
/** The policy the guide lists for a page that loads the element from the CDN. */
const POLICY = [...GUIDE.matchAll(/^Content-Security-Policy: (.+)$/gm)].map((m) => m[1]).find((p) => p.includes(CDN));
const NOTE = "Training runs on this page: the page's Content-Security-Policy does not allow the package's Worker.";

let browser;
let cdn;
let app;
before(async () => {
  assert.ok(SNIPPET, 'docs/playground.md has no ```html block loading the element from https://cdn.example');
  assert.ok(SNIPPET.includes(`${CDN}${PACKAGE_PATH}`), `the snippet pins the package's version, ${version}`);
  assert.ok(POLICY, 'docs/playground.md lists no Content-Security-Policy for https://cdn.example');
  app = await freshApp({});
  // The CDN: the installed package at /npm/perceptron-wasm@<version>/, as npm CDNs lay it out.
  const served = join(app, 'cdn');
  mkdirSync(join(served, 'npm'), { recursive: true });
  symlinkSync(join(app, 'node_modules/perceptron-wasm'), join(served, 'npm', `perceptron-wasm@${version}`));
  cdn = await serveFolder(served, { policy: null, headers: { 'Access-Control-Allow-Origin': '*' } });
  browser = await chromium.launch(LAUNCH);
});
after(async () => {
  await browser?.close();
  await cdn?.close();
});

/**
 * A course page made of the snippet, served under `policy` (the CDN's origin in place of the
 * guide's), opened in Chromium; Train pressed once the element is drawn (and beforeTrain(tab) has
 * run). Returns what the element showed and what went wrong: {before (what beforeTrain gave),
 * state, report, note, workers, problems, violations, requests}.
 */
async function trainOnCoursePage(policy, { beforeTrain, shot } = {}) {
  const origin = `http://localhost:${cdn.port}`;
  const folder = join(app, `course-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  const snippet = SNIPPET.replaceAll(CDN, origin);
  writeFileSync(join(folder, 'index.html'), `<!doctype html>\n<title>A course page</title>\n${snippet}\n`);
  writeFileSync(join(folder, 'favicon.ico'), '');
  const course = await serveFolder(folder, { policy: policy.replaceAll(CDN, origin) });
  const tab = await browser.newPage();
  try {
    const { problems, requests, workers, violations } = await watchTab(tab);
    await tab.goto(course.url);
    await tab.waitForFunction(() => document.querySelector('perceptron-playground')?.dataset.ready, null, {
      timeout: 30_000,
    });
    assert.equal(await tab.getAttribute('perceptron-playground', 'data-ready'), 'true', problems.join('\n'));
    const before = await beforeTrain?.(tab);
    const trained = tab.evaluate(
      () =>
        new Promise((resolve) => {
          const element = document.querySelector('perceptron-playground');
          element.addEventListener('trained', (event) => resolve(event.detail), { once: true });
        }),
    );
    await tab.locator('perceptron-playground #train').click();
    const report = await trained;
    await tab.waitForFunction(() => !document.querySelector('perceptron-playground').playground.getState().busy);
    const state = await tab.evaluate(() => {
      const { modelJson, history, t, epoch, mistakes, trace, dataset, model } = document
        .querySelector('perceptron-playground')
        .playground.getState();
      return { modelJson, history, t, epoch, mistakes, trace, dataset, model };
    });
    const note = await tab.locator('perceptron-playground #thread-note');
    if (shot) await tab.screenshot({ path: `${shots}/${shot}.png` });
    return {
      before,
      state,
      report,
      note: (await note.isVisible()) ? await note.textContent() : null,
      workers,
      problems,
      violations: await violations(),
      requests,
    };
  } finally {
    await tab.close();
    await course.close();
  }
}

let inWorker; // the first test's training, which the second must repeat on the page

describe('perceptron-wasm/playground from a CDN, on a course page of another origin, in Chromium', () => {
  it("the guide's snippet under the guide's policy: the element draws and trains in its Worker", async (t) => {
    const run = await trainOnCoursePage(POLICY, { shot: 'cdn-worker' });
    assert.deepEqual(run.problems, []);
    assert.deepEqual(run.violations, []);
    assert.equal(run.note, null, 'no notice: the Worker ran');
    assert.equal(run.state.dataset, 'iris');
    assert.ok(run.report.steps > 0 && run.state.history.length === run.report.epochs, 'trained');
    // The Worker started from a blob: module of the page's origin; everything else from the CDN.
    assert.equal(run.workers.length, 1, run.workers.join(', '));
    assert.match(run.workers[0], /^blob:http:\/\/127\.0\.0\.1:/);
    const fromCdn = (file) => run.requests.includes(`http://localhost:${cdn.port}${PACKAGE_PATH}${file}`);
    for (const file of ['dist/playground/index.js', 'dist/worker.js', 'dist/perceptron-core.wasm', 'data/iris.csv']) {
      assert.ok(fromCdn(file), `${file} from the CDN`);
    }
    t.diagnostic(`epochs ${run.report.epochs}, mistakes ${run.report.mistakes}, ${run.requests.length} requests`);
    inWorker = run;
  });

  it('worker-src without blob:: Train trains on the page, with the same results, and says so', async () => {
    const policy = POLICY.replace(/(worker-src[^;]*) blob:/, '$1');
    assert.notEqual(policy, POLICY);
    const run = await trainOnCoursePage(policy, { shot: 'cdn-page-thread' });
    // The one problem: the browser's refusal of the blob: Worker, said once in the console.
    assert.deepEqual(run.violations, ['worker-src blob']);
    assert.equal(run.problems.length, 1, run.problems.join('\n'));
    assert.match(
      run.problems[0],
      /^console: Creating a worker from 'blob:http:\/\/127\.0\.0\.1:\d+\/[-\w]+' violates the following Content Security Policy directive: "worker-src 'self' http:\/\/localhost:\d+"\. The action has been blocked\.$/,
    );
    assert.equal(run.note, NOTE);
    assert.ok(run.report.steps > 0, 'trained');
    if (inWorker) {
      assert.deepEqual(run.report, inWorker.report);
      assert.deepEqual(run.state, inWorker.state);
    }
  });

  it('worker-src without blob:: a CSV file over 4 MB is read on the page, then trained on', async () => {
    const policy = POLICY.replace(/(worker-src[^;]*) blob:/, '$1');
    // The upload's Worker is refused first: the file is streamed on the page, and Train follows.
    const run = await trainOnCoursePage(policy, {
      beforeTrain: (tab) =>
        tab.evaluate(async () => {
          const lines = ['x,y,label'];
          for (let i = 0; lines.length < 200_000; i++) {
            const [x, y] = [Math.sin(i) * 3, Math.cos(i * 1.7) * 2];
            lines.push(`${x.toFixed(6)},${y.toFixed(6)},${x + y > 0 ? 'up' : 'down'}`);
          }
          const file = new File([lines.join('\n') + '\n'], 'big.csv', { type: 'text/csv' });
          const element = document.querySelector('perceptron-playground');
          const problem = await element.playground.dataControls.upload.loadFile(file);
          return { size: file.size, problem, rows: element.playground.getState().points.length };
        }),
    });
    assert.ok(run.before.size > 4_000_000, `${run.before.size} bytes: read in the background`);
    assert.equal(run.before.problem, null);
    assert.equal(run.before.rows, 199_999);
    assert.equal(run.state.dataset, 'csv');
    assert.deepEqual(run.violations, ['worker-src blob']);
    assert.equal(run.problems.length, 1, run.problems.join('\n'));
    assert.equal(run.note, NOTE);
    assert.ok(run.report.steps > 0, 'trained');
  });
});
