// model.trainer(): fit's training driven step by step. Driven to its end in any slices it leaves
// exactly fit's model and report, for every model kind, variant, order and seed; its steps are
// fit's onStep trace; it ends when the model changes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { pw, CMU_X, CMU_Y, CMU_WEIGHTS, AND_X, rng, snapshot, throwsWith } from './helpers.mjs';
import { noisy, threeClasses, booleans } from './trainer-data.mjs';

// Drives a trainer to its end with steps, epochs and runs of 1..30 steps chosen by `seed`.
function driveInSlices(trainer, seed) {
  const random = rng(seed);
  while (!trainer.state.done) {
    const pick = random();
    if (pick < 0.3) trainer.step();
    else if (pick < 0.6) trainer.finishEpoch();
    else trainer.run({ maxSteps: 1 + Math.floor(random() * 30) });
  }
  return trainer.run();
}

const cases = [
  ...['classic', 'averaged', 'voted', 'pocket'].map((variant) => ['Perceptron', { variant }, noisy]),
  ['Perceptron', { earlyStopping: true, validationFraction: 0.25, patience: 3 }, noisy],
  ['Perceptron', { mistakeRule: 'strict', margin: 0.5, preprocess: 'standardize' }, noisy],
  ...['joint', 'ovr', 'ovo'].map((strategy) => ['MulticlassPerceptron', { strategy }, threeClasses]),
  ['KernelPerceptron', { budget: 8 }, noisy],
  ['Winnow', {}, booleans],
  ['PassiveAggressive', {}, threeClasses],
];

describe('trainer', () => {
  for (const [kind, options, data] of cases) {
    test(`${kind} ${JSON.stringify(options)}: driven in slices, it ends with fit's model and report`, () => {
      for (const order of ['cyclic', 'shuffle', 'sample']) {
        for (const seed of [0, 7, 12345]) {
          const all = { ...options, order, seed, maxEpochs: 25 };
          const fitted = new pw[kind](all);
          const expected = fitted.fit(data.X, data.y);
          const driven = new pw[kind](all);
          const report = driveInSlices(driven.trainer(data.X, data.y), seed + 1);
          assert.deepEqual(report, expected, `${order} ${seed}`);
          assert.equal(snapshot(driven), snapshot(fitted), `${order} ${seed}`);
          fitted.dispose();
          driven.dispose();
        }
      }
    });
  }

  test("Perceptron: step() gives fit's onStep trace, the lecture's weights step by step", () => {
    const options = { fitIntercept: false, mistakeRule: 'sign', maxEpochs: 1 };
    const trace = [];
    new pw.Perceptron(options).fit(CMU_X, CMU_Y, { onStep: (s) => trace.push(s) });
    const model = new pw.Perceptron(options);
    const trainer = model.trainer(CMU_X, CMU_Y);
    assert.deepEqual(trainer.state, { t: 0, epoch: 0, mistakes: 0, converged: false, done: false });
    assert.deepEqual(model.weights, [0, 0]); // set up, no step yet
    const steps = [];
    for (let s = trainer.step(); s !== null; s = trainer.step()) steps.push(s);
    assert.deepEqual(steps, trace);
    assert.deepEqual(
      steps.map((s) => s.weights),
      CMU_WEIGHTS,
    );
    assert.deepEqual(trainer.state, { t: 6, epoch: 1, mistakes: 3, converged: false, done: true });
    assert.equal(trainer.step(), null);
    assert.equal(trainer.finishEpoch(), null);
  });

  test("an epoch's last step is in that epoch: its record and the state say so, for every kind", () => {
    // A pause right after an epoch's last step used to publish the next epoch's number.
    const kinds = [
      ['Perceptron', {}],
      ['MulticlassPerceptron', {}],
      ['KernelPerceptron', {}],
      ['Winnow', { balanced: true }],
      ['PassiveAggressive', {}],
    ];
    for (const [kind, options] of kinds) {
      const trainer = new pw[kind]({ ...options, maxEpochs: 3 }).trainer(noisy.X, noisy.y);
      const epochs = [];
      for (let s = trainer.step(); s !== null; s = trainer.step()) {
        epochs.push([s.epoch, trainer.state.epoch]);
      }
      const n = noisy.X.length;
      const expected = epochs.map((_, i) => Math.floor(i / n) + 1);
      assert.deepEqual(
        epochs.map(([record]) => record),
        expected,
        `${kind}: the records' epochs`,
      );
      assert.deepEqual(
        epochs.map(([, state]) => state),
        expected,
        `${kind}: state.epoch after each step`,
      );
    }
  });

  test('finishEpoch returns the epoch it finished; the state follows it; converged ends training', () => {
    const model = new pw.Perceptron();
    const trainer = model.trainer(AND_X, [-1, -1, -1, 1]);
    trainer.step();
    assert.equal(trainer.lastEpoch, null);
    const first = trainer.finishEpoch();
    assert.deepEqual(trainer.lastEpoch, first);
    assert.equal(first.epoch, 1);
    assert.equal(first.steps, 4);
    assert.equal(trainer.state.t, 4);
    let last = first;
    while (!trainer.state.done) last = trainer.finishEpoch();
    assert.equal(last.mistakes, 0);
    assert.equal(trainer.state.converged, true);
    assert.deepEqual(trainer.run(), new pw.Perceptron().fit(AND_X, [-1, -1, -1, 1]));
  });

  test('early stopping: epochs carry their errors; the best epoch is put back at the end', () => {
    const options = { earlyStopping: true, validationFraction: 0.25, patience: 2, maxEpochs: 50 };
    const trainer = new pw.Perceptron(options).trainer(noisy.X, noisy.y);
    const epoch = trainer.finishEpoch();
    assert.ok(epoch.trainError >= 0 && epoch.trainError <= 1);
    assert.ok(epoch.validationError >= 0 && epoch.validationError <= 1);
    assert.deepEqual(trainer.run(), new pw.Perceptron(options).fit(noisy.X, noisy.y));
  });

  test('a Dataset trains without y; the trainer keeps its data after the Dataset is disposed', () => {
    const data = pw.Dataset.fromArray(noisy.X, undefined, noisy.y);
    const model = new pw.Perceptron({ order: 'shuffle', seed: 3 });
    const trainer = model.trainer(data);
    trainer.step();
    data.dispose();
    const report = trainer.run();
    assert.deepEqual(report, new pw.Perceptron({ order: 'shuffle', seed: 3 }).fit(noisy.X, noisy.y));
  });

  test('anything that changes the model ends its trainer', () => {
    const model = new pw.Perceptron();
    const changes = [
      () => model.fit(AND_X, [-1, -1, -1, 1]),
      () => model.partialFit(AND_X, [-1, -1, -1, 1]),
      () => model.learnOne([1, 1], 1),
      () => model.trainer(AND_X, [-1, -1, -1, 1]),
    ];
    for (const change of changes) {
      const trainer = model.trainer(AND_X, [-1, -1, -1, 1]);
      trainer.step();
      change();
      throwsWith(assert, () => trainer.step(), pw.DisposedError, /trainer\(\)\.step/, /ended when the model changed/);
      throwsWith(assert, () => trainer.state, pw.DisposedError, /ended/);
    }
    const trainer = model.trainer(AND_X, [-1, -1, -1, 1]);
    model.dispose();
    throwsWith(assert, () => trainer.run(), pw.DisposedError, /disposed/);
  });

  test('bad input: a clear error, the model and its running trainer unchanged', () => {
    const model = new pw.Perceptron();
    model.fit(AND_X, [-1, -1, -1, 1]);
    const before = snapshot(model);
    const trainer = model.trainer(AND_X, [-1, -1, -1, 1]);
    const during = snapshot(model);
    throwsWith(assert, () => model.trainer(AND_X, [1, 1, 1, 1]), RangeError, /Perceptron\.trainer/, /two distinct/);
    throwsWith(assert, () => model.trainer(AND_X, [-1, 1, 1, 1], { onStep: () => {} }), TypeError, /onStep/);
    throwsWith(assert, () => trainer.run({ maxSteps: 1.5 }), RangeError, /maxSteps/, /1\.5/);
    throwsWith(assert, () => trainer.run({ maxSteps: '3' }), TypeError, /maxSteps/);
    assert.equal(snapshot(model), during);
    assert.notEqual(before, during); // the trainer set the model up at zero
    assert.deepEqual(trainer.run(), new pw.Perceptron().fit(AND_X, [-1, -1, -1, 1]));
  });

  test('ovo: a binary model whose training fails midway puts the model back as it was', () => {
    // Early stopping holds out rows of each pair's classes; the third pair (b, c) has one row
    // of each, so its split fails after the first two binary models trained.
    const X = [[0], [1], [2], [3]];
    const y = ['a', 'a', 'b', 'c'];
    const model = new pw.MulticlassPerceptron({ strategy: 'ovo', earlyStopping: true, validationFraction: 0.5 });
    model.fit([[0], [1], [5], [6]], ['a', 'a', 'b', 'b']);
    const before = snapshot(model);
    const trainer = model.trainer(X, y);
    trainer.step();
    throwsWith(assert, () => trainer.run(), RangeError, /single example/);
    assert.equal(snapshot(model), before);
    throwsWith(assert, () => model.fit(X, y), RangeError, /single example/);
    assert.equal(snapshot(model), before);
  });
});
