// Sizes no memory holds: a model whose weights (classes or binary models x columns) exceed what
// wasm memory can hold throws a RangeError naming them, before allocating; the model, earlier
// models and the module stay usable and wasm memory holds what it held (issue 25, item 8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pw, snapshot } from './helpers.mjs';

const COLS = 2 ** 24; // the most sparse columns
// K classes, two rows each, one stored value per row in far-apart columns.
function wide(K) {
  const rows = 2 * K;
  return {
    X: {
      indptr: Uint32Array.from({ length: rows + 1 }, (_, i) => i),
      indices: Uint32Array.from({ length: rows }, (_, i) => i * 7919),
      values: new Float64Array(rows).fill(1),
      cols: COLS,
    },
    y: Array.from({ length: rows }, (_, i) => i % K),
  };
}

const cases = [
  ['MulticlassPerceptron', { strategy: 'joint' }, 40, /cannot allocate the weights of 40 classes x 16777216 columns/],
  ['MulticlassPerceptron', { strategy: 'ovr' }, 40, /cannot allocate the weights of 40 binary models x 16777216/],
  ['MulticlassPerceptron', { strategy: 'ovo' }, 12, /cannot allocate the weights of 66 binary models x 16777216/],
  ['PassiveAggressive', {}, 40, /cannot allocate the weights of 40 classes x 16777216 columns/],
];

test('weights no memory holds: a RangeError naming them; models, memory and the module as they were', () => {
  const earlier = new pw.Perceptron();
  earlier.fit([[0], [1]], [0, 1]);
  const earlierState = snapshot(earlier);
  for (const [kind, options, K, message] of cases) {
    const { X, y } = wide(K);
    const model = new pw[kind]({ ...options, maxEpochs: 1 });
    model.fit([[0], [1], [2]], [0, 1, 2].slice(0, 3)); // a fitted model, kept through the failures
    const before = snapshot(model);
    const fresh = new pw[kind](options);
    const inUse = pw.memory().inUse;
    const calls = [
      ['fit', () => model.fit(X, y)],
      ['trainer', () => model.trainer(X, y)],
      ['partialFit', () => fresh.partialFit(X, y, { classes: [...new Set(y)] })],
    ];
    for (const [name, call] of calls) {
      assert.throws(
        call,
        (error) =>
          error instanceof RangeError &&
          message.test(error.message) &&
          /more than this memory can address|out of memory/.test(error.message),
        `${kind} ${JSON.stringify(options)} ${name}`,
      );
      assert.equal(snapshot(model), before, `${kind} ${name}: the model as it was`);
      assert.equal(pw.memory().inUse, inUse, `${kind} ${name}: no memory kept`);
    }
    assert.equal(fresh.fitted, false);
    model.dispose();
    fresh.dispose();
  }
  assert.equal(snapshot(earlier), earlierState);
  assert.deepEqual(earlier.predict([[1], [0]]), [1, 0]);
  const after = new pw.MulticlassPerceptron({ strategy: 'ovr' });
  after.fit([[0], [1], [2]], ['a', 'b', 'c']);
  assert.equal(after.classes.length, 3);
});

test('weights that fit are not refused: 3 classes x 2^24 columns trains', () => {
  const { X, y } = wide(3);
  const model = new pw.MulticlassPerceptron({ maxEpochs: 1, fitIntercept: false });
  const report = model.fit(X, y);
  // Each row has a column of its own: the rows of classes 1 and 2 are mistaken once (ties go to
  // class 0), then every row is right.
  assert.equal(report.steps, 6);
  assert.equal(report.mistakes, 4);
  assert.deepEqual(model.predict(X), y);
  model.dispose();
});

test("ovr/ovo partialFit holds its binary models' weights, not a joint model's besides", () => {
  const cols = 2 ** 20;
  const X = { indptr: [0, 1, 2, 3], indices: [0, 1, 2], values: [1, 1, 1], cols };
  for (const strategy of ['ovr', 'ovo']) {
    const before = pw.memory().inUse;
    const model = new pw.MulticlassPerceptron({ strategy });
    model.partialFit(X, ['a', 'b', 'c'], { classes: ['a', 'b', 'c'] });
    const held = pw.memory().inUse - before;
    const binary = 3 * cols * 8; // three binary models (3 one-vs-rest, or 3 pairs) of 2^20 weights
    assert.ok(held >= binary && held < 1.25 * binary, `${strategy}: ${held} bytes held for ${binary} of weights`);
    model.dispose();
  }
});
