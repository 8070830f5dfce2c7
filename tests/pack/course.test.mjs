// `npx perceptron-wasm grade` from the packed tarball, installed in a fresh folder as an
// instructor installs it: each format (json, gradescope, prairielearn), --out as the platforms'
// run scripts use it, a student's file in a folder that is not "type": "module" (as Gradescope's
// /autograder/submission is), and grade() imported from perceptron-wasm/course.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { freshApp, root, run } from './helpers.mjs';

const FIXTURES = join(root, 'tests/js/fixtures/course-submissions');
const fixture = (name) => readFileSync(join(FIXTURES, `${name}.js`), 'utf8');

// The CMU example with a bias: 12 steps; 'sign' differs at step 2 (w = (1, -2) for (2, -2)).
const CMU = {
  X: [
    [-1, 2],
    [1, 0],
    [1, 1],
    [-1, 0],
    [-1, -2],
    [1, -1],
  ],
  y: [-1, 1, 1, -1, -1, 1],
  options: {},
};
const PARTS = [
  { name: 'CMU', points: 2, ...CMU },
  { name: 'CMU shuffled', ...CMU, options: { order: 'shuffle', seed: 3 } },
];

let app;
before(async () => {
  app = await freshApp({
    'students/train.js': fixture('train'),
    'students/correct.js': fixture('correct'),
    'students/tie-sign.js': fixture('tie-sign'),
    'students/loop.js': fixture('loop'),
    // A lone file with ES module syntax in a folder whose package.json says nothing of modules.
    'submission/package.json': '{}\n',
    'submission/perceptron.js': `${fixture('train').replace('export function train', 'function train')}
export const perceptron = (X, y, options) => train(X, y, options);\n`,
    'cmu.json': JSON.stringify(CMU),
    'parts.json': JSON.stringify(PARTS),
    'check.js': `import { grade } from 'perceptron-wasm/course';
const assignment = JSON.parse(process.argv[2]);
console.log(JSON.stringify(await grade('students/tie-sign.js', assignment)));\n`,
  });
});

/** npx perceptron-wasm grade ... in the app: the parsed output, exit code 0 and nothing on stderr. */
async function npxGrade(...args) {
  const result = await run('npx', ['perceptron-wasm', 'grade', ...args], {
    cwd: app,
    env: { npm_config_offline: 'true' },
  });
  assert.equal(result.stderr, '');
  assert.equal(result.code, 0, result.stdout);
  return JSON.parse(result.stdout);
}

describe('npx perceptron-wasm grade, installed from the tarball', () => {
  it('--format json prints what grade() gives, the same as the API', async () => {
    const result = await npxGrade('students/tie-sign.js', '--assignment', 'cmu.json', '--format', 'json');
    assert.deepEqual(
      [result.score, result.steps, result.matched, result.diagnosis.code, result.error],
      [1 / 12, 12, 1, 'tie-convention', null],
    );
    const { step, field, expected, received } = result.firstDifference;
    assert.deepEqual([step, field, expected, received], [2, 'weights[0]', 2, 1]);
    const api = await run(process.execPath, ['check.js', JSON.stringify(CMU)], { cwd: app });
    assert.equal(api.code, 0, api.stderr);
    assert.deepEqual(JSON.parse(api.stdout), result);
  });

  it('--format gradescope: score and tests (name, score, max_score, output, visibility), to --out', async () => {
    const out = 'autograder/results/results.json';
    const written = await run(
      'npx',
      [
        'perceptron-wasm',
        'grade',
        'students/tie-sign.js',
        '--assignment',
        'parts.json',
        '--format',
        'gradescope',
        '--out',
        out,
      ],
      { cwd: app },
    );
    assert.deepEqual([written.code, written.stdout, written.stderr], [0, '', '']);
    const results = JSON.parse(readFileSync(join(app, out), 'utf8'));
    // CMU: 1 of 12 steps, of 2 points. Shuffled (row 1 first): tie-sign's step 1 is the
    // reference's, then both run 'sign' against 'margin'.
    assert.equal(results.tests.length, 2);
    assert.deepEqual(
      results.tests.map((test) => [test.name, test.max_score, test.visibility]),
      [
        ['CMU', 2, 'visible'],
        ['CMU shuffled', 1, 'visible'],
      ],
    );
    assert.equal(results.tests[0].score, 2 / 12);
    assert.match(
      results.tests[0].output,
      /^1 of 12 steps match .*\nstep 2 differs .*\n.*\n.*\nDiagnosis \(tie-convention\): /,
    );
    assert.equal(results.score, results.tests[0].score + results.tests[1].score);
    assert.ok(results.tests[1].score < 1);
    const correct = await npxGrade('students/correct.js', '--assignment', 'parts.json', '--format', 'gradescope');
    assert.equal(correct.score, 3);
    assert.deepEqual(
      correct.tests.map((test) => [test.score, test.output]),
      [
        [2, 'All 12 steps match the reference trace.'],
        [1, 'All 12 steps match the reference trace.'],
      ],
    );
  });

  it('--format prairielearn: gradable, score 0..1, tests (name, points, max_points, message, output)', async () => {
    const results = await npxGrade(
      'students/loop.js',
      '--assignment',
      'cmu.json',
      '--format',
      'prairielearn',
      '--timeout',
      '1000',
    );
    assert.deepEqual(Object.keys(results), ['gradable', 'score', 'message', 'tests']);
    assert.deepEqual([results.gradable, results.score], [true, 0]);
    const [test] = results.tests;
    assert.deepEqual([test.name, test.points, test.max_points, test.output], ['Perceptron trace', 0, 1, '']);
    assert.match(test.message, /^No trace to compare \(timeout\): the submission did not return within 1000 ms/);
    const correct = await npxGrade('submission/perceptron.js', '--assignment', 'cmu.json', '--format', 'prairielearn');
    assert.equal(correct.score, 1);
    assert.deepEqual(Object.keys(correct.tests[0]), ['name', 'points', 'max_points', 'message', 'output']);
    assert.equal(correct.tests[0].message, 'All 12 steps match the reference trace.');
  });

  it('a usage error exits with 2, naming the argument', async () => {
    const { code, stdout, stderr } = await run(
      'npx',
      ['perceptron-wasm', 'grade', 'students/correct.js', '--format', 'gradescope'],
      { cwd: app },
    );
    assert.deepEqual([code, stdout], [2, '']);
    assert.match(stderr, /^perceptron-wasm: --assignment <file\.json> is missing\n/);
  });
});
