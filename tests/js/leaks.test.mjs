// Leaks (issue 10): create/fit/use/dispose cycles of every model kind and of Datasets, and the
// same with calls that fail, leave pw.memory().inUse (the wasm heap's bytes allocated and not
// freed) exactly where it was; models dropped without dispose are freed by the
// FinalizationRegistry once collected (a child `node --expose-gc`, tests/js/fixtures/dropped.mjs).
//   LEAK_CYCLES=10000 node --test tests/js/leaks.test.mjs      (the suite runs 300 per case)
// bench/leaks.mjs explains what the process's RSS does meanwhile.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { EVERY_KIND, EVERY_KIND_DATA, pw } from './helpers.mjs';

const CYCLES = Number(process.env.LEAK_CYCLES ?? 300);
const { X } = EVERY_KIND_DATA;
const IRIS = readFileSync(new URL('../../data/iris.csv', import.meta.url), 'utf8');
const WARM_UP = 5;

// Runs cycle() WARM_UP times (caches, vector capacities reached), then CYCLES times, and asserts
// the bytes in use came back to where they were after the warm-up.
function assertNoGrowth(cycle) {
  for (let k = 0; k < WARM_UP; k++) cycle(k);
  const start = pw.memory().inUse;
  for (let k = 0; k < CYCLES; k++) cycle(k);
  const end = pw.memory().inUse;
  assert.equal(end - start, 0, `${CYCLES} cycles left ${end - start} more bytes in use (${start} -> ${end})`);
}

// Joint multi-class training and the binary kinds report epochs; one-vs-rest and one-vs-one
// take only a signal.
const followsEpochs = (model) => !['ovr', 'ovo'].includes(model.options.strategy);

const failing = (fn) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) return;
    throw error;
  }
  assert.fail('expected the call to fail');
};

describe(`${CYCLES} cycles leave the wasm heap's bytes in use where they started`, () => {
  it('the count is not vacuous: a model kept alive is counted, and its dispose gives it back', () => {
    const fitAll = () =>
      EVERY_KIND.map(([, make, y]) => {
        const model = make();
        model.fit(X, y);
        return model;
      });
    for (const model of fitAll()) model.dispose(); // the first calls' lasting allocations
    const start = pw.memory().inUse;
    const kept = fitAll();
    const held = pw.memory().inUse - start;
    assert.ok(held > 1000, `${held} bytes for ${kept.length} fitted models`);
    for (const model of kept) model.dispose();
    assert.equal(pw.memory().inUse, start);
  });

  for (const [name, make, y] of EVERY_KIND) {
    it(`${name}: new, fit, partialFit, predict, score, trainer, toJSON/fromJSON, dispose`, () => {
      const classes = [...new Set(y)].sort();
      assertNoGrowth((k) => {
        const model = make();
        const report = model.fit(X, y, followsEpochs(model) ? { onEpoch: () => {} } : {});
        assert.ok(report.epochs >= 1);
        model.partialFit(X, y, { classes });
        model.predict(X);
        model.decisionFunction(X);
        model.score(X, y);
        const trainer = model.trainer(X, y);
        trainer.step();
        if (k % 2) trainer.run();
        const copy = model.constructor.fromJSON(JSON.stringify(model));
        assert.deepEqual(copy.predict(X), model.predict(X));
        copy.dispose();
        model.dispose();
      });
    });

    it(`${name}: failed calls (bad X, bad labels, bad JSON, a throwing callback) keep nothing`, () => {
      // One model takes every failing call, CYCLES times; a failed fit may put the model back
      // with vectors of another capacity, so the bytes are compared once it is disposed: what a
      // failed call kept would still be held then.
      const failingCalls = (model, json) => {
        failing(() => model.fit(X, y.slice(1)));
        failing(() => model.fit([[0, NaN]], y.slice(0, 1)));
        failing(() => model.predict([[1, 2, 3]]));
        failing(() => model.constructor.fromJSON({ ...json, nFeatures: 3 }));
        const fresh = make();
        failing(() => fresh.fit([[0, 'x']], y.slice(0, 1)));
        fresh.dispose();
        const stopper = new AbortController();
        const stop = () => {
          throw new RangeError('stop here');
        };
        // A throwing callback where fit takes one; a signal that aborts after one epoch elsewhere.
        const options = followsEpochs(model) ? { onEpoch: stop } : { signal: stopper.signal };
        if (!followsEpochs(model)) stopper.abort(new RangeError('stop here'));
        assert.throws(() => model.fit(X, y, options), /stop here/);
      };
      const run = (cycles) => {
        const model = make();
        model.fit(X, y);
        const json = model.toJSON();
        for (let k = 0; k < cycles; k++) failingCalls(model, json);
        model.dispose();
      };
      run(WARM_UP);
      const start = pw.memory().inUse;
      run(CYCLES);
      const end = pw.memory().inUse;
      assert.equal(end - start, 0, `${CYCLES} cycles of failing calls left ${end - start} more bytes in use`);
    });
  }

  it('StructuredPerceptron: fit, partialFit, predict, toJSON/fromJSON, a failing fit, dispose', () => {
    const sequences = [
      [['w=the'], ['w=dog'], { 'w=barks': 1, bias: 1 }],
      [['w=a'], ['w=cat']],
    ];
    const tags = [
      ['D', 'N', 'V'],
      ['D', 'N'],
    ];
    assertNoGrowth((k) => {
      const model = new pw.StructuredPerceptron(k % 2 ? { variant: 'averaged' } : { hashing: { bits: 8 } });
      model.fit(sequences, tags);
      model.partialFit(sequences, tags);
      assert.deepEqual(model.predict(sequences), tags);
      const copy = pw.StructuredPerceptron.fromJSON(JSON.stringify(model));
      assert.throws(() => copy.fit(sequences, [['D']]), RangeError);
      copy.dispose();
      model.dispose();
    });
  });

  it('Datasets: fromArray (float64 and float32), fromCsv, split, kFold, fit on them, dispose', () => {
    const y = EVERY_KIND_DATA.Y2;
    assertNoGrowth((k) => {
      const data = pw.Dataset.fromArray(X, undefined, y, { dtype: k % 2 ? 'float32' : 'float64' });
      const iris = pw.Dataset.fromCsv(IRIS);
      const { train, test } = pw.modelSelection.split(iris, { test: 0.2, seed: k });
      const model = new pw.MulticlassPerceptron();
      model.fit(train);
      assert.equal(model.predict(test).length, test.rows);
      for (const fold of pw.modelSelection.kFold(data, { k: 2 })) {
        fold.train.dispose();
        fold.test.dispose();
      }
      model.dispose();
      for (const dataset of [data, iris, train, test]) dataset.dispose();
    });
  });

  it('Datasets: failed reads and calls keep nothing', () => {
    assertNoGrowth(() => {
      assert.throws(() => pw.Dataset.fromCsv(`${IRIS}1,2,x,4,setosa\n`), pw.CsvError);
      assert.throws(() => pw.Dataset.fromCsv('a,b\n1,2\n3\n'), pw.CsvError);
      failing(() => pw.Dataset.fromArray([[1, 2], [3]], undefined, [1, 2]));
      failing(() => pw.Dataset.fromArray(X, undefined, [1]));
      failing(() => pw.Dataset.fromArray(new Float64Array(4), { rows: 3, cols: 2 }));
    });
  });
});

describe('models and Datasets dropped without dispose', () => {
  it('10,000 of them are freed by the FinalizationRegistry once collected (node --expose-gc)', () => {
    const fixture = fileURLToPath(new URL('./fixtures/dropped.mjs', import.meta.url));
    const run = spawnSync(process.execPath, ['--expose-gc', fixture, '10000'], { encoding: 'utf8', timeout: 300_000 });
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.ok(result.heldWhileAlive > 10_000 * 100, `dropped objects held ${result.heldWhileAlive} bytes`);
    assert.equal(result.inUseAfter, result.inUseBefore, JSON.stringify(result));
  });
});
