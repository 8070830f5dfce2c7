// perceptron-wasm/playground from the packed tarball: the tarball holds the element's module and
// its types, nothing else (the learning curve is drawn by the element's own code); the subpath resolves under Node; and a page in a plain static
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
  it('the tarball holds the element and its types, nothing else; sideEffects keeps the element', async () => {
    const { stdout } = await runOk('tar', ['-tzf', await packed()]);
    const files = stdout.split('\n');
    assert.deepEqual(files.filter((file) => file.startsWith('package/dist/playground/')).sort(), [
      'package/dist/playground/index.d.ts',
      'package/dist/playground/index.js',
    ]);
    const installed = join(app, 'node_modules/perceptron-wasm');
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
    assert.equal(title, 'result xor KernelPerceptron 12'); // the element's twelve style sheets (web/shell/sheets.js)
    // The element is one module: nothing else fetched from dist/playground/ (no chart library).
    assert.deepEqual(
      requests.filter((r) => r.includes('/dist/playground/')),
      ['node_modules/perceptron-wasm/dist/playground/index.js'],
    );
    assert.ok(requests.includes('node_modules/perceptron-wasm/dist/perceptron-core.wasm'));
    assert.ok(!requests.some((r) => r.endsWith('.css')), 'no style sheet fetched: they are in the module');
  });
});
