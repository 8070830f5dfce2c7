// pw.Dataset.generate: seeded 2-D datasets, the same for a seed, each kind as promised, checked
// options. (The points' bits are pinned in tests/cpp/generate_test.cpp, natively and in WASM.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pw } from './helpers.mjs';

test('the same arguments give the same points; another seed others', () => {
  const a = pw.Dataset.generate('spiral', { rows: 200, seed: 5, noise: 0.3 });
  const b = pw.Dataset.generate('spiral', { rows: 200, seed: 5, noise: 0.3 });
  const c = pw.Dataset.generate('spiral', { rows: 200, seed: 6, noise: 0.3 });
  assert.deepEqual(a.toArray(), b.toArray());
  assert.deepEqual(a.labels, b.labels);
  assert.notDeepEqual(a.toArray().data, c.toArray().data);
  assert.deepEqual([a.rows, a.cols, a.dtype], [200, 2, 'float64']);
  assert.deepEqual(pw.Dataset.generate('blobs', { rows: 9 }).classes, [0, 1, 2]);
  assert.equal(pw.Dataset.generate('xor').rows, 100);
});

test("'separable' is separable with at least its margin, and the perceptron keeps Novikoff's bound", () => {
  const data = pw.Dataset.generate('separable', { rows: 400, seed: 2, margin: 0.15 });
  const answer = pw.analysis.separability(data);
  assert.equal(answer.separable, true);
  assert.ok(answer.margin >= 0.15 - 1e-9, `gamma* = ${answer.margin}`);
  const p = new pw.Perceptron({ maxEpochs: 1000 });
  const report = p.fit(data);
  assert.equal(report.converged, true);
  const bound = pw.analysis.novikoffBound(data);
  assert.ok(report.mistakes <= bound.value, `${report.mistakes} mistakes, bound ${bound.value}`);
  assert.equal(p.score(data), 1);
});

test("'xor' and 'circles' are not linearly separable; a kernel perceptron learns them", () => {
  for (const kind of ['xor', 'circles']) {
    const data = pw.Dataset.generate(kind, { rows: 200, seed: 1, noise: 0 });
    assert.equal(pw.analysis.separability(data).separable, false, kind);
    const k = new pw.KernelPerceptron({ kernel: 'rbf', gamma: 4, maxEpochs: 50 });
    k.fit(data);
    assert.ok(k.score(data) > 0.95, `${kind}: ${k.score(data)}`);
  }
});

test('bad arguments name the option', () => {
  assert.throws(() => pw.Dataset.generate('moons'), {
    name: 'RangeError',
    message:
      'Dataset.generate: option kind must be one of "separable", "gaussians", "xor", "circles", "spiral", "blobs"; received the string "moons"',
  });
  assert.throws(
    () => pw.Dataset.generate('xor', { rows: 0 }),
    /option rows must be an integer from 1 to 1000000; received 0/,
  );
  assert.throws(
    () => pw.Dataset.generate('xor', { noise: 1.5 }),
    /option noise must be a number from 0 to 1; received 1.5/,
  );
  assert.throws(() => pw.Dataset.generate('separable', { margin: '0.1' }), TypeError);
  assert.throws(() => pw.Dataset.generate('xor', { sed: 1 }), /unknown option "sed"/);
});
