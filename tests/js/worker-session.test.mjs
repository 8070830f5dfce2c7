// perceptron-wasm/worker's sessions (a model and its trainer in the worker, driven by advance)
// and tagged sentences (loadSequences, CoNLL errors, sentence), driven through the worker's host
// in Node (tests/js/worker-driver.mjs) against the library's own trainer and fit run here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { CMU_X, CMU_Y, pw, rng } from './helpers.mjs';
import { driveHost } from './worker-driver.mjs';

const SPAM = readFileSync(new URL('../../data/spam.csv', import.meta.url), 'utf8');
const IRIS = readFileSync(new URL('../../data/iris.csv', import.meta.url), 'utf8');
const { call, cancel, close } = driveHost();
after(close);

// A noisy binary dataset (no epoch without a mistake), as arrays.
function noisy(rows, seed = 1) {
  const random = rng(seed);
  const X = Array.from({ length: rows }, () => [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1]);
  const y = X.map(([a, b, c]) => (a + 0.5 * b - c + (random() < 0.1 ? 3 : 0) > 0 ? 1 : -1));
  return { X, y };
}

const withoutChanges = ({ changes, ...record }) => record;

describe('worker: sessions', () => {
  it("advance by 1, by an epoch and by n steps gives the trainer's records, and fit's weights at the end", async () => {
    const { X, y } = noisy(40);
    const data = await call('loadArrays', { X, y, options: {} });
    const options = { maxEpochs: 6, order: 'shuffle', seed: 4 };
    const session = await call('session', { modelKind: 'Perceptron', options, datasetId: data.datasetId });
    assert.deepEqual(session, { sessionId: session.sessionId, modelKind: 'Perceptron', datasetId: data.datasetId });
    const model = new pw.Perceptron(options);
    const trainer = model.trainer(X, y);
    const expected = [];
    const epochs = [];
    for (let step = trainer.step(); step !== null; step = trainer.step()) {
      expected.push(step);
      if (trainer.lastEpoch && trainer.lastEpoch.epoch !== epochs.at(-1)?.epoch) {
        epochs.push({ ...trainer.lastEpoch, trainError: 1 - model.score(X, y) });
      }
    }
    const records = [];
    const ended = [];
    const take = async (options) => {
      const out = await call('advance', { sessionId: session.sessionId, options });
      records.push(...out.records);
      ended.push(...out.epochs);
      return out;
    };
    const one = await take({});
    assert.equal(one.records.length, 1);
    assert.deepEqual(one.state, {
      t: 1,
      epoch: 1,
      mistakes: expected[0].mistake ? 1 : 0,
      converged: false,
      done: false,
    });
    const epoch = await take({ epoch: true });
    assert.equal(epoch.records.length, 39, 'to the end of the first epoch');
    assert.equal(epoch.epochs.length, 1);
    await take({ steps: 25 });
    await take({ steps: 7, epoch: true });
    let last;
    while (!(last = await take({ steps: 33 })).state.done);
    assert.deepEqual(records.map(withoutChanges), expected);
    assert.deepEqual(ended, epochs);
    // Each record's changes are its weights minus the previous record's.
    records.forEach((record, t) => {
      const before = t === 0 ? [0, 0, 0] : records[t - 1].weights;
      const columns = [0, 1, 2].filter((j) => record.weights[j] !== before[j]);
      assert.deepEqual(record.changes.columns, columns);
      assert.deepEqual(
        record.changes.names,
        columns.map((j) => `x${j + 1}`),
      );
      assert.deepEqual(
        record.changes.deltas,
        columns.map((j) => record.weights[j] - before[j]),
      );
      assert.equal(record.changes.bias, record.bias - (t === 0 ? 0 : records[t - 1].bias));
    });
    const fitted = new pw.Perceptron(options);
    const report = fitted.fit(X, y);
    assert.deepEqual(last.model, { weights: fitted.weights, bias: fitted.bias });
    assert.deepEqual(last.report, report);
    assert.deepEqual(await call('advance', { sessionId: session.sessionId, options: {} }), {
      records: [],
      epochs: [],
      state: last.state,
      model: last.model,
      report,
    });
    // reset: from zero again, the same records.
    const again = await call('reset', { sessionId: session.sessionId });
    assert.deepEqual(again.state, { t: 0, epoch: 0, mistakes: 0, converged: false, done: false });
    const first = await call('advance', { sessionId: session.sessionId, options: { steps: 10 } });
    assert.deepEqual(first.records, records.slice(0, 10));
    for (const m of [model, fitted]) m.dispose();
    assert.equal(await call('closeSession', { sessionId: session.sessionId }), true);
    assert.equal(await call('closeSession', { sessionId: session.sessionId }), false);
  });

  it("a text session: records say which words an update changed (no weights), and it ends with fit's weights", async () => {
    const text = await call('loadText', { file: SPAM, options: {} });
    const options = { maxEpochs: 2 };
    const session = await call('session', { modelKind: 'Perceptron', options, datasetId: text.datasetId });
    const { rows } = pw.csv.parse(SPAM, { header: true });
    const bag = pw.text.bagOfWords(
      rows.map((r) => r[1]),
      { labels: rows.map((r) => r[0]) },
    );
    const model = new pw.Perceptron(options);
    const trainer = model.trainer(bag);
    const out = await call('advance', { sessionId: session.sessionId, options: { steps: 5 } });
    const { indptr, indices, values } = bag.toSparse();
    let prev = new Array(bag.cols).fill(0);
    out.records.forEach((record, t) => {
      const step = trainer.step();
      const { weights, ...rest } = step;
      assert.deepEqual(withoutChanges(record), rest);
      assert.ok(!('weights' in record), 'a wide dataset: no weights in the records');
      // A mistake adds y x: the row's words, named, each by its count.
      const changed = weights.map((w, j) => j).filter((j) => weights[j] !== prev[j]);
      assert.deepEqual(record.changes.columns, changed);
      assert.deepEqual(
        record.changes.names,
        changed.map((j) => bag.featureNames[j]),
      );
      if (record.mistake) {
        const row = record.index;
        const sign = record.labelSign;
        const expected = [];
        for (let k = indptr[row]; k < indptr[row + 1]; k++) expected.push([indices[k], sign * values[k]]);
        assert.deepEqual(
          record.changes.columns.map((j, k) => [j, record.changes.deltas[k]]),
          expected.sort((a, b) => a[0] - b[0]),
        );
        assert.ok(expected.length > 10, `step ${t + 1}: a document's words`);
      }
      prev = weights;
    });
    assert.ok(out.records.some((r) => r.mistake));
    assert.deepEqual(Object.keys(out.model), ['bias'], 'the weights of 15,000 words stay in the worker');
    // Then the rest without records: the changes after it start from the weights it left.
    await call('advance', { sessionId: session.sessionId, options: { steps: 400, records: 0 } });
    trainer.run({ maxSteps: 400 });
    const next = await call('advance', { sessionId: session.sessionId, options: { steps: 200, weights: true } });
    let before = model.currentWeights;
    for (const record of next.records) {
      const step = trainer.step();
      assert.deepEqual(record.weights, step.weights);
      const changed = step.weights.map((_, j) => j).filter((j) => step.weights[j] !== before[j]);
      assert.deepEqual(record.changes.columns, changed);
      before = step.weights;
    }
    const end = await call('advance', {
      sessionId: session.sessionId,
      options: { records: 0, epoch: true, steps: 1e9 },
    });
    const rest = await call('advance', {
      sessionId: session.sessionId,
      options: { records: 0, steps: 1e9, weights: true },
    });
    const fitted = new pw.Perceptron(options);
    const report = fitted.fit(bag);
    assert.ok(end.epochs.length === 1 && end.epochs[0].epoch === 1);
    assert.deepEqual(rest.model.weights, fitted.weights);
    assert.deepEqual(rest.report, report);
    for (const d of [bag, model, fitted]) d.dispose();
    await call('closeSession', { sessionId: session.sessionId });
  });

  it("a multi-class session and a validation set: the trainer's records and epochs", async () => {
    const iris = await call('loadCsv', { file: IRIS, options: {} });
    const parts = await call('split', { datasetId: iris.datasetId, options: { validation: 0.3, indices: true } });
    const options = { maxEpochs: 4 };
    const session = await call('session', {
      modelKind: 'MulticlassPerceptron',
      options,
      datasetId: parts.train.datasetId,
      sessionOptions: { validation: parts.validation.datasetId },
    });
    const data = pw.Dataset.fromCsv(IRIS);
    const { data: values, cols } = data.toArray();
    const rows = (indices) => indices.map((r) => Array.from(values.subarray(r * cols, (r + 1) * cols)));
    const labels = data.labels;
    const model = new pw.MulticlassPerceptron(options);
    const trainer = model.trainer(
      rows(parts.train.indices),
      parts.train.indices.map((r) => labels[r]),
      {
        validation: { X: rows(parts.validation.indices), y: parts.validation.indices.map((r) => labels[r]) },
      },
    );
    const out = await call('advance', { sessionId: session.sessionId, options: { steps: 1e6 } });
    const expected = [];
    for (let step = trainer.step(); step !== null; step = trainer.step()) expected.push(step);
    assert.deepEqual(out.records.map(withoutChanges), expected);
    assert.deepEqual(out.records[5].changes.classes.length, out.records[5].changes.columns.length);
    assert.deepEqual(out.report, trainer.run());
    assert.deepEqual(out.epochs, out.report.history);
    assert.ok(out.epochs.every((e) => typeof e.validationError === 'number'));
    assert.deepEqual(out.model.weights, model.weights);
    model.dispose();
    data.dispose();
  });

  it("adopt: goes on from a model (Train's result) as warmStart does", async () => {
    const data = await call('loadArrays', { X: CMU_X, y: CMU_Y, options: {} });
    const options = { fitIntercept: false, mistakeRule: 'sign', maxEpochs: 1 };
    const trained = await call('fit', { modelKind: 'Perceptron', options, datasetId: data.datasetId });
    const session = await call('session', {
      modelKind: 'Perceptron',
      options: { ...options, maxEpochs: 3 },
      datasetId: data.datasetId,
    });
    const adopted = await call('adopt', { sessionId: session.sessionId, model: trained.model });
    assert.equal(adopted.state.t, 0, "the new trainer's steps");
    const out = await call('advance', { sessionId: session.sessionId, options: { steps: 3 } });
    assert.equal(out.records[0].t, 7, "the model's steps go on from Train's 6");
    const model = pw.Perceptron.fromJSON({ ...trained.model, options: { ...trained.model.options, warmStart: true } });
    const trainer = model.trainer(CMU_X, CMU_Y);
    const steps = [trainer.step(), trainer.step(), trainer.step()];
    assert.deepEqual(out.records.map(withoutChanges), steps);
    // The first record's change is from the adopted weights (the slide's [3, 1]).
    assert.deepEqual(trained.weights, [3, 1]);
    assert.deepEqual(
      out.records[0].changes.deltas,
      out.records[0].weights.map((w, j) => w - [3, 1][j]).filter((d) => d !== 0),
    );
    model.dispose();
    await assert.rejects(call('adopt', { sessionId: session.sessionId, model: 'weights' }), {
      name: 'TypeError',
      message: /adopt: model must be a model's JSON object/,
    });
    await assert.rejects(
      call('adopt', { sessionId: session.sessionId, model: { format: 'x' } }),
      /Perceptron.fromJSON/,
    );
    // A failed adopt changes nothing: the session goes on where it was.
    const next = await call('advance', { sessionId: session.sessionId, options: {} });
    assert.equal(next.state.t, out.state.t + 1);
  });

  it('cancel stops a long advance between slices; the steps taken stay taken', async () => {
    const { X, y } = noisy(20000, 7);
    const data = await call('loadArrays', { X, y, options: {} });
    const session = await call('session', {
      modelKind: 'Perceptron',
      options: { maxEpochs: 1000 },
      datasetId: data.datasetId,
    });
    let progressed = null;
    const running = call(
      'advance',
      { sessionId: session.sessionId, options: { steps: 1e9, records: 0 }, progress: true },
      {
        onProgress: (p) => {
          if (progressed === null) {
            progressed = p;
            cancel(running);
          }
        },
      },
    );
    await assert.rejects(running, { name: 'AbortError', message: 'advance: cancelled' });
    assert.ok(progressed.t > 0 && progressed.t < 20000 * 1000);
    const after = await call('advance', { sessionId: session.sessionId, options: { steps: 0 } });
    assert.ok(after.state.t >= progressed.t && !after.state.done, JSON.stringify(after.state));
    assert.equal((await call('memory')).requests, 0);
    // The dataset a session trains on cannot be disposed under it.
    await assert.rejects(call('dispose', { datasetId: data.datasetId }), {
      name: 'TypeError',
      message: /dispose: datasetId \d+ is used by session \d+; close the session first/,
    });
    // A second advance while one runs is refused; closeSession stops the running one and closes.
    const live = call('advance', { sessionId: session.sessionId, options: { steps: 1e9, records: 0 } });
    await assert.rejects(call('advance', { sessionId: session.sessionId, options: {} }), {
      name: 'TypeError',
      message: /advance: session \d+ is advancing already/,
    });
    assert.equal(await call('closeSession', { sessionId: session.sessionId }), true);
    await assert.rejects(live, { name: 'AbortError' });
    assert.equal(await call('dispose', { datasetId: data.datasetId }), true);
  });

  it('bad arguments name the argument, and change nothing', async () => {
    const data = await call('loadArrays', { X: CMU_X, y: CMU_Y, options: {} });
    await assert.rejects(call('session', { modelKind: 'Perceptronn', options: {}, datasetId: data.datasetId }), {
      name: 'RangeError',
      message: /session: modelKind must be one of Perceptron, .*StructuredPerceptron; received "Perceptronn"/,
    });
    await assert.rejects(
      call('session', { modelKind: 'Perceptron', options: { maxEpochs: -1 }, datasetId: data.datasetId }),
      {
        name: 'RangeError',
        message: /new Perceptron: option maxEpochs/,
      },
    );
    await assert.rejects(call('session', { modelKind: 'Perceptron', options: {}, datasetId: 77 }), {
      name: 'RangeError',
      message: /session: datasetId: datasetId 77 is not a dataset of this worker/,
    });
    const iris = await call('loadCsv', { file: IRIS, options: {} });
    await assert.rejects(call('session', { modelKind: 'Perceptron', options: {}, datasetId: iris.datasetId }), {
      name: 'RangeError',
      message: /Perceptron.trainer: y must hold exactly two distinct classes/,
    });
    const session = await call('session', { modelKind: 'Perceptron', options: {}, datasetId: data.datasetId });
    const bad = [
      [{ steps: -1 }, 'RangeError', /advance: option steps must be an integer >= 0; received -1/],
      [{ steps: '3' }, 'TypeError', /advance: option steps must be an integer >= 0; received "3"/],
      [{ epoch: 1 }, 'TypeError', /advance: option epoch must be true or false; received 1/],
      [{ records: 1.5 }, 'RangeError', /advance: option records must be an integer >= 0; received 1.5/],
      [{ step: 1 }, 'TypeError', /advance: unknown option "step"/],
    ];
    for (const [options, name, message] of bad) {
      await assert.rejects(call('advance', { sessionId: session.sessionId, options }), { name, message });
    }
    await assert.rejects(call('advance', { sessionId: 999, options: {} }), {
      name: 'RangeError',
      message: /advance: sessionId 999 is not a session of this worker/,
    });
    const out = await call('advance', { sessionId: session.sessionId, options: {} });
    assert.equal(out.state.t, 1, 'the bad calls took no step');
    await call('closeSession', { sessionId: session.sessionId });
    await assert.rejects(call('advance', { sessionId: session.sessionId, options: {} }), {
      name: 'RangeError',
      message: new RegExp(`advance: sessionId ${session.sessionId} was closed`),
    });
  });
});

describe('worker: tagged sentences', () => {
  const CONLL = 'The\tDT\ndog\tNN\nbarks\tVBZ\n\n-DOCSTART-\tO\n\nA\tDT\ncat\tNN\r\nruns\tVBZ\n\n\n';

  it('loadSequences reads CoNLL (word, tag; blank lines between sentences) with the default features', async () => {
    const summary = await call('loadSequences', { input: CONLL, options: {} });
    assert.deepEqual(summary, {
      datasetId: summary.datasetId,
      kind: 'sequences',
      rows: 2,
      tokens: 6,
      classes: ['DT', 'NN', 'VBZ'],
      bytes: Buffer.byteLength(CONLL),
    });
    const s = await call('sentence', { datasetId: summary.datasetId, index: 1 });
    assert.deepEqual(s.words, ['A', 'cat', 'runs']);
    assert.deepEqual(s.tags, ['DT', 'NN', 'VBZ']);
    assert.deepEqual(s.tokens[0], ['bias', 'w=a', 'suf=a', 'suf3=a', 'cap', 'prev=<s>', 'next=cat']);
    assert.deepEqual(s.tokens[2], ['bias', 'w=runs', 'suf=ns', 'suf3=uns', 'prev=cat', 'next=</s>']);
    const words = await call('loadSequences', {
      input: 'Hello world\tNN\t!\n',
      options: { features: ['word', 'shape'] },
    });
    const one = await call('sentence', { datasetId: words.datasetId, index: 0 });
    assert.deepEqual(one.tokens, [['w=hello world', 'shape=Xx x']]);
    // Extra columns: the last is the tag; spaces separate fields on a line without a tab.
    const spaced = await call('loadSequences', { input: 'EU NNP B-NP B-ORG\nrejects VBZ B-VP O\n', options: {} });
    assert.deepEqual(spaced.classes, ['B-ORG', 'O']);
    // Arrays, as StructuredPerceptron.fit takes them.
    const arrays = await call('loadSequences', {
      input: { sequences: [[['w=a'], ['w=b']], [{ 'w=c': 2 }]], tags: [[1, 2], [2]] },
      options: {},
    });
    assert.deepEqual(arrays.classes, [1, 2]);
    assert.deepEqual((await call('sentence', { datasetId: arrays.datasetId, index: 1 })).words, ['c']);
  });

  it('a bad CoNLL line is a CsvError at its line and column', async () => {
    const cases = [
      ['the\tDT\ndog\n', 2, 2, /line 2 has one field \("dog"\); a token line is word TAB tag/],
      ['the\tDT\n\ndog\tNN\tx\n', 3, 3, /line 3 has 3 fields; the first token line has 2/],
      ['the\tDT\n\tNN\n', 2, 1, /line 2, column 1: the word is empty/],
      ['the\tDT\ndog\t\n', 2, 2, /line 2, column 2: the tag is empty/],
      ['\n\n', 3, 1, /the text has no sentence/],
    ];
    for (const [input, line, column, message] of cases) {
      await assert.rejects(call('loadSequences', { input, options: {} }), { name: 'CsvError', line, column, message });
    }
    await assert.rejects(call('loadSequences', { input: new Uint8Array([0x61, 0x09, 0xff]), options: {} }), {
      name: 'CsvError',
      message: /not valid UTF-8/,
    });
    await assert.rejects(call('loadSequences', { input: CONLL, options: { features: ['word', 'suffix'] } }), {
      name: 'RangeError',
      message: /loadSequences: option features\[1\] must be one of bias, word, .*; received "suffix"/,
    });
    await assert.rejects(call('loadSequences', { input: CONLL, options: { format: 'conllu' } }), {
      name: 'RangeError',
      message: /option format must be 'conll'; received "conllu"/,
    });
    await assert.rejects(call('loadSequences', { input: { sequences: [[['a']]], tags: [['x', 'y']] }, options: {} }), {
      name: 'RangeError',
      message: /input.tags\[0\] must hold 1 tags, one per token/,
    });
    const summary = await call('loadSequences', { input: CONLL, options: {} });
    await assert.rejects(call('sentence', { datasetId: summary.datasetId, index: 2 }), {
      name: 'RangeError',
      message: /sentence: index must be an integer from 0 to 1; received 2/,
    });
    await assert.rejects(call('document', { datasetId: summary.datasetId, row: 0 }), {
      name: 'TypeError',
      message: /document: datasetId: datasetId \d+ is a 'sequences' dataset; this call takes 'text'/,
    });
  });

  it('split of sentences: seeded, parts sorted, with their words and tags', async () => {
    const lines = [];
    for (let s = 0; s < 20; s++) lines.push(`w${s}\tA\nx${s}\tB\n`);
    const summary = await call('loadSequences', { input: lines.join('\n'), options: {} });
    const parts = await call('split', { datasetId: summary.datasetId, options: { test: 0.25, indices: true } });
    const expected = pw.modelSelection.split(new Array(20).fill(0), { seed: 0, test: 0.25 });
    assert.deepEqual(
      parts.test.indices,
      [...expected.test].sort((a, b) => a - b),
    );
    assert.equal(parts.train.rows + parts.test.rows, 20);
    const s = await call('sentence', { datasetId: parts.test.datasetId, index: 0 });
    assert.deepEqual(s.words, [`w${parts.test.indices[0]}`, `x${parts.test.indices[0]}`]);
  });
});
