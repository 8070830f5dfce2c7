// The installed package with no build step at all, in headless Chromium under a strict CSP: a
// page in a plain static folder importing it from node_modules by a relative path, a module
// Worker doing the same, and perceptron-wasm/worker's createWorker.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CMU, CMU_RESULT, TRAIN_CMU, freshApp, openInChromium, reportTo } from './helpers.mjs';

const PACKAGE = './node_modules/perceptron-wasm/dist';
const PAGE = '<!doctype html><title>loading</title><script type="module" src="main.js"></script>\n';
const toTitle = '(text) => { document.title = text; }';

describe('no build step, in Chromium', () => {
  it('a static folder: <script type="module"> imports the package by a relative path', async () => {
    const app = await freshApp({
      'index.html': PAGE,
      'main.js': `import load from '${PACKAGE}/index.js';
load().then((pw) => { ${TRAIN_CMU} return result; })${reportTo(toTitle)}\n`,
    });
    const { title, problems, requests } = await openInChromium(app);
    assert.deepEqual(problems, []);
    assert.equal(title, `result ${CMU_RESULT}`);
    assert.ok(requests.includes('node_modules/perceptron-wasm/dist/perceptron-core.wasm'));
    assert.ok(!requests.some((r) => r.includes('inline')), 'the inlined copy was not fetched');
  });

  it('a module Worker loads the package and trains in the worker', async () => {
    const app = await freshApp({
      'index.html': PAGE,
      'main.js': `const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
new Promise((resolve, reject) => {
  worker.onmessage = (event) => resolve(event.data);
  worker.onerror = (event) => reject(new Error(event.message));
})${reportTo(toTitle)}\n`,
      'worker.js': `import load from '${PACKAGE}/index.js';
load().then((pw) => { ${TRAIN_CMU} postMessage(result); }, (error) => postMessage('error ' + error));\n`,
    });
    const { title, problems } = await openInChromium(app);
    assert.deepEqual(problems, []);
    assert.equal(title, `result ${CMU_RESULT}`);
  });

  it("perceptron-wasm/worker: createWorker trains off the page's thread", async () => {
    const app = await freshApp({
      'index.html': PAGE,
      'main.js': `import { createWorker } from '${PACKAGE}/worker-client.js';
const worker = createWorker();
worker
  .loadArrays(${CMU})
  .then((dataset) => worker.fit('Perceptron', { fitIntercept: false, mistakeRule: 'sign' }, dataset))
  .then((fitted) => 'weights ' + JSON.stringify(fitted.weights) + ' mistakes ' + fitted.report.mistakes)
  .finally(() => worker.terminate())${reportTo(toTitle)}\n`,
    });
    const { title, problems } = await openInChromium(app);
    assert.deepEqual(problems, []);
    assert.equal(title, `result ${CMU_RESULT}`);
  });

  it("a host whose Content-Security-Policy lacks 'wasm-unsafe-eval': load() rejects naming it", async (t) => {
    const app = await freshApp({
      'index.html': PAGE,
      'main.js': `import load from '${PACKAGE}/index.js';
load().then((pw) => { ${TRAIN_CMU} return result; })${reportTo(toTitle)}\n`,
    });
    const { title, requests } = await openInChromium(app, 'index.html', {
      policy: "default-src 'self'; script-src 'self'",
    });
    t.diagnostic(title);
    assert.match(title, /^error Error: perceptron-wasm: .*Content-Security-Policy/);
    assert.match(title, /'wasm-unsafe-eval'/);
    assert.ok(!requests.some((r) => r.includes('inline')), 'the inlined copy, refused as well, was not fetched');
  });
});
