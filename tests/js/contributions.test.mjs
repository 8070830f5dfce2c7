// The Contributions region's arithmetic (web/explain/contributions.js's explainLinear) on the
// separator the page draws (web/shell/models.js's separatorOf): the terms w_i x_i of a row, sorted
// by |w_i x_i| (ties by column), summing with the bias to the library's decisionFunction, for
// every binary linear kind, with and without the preprocess option's scaling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pw } from './helpers.mjs';
import { explainLinear } from '../../web/explain/contributions.js';
import { separatorOf } from '../../web/shell/models.js';

test('explainLinear: a hand-computed row', () => {
  const out = explainLinear({ weights: [2, -0.5, 1, 0], bias: 0.25 }, [1, 4, -2, 7], ['a', 'b', 'c', 'd']);
  // 2*1 = 2, -0.5*4 = -2, 1*-2 = -2, 0*7 = 0: ties of |2| by column.
  assert.deepEqual(out, {
    score: 0.25 + 2 - 2 - 2 + 0,
    bias: 0.25,
    contributions: [
      { column: 0, name: 'a', value: 1, weight: 2, contribution: 2 },
      { column: 1, name: 'b', value: 4, weight: -0.5, contribution: -2 },
      { column: 2, name: 'c', value: -2, weight: 1, contribution: -2 },
      { column: 3, name: 'd', value: 7, weight: 0, contribution: 0 },
    ],
  });
  assert.deepEqual(
    explainLinear({ weights: [1, 1], bias: 0 }, [3, 1]).contributions.map((c) => c.name),
    ['x1', 'x2'],
  );
  assert.throws(() => explainLinear({ weights: [1, 2], bias: 0 }, [1]), {
    name: 'RangeError',
    message: 'explainLinear: the row has 1 values; the model has 2 weights',
  });
});

test("the terms of the page's separator sum to decisionFunction, every binary linear kind", () => {
  const X = { data: Float64Array.from([3, 1, 40, 1, -2, 5, 0.5, 30, -1, 4, 2, -20, 2.5, -3, 0, 45]), rows: 4, cols: 4 };
  const y = [1, -1, 1, -1];
  const kinds = [
    ['Perceptron', {}],
    ['Perceptron', { preprocess: 'standardize' }],
    ['Perceptron', { variant: 'averaged', preprocess: 'minMax' }],
    ['Winnow', { balanced: true }],
    ['PassiveAggressive', { preprocess: 'unitBall' }],
    ['PassiveAggressive', {}],
  ];
  for (const [kind, options] of kinds) {
    const model = new pw[kind]({ maxEpochs: 5, ...options });
    model.fit(X, y);
    const linear = separatorOf(kind, model, options.preprocess, 4);
    const scores = model.decisionFunction(X);
    for (let r = 0; r < 4; r++) {
      const x = Array.from(X.data.subarray(r * 4, r * 4 + 4));
      const out = explainLinear(linear, x);
      const sum = out.contributions.reduce((s, c) => s + c.contribution, 0) + out.bias;
      assert.ok(
        Math.abs(sum - scores[r]) <= 1e-9 * Math.max(1, Math.abs(scores[r])),
        `${kind} ${JSON.stringify(options)} row ${r}: ${sum} vs ${scores[r]}`,
      );
      assert.ok(Math.abs(out.score - scores[r]) <= 1e-9 * Math.max(1, Math.abs(scores[r])));
      const sizes = out.contributions.map((c) => Math.abs(c.contribution));
      assert.deepEqual(
        sizes,
        [...sizes].sort((a, b) => b - a),
      );
    }
    model.dispose();
  }
});
