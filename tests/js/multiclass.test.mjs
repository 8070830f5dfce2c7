import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw, rng, snapshot, throwsWith } from './helpers.mjs';

// Three classes by hand (no bias): w0 = (1,0), w1 = (0,1), w2 = (-1,-1) after 2 mistakes.
const X3 = [
  [1, 0],
  [0, 1],
  [-1, -1],
];
const Y3 = ['a', 'b', 'c'];

function blobs(seed, perClass = 20) {
  const random = rng(seed);
  const centers = [
    [2, 2],
    [-2, 2],
    [-2, -2],
    [2, -2],
  ];
  const X = [];
  const y = [];
  centers.forEach(([cx, cy], c) => {
    for (let i = 0; i < perClass; i++) {
      X.push([cx + random() - 0.5, cy + random() - 0.5]);
      y.push(['north-east', 'north-west', 'south-west', 'south-east'][c]);
    }
  });
  return { X, y };
}

describe('MulticlassPerceptron', () => {
  it('joint: the hand-computed trace, with scores before each update', () => {
    const p = new pw.MulticlassPerceptron({ fitIntercept: false });
    const trace = [];
    const report = p.fit(X3, Y3, { onStep: (s) => trace.push(s) });
    assert.deepEqual(report.mistakes, 2);
    assert.deepEqual(report.epochs, 2);
    assert.deepEqual(p.weights, [
      [1, 0],
      [0, 1],
      [-1, -1],
    ]);
    assert.deepEqual(p.biases, [0, 0, 0]);
    assert.deepEqual(trace[1], {
      t: 2,
      epoch: 1,
      index: 1,
      scores: [0, 0, 0],
      prediction: 'a',
      label: 'b',
      mistake: true,
      weights: [
        [0, -1],
        [0, 1],
        [0, 0],
      ],
      biases: [0, 0, 0],
    });
    assert.deepEqual(trace[2].scores, [1, -1, 0]);
    assert.deepEqual(p.predict(X3), Y3);
    assert.deepEqual(p.classes, ['a', 'b', 'c']);
    assert.deepEqual(p.decisionFunction([[2, 0]]), [[2, 0, -2]]);
  });

  it('joint averaged: the average of the weights after the six steps', () => {
    const p = new pw.MulticlassPerceptron({ fitIntercept: false, variant: 'averaged' });
    p.fit(X3, Y3);
    const expected = [
      [4 / 6, -1 / 6],
      [0, 5 / 6],
      [-4 / 6, -4 / 6],
    ];
    p.weights.forEach((row, k) => row.forEach((v, j) => assert.ok(Math.abs(v - expected[k][j]) < 1e-15, `${k},${j}`)));
  });

  it('every strategy and variant separates four separable blobs, any labels', () => {
    const { X, y } = blobs(3);
    for (const [strategy, variants] of [
      ['joint', ['classic', 'averaged']],
      ['ovr', ['classic', 'averaged', 'voted', 'pocket']],
      ['ovo', ['classic', 'averaged', 'voted', 'pocket']],
    ]) {
      for (const variant of variants) {
        const p = new pw.MulticlassPerceptron({ strategy, variant, order: 'shuffle', seed: 1 });
        p.fit(X, y);
        assert.equal(p.score(X, y), 1, `${strategy}/${variant}`);
        assert.equal(p.options.strategy, strategy);
      }
    }
    const ovo = new pw.MulticlassPerceptron({ strategy: 'ovo' });
    ovo.fit(X, y);
    const votes = ovo.decisionFunction([[2, 2]])[0];
    assert.deepEqual(
      votes.reduce((a, b) => a + b),
      6,
      'one vote per pair',
    );
    assert.equal(Math.max(...votes), 3);
    assert.equal(ovo.weights, null);
  });

  it('JSON round trip for every strategy: same scores, same JSON', () => {
    const { X, y } = blobs(4);
    for (const options of [
      { strategy: 'joint', variant: 'averaged' },
      { strategy: 'ovr', variant: 'voted' },
      { strategy: 'ovo', variant: 'pocket', classWeight: { 'north-east': 2 } },
    ]) {
      const p = new pw.MulticlassPerceptron({ ...options, maxEpochs: 3, order: 'shuffle', seed: 5 });
      p.fit(X, y);
      const q = pw.MulticlassPerceptron.fromJSON(JSON.stringify(p));
      assert.deepEqual(q.decisionFunction(X), p.decisionFunction(X), JSON.stringify(options));
      assert.deepEqual(q.toJSON(), p.toJSON());
    }
  });

  it('bad input: named, and the model unchanged', () => {
    const { X, y } = blobs(5);
    const p = new pw.MulticlassPerceptron();
    p.fit(X, y);
    const before = snapshot(p);
    throwsWith(
      assert,
      () =>
        p.fit(
          X,
          y.map(() => 'same'),
        ),
      RangeError,
      /y must hold at least two distinct classes; received 1 class \["same"\]/,
    );
    throwsWith(assert, () => p.predict([[1, 2, 3]]), RangeError, /X must have 2 columns/);
    throwsWith(assert, () => p.fit([[1, NaN]], ['a']), RangeError, /NaN/);
    throwsWith(
      assert,
      () =>
        p.score(
          X,
          y.map(() => 'elsewhere'),
        ),
      RangeError,
      /must be one of the classes/,
    );
    throwsWith(assert, () => p.fit(X, y, { initialWeights: [1] }), TypeError, /unknown option "initialWeights"/);
    assert.equal(snapshot(p), before);
    throwsWith(
      assert,
      () => new pw.MulticlassPerceptron({ strategy: 'all' }),
      RangeError,
      /option strategy must be one of "joint", "ovr", "ovo"; received the string "all"/,
    );
    throwsWith(
      assert,
      () => new pw.MulticlassPerceptron({ variant: 'voted' }),
      RangeError,
      /"classic" or "averaged" with strategy "joint"/,
    );
    throwsWith(
      assert,
      () => new pw.MulticlassPerceptron({ warmStart: true }),
      RangeError,
      /warmStart is not available/,
    );
    throwsWith(assert, () => new pw.MulticlassPerceptron({ stratgy: 'ovr' }), TypeError, /did you mean strategy\?/);
    throwsWith(
      assert,
      () => new pw.MulticlassPerceptron().predict(X),
      pw.NotFittedError,
      /has not learned anything yet/,
    );
    const ovr = new pw.MulticlassPerceptron({ strategy: 'ovr' });
    throwsWith(assert, () => ovr.fit(X, y, { onStep: 1 }), TypeError, /option onStep must be a function; received 1/);
    const json = p.toJSON();
    throwsWith(
      assert,
      () => pw.MulticlassPerceptron.fromJSON({ ...json, weights: json.weights.slice(1) }),
      RangeError,
      /field weights must hold 8 numbers \(one row of nFeatures = 2 per class\); received 6/,
    );
    throwsWith(
      assert,
      () => pw.MulticlassPerceptron.fromJSON({ ...json, biases: [0, 0, NaN, 0] }),
      RangeError,
      /finite/,
    );
    throwsWith(
      assert,
      () => pw.MulticlassPerceptron.fromJSON({ ...json, format: 'perceptron-wasm/Perceptron' }),
      TypeError,
      /field format must be "perceptron-wasm\/MulticlassPerceptron"/,
    );
    p.dispose();
    throwsWith(assert, () => p.predict(X), pw.DisposedError, /MulticlassPerceptron\.predict: the model was disposed/);
  });
});
