// The binary variants (averaged, voted, pocket), the margin option and weighted examples,
// through the package, against hand-computed numbers and the definitions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { AND_X, AND_Y, CMU_X, CMU_Y, pw, separable, snapshot, throwsWith } from './helpers.mjs';

describe('averaged', () => {
  it('predicts with the average of the weights after every step (CMU: (5/2, 1/6))', () => {
    const p = new pw.Perceptron({ variant: 'averaged', mistakeRule: 'sign', fitIntercept: false });
    const trace = [];
    p.fit(CMU_X, CMU_Y, { onStep: (s) => trace.push(s) });
    assert.deepEqual(p.currentWeights, [3, 1]);
    assert.deepEqual(trace.at(-1).weights, [3, 1], 'traces show the current weights');
    assert.ok(Math.abs(p.weights[0] - 2.5) < 1e-15 && Math.abs(p.weights[1] - 1 / 6) < 1e-15, String(p.weights));
    assert.ok(Math.abs(p.decisionFunction([[1, 1]])[0] - (2.5 + 1 / 6)) < 1e-15);
  });

  it('equals the naive running sum a += w within 1e-12 relative', () => {
    const { X, y } = separable(300, 6, 21, 0.1);
    const p = new pw.Perceptron({ variant: 'averaged', learningRate: 0.7, order: 'shuffle', seed: 3, maxEpochs: 10 });
    const sum = new Array(6).fill(0);
    let sumB = 0;
    let steps = 0;
    p.fit(X, y, {
      onStep: (s) => {
        s.weights.forEach((v, j) => {
          sum[j] += v;
        });
        sumB += s.bias;
        steps++;
      },
    });
    sum.forEach((v, j) => assert.ok(Math.abs(p.weights[j] - v / steps) <= 1e-12 * Math.abs(v / steps), `w${j}`));
    assert.ok(Math.abs(p.bias - sumB / steps) <= 1e-12 * Math.abs(sumB / steps));
  });
});

describe('voted', () => {
  it('keeps every vector with its survival count and predicts by their vote', () => {
    const p = new pw.Perceptron({ variant: 'voted', mistakeRule: 'sign', fitIntercept: false, maxEpochs: 1 });
    p.fit(CMU_X, CMU_Y);
    assert.deepEqual(p.votedVectors, [
      { weights: [0, 0], bias: 0, count: 0 },
      { weights: [1, -2], bias: 0, count: 2 },
      { weights: [2, -1], bias: 0, count: 2 },
      { weights: [3, 1], bias: 0, count: 2 },
    ]);
    // (1, -3.5): the last vector says -1, the two before say +1: vote 2 + 2 - 2 = 2.
    assert.deepEqual(Array.from(p.decisionFunction([[1, -3.5]])), [2]);
    assert.deepEqual(p.predict([[1, -3.5]]), [1]);
    const classic = new pw.Perceptron({ mistakeRule: 'sign', fitIntercept: false, maxEpochs: 1 });
    classic.fit(CMU_X, CMU_Y);
    assert.deepEqual(classic.predict([[1, -3.5]]), [-1]);
    assert.equal(classic.votedVectors, null);
  });
});

describe('pocket', () => {
  it('keeps weights at least as accurate on the training set as the last ones', () => {
    const { X, y } = separable(200, 3, 8, 0.15);
    for (const seed of [1, 2, 3, 4]) {
      const pocket = new pw.Perceptron({ variant: 'pocket', order: 'shuffle', seed, maxEpochs: 30 });
      const classic = new pw.Perceptron({ order: 'shuffle', seed, maxEpochs: 30 });
      pocket.fit(X, y);
      classic.fit(X, y);
      assert.deepEqual(pocket.currentWeights, classic.weights, 'same trajectory');
      assert.ok(pocket.score(X, y) >= classic.score(X, y), `${pocket.score(X, y)} >= ${classic.score(X, y)}`);
      assert.ok(pocket.score(X, y) > 0.8);
    }
  });
});

describe('margin', () => {
  it('updates while y (w.x + b) <= margin (CMU data, margin 1: w = (4, 1) after 4 updates)', () => {
    const p = new pw.Perceptron({ mistakeRule: 'sign', fitIntercept: false, margin: 1 });
    const report = p.fit(CMU_X, CMU_Y);
    assert.equal(report.mistakes, 4);
    assert.deepEqual(p.weights, [4, 1]);
    assert.equal(p.options.margin, 1);
  });
});

describe('sampleWeight and classWeight', () => {
  it('sampleWeight scales each update ([2,1,1,1,1,1] on the CMU data: w = (4, -1))', () => {
    const p = new pw.Perceptron({ mistakeRule: 'sign', fitIntercept: false });
    p.fit(CMU_X, CMU_Y, { sampleWeight: [2, 1, 1, 1, 1, 1] });
    assert.deepEqual(p.weights, [4, -1]);
  });

  it('classWeight is a per-label cost; a zero-cost class never updates', () => {
    const p = new pw.Perceptron({ classWeight: { '-1': 0, 1: 3 } });
    p.fit(CMU_X, CMU_Y, { sampleWeight: [1, 1, 1, 1, 1, 0.5] });
    assert.deepEqual(p.weights, [3, 0]);
    assert.equal(p.bias, 3);
    const q = new pw.Perceptron({ classWeight: { ham: 2 } });
    q.fit(
      AND_X,
      AND_Y.map((v) => (v > 0 ? 'spam' : 'ham')),
    );
    assert.deepEqual(q.options.classWeight, { ham: 2 });
  });

  it("'balanced' weighs each class n / (2 * count)", () => {
    // 3 negatives and 1 positive: class weights 4 / (2 * 3) = 2/3 and 4 / (2 * 1) = 2.
    const p = new pw.Perceptron({ classWeight: 'balanced', maxEpochs: 200 });
    const balanced = p.fit(AND_X, AND_Y);
    assert.equal(balanced.converged, true);
    assert.deepEqual(p.predict(AND_X), AND_Y);
    // Same as giving those weights explicitly.
    const q = new pw.Perceptron({ classWeight: { '-1': 4 / 6, 1: 2 }, maxEpochs: 200 });
    q.fit(AND_X, AND_Y);
    assert.deepEqual(q.weights, p.weights);
    assert.equal(q.bias, p.bias);
  });

  it('learnOne applies an explicit classWeight and rejects balanced', () => {
    const p = new pw.Perceptron({ classWeight: { 1: 2 }, fitIntercept: false });
    assert.deepEqual(p.learnOne([1, 1], 1).weights, [2, 2]);
    const q = new pw.Perceptron({ classWeight: 'balanced' });
    throwsWith(assert, () => q.learnOne([1, 1], 1), RangeError, /'balanced' needs the whole training set/);
    assert.equal(q.fitted, false);
  });

  it('bad weights: named, and the model unchanged', () => {
    const p = new pw.Perceptron();
    p.fit(AND_X, AND_Y);
    const before = snapshot(p);
    throwsWith(
      assert,
      () => p.fit(AND_X, AND_Y, { sampleWeight: [1, 2] }),
      RangeError,
      /sampleWeight must have one weight per row of X \(4\); received 2/,
    );
    throwsWith(
      assert,
      () => p.fit(AND_X, AND_Y, { sampleWeight: [1, -1, 1, 1] }),
      RangeError,
      /sampleWeight\[1\] must be a finite number >= 0; received -1/,
    );
    throwsWith(
      assert,
      () => p.fit(AND_X, AND_Y, { sampleWeight: [1, NaN, 1, 1] }),
      RangeError,
      /sampleWeight\[1\] must be a finite number >= 0; received NaN/,
    );
    throwsWith(
      assert,
      () => p.fit(AND_X, AND_Y, { sampleWeight: [1, '1', 1, 1] }),
      TypeError,
      /sampleWeight\[1\] must be a number; received the string "1"/,
    );
    throwsWith(assert, () => p.fit(AND_X, AND_Y, { sampleWeight: [0, 0, 0, 0] }), RangeError, /weight > 0/);
    assert.equal(snapshot(p), before);
    const q = new pw.Perceptron({ classWeight: { 7: 1 } });
    throwsWith(
      assert,
      () => q.fit(AND_X, AND_Y),
      RangeError,
      /option classWeight key "7" must be one of the classes \[-1, 1\]; received 7/,
    );
    assert.equal(q.fitted, false);
  });
});

describe('JSON round trip of every variant', () => {
  for (const variant of ['classic', 'averaged', 'voted', 'pocket']) {
    it(`${variant}: same predictions and scores, and training continues identically`, () => {
      const { X, y } = separable(120, 4, 31, 0.1);
      const p = new pw.Perceptron({
        variant,
        maxEpochs: 4,
        order: 'shuffle',
        seed: 2,
        classWeight: { 1: 2 },
        margin: 0.1,
      });
      p.fit(X, y);
      const q = pw.Perceptron.fromJSON(JSON.parse(JSON.stringify(p)));
      assert.deepEqual(q.decisionFunction(X), p.decisionFunction(X));
      assert.deepEqual(q.options, p.options);
      assert.deepEqual(q.toJSON(), p.toJSON());
      for (let i = 0; i < 20; i++) {
        assert.deepEqual(q.learnOne(X[i], y[i]), p.learnOne(X[i], y[i]));
      }
      assert.deepEqual(q.decisionFunction(X), p.decisionFunction(X));
    });
  }

  it('a tampered state is refused, naming the field', () => {
    const p = new pw.Perceptron({ variant: 'averaged' });
    p.fit(AND_X, AND_Y);
    const json = p.toJSON();
    throwsWith(
      assert,
      () => pw.Perceptron.fromJSON({ ...json, state: { ...json.state, u: [1] } }),
      RangeError,
      /state\.u must hold 3 numbers; received 1/,
    );
    throwsWith(
      assert,
      () => pw.Perceptron.fromJSON({ ...json, state: { ...json.state, u: [1, 'x'] } }),
      TypeError,
      /field state\.u\[1\] must be a number/,
    );
    throwsWith(
      assert,
      () => pw.Perceptron.fromJSON({ ...json, state: 5 }),
      TypeError,
      /field state must be an object of number arrays; received 5/,
    );
    const { u, ...missing } = json.state;
    void u;
    throwsWith(assert, () => pw.Perceptron.fromJSON({ ...json, state: missing }), TypeError, /state\.u is missing/);
  });
});
