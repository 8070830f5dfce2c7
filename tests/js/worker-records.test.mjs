// The Worker's 'records' datasets: loadArrays(records, y) trained, scored and split as the
// library does on the same records (a vocabulary learned at fit, or hashing {bits}).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createWorker } from '../../dist/worker-client.js';
import { pw } from './helpers.mjs';

const w = createWorker({ thread: 'page' });
after(() => w.terminate());

// Records with a few overlapping names, two classes (some rows not separable).
const records = Array.from({ length: 40 }, (_, i) => {
  const row = { [`w${i % 7}`]: 1 + (i % 3), bias: 0.5 };
  if (i % 4 === 0) row[`x${i % 5}`] = -(i % 6) / 2;
  return row;
});
const y = records.map((_, i) => (i % 7 < 3 ? 'yes' : 'no'));

describe('Worker records', () => {
  it('loadArrays(records, y) gives a records dataset: rows, distinct names, classes', async () => {
    const data = await w.loadArrays(records, y);
    assert.equal(data.kind, 'records');
    assert.equal(data.rows, 40);
    assert.equal(data.cols, new Set(records.flatMap((r) => Object.keys(r))).size);
    assert.deepEqual(data.classes, ['no', 'yes']);
    await w.dispose(data);
  });

  for (const options of [{ maxEpochs: 5 }, { maxEpochs: 5, hashing: { bits: 4 } }]) {
    it(`fit and evaluate equal the library's on the same records (${JSON.stringify(options)})`, async () => {
      const data = await w.loadArrays(records, y);
      for (const kind of ['Perceptron', 'MulticlassPerceptron', 'PassiveAggressive']) {
        const result = await w.fit(kind, options, data);
        const local = new pw[kind](options);
        const report = local.fit(records, y);
        assert.deepEqual(result.model, local.toJSON(), kind);
        assert.deepEqual(data.classes, local.classes, kind);
        assert.deepEqual(result.report, JSON.parse(JSON.stringify(report)), kind);
        if (!options.hashing)
          assert.ok(Array.isArray(result.model.vocabulary ?? result.model.featureMap?.vocabulary ?? []));
        const scored = await w.evaluate({ model: result.model }, data);
        assert.equal(scored.accuracy, local.score(records, y), kind);
        local.dispose();
      }
      await w.dispose(data);
    });
  }

  it("split's rows equal pw.modelSelection.split's on the labels", async () => {
    const data = await w.loadArrays(records, y);
    const parts = await w.split(data, { test: 0.25, seed: 3, indices: true });
    const expected = pw.modelSelection.split(y, { test: 0.25, seed: 3 });
    assert.deepEqual(
      parts.train.indices,
      [...expected.train].sort((a, b) => a - b),
    );
    assert.deepEqual(
      parts.test.indices,
      [...expected.test].sort((a, b) => a - b),
    );
    assert.equal(parts.train.kind, 'records');
    assert.equal(parts.test.rows, expected.test.length);
    // A part trains as the library does on its rows.
    const result = await w.fit('Perceptron', { maxEpochs: 3 }, parts.train);
    const local = new pw.Perceptron({ maxEpochs: 3 });
    local.fit(
      parts.train.indices.map((r) => records[r]),
      parts.train.indices.map((r) => y[r]),
    );
    assert.deepEqual(result.model, local.toJSON());
    local.dispose();
    for (const part of [data, parts.train, parts.test]) await w.dispose(part);
  });

  it('refuses bad records with the library message naming the row, and keeps nothing', async () => {
    const before = (await w.memory()).datasets;
    const bad = [{ a: 1 }, { a: 'x' }];
    let libraryMessage;
    try {
      new pw.Perceptron().fit(bad, [1, 2]);
    } catch (error) {
      libraryMessage = error.message;
    }
    assert.match(libraryMessage, /X\[1\]\["a"\] must be a number/);
    await assert.rejects(w.loadArrays(bad, [1, 2]), {
      name: 'TypeError',
      message: /^loadArrays: X\[1\]\["a"\] must be a number/,
    });
    await assert.rejects(w.loadArrays([{ a: 1 }, [1]], [1, 2]), {
      name: 'TypeError',
      message: /X\[1\] must be a record/,
    });
    await assert.rejects(w.loadArrays([{ a: 1 }], [1, 2]), {
      name: 'RangeError',
      message: /y has 2 labels for 1 rows/,
    });
    await assert.rejects(w.loadArrays([{ a: 1 }], [1], { featureNames: ['a'] }), {
      name: 'TypeError',
      message: /option "featureNames" does not apply to records/,
    });
    assert.equal((await w.memory()).datasets, before);
  });

  it('sample and read refuse records naming the kind', async () => {
    const data = await w.loadArrays(records, y);
    await assert.rejects(w.sample(data), { name: 'TypeError', message: /'records' dataset/ });
    await assert.rejects(w.read(data), { name: 'TypeError', message: /'records' dataset/ });
    await w.dispose(data);
  });
});

describe('Worker records: sessions', () => {
  const withoutChanges = ({ changes, ...record }) => record;
  for (const options of [{ maxEpochs: 4 }, { maxEpochs: 4, hashing: { bits: 3 } }]) {
    it(`a session stepped an epoch at a time gives the library trainer's records (${JSON.stringify(options)})`, async () => {
      const data = await w.loadArrays(records, y);
      const session = await w.session('Perceptron', options, data);
      const local = new pw.Perceptron(options);
      const trainer = local.trainer(records, y);
      const expected = [];
      for (let step = trainer.step(); step !== null; step = trainer.step()) expected.push(step);
      const got = [];
      const ended = [];
      for (;;) {
        const out = await w.advance(session, { epoch: true, records: 100, weights: true });
        got.push(...out.records);
        ended.push(...out.epochs);
        if (out.state.done) break;
      }
      assert.deepEqual(got.map(withoutChanges), expected);
      if (!options.hashing) {
        // Changes are named by the vocabulary.
        const names = local.toJSON().vocabulary;
        const named = got.find((record) => record.changes?.columns.length > 0).changes;
        assert.deepEqual(
          named.names,
          named.columns.map((j) => names[j]),
        );
      }
      await w.closeSession(session);
      local.dispose();
      await w.dispose(data);
    });
  }
});

describe('Worker records: topFeatures and explain', () => {
  it("name the features by the model's vocabulary; explain sums with the bias to decisionFunction", async () => {
    const data = await w.loadArrays(records, y);
    const { model } = await w.fit('Perceptron', { maxEpochs: 5 }, data);
    const local = pw.Perceptron.fromJSON(model);
    const top = await w.topFeatures({ model }, { k: 3 });
    for (const { column, name, weight } of [...top.positive, ...top.negative]) {
      assert.equal(name, model.vocabulary[column]);
      assert.equal(weight, local.weights[column]);
    }
    for (const row of [0, 4, 13]) {
      const out = await w.explain({ model, datasetId: data.datasetId }, { datasetId: data.datasetId, row });
      const [score] = local.decisionFunction([records[row]]);
      const sum = out.contributions.reduce((s, c) => s + c.contribution, out.bias);
      assert.ok(Math.abs(sum - score) < 1e-12, `row ${row}: ${sum} vs ${score}`);
      assert.equal(out.score, score);
      assert.deepEqual(
        out.contributions.map((c) => c.name).sort(),
        Object.keys(records[row])
          .filter((name) => records[row][name] !== 0)
          .sort(),
      );
      const byX = await w.explain({ model }, { x: records[row] });
      assert.deepEqual(byX, out);
    }
    // A session on records names them too.
    const session = await w.session('Perceptron', { maxEpochs: 2 }, data);
    await w.advance(session, { epoch: true });
    const named = await w.topFeatures(session, { k: 2 });
    assert.ok([...named.positive, ...named.negative].every(({ name }) => !/^x\d+$/.test(name)));
    await w.closeSession(session);
    local.dispose();
    await w.dispose(data);
  });

  it('with hashing: a TypeError naming why', async () => {
    const data = await w.loadArrays(records, y);
    const { model } = await w.fit('Perceptron', { maxEpochs: 5, hashing: { bits: 4 } }, data);
    await assert.rejects(w.topFeatures({ model }), { name: 'TypeError', message: /hashing \{bits: 4\}/ });
    await assert.rejects(w.explain({ model }, { datasetId: data.datasetId, row: 0 }), {
      name: 'TypeError',
      message: /^explain: the model maps feature names by hashing/,
    });
    await w.dispose(data);
  });
});

describe('Worker records: validation, reset, adopt', () => {
  it("fit's validation set and a session's evaluate, reset and adopt work on records", async () => {
    const data = await w.loadArrays(records, y);
    const parts = await w.split(data, { validation: 0.25, indices: true });
    const options = { maxEpochs: 6, earlyStopping: false };
    const result = await w.fit('Perceptron', options, parts.train, { validation: parts.validation });
    const rowsOf = (part) => [part.indices.map((r) => records[r]), part.indices.map((r) => y[r])];
    const local = new pw.Perceptron(options);
    const [vX, vy] = rowsOf(parts.validation);
    const report = local.fit(...rowsOf(parts.train), { validation: { X: vX, y: vy } });
    assert.deepEqual(result.model, local.toJSON());
    assert.deepEqual(result.report, JSON.parse(JSON.stringify(report)));
    const session = await w.session('Perceptron', options, parts.train);
    await w.advance(session, { epoch: true });
    await w.adopt(session, result.model);
    const scored = await w.evaluate(session, parts.validation);
    assert.equal(scored.accuracy, local.score(vX, vy));
    await w.reset(session);
    const again = await w.advance(session, { epoch: true });
    assert.ok(again.records.length > 0);
    await w.closeSession(session);
    local.dispose();
    for (const part of [data, parts.train, parts.validation]) await w.dispose(part);
    assert.equal((await w.memory()).datasets, 0);
  });
});
