import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { AND_X, CMU_X, CMU_Y, XOR_Y, pw, rng, snapshot, throwsWith } from './helpers.mjs';

function circles(n, seed) {
  const random = rng(seed);
  const X = [];
  const y = [];
  for (let i = 0; i < n; i++) {
    const angle = random() * 2 * Math.PI;
    const inner = i % 2 === 0;
    const radius = inner ? 1 + 0.2 * random() : 3 + 0.2 * random();
    X.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
    y.push(inner ? 'inner' : 'outer');
  }
  return { X, y };
}

describe('KernelPerceptron', () => {
  it("with the linear kernel makes exactly the primal perceptron's mistakes", () => {
    const random = rng(12);
    const X = Array.from({ length: 40 }, () => Array.from({ length: 3 }, () => Math.floor(random() * 9) - 4));
    const y = X.map((x) => (x[0] - 2 * x[1] + x[2] + (random() < 0.15 ? 9 : 0) > 0 ? 1 : -1));
    for (const options of [
      {},
      { order: 'shuffle', seed: 3 },
      { mistakeRule: 'sign', fitIntercept: false, order: 'sample', seed: 5 },
    ]) {
      const primal = new pw.Perceptron({ ...options, maxEpochs: 20 });
      const dual = new pw.KernelPerceptron({ ...options, kernel: 'linear', maxEpochs: 20 });
      const p = primal.fit(X, y);
      const d = dual.fit(X, y);
      assert.deepEqual(
        d.history.map((e) => e.mistakes),
        p.history.map((e) => e.mistakes),
        JSON.stringify(options),
      );
      assert.deepEqual(Array.from(dual.decisionFunction(X)), Array.from(primal.decisionFunction(X)));
    }
    const cmu = new pw.KernelPerceptron({ kernel: 'linear', mistakeRule: 'sign', fitIntercept: false });
    cmu.fit(CMU_X, CMU_Y);
    assert.deepEqual(cmu.supportVectors, [
      [-1, 2],
      [1, 1],
      [-1, -2],
    ]);
    assert.deepEqual(cmu.coefficients, [-1, 1, -1]);
  });

  it('learns XOR and two concentric circles to zero training error', () => {
    for (const options of [{ kernel: 'polynomial', degree: 2 }, { kernel: 'rbf' }]) {
      const p = new pw.KernelPerceptron(options);
      const report = p.fit(AND_X, XOR_Y);
      assert.equal(report.converged, true, JSON.stringify(options));
      assert.equal(p.score(AND_X, XOR_Y), 1);
    }
    const { X, y } = circles(200, 4);
    const rbf = new pw.KernelPerceptron({ kernel: 'rbf', gamma: 0.5 });
    assert.equal(rbf.fit(X, y).converged, true);
    assert.equal(rbf.score(X, y), 1);
    assert.equal(rbf.gamma, 0.5);
    const line = new pw.Perceptron({ maxEpochs: 50 });
    line.fit(X, y);
    assert.ok(line.score(X, y) < 0.8);
    const auto = new pw.KernelPerceptron();
    auto.fit(X, y);
    assert.equal(auto.options.gamma, 'auto');
    assert.equal(auto.gamma, 0.5, '1 / nFeatures');
  });

  it('budget keeps at most that many support vectors, dropping the oldest', () => {
    const p = new pw.KernelPerceptron({
      kernel: 'linear',
      mistakeRule: 'sign',
      fitIntercept: false,
      budget: 2,
      maxEpochs: 1,
    });
    p.fit(CMU_X, CMU_Y);
    assert.deepEqual(p.supportVectors, [
      [-1, -2],
      [1, -1],
    ]);
    assert.deepEqual(p.coefficients, [-1, 1]);
    const { X, y } = circles(120, 7);
    const q = new pw.KernelPerceptron({ budget: 10, maxEpochs: 5 });
    q.fit(X, y);
    assert.ok(q.coefficients.length <= 10);
  });

  it('JSON round trip, partialFit, early stopping', () => {
    const { X, y } = circles(100, 8);
    const p = new pw.KernelPerceptron({ kernel: 'polynomial', degree: 2, gamma: 0.3, coef0: 0.5, budget: 50 });
    p.fit(X, y);
    const q = pw.KernelPerceptron.fromJSON(JSON.stringify(p));
    assert.deepEqual(q.decisionFunction(X), p.decisionFunction(X));
    assert.deepEqual(q.toJSON(), p.toJSON());
    const online = new pw.KernelPerceptron({ gamma: 0.5 });
    online.partialFit(X.slice(0, 50), y.slice(0, 50), { classes: ['inner', 'outer'] });
    for (let k = 0; k < 5; k++) online.partialFit(X, y);
    assert.ok(online.score(X, y) > 0.95);
    const early = new pw.KernelPerceptron({ earlyStopping: true, patience: 2, validationFraction: 0.2 });
    const report = early.fit(X, y);
    assert.ok(report.bestEpoch >= 1);
  });

  it('bad input: named, and the model unchanged', () => {
    const p = new pw.KernelPerceptron({ kernel: 'linear' });
    p.fit(CMU_X, CMU_Y);
    const before = snapshot(p);
    throwsWith(assert, () => p.fit(CMU_X, [1, 2, 3, 1, 2, 3]), RangeError, /exactly two distinct classes/);
    throwsWith(assert, () => p.predict([[1]]), RangeError, /X must have 2 columns/);
    throwsWith(
      assert,
      () => p.fit(CMU_X, CMU_Y, { initialWeights: [0, 0] }),
      TypeError,
      /unknown option "initialWeights"/,
    );
    throwsWith(assert, () => p.fit(CMU_X, CMU_Y, { onStep: 1 }), TypeError, /option onStep must be a function/);
    assert.equal(snapshot(p), before);
    throwsWith(
      assert,
      () => new pw.KernelPerceptron({ kernel: 'sigmoid' }),
      RangeError,
      /option kernel must be one of "linear", "polynomial", "rbf"; received the string "sigmoid"/,
    );
    throwsWith(
      assert,
      () => new pw.KernelPerceptron({ degree: 0 }),
      RangeError,
      /option degree must be an integer from 1/,
    );
    throwsWith(
      assert,
      () => new pw.KernelPerceptron({ degree: 1.5 }),
      RangeError,
      /option degree must be an integer from 1/,
    );
    throwsWith(
      assert,
      () => new pw.KernelPerceptron({ gamma: 0 }),
      RangeError,
      /option gamma must be a finite number > 0 or "auto"/,
    );
    throwsWith(assert, () => new pw.KernelPerceptron({ gamma: -2 }), RangeError, /option gamma/);
    throwsWith(assert, () => new pw.KernelPerceptron({ gamma: 'scale' }), RangeError, /option gamma/);
    throwsWith(
      assert,
      () => new pw.KernelPerceptron({ budget: 0 }),
      RangeError,
      /option budget must be an integer from 1/,
    );
    throwsWith(
      assert,
      () => new pw.KernelPerceptron({ variant: 'averaged' }),
      RangeError,
      /"classic" for the kernel perceptron/,
    );
    throwsWith(
      assert,
      () => new pw.KernelPerceptron({ kernal: 'rbf' }),
      TypeError,
      /unknown option "kernal".*did you mean kernel\?/,
    );
    const json = p.toJSON();
    throwsWith(
      assert,
      () => pw.KernelPerceptron.fromJSON({ ...json, coefficients: [1] }),
      RangeError,
      /field supportVectors must hold one row of nFeatures = 2 numbers per coefficient \(1\)/,
    );
    throwsWith(
      assert,
      () => pw.KernelPerceptron.fromJSON({ ...json, coefficients: json.coefficients.map(() => NaN) }),
      RangeError,
      /finite/,
    );
  });
});
