// perceptron-wasm/playground from the packed tarball: the tarball holds the element's module, its
// types, uPlot and uPlot's licence; the subpath resolves under Node; and a page in a plain static
// folder, under the strict CSP, gets a working <perceptron-playground> from one module script.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { freshApp, openInChromium, packed, reportTo, runOk } from './helpers.mjs';

const RESOLVE = `const url = import.meta.resolve('perceptron-wasm/playground');
await import('perceptron-wasm/playground'); // outside a browser: defines nothing, throws nothing
console.log(url.slice(url.indexOf('node_modules/')));
`;

// One module script for the element; the page's own script waits for it and reports.
const PAGE = `<!doctype html><title>loading</title>
<script type="module" src="node_modules/perceptron-wasm/dist/playground/index.js"></script>
<script type="module" src="main.js"></script>
<perceptron-playground dataset="xor" model="KernelPerceptron" hide="upload"></perceptron-playground>
`;
const MAIN = `const element = document.querySelector('perceptron-playground');
customElements
  .whenDefined('perceptron-playground')
  .then(() => element.ready)
  .then(() => {
    const root = element.shadowRoot;
    return [root.getElementById('dataset').value, root.getElementById('model').value, root.adoptedStyleSheets.length].join(' ');
  })${reportTo('(text) => { document.title = text; }')}
`;

let app;
before(async () => {
  app = await freshApp({ 'resolve.mjs': RESOLVE, 'index.html': PAGE, 'main.js': MAIN });
});

describe('perceptron-wasm/playground', () => {
  it('the tarball holds the element, its types, uPlot and its licence; sideEffects keeps the element', async () => {
    const { stdout } = await runOk('tar', ['-tzf', await packed()]);
    const files = stdout.split('\n');
    for (const file of ['index.js', 'index.d.ts', 'vendor/uplot/uPlot.esm.js', 'vendor/uplot/LICENSE']) {
      assert.ok(files.includes(`package/dist/playground/${file}`), file);
    }
    const installed = join(app, 'node_modules/perceptron-wasm');
    const licence = readFileSync(join(installed, 'dist/playground/vendor/uplot/LICENSE'), 'utf8');
    assert.match(licence, /MIT License[\s\S]*Leon Sorokin/);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.exports['./playground'], {
      types: './dist/playground/index.d.ts',
      default: './dist/playground/index.js',
    });
    assert.deepEqual(manifest.sideEffects, ['./dist/playground/index.js']);
    // The main entry never reaches the playground.
    assert.doesNotMatch(readFileSync(join(installed, 'dist/index.js'), 'utf8'), /playground/);
  });

  it("import 'perceptron-wasm/playground' resolves to the element's module", async () => {
    const { stdout } = await runOk(process.execPath, ['resolve.mjs'], { cwd: app });
    assert.equal(stdout, 'node_modules/perceptron-wasm/dist/playground/index.js\n');
  });

  it('a static folder: one module script defines a working <perceptron-playground>', async () => {
    const { title, problems, requests } = await openInChromium(app);
    assert.deepEqual(problems, []);
    assert.equal(title, 'result xor KernelPerceptron 9');
    assert.ok(requests.includes('node_modules/perceptron-wasm/dist/playground/vendor/uplot/uPlot.esm.js'));
    assert.ok(requests.includes('node_modules/perceptron-wasm/dist/perceptron-core.wasm'));
    assert.ok(!requests.some((r) => r.endsWith('.css')), 'no style sheet fetched: they are in the module');
  });
});
