// Sparse rows (issue 11): CSR {indptr, indices, values, cols} as X anywhere and as
// pw.Dataset.fromSparse. Every linear model ends with the very JSON (weights to the bit) it
// ends with on the same values dense, float64 and float32; the structure is checked naming the
// position; a failed call keeps no memory.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw, rng, throwsWith } from './helpers.mjs';

// rows x cols values, about `density` of them not 0 (0/1 with `binary`), and CSR of the same.
function problem(rows, cols, density, seed, { binary = false, classes = 2 } = {}) {
  const random = rng(seed);
  const dense = Array.from({ length: rows }, () =>
    Array.from({ length: cols }, () =>
      random() < density ? (binary ? 1 : Math.round((random() * 4 - 2) * 64) / 64) : 0,
    ),
  );
  const y = dense.map((row) => {
    const s = row.reduce((acc, v, j) => acc + v * ((j % 5) - 2), 0.1);
    return classes === 2 ? (s > 0 ? 'pos' : 'neg') : ['a', 'b', 'c'][Math.abs(Math.floor(s * 3)) % 3];
  });
  return { dense, y, csr: toCsr(dense, cols) };
}

function toCsr(dense, cols) {
  const indptr = [0];
  const indices = [];
  const values = [];
  for (const row of dense) {
    row.forEach((v, j) => {
      if (v !== 0) {
        indices.push(j);
        values.push(v);
      }
    });
    indptr.push(indices.length);
  }
  return {
    indptr: Uint32Array.from(indptr),
    indices: Uint32Array.from(indices),
    values: Float64Array.from(values),
    cols,
  };
}

const KINDS = [
  ['Perceptron classic', () => new pw.Perceptron({ maxEpochs: 6, order: 'shuffle', seed: 2 })],
  ['Perceptron averaged', () => new pw.Perceptron({ variant: 'averaged', maxEpochs: 6 })],
  ['Perceptron voted', () => new pw.Perceptron({ variant: 'voted', maxEpochs: 4 })],
  ['Perceptron pocket', () => new pw.Perceptron({ variant: 'pocket', maxEpochs: 4 })],
  ['Perceptron margin', () => new pw.Perceptron({ margin: 0.5, learningRate: 0.3, maxEpochs: 5 })],
  ['MulticlassPerceptron joint averaged', () => new pw.MulticlassPerceptron({ variant: 'averaged', maxEpochs: 5 }), 3],
  ['MulticlassPerceptron ovr', () => new pw.MulticlassPerceptron({ strategy: 'ovr', maxEpochs: 5 }), 3],
  ['Winnow balanced', () => new pw.Winnow({ balanced: true, maxEpochs: 5 })],
  ['PassiveAggressive', () => new pw.PassiveAggressive({ maxEpochs: 4 }), 3],
];

describe('sparse rows train to the dense bits', () => {
  for (const dtype of ['float64', 'float32']) {
    for (const [name, make, classes = 2] of KINDS) {
      it(`${name}, ${dtype}: the same JSON and scores as on the dense rows`, () => {
        const { dense, y, csr } = problem(160, 43, 0.12, name.length * 7 + dtype.length, { classes });
        const denseData = pw.Dataset.fromArray(dense, undefined, y, { dtype });
        const sparseData = pw.Dataset.fromSparse(csr, y, { dtype });
        assert.equal(sparseData.sparse, true);
        assert.equal(denseData.sparse, false);
        assert.equal(sparseData.stored, csr.values.length);
        const a = make();
        const b = make();
        const ra = a.fit(denseData);
        const rb = b.fit(sparseData);
        assert.ok(ra.mistakes > 0);
        assert.deepEqual(rb, ra);
        assert.equal(JSON.stringify(b), JSON.stringify(a));
        assert.deepEqual(b.decisionFunction(sparseData), a.decisionFunction(denseData));
        assert.deepEqual(a.predict(sparseData), a.predict(denseData));
        for (const d of [denseData, sparseData, a, b]) d.dispose();
      });
    }
  }

  it('basic Winnow on 0/1 CSR rows, and CSR given straight to fit, predict and score', () => {
    const { dense, y, csr } = problem(120, 30, 0.1, 5, { binary: true });
    const a = new pw.Winnow({ maxEpochs: 5 });
    const b = new pw.Winnow({ maxEpochs: 5 });
    assert.deepEqual(b.fit(csr, y), a.fit(dense, y));
    assert.equal(JSON.stringify(b), JSON.stringify(a));
    assert.deepEqual(b.predict(csr), a.predict(dense));
    assert.equal(b.score(csr, y), a.score(dense, y));
  });

  it('partialFit, the trainer, a float32 Dataset, preprocess and the analysis read sparse rows as dense', () => {
    const { dense, y, csr } = problem(90, 17, 0.2, 8);
    const pair = (options) => [new pw.Perceptron(options), new pw.Perceptron(options)];
    let [a, b] = pair({ preprocess: 'standardize', maxEpochs: 3 });
    a.fit(dense, y);
    b.fit(csr, y);
    assert.equal(JSON.stringify(b), JSON.stringify(a));
    [a, b] = pair({ variant: 'averaged' });
    a.partialFit(dense, y, { classes: ['neg', 'pos'] });
    b.partialFit(csr, y, { classes: ['neg', 'pos'] });
    const ta = a.trainer(dense, y);
    const tb = b.trainer(csr, y);
    for (let k = 0; k < 50; k++) assert.deepEqual(tb.step(), ta.step());
    assert.equal(JSON.stringify(b), JSON.stringify(a));
    const data = pw.Dataset.fromSparse(csr, y);
    assert.equal(pw.analysis.radius(data), pw.analysis.radius(dense));
    assert.deepEqual(pw.analysis.separability(data, undefined), pw.analysis.separability(dense, y));
    data.dispose();
  });

  it('toArray spreads a sparse Dataset out, toSparse gives its CSR back; selections share it', () => {
    const { dense, y, csr } = problem(40, 9, 0.3, 3);
    const data = pw.Dataset.fromSparse(csr, y, { featureNames: Array.from({ length: 9 }, (_, j) => `w${j}`) });
    assert.deepEqual(Array.from(data.toArray().data), dense.flat());
    const back = data.toSparse();
    assert.deepEqual([...back.indptr], [...csr.indptr]);
    assert.deepEqual([...back.indices], [...csr.indices]);
    assert.deepEqual([...back.values], [...csr.values]);
    assert.equal(data.featureNames[8], 'w8');
    const { train, test } = pw.modelSelection.split(data, { test: 0.25, seed: 1 });
    assert.equal(train.sparse, true);
    assert.equal(train.rows + test.rows, 40);
    const dense2 = pw.Dataset.fromArray(dense, undefined, y);
    assert.deepEqual(dense2.toSparse().values, Float64Array.from(csr.values));
    for (const d of [data, train, test, dense2]) d.dispose();
  });
});

describe('CSR rows in any order', () => {
  it("columns out of order are sorted, a repeated column's values added up: the dense sum's model", () => {
    // Row 0: columns 2, 0, 2 (2 twice: 1 + 4); row 1: 1, 0; row 2: 3 alone.
    const X = { indptr: [0, 3, 5, 6], indices: [2, 0, 2, 1, 0], values: [1, 2, 4, -1, 3], cols: 4 };
    X.indices.push(3);
    X.values.push(0.5);
    const dense = [
      [2, 0, 5, 0],
      [3, -1, 0, 0],
      [0, 0, 0, 0.5],
    ];
    const y = [1, -1, 1];
    for (const dtype of ['float64', 'float32']) {
      const data = pw.Dataset.fromSparse(X, y, { dtype });
      assert.equal(data.stored, 5);
      assert.deepEqual(Array.from(data.toArray().data), dense.flat());
      assert.deepEqual([...data.toSparse().indices], [0, 2, 0, 1, 3]);
      const a = new pw.Perceptron({ variant: 'averaged' });
      const b = new pw.Perceptron({ variant: 'averaged' });
      a.fit(pw.Dataset.fromArray(dense, undefined, y, { dtype }));
      b.fit(data);
      assert.equal(JSON.stringify(b), JSON.stringify(a));
      data.dispose();
    }
    // The caller's arrays are not touched.
    assert.deepEqual(X.indices, [2, 0, 2, 1, 0, 3]);
  });
});

describe('bad CSR input', () => {
  const good = () => ({ indptr: [0, 2, 3], indices: [0, 2, 1], values: [1, 2, 3], cols: 3 });
  const cases = [
    [
      'a column beyond cols',
      { indices: [0, 3, 1] },
      RangeError,
      /X\.indices\[1\] = 3 must be below cols = 3 \(row 0\)/,
    ],
    [
      'decreasing offsets',
      { indptr: [0, 3, 2] },
      RangeError,
      /X\.indptr\[2\] = 2 must not be below X\.indptr\[1\] = 3/,
    ],
    ['offsets not from 0', { indptr: [1, 2, 3] }, RangeError, /X\.indptr\[0\] = 1 must be 0/],
    [
      'offsets not to the values stored',
      { indptr: [0, 1, 2] },
      RangeError,
      /X\.indptr\[2\] = 2 must be the 3 values stored/,
    ],
    ['more values than indices', { values: [1, 2, 3, 4] }, RangeError, /received 3 indices and 4 values/],
    ['NaN', { values: [1, NaN, 3] }, RangeError, /X must contain only finite numbers; received NaN at row 0, column 2/],
    [
      'a negative index',
      { indices: [0, -2, 1] },
      RangeError,
      /X\.indices\[1\] must be an integer from 0 to 2\^32 - 1; received -2/,
    ],
    ['a string value', { values: [1, '2', 3] }, TypeError, /X\.values\[1\] must be a number; received the string "2"/],
    [
      'indices not an array',
      { indices: 'abc' },
      TypeError,
      /X\.indices must be a Uint32Array, an Int32Array or an array of integers/,
    ],
    ['cols missing', { cols: undefined }, TypeError, /X\.cols must be a non-negative integer; received undefined/],
    ['rows that disagree', { rows: 5 }, RangeError, /X\.indptr must hold rows \+ 1 = 6 offsets; received 3/],
    ['an unknown field', { data: [] }, TypeError, /unknown field "data"/],
    ['empty indptr', { indptr: [], indices: [], values: [] }, RangeError, /X\.indptr must hold rows \+ 1 offsets/],
  ];
  for (const [name, change, ErrorClass, pattern] of cases) {
    it(`${name}: ${ErrorClass.name} naming the position, nothing kept`, () => {
      const X = { ...good(), ...change };
      const p = new pw.Perceptron();
      p.fit(
        [
          [1, 0, 0],
          [0, 0, 1],
        ],
        [1, -1],
      );
      const before = JSON.stringify(p);
      const start = pw.memory().inUse;
      throwsWith(assert, () => pw.Dataset.fromSparse(X, [1, -1]), ErrorClass, /^Dataset\.fromSparse: /, pattern);
      throwsWith(assert, () => p.fit(X, [1, -1]), ErrorClass, /^Perceptron\.fit: /, pattern);
      assert.equal(pw.memory().inUse, start);
      assert.equal(JSON.stringify(p), before);
      p.dispose();
    });
  }

  it('float32 values beyond its range are named with their position', () => {
    throwsWith(
      assert,
      () => pw.Dataset.fromSparse({ ...good(), values: [1, 1e39, 3] }, undefined, { dtype: 'float32' }),
      RangeError,
      /within float32's range .*received 1e\+39 at row 0, column 2/,
    );
    // Columns given out of order: the value and the position are the entry's as given (the
    // check once took the index of the sorted values into the given arrays: "received 5 at
    // row 0, column 0").
    const unsorted = { indptr: [0, 2, 3], indices: [1, 0, 1], values: new Float64Array([1e39, 5, 7]), cols: 2 };
    throwsWith(
      assert,
      () => pw.Dataset.fromSparse(unsorted, undefined, { dtype: 'float32' }),
      RangeError,
      /within float32's range .*received 1e\+39 at row 0, column 1$/,
    );
  });

  it('fromSparse takes CSR only', () => {
    throwsWith(assert, () => pw.Dataset.fromSparse([[1, 0]]), TypeError, /X must be \{indptr, indices, values, cols\}/);
  });
});
