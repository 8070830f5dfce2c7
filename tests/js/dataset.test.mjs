// pw.Dataset: round trips, training on a Dataset equal to training on arrays (bit for bit, every
// model kind and the functions of pw.analysis, pw.preprocessing and pw.modelSelection), splits
// that share the matrix, disposal and bad input.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';

import { pw, CMU_WEIGHTS, CMU_X, CMU_Y, separable } from './helpers.mjs';
import { readDataset } from './real-data.mjs';

const flat = (X) => Float64Array.from(X.flat());
const iris = readDataset('iris');

describe('Dataset.fromArray', () => {
  test('number[][], typed arrays and {data, rows, cols} round-trip through toArray', () => {
    const a = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y);
    assert.equal(a.rows, 6);
    assert.equal(a.cols, 2);
    assert.equal(a.dtype, 'float64');
    assert.deepEqual(a.featureNames, ['x1', 'x2']);
    assert.deepEqual(a.labels, CMU_Y);
    assert.deepEqual(a.classes, [-1, 1]);
    const out = a.toArray();
    assert.deepEqual(out, { data: flat(CMU_X), rows: 6, cols: 2 });
    out.data[0] = 99; // a copy
    assert.equal(a.toArray().data[0], -1);
    const b = pw.Dataset.fromArray(flat(CMU_X), { rows: 6, cols: 2 });
    assert.deepEqual(b.toArray(), a.toArray());
    assert.equal(b.labels, null);
    assert.deepEqual(b.classes, []);
    const c = pw.Dataset.fromArray({ data: flat(CMU_X), rows: 3, cols: 4 }, undefined, ['a', 'b', 'a']);
    assert.equal(c.cols, 4);
    assert.deepEqual(c.labels, ['a', 'b', 'a']);
    assert.deepEqual(c.classes, ['a', 'b']);
    for (const d of [a, b, c]) d.dispose();
  });

  test('float32 stores values rounded to float32, and trains in float32 arithmetic', () => {
    const values = [
      [0.1, 1 / 3],
      [-0.7, 2.5],
      [1e-3, -4],
    ];
    const d = pw.Dataset.fromArray(values, undefined, [0, 1, 1], { dtype: 'float32' });
    assert.equal(d.dtype, 'float32');
    const { data } = d.toArray();
    assert.ok(data instanceof Float32Array);
    assert.deepEqual(data, Float32Array.from(values.flat()));
    const widened = Array.from({ length: 3 }, (_, i) => Array.from(data.subarray(i * 2, i * 2 + 2)));
    const onDataset = new pw.Perceptron({ variant: 'averaged', maxEpochs: 5, learningRate: 0.3 });
    const onArrays = new pw.Perceptron({ variant: 'averaged', maxEpochs: 5, learningRate: 0.3 });
    onDataset.fit(d);
    onArrays.fit(widened, [0, 1, 1]);
    // The same decisions, so the same (float64) weights; the scores are float32 sums.
    assert.deepEqual(onDataset.weights, onArrays.weights);
    const [w0, w1] = onDataset.weights;
    const b = onDataset.bias;
    const f = Math.fround;
    const float32Scores = widened.map(([x0, x1]) => f(f(f(w0) * x0) + f(f(w1) * x1)) + b);
    const float64Scores = widened.map(([x0, x1]) => w0 * x0 + w1 * x1 + b);
    assert.deepEqual(Array.from(onDataset.decisionFunction(d)), float32Scores);
    assert.deepEqual(Array.from(onDataset.decisionFunction(widened)), float64Scores);
    assert.notDeepEqual(float32Scores, float64Scores);
    d.dispose();
  });

  test('featureNames option, Symbol.dispose and dispose twice', () => {
    const d = pw.Dataset.fromArray(CMU_X, { rows: 6, cols: 2 }, CMU_Y, { featureNames: ['a', 'b'] });
    assert.deepEqual(d.featureNames, ['a', 'b']);
    assert.equal(Object.prototype.toString.call(d), '[object Dataset]');
    d[Symbol.dispose ?? Symbol.for('nodejs.dispose')]();
    d.dispose();
    assert.throws(() => d.rows, { name: 'DisposedError', message: /disposed Dataset/ });
  });

  test('bad input names the argument, the expected and the received value', () => {
    const cases = [
      [
        () => pw.Dataset.fromArray([[1, NaN]]),
        RangeError,
        /X must contain only finite numbers; received NaN at row 0, column 1/,
      ],
      [() => pw.Dataset.fromArray([[1, 2], [3]]), RangeError, /X\[1\] has 1/],
      [() => pw.Dataset.fromArray([[1, 'a']]), TypeError, /X\[0\]\[1\] must be a number; received the string "a"/],
      [() => pw.Dataset.fromArray(new Float64Array(4)), TypeError, /needs its shape/],
      [
        () => pw.Dataset.fromArray(new Float64Array(4), { rows: 3, cols: 2 }),
        RangeError,
        /rows \* cols = 3 \* 2 = 6 values; received 4/,
      ],
      [() => pw.Dataset.fromArray(CMU_X, { rows: 5, cols: 2 }), RangeError, /X has 6 rows and 2 columns/],
      [() => pw.Dataset.fromArray(CMU_X, CMU_Y), TypeError, /shape must be \{rows, cols\}.*labels come third/],
      [
        () => pw.Dataset.fromArray(CMU_X, undefined, [1, 2]),
        RangeError,
        /labels must have one label per row of X \(6\); received 2 labels/,
      ],
      [
        () => pw.Dataset.fromArray(CMU_X, undefined, undefined, { dtype: 'int8' }),
        RangeError,
        /dtype must be 'float64' or 'float32'; received the string "int8"/,
      ],
      [
        () => pw.Dataset.fromArray(CMU_X, undefined, undefined, { featureNames: ['a'] }),
        RangeError,
        /featureNames must hold one name per column \(2\); received 1/,
      ],
      [() => pw.Dataset.fromArray('X'), TypeError, /X must be an array of rows/],
      [() => new pw.Dataset(), TypeError, /Dataset.fromArray/],
    ];
    for (const [call, ErrorClass, message] of cases)
      assert.throws(call, (e) => e instanceof ErrorClass && message.test(e.message), String(message));
  });

  test('a request larger than wasm memory is a RangeError naming the bytes; nothing is lost', () => {
    const model = new pw.Perceptron();
    model.fit(CMU_X, CMU_Y);
    const row = new Float64Array(40000);
    const huge = Array.from({ length: 40000 }, () => row); // one shared row: no JS memory
    assert.throws(
      () => pw.Dataset.fromArray(huge),
      (e) =>
        e instanceof RangeError &&
        /cannot allocate X \(40000 x 40000 float64 values, 12800000000 bytes\)/.test(e.message),
    );
    assert.deepEqual(model.predict(CMU_X), CMU_Y);
    const d = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y);
    assert.equal(d.rows, 6);
    d.dispose();
    model.dispose();
  });
});

describe('training on a Dataset equals training on arrays', () => {
  const { X, y } = separable(120, 5, 3, 0.05);
  const kinds = [
    ['Perceptron classic', () => new pw.Perceptron({ maxEpochs: 20, order: 'shuffle', seed: 4 })],
    ['Perceptron averaged', () => new pw.Perceptron({ variant: 'averaged', maxEpochs: 20 })],
    ['Perceptron voted', () => new pw.Perceptron({ variant: 'voted', maxEpochs: 5 })],
    ['Perceptron pocket', () => new pw.Perceptron({ variant: 'pocket', maxEpochs: 20, preprocess: 'standardize' })],
    ['KernelPerceptron', () => new pw.KernelPerceptron({ kernel: 'rbf', maxEpochs: 5 })],
    ['PassiveAggressive', () => new pw.PassiveAggressive({ maxEpochs: 5, classWeight: 'balanced' })],
  ];
  for (const [name, make] of kinds) {
    test(name, () => {
      const data = pw.Dataset.fromArray(X, undefined, y);
      const a = make();
      const b = make();
      const reportA = a.fit(data);
      const reportB = b.fit(X, y);
      assert.deepEqual(reportA, reportB);
      assert.deepEqual(a.decisionFunction(data), b.decisionFunction(X));
      assert.deepEqual(a.predict(data), b.predict(X));
      assert.equal(a.score(data), b.score(X, y));
      assert.deepEqual(a.toJSON(), b.toJSON());
      for (const m of [a, b, data]) m.dispose();
    });
  }

  test('MulticlassPerceptron on iris, typed input, validation and partialFit', () => {
    const typed = pw.Dataset.fromArray(flat(iris.X), { rows: iris.X.length, cols: 4 }, iris.y);
    for (const strategy of ['joint', 'ovr', 'ovo']) {
      const a = new pw.MulticlassPerceptron({ strategy, maxEpochs: 10, order: 'shuffle', seed: 1 });
      const b = new pw.MulticlassPerceptron({ strategy, maxEpochs: 10, order: 'shuffle', seed: 1 });
      assert.deepEqual(
        a.fit(typed, undefined, { validation: { X: typed } }),
        b.fit(iris.X, iris.y, { validation: { X: iris.X, y: iris.y } }),
      );
      assert.deepEqual(a.decisionFunction(typed), b.decisionFunction(iris.X));
      assert.deepEqual(a.partialFit(typed), b.partialFit(iris.X, iris.y));
      assert.deepEqual(a.toJSON(), b.toJSON());
      a.dispose();
      b.dispose();
    }
    typed.dispose();
  });

  test("fit(dataset, y) uses y with the dataset's values; unlabelled datasets need y", () => {
    const data = pw.Dataset.fromArray(CMU_X);
    const model = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign', maxEpochs: 1 });
    assert.throws(() => model.fit(data), { name: 'TypeError', message: /X is a Dataset without labels; give y/ });
    const steps = [];
    model.fit(data, CMU_Y, { onStep: (s) => steps.push(s.weights) });
    assert.deepEqual(steps, CMU_WEIGHTS); // the lecture's trace, on a Dataset
    assert.deepEqual(model.isMistake(data, CMU_Y), [false, false, false, false, false, false]);
    model.dispose();
    data.dispose();
  });

  test('a disposed Dataset gives a clear error wherever it is passed', () => {
    const data = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y);
    const model = new pw.Perceptron();
    model.fit(data);
    data.dispose();
    const calls = [
      ['Perceptron.fit', () => model.fit(data)],
      ['Perceptron.predict', () => model.predict(data)],
      ['Perceptron.score', () => model.score(data)],
      ['analysis.radius', () => pw.analysis.radius(data)],
      ['analysis.separability', () => pw.analysis.separability(data)],
      ['preprocessing.fitScaler', () => pw.preprocessing.fitScaler(data)],
      ['modelSelection.split', () => pw.modelSelection.split(data, { test: 0.5 })],
      [
        'modelSelection.gridSearch',
        () => pw.modelSelection.gridSearch(pw.Perceptron, { maxEpochs: [1] }, data, undefined, { validation: 0.5 }),
      ],
    ];
    for (const [where, call] of calls) {
      const name = where === 'modelSelection.split' ? 'data' : 'X'; // split(data, options)
      assert.throws(
        call,
        (e) => e.name === 'DisposedError' && e.message.startsWith(`${where}: ${name} is a disposed Dataset`),
        where,
      );
    }
    assert.deepEqual(model.predict(CMU_X), CMU_Y); // the model is intact
    model.dispose();
  });
});

describe('analysis, preprocessing and model selection take Datasets', () => {
  const { X, y } = separable(60, 3, 8);

  test("analysis results equal the arrays'", () => {
    const data = pw.Dataset.fromArray(X, undefined, y);
    assert.equal(pw.analysis.radius(data), pw.analysis.radius(X));
    assert.deepEqual(pw.analysis.separability(data), pw.analysis.separability(X, y));
    assert.deepEqual(pw.analysis.novikoffBound(data), pw.analysis.novikoffBound(X, y));
    assert.deepEqual(pw.analysis.margin(data, undefined, [1, 0, 0], 0.5), pw.analysis.margin(X, y, [1, 0, 0], 0.5));
    assert.deepEqual(pw.analysis.pca2d(data), pw.analysis.pca2d(X));
    const fisher = new pw.FisherDiscriminant().fit(data);
    assert.deepEqual(fisher.weights, new pw.FisherDiscriminant().fit(X, y).weights);
    assert.equal(fisher.score(data), new pw.FisherDiscriminant().fit(X, y).score(X, y));
    data.dispose();
  });

  test('preprocessing.transform of a Dataset is a Dataset with the same labels', () => {
    const data = pw.Dataset.fromArray(X, undefined, y);
    const scaler = pw.preprocessing.fitScaler(data, { kind: 'minMax' });
    assert.deepEqual(scaler, pw.preprocessing.fitScaler(X, { kind: 'minMax' }));
    const scaled = pw.preprocessing.transform(scaler, data);
    assert.deepEqual(scaled.toArray().data, flat(pw.preprocessing.transform(scaler, X)));
    assert.deepEqual(scaled.labels, y);
    scaled.dispose();
    data.dispose();
  });

  test('split and kFold of a Dataset return Datasets of the same rows as the indices', () => {
    const data = pw.Dataset.fromArray(X, undefined, y);
    const rows = pw.modelSelection.split(y, { validation: 0.2, test: 0.2, seed: 3 });
    const parts = pw.modelSelection.split(data, { validation: 0.2, test: 0.2, seed: 3 });
    for (const name of ['train', 'validation', 'test']) {
      assert.deepEqual(parts[name].toArray().data, flat(rows[name].map((i) => X[i])));
      assert.deepEqual(
        parts[name].labels,
        rows[name].map((i) => y[i]),
      );
      parts[name].dispose();
    }
    const folds = pw.modelSelection.kFold(data, { k: 3, seed: 1 });
    const foldRows = pw.modelSelection.kFold(y, { k: 3, seed: 1 });
    folds.forEach((fold, f) => {
      assert.deepEqual(
        fold.test.labels,
        foldRows[f].test.map((i) => y[i]),
      );
      fold.train.dispose();
      fold.test.dispose();
    });
    data.dispose();
  });

  test('gridSearch gives the same answer for arrays, {data, rows, cols} and a Dataset', () => {
    const grid = { variant: ['classic', 'averaged'], maxEpochs: [1, 5] };
    const options = { cv: 3, test: 0.2, seed: 5 };
    const fromArrays = pw.modelSelection.gridSearch(pw.Perceptron, grid, X, y, options);
    const typed = { data: flat(X), rows: X.length, cols: 3 };
    const fromTyped = pw.modelSelection.gridSearch(pw.Perceptron, grid, typed, y, options);
    const data = pw.Dataset.fromArray(X, undefined, y);
    const fromDataset = pw.modelSelection.gridSearch(pw.Perceptron, grid, data, undefined, options);
    for (const result of [fromTyped, fromDataset]) {
      assert.deepEqual(result.candidates, fromArrays.candidates);
      assert.deepEqual(result.best, fromArrays.best);
      assert.equal(result.testScore, fromArrays.testScore);
      assert.deepEqual(result.model.weights, fromArrays.model.weights);
      result.model.dispose();
    }
    fromArrays.model.dispose();
    data.dispose();
  });
});

// A float32 Dataset built from doubles: the core narrows them as they arrive, in chunks, so the
// wasm heap grows by the float32 matrix (4 bytes a value), not by a float64 copy of it (8). In a
// child process, a fresh module whose heap grows only for this Dataset.
test('a float32 Dataset from doubles takes 4 bytes a value of wasm memory while it is built', async () => {
  const { execFileSync } = await import('node:child_process');
  const entry = new URL('../../dist/index.js', import.meta.url).href;
  const script = `
    import load from ${JSON.stringify(entry)};
    const pw = await load();
    const [rows, cols] = [1 << 19, 8]; // 4,194,304 values: 16 MB as float32, 32 MB as float64
    const data = Float64Array.from({ length: rows * cols }, (_, k) => k / 7 - 1e5);
    const rowsOf = Array.from({ length: 3 }, (_, i) => Array.from(data.subarray(i * cols, (i + 1) * cols)));
    const before = pw.memory().heap;
    const d = pw.Dataset.fromArray({ data, rows, cols }, undefined, undefined, { dtype: 'float32' });
    const grew = pw.memory().heap - before;
    const values = d.toArray().data;
    const same = values.every((v, k) => v === Math.fround(data[k]));
    const small = pw.Dataset.fromArray(rowsOf, undefined, undefined, { dtype: 'float32' }).toArray().data;
    console.log(JSON.stringify({ grew, same, dtype: d.dtype, small: Array.from(small.subarray(0, 9)) }));`;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  const values = 1 << 22;
  assert.equal(out.dtype, 'float32');
  assert.equal(out.same, true, 'every value as Math.fround rounds it');
  assert.deepEqual(
    out.small,
    [...Array(9).keys()].map((k) => Math.fround(k / 7 - 1e5)),
    'number[][] rows too',
  );
  assert.ok(out.grew >= 4 * values, `${out.grew} bytes`);
  assert.ok(out.grew < 5 * values, `${out.grew} bytes: the heap grew by more than the float32 matrix`);
});

test('a float32 Dataset from doubles names a value beyond its range by row and column, in any chunk', () => {
  const [rows, cols] = [7_000, 10]; // 70,000 values: two of the core's chunks of 65,536
  const data = new Float64Array(rows * cols).fill(0.5);
  data[66_003] = -3e38 * 2;
  const before = pw.memory().inUse;
  assert.throws(
    () => pw.Dataset.fromArray({ data, rows, cols }, undefined, undefined, { dtype: 'float32' }),
    (error) =>
      error instanceof RangeError &&
      error.message ===
        "Dataset.fromArray: X must contain only numbers within float32's range (dtype: 'float32'); " +
          'received -6e+38 at row 6600, column 3',
  );
  assert.equal(pw.memory().inUse, before, 'the failed call holds nothing');
  // Infinity is kept for the finite check, which names it as for float64.
  data[66_003] = Infinity;
  assert.throws(
    () => pw.Dataset.fromArray({ data, rows, cols }, undefined, undefined, { dtype: 'float32' }),
    /row 6600, column 3/,
  );
});
