// The examples in examples/, as a new user copies them: each folder's files in a fresh folder
// with the packed tarball installed (its package.json's fields, less the dependencies, which
// the tarball stands in for), then run as its README says: Node for the script and the
// autograder, headless Chromium under a strict CSP for the pages, `vite build` for the Vite app.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { NODE18, NODE22, bin, freshApp, openInChromium, root, run, runOk } from './helpers.mjs';

const EXAMPLES = join(root, 'examples');
const NAMES = ['node-script', 'browser-page', 'worker', 'vite-app', 'course-autograder'];
const SKIP = new Set(['package.json', 'package-lock.json', 'node_modules', 'dist']);

/** The example's files ({relative path: text}), without package.json and anything installed or built. */
function exampleFiles(name) {
  const files = {};
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(join(EXAMPLES, name), path)] = readFileSync(path, 'utf8');
    }
  };
  walk(join(EXAMPLES, name));
  return files;
}

const examplePackage = (name) => JSON.parse(readFileSync(join(EXAMPLES, name, 'package.json'), 'utf8'));

/** A fresh folder with the example installed: its files, its package.json less the dependencies. */
function install(name) {
  const { dependencies, devDependencies, ...fields } = examplePackage(name);
  return freshApp(exampleFiles(name), fields);
}

const wasmFiles = (dir) => readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.wasm'));

describe('examples/: what each folder holds', () => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // What a caret range keeps fixed: the major version, and the minor one too below 1.0.0.
  const caret = (v) =>
    v
      .split('.')
      .slice(0, v.startsWith('0.') ? 2 : 1)
      .join('.');
  for (const name of NAMES) {
    it(`${name}: a README, a package.json for this version, imports of the package only`, () => {
      const pkg = examplePackage(name);
      assert.equal(pkg.type, 'module');
      const range = pkg.dependencies?.['perceptron-wasm'];
      assert.match(range ?? '', /^\^\d+\.\d+\.\d+$/);
      assert.equal(caret(range.slice(1)), caret(version), `${range} does not take ${version}`);
      const files = exampleFiles(name);
      assert.ok('README.md' in files, 'README.md');
      const scripts = Object.entries(files).filter(([file]) => file.endsWith('.js'));
      assert.ok(scripts.length > 0);
      for (const [file, text] of scripts) {
        for (const [, specifier] of text.matchAll(/\bfrom '([^']+)'/g)) {
          assert.ok(
            /^(node:|\.\/node_modules\/perceptron-wasm\/dist\/|perceptron-wasm(\/|$))/.test(specifier),
            `${name}/${file} imports ${specifier}: only node: modules and the package itself`,
          );
        }
      }
    });
  }
});

describe('examples/, installed from the packed tarball', () => {
  it('node-script: Iris from the shipped CSV, a split, the multi-class perceptron and Novikoff', async () => {
    const app = await install('node-script');
    const { stdout, stderr } = await runOk(process.execPath, ['index.js'], { cwd: app });
    assert.equal(stderr, '');
    const lines = stdout.trimEnd().split('\n');
    assert.equal(
      lines[0],
      'read 150 rows x 4 features: sepal_length_cm, sepal_width_cm, petal_length_cm, petal_width_cm',
    );
    assert.equal(lines[1], 'classes: setosa, versicolor, virginica');
    // Deterministic (seeded split and shuffle, bit-reproducible arithmetic): the numbers of a run.
    assert.equal(
      lines[2],
      'MulticlassPerceptron: 28 epochs, 121 mistakes, train accuracy 0.9905, test accuracy 0.9333',
    );
    assert.equal(lines[3], 'setosa vs versicolor: separable true, margin gamma* 0.6519, radius R 5.4378');
    assert.equal(lines[4], 'Perceptron: 4 mistakes in 3 epochs, converged true; Novikoff bound (R/gamma*)^2 = 410.2');
    assert.equal(lines.at(-1), 'ok: iris test accuracy 0.9333, 4 mistakes <= Novikoff bound 410.2');
    // The oldest and newest Node the package supports print the same lines, to the last digit.
    for (const node of [NODE18, NODE22]) {
      assert.ok(existsSync(node), `${node} is missing: run node scripts/setup.mjs --test`);
      assert.equal((await runOk(node, ['index.js'], { cwd: app })).stdout, stdout, node);
    }
  });

  it('browser-page: a static page imports the package from node_modules, under a strict CSP', async () => {
    const app = await install('browser-page');
    const { title, problems, requests } = await openInChromium(app);
    assert.deepEqual(problems, []);
    // The CMU example: w = [3, 1] after 3 mistakes, and (2, 1) is on the 'yes' side.
    assert.equal(title, 'result weights [3,1] mistakes 3 predict yes');
    assert.ok(requests.includes('node_modules/perceptron-wasm/dist/perceptron-core.wasm'));
    assert.ok(requests.includes('style.css'));
  });

  it('worker: createWorker trains off the main thread and reports every epoch', async () => {
    const app = await install('worker');
    const { title, problems } = await openInChromium(app);
    assert.deepEqual(problems, []);
    const match =
      /^result converged true epochs (\d+) mistakes (\d+) epochs listed (\d+) model perceptron-wasm\/Perceptron$/.exec(
        title,
      );
    assert.ok(match, title);
    assert.equal(match[3], match[1], 'onEpoch was called once per epoch before fit resolved');
    // Deterministic: the page's seeded points, the cyclic order.
    assert.equal(title, 'result converged true epochs 5 mistakes 51 epochs listed 5 model perceptron-wasm/Perceptron');
  });

  it('vite-app: `vite build` copies the .wasm and the CSV, and the built page trains on Iris', async () => {
    const app = await install('vite-app');
    await runOk(bin('vite'), ['build'], { cwd: app });
    const dist = join(app, 'dist');
    assert.equal(wasmFiles(dist).length, 1);
    assert.equal(readdirSync(dist, { recursive: true }).filter((f) => /iris.*\.csv$/.test(String(f))).length, 1);
    const { title, problems, requests } = await openInChromium(dist);
    assert.deepEqual(problems, []);
    assert.ok(!requests.some((r) => r.includes('inline')), 'the inlined copy was not fetched');
    assert.ok(
      requests.some((r) => /^assets\/iris.*\.csv$/.test(r)),
      'the CSV was fetched from its file',
    );
    assert.equal(title, 'result rows 150 test 45 accuracy 0.9778');
  });

  describe('course-autograder', () => {
    let app;
    const grade = async (student) => {
      app ??= await install('course-autograder');
      return run(process.execPath, ['grade.js', `students/${student}.js`], { cwd: app });
    };

    it('a correct submission matches the package step for step on every dataset: exit code 0', async () => {
      const { code, stdout, stderr } = await grade('correct');
      assert.equal(stderr, '');
      assert.equal(code, 0, stdout);
      const lines = stdout.trimEnd().split('\n');
      assert.equal(lines.length, 4, stdout);
      assert.match(lines[0], /^CMU lecture example: all \d+ steps match$/);
      // XOR is never separated: 3 epochs of 4 rows.
      assert.equal(lines[1], 'XOR, 3 epochs: all 12 steps match');
      assert.match(lines[2], /^Iris setosa vs versicolor \(petals\): all \d+ steps match$/);
      assert.equal(lines[3], 'students/correct.js: PASS (3 of 3 datasets match)');
    });

    it('forgetting the bias update fails at the first step, naming what was expected: exit code 1', async () => {
      const { code, stdout } = await grade('wrong-bias');
      assert.equal(code, 1, stdout);
      // Step 1 of the CMU example: w = 0, b = 0, x = (-1, 2), y = -1: score 0 is a mistake, so
      // w becomes -x = (1, -2) and b becomes -1.
      assert.ok(
        stdout.includes(
          'CMU lecture example: step 1 differs (epoch 1, row 0: x = [-1,2], y = -1; ' +
            'a mistake: y (w.x + b) = 0 <= 0, so w += y x, b += y)\n' +
            '    expected w = [1,-2], b = -1\n' +
            '    received w = [1,-2], b = 0\n',
        ),
        stdout,
      );
      assert.match(stdout, /^XOR, 3 epochs: step 1 differs/m);
      assert.match(stdout, /^students\/wrong-bias\.js: FAIL \(0 of 3 datasets match\)$/m);
    });

    it('counting a score of 0 on a +1 example as correct fails where that happens: exit code 1', async () => {
      const { code, stdout } = await grade('wrong-tie');
      assert.equal(code, 1, stdout);
      // CMU step 2: after step 1, w = (1, -2), b = -1; x = (1, 0), y = +1 scores 1 - 1 = 0: a
      // mistake under y (w.x + b) <= 0, so w = (2, -2), b = 0; sign(0) = +1 calls it correct.
      assert.ok(
        stdout.includes(
          'CMU lecture example: step 2 differs (epoch 1, row 1: x = [1,0], y = +1; ' +
            'a mistake: y (w.x + b) = 0 <= 0, so w += y x, b += y)\n' +
            '    expected w = [2,-2], b = 0\n' +
            '    received w = [1,-2], b = -1\n',
        ),
        stdout,
      );
      // XOR: (0, 0) -1 makes b = -1; (1, 1) -1 is right; (1, 0) +1 makes w = (1, 0), b = 0; (0, 1)
      // +1 then scores 0, step 4.
      assert.match(stdout, /^XOR, 3 epochs: step 4 differs \(epoch 1, row 3: x = \[0,1\], y = \+1;/m);
      assert.match(stdout, /^students\/wrong-tie\.js: FAIL \(1 of 3 datasets match\)$/m);
    });

    it('a submission that stops early or exports nothing fails cleanly', async () => {
      app ??= await install('course-autograder');
      writeFileSync(join(app, 'students/short.js'), 'export const perceptron = () => [];\n');
      writeFileSync(join(app, 'students/none.js'), 'export const answer = 42;\n');
      const short = await grade('short');
      assert.equal(short.code, 1);
      assert.match(short.stdout, /step 1 differs .*\n.*\n {4}received nothing: the submission stopped after 0 steps/);
      const none = await grade('none');
      assert.equal(none.code, 1);
      assert.match(none.stdout, /does not export a function perceptron/);
    });
  });
});
