// Accuracy on the shipped UCI datasets (data/), mean over five stratified 70/30 splits with
// standardized features (tests/js/real-data.mjs). The thresholds are the issue's; the figures
// reached are in docs/benchmarks.md's table (npm run bench:real prints them next to scikit-learn's).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw } from './helpers.mjs';
import { evaluate, readDataset, selectByCrossValidation } from './real-data.mjs';

const jointAveraged = (seed) =>
  new pw.MulticlassPerceptron({ strategy: 'joint', variant: 'averaged', order: 'shuffle', seed });

describe('real data', () => {
  it('the datasets load with their documented shapes and labels', () => {
    const shapes = { iris: [150, 4, 3], wine: [178, 13, 3], breast_cancer: [569, 30, 2], digits: [1797, 64, 10] };
    for (const [name, [rows, cols, classes]] of Object.entries(shapes)) {
      const { X, y } = readDataset(name);
      assert.equal(X.length, rows, name);
      assert.ok(
        X.every((x) => x.length === cols && x.every(Number.isFinite)),
        name,
      );
      assert.equal(new Set(y).size, classes, name);
    }
  });

  it('averaged binary Perceptron on breast_cancer, margin chosen by 5-fold CV on the training part: mean accuracy >= 0.96', () => {
    const margins = [0, 0.25, 0.5, 1, 2];
    const make = (seed, margin) => new pw.Perceptron({ variant: 'averaged', order: 'shuffle', seed, margin });
    const { mean, scores } = evaluate('breast_cancer', (seed, train, X, y) =>
      make(
        seed,
        selectByCrossValidation(X, y, train, margins, (margin) => make(seed, margin), { seed }),
      ),
    );
    assert.ok(mean >= 0.96, `${mean} (${scores.join(', ')})`);
  });

  for (const [name, threshold] of [
    ['iris', 0.95],
    ['wine', 0.95],
    ['digits', 0.945],
  ]) {
    it(`MulticlassPerceptron joint averaged on ${name}: mean accuracy >= ${threshold}`, () => {
      const { mean, scores } = evaluate(name, jointAveraged);
      assert.ok(mean >= threshold, `${mean} (${scores.join(', ')})`);
    });
  }
});
