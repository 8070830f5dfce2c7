// perceptron-wasm/playground in the bundlers' default setups (no config file, no plugin): an app
// whose main module is `import 'perceptron-wasm/playground';` and whose page holds two elements,
// Iris (the data file found from the module's URL) and the default dataset. Built by Vite and by
// webpack 5 and served statically under the strict CSP, and served by Vite's dev server; in
// Chromium both elements draw and Train trains in the package's Worker, with no console error,
// failed request or CSP violation.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { LAUNCH } from '../e2e/browser.mjs';
import { bin, freshApp, runOk, serveFolder, viteDevServer, watchTab } from './helpers.mjs';

const MAIN = "import 'perceptron-wasm/playground';\n";
const ELEMENTS = `<perceptron-playground dataset="iris" model="MulticlassPerceptron"></perceptron-playground>
<perceptron-playground></perceptron-playground>`;
const page = (script, module = true) =>
  `<!doctype html>\n<title>playground</title>\n<script ${module ? 'type="module" ' : ''}src="${script}"></script>\n${ELEMENTS}\n`;

let browser;
before(async () => {
  browser = await chromium.launch(LAUNCH);
});
after(() => browser?.close());

/**
 * Opens `url`, waits for both elements to draw, presses Train in each and waits for its trained
 * event: {datasets, reports, workers, problems, violations, requests}.
 */
async function trainBoth(url) {
  const tab = await browser.newPage();
  try {
    const { problems, requests, workers, violations: violationsOf } = await watchTab(tab);
    await tab.goto(url);
    await tab.waitForFunction(
      () => [...document.querySelectorAll('perceptron-playground')].every((el) => el.dataset.ready),
      null,
      { timeout: 30_000 },
    );
    const elements = tab.locator('perceptron-playground');
    assert.equal(await elements.count(), 2);
    const reports = [];
    for (let k = 0; k < 2; k++) {
      assert.equal(await elements.nth(k).getAttribute('data-ready'), 'true', problems.join('\n'));
      const trained = elements.nth(k).evaluate(
        (element) =>
          new Promise((resolve, reject) => {
            element.addEventListener('trained', (e) => resolve(e.detail));
            const said = () => element.playground.getState().lastError;
            setTimeout(() => reject(new Error(`no trained event in 30 s; the element says: ${said()}`)), 30_000);
          }),
      );
      await elements.nth(k).locator('#train').click();
      reports.push(await trained);
    }
    const datasets = await tab.evaluate(() =>
      [...document.querySelectorAll('perceptron-playground')].map((el) => el.playground.getState().dataset),
    );
    const notes = await tab.evaluate(() =>
      [...document.querySelectorAll('perceptron-playground')].map(
        (el) => el.shadowRoot.getElementById('thread-note').hidden,
      ),
    );
    assert.deepEqual(notes, [true, true], 'trained in the Worker, not on the page');
    return { datasets, reports, workers, problems, violations: await violationsOf(), requests };
  } finally {
    await tab.close();
  }
}

function checkRun(run, t) {
  assert.deepEqual(run.problems, []);
  assert.deepEqual(run.violations, []);
  assert.deepEqual(run.datasets, ['iris', 'separable']);
  for (const report of run.reports) assert.ok(report.steps > 0, 'trained');
  assert.equal(run.workers.length, 2, `one Worker per element: ${run.workers.join(', ')}`);
  // Iris drew (else the element falls back to its default dataset): fetched, or inlined by Vite.
  assert.ok(
    run.requests.some((r) => r.endsWith('.wasm')),
    'the .wasm',
  );
  const paths = run.requests.map((r) => new URL(r).pathname);
  t.diagnostic(`${paths.length} requests: ${paths.filter((path) => !path.includes('/dist/js/')).join(', ')}`);
}

describe("import 'perceptron-wasm/playground' in bundlers, in Chromium", () => {
  it('Vite: `vite build`, served statically', async (t) => {
    const app = await freshApp({ 'index.html': page('/src/main.js'), 'src/main.js': MAIN });
    await runOk(bin('vite'), ['build'], { cwd: app });
    const server = await serveFolder(join(app, 'dist'));
    try {
      checkRun(await trainBoth(server.url), t);
    } finally {
      await server.close();
    }
  });

  it('Vite: the dev server (`vite`)', async (t) => {
    const app = await freshApp({ 'index.html': page('/src/main.js'), 'src/main.js': MAIN });
    const vite = await viteDevServer(app);
    try {
      checkRun(await trainBoth(vite.url), t);
    } finally {
      vite.close();
    }
  });

  it('webpack 5: `webpack --mode production`, served statically', async (t) => {
    const app = await freshApp({ 'src/index.js': MAIN });
    await runOk(bin('webpack'), ['--mode', 'production'], { cwd: app });
    writeFileSync(join(app, 'dist/index.html'), page('main.js', false));
    const server = await serveFolder(join(app, 'dist'));
    try {
      checkRun(await trainBoth(server.url), t);
    } finally {
      await server.close();
    }
  });
});
