// pw.analysis and pw.metrics: hand-computed answers, certificates checked here independently,
// the max margin bracketed by its dual bound, and Novikoff's bound against real mistake counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { AND_X, CMU_X, CMU_Y, XOR_Y, pw, rng, throwsWith } from './helpers.mjs';
import { readDataset, standardize } from './real-data.mjs';

function checkCertificate(X, y, result) {
  assert.equal(result.separable, false);
  const [negative] = result.classes;
  const sums = [new Array(X[0].length).fill(0), new Array(X[0].length).fill(0)];
  const totals = [0, 0];
  result.certificate.forEach((weight, i) => {
    assert.ok(weight >= 0);
    const side = y[i] === negative ? 1 : 0;
    totals[side] += weight;
    X[i].forEach((v, j) => {
      sums[side][j] += weight * v;
    });
  });
  assert.ok(Math.abs(totals[0] - 1) < 1e-12 && Math.abs(totals[1] - 1) < 1e-12, String(totals));
  sums[0].forEach((v, j) => assert.ok(Math.abs(v - sums[1][j]) <= 1e-9, `coordinate ${j}: ${v} vs ${sums[1][j]}`));
}

describe('analysis', () => {
  it('radius, signed distances and the margin of a separator', () => {
    assert.equal(
      pw.analysis.radius([
        [3, 4],
        [0, 1],
      ]),
      5,
    );
    assert.equal(pw.analysis.radius([[3, 4]], { withBias: true }), Math.sqrt(26));
    assert.deepEqual(
      Array.from(
        pw.analysis.signedDistances(
          [
            [3, 4],
            [0, 1],
            [-1, 0],
          ],
          [0, 2],
          -1,
        ),
      ),
      [3.5, 0.5, -0.5],
    );
    assert.deepEqual(
      pw.analysis.margin(
        [
          [3, 4],
          [0, 1],
          [-1, 0],
        ],
        ['b', 'b', 'a'],
        [0, 2],
        -1,
      ),
      { margin: 0.5, row: 1 },
    );
    assert.deepEqual(
      pw.analysis.margin(
        [
          [3, 4],
          [0, 1],
          [-1, 0],
        ],
        ['b', 'b', 'a'],
        [0, -1],
        0,
      ),
      { margin: -4, row: 0 },
    );
  });

  it('the CMU example through the origin: gamma* = 1 (w = (1,0)); Novikoff 5 >= the 3 mistakes made', () => {
    const s = pw.analysis.separability(CMU_X, CMU_Y, { fitIntercept: false });
    assert.equal(s.separable, true);
    assert.ok(Math.abs(s.margin - 1) < 1e-12);
    assert.deepEqual(
      s.w.map((v) => Math.round(v * 1e12) / 1e12),
      [1, 0],
    );
    const bound = pw.analysis.novikoffBound(CMU_X, CMU_Y, { fitIntercept: false });
    assert.ok(Math.abs(bound.value - 5) < 1e-9);
    const p = new pw.Perceptron({ fitIntercept: false });
    assert.ok(p.fit(CMU_X, CMU_Y).mistakes <= bound.value);
  });

  it('XOR and a duplicate point with both labels: certificates, checked here', () => {
    const xor = pw.analysis.separability(AND_X, XOR_Y);
    checkCertificate(AND_X, XOR_Y, xor);
    const X = [
      [0, 0],
      [2, 2],
      [2, 2],
      [5, 1],
    ];
    const y = ['x', 'x', 'o', 'o'];
    checkCertificate(X, y, pw.analysis.separability(X, y));
    const same = [
      [1, 1],
      [1, 1],
    ];
    checkCertificate(same, [0, 1], pw.analysis.separability(same, [0, 1]));
  });

  it('real data: setosa vs the rest is separable, versicolor vs virginica is not', () => {
    const { X, y } = readDataset('iris');
    const setosa = pw.analysis.separability(
      X,
      y.map((s) => (s === 'setosa' ? 'setosa' : 'other')),
    );
    assert.equal(setosa.separable, true);
    assert.ok(Math.abs(setosa.margin - setosa.upperBound) <= 1e-9 * setosa.upperBound);
    assert.ok(setosa.support.length >= 2);
    const rows = y.map((s, i) => i).filter((i) => y[i] !== 'setosa');
    const pair = pw.analysis.separability(
      rows.map((i) => X[i]),
      rows.map((i) => y[i]),
    );
    checkCertificate(
      rows.map((i) => X[i]),
      rows.map((i) => y[i]),
      pair,
    );
  });

  it('breast cancer is separable: the separator is checked here, and standardized the bracket is tight', () => {
    const { X, y } = readDataset('breast_cancer');
    const raw = pw.analysis.separability(X, y);
    assert.equal(raw.separable, true);
    assert.ok(raw.margin > 0 && raw.margin <= raw.upperBound);
    assert.equal(pw.analysis.margin(X, y, raw.w, raw.b).margin, raw.margin);
    const [S] = standardize(X, X.slice(0, 1));
    const scaled = pw.analysis.separability(S, y);
    assert.ok(scaled.upperBound - scaled.margin <= 1e-6 * scaled.upperBound);
  });

  it('property: on separable data the cyclic perceptron never exceeds Novikoff (with and without a bias)', () => {
    const random = rng(31);
    for (let trial = 0; trial < 60; trial++) {
      const d = 2 + (trial % 4);
      const fitIntercept = trial % 2 === 0;
      const normal = Array.from({ length: d }, () => random() * 2 - 1);
      const offset = fitIntercept ? random() - 0.5 : 0;
      const gap = trial % 5 === 0 ? 1e-4 : 0.05;
      const X = [];
      const y = [];
      while (X.length < 25 + trial) {
        const x = Array.from({ length: d }, () => random() * 4 - 2);
        const s = x.reduce((a, v, j) => a + v * normal[j], offset);
        if (Math.abs(s) < gap) continue;
        X.push(x);
        y.push(s > 0 ? 1 : -1);
      }
      const bound = pw.analysis.novikoffBound(X, y, { fitIntercept });
      assert.equal(bound.separable, true);
      const p = new pw.Perceptron({ fitIntercept, maxEpochs: 1e6 });
      const report = p.fit(X, y);
      assert.equal(report.converged, true);
      assert.ok(report.mistakes <= bound.value, `trial ${trial}: ${report.mistakes} > ${bound.value}`);
      p.dispose();
    }
  });

  it('the other bounds, with their ingredients', () => {
    const bias = pw.analysis.biasBound(
      [
        [2, 0],
        [3, 1],
        [-2, 0],
        [-3, -1],
      ],
      [1, 1, -1, -1],
    );
    assert.ok(Math.abs(bias.value - 11 / 4) < 1e-9);
    assert.ok(Math.abs(bias.margin - 2) < 1e-12);
    const fs = pw.analysis.freundSchapireBound(CMU_X, CMU_Y, { u: [1, 0], gamma: 2 });
    assert.ok(Math.abs(fs.deviation - Math.sqrt(6)) < 1e-12);
    assert.ok(Math.abs(fs.value - ((Math.sqrt(5) + Math.sqrt(6)) / 2) ** 2) < 1e-12);
    const scaled = CMU_X.map((x) => x.map((v) => v / Math.sqrt(5)));
    const blum = pw.analysis.blumBound(scaled, CMU_Y, { w: [1, 0], gamma: 1 / Math.sqrt(5) });
    assert.ok(Math.abs(blum.value - 5) < 1e-9);
  });

  it('bad input', () => {
    throwsWith(assert, () => pw.analysis.margin(CMU_X, CMU_Y, [0, 0]), RangeError, /w must not be the zero vector/);
    throwsWith(assert, () => pw.analysis.margin(CMU_X, CMU_Y, [1, 0, 0]), RangeError, /w must have 2 values/);
    throwsWith(
      assert,
      () => pw.analysis.freundSchapireBound(CMU_X, CMU_Y, { u: [1, 1], gamma: 1 }),
      RangeError,
      /u must be a unit vector/,
    );
    throwsWith(
      assert,
      () => pw.analysis.freundSchapireBound(CMU_X, CMU_Y, { u: [1, 0], gamma: 0 }),
      RangeError,
      /gamma must be a finite number > 0; received 0/,
    );
    throwsWith(
      assert,
      () => pw.analysis.blumBound(CMU_X, CMU_Y, { w: [1, 0], gamma: -1 }),
      RangeError,
      /gamma must be a finite number > 0/,
    );
    throwsWith(assert, () => pw.analysis.blumBound(CMU_X, CMU_Y, { w: [1, 0], gamma: 1 }), RangeError, /unit ball/);
    throwsWith(
      assert,
      () =>
        pw.analysis.separability(
          CMU_X,
          CMU_Y.map(() => 1),
        ),
      RangeError,
      /exactly two distinct classes/,
    );
    throwsWith(assert, () => pw.analysis.separability([[1, NaN]], [1]), RangeError, /NaN/);
    throwsWith(
      assert,
      () => pw.analysis.separability(CMU_X, CMU_Y, { fitIntercept: 'no' }),
      TypeError,
      /fitIntercept must be true or false/,
    );
  });
});

describe('metrics', () => {
  it('losses and empirical risk by hand', () => {
    const y = [1, -1, 1, -1];
    const f = [2, 0.5, -1, 0];
    assert.deepEqual(pw.metrics.losses(y, f), [0, 1, 1, 1]);
    assert.deepEqual(pw.metrics.losses(y, f, { loss: 'perceptron' }), [0, 0.5, 1, 0]);
    assert.deepEqual(pw.metrics.losses(y, f, { loss: 'hinge' }), [0, 1.5, 2, 1]);
    assert.deepEqual(pw.metrics.losses(y, f, { loss: 'gammaHinge', gamma: 2 }), [0, 1.25, 1.5, 1]);
    assert.equal(
      pw.metrics.empiricalRisk(y, f, { loss: 'costWeighted', falsePositiveCost: 5, falseNegativeCost: 2 }),
      3,
    );
    assert.deepEqual(pw.metrics.losses(['spam', 'ham'], [1, 1], { classes: ['ham', 'spam'] }), [0, 1]);
    throwsWith(assert, () => pw.metrics.losses(y, f, { loss: 'log' }), RangeError, /option loss must be one of/);
    throwsWith(assert, () => pw.metrics.losses(y, [1]), RangeError, /one value per label/);
  });

  it('the classification report by hand', () => {
    const r = pw.metrics.classificationReport(['a', 'a', 'b', 'b', 'c', 'c'], ['a', 'b', 'b', 'b', 'c', 'a']);
    assert.deepEqual(r.confusionMatrix, [
      [1, 1, 0],
      [0, 2, 0],
      [1, 0, 1],
    ]);
    assert.deepEqual(r.precision, [0.5, 2 / 3, 1]);
    assert.deepEqual(r.recall, [0.5, 1, 0.5]);
    assert.ok(Math.abs(r.balancedAccuracy - 2 / 3) < 1e-15);
    assert.equal(pw.metrics.accuracy([1, 2, 2], [1, 2, 1]), 2 / 3);
    assert.deepEqual(pw.metrics.confusionMatrix([1, 2], [2, 2]), {
      labels: [1, 2],
      matrix: [
        [0, 1],
        [0, 1],
      ],
    });
    throwsWith(assert, () => pw.metrics.accuracy([1, 2], ['1', '2']), TypeError, /both hold numbers or both strings/);
  });

  it('labels outside the Basic Multilingual Plane sort by code point, as the models sort classes', () => {
    // U+FFFF is one UTF-16 unit, U+1F600 two (0xD83D 0xDE00): JS's < puts the emoji first,
    // code-point order puts it last.
    const bmp = '\uFFFF';
    const astral = '\u{1F600}';
    const y = [astral, bmp, astral, bmp];
    const report = pw.metrics.classificationReport(y, [astral, astral, astral, bmp]);
    assert.deepEqual(report.labels, [bmp, astral]);
    assert.deepEqual(report.confusionMatrix, [
      [1, 1],
      [0, 2],
    ]);
    const model = new pw.Perceptron();
    model.fit([[-1], [1], [-2], [2]], [bmp, astral, bmp, astral]);
    assert.deepEqual(model.classes, report.labels);
    // losses: the second class of that order is the positive one.
    assert.deepEqual(pw.metrics.losses(y, [1, 1, -1, -1]), [0, 1, 1, 0]);
    model.dispose();
  });
});
