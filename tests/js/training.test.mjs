// Early stopping (validation split or set, patience, best epoch kept) and partialFit, for
// Perceptron and MulticlassPerceptron.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { AND_X, AND_Y, pw, separable, snapshot, throwsWith } from './helpers.mjs';

describe('early stopping', () => {
  it('keeps the epoch with the lowest validation error and stops after patience', () => {
    const { X, y } = separable(400, 5, 77, 0.2);
    const p = new pw.Perceptron({
      earlyStopping: true,
      validationFraction: 0.25,
      patience: 4,
      maxEpochs: 500,
      order: 'shuffle',
      seed: 3,
    });
    const report = p.fit(X, y);
    assert.equal(report.stoppedEarly, true);
    const errors = report.history.map((e) => e.validationError);
    const lowest = Math.min(...errors);
    assert.equal(report.history[report.bestEpoch - 1].validationError, lowest);
    assert.equal(errors.indexOf(lowest) + 1, report.bestEpoch, 'the first lowest');
    assert.equal(report.epochs, report.bestEpoch + 4);
    assert.ok(report.history.every((e) => e.trainError >= 0 && e.trainError <= 1));
    assert.equal(report.history[0].steps, 300, 'a quarter held out');
    assert.deepEqual(p.options.earlyStopping, true);
  });

  it('an explicit validation set trains on all of X', () => {
    const train = separable(200, 3, 5, 0.15);
    const held = separable(80, 3, 6, 0.15);
    const p = new pw.MulticlassPerceptron({ patience: 3, maxEpochs: 100 });
    const labels = (y) => y.map((v) => (v > 0 ? 'up' : 'down'));
    const report = p.fit(train.X, labels(train.y), { validation: { X: held.X, y: labels(held.y) } });
    assert.equal(report.history[0].steps, 200);
    assert.ok(report.bestEpoch >= 1);
    assert.equal(1 - p.score(held.X, labels(held.y)), report.history[report.bestEpoch - 1].validationError);
  });

  it('bad validation input is named and changes nothing', () => {
    const p = new pw.Perceptron();
    p.fit(AND_X, AND_Y);
    const before = snapshot(p);
    throwsWith(
      assert,
      () => p.fit(AND_X, AND_Y, { validation: [[1, 1]] }),
      TypeError,
      /option validation must be an object \{X, y\}/,
    );
    throwsWith(
      assert,
      () => p.fit(AND_X, AND_Y, { validation: { X: [[1, 2, 3]], y: [1] } }),
      RangeError,
      /validation\.X must have 2 columns like X; received 3/,
    );
    throwsWith(
      assert,
      () => p.fit(AND_X, AND_Y, { validation: { X: [[1, 2]], y: [7] } }),
      RangeError,
      /validation\.y\[0\] must be one of the classes \[-1, 1\]; received 7/,
    );
    throwsWith(
      assert,
      () => p.fit(AND_X, AND_Y, { validation: { X: [[1, NaN]], y: [1] } }),
      RangeError,
      /validation\.X must contain only finite numbers/,
    );
    assert.equal(snapshot(p), before);
    throwsWith(
      assert,
      () => new pw.Perceptron({ validationFraction: 0 }),
      RangeError,
      /option validationFraction must be a number between 0 and 1 \(exclusive\); received 0/,
    );
    throwsWith(assert, () => new pw.Perceptron({ patience: 1.5 }), RangeError, /option patience must be an integer/);
    const tiny = new pw.Perceptron({ earlyStopping: true });
    throwsWith(assert, () => tiny.fit([[0], [1]], [0, 1]), RangeError, /every class of y has a single example/);
  });
});

describe('partialFit', () => {
  it('one pass per batch, continuing; the same as fit one epoch at a time under cyclic', () => {
    const { X, y } = separable(120, 4, 9, 0.1);
    const online = new pw.Perceptron({ fitIntercept: true });
    const r1 = online.partialFit(X.slice(0, 60), y.slice(0, 60), { classes: [-1, 1] });
    assert.equal(r1.steps, 60);
    const r2 = online.partialFit(X.slice(60), y.slice(60));
    assert.equal(r2.steps, 60);
    assert.equal(online.steps, 120);
    const once = new pw.Perceptron({ maxEpochs: 1 });
    once.fit(X, y);
    assert.deepEqual(online.weights, once.weights);
    assert.equal(online.bias, once.bias);
  });

  it('multi-class, every strategy: classes fixed on the first call, batches may miss classes', () => {
    const X = [
      [2, 0],
      [0, 2],
      [-2, -2],
      [2.5, 0.5],
      [0.2, 2.4],
      [-2, -1.5],
    ];
    const y = ['a', 'b', 'c', 'a', 'b', 'c'];
    for (const strategy of ['joint', 'ovr', 'ovo']) {
      const p = new pw.MulticlassPerceptron({ strategy });
      p.partialFit(X.slice(0, 2), y.slice(0, 2), { classes: ['c', 'b', 'a'] });
      assert.deepEqual(p.classes, ['a', 'b', 'c']);
      for (let k = 0; k < 10; k++) p.partialFit(X, y);
      assert.equal(p.score(X, y), 1, strategy);
      throwsWith(
        assert,
        () => p.partialFit([[1, 1]], ['d']),
        RangeError,
        /y\[0\] must be one of the classes \["a", "b", "c"\]; received "d"/,
      );
      throwsWith(
        assert,
        () => p.partialFit([[1, 1]], ['a'], { classes: ['a', 'b'] }),
        RangeError,
        /classes are fixed by the first partialFit call/,
      );
    }
  });

  it('the first call needs the classes; balanced classWeight is refused', () => {
    const p = new pw.Perceptron();
    throwsWith(assert, () => p.partialFit(AND_X, AND_Y), TypeError, /the first partialFit call needs the classes/);
    assert.equal(p.fitted, false);
    const q = new pw.Perceptron({ classWeight: 'balanced' });
    throwsWith(
      assert,
      () => q.partialFit(AND_X, AND_Y, { classes: [-1, 1] }),
      RangeError,
      /'balanced' needs the whole training set/,
    );
    throwsWith(
      assert,
      () => p.partialFit([[0, 0]], [1], { classes: [1, 2, 3] }),
      RangeError,
      /classes must hold exactly two distinct classes/,
    );
  });
});
