import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw, snapshot, throwsWith } from './helpers.mjs';
import { evaluate } from './real-data.mjs';

describe('PassiveAggressive', () => {
  it('binary PA-I by hand: w = (5/4, -1/4)', () => {
    const p = new pw.PassiveAggressive({ fitIntercept: false, maxEpochs: 1 });
    const report = p.fit(
      [
        [1, 0],
        [0, 2],
        [1, 1],
      ],
      ['yes', 'no', 'yes'],
    );
    assert.deepEqual(p.weights, [1.25, -0.25]);
    assert.equal(p.bias, 0);
    assert.equal(report.mistakes, 3);
    assert.deepEqual(p.options.mode, 'PA-I');
    const pa2 = new pw.PassiveAggressive({ fitIntercept: false, maxEpochs: 1, mode: 'PA-II' });
    pa2.fit(
      [
        [1, 0],
        [0, 1],
      ],
      [1, -1],
    );
    assert.ok(Math.abs(pa2.weights[0] - 2 / 3) < 1e-15);
  });

  it('multi-class on real data, every mode; JSON round trip', () => {
    for (const mode of ['PA', 'PA-I', 'PA-II']) {
      const { mean } = evaluate('iris', (seed) => new pw.PassiveAggressive({ mode, order: 'shuffle', seed, C: 0.1 }));
      assert.ok(mean > 0.85, `${mode}: ${mean}`);
    }
    const { mean } = evaluate(
      'digits',
      (seed) => new pw.PassiveAggressive({ order: 'shuffle', seed, C: 0.05, maxEpochs: 20 }),
    );
    assert.ok(mean > 0.93, `digits: ${mean}`);
    const p = new pw.PassiveAggressive({ maxEpochs: 5 });
    const X = [
      [1, 0],
      [0, 1],
      [-1, -1],
      [1, 0.2],
    ];
    const y = ['a', 'b', 'c', 'a'];
    p.fit(X, y);
    assert.equal(p.weights.length, 3);
    assert.equal(p.decisionFunction(X)[0].length, 3);
    const q = pw.PassiveAggressive.fromJSON(JSON.stringify(p));
    assert.deepEqual(q.decisionFunction(X), p.decisionFunction(X));
    assert.deepEqual(q.toJSON(), p.toJSON());
  });

  it('partialFit, early stopping and bad input', () => {
    const p = new pw.PassiveAggressive();
    p.partialFit([[1, 0]], ['a'], { classes: ['a', 'b', 'c'] });
    p.partialFit(
      [
        [0, 1],
        [-1, -1],
      ],
      ['b', 'c'],
    );
    assert.equal(p.steps, 3);
    const before = snapshot(p);
    throwsWith(assert, () => p.partialFit([[1, 1]], ['d']), RangeError, /must be one of the classes/);
    throwsWith(
      assert,
      () =>
        p.fit(
          [
            [1, 1],
            [2, 2],
          ],
          ['a', 'a'],
        ),
      RangeError,
      /at least two distinct classes/,
    );
    assert.equal(snapshot(p), before);
    throwsWith(
      assert,
      () => new pw.PassiveAggressive({ C: 0 }),
      RangeError,
      /option C must be a finite number > 0; received 0/,
    );
    throwsWith(
      assert,
      () => new pw.PassiveAggressive({ mode: 'PA-3' }),
      RangeError,
      /option mode must be one of "PA", "PA-I", "PA-II"/,
    );
    throwsWith(
      assert,
      () => new pw.PassiveAggressive({ learningRate: 1 }),
      TypeError,
      /unknown option "learningRate"; known options are mode, C/,
    );
    const early = new pw.PassiveAggressive({ earlyStopping: true, patience: 2 });
    const report = early.fit(
      [
        [1, 0],
        [0, 1],
        [1, 0.1],
        [0.1, 1],
        [0.9, 0],
        [0, 0.8],
      ],
      [0, 1, 0, 1, 0, 1],
    );
    assert.ok(report.bestEpoch >= 1);
  });
});
