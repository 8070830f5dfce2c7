// grade()'s inputs: the three kinds of submission (a file, {source}, an array of records), the
// options a submission receives (visitOrder as the package visits), what its process prints, and
// the errors for bad arguments, naming them.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { grade } from '../../dist/course/index.js';
import { train } from './fixtures/course-submissions/train.js';
import { CMU_X, CMU_Y, pw } from './helpers.mjs';

const LIMITS = { timeout: 2000, memory: 256 };
const CMU = { X: CMU_X, y: CMU_Y, options: {} };
const fixture = (name) => fileURLToPath(new URL(`./fixtures/course-submissions/${name}.js`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'perceptron-wasm-grade-'));
after(() => rmSync(work, { recursive: true, force: true }));

// The options every submission gets for the CMU example, resolved.
const RESOLVED = {
  mistakeRule: 'margin',
  learningRate: 1,
  order: 'cyclic',
  seed: 0,
  maxEpochs: 100,
  fitIntercept: true,
};

describe('grade(): submissions', () => {
  it('an array of records is graded in this process, typed arrays of weights too', async () => {
    const records = train(CMU_X, CMU_Y, RESOLVED);
    assert.equal(records.length, 12);
    const result = await grade(records, CMU);
    assert.deepEqual(result, {
      score: 1,
      steps: 12,
      matched: 12,
      firstDifference: null,
      diagnosis: null,
      error: null,
      output: null,
    });
    const typed = records.map(({ weights, bias }) => ({ weights: Float64Array.from(weights), bias }));
    assert.equal((await grade(typed, CMU)).score, 1);
    // Within 1e-9 x max(1, |expected|): step 5's w = (4, 1) may be off by 3e-9, not by 5e-9.
    const near = records.map((r, k) => (k === 4 ? { ...r, weights: [4 + 3e-9, 1] } : r));
    assert.equal((await grade(near, CMU)).score, 1);
    const far = records.map((r, k) => (k === 4 ? { ...r, weights: [4 + 5e-9, 1] } : r));
    const { firstDifference, score } = await grade(far, CMU);
    assert.deepEqual(
      [firstDifference.step, firstDifference.field, firstDifference.expected, firstDifference.received],
      [5, 'weights[0]', 4, 4 + 5e-9],
    );
    assert.equal(score, 4 / 12);
  });

  it('an array of records that stops early, or holds garbage', async () => {
    const records = train(CMU_X, CMU_Y, RESOLVED);
    const short = await grade(records.slice(0, 3), CMU);
    assert.deepEqual(
      [
        short.firstDifference.step,
        short.firstDifference.field,
        short.firstDifference.expected,
        short.firstDifference.received,
      ],
      [4, 'steps', 12, 3],
    );
    assert.equal(short.score, 3 / 12);
    assert.match(short.firstDifference.message, /\n {4}received nothing: the submission stopped after 3 steps$/);
    for (const [bad, message] of [
      [
        [...records.slice(0, 2), null],
        /^step 3 \(element 2 of the returned array\) must be an object \{weights, bias\}; received null$/,
      ],
      [[{ weights: [1, -2], bias: Infinity }], /^step 1 .*bias must be a finite number; received Infinity$/],
      [[{ weights: [1, '2'], bias: 0 }], /^step 1 .*weights\[1\] must be a finite number; received the string "2"$/],
    ]) {
      const result = await grade(bad, CMU);
      assert.equal(result.error.code, 'bad-shape');
      assert.match(result.error.message, message);
      assert.equal(result.score, 0);
    }
  });

  it('{source} is graded as the file with that text', async () => {
    const text = readFileSync(fixture('tie-sign'), 'utf8').replace(
      "'./train.js'",
      JSON.stringify(pathToFileURL(fixture('train')).href),
    );
    const fromSource = await grade({ source: text }, CMU, LIMITS);
    const fromFile = await grade(fixture('tie-sign'), CMU, LIMITS);
    assert.deepEqual(fromSource, fromFile);
    assert.equal(fromSource.diagnosis.code, 'tie-convention');
    // A URL, as a string or an object, is the file.
    assert.deepEqual(await grade(pathToFileURL(fixture('tie-sign')), CMU, LIMITS), fromFile);
    assert.deepEqual(await grade(pathToFileURL(fixture('tie-sign')).href, CMU, LIMITS), fromFile);
  });

  it('a file with export statements outside a "type": "module" folder is loaded as a module', async () => {
    const file = join(work, 'perceptron.js');
    const source = readFileSync(fixture('train'), 'utf8').replace('export function train', 'function train');
    writeFileSync(file, `${source}\nexport const perceptron = (X, y, options) => train(X, y, options);\n`);
    assert.equal((await grade(file, CMU, LIMITS)).score, 1);
    // An error's stack names the file, not a data: URL.
    writeFileSync(file, 'export function perceptron() {\n  throw new RangeError("no");\n}\n');
    const { error } = await grade(file, CMU, LIMITS);
    assert.equal(error.code, 'threw');
    assert.match(error.message, new RegExp(`^perceptron\\(X, y, options\\) threw RangeError: no\\n.*${file}:2`));
  });

  it('an async perceptron is awaited; one that never settles is an error', async () => {
    const records = JSON.stringify(train(CMU_X, CMU_Y, RESOLVED));
    const later = `export const perceptron = () => new Promise((done) => setTimeout(() => done(${records}), 10));`;
    assert.equal((await grade({ source: later }, CMU, LIMITS)).score, 1);
    const never = await grade({ source: 'export const perceptron = () => new Promise(() => {});' }, CMU, LIMITS);
    assert.equal(never.error.code, 'threw');
    assert.match(never.error.message, /a promise that never settles\?/);
    const missing = await grade(join(work, 'nothing-here.js'), CMU, LIMITS);
    assert.equal(missing.error.code, 'threw');
    assert.match(missing.error.message, /there is no file at .*nothing-here\.js/);
  });
});

describe('grade(): where it runs', () => {
  it("the course entry's static imports name no Node module: it loads in a browser", () => {
    const dist = new URL('../../dist/course/', import.meta.url);
    const seen = new Set();
    const visit = (name) => {
      if (seen.has(name)) return;
      seen.add(name);
      const text = readFileSync(new URL(name, dist), 'utf8');
      assert.doesNotMatch(text, /node:/, name);
      for (const [, next] of text.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+)"/g)) visit(next);
    };
    visit('index.js');
    assert.ok(seen.size >= 2, [...seen].join(' '));
    // The child process' runner is a chunk imported when a module is graded; it imports Node's then.
    const runner = readdirSync(dist).filter((name) => !seen.has(name) && name.startsWith('chunk-'));
    assert.ok(runner.some((name) => readFileSync(new URL(name, dist), 'utf8').includes('node:child_process')));
  });
});

describe('grade(): what the submission gets and prints', () => {
  // A submission that prints its options as JSON and returns the right trace.
  const echo = `import { train } from ${JSON.stringify(pathToFileURL(fixture('train')).href)};
    export function perceptron(X, y, options) { console.log(JSON.stringify(options)); return train(X, y, options); }`;

  it('the resolved options, with visitOrder as pw.visitOrder lists it when the order is not cyclic', async () => {
    const cyclic = await grade({ source: echo }, CMU, LIMITS);
    assert.deepEqual(JSON.parse(cyclic.output.stdout), RESOLVED);
    assert.equal(cyclic.score, 1);
    for (const [options, count] of [
      [{ order: 'shuffle', seed: 7, maxEpochs: 4 }, 24],
      [{ order: 'sample', seed: 7 }, 600],
      [{ order: 'sample', seed: 7, maxSteps: 40 }, 40],
    ]) {
      const result = await grade({ source: echo }, { ...CMU, options }, LIMITS);
      const received = JSON.parse(result.output.stdout);
      const { order, seed } = options;
      assert.deepEqual(received.visitOrder, [...pw.visitOrder({ order, seed, rows: 6, count })]);
      assert.equal(received.maxSteps, order === 'sample' ? count : undefined);
      assert.equal(result.score, 1, JSON.stringify(options));
    }
  });

  it("the process' stdout and stderr, their first 16 KiB each", async () => {
    const noisy = `export function perceptron() {
      console.error('about to fail');
      for (let i = 0; i < 1000; i++) console.log('x'.repeat(99));
      return 'not a trace';
    }`;
    const { error, output } = await grade({ source: noisy }, CMU, LIMITS);
    assert.equal(error.code, 'bad-shape');
    assert.match(error.message, /received the string "not a trace"$/);
    assert.equal(output.stderr, 'about to fail\n');
    assert.ok(output.stdout.startsWith(`${'x'.repeat(99)}\n`));
    assert.equal(
      output.stdout,
      `${`${'x'.repeat(99)}\n`.repeat(1000).slice(0, 16384)}\n... (${100000 - 16384} more bytes not kept)`,
    );
  });
});

describe('grade(): bad arguments throw, naming them', () => {
  const rejects = (args, ErrorClass, pattern) =>
    assert.rejects(grade(...args), (error) => error instanceof ErrorClass && pattern.test(error.message));

  it('the submission', async () => {
    for (const bad of [42, '', null, { source: 1 }, { path: 'a.js' }, new Map()]) {
      await rejects([bad, CMU], TypeError, /^grade: submission must be the path or URL of an ES module .*; received /);
    }
  });

  it('the assignment', async () => {
    const records = train(CMU_X, CMU_Y, RESOLVED);
    for (const [assignment, ErrorClass, pattern] of [
      [null, TypeError, /^grade: assignment must be an object \{X, y, options\}; received null$/],
      [{ ...CMU, Y: CMU_Y }, TypeError, /^grade: assignment: unknown key "Y"; expected X, y and options$/],
      [
        { X: [], y: [] },
        TypeError,
        /^grade: assignment\.X must be a non-empty array of rows .*; received an array of length 0$/,
      ],
      [
        { X: [[1, 2], [3]], y: [1, -1] },
        TypeError,
        /^grade: assignment\.X\[1\] must be an array of 2 finite numbers; received an array of length 1$/,
      ],
      [{ X: [[1, NaN]], y: [1] }, RangeError, /^grade: assignment\.X\[0\]\[1\] must be a finite number; received NaN$/],
      [
        {
          X: [
            [1, 2],
            [3, '4'],
          ],
          y: [1, -1],
        },
        TypeError,
        /^grade: assignment\.X\[1\]\[1\] must be a finite number; received the string "4"$/,
      ],
      [
        { X: CMU_X, y: CMU_X.map(() => 1) },
        RangeError,
        /^grade: assignment\.y must hold both labels, \+1 and -1; received only \+1$/,
      ],
      [
        {
          X: Array.from({ length: 1000 }, (_, i) => Array.from({ length: 20 }, (_, j) => (i + j) % 3)),
          y: Array.from({ length: 1000 }, (_, i) => (i % 2 ? 1 : -1)),
          options: { maxEpochs: 1000 },
        },
        RangeError,
        /^grade: assignment: a trace may hold at most 16777216 numbers to grade \(steps x \(features \+ 1\)\); received up to 1000000 steps of 20 features$/,
      ],
      [
        { X: CMU_X, y: CMU_Y.slice(1) },
        TypeError,
        /^grade: assignment\.y must be an array of 6 labels \(one per row of X\); received an array of length 5$/,
      ],
      [
        { X: CMU_X, y: CMU_Y.map((v) => (v > 0 ? 1 : 0)) },
        TypeError,
        /^grade: assignment\.y\[0\] must be \+1 or -1; received 0$/,
      ],
      [
        { ...CMU, options: { variant: 'averaged' } },
        TypeError,
        /^grade: assignment\.options: unknown option "variant"; the grader takes mistakeRule, learningRate, /,
      ],
      [
        { ...CMU, options: { learningRate: 0 } },
        RangeError,
        /^grade: assignment\.options: option learningRate must be a finite number > 0; received 0$/,
      ],
      [{ ...CMU, options: { order: 'random' } }, RangeError, /^grade: assignment\.options: option order must be /],
      [
        { ...CMU, options: { maxEpochs: 2 ** 20 } },
        RangeError,
        /^grade: assignment\.options: training may take at most 1048576 steps to grade; maxEpochs x rows = 6291456$/,
      ],
    ]) {
      await rejects([records, assignment], ErrorClass, pattern);
    }
  });

  it('the limits', async () => {
    for (const [limits, ErrorClass, pattern] of [
      [5, TypeError, /^grade: limits must be an object \{timeout, memory\}; received 5$/],
      [{ time: 5 }, TypeError, /^grade: unknown limit "time"; expected timeout and memory$/],
      [
        { timeout: 0 },
        RangeError,
        /^grade: limits\.timeout must be an integer from 1 to 2\^31 - 1 \(ms\); received 0$/,
      ],
      [
        { memory: 32 },
        RangeError,
        /^grade: limits\.memory must be an integer from 64 to 2\^31 - 1 \(MB\); received 32$/,
      ],
      [{ memory: '512' }, TypeError, /^grade: limits\.memory must be an integer .*; received the string "512"$/],
    ]) {
      await rejects([fixture('correct'), CMU, limits], ErrorClass, pattern);
    }
  });
});
