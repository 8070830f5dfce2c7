// The Contributions region's arithmetic, as the page asks for it (web/explain/explain-view.js):
// the worker's explain({model: json}, {x}) of a page row. For every model kind the page offers,
// the terms w_i x_i are sorted by |w_i x_i| (ties by column) and sum with the bias to the
// library's decisionFunction (the explained class's column for a multi-class model), with and
// without the preprocess option's scaling; a worked row is checked by hand; and the page's
// notLinearReason refuses exactly the models the worker refuses.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { pw } from './helpers.mjs';
import { createWorker } from '../../dist/worker-client.js';
import { notLinearReason } from '../../web/explain/explain-view.js';

const w = createWorker({ thread: 'page' });
after(() => w.terminate());

const X = { data: Float64Array.from([3, 1, 40, 1, -2, 5, 0.5, 30, -1, 4, 2, -20, 2.5, -3, 0, 45]), rows: 4, cols: 4 };
const rowOf = (r) => Array.from(X.data.subarray(r * 4, r * 4 + 4));
const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

test('a hand-computed row: w = (2, -0.5, 1, 0), b = 0.25, x = (1, 4, -2, 7)', async () => {
  const model = pw.Perceptron.fromJSON({
    ...new pw.Perceptron().toJSON(),
    weights: [2, -0.5, 1, 0],
    bias: 0.25,
    nFeatures: 4,
    classes: [-1, 1],
    fitted: true,
  });
  const out = await w.explain({ model: model.toJSON() }, { x: [1, 4, -2, 7] });
  model.dispose();
  // Terms 2, -2, -2, 0: sorted by size, ties by column; the zero-valued column 4 still listed
  // (x = 7, w = 0).
  assert.deepEqual(
    out.contributions.map((c) => [c.column, c.value, c.weight, c.contribution]),
    [
      [0, 1, 2, 2],
      [1, 4, -0.5, -2],
      [2, -2, 1, -2],
      [3, 7, 0, 0],
    ],
  );
  assert.equal(out.bias, 0.25);
  assert.equal(out.score, 0.25 - 2);
  assert.equal(out.prediction, -1);
});

test('every linear kind of the page: the terms sum to decisionFunction, multi-class per class', async () => {
  const y2 = [1, -1, 1, -1];
  const y3 = ['a', 'b', 'c', 'a'];
  const kinds = [
    ['Perceptron', {}, y2],
    ['Perceptron', { preprocess: 'standardize' }, y2],
    ['Perceptron', { variant: 'averaged', preprocess: 'minMax' }, y2],
    ['Winnow', { balanced: true }, y2],
    ['PassiveAggressive', { preprocess: 'unitBall' }, y2],
    ['PassiveAggressive', {}, y3],
    ['MulticlassPerceptron', { strategy: 'joint' }, y3],
    ['MulticlassPerceptron', { strategy: 'joint', preprocess: 'standardize', variant: 'averaged' }, y3],
  ];
  for (const [kind, options, y] of kinds) {
    assert.equal(notLinearReason(kind, options), null, kind);
    const model = new pw[kind]({ maxEpochs: 5, ...options });
    model.fit(X, y);
    const json = model.toJSON();
    const scores = model.decisionFunction(X);
    const predicted = model.predict(X);
    const classes = model.classes;
    for (let r = 0; r < 4; r++) {
      const wanted = classes.length > 2 ? [undefined, ...classes] : [undefined];
      for (const label of wanted) {
        const out = await w.explain(
          { model: json },
          { x: rowOf(r) },
          label === undefined ? undefined : { class: label },
        );
        const column = classes.length > 2 ? classes.indexOf(label ?? predicted[r]) : -1;
        const score = column >= 0 ? scores[r][column] : scores[r];
        const what = `${kind} ${JSON.stringify(options)} row ${r} class ${label}`;
        const sum = out.contributions.reduce((s, c) => s + c.contribution, 0) + out.bias;
        assert.ok(close(sum, score), `${what}: ${sum} vs ${score}`);
        assert.equal(out.score, score, what);
        assert.equal(out.prediction, predicted[r], what);
        if (column >= 0) assert.equal(out.class, classes[column], what);
        assert.equal(out.scaled === true, Boolean(options.preprocess), what);
        const sizes = out.contributions.map((c) => Math.abs(c.contribution));
        assert.deepEqual(
          sizes,
          [...sizes].sort((a, b) => b - a),
        );
      }
    }
    model.dispose();
  }
});

test("the page's notLinearReason refuses what the worker's explain refuses", async () => {
  const y3 = ['a', 'b', 'c', 'a'];
  const refused = [
    ['KernelPerceptron', { kernel: 'rbf' }, [1, -1, 1, -1]],
    ['Perceptron', { variant: 'voted' }, [1, -1, 1, -1]],
    ['MulticlassPerceptron', { strategy: 'ovr' }, y3],
    ['MulticlassPerceptron', { strategy: 'ovo' }, y3],
  ];
  for (const [kind, options, y] of refused) {
    assert.match(notLinearReason(kind, options), /linear models, whose score is w·x \+ b/);
    const model = new pw[kind]({ maxEpochs: 3, ...options });
    model.fit(X, y);
    await assert.rejects(w.explain({ model: model.toJSON() }, { x: rowOf(0) }), { name: 'TypeError' }, kind);
    model.dispose();
  }
});
