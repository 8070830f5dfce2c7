// The playground's quiz mode without a page (web/quiz/quiz-rules.js): the row it asks about is the
// one the session's next Step visits (every order, across runs, with the Perceptron's warm start);
// answers are scored against the package's step records on the CMU lecture example (the
// slide's weights, CMU_WEIGHTS) within 1e-9 x max(1, |expected|); a typed answer that is not a
// number is refused with the field's name and what it received; the rule line follows the options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CMU_WEIGHTS, CMU_X, CMU_Y, pw } from './helpers.mjs';
import { Session } from '../../web/shell/session.js';
import {
  nextRow,
  readAnswer,
  ruleLine,
  scoreAnswer,
  unsupportedReason,
  verdictReason,
} from '../../web/quiz/quiz-rules.js';
import { close } from '../../web/shell/tolerance.js';

const matrix = (list) => ({ data: Float64Array.from(list.flat()), rows: list.length, cols: list[0].length });
const CMU = { X: matrix(CMU_X), y: CMU_Y };
const CMU_OPTIONS = { mistakeRule: 'sign', fitIntercept: false };

// The CMU example's step records, as the page's session gives them, with the w and b before each.
function cmuSteps(count, options = CMU_OPTIONS) {
  const session = new Session(pw, 'Perceptron', options, CMU);
  const steps = [];
  for (let k = 0; k < count; k++) {
    const before = { weights: [...session.linear.weights], bias: session.linear.bias };
    steps.push({ record: session.step(), before });
  }
  session.dispose();
  return steps;
}

test('the row asked about is the one the next Step visits: every order, several runs', () => {
  const rows = [
    [0.2, 0.9],
    [-0.5, 0.1],
    [0.8, -0.3],
    [-0.1, -0.8],
    [0.05, 0.05],
    [0.6, 0.7],
    [-0.7, -0.2],
  ];
  const data = { X: matrix(rows), y: [1, -1, 1, -1, -1, -1, 1] };
  for (const order of ['cyclic', 'shuffle', 'sample']) {
    for (const seed of [0, 5]) {
      const options = { order, seed, maxEpochs: 3, ...(order === 'sample' ? { maxSteps: 10 } : {}) };
      const session = new Session(pw, 'Perceptron', options, data);
      let runs = 0;
      for (let k = 0; k < 60; k++) {
        if (session.runSteps === 0) runs += 1;
        const asked = nextRow(pw, session.model.options, rows.length, session.runSteps);
        assert.equal(session.step().index, asked, `${order} seed ${seed} step ${k + 1}`);
      }
      assert.ok(runs >= 3, `${order}: ${runs} runs`);
      session.dispose();
    }
  }
});

test('the CMU example: the slide’s answers are right, others are wrong with the reason', () => {
  const steps = cmuSteps(6);
  steps.forEach(({ record }, i) => assert.deepEqual(record.weights, CMU_WEIGHTS[i], `step ${i + 1}`));
  const mistakes = steps.map(({ record }) => record.mistake);
  assert.deepEqual(mistakes, [true, false, true, false, true, false]);
  steps.forEach(({ record, before }, i) => {
    const answer = { mistake: mistakes[i], weights: CMU_WEIGHTS[i], bias: 0 };
    const scored = scoreAnswer(answer, record, before, CMU_OPTIONS);
    assert.equal(scored.correct, true, `step ${i + 1}`);
    assert.deepEqual(scored.reasons, []);
  });
  // Step 3: x = (1, 1), y = +1, w = (1, −2): a mistake, w becomes (2, −1).
  const { record, before } = steps[2];
  const near = { mistake: true, weights: [2 + 1e-10, -1], bias: 0 };
  assert.equal(scoreAnswer(near, record, before, CMU_OPTIONS).correct, true, 'within 1e-9');
  const off = scoreAnswer({ mistake: true, weights: [2, -1 + 1e-8], bias: 0 }, record, before, CMU_OPTIONS);
  assert.equal(off.correct, false, 'not within 1e-9');
  const wrong = scoreAnswer({ mistake: true, weights: [2, -2], bias: 0 }, record, before, CMU_OPTIONS);
  assert.equal(wrong.correct, false);
  assert.deepEqual(
    wrong.rows.map((r) => [r.name, r.given, r.expected, r.wrong]),
    [
      ['Mistake?', 'Mistake', 'Mistake', false],
      ['w₁', '2', '2', false],
      ['w₂', '−2', '−1', true],
      ['b', '0', '0', false],
    ],
  );
  assert.deepEqual(wrong.reasons, ['w₂: you gave −2; the update gives −1.']);
  // "No mistake" on it: the old w, and the verdict's reason.
  const missed = scoreAnswer({ mistake: false, weights: [9, 9], bias: 9 }, record, before, CMU_OPTIONS);
  assert.equal(missed.correct, false);
  assert.deepEqual(
    missed.rows.map((r) => [r.given, r.expected, r.wrong]),
    [
      ['No mistake', 'Mistake', true],
      ['1', '2', true],
      ['−2', '−1', true],
      ['0', '0', false],
    ],
  );
  assert.equal(
    missed.reasons[0],
    'Mistake or not: w·x + b = −1, so the prediction is −1 (+1 iff w·x + b ≥ 0) and y = +1: a mistake.',
  );
  // Step 2 (no mistake): the verdict alone counts; "Mistake" there is wrong.
  const second = steps[1];
  const typed = { mistake: false, weights: [123, 4], bias: 5 };
  assert.equal(scoreAnswer(typed, second.record, second.before, CMU_OPTIONS).correct, true);
  const extra = scoreAnswer({ mistake: true, weights: [1, -2], bias: 0 }, second.record, second.before, CMU_OPTIONS);
  assert.equal(extra.correct, false);
  assert.match(extra.reasons.join(' '), /^Mistake or not: w·x \+ b = 1, .* no mistake\. So there is no update/);
});

test('a score of exactly 0: a mistake under the margin rule and under sign for y = −1, not under strict', () => {
  // Step 1 of the CMU example: w = 0, x = (−1, 2), y = −1, score 0.
  for (const [rule, mistake, reason] of [
    ['margin', true, 'y·(w·x + b) = −1 × 0 = 0 ≤ 0: a mistake.'],
    ['sign', true, 'w·x + b = 0, so the prediction is +1 (+1 iff w·x + b ≥ 0) and y = −1: a mistake.'],
    ['strict', false, 'w·x + b = 0, so the prediction is −1 (+1 iff w·x + b > 0) and y = −1: no mistake.'],
  ]) {
    const options = { mistakeRule: rule, fitIntercept: false };
    const [{ record }] = cmuSteps(1, options);
    assert.equal(record.mistake, mistake, rule);
    assert.equal(verdictReason(record, { ...options, margin: 0 }), reason, rule);
  }
});

test('a typed answer: numbers as the page writes them; anything else named, with what was received', () => {
  const form = (weights, bias, verdict = 'mistake') => readAnswer({ verdict, weights, bias });
  assert.deepEqual(form(['1', '−2'], ' 0.5 ').answer, { mistake: true, weights: [1, -2], bias: 0.5 });
  assert.deepEqual(form(['1e3', '-.5'], '+2').answer.weights, [1000, -0.5]);
  assert.deepEqual(form(['abc', '2'], '0').errors, [{ field: 'w₁', message: 'w₁ must be a number; received "abc".' }]);
  assert.deepEqual(form(['1', ''], '0x10').errors, [
    { field: 'w₂', message: 'w₂ must be a number; received an empty field.' },
    { field: 'b', message: 'b must be a number; received "0x10".' },
  ]);
  assert.deepEqual(form(['1', '2'], '3', null).errors, [
    { field: 'verdict', message: 'Say whether this step is a mistake: choose Mistake or No mistake.' },
  ]);
  assert.equal(form(['Infinity', '1'], '1').errors[0].field, 'w₁');
  // The course tools' one tolerance (web/shell/tolerance.js): relative past 1, absolute below.
  assert.equal(close(1e9, 1e9 + 0.5), true);
  assert.equal(close(1e9, 1e9 + 2), false);
  assert.equal(close(1, 1 + 2e-9), false);
  assert.equal(close(1e-3, 1e-3 + 0.9e-9), true);
});

test('the rule line: the options (mistake rule, margin, learning rate, intercept) and the classes', () => {
  const base = { mistakeRule: 'margin', margin: 0, learningRate: 1, fitIntercept: true };
  assert.equal(
    ruleLine(base, [-1, 1]),
    'Mistake iff y·(w·x + b) ≤ 0 (mistakeRule margin: a score of 0 is a mistake); then w ← w + η·y·x and b ← b + η·y, with η = 1.',
  );
  assert.equal(
    ruleLine({ ...base, mistakeRule: 'strict', learningRate: 0.5, fitIntercept: false }, ['no', 'yes']),
    'Mistake iff the prediction is wrong, predicting +1 iff w·x + b > 0 (mistakeRule strict); then w ← w + η·y·x with η = 0.5; b stays (fitIntercept false); y = +1 for class yes, −1 for class no.',
  );
  assert.match(
    ruleLine({ ...base, margin: 0.25, mistakeRule: 'sign' }, [-1, 1]),
    /^Mistake \(an update\) iff y·\(w·x \+ b\) ≤ τ = 0\.25 /,
  );
});

test('the models asked about: the classic Perceptron on the data’s own coordinates', () => {
  const classic = new pw.Perceptron().options;
  assert.equal(unsupportedReason('Perceptron', classic, 2), null);
  assert.match(unsupportedReason('KernelPerceptron', {}, 2), /^Quiz mode asks about the Perceptron’s steps/);
  assert.match(
    unsupportedReason('Perceptron', { ...classic, variant: 'averaged' }, 2),
    /the averaged variant predicts/,
  );
  assert.match(unsupportedReason('Perceptron', { ...classic, preprocess: 'standardize' }, 2), /Preprocessing to none/);
  assert.match(unsupportedReason('Perceptron', { ...classic, earlyStopping: true }, 2), /Early stopping off/);
  assert.match(unsupportedReason('Perceptron', classic, 11), /at most 10 features; this data has 11/);
});
