// grade() on a table of submissions of our own (tests/js/fixtures/course-submissions/): each
// planted mistake gets its diagnosis code, its first difference (step, field, the expected and the
// received numbers, worked out by hand below on the CMU example, XOR and two small sets), and its
// score; loops, throws, garbage and memory hogs get their error and 0, and the grader never
// rejects for them. The child's limits are small (2 s, 256 MB) so that the suite stays fast.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { grade } from '../../dist/course/index.js';
import { CMU_X, CMU_Y, XOR_ASSIGNMENT, pw, rng } from './helpers.mjs';

const LIMITS = { timeout: 2000, memory: 256 };
const submission = (name) => fileURLToPath(new URL(`./fixtures/course-submissions/${name}.js`, import.meta.url));

// The CMU example with a bias, margin rule, cyclic: 12 steps, 4 mistakes, converged in epoch 2.
//   step 1  x = (-1, 2), y = -1: score 0, a mistake: w = (1, -2), b = -1
//   step 2  x = (1, 0), y = +1: score 1 - 1 = 0, a mistake: w = (2, -2), b = 0
//   step 3  x = (1, 1), y = +1: score 0, a mistake: w = (3, -1), b = 1
//   step 4  x = (-1, 0), y = -1: score -2, right
//   step 5  x = (-1, -2), y = -1: score -3 + 2 + 1 = 0, a mistake: w = (4, 1), b = 0
//   step 6  x = (1, -1), y = +1: score 3, right; epoch 2 (steps 7-12) makes no mistake.
const CMU = { X: CMU_X, y: CMU_Y, options: {} };
// With eta = 0.5 every number is halved: step 1 gives w = (0.5, -1), b = -0.5.
const CMU_HALF = { ...CMU, options: { learningRate: 0.5 } };
// Shuffled with seed 3: epoch 1 visits rows 1, 4, 2, 3, 5, 0 (pw.visitOrder, checked below), so
// step 1 is x = (1, 0), y = +1 at score 0: w = (1, 0), b = 1; cyclic step 1 gives w = (1, -2).
const CMU_SHUFFLED = { ...CMU, options: { order: 'shuffle', seed: 3 } };
// 30 draws with seed 5: rows 2 4 0 4 4 3 first. Draw 1: x = (1, 1), y = +1 at score 0: w = (1, 1),
// b = 1; then (-1, 2) at 2 and (-1, -2) at 0 are mistakes: w = (3, 1), b = -1, which classifies
// every row at the end of the first block of 6, where training stops.
const CMU_SAMPLED = { ...CMU, options: { order: 'sample', seed: 5, maxSteps: 30 } };
// XOR: no line separates it, so training runs its 3 epochs (12 steps).
const XOR = XOR_ASSIGNMENT;
// XOR shuffled with seed 1: epochs visit 0 3 2 1 | 3 1 2 0 | 2 1 3 0. Epoch 1: (0,0) -1 at score
// 0: b = -1; (0,1) +1 at -1: w = (0, 1), b = 0; (1,0) +1 at 0: w = (1, 1), b = 1; (1,1) -1 at 3:
// w = (0, 0), b = 0. Step 5 visits (0,1) +1 at 0: w = (0, 1), b = 1; the first epoch's order
// again visits (0,0) -1 at 0: w = (0, 0), b = -1.
const XOR_SHUFFLED = { ...XOR, options: { order: 'shuffle', seed: 1, maxEpochs: 3 } };
// Without a bias, a zero row is a mistake at every visit under 'margin' (y * 0 <= 0, an update
// of 0): training runs its 3 epochs, w = (-1, -1) from step 1 on. Under 'sign' the zero row with
// y = +1 scores 0, predicted +1: right, so training stops after epoch 2 (4 steps), which is
// also what stopping one epoch early gives: two codes fit.
const ZERO_ROW = {
  X: [
    [1, 1],
    [0, 0],
  ],
  y: [-1, 1],
  options: { fitIntercept: false, maxEpochs: 3 },
};

// [fixture, assignment, code (a diagnosis' or an error's), [step, field, expected, received] or null, score]
const TABLE = [
  ['correct', CMU, null, null, 1],
  ['correct', CMU_HALF, null, null, 1],
  ['correct', CMU_SHUFFLED, null, null, 1],
  ['correct', CMU_SAMPLED, null, null, 1],
  ['correct', XOR_SHUFFLED, null, null, 1],
  ['correct', ZERO_ROW, null, null, 1],
  // sign(0) = +1 on step 2's +1 example: no update, w stays (1, -2) where (2, -2) was expected.
  ['tie-sign', CMU, 'tie-convention', [2, 'weights[0]', 2, 1], 1 / 12],
  // w.x > 0 predicts -1 at step 1's score 0, right for y = -1: w stays (0, 0).
  ['tie-strict', CMU, 'tie-convention', [1, 'weights[0]', 1, 0], 0],
  ['bias-not-updated', CMU, 'bias-not-updated', [1, 'bias', -1, 0], 0],
  // b += y: step 1 gives b = -1 where eta y = -0.5 was expected.
  ['lr-bias-unscaled', CMU_HALF, 'learning-rate-on-bias', [1, 'bias', -0.5, -1], 0],
  // w += y x: step 1 gives w = (1, -2) where (0.5, -1) was expected.
  ['lr-bias-only', CMU_HALF, 'learning-rate-on-bias', [1, 'weights[0]', 0.5, 1], 0],
  // Row 0 first: w = (1, -2), b = -1 against (1, 0), b = 1.
  ['order-cyclic', CMU_SHUFFLED, 'order', [1, 'weights[1]', 0, -2], 0],
  // 'sample' visited cyclically: step 1 is row 0 (w = (1, -2)), where draw 1 is row 2 (w = (1, 1)).
  ['order-cyclic', CMU_SAMPLED, 'order', [1, 'weights[1]', 1, -2], 0],
  ['order-first-epoch', XOR_SHUFFLED, 'order', [5, 'weights[1]', 1, 0], 4 / 12],
  // After epoch 1, w = (4, 1), b = 0 classify every row: 6 steps where the clean epoch 2 makes 12.
  ['epoch-early', CMU, 'epoch-boundary', [7, 'steps', 12, 6], 6 / 12],
  ['epoch-late', CMU, 'epoch-boundary', [13, 'steps', 12, 18], 12 / 18],
  // 100 epochs of 6 rows.
  ['epoch-never', CMU, 'epoch-boundary', [13, 'steps', 12, 600], 12 / 600],
  ['epoch-never', CMU_SAMPLED, 'epoch-boundary', [7, 'steps', 6, 30], 6 / 30],
  ['epoch-off-by-one', XOR, 'epoch-boundary', [9, 'steps', 12, 8], 8 / 12],
  ['tie-sign', ZERO_ROW, 'tie-convention', [5, 'steps', 6, 4], 4 / 6],
  ['loop', CMU, 'timeout', null, 0],
  ['throws', CMU, 'threw', null, 0],
  ['exits', CMU, 'threw', null, 0],
  ['memory', CMU, 'memory', null, 0],
  ['shape-final-only', CMU, 'bad-shape', null, 0],
  ['shape-bias-in-weights', CMU, 'bad-shape', null, 0],
  ['shape-nan', CMU, 'bad-shape', null, 0],
  ['shape-names', CMU, 'bad-shape', null, 0],
  ['no-export', CMU, 'bad-shape', null, 0],
];

// What each error says (the fixture's fault, in the student's words).
const ERROR_MESSAGES = {
  loop: /did not return within 2000 ms/,
  throws: /^perceptron\(X, y, options\) threw TypeError: x\.dot is not a function\n.*throws\.js:4/,
  exits: /process ended \(exit code 0: process\.exit\(\)/,
  memory: /more than 256 MB of memory/,
  'shape-final-only': /must return an array with one \{weights, bias\} per step; received an object$/,
  'shape-bias-in-weights': /^step 1 \(element 0 of the returned array\): weights must have 2 numbers.*; received 3$/,
  'shape-nan': /^step 1 .*weights\[0\] must be a finite number; received NaN$/,
  'shape-names': /^step 1 .*weights must be an array of 2 numbers; received undefined$/,
  'no-export': /does not export a function perceptron\(X, y, options\); it exports default$/,
};

describe('grade(): a table of submissions', () => {
  it('has a row for every diagnosis and error code, and at least 12 wrong submissions', () => {
    const codes = new Set(TABLE.map((row) => row[2]));
    for (const code of ['tie-convention', 'bias-not-updated', 'learning-rate-on-bias', 'order', 'epoch-boundary']) {
      assert.ok(codes.has(code), code);
    }
    for (const code of ['timeout', 'memory', 'threw', 'bad-shape']) assert.ok(codes.has(code), code);
    assert.ok(new Set(TABLE.filter((row) => row[2]).map((row) => row[0])).size >= 12);
    // The shuffled orders the comments above work with.
    assert.deepEqual([...pw.visitOrder({ order: 'shuffle', seed: 3, rows: 6, count: 6 })], [1, 4, 2, 3, 5, 0]);
    assert.deepEqual([...pw.visitOrder({ order: 'sample', seed: 5, rows: 6, count: 6 })], [2, 4, 0, 4, 4, 3]);
    assert.deepEqual(
      [...pw.visitOrder({ order: 'shuffle', seed: 1, rows: 4, count: 12 })],
      [0, 3, 2, 1, 3, 1, 2, 0, 2, 1, 3, 0],
    );
  });

  for (const [name, assignment, code, difference, score] of TABLE) {
    it(`${name} on ${JSON.stringify(assignment.options)}: ${code ?? 'matches'}`, async () => {
      const result = await grade(submission(name), assignment, LIMITS);
      assert.equal(result.score, score);
      const isError = ['timeout', 'memory', 'threw', 'bad-shape'].includes(code);
      assert.equal(result.error?.code ?? null, isError ? code : null, result.error?.message);
      assert.equal(result.diagnosis?.code ?? null, isError ? null : code, result.diagnosis?.message);
      if (isError) {
        assert.match(result.error.message, ERROR_MESSAGES[name]);
        assert.equal(result.firstDifference, null);
        assert.equal(result.matched, 0);
        return;
      }
      if (difference === null) {
        assert.equal(result.firstDifference, null);
        assert.equal(result.matched, result.steps);
        return;
      }
      const { step, field, expected, received } = result.firstDifference;
      assert.deepEqual([step, field, expected, received], difference);
      assert.equal(result.matched, step - 1);
    });
  }

  it('says the step in words: its epoch, row, example, what the reference did, and both w and b', async () => {
    const result = await grade(submission('tie-sign'), CMU, LIMITS);
    assert.equal(result.steps, 12);
    assert.equal(
      result.firstDifference.message,
      'step 2 differs (epoch 1, row 1: x = [1,0], y = +1; a mistake: y (w.x + b) = 0 <= 0, so w += y x, b += y)\n' +
        '    expected w = [2,-2], b = 0\n' +
        '    received w = [1,-2], b = -1',
    );
    assert.match(result.diagnosis.message, /^Your trace is the reference's under mistakeRule 'sign'/);
    const half = await grade(submission('lr-bias-unscaled'), CMU_HALF, LIMITS);
    assert.match(
      half.firstDifference.message,
      /so w \+= 0\.5 y x, b \+= 0\.5 y\)\n {4}expected w = \[0\.5,-1\], b = -0\.5\n/,
    );
    const late = await grade(submission('epoch-late'), CMU, LIMITS);
    assert.equal(
      late.firstDifference.message,
      'step 13: expected training to stop after 12 steps (epoch 2), received 18 steps',
    );
  });

  it('when two codes fit, the first wins and its message names the other', async () => {
    const { diagnosis } = await grade(submission('tie-sign'), ZERO_ROW, LIMITS);
    assert.equal(diagnosis.code, 'tie-convention');
    assert.match(diagnosis.message, /The trace fits 'epoch-boundary' too: your training stops one epoch early/);
    // One code alone: no other named.
    const alone = await grade(submission('tie-sign'), CMU, LIMITS);
    assert.doesNotMatch(alone.diagnosis.message, /fits '/);
  });

  it('a process that never ends after answering is graded on its answer, and killed', { timeout: 30_000 }, async () => {
    const result = await grade(submission('lingers'), CMU, LIMITS);
    assert.deepEqual([result.score, result.error, result.firstDifference], [1, null, null]);
  });

  it('a long trace of many features comes back whole (62,400 steps of 60 weights)', { timeout: 60_000 }, async () => {
    // Sonar's size (208 x 60) for 300 epochs: about 78 MB as JSON, sent back as one Float64Array.
    const random = rng(5);
    const X = Array.from({ length: 208 }, () => Array.from({ length: 60 }, () => Math.round(random() * 1000) / 1000));
    const y = X.map((_, i) => (i % 2 ? 1 : -1));
    const assignment = { X, y, options: { maxEpochs: 300, learningRate: 0.1 } };
    const result = await grade(submission('correct'), assignment, { timeout: 30_000, memory: 512 });
    assert.deepEqual([result.score, result.steps, result.error], [1, 62_400, null]);
  });

  it('a wrong trace no convention explains gets its first difference and no diagnosis', async () => {
    // The labels negated: step 1 updates w += x = (-1, 2), b = 1.
    const source = `import { train } from ${JSON.stringify(pathToFileURL(submission('train')).href)};
      export const perceptron = (X, y, o) => train(X, y.map((v) => -v), o);`;
    const result = await grade({ source }, CMU, LIMITS);
    const { step, field, expected, received } = result.firstDifference;
    assert.deepEqual([step, field, expected, received], [1, 'weights[0]', 1, -1]);
    assert.equal(result.diagnosis, null);
  });
});
