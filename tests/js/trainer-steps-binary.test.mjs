// One step record for one-vs-rest and one-vs-one: a binary model's step and the multi-class
// model's view of the row before it, computed by hand; fit's onStep gets the records a
// trainer's step() gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pw } from './helpers.mjs';
import { threeClasses } from './trainer-data.mjs';

// 3 classes, 4 rows; classic, margin rule (update iff y s <= 0), eta 1, an intercept, cyclic.
const X = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [2, 0],
];
const y = ['a', 'b', 'c', 'a'];
const allSteps = (trainer) => {
  const steps = [];
  for (let s = trainer.step(); s !== null; s = trainer.step()) steps.push(s);
  return steps;
};
// [t, model, index, scores, prediction, score, labelSign, predictionSign, mistake] as a record.
const record = (positive, negative) => (t, model, index, scores, prediction, score, ys, ps, mistake) => ({
  t,
  epoch: 1,
  index,
  mistake,
  model,
  label: y[index],
  scores,
  prediction,
  score,
  labelSign: ys,
  predictionSign: ps,
  positive: positive[model],
  negative: negative[model],
});

test('one-vs-rest: every step of its three binary models by hand', () => {
  const model = new pw.MulticlassPerceptron({ strategy: 'ovr', maxEpochs: 1 });
  const ovr = record(['a', 'b', 'c'], [null, null, null]);
  // The scores are the three binary models' w.x + b (zero weights before they train); the
  // prediction their argmax, ties to the first class.
  assert.deepEqual(allSteps(model.trainer(X, y)), [
    // a vs rest: w = (0, 0), b = 0 -> (1, 0), 1 -> (1, -1), 0.
    ovr(1, 0, 0, [0, 0, 0], 'a', 0, 1, 1, true),
    ovr(2, 0, 1, [1, 0, 0], 'a', 1, -1, 1, true),
    ovr(3, 0, 2, [-1, 0, 0], 'b', -1, -1, -1, false),
    ovr(4, 0, 3, [2, 0, 0], 'a', 2, 1, 1, false),
    // b vs rest: (0, 0), 0 -> (-1, 0), -1 -> (-1, 1), 0 -> (0, 1), -1.
    ovr(5, 1, 0, [1, 0, 0], 'a', 0, -1, 1, true),
    ovr(6, 1, 1, [-1, -1, 0], 'c', -1, 1, -1, true),
    ovr(7, 1, 2, [-1, 1, 0], 'b', 1, -1, 1, true),
    ovr(8, 1, 3, [2, -1, 0], 'a', -1, -1, -1, false),
    // c vs rest: (0, 0), 0 -> (-1, 0), -1 -> (-2, 0), 0; a score of 0 is a mistake under 'margin'.
    ovr(9, 2, 0, [1, -1, 0], 'a', 0, -1, 1, true),
    ovr(10, 2, 1, [-1, 0, -1], 'b', -1, -1, -1, false),
    ovr(11, 2, 2, [-1, -1, 0], 'c', 0, 1, 1, true),
    ovr(12, 2, 3, [2, -1, -4], 'a', -4, -1, -1, false),
  ]);
  assert.deepEqual(model.decisionFunction([[1, 1]]), [[0, 0, -2]]);
  model.dispose();
});

test('one-vs-one: every step of its three pair models by hand', () => {
  const model = new pw.MulticlassPerceptron({ strategy: 'ovo', maxEpochs: 1 });
  // Pairs (a, b), (a, c), (b, c): the second class is +1. The scores are the votes (a score
  // >= 0 votes for the second class), the prediction the most voted, ties to the first class.
  const ovo = record(['b', 'c', 'c'], ['a', 'a', 'b']);
  assert.deepEqual(allSteps(model.trainer(X, y)), [
    // a vs b on rows 0, 1, 3: (0, 0), 0 -> (-1, 0), -1 -> (-1, 1), 0.
    ovo(1, 0, 0, [0, 1, 2], 'c', 0, -1, 1, true),
    ovo(2, 0, 1, [1, 0, 2], 'c', -1, 1, -1, true),
    ovo(3, 0, 3, [1, 0, 2], 'c', -2, -1, -1, false),
    // a vs c on rows 0, 2, 3: (0, 0), 0 -> (-1, 0), -1 -> (-2, 0), 0.
    ovo(4, 1, 0, [1, 0, 2], 'c', 0, -1, 1, true),
    ovo(5, 1, 2, [0, 1, 2], 'c', 0, 1, 1, true),
    ovo(6, 1, 3, [2, 0, 1], 'a', -4, -1, -1, false),
    // b vs c on rows 1, 2: (0, 0), 0 -> (0, -1), -1 -> (-1, -1), 0.
    ovo(7, 2, 1, [0, 1, 2], 'c', 0, -1, 1, true),
    ovo(8, 2, 2, [0, 2, 1], 'b', -1, 1, -1, true),
  ]);
  model.dispose();
});

test('one-vs-rest with two classes: the negative class is the other one', () => {
  const model = new pw.MulticlassPerceptron({ strategy: 'ovr', maxEpochs: 1 });
  const [first] = allSteps(model.trainer(X, ['p', 'q', 'q', 'p']));
  assert.deepEqual([first.positive, first.negative, first.labelSign], ['p', 'q', 1]);
  model.dispose();
});

// Every step's scores and prediction are decisionFunction's and predict's just before it, for
// every variant (averaged, voted and pocket predict with other weights than they train).
for (const strategy of ['ovr', 'ovo']) {
  for (const variant of ['classic', 'averaged', 'voted', 'pocket']) {
    test(`${strategy} ${variant}: each step's scores and prediction are the model's just before it`, () => {
      const model = new pw.MulticlassPerceptron({ strategy, variant, order: 'shuffle', seed: 4, maxEpochs: 2 });
      const { X: rows, y: labels } = threeClasses;
      const trainer = model.trainer(rows, labels, { sampleWeight: rows.map((_, i) => 1 + (i % 3)) });
      for (;;) {
        const before = { scores: model.decisionFunction(rows), predictions: model.predict(rows) };
        const step = trainer.step();
        if (step === null) break;
        assert.equal(step.label, labels[step.index]);
        assert.deepEqual(step.scores, before.scores[step.index], `step ${step.t}`);
        assert.equal(step.prediction, before.predictions[step.index], `step ${step.t}`);
        const positive = step.positive === step.label;
        assert.equal(step.labelSign, positive ? 1 : -1);
        if (strategy === 'ovo') assert.ok([step.positive, step.negative].includes(step.label));
      }
      model.dispose();
    });
  }
}

test("ovr/ovo: fit's onStep gets the trainer's records; false stops after the step, a throw aborts", () => {
  for (const strategy of ['ovr', 'ovo']) {
    const options = { strategy, variant: 'averaged', order: 'shuffle', seed: 2, maxEpochs: 3 };
    const { X: rows, y: labels } = threeClasses;
    const expected = new pw.MulticlassPerceptron(options).fit(rows, labels);
    const trace = [];
    const model = new pw.MulticlassPerceptron(options);
    assert.deepEqual(model.fit(rows, labels, { onStep: (s) => void trace.push(s) }), expected, 'the same training');
    assert.deepEqual(trace, allSteps(new pw.MulticlassPerceptron(options).trainer(rows, labels)));
    assert.equal(trace.length, expected.steps);
    // false at the second binary model's first step: the first trained, the second one step in,
    // the third untrained.
    const stopped = new pw.MulticlassPerceptron(options);
    const report = stopped.fit(rows, labels, { onStep: (s) => s.model === 0 });
    const first = trace.filter((s) => s.model === 0).length;
    assert.deepEqual([report.stopped, report.steps], [true, first + 1]);
    assert.deepEqual(
      stopped.toJSON().models.map((m) => m.steps),
      [first, 1, 0],
    );
    const before = JSON.stringify(model.toJSON());
    assert.throws(
      () =>
        model.fit(rows, labels, {
          onStep: (s) => {
            if (s.model === 1) throw new Error('enough');
          },
        }),
      /enough/,
    );
    assert.equal(JSON.stringify(model.toJSON()), before);
    for (const m of [model, stopped]) m.dispose();
  }
});
