// `perceptron-wasm grade` (dist/course/cli.js, spawned as npx runs it): Gradescope's and
// PrairieLearn's results field by field, --format json as grade() returns it, --out, and exit code
// 2 with a message naming the argument for every usage error. The formats module is not exported
// by perceptron-wasm/course: its direct test imports the source.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gradescope, prairielearn } from '../../course/grade-formats.js';
import { grade } from '../../dist/course/index.js';
import { CMU_X, CMU_Y, XOR_ASSIGNMENT } from './helpers.mjs';

const CLI = fileURLToPath(new URL('../../dist/course/cli.js', import.meta.url));
const fixture = (name) => fileURLToPath(new URL(`./fixtures/course-submissions/${name}.js`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'perceptron-wasm-cli-'));
after(() => rmSync(work, { recursive: true, force: true }));
const LIMITS = ['--timeout', '2000', '--memory', '256'];

const CMU = { X: CMU_X, y: CMU_Y, options: {} };
const XOR = XOR_ASSIGNMENT;
const file = (name, value) => {
  const path = join(work, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};
const ONE = file('cmu.json', CMU);
const TWO = file('two.json', [{ name: 'CMU, 3 points', points: 3, ...CMU }, XOR]);

/** Runs the command: {code, stdout, stderr}. */
function cli(...args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function graded(...args) {
  const { code, stdout, stderr } = await cli('grade', ...LIMITS, ...args); // a later --timeout wins
  assert.equal(stderr, '');
  assert.equal(code, 0, stdout);
  return JSON.parse(stdout);
}

// The explanation a wrong CMU trace gets (tie-sign.js: step 2 differs).
const TIE_TEXT =
  '1 of 12 steps match before the first difference (score 0.0833).\n' +
  'step 2 differs (epoch 1, row 1: x = [1,0], y = +1; a mistake: y (w.x + b) = 0 <= 0, so w += y x, b += y)\n' +
  '    expected w = [2,-2], b = 0\n' +
  '    received w = [1,-2], b = -1\n' +
  "Diagnosis (tie-convention): Your trace is the reference's under mistakeRule 'sign'";

describe('perceptron-wasm grade --format gradescope', () => {
  it('one part: score, output, and one test with name, score, max_score, status, output, visibility', async () => {
    const results = await graded(fixture('tie-sign'), '--assignment', ONE, '--format', 'gradescope');
    assert.deepEqual(Object.keys(results), ['score', 'output', 'tests']);
    assert.equal(results.score, 1 / 12);
    assert.equal(results.output, '0 of 1 traces match the reference (0.0833 of 1 points).');
    assert.equal(results.tests.length, 1);
    const [test] = results.tests;
    assert.deepEqual(Object.keys(test), ['name', 'score', 'max_score', 'status', 'output', 'visibility']);
    assert.equal(test.name, 'Perceptron trace');
    assert.equal(test.score, 1 / 12);
    assert.equal(test.max_score, 1);
    assert.equal(test.status, 'failed');
    assert.ok(test.output.startsWith(TIE_TEXT), test.output);
    assert.equal(test.visibility, 'visible');
  });

  it('two parts with names and points; a correct submission gets them all', async () => {
    const results = await graded(fixture('correct'), '--assignment', TWO, '--format', 'gradescope');
    assert.equal(results.score, 4);
    assert.equal(results.output, '2 of 2 traces match the reference (4 of 4 points).');
    assert.deepEqual(
      results.tests.map((test) => [test.name, test.score, test.max_score, test.status, test.output]),
      [
        ['CMU, 3 points', 3, 3, 'passed', 'All 12 steps match the reference trace.'],
        ['Perceptron trace, part 2', 1, 1, 'passed', 'All 12 steps match the reference trace.'],
      ],
    );
  });

  it('a submission that loops: 0 points, the error, and what it printed', async () => {
    const noisy = file(
      'noisy.js',
      "export function perceptron() {\n  console.log('epoch 1');\n  console.error('warning');\n  for (;;);\n}\n",
    );
    const results = await graded(noisy, '--assignment', ONE, '--format', 'gradescope', '--timeout', '1000');
    assert.equal(results.score, 0);
    assert.equal(
      results.tests[0].output,
      'No trace to compare (timeout): the submission did not return within 1000 ms and was stopped ' +
        '(a loop that never ends? training stops after an epoch without a mistake, or after maxEpochs)\n\n' +
        'The submission printed:\nepoch 1\nOn stderr:\nwarning',
    );
    assert.equal(results.tests[0].status, 'failed');
  });
});

describe('perceptron-wasm grade --format prairielearn', () => {
  it('gradable, score from 0 to 1, message, and tests with name, points, max_points, message, output', async () => {
    const results = await graded(fixture('tie-sign'), '--assignment', TWO, '--format', 'prairielearn');
    assert.deepEqual(Object.keys(results), ['gradable', 'score', 'message', 'tests']);
    assert.equal(results.gradable, true);
    // CMU: 1 of 12 steps of 3 points; XOR under 'sign': step 4 differs, 3 of 12 steps match.
    assert.equal(results.score, (3 * (1 / 12) + 3 / 12) / 4);
    assert.equal(results.message, '0 of 2 traces match the reference (0.5 of 4 points).');
    const [cmu, xor] = results.tests;
    for (const test of results.tests)
      assert.deepEqual(Object.keys(test), ['name', 'points', 'max_points', 'message', 'output']);
    assert.deepEqual([cmu.name, cmu.points, cmu.max_points, cmu.output], ['CMU, 3 points', 3 * (1 / 12), 3, '']);
    assert.ok(cmu.message.startsWith(TIE_TEXT), cmu.message);
    assert.deepEqual([xor.name, xor.points, xor.max_points], ['Perceptron trace, part 2', 3 / 12, 1]);
    assert.match(xor.message, /^3 of 12 steps match .*\nstep 4 differs \(epoch 1, row 3: x = \[0,1\], y = \+1;/);
    assert.match(xor.message, /\nDiagnosis \(tie-convention\): /);
  });

  it('a submission that throws is graded (gradable, score 0) and --out writes the file', async () => {
    const out = join(work, 'results', 'results.json');
    const run = await cli('grade', fixture('throws'), '--assignment', ONE, '--format', 'prairielearn', '--out', out);
    assert.deepEqual([run.code, run.stdout, run.stderr], [0, '', '']);
    const results = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(results.gradable, true);
    assert.equal(results.score, 0);
    assert.equal(results.tests[0].points, 0);
    assert.match(
      results.tests[0].message,
      /^No trace to compare \(threw\): perceptron\(X, y, options\) threw TypeError: x\.dot/,
    );
  });
});

describe('perceptron-wasm grade --format json', () => {
  it("prints grade()'s result (an array of them for an array of parts)", async () => {
    const expected = await grade(fixture('epoch-off-by-one'), XOR, { timeout: 2000, memory: 256 });
    const xor = file('xor.json', XOR);
    assert.deepEqual(await graded(fixture('epoch-off-by-one'), '--assignment', xor), expected);
    assert.deepEqual(await graded(fixture('epoch-off-by-one'), `--assignment=${xor}`, '--format=json'), expected);
    // XOR runs its 3 epochs, the submission 2 (8 steps).
    const { step, field, expected: steps, received } = expected.firstDifference;
    assert.deepEqual([step, field, steps, received], [9, 'steps', 12, 8]);
    assert.equal(expected.diagnosis.code, 'epoch-boundary');
    const both = await graded(fixture('epoch-off-by-one'), '--assignment', TWO);
    assert.equal(both.length, 2);
    // CMU converges in epoch 2 of 100: an epoch short of 100 does not show there.
    assert.deepEqual([both[0].score, both[0].steps, both[0].matched], [1, 12, 12]);
    assert.deepEqual(both[1], expected);
  });
});

describe('perceptron-wasm: usage', () => {
  it('--help prints the usage, exit code 0', async () => {
    for (const args of [['--help'], [], ['grade', '--help']]) {
      const { code, stdout } = await cli(...args);
      assert.equal(code, 0);
      assert.match(stdout, /^Usage: perceptron-wasm grade <submission\.js> --assignment <file\.json> \[options\]/);
      assert.match(stdout, /not a security sandbox/);
    }
  });

  it('a usage error exits with 2 and names the argument', async () => {
    const correct = fixture('correct');
    const notJson = file('not.json', '{X: 1');
    const badY = file('bad-y.json', { X: [[1], [2]], y: [1, 0] });
    const badPart = file('bad-part.json', [CMU, { ...CMU, points: -1 }]);
    for (const [args, message] of [
      [['check', correct], /^perceptron-wasm: unknown command "check"; expected grade\n/],
      [['grade', '--assignment', ONE], /^perceptron-wasm: the submission is missing: grade <submission\.js>\n/],
      [['grade', correct, correct, '--assignment', ONE], /^perceptron-wasm: one submission only; received /],
      [['grade', 'missing.js', '--assignment', ONE], /^perceptron-wasm: the submission missing\.js does not exist\n/],
      [['grade', correct], /^perceptron-wasm: --assignment <file\.json> is missing\n/],
      [['grade', correct, '--assignment'], /^perceptron-wasm: --assignment needs a value\n/],
      [
        ['grade', correct, '--assignment', 'nope.json'],
        /^perceptron-wasm: --assignment nope\.json: cannot be read \(ENOENT\)\n/,
      ],
      [['grade', correct, '--assignment', notJson], /^perceptron-wasm: --assignment .*not\.json: not JSON \(/],
      [
        ['grade', correct, '--assignment', badY],
        /^perceptron-wasm: --assignment .*bad-y\.json: assignment\.y\[1\] must be \+1 or -1; received 0\n/,
      ],
      [
        ['grade', correct, '--assignment', badPart],
        /^perceptron-wasm: --assignment .*bad-part\.json\[1\]: points must be a number >= 0; received -1\n/,
      ],
      [
        ['grade', correct, '--assignment', ONE, '--format', 'moodle'],
        /^perceptron-wasm: --format must be json, gradescope, prairielearn; received "moodle"\n/,
      ],
      [
        ['grade', correct, '--assignment', ONE, '--timeout', '2s'],
        /^perceptron-wasm: --timeout must be an integer from 1 to 2\^31 - 1; received "2s"\n/,
      ],
      [
        ['grade', correct, '--assignment', ONE, '--memory', '32'],
        /^perceptron-wasm: --memory must be an integer from 64 to 2\^31 - 1; received "32"\n/,
      ],
      [
        ['grade', correct, '--assignment', ONE, '--verbose'],
        /^perceptron-wasm: unknown option --verbose; expected --assignment, --format, --out, --timeout, --memory\n/,
      ],
      [
        ['grade', correct, '--assignment', ONE, '--out', join(ONE, 'x.json')],
        /^perceptron-wasm: --out .*cmu\.json\/x\.json: cannot be written \(/,
      ],
    ]) {
      const { code, stdout, stderr } = await cli(...args);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.equal(stdout, '');
      assert.match(stderr, message);
    }
    assert.ok(!existsSync(join(work, 'x.json')));
  });
});

describe('grade-formats.js', () => {
  it('sums points over parts; PrairieLearn scores 0 when no part has points', async () => {
    const result = await grade(fixture('epoch-early'), CMU, { timeout: 2000, memory: 256 });
    assert.equal(result.score, 0.5);
    const parts = [
      { name: 'a', points: 4, result },
      { name: 'b', points: 0, result },
    ];
    assert.equal(gradescope(parts).score, 2);
    assert.deepEqual(
      gradescope(parts).tests.map((test) => [test.score, test.max_score]),
      [
        [2, 4],
        [0, 0],
      ],
    );
    assert.equal(prairielearn(parts).score, 0.5);
    assert.equal(prairielearn([{ name: 'b', points: 0, result }]).score, 0);
    assert.match(
      gradescope(parts).tests[0].output,
      /\nDiagnosis \(epoch-boundary\): Your training stops one epoch early/,
    );
    // What a submission printed goes in PrairieLearn's output, apart from the message.
    const printed = { ...result, output: { stdout: 'w = [4, 1]\n', stderr: '' } };
    const [test] = prairielearn([{ name: 'c', points: 1, result: printed }]).tests;
    assert.equal(test.output, 'The submission printed:\nw = [4, 1]');
    assert.doesNotMatch(test.message, /printed/);
  });
});
