// Defects found by a review of the data-path change (issue 7), each with its fix's check.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { pw, separable } from './helpers.mjs';

describe('a failed call leaves everything as it was', () => {
  it('an aborted fit (a callback threw) keeps the previous scaler, binary and multi-class', () => {
    for (const Kind of [pw.Perceptron, pw.MulticlassPerceptron]) {
      const model = new Kind({ preprocess: 'standardize', maxEpochs: 3 });
      model.fit(
        [
          [1, 0],
          [2, 1],
          [0, 0],
          [3, 1],
        ],
        [0, 1, 0, 1],
      );
      const before = model.toJSON();
      const X2 = [
        [100, 10],
        [400, 100],
        [0, 5],
        [500, 105],
      ];
      assert.throws(
        () =>
          model.fit(X2, [0, 1, 0, 1], {
            onStep() {
              throw new Error('stop here');
            },
          }),
        /stop here/,
      );
      assert.deepEqual(model.toJSON(), before, Kind.name);
      model.dispose();
    }
  });

  it('validation: null is named as a bad option, not a crash', () => {
    const model = new pw.Perceptron();
    assert.throws(() => model.fit([[0], [1]], [0, 1], { validation: null }), {
      name: 'TypeError',
      message: 'Perceptron.fit: option validation must be an object {X, y}; received null',
    });
    model.dispose();
  });

  it('with preprocess, column-count errors name the argument', () => {
    const model = new pw.Perceptron({ preprocess: 'minMax' });
    model.fit(
      [
        [0, 1],
        [1, 0],
      ],
      [0, 1],
    );
    assert.throws(() => model.learnOne([1, 2, 3], 0), /learnOne: x must have 2 columns/);
    assert.throws(
      () => model.fit([[0, 1]], [0], { validation: { X: [[1, 2, 3]], y: [0] } }),
      /validation\.X must have 2 columns/,
    );
    model.dispose();
  });

  it('string labels with a lone surrogate are refused, not merged', () => {
    assert.throws(() => pw.metrics.accuracy(['a\uD800', 'a\uDC00'], ['a\uDC00', 'a\uD800']), {
      name: 'TypeError',
      message: /yTrue\[0\] must be a well-formed string \(no lone surrogate\)/,
    });
  });
});

describe('gridSearch checks what it is given', () => {
  const { X, y } = separable(60, 2, 5);

  it('refuses subclasses (the core builds the package models), undefined grid values and a bad base', () => {
    class MaxOne extends pw.Perceptron {}
    const held = pw.memory().inUse;
    assert.throws(() => pw.modelSelection.gridSearch(MaxOne, { margin: [0] }, X, y, { cv: 2 }), {
      name: 'TypeError',
      message: /Kind must be one of the package's model classes.*not a subclass/,
    });
    assert.throws(() => pw.modelSelection.gridSearch(pw.Perceptron, { preprocess: [undefined] }, X, y, { cv: 2 }), {
      message: /grid\.preprocess\[0\] must be a value; received undefined/,
    });
    for (const classWeight of [null, 'bogus', { 1: '2' }]) {
      assert.throws(
        () => pw.modelSelection.gridSearch(pw.Perceptron, { margin: [0] }, X, y, { cv: 2, base: { classWeight } }),
        /option classWeight/,
      );
    }
    assert.equal(pw.memory().inUse, held);
  });

  it('checks every fraction and fold count given, as given', () => {
    for (const test of [-0.2, Number.NaN, 1]) {
      assert.throws(
        () => pw.modelSelection.gridSearch(pw.Perceptron, { margin: [0] }, X, y, { cv: 2, test }),
        /option test must be a number in \(0, 1\)/,
      );
    }
    assert.throws(
      () => pw.modelSelection.gridSearch(pw.Perceptron, { margin: [0] }, X, y, { validation: -0.3 }),
      /option validation must be a number in \(0, 1\); received -0.3/,
    );
    assert.throws(
      () => pw.modelSelection.gridSearch(pw.Perceptron, { margin: [0] }, X, y, { cv: 2 ** 32 + 2 }),
      /option cv must be an integer from 2 to the smallest class's size \(\d+\); received 4294967298/,
    );
    assert.throws(() => pw.modelSelection.kFold(y, { k: 2 ** 32 + 3 }), /received 4294967299/);
  });
});
