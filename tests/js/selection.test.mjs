// Preprocessing, PCA, Fisher's discriminant and model selection (the CMU notes' protocol).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw, snapshot, throwsWith } from './helpers.mjs';
import { readDataset } from './real-data.mjs';

describe('preprocessing', () => {
  it('fitScaler and transform, each kind; a constant feature becomes 0, never NaN', () => {
    const X = [
      [1, 5],
      [3, 5],
      [5, 5],
    ];
    const standard = pw.preprocessing.fitScaler(X);
    assert.deepEqual(standard.shift, [3, 5]);
    assert.deepEqual(standard.scale, [Math.sqrt(8 / 3), 1]);
    assert.deepEqual(pw.preprocessing.transform(standard, [[3, 5]]), [[0, 0]]);
    const minMax = pw.preprocessing.fitScaler(X, { kind: 'minMax' });
    assert.deepEqual(pw.preprocessing.transform(minMax, X), [
      [0, 0],
      [0.5, 0],
      [1, 0],
    ]);
    const ball = pw.preprocessing.fitScaler(X, { kind: 'unitBall' });
    const scaled = pw.preprocessing.transform(ball, X);
    assert.ok(Math.abs(Math.hypot(...scaled[2]) - 1) < 1e-15);
    throwsWith(
      assert,
      () => pw.preprocessing.fitScaler(X, { kind: 'zscore' }),
      RangeError,
      /option kind must be one of "standardize", "minMax", "unitBall"/,
    );
    throwsWith(
      assert,
      () => pw.preprocessing.transform(standard, [[1, 2, 3]]),
      RangeError,
      /X must have 2 columns \(as the scaler was fitted\); received 3/,
    );
  });

  it('a model with preprocess fits the scaler on training data, applies it later, saves it in the JSON', () => {
    const { X, y } = readDataset('breast_cancer');
    const raw = new pw.Perceptron({ maxEpochs: 20 });
    raw.fit(X, y);
    const scaled = new pw.Perceptron({ maxEpochs: 20, preprocess: 'standardize' });
    scaled.fit(X, y);
    assert.ok(scaled.score(X, y) > raw.score(X, y) + 0.1);
    const json = JSON.parse(JSON.stringify(scaled));
    assert.equal(json.preprocess.kind, 'standardize');
    assert.equal(json.preprocess.shift.length, 30);
    const copy = pw.Perceptron.fromJSON(json);
    assert.deepEqual(copy.decisionFunction(X), scaled.decisionFunction(X));
    assert.equal(copy.options.preprocess, 'standardize');
    throwsWith(
      assert,
      () =>
        pw.Perceptron.fromJSON({
          ...json,
          preprocess: { ...json.preprocess, scale: json.preprocess.scale.map(() => 0) },
        }),
      RangeError,
      /field preprocess/,
    );
    // A failed fit keeps the old scaler.
    const before = snapshot(scaled);
    throwsWith(
      assert,
      () =>
        scaled.fit(
          X.map((x) => x.map(() => 1)),
          y.map(() => 'one'),
        ),
      RangeError,
      /two distinct classes/,
    );
    assert.equal(snapshot(scaled), before);
  });
});

describe('analysis extras', () => {
  it('pca2d on iris: the variances of the two leading components (population covariance)', () => {
    const { X } = readDataset('iris');
    const p = pw.analysis.pca2d(X);
    // scikit-learn's PCA reports 4.2282 and 0.2427 with n - 1; times 149/150:
    assert.ok(Math.abs(p.variance[0] - (4.2282 * 149) / 150) < 1e-3, String(p.variance));
    assert.ok(Math.abs(p.variance[1] - (0.2427 * 149) / 150) < 1e-3);
    assert.equal(p.projected.length, 150);
    const dot = p.components[0].reduce((a, v, j) => a + v * p.components[1][j], 0);
    assert.ok(Math.abs(dot) < 1e-9);
  });

  it("Fisher's discriminant separates setosa, and compares with the perceptron", () => {
    const { X, y } = readDataset('iris');
    const labels = y.map((s) => (s === 'setosa' ? 'setosa' : 'other'));
    const fisher = new pw.FisherDiscriminant().fit(X, labels);
    assert.equal(fisher.score(X, labels), 1);
    assert.deepEqual(fisher.classes, ['other', 'setosa']);
    throwsWith(assert, () => new pw.FisherDiscriminant().predict(X), pw.NotFittedError, /call fit/);
    throwsWith(
      assert,
      () =>
        new pw.FisherDiscriminant().fit(
          [
            [1, 0],
            [1, 0],
          ],
          [0, 1],
        ),
      RangeError,
      /same mean/,
    );
  });
});

describe('modelSelection', () => {
  it('split and kFold are stratified and seeded', () => {
    const { y } = readDataset('iris');
    const s = pw.modelSelection.split(y, { validation: 0.2, test: 0.2, seed: 4 });
    assert.equal(s.train.length + s.validation.length + s.test.length, 150);
    for (const part of [s.validation, s.test]) {
      assert.deepEqual(
        ['setosa', 'versicolor', 'virginica'].map((c) => part.filter((i) => y[i] === c).length),
        [10, 10, 10],
      );
    }
    assert.deepEqual(pw.modelSelection.split(y, { validation: 0.2, test: 0.2, seed: 4 }), s);
    const folds = pw.modelSelection.kFold(y, { k: 5, seed: 1 });
    assert.equal(folds.length, 5);
    assert.deepEqual(
      folds.map((f) => f.test.length),
      [30, 30, 30, 30, 30],
    );
    assert.deepEqual(new Set(folds.flatMap((f) => f.test)).size, 150);
  });

  it('gridSearch picks on cross-validation, retrains, tests once, and lists every candidate', () => {
    const { X, y } = readDataset('wine');
    const result = pw.modelSelection.gridSearch(
      pw.MulticlassPerceptron,
      { variant: ['classic', 'averaged'], learningRate: [0.1, 1] },
      X,
      y,
      { cv: 3, test: 0.3, seed: 5, base: { preprocess: 'standardize', order: 'shuffle' } },
    );
    assert.equal(result.candidates.length, 4);
    const bestScore = Math.max(...result.candidates.map((c) => c.score));
    assert.equal(result.candidates.find((c) => c.options === result.best).score, bestScore);
    assert.ok(result.testScore > 0.85);
    assert.equal(result.model.options.preprocess, 'standardize');
    const byValidation = pw.modelSelection.gridSearch(
      pw.Perceptron,
      { margin: [0, 0.5] },
      X.slice(0, 130),
      y.slice(0, 130),
      { validation: 0.25, seed: 1, base: { preprocess: 'standardize' } },
    );
    assert.equal(byValidation.testScore, undefined);
  });

  it('bad input', () => {
    const { X, y } = readDataset('iris');
    throwsWith(
      assert,
      () => pw.modelSelection.kFold(y, { k: 1 }),
      RangeError,
      /k must be an integer from 2 to the smallest class's size \(50\); received 1/,
    );
    throwsWith(assert, () => pw.modelSelection.kFold(y, { k: 51 }), RangeError, /received 51/);
    throwsWith(
      assert,
      () => pw.modelSelection.split(y, { validation: 0.6, test: 0.5 }),
      RangeError,
      /sum to less than 1/,
    );
    throwsWith(assert, () => pw.modelSelection.split(y, { test: 1.5 }), RangeError, /in \(0, 1\)/);
    throwsWith(assert, () => pw.modelSelection.split(y, {}), RangeError, /give a validation and\/or a test fraction/);
    throwsWith(
      assert,
      () => pw.modelSelection.gridSearch(pw.Perceptron, {}, X, y, { cv: 3 }),
      RangeError,
      /grid must name at least one option/,
    );
    throwsWith(
      assert,
      () => pw.modelSelection.gridSearch(pw.Perceptron, { margin: [] }, X, y, { cv: 3 }),
      RangeError,
      /grid\.margin must be a non-empty array/,
    );
    throwsWith(
      assert,
      () => pw.modelSelection.gridSearch(pw.Perceptron, { margin: [0] }, X, y, {}),
      TypeError,
      /exactly one of options\.validation/,
    );
    throwsWith(
      assert,
      () => pw.modelSelection.gridSearch({}, { margin: [0] }, X, y, { cv: 3 }),
      TypeError,
      /Kind must be one of the package's model classes/,
    );
  });
});
