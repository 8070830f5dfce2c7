// The installed package under each runtime a user has: Node 18, 20 (the suite's) and 22, each as
// an ES module and through require() (which returns load()), and Deno.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { CMU_RESULT, DENO, NODE18, NODE22, TRAIN_CMU, freshApp, run, runOk } from './helpers.mjs';

const ESM = `import load, { NotFittedError, FORMAT } from 'perceptron-wasm';
const pw = await load();
${TRAIN_CMU}
if (pw.NotFittedError !== NotFittedError || FORMAT !== pw.FORMAT) throw new Error('named exports differ from the API');
if ((await load()) !== pw) throw new Error('a second load() gave another API');
const d = pw.Dataset.fromCsv('x;y;label\\n1;2;a\\n3;4;b\\n');
const iris = pw.Dataset.fromCsv(
  await (await import('node:fs/promises')).readFile(new URL(import.meta.resolve('perceptron-wasm/data/iris.csv'))),
);
const { createWorker } = await import('perceptron-wasm/worker');
console.log(result, 'csv', d.rows, 'iris', iris.rows, iris.classes.length, typeof createWorker);
`;
const ESM_OUTPUT = `${CMU_RESULT} csv 2 iris 150 3 function\n`;

// require() returns the loader itself; the API it resolves to is the one ES module importers get.
const CJS = `const load = require('perceptron-wasm');
if (typeof load !== 'function' || load.default !== load) throw new Error('require gave ' + typeof load);
load().then(async (pw) => {
  ${TRAIN_CMU.replaceAll('\n', '\n  ')}
  const esm = await import('perceptron-wasm');
  if ((await esm.default()) !== pw) throw new Error('require and import gave different APIs');
  console.log(result);
});
`;

let app;
before(async () => {
  app = await freshApp({ 'main.mjs': ESM, 'main.cjs': CJS });
});

describe('Node', () => {
  for (const [version, node] of [
    ['18', NODE18],
    ['20', process.execPath],
    ['22', NODE22],
  ]) {
    it(`Node ${version}: import gives the API; require gives load()`, async (t) => {
      assert.ok(existsSync(node), `${node} is missing: run node scripts/setup.mjs --test`);
      const { stdout: seen } = await runOk(node, ['--version']);
      assert.match(seen, new RegExp(`^v${version}\\.`));
      assert.equal((await runOk(node, ['main.mjs'], { cwd: app })).stdout, ESM_OUTPUT);
      assert.equal((await runOk(node, ['main.cjs'], { cwd: app })).stdout, `${CMU_RESULT}\n`);
      // Without require(esm) (Node < 20.19, or turned off): the require condition still works.
      if (version !== '18') {
        const flag = ['--no-experimental-require-module', 'main.cjs'];
        assert.equal((await runOk(node, flag, { cwd: app })).stdout, `${CMU_RESULT}\n`);
      }
      t.diagnostic(`${seen.trim()}: ESM and CommonJS`);
    });
  }
});

describe('Deno', () => {
  it("runs the package from the folder's node_modules", async (t) => {
    assert.ok(existsSync(DENO), `${DENO} is missing: run node scripts/setup.mjs --test`);
    const env = { DENO_DIR: join(app, '.deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
    const { stdout: version } = await runOk(DENO, ['--version'], { env });
    const result = await run(DENO, ['run', '--allow-read', '--no-prompt', 'main.mjs'], { cwd: app, env });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, ESM_OUTPUT);
    t.diagnostic(version.split('\n')[0]);
  });
});

describe('the package', () => {
  it('ships LICENSE, CHANGELOG.md and README.md, and no test or build leftovers', async () => {
    const installed = join(app, 'node_modules/perceptron-wasm');
    for (const file of ['LICENSE', 'CHANGELOG.md', 'README.md', 'data/iris.csv']) {
      assert.ok(existsSync(join(installed, file)), `the package has no ${file}`);
    }
    const { stdout } = await runOk('npm', ['pack', '--dry-run', '--json'], {});
    const files = JSON.parse(stdout.slice(stdout.indexOf('[')))
      .at(0)
      .files.map((f) => f.path);
    assert.deepEqual(
      files.filter((f) => !/^(dist\/|data\/|LICENSE$|CHANGELOG\.md$|README\.md$|package\.json$)/.test(f)),
      [],
    );
    assert.equal(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).license, 'MIT');
  });
});
