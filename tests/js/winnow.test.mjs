import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw, rng, snapshot, throwsWith } from './helpers.mjs';

// A random r-of-n disjunction and examples with each feature on with probability p.
function disjunction(n, r, count, seed, p = 0.05) {
  const random = rng(seed);
  const relevant = Array.from({ length: r }, () => Math.floor(random() * n));
  const X = Array.from({ length: count }, () => Array.from({ length: n }, () => (random() < p ? 1 : 0)));
  const y = X.map((x) => (relevant.some((j) => x[j] === 1) ? 'yes' : 'no'));
  return { X, y, relevant };
}

describe('Winnow', () => {
  it('the hand trace on x0 OR x2 (theta = 4)', () => {
    const X = [
      [1, 0, 0, 0],
      [0, 1, 0, 1],
      [1, 1, 1, 1],
      [0, 1, 1, 1],
      [0, 1, 0, 1],
    ];
    const y = [1, -1, 1, 1, -1];
    const w = new pw.Winnow({ maxEpochs: 1 });
    const report = w.fit(X, y);
    assert.equal(report.mistakes, 3);
    assert.deepEqual(w.weights, [2, 0, 2, 0]);
    assert.equal(w.threshold, 4);
    assert.deepEqual(Array.from(w.decisionFunction([[1, 0, 1, 0]])), [0]);
    assert.deepEqual(
      w.predict([
        [1, 0, 1, 0],
        [0, 1, 0, 1],
      ]),
      [1, -1],
    );
    const divide = new pw.Winnow({ maxEpochs: 1, demotion: 'divide' });
    divide.fit(X, y);
    assert.deepEqual(divide.weights, [2, 1, 2, 1]);
  });

  // Stated constants (derived in src/perceptron/models/winnow.hpp): with alpha = 2 and theta = n,
  // mistakes <= 1 + 2 r (1 + log2 n) for demotion 'zero', <= 2 + 3 r (1 + log2 n) for 'divide'.
  it('mistakes on r-of-n disjunctions stay under the O(r log n) bounds', () => {
    for (const [n, r, seed] of [
      [128, 2, 1],
      [512, 3, 2],
      [1024, 5, 3],
      [256, 8, 4],
    ]) {
      const { X, y } = disjunction(n, r, 800, seed, 3 / n);
      for (const demotion of ['zero', 'divide']) {
        const w = new pw.Winnow({ demotion, order: 'shuffle', seed, maxEpochs: 500 });
        const report = w.fit(X, y);
        const bound = demotion === 'zero' ? 1 + 2 * r * (1 + Math.log2(n)) : 2 + 3 * r * (1 + Math.log2(n));
        assert.equal(report.converged, true);
        assert.ok(report.mistakes <= bound, `${demotion} n=${n} r=${r}: ${report.mistakes} > ${bound}`);
        assert.equal(w.score(X, y), 1);
      }
    }
  });

  it('balanced Winnow learns a threshold function of real features; JSON round trip', () => {
    const random = rng(8);
    const X = Array.from({ length: 300 }, () => Array.from({ length: 5 }, () => random()));
    const y = X.map((x) => (1.5 * x[0] - x[1] + 0.5 * x[3] - 0.4 > 0 ? 1 : 0));
    const w = new pw.Winnow({ balanced: true, epsilon: 0.2, order: 'shuffle', seed: 2 });
    w.fit(X, y);
    assert.ok(w.score(X, y) > 0.9, String(w.score(X, y)));
    assert.equal(w.negativeWeights.length, 5);
    const copy = pw.Winnow.fromJSON(JSON.stringify(w));
    assert.deepEqual(copy.decisionFunction(X), w.decisionFunction(X));
    assert.deepEqual(copy.toJSON(), w.toJSON());
  });

  it('partialFit and early stopping', () => {
    const { X, y } = disjunction(64, 2, 300, 5, 0.05);
    const w = new pw.Winnow();
    w.partialFit(X.slice(0, 100), y.slice(0, 100), { classes: ['no', 'yes'] });
    for (let k = 0; k < 5; k++) w.partialFit(X, y);
    assert.ok(w.score(X, y) > 0.95);
    const early = new pw.Winnow({ earlyStopping: true, patience: 2 });
    assert.ok(early.fit(X, y).bestEpoch >= 1);
  });

  it('bad input: non-0/1 features, options; the model unchanged', () => {
    const w = new pw.Winnow();
    w.fit(
      [
        [0, 1],
        [1, 0],
      ],
      [0, 1],
    );
    const before = snapshot(w);
    throwsWith(
      assert,
      () =>
        w.fit(
          [
            [0, 1],
            [1, 0.5],
          ],
          [0, 1],
        ),
      RangeError,
      /X must hold only 0 and 1 for Winnow \(use balanced: true for other features\); received 0\.5 at row 1, column 1/,
    );
    throwsWith(assert, () => w.predict([[2, 0]]), RangeError, /only 0 and 1/);
    throwsWith(assert, () => w.partialFit([[0, 3]], [1]), RangeError, /only 0 and 1/);
    assert.equal(snapshot(w), before);
    throwsWith(
      assert,
      () => new pw.Winnow({ alpha: 1 }),
      RangeError,
      /option alpha must be a finite number > 1; received 1/,
    );
    throwsWith(
      assert,
      () => new pw.Winnow({ demotion: 'half' }),
      RangeError,
      /option demotion must be one of "zero", "divide"/,
    );
    throwsWith(assert, () => new pw.Winnow({ epsilon: -1 }), RangeError, /option epsilon must be a finite number > 0/);
    throwsWith(
      assert,
      () => new pw.Winnow({ learningRate: 1 }),
      TypeError,
      /unknown option "learningRate"; known options are balanced, alpha, demotion/,
    );
    throwsWith(assert, () => new pw.Winnow({ balanced: 'yes' }), TypeError, /option balanced must be true or false/);
  });
});
