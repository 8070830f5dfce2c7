// One step record for the kinds whose fit has no observer (kernel, Winnow, Passive-Aggressive):
// a trainer's step() gives the label, the score (or K scores) and the prediction before the
// update, and the kind's own numbers (deltaAlpha, threshold, loss and tau), as computed by hand
// and as decisionFunction and predict give them just before the step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pw } from './helpers.mjs';
import { noisy, threeClasses, booleans } from './trainer-data.mjs';

const X = [
  [1, 0],
  [0, 1],
  [1, 1],
  [0, 0],
];
const steps = (model, y, n) => {
  const trainer = model.trainer(X, y);
  return Array.from({ length: n }, () => trainer.step());
};

test('the kernel perceptron (RBF, gamma 0.5): scores, predictions and deltaAlpha by hand', () => {
  const [first, second] = steps(new pw.KernelPerceptron({ maxEpochs: 2 }), [1, -1, 1, -1], 2);
  // No support vector yet: score 0, predicted +1 (score >= 0), a mistake under the margin rule.
  assert.deepEqual(first, {
    t: 1,
    epoch: 1,
    index: 0,
    mistake: true,
    label: 1,
    score: 0,
    prediction: 1,
    deltaAlpha: 1,
  });
  // alpha_0 = 1, b = 1: 1 * exp(-0.5 * |x0 - x1|^2) + 1 = e^-1 + 1, predicted +1, label -1.
  assert.equal(second.score, Math.exp(-1) + 1);
  assert.deepEqual(
    { ...second, score: 0 },
    { t: 2, epoch: 1, index: 1, mistake: true, label: -1, score: 0, prediction: 1, deltaAlpha: -1 },
  );
});

test('Winnow (basic, theta = n = 2): w.x - theta and the threshold by hand', () => {
  const [first, second] = steps(new pw.Winnow({ maxEpochs: 2 }), [1, 0, 1, 0], 2);
  // w = (1, 1): x0 scores 1 - 2 = -1 < 0, predicted 0, label 1: promoted.
  assert.deepEqual(first, {
    t: 1,
    epoch: 1,
    index: 0,
    mistake: true,
    label: 1,
    score: -1,
    prediction: 0,
    threshold: 2,
  });
  // w = (2, 1): x1 scores 1 - 2 = -1, predicted 0, label 0: no update.
  assert.deepEqual(second, {
    t: 2,
    epoch: 1,
    index: 1,
    mistake: false,
    label: 0,
    score: -1,
    prediction: 0,
    threshold: 2,
  });
});

test('Passive-Aggressive: loss and tau by hand, binary and with three classes', () => {
  const [first, second] = steps(new pw.PassiveAggressive({ maxEpochs: 2 }), [1, -1, 1, -1], 2);
  // w = 0, b = 0: loss 1, q = |x|^2 + 1 = 2, tau = 1/2.
  assert.deepEqual(first, {
    t: 1,
    epoch: 1,
    index: 0,
    mistake: true,
    label: 1,
    score: 0,
    prediction: 1,
    loss: 1,
    tau: 0.5,
  });
  // w = (0.5, 0), b = 0.5: x1 scores 0.5, y = -1: loss 1.5, tau 0.75.
  assert.deepEqual(second, {
    t: 2,
    epoch: 1,
    index: 1,
    mistake: true,
    label: -1,
    score: 0.5,
    prediction: 1,
    loss: 1.5,
    tau: 0.75,
  });
  const [a, b] = steps(new pw.PassiveAggressive({ maxEpochs: 2 }), ['a', 'b', 'c', 'a'], 2);
  // Three classes: the scores of every class, q doubled (2 * 2): tau = 1/4. The prediction is
  // right (ties go to the first class) but the margin loss is 1: an update, counted as a mistake.
  assert.deepEqual(a, {
    t: 1,
    epoch: 1,
    index: 0,
    mistake: true,
    label: 'a',
    scores: [0, 0, 0],
    prediction: 'a',
    loss: 1,
    tau: 0.25,
  });
  assert.deepEqual(b, {
    t: 2,
    epoch: 1,
    index: 1,
    mistake: true,
    label: 'b',
    scores: [0.25, -0.25, 0],
    prediction: 'a',
    loss: 1.5,
    tau: 0.375,
  });
});

// Every step's score and prediction are decisionFunction's and predict's just before the step.
const rowOf = (data, i) => [data.X[i]];
const cases = [
  ['KernelPerceptron', { kernel: 'polynomial', degree: 2, budget: 12 }, noisy],
  ['KernelPerceptron', { kernel: 'rbf', order: 'shuffle', seed: 3 }, noisy],
  ['Winnow', {}, booleans],
  ['Winnow', { balanced: true, order: 'sample', seed: 5 }, booleans],
  ['PassiveAggressive', { mode: 'PA-I', C: 0.5 }, noisy],
  ['PassiveAggressive', { mode: 'PA-II', order: 'shuffle', seed: 1 }, threeClasses],
];
for (const [kind, options, data] of cases) {
  test(`${kind} ${JSON.stringify(options)}: every step's score and prediction are the model's just before it`, () => {
    const model = new pw[kind]({ ...options, maxEpochs: 4 });
    const trainer = model.trainer(data.X, data.y);
    let checked = 0;
    for (;;) {
      const t = trainer.state.t;
      // The row the next step visits is known only after it; keep the model's answers for all.
      const before = t === 0 ? null : { scores: model.decisionFunction(data.X), predictions: model.predict(data.X) };
      const step = trainer.step();
      if (step === null) break;
      assert.equal(step.label, data.y[step.index]);
      if (before === null) continue; // zero weights: nothing fitted to ask yet
      const expected = before.scores[step.index];
      if (Array.isArray(expected)) assert.deepEqual(step.scores, expected);
      else if (kind === 'KernelPerceptron')
        assert.ok(Math.abs(step.score - expected) <= 1e-12 * (1 + Math.abs(expected)));
      else assert.equal(step.score, expected);
      assert.equal(step.prediction, before.predictions[step.index], `step ${step.t}`);
      checked++;
    }
    assert.ok(checked > 100, `${checked} steps checked`);
    model.dispose();
  });
}

// fit's onStep gets the same records, and its answer stops or aborts as the traced kinds' does.
const onStepCases = [
  ['KernelPerceptron', { budget: 8 }, noisy],
  ['Winnow', { balanced: true }, booleans],
  ['PassiveAggressive', {}, threeClasses],
];
for (const [kind, options, data] of onStepCases) {
  test(`${kind}: fit's onStep gets the trainer's step records; false stops after the step, a throw aborts`, () => {
    const all = { ...options, order: 'shuffle', seed: 2, maxEpochs: 3 };
    const trace = [];
    const expected = new pw[kind](all).fit(data.X, data.y);
    const model = new pw[kind](all);
    const report = model.fit(data.X, data.y, { onStep: (s) => void trace.push(s) });
    assert.deepEqual(report, expected, 'the same training');
    const trainer = new pw[kind](all).trainer(data.X, data.y);
    const steps = [];
    for (let s = trainer.step(); s !== null; s = trainer.step()) steps.push(s);
    assert.deepEqual(trace, steps);
    // false after step 7: the model is the trainer's after 7 steps, the report says stopped.
    const stopped = new pw[kind](all);
    const seven = new pw[kind](all);
    const partial = stopped.fit(data.X, data.y, { onStep: (s) => s.t < 7 });
    const sevenTrainer = seven.trainer(data.X, data.y);
    sevenTrainer.run({ maxSteps: 7 });
    assert.equal(partial.steps, 7);
    assert.equal(partial.stopped, true);
    assert.equal(partial.epochs, 1);
    assert.deepEqual(stopped.toJSON(), seven.toJSON());
    // A throw: fit rethrows it, the model as it was.
    const before = JSON.stringify(model.toJSON());
    assert.throws(
      () =>
        model.fit(data.X, data.y, {
          onStep: (s) => {
            if (s.t === 5) throw new Error('enough');
          },
        }),
      /enough/,
    );
    assert.equal(JSON.stringify(model.toJSON()), before);
  });
}
