// The grader's small reference loop (course/grade-loop.js, which the diagnosis runs for the
// conventions no Perceptron option expresses) against the package on the package's own
// conventions: the same trace to the bit, step for step, for every mistake rule, order, learning
// rate and bias setting, on data with ties (integers), without, and wider than the core's 8
// partial sums. The loop is not exported by perceptron-wasm/course: this imports its source.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { referenceLoop } from '../../course/grade-loop.js';
import { AND_X, AND_Y, CMU_X, CMU_Y, XOR_Y, pw, separable } from './helpers.mjs';

const DATASETS = [
  ['CMU', CMU_X, CMU_Y],
  ['AND', AND_X, AND_Y],
  ['XOR', AND_X, XOR_Y],
  ['separable 30 x 3', ...Object.values(separable(30, 3, 11))],
  ['noisy 40 x 5', ...Object.values(separable(40, 5, 12, 0.15))],
  ['separable 25 x 11', ...Object.values(separable(25, 11, 13))],
];

// The package's trace: the trainer's records.
function packageTrace(X, y, options) {
  const model = new pw.Perceptron(options);
  try {
    const trainer = model.trainer(X, y);
    const steps = [];
    for (let step = trainer.step(); step !== null; step = trainer.step()) steps.push(step);
    return steps;
  } finally {
    model.dispose();
  }
}

// The loop with the options' conventions.
function loopTrace(X, y, options) {
  const { mistakeRule, learningRate, order, seed, maxEpochs, maxSteps, fitIntercept } = options;
  const total = order === 'sample' && maxSteps !== undefined ? maxSteps : maxEpochs * X.length;
  const rows = Array.from(pw.visitOrder({ order, seed, rows: X.length, count: total }));
  const sampling = order === 'sample';
  const rates = { weightRate: learningRate, biasRate: learningRate };
  return referenceLoop(X, y, { rows, total, sampling, mistakeRule, fitIntercept, ...rates, stopWhenClean: true });
}

describe('grade-loop.js: the reference loop is the package on its own conventions', () => {
  for (const [name, X, y] of DATASETS) {
    it(`${name}: every mistake rule, order, learning rate and bias setting`, () => {
      let compared = 0;
      let mistakes = 0;
      for (const mistakeRule of ['margin', 'sign', 'strict']) {
        for (const [order, extra] of [
          ['cyclic', {}],
          ['shuffle', { seed: 2 }],
          ['sample', { seed: 4 }],
          ['sample', { seed: 5, maxSteps: 47 }],
        ]) {
          for (const learningRate of [1, 0.3]) {
            for (const fitIntercept of [true, false]) {
              const options = { mistakeRule, order, seed: 0, learningRate, fitIntercept, maxEpochs: 20, ...extra };
              const expected = packageTrace(X, y, options);
              const received = loopTrace(X, y, options);
              const where = `${name} ${JSON.stringify(options)}`;
              assert.equal(received.length, expected.length, where);
              expected.forEach((step, k) => {
                assert.deepEqual(received[k].weights, step.weights, `${where} step ${k + 1}`);
                assert.equal(received[k].bias, step.bias, `${where} step ${k + 1}`);
                assert.equal(received[k].epoch, step.epoch, `${where} step ${k + 1}`);
                assert.equal(received[k].index, step.index, `${where} step ${k + 1}`);
                if (step.mistake) mistakes++;
              });
              compared += expected.length;
            }
          }
        }
      }
      // Not vacuous: real training happened.
      assert.ok(compared > 200 && mistakes > 20, `${compared} steps, ${mistakes} mistakes`);
    });
  }

  it('not stopping after a clean epoch runs every visit; the default stops where the package does', () => {
    const options = {
      mistakeRule: 'margin',
      order: 'cyclic',
      seed: 0,
      learningRate: 1,
      fitIntercept: true,
      maxEpochs: 5,
    };
    const rows = Array.from({ length: 30 }, (_, t) => t % 6);
    const settings = {
      rows,
      total: 30,
      sampling: false,
      mistakeRule: 'margin',
      fitIntercept: true,
      weightRate: 1,
      biasRate: 1,
    };
    const stopped = referenceLoop(CMU_X, CMU_Y, { ...settings, stopWhenClean: true });
    const running = referenceLoop(CMU_X, CMU_Y, { ...settings, stopWhenClean: false });
    assert.equal(stopped.length, packageTrace(CMU_X, CMU_Y, options).length);
    assert.equal(stopped.length, 12);
    assert.equal(running.length, 30);
    // After the clean epoch 2 nothing changes: w = (4, 1), b = 0 (tests/js/course-grade.test.mjs).
    for (const step of running.slice(11)) assert.deepEqual([step.weights, step.bias], [[4, 1], 0]);
    // The bias step apart from w's: b += y with eta = 0.5 gives b = -1 at step 1, w = (0.5, -1).
    const unscaled = referenceLoop(CMU_X, CMU_Y, { ...settings, weightRate: 0.5, biasRate: 1, stopWhenClean: true });
    assert.deepEqual([unscaled[0].weights, unscaled[0].bias], [[0.5, -1], -1]);
  });
});
