// The Perceptron's option precision 'float32' (issue 30) through the package: float32 weights
// updated in float32, for float32 Datasets and the classic variant. The weights equal, to the
// bit, the float32 perceptron written by hand in JS (bench/peers.mjs's handWritten32, every
// operation through Math.fround); the CMU lecture trace is the float64 one; the trainer gives
// fit's model; the option is saved and loaded; and what it refuses says why, changing nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { handWritten32 } from '../../bench/peers.mjs';
import { CMU_X, CMU_Y, pw, separable } from './helpers.mjs';

// A float32 Dataset of rows x cols values and labels ±1, and its values as a Float32Array.
function float32Data(rows, cols, seed, noise = 0.15) {
  const { X, y } = separable(rows, cols, seed, noise);
  const flat = Float32Array.from(X.flat());
  const data = pw.Dataset.fromArray(flat, { rows, cols }, y, { dtype: 'float32' });
  return { data, flat, y: Float64Array.from(y) };
}

describe("precision 'float32'", () => {
  it('trains as the float32 perceptron written by hand, to the bit (19 and 100 columns)', () => {
    for (const [rows, cols, seed] of [
      [400, 19, 3],
      [300, 100, 4],
    ]) {
      const { data, flat, y } = float32Data(rows, cols, seed);
      const model = new pw.Perceptron({ precision: 'float32', maxEpochs: 7 });
      const report = model.fit(data);
      const hand = handWritten32(flat, y, rows, cols, 7);
      assert.ok(report.mistakes > 50, `${report.mistakes} mistakes`);
      assert.deepEqual(model.weights, Array.from(hand.weights));
      assert.equal(model.bias, hand.bias);
      // float64's updates are exact doubles: other weights from the same rows.
      const wide = new pw.Perceptron({ maxEpochs: 7 });
      wide.fit(data);
      assert.notDeepEqual(wide.weights, model.weights);
      wide.dispose();
      model.dispose();
      data.dispose();
    }
  });

  it("gives the CMU lecture's trace, step for step", () => {
    for (const mistakeRule of ['sign', 'margin', 'strict']) {
      const on64 = [];
      const on32 = [];
      new pw.Perceptron({ mistakeRule, fitIntercept: false }).fit(CMU_X, CMU_Y, { onStep: (s) => on64.push(s) });
      const d = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y, { dtype: 'float32' });
      const model = new pw.Perceptron({ mistakeRule, fitIntercept: false, precision: 'float32' });
      model.fit(d, undefined, { onStep: (s) => on32.push(s) });
      assert.ok(on64.length >= 6);
      assert.deepEqual(on32, on64);
      if (mistakeRule !== 'strict') assert.deepEqual(model.weights, [3, 1]);
      model.dispose();
      d.dispose();
    }
  });

  it("the trainer, step by step, ends with fit's model; partialFit passes are fit's epochs", () => {
    const { data } = float32Data(120, 9, 5);
    const options = { precision: 'float32', maxEpochs: 4, learningRate: 0.37, order: 'shuffle', seed: 2 };
    const fitted = new pw.Perceptron(options);
    fitted.fit(data);
    const stepped = new pw.Perceptron(options);
    const trainer = stepped.trainer(data);
    while (trainer.step() !== null);
    assert.equal(JSON.stringify(stepped.toJSON()), JSON.stringify(fitted.toJSON()));
    const cyclic = { precision: 'float32', maxEpochs: 3, learningRate: 0.37 };
    const whole = new pw.Perceptron(cyclic);
    whole.fit(data);
    const passes = new pw.Perceptron(cyclic);
    for (let e = 0; e < 3; e++) passes.partialFit(data, undefined, { classes: [-1, 1] });
    assert.deepEqual(passes.weights, whole.weights);
    assert.equal(passes.bias, whole.bias);
    for (const m of [fitted, stepped, whole, passes]) m.dispose();
    data.dispose();
  });

  it('is saved with the model (only when float32) and loaded back', () => {
    const { data } = float32Data(60, 5, 6);
    const model = new pw.Perceptron({ precision: 'float32', maxEpochs: 3 });
    model.fit(data);
    assert.equal(model.options.precision, 'float32');
    const json = model.toJSON();
    assert.equal(json.options.precision, 'float32');
    const back = pw.Perceptron.fromJSON(json);
    assert.equal(back.options.precision, 'float32');
    assert.deepEqual(back.predict(data), model.predict(data));
    assert.equal(JSON.stringify(back.toJSON()), JSON.stringify(json));
    const plain = new pw.Perceptron();
    assert.equal('precision' in plain.options, false, 'float64 is the default, not listed');
    assert.equal('precision' in plain.toJSON().options, false);
    for (const m of [model, back, plain]) m.dispose();
    data.dispose();
  });

  it('refuses float64 rows, other variants, learnOne and the other kinds, naming why', () => {
    const model = new pw.Perceptron({ precision: 'float32' });
    assert.throws(() => model.fit(CMU_X, CMU_Y), {
      name: 'TypeError',
      message:
        'Perceptron.fit: X must hold float32 values with option precision "float32" (a float32 Dataset); received float64 values',
    });
    assert.equal(model.fitted, false);
    assert.throws(() => new pw.Perceptron({ precision: 'float32', variant: 'averaged' }), {
      name: 'RangeError',
      message: 'new Perceptron: option precision "float32" trains the classic variant; received variant "averaged"',
    });
    assert.throws(() => new pw.Perceptron({ precision: 'float16' }), {
      name: 'RangeError',
      message: 'new Perceptron: option precision must be one of "float64", "float32"; received the string "float16"',
    });
    const d = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y, { dtype: 'float32' });
    model.fit(d);
    const weights = model.weights;
    assert.throws(() => model.learnOne([1, 1], 1), {
      name: 'TypeError',
      message:
        'Perceptron.learnOne: option precision "float32" trains float32 Datasets only (fit, partialFit, trainer), not one float64 example',
    });
    assert.deepEqual(model.weights, weights);
    for (const kind of ['MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive']) {
      assert.throws(() => new pw[kind]({ precision: 'float32' }), {
        name: 'TypeError',
        message: /unknown option "precision"/,
      });
    }
    model.dispose();
    d.dispose();
  });
});
