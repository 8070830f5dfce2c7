// The installed package in the bundlers' default setups (no config file, no plugin, no copy
// step), built for browsers and run in headless Chromium under a strict CSP: Vite, webpack 5
// and esbuild (ES module and its default IIFE output), plus an esbuild bundle for Node. Vite
// and webpack copy perceptron-core.wasm from `new URL('../perceptron-core.wasm',
// import.meta.url)`; esbuild leaves it behind, and the package then loads the copy inlined in
// its bundle (dist/perceptron-core-inline.js).
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  CMU,
  CMU_RESULT,
  TRAIN_CMU,
  bin,
  freshApp,
  openInChromium,
  openUrl,
  reportTo,
  runOk,
  viteDevServer,
} from './helpers.mjs';

// What a user writes: no top-level await, so that the same file suits esbuild's IIFE output.
const program = (sink) => `import load from 'perceptron-wasm';
load()
  .then((pw) => {
    ${TRAIN_CMU.replaceAll('\n', '\n    ')}
    return result;
  })
  ${reportTo(sink)}
`;
const MAIN = program('(text) => { document.title = text; }');
// The same training in perceptron-wasm/worker's module Worker, which the bundler must bundle too.
const IN_WORKER = `import { createWorker } from 'perceptron-wasm/worker';
const worker = createWorker();
worker
  .loadArrays(${CMU})
  .then((dataset) => worker.fit('Perceptron', { fitIntercept: false, mistakeRule: 'sign' }, dataset))
  .then((fitted) => 'weights ' + JSON.stringify(fitted.weights) + ' mistakes ' + fitted.report.mistakes)
  .finally(() => worker.terminate())
  ${reportTo('(text) => { document.title = text; }')}
`;
const EXPECTED = `result ${CMU_RESULT}`;
const page = (script, module = true) =>
  `<!doctype html><title>loading</title><script ${module ? 'type="module" ' : ''}src="${script}"></script>\n`;

const wasmFiles = (dir) => readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.wasm'));

describe('bundlers, default setups, in Chromium', () => {
  it('Vite: `vite build` copies the .wasm as an asset', async (t) => {
    const app = await freshApp({ 'index.html': page('/src/main.js'), 'src/main.js': MAIN });
    await runOk(bin('vite'), ['build'], { cwd: app });
    assert.equal(wasmFiles(join(app, 'dist')).length, 1);
    const { title, problems, requests } = await openInChromium(join(app, 'dist'));
    assert.deepEqual(problems, []);
    assert.equal(title, EXPECTED);
    assert.ok(!requests.some((r) => r.includes('inline')), 'the inlined copy was not fetched');
    t.diagnostic(`requested ${requests.join(', ')}`);
  });

  it('Vite: the dev server (`vite`) serves the package as it is', async (t) => {
    const app = await freshApp({ 'index.html': page('/src/main.js'), 'src/main.js': MAIN });
    const vite = await viteDevServer(app);
    try {
      const { title, problems, requests } = await openUrl(vite.url);
      assert.deepEqual(problems, []);
      assert.equal(title, EXPECTED);
      assert.ok(requests.some((r) => r.endsWith('perceptron-core.wasm')));
      t.diagnostic(`requested ${requests.filter((r) => !r.includes('@vite')).join(', ')}`);
    } finally {
      vite.close();
    }
  });

  it('webpack 5: `webpack --mode production` emits the .wasm as an asset module', async (t) => {
    const app = await freshApp({ 'src/index.js': MAIN });
    await runOk(bin('webpack'), ['--mode', 'production'], { cwd: app });
    assert.equal(wasmFiles(join(app, 'dist')).length, 1);
    writeFileSync(join(app, 'dist/index.html'), page('main.js', false));
    const { title, problems, requests } = await openInChromium(join(app, 'dist'));
    assert.deepEqual(problems, []);
    assert.equal(title, EXPECTED);
    t.diagnostic(`requested ${requests.join(', ')}`);
  });

  for (const [format, args, module] of [
    ['an ES module', ['--format=esm'], true],
    ['its default IIFE', [], false],
  ]) {
    it(`esbuild, ${format}: the bundle carries the .wasm inline`, async () => {
      const app = await freshApp({ 'src/main.js': MAIN });
      await runOk(bin('esbuild'), ['src/main.js', '--bundle', ...args, '--outfile=out/main.js'], { cwd: app });
      assert.deepEqual(wasmFiles(join(app, 'out')), []);
      writeFileSync(join(app, 'out/index.html'), page('main.js', module));
      const { title, problems } = await openInChromium(join(app, 'out'));
      // The ES module bundle first asks for ../perceptron-core.wasm next to it: a 404 in the console.
      assert.deepEqual(
        problems.filter((p) => !/Failed to load resource: .*404/.test(p)),
        [],
      );
      assert.equal(title, EXPECTED);
    });
  }
});

// A host whose policy forgets 'wasm-unsafe-eval': Chromium refuses to compile any WebAssembly.
const NO_WASM_POLICY = "default-src 'self'; script-src 'self'";

describe("bundlers, under a Content-Security-Policy without 'wasm-unsafe-eval', in Chromium", () => {
  for (const [format, args, module] of [
    ['an ES module', ['--format=esm'], true],
    ['its default IIFE', [], false],
  ]) {
    // The bundle's first attempt fails too (a 404 for the file esbuild left behind, or no
    // import.meta.url in an IIFE); the error must name the policy, which is what the user fixes.
    it(`esbuild, ${format}: load() rejects naming the policy, not the missing file`, async (t) => {
      const app = await freshApp({ 'src/main.js': MAIN });
      await runOk(bin('esbuild'), ['src/main.js', '--bundle', ...args, '--outfile=out/main.js'], { cwd: app });
      writeFileSync(join(app, 'out/index.html'), page('main.js', module));
      const { title } = await openInChromium(join(app, 'out'), 'index.html', { policy: NO_WASM_POLICY });
      t.diagnostic(title);
      assert.match(title, /^error Error: perceptron-wasm: .*Content-Security-Policy/);
      assert.match(title, /'wasm-unsafe-eval'/);
      assert.doesNotMatch(title, /^error Error: perceptron-wasm: could not load/);
    });
  }
});

describe("bundlers, perceptron-wasm/worker's module Worker, in Chromium", () => {
  it('Vite: `vite build` bundles the worker', async () => {
    const app = await freshApp({ 'index.html': page('/src/main.js'), 'src/main.js': IN_WORKER });
    await runOk(bin('vite'), ['build'], { cwd: app });
    const { title, problems } = await openInChromium(join(app, 'dist'));
    assert.deepEqual(problems, []);
    assert.equal(title, EXPECTED);
  });

  it('webpack 5: `webpack --mode production` bundles the worker', async () => {
    const app = await freshApp({ 'src/index.js': IN_WORKER });
    await runOk(bin('webpack'), ['--mode', 'production'], { cwd: app });
    writeFileSync(join(app, 'dist/index.html'), page('main.js', false));
    const { title, problems } = await openInChromium(join(app, 'dist'));
    assert.deepEqual(problems, []);
    assert.equal(title, EXPECTED);
  });
});

describe('bundlers for Node', () => {
  it('esbuild --platform=node: one file that runs anywhere, without node_modules', async () => {
    const app = await freshApp({ 'src/main.js': program('console.log') });
    await runOk(bin('esbuild'), ['src/main.js', '--bundle', '--platform=node', '--outfile=out/main.cjs'], { cwd: app });
    const { stdout } = await runOk(process.execPath, [join(app, 'out/main.cjs')], { cwd: '/' });
    assert.equal(stdout, `${EXPECTED}\n`);
  });
});
