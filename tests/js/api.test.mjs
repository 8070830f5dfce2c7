import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import load from '../../dist/index.js';
import { AND_X, AND_Y, CMU_WEIGHTS, CMU_X, CMU_Y, XOR_Y, pw, separable } from './helpers.mjs';

describe('load', () => {
  it('compiles once and returns the same API afterwards', async () => {
    assert.equal(await load(), pw);
    assert.equal(typeof pw.Perceptron, 'function');
    assert.deepEqual(
      [...pw.optionNames],
      [
        'variant',
        'mistakeRule',
        'order',
        'learningRate',
        'margin',
        'fitIntercept',
        'maxEpochs',
        'maxSteps',
        'seed',
        'warmStart',
        'earlyStopping',
        'validationFraction',
        'patience',
        'precision',
        'classWeight',
        'preprocess',
        'hashing',
      ],
    );
  });

  it('names preprocess among the known options when an option is unknown, for every kind', () => {
    for (const kind of ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive']) {
      assert.throws(
        () => new pw[kind]({ preprocesss: 'standardize' }),
        (error) =>
          error instanceof TypeError &&
          /unknown option "preprocesss"; known options are .*classWeight, preprocess, hashing \(did you mean preprocess\?\)$/.test(
            error.message,
          ),
        kind,
      );
    }
  });
});

describe('the CMU worked example, step by step', () => {
  it('gives the same trace from a float32 Dataset (float32 arithmetic is exact on it)', () => {
    for (const mistakeRule of ['sign', 'margin', 'strict']) {
      const options = { mistakeRule, fitIntercept: false };
      const on64 = [];
      const on32 = [];
      new pw.Perceptron(options).fit(CMU_X, CMU_Y, { onStep: (s) => on64.push(s) });
      const d = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y, { dtype: 'float32' });
      new pw.Perceptron(options).fit(d, undefined, { onStep: (s) => on32.push(s) });
      d.dispose();
      assert.ok(on64.length >= 6);
      assert.deepEqual(on32, on64);
    }
  });

  for (const mistakeRule of ['sign', 'margin']) {
    it(`reproduces the slide's weights under mistakeRule '${mistakeRule}'`, () => {
      const p = new pw.Perceptron({ mistakeRule, fitIntercept: false });
      const trace = [];
      const report = p.fit(CMU_X, CMU_Y, { onStep: (s) => trace.push(s) });
      assert.equal(trace.length, 12);
      assert.deepEqual(
        trace.slice(0, 6).map((s) => s.weights),
        CMU_WEIGHTS,
      );
      assert.deepEqual(
        trace.slice(0, 6).map((s) => s.score),
        [0, 1, -1, -2, 0, 2],
      );
      assert.deepEqual(
        trace.slice(0, 6).map((s) => s.mistake),
        [true, false, true, false, true, false],
      );
      assert.deepEqual(
        trace.slice(0, 6).map((s) => s.prediction),
        [1, 1, -1, -1, 1, 1],
      );
      assert.deepEqual(trace[0], {
        t: 1,
        epoch: 1,
        index: 0,
        score: 0,
        prediction: 1,
        label: -1,
        predictionSign: 1,
        labelSign: -1,
        mistake: true,
        weights: [1, -2],
        bias: 0,
      });
      assert.ok(trace.slice(6).every((s) => !s.mistake && s.epoch === 2));
      assert.deepEqual(report, {
        epochs: 2,
        steps: 12,
        mistakes: 3,
        converged: true,
        stopped: false,
        history: [
          { epoch: 1, steps: 6, mistakes: 3 },
          { epoch: 2, steps: 6, mistakes: 0 },
        ],
      });
      assert.deepEqual(p.weights, [3, 1]);
      assert.equal(p.bias, 0);
    });
  }

  it("gives strict's own trace: the first score of 0 is right, the second is a mistake", () => {
    const p = new pw.Perceptron({ mistakeRule: 'strict', fitIntercept: false });
    const trace = [];
    const report = p.fit(CMU_X, CMU_Y, { onStep: (s) => trace.push(s) });
    assert.deepEqual(
      trace.slice(0, 2).map((s) => [s.score, s.prediction, s.mistake]),
      [
        [0, -1, false],
        [0, -1, true],
      ],
    );
    assert.deepEqual(p.weights, [1, 0]);
    assert.equal(report.mistakes, 1);
  });

  it('learnOne follows the online protocol with the same numbers', () => {
    const p = new pw.Perceptron({ mistakeRule: 'sign', fitIntercept: false });
    const steps = CMU_X.map((x, i) => p.learnOne(x, CMU_Y[i]));
    assert.deepEqual(
      steps.map((s) => s.weights),
      CMU_WEIGHTS,
    );
    assert.deepEqual(
      steps.map((s) => s.t),
      [1, 2, 3, 4, 5, 6],
    );
    assert.ok(steps.every((s) => s.epoch === 0));
    assert.deepEqual(p.classes, [-1, 1]);
    assert.equal(p.steps, 6);
  });
});

describe('fit', () => {
  it('learns AND to the hand-computed weights with a bias (margin rule)', () => {
    const p = new pw.Perceptron();
    const report = p.fit(AND_X, AND_Y);
    assert.equal(report.converged, true);
    assert.equal(report.epochs, 9);
    assert.equal(report.mistakes, 18);
    assert.deepEqual(
      report.history.map((e) => e.mistakes),
      [2, 3, 3, 2, 2, 3, 2, 1, 0],
    );
    assert.deepEqual(p.weights, [3, 2]);
    assert.equal(p.bias, -4);
    assert.deepEqual(p.predict(AND_X), AND_Y);
    assert.equal(p.score(AND_X, AND_Y), 1);
  });

  it('stops XOR at maxEpochs without converging', () => {
    const p = new pw.Perceptron({ maxEpochs: 25 });
    const report = p.fit(AND_X, XOR_Y);
    assert.equal(report.converged, false);
    assert.equal(report.epochs, 25);
    assert.equal(report.steps, 100);
    assert.ok(report.history.every((e) => e.mistakes > 0));
    assert.ok(p.score(AND_X, XOR_Y) < 1);
  });

  it('accepts {data, rows, cols} with Float64Array and Float32Array, same result as number[][]', () => {
    const flat = CMU_X.flat();
    const a = new pw.Perceptron({ fitIntercept: false });
    const b = new pw.Perceptron({ fitIntercept: false });
    const c = new pw.Perceptron({ fitIntercept: false });
    a.fit(CMU_X, CMU_Y);
    b.fit({ data: Float64Array.from(flat), rows: 6, cols: 2 }, Int8Array.from(CMU_Y));
    c.fit({ data: Float32Array.from(flat), rows: 6, cols: 2 }, CMU_Y);
    assert.deepEqual(b.weights, a.weights);
    assert.deepEqual(c.weights, a.weights);
    assert.deepEqual(
      a.decisionFunction({ data: Float64Array.of(1, 1, -1, 0), rows: 2, cols: 2 }),
      Float64Array.of(4, -3),
    );
  });

  it('maps any two labels: sorted, the first is the negative class', () => {
    const p = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign' });
    const y = CMU_Y.map((v) => (v > 0 ? 'spam' : 'ham'));
    p.fit(CMU_X, y);
    assert.deepEqual(p.classes, ['ham', 'spam']);
    assert.deepEqual(p.weights, [3, 1]);
    assert.deepEqual(
      p.predict([
        [1, 1],
        [-1, -1],
      ]),
      ['spam', 'ham'],
    );
    const q = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign' });
    q.fit(
      CMU_X,
      CMU_Y.map((v) => (v > 0 ? 7 : 3)),
    );
    assert.deepEqual(q.classes, [3, 7]);
    assert.deepEqual(q.predict([[1, 1]]), [7]);
    // 10 < 9 as strings but not as numbers: numbers sort numerically.
    const r = new pw.Perceptron();
    r.fit(AND_X, [10, 10, 10, 9]);
    assert.deepEqual(r.classes, [9, 10]);
    assert.deepEqual(r.predict(AND_X), [10, 10, 10, 9]);
  });

  it('learningRate scales the updates (w = eta * y * x summed)', () => {
    const p = new pw.Perceptron({ fitIntercept: false, learningRate: 0.5 });
    p.fit(CMU_X, CMU_Y);
    assert.deepEqual(p.weights, [1.5, 0.5]);
  });

  it('starts from initialWeights/initialBias when given', () => {
    const p = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign' });
    const report = p.fit(CMU_X, CMU_Y, { initialWeights: [3, 1], initialBias: 0 });
    assert.equal(report.mistakes, 0);
    assert.equal(report.epochs, 1);
  });

  it('warmStart continues from the current weights and step count', () => {
    const p = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign', maxEpochs: 1, warmStart: true });
    p.fit(CMU_X, CMU_Y);
    assert.deepEqual(p.weights, [3, 1]);
    const report = p.fit(CMU_X, CMU_Y);
    assert.equal(report.mistakes, 0);
    assert.equal(p.steps, 12);
  });

  it('onStep returning false stops; onEpoch sees each epoch with its weights', () => {
    const p = new pw.Perceptron({ maxEpochs: 50 });
    const epochs = [];
    const report = p.fit(AND_X, AND_Y, { onEpoch: (e) => epochs.push(e) });
    assert.equal(epochs.length, 9);
    assert.deepEqual(epochs[8], { epoch: 9, steps: 4, mistakes: 0, weights: [3, 2], bias: -4 });
    assert.equal(report.stopped, false);
    const q = new pw.Perceptron();
    const stopped = q.fit(AND_X, AND_Y, { onStep: (s) => s.t < 5 });
    assert.equal(stopped.stopped, true);
    assert.equal(stopped.steps, 5);
    assert.equal(q.steps, 5);
  });

  it('a callback that throws rethrows and leaves the model as it was', () => {
    const p = new pw.Perceptron({ fitIntercept: false });
    p.fit(CMU_X, CMU_Y);
    const before = JSON.stringify(p);
    const boom = new Error('boom');
    assert.throws(
      () =>
        p.fit(AND_X, AND_Y, {
          onStep: (s) => {
            if (s.t === 3) throw boom;
          },
        }),
      (e) => e === boom,
    );
    assert.equal(JSON.stringify(p), before);
    assert.throws(
      () =>
        p.fit(AND_X, AND_Y, {
          onEpoch: () => {
            throw boom;
          },
        }),
      (e) => e === boom,
    );
    assert.equal(JSON.stringify(p), before);
  });

  it('cannot be re-entered from a callback, but getters work there', () => {
    const p = new pw.Perceptron();
    let inner;
    let seen;
    p.fit(AND_X, AND_Y, {
      onStep: (s) => {
        seen = p.weights;
        try {
          p.fit(AND_X, AND_Y);
        } catch (e) {
          inner = e;
        }
        try {
          p.dispose();
        } catch (e) {
          inner ??= e;
        }
        return s.t < 1;
      },
    });
    assert.ok(inner instanceof TypeError);
    assert.match(inner.message, /inside an onStep\/onEpoch callback/);
    assert.deepEqual(seen, [0, 0]);
    assert.deepEqual(p.weights, [0, 0]);
  });

  it('shuffle and sample are reproducible from the seed and differ between seeds', () => {
    const { X, y } = separable(200, 5, 42, 0.1);
    for (const order of ['shuffle', 'sample']) {
      const run = (seed) => {
        const p = new pw.Perceptron({ order, seed, maxEpochs: 3 });
        const r = p.fit(X, y);
        return { w: p.weights, b: p.bias, mistakes: r.mistakes };
      };
      assert.deepEqual(run(7), run(7));
      assert.notDeepEqual(run(7).w, run(8).w);
    }
  });

  it('sample draws maxSteps examples with replacement and reports blocks of n as epochs', () => {
    const p = new pw.Perceptron({ order: 'sample', maxSteps: 10, seed: 3 });
    const indices = [];
    const report = p.fit(AND_X, XOR_Y, { onStep: (s) => indices.push(s.index) });
    assert.equal(report.steps, 10);
    assert.equal(report.epochs, 3);
    assert.deepEqual(
      report.history.map((e) => e.steps),
      [4, 4, 2],
    );
    assert.ok(indices.every((i) => i >= 0 && i < 4));
    assert.ok(new Set(indices).size < 10, 'with replacement');
  });

  it('separates a larger separable set under each rule and order', () => {
    const { X, y } = separable(300, 4, 9);
    for (const mistakeRule of ['margin', 'sign', 'strict']) {
      for (const order of ['cyclic', 'shuffle', 'sample']) {
        const p = new pw.Perceptron({ mistakeRule, order, seed: 1, maxEpochs: 1000 });
        const report = p.fit(X, y);
        assert.equal(report.converged, true, `${mistakeRule}/${order}`);
        assert.equal(p.score(X, y), 1);
      }
    }
  });
});

describe('visitOrder and isMistake', () => {
  it('visitOrder gives the rows fit visits, so learnOne in that order reproduces fit', () => {
    const { X, y } = separable(50, 3, 17, 0.1);
    for (const order of ['cyclic', 'shuffle', 'sample']) {
      const fitted = new pw.Perceptron({ order, seed: 11, maxEpochs: 4 });
      const trace = [];
      fitted.fit(X, y, { onStep: (s) => trace.push(s) });
      const visits = pw.visitOrder({ order, seed: 11, rows: 50, count: trace.length });
      assert.ok(visits instanceof Uint32Array);
      assert.deepEqual(
        Array.from(visits),
        trace.map((s) => s.index),
      );
      const online = new pw.Perceptron({ order, seed: 11 });
      for (const i of visits) online.learnOne(X[i], y[i]);
      assert.deepEqual(online.weights, fitted.weights);
      assert.equal(online.bias, fitted.bias);
    }
    assert.deepEqual(Array.from(pw.visitOrder({ rows: 3, count: 7 })), [0, 1, 2, 0, 1, 2, 0]);
    assert.throws(
      () => pw.visitOrder({ order: 'random', rows: 3, count: 1 }),
      /visitOrder: option order must be one of/,
    );
    assert.throws(
      () => pw.visitOrder({ rows: 0, count: 1 }),
      (e) => e instanceof RangeError && /rows must be an integer from 1/.test(e.message),
    );
    assert.throws(() => pw.visitOrder({ rows: 2, count: -1 }), RangeError);
    assert.throws(() => pw.visitOrder({ rows: 2, count: 1, seed: -1 }), RangeError);
    assert.throws(() => pw.visitOrder({ rows: 2, count: 1, speed: 1 }), /unknown option "speed"/);
  });

  it('isMistake says which examples would update the current weights, under the rule', () => {
    const p = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign', maxEpochs: 1 });
    p.fit(CMU_X, CMU_Y); // w = (3, 1)
    assert.deepEqual(p.isMistake(CMU_X, CMU_Y), [false, false, false, false, false, false]);
    // (-1, 3): score 0 -> sign predicts +1; a mistake for -1, right for +1.
    assert.deepEqual(
      p.isMistake(
        [
          [-1, 3],
          [-1, 3],
        ],
        [-1, 1],
      ),
      [true, false],
    );
    const strict = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'strict', maxEpochs: 1 });
    strict.fit(CMU_X, CMU_Y); // w = (1, 0)
    assert.deepEqual(
      strict.isMistake(
        [
          [0, 5],
          [0, 5],
        ],
        [-1, 1],
      ),
      [false, true],
    );
    const margin = new pw.Perceptron({ fitIntercept: false, margin: 5, maxEpochs: 1 });
    margin.fit(CMU_X, CMU_Y);
    assert.deepEqual(margin.isMistake([[1, 0]], [1]), [margin.weights[0] <= 5]);
    assert.throws(() => new pw.Perceptron().isMistake(CMU_X, CMU_Y), pw.NotFittedError);
  });
});

describe('learnOne', () => {
  it('takes the classes on the first call, then keeps them', () => {
    const p = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign' });
    const s = p.learnOne([-1, 2], 'no', { classes: ['yes', 'no'] });
    assert.equal(s.label, 'no');
    assert.equal(s.labelSign, -1);
    assert.equal(s.prediction, 'yes');
    assert.deepEqual(p.classes, ['no', 'yes']);
    assert.deepEqual(s.weights, [1, -2]);
    p.learnOne([1, 0], 'yes');
    assert.deepEqual(p.predict([[1, 0]]), ['yes']);
  });

  it('continues a fitted model', () => {
    const p = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign' });
    p.fit(CMU_X, CMU_Y);
    const s = p.learnOne([-3, 0], 1);
    assert.equal(s.t, 13);
    assert.equal(s.score, -9);
    assert.deepEqual(p.weights, [0, 1]);
  });
});

describe('getters and JSON', () => {
  it('getters return copies', () => {
    const p = new pw.Perceptron();
    p.fit(AND_X, AND_Y);
    const w = p.weights;
    w[0] = 100;
    assert.deepEqual(p.weights, [3, 2]);
    const classes = p.classes;
    classes.push(5);
    assert.deepEqual(p.classes, [-1, 1]);
    const options = p.options;
    options.learningRate = 9;
    assert.equal(p.options.learningRate, 1);
    assert.equal(p.nFeatures, 2);
    assert.equal(p.fitted, true);
  });

  it('an unfitted model has no weights yet', () => {
    const p = new pw.Perceptron();
    assert.deepEqual(p.weights, []);
    assert.deepEqual(p.classes, []);
    assert.equal(p.fitted, false);
  });

  it('round-trips through JSON text exactly, options and all', () => {
    const { X, y } = separable(100, 6, 5, 0.05);
    const p = new pw.Perceptron({ order: 'shuffle', seed: 77, learningRate: 0.1, maxEpochs: 7, mistakeRule: 'strict' });
    p.fit(
      X,
      y.map((v) => (v > 0 ? 'b' : 'a')),
    );
    const json = JSON.parse(JSON.stringify(p));
    assert.equal(json.format, 'perceptron-wasm/Perceptron');
    assert.equal(json.version, 1);
    const q = pw.Perceptron.fromJSON(json);
    assert.deepEqual(q.weights, p.weights);
    assert.ok(q.weights.every((v, j) => Object.is(v, p.weights[j])));
    assert.equal(q.bias, p.bias);
    assert.deepEqual(q.options, p.options);
    assert.deepEqual(q.classes, ['a', 'b']);
    assert.equal(q.steps, p.steps);
    assert.deepEqual(q.decisionFunction(X), p.decisionFunction(X));
    assert.deepEqual(q.predict(X), p.predict(X));
    assert.deepEqual(pw.Perceptron.fromJSON(JSON.stringify(p)).weights, p.weights);
    const fresh = pw.Perceptron.fromJSON(new pw.Perceptron({ seed: 5 }).toJSON());
    assert.equal(fresh.fitted, false);
    assert.equal(fresh.options.seed, 5);
  });

  it('dispose frees the model; later calls throw; Symbol.dispose works', () => {
    const p = new pw.Perceptron();
    p.fit(AND_X, AND_Y);
    p.dispose();
    p.dispose(); // idempotent
    for (const call of [
      () => p.predict(AND_X),
      () => p.fit(AND_X, AND_Y),
      () => p.weights,
      () => p.toJSON(),
      () => p.learnOne([1, 1], 1),
    ]) {
      assert.throws(call, (e) => e instanceof pw.DisposedError && e instanceof TypeError && /disposed/.test(e.message));
    }
    const q = new pw.Perceptron();
    const dispose = q[Symbol.dispose ?? Symbol.for('nodejs.dispose')];
    assert.equal(typeof dispose, 'function');
    dispose.call(q);
    assert.throws(() => q.weights, pw.DisposedError);
  });

  it('many short-lived models and datasets give all their memory back', () => {
    const { X, y } = separable(500, 20, 1);
    const cycle = () => {
      const p = new pw.Perceptron({ maxEpochs: 2, preprocess: 'standardize' });
      p.fit(X, y);
      const data = pw.Dataset.fromArray(X, undefined, y);
      p.score(data);
      data.dispose();
      p.dispose();
    };
    cycle(); // allocator warm-up
    const before = pw.memory().inUse;
    for (let k = 0; k < 300; k++) cycle();
    const after = pw.memory();
    assert.equal(after.inUse, before, `${after.inUse - before} bytes still held after 300 disposed models`);
    // Each cycle allocates about 80 KB (X, its scaled copy, the Dataset): without the frees the
    // heap would have grown by about 24 MB.
    assert.ok(after.heap < before + 4e6, `heap ${after.heap}`);
    assert.ok(after.total >= after.heap);
  });

  it('checkOptions answers with exactly the message the constructor throws, or null', () => {
    const cases = [
      ['Perceptron', { learningRate: 0.5, preprocess: 'minMax', classWeight: 'balanced' }],
      ['Perceptron', { learningRate: -1 }],
      ['Perceptron', { mistakeRule: 'hinge' }],
      ['Perceptron', { learnRate: 1 }],
      ['Perceptron', { preprocess: 'zscore' }],
      ['Perceptron', { classWeight: { a: -1 } }],
      ['MulticlassPerceptron', { strategy: 'ovo', variant: 'voted' }],
      ['KernelPerceptron', { kernel: 'rbf', gamma: 0 }],
      ['Winnow', { alpha: 1 }],
      ['PassiveAggressive', { mode: 'PA-III' }],
      ['Winnow', 'fast'],
    ];
    for (const [kind, options] of cases) {
      let thrown = null;
      try {
        new pw[kind](options).dispose();
      } catch (error) {
        thrown = error.message;
      }
      assert.equal(pw.checkOptions(kind, options), thrown, `${kind} ${JSON.stringify(options)}`);
      assert.equal(pw.checkOptions(pw[kind], options), thrown);
    }
    assert.equal(pw.checkOptions('Perceptron', {}), null);
    assert.throws(() => pw.checkOptions('SVM', {}), { name: 'TypeError', message: /kind must be one of "Perceptron"/ });
  });
});
