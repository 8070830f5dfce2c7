// perceptron-wasm/worker's text datasets, split, sample and inspection (evaluate, topFeatures,
// explain), driven through the worker's host in Node (tests/js/worker-driver.mjs) against the
// library's own results computed here on the same data: a text load is pw.text.bagOfWords of the
// documents, a split is pw.modelSelection.split's rows, a sample's PCA is pw.analysis.pca2d's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { pw } from './helpers.mjs';
import { driveHost } from './worker-driver.mjs';

const SPAM = readFileSync(new URL('../../data/spam.csv', import.meta.url), 'utf8');
const IRIS = readFileSync(new URL('../../data/iris.csv', import.meta.url), 'utf8');
const CANCER = readFileSync(new URL('../../data/breast_cancer.csv', import.meta.url), 'utf8');
const { call, cancel, close } = driveHost();
after(close);

// A small text CSV: the label first, a quoted text spanning two lines, numbers as labels.
const SMALL = 'label,text\n1,"Win money now, win!"\n-1,"Meeting at noon\nsee you"\n1,cheap money\n-1,lunch at noon\n';
const local = (csv) => {
  const { rows } = pw.csv.parse(csv, { header: true });
  return { labels: rows.map((r) => r[0]), texts: rows.map((r) => r[1]) };
};

// A sparse Dataset's rows as [{column: value}] (what a row holds, whatever the order).
const rowsOf = (dataset) => {
  const { indptr, indices, values } = dataset.toSparse();
  return Array.from({ length: dataset.rows }, (_, i) => {
    const row = {};
    for (let k = indptr[i]; k < indptr[i + 1]; k++) row[indices[k]] = values[k];
    return row;
  });
};

describe('worker: loadText', () => {
  it('is pw.text.bagOfWords of the text column, labelled by the label column (the rows as explain reads them)', async () => {
    const summary = await call('loadText', { file: SPAM, options: {} });
    const { labels, texts } = local(SPAM);
    const bag = pw.text.bagOfWords(texts, { labels });
    assert.equal(summary.kind, 'text');
    assert.equal(summary.rows, 900);
    assert.equal(summary.cols, bag.cols);
    assert.deepEqual(summary.classes, ['ham', 'spam']);
    assert.equal(summary.bytes, Buffer.byteLength(SPAM));
    assert.equal(summary.textColumn, 'text');
    assert.equal(summary.labelColumn, 'label');
    assert.ok(!('featureNames' in summary), 'the vocabulary stays in the worker');
    // The same training on both gives the same weights, column by column.
    const fitted = await call('fit', {
      modelKind: 'Perceptron',
      options: { maxEpochs: 3 },
      datasetId: summary.datasetId,
    });
    const model = new pw.Perceptron({ maxEpochs: 3 });
    model.fit(bag);
    assert.deepEqual(fitted.weights, model.weights);
    assert.equal(fitted.bias, model.bias);
    // Each row's columns and values, named by the vocabulary, through explain.
    const rows = rowsOf(bag);
    const names = bag.featureNames;
    for (const row of [0, 1, 449, 450, 899]) {
      const { contributions } = await call('explain', {
        target: { model: fitted.model, datasetId: summary.datasetId },
        input: { datasetId: summary.datasetId, row },
      });
      const got = Object.fromEntries(contributions.map((c) => [c.column, c.value]));
      assert.deepEqual(got, Object.fromEntries(Object.entries(rows[row]).map(([j, v]) => [j, v])), `row ${row}`);
      for (const c of contributions) assert.equal(c.name, names[c.column]);
    }
    model.dispose();
    bag.dispose();
  });

  it('takes the bag options (ngram, binary, hashing) as bagOfWords does, and numeric labels', async () => {
    const { labels, texts } = local(SMALL);
    for (const options of [{ ngram: [1, 2], binary: true }, { hashing: { bits: 4 } }, { lowercase: false }]) {
      const summary = await call('loadText', { file: new TextEncoder().encode(SMALL), options });
      const bag = pw.text.bagOfWords(texts, { ...options, labels: labels.map(Number) });
      assert.equal(summary.cols, bag.cols, JSON.stringify(options));
      assert.deepEqual(summary.classes, [-1, 1]);
      const fitted = await call('fit', { modelKind: 'Perceptron', options: {}, datasetId: summary.datasetId });
      const model = new pw.Perceptron();
      model.fit(bag);
      assert.deepEqual(fitted.weights, model.weights, JSON.stringify(options));
      model.dispose();
      bag.dispose();
      await call('dispose', { datasetId: summary.datasetId });
    }
  });

  it('document: the text, its label and its words at their places, with their unigram columns', async () => {
    const summary = await call('loadText', { file: SMALL, options: { text: 'text', label: 0 } });
    const doc = await call('document', { datasetId: summary.datasetId, row: 1 });
    assert.equal(doc.text, 'Meeting at noon\nsee you');
    assert.equal(doc.label, -1);
    assert.deepEqual(
      doc.words.map((w) => [w.text, w.start, w.end]),
      [
        ['meeting', 0, 7],
        ['at', 8, 10],
        ['noon', 11, 15],
        ['see', 16, 19],
        ['you', 20, 23],
      ],
    );
    const bag = pw.text.bagOfWords(local(SMALL).texts);
    for (const w of doc.words) assert.equal(w.column, bag.featureNames.indexOf(w.text));
    bag.dispose();
    // The words are pw.text.tokenize's, on every spam document.
    const spam = await call('loadText', { file: SPAM, options: {} });
    const { texts } = local(SPAM);
    for (const row of [0, 7, 123, 456, 899]) {
      const d = await call('document', { datasetId: spam.datasetId, row });
      assert.deepEqual(
        d.words.map((w) => w.text),
        pw.text.tokenize(texts[row]),
      );
      for (const w of d.words) assert.equal(texts[row].slice(w.start, w.end).toLowerCase(), w.text);
    }
    // With hashing, a word's column is the one its bag of one word fills.
    const hashed = await call('loadText', { file: SMALL, options: { hashing: { bits: 6 } } });
    const h = await call('document', { datasetId: hashed.datasetId, row: 0 });
    for (const w of h.words) {
      const one = pw.text.bagOfWords([w.text], { hashing: { bits: 6 } });
      assert.equal(w.column, one.toSparse().indices[0], w.text);
      one.dispose();
    }
  });

  it('a cancel stops a load (between chunks of a Blob, or between reading and the bag) and keeps nothing', async () => {
    const before = (await call('memory')).datasets;
    const big = new Blob(Array(40).fill(SPAM)); // ~40 chunks of a stream
    const progress = [];
    const reading = call('loadText', { file: big, options: {} }, { onProgress: (p) => progress.push(p) });
    cancel(reading);
    await assert.rejects(reading, { name: 'AbortError', message: 'loadText: cancelled' });
    const bagging = call('loadSequences', { input: 'a\tb\n'.repeat(1000), options: {} });
    cancel(bagging);
    await assert.rejects(bagging, { name: 'AbortError', message: 'loadSequences: cancelled' });
    assert.equal((await call('memory')).datasets, before);
    assert.equal((await call('memory')).requests, 0);
    // Uncancelled, a Blob's progress counts its bytes as they are read.
    const whole = await call(
      'loadText',
      { file: new Blob([SPAM, SPAM.slice(SPAM.indexOf('\n') + 1)]), options: {} },
      { onProgress: (p) => progress.push(p) },
    );
    assert.equal(whole.rows, 1800);
    assert.deepEqual(progress.at(-1), { bytesRead: whole.bytes, totalBytes: whole.bytes, rows: 1800 });
    assert.equal(whole.bytes, 2 * Buffer.byteLength(SPAM) - 'label,text\n'.length);
  });

  it('says what is wrong with a file at its line and column, and names the argument', async () => {
    await assert.rejects(call('loadText', { file: 'label,text\n1,hello\n2\n', options: {} }), {
      name: 'CsvError',
      line: 3,
      column: 2,
    });
    await assert.rejects(call('loadText', { file: 'label,text\n1,"a\nb"\n,x\n', options: {} }), {
      name: 'CsvError',
      line: 4,
      column: 1,
      message: /label is missing/,
    });
    const dropped = await call('loadText', { file: 'label,text\n1,a\nNA,b\n-1,c\n', options: { missing: 'drop' } });
    assert.equal(dropped.rows, 2);
    assert.equal(dropped.droppedRows, 1);
    await assert.rejects(call('loadText', { file: SMALL, options: { text: 'body' } }), {
      name: 'CsvError',
      message: /option text "body" is not a column/,
    });
    await assert.rejects(call('loadText', { file: SMALL, options: { ngram: 2 } }), /text.bagOfWords.*ngram/);
    await assert.rejects(call('loadText', { file: SMALL, options: { labels: 'x' } }), {
      name: 'TypeError',
      message: /loadText: unknown option "labels"/,
    });
    await assert.rejects(call('document', { datasetId: 999, row: 0 }), {
      name: 'RangeError',
      message: /document: datasetId: datasetId 999 is not a dataset/,
    });
    const summary = await call('loadText', { file: SMALL, options: {} });
    await assert.rejects(call('document', { datasetId: summary.datasetId, row: 4 }), {
      name: 'RangeError',
      message: /document: row must be an integer from 0 to 3; received 4/,
    });
  });
});

describe('worker: split and sample', () => {
  it("split: pw.modelSelection.split's rows of the labels (seed 0, sorted), as new datasets of the same kind", async () => {
    const spam = await call('loadText', { file: SPAM, options: {} });
    const parts = await call('split', {
      datasetId: spam.datasetId,
      options: { validation: 0.2, test: 0.1, indices: true },
    });
    const { labels, texts } = local(SPAM);
    const expected = pw.modelSelection.split(labels, { seed: 0, validation: 0.2, test: 0.1 });
    for (const name of ['train', 'validation', 'test']) {
      const rows = [...expected[name]].sort((a, b) => a - b);
      assert.deepEqual(parts[name].indices, rows, name);
      assert.equal(parts[name].kind, 'text');
      assert.equal(parts[name].rows, rows.length);
      // The part's documents are those rows'.
      const doc = await call('document', { datasetId: parts[name].datasetId, row: 3 });
      assert.equal(doc.text, texts[rows[3]]);
      assert.equal(doc.label, labels[rows[3]]);
    }
    // Training on the worker's train part is training on those rows (same weights).
    const bag = pw.text.bagOfWords(texts, { labels });
    const trainRows = parts.train.indices;
    const fitted = await call('fit', {
      modelKind: 'Perceptron',
      options: { maxEpochs: 2 },
      datasetId: parts.train.datasetId,
    });
    const train = pw.text.bagOfWords(
      trainRows.map((r) => texts[r]),
      { labels: trainRows.map((r) => labels[r]), vocabulary: bag.featureNames },
    );
    const model = new pw.Perceptron({ maxEpochs: 2 });
    model.fit(train);
    assert.deepEqual(fitted.weights, model.weights);
    // No held-out part: every row trains, the others are null.
    const whole = await call('split', { datasetId: spam.datasetId, options: {} });
    assert.equal(whole.train.rows, 900);
    assert.equal(whole.validation, null);
    assert.equal(whole.test, null);
    for (const d of [bag, train, model]) d.dispose();
  });

  it('split of a matrix: the same rows as the page splits them', async () => {
    const iris = await call('loadCsv', { file: IRIS, options: {} });
    const parts = await call('split', { datasetId: iris.datasetId, options: { test: 0.2, indices: true } });
    const data = pw.Dataset.fromCsv(IRIS);
    const expected = pw.modelSelection.split(data.labels, { seed: 0, test: 0.2 });
    assert.deepEqual(
      parts.test.indices,
      [...expected.test].sort((a, b) => a - b),
    );
    assert.equal(parts.validation, null);
    const back = await call('read', { datasetId: parts.test.datasetId });
    const { data: values, cols } = data.toArray();
    parts.test.indices.forEach((r, k) => {
      assert.deepEqual(back.data.subarray(k * cols, (k + 1) * cols), values.subarray(r * cols, (r + 1) * cols));
      assert.equal(back.labels[k], data.labels[r]);
    });
    assert.deepEqual(parts.test.featureNames, data.featureNames);
    data.dispose();
  });

  it("sample: PCA over every row (pw.analysis.pca2d's coordinates) or two columns, for a seeded sample's rows", async () => {
    const iris = await call('loadCsv', { file: IRIS, options: {} });
    const data = pw.Dataset.fromCsv(IRIS);
    const { projected, mean } = pw.analysis.pca2d(data);
    const s = await call('sample', { datasetId: iris.datasetId, options: { max: 20, seed: 3 } });
    assert.equal(s.indices.length, 20);
    assert.deepEqual(
      [...s.indices].sort((a, b) => a - b),
      s.indices,
    );
    assert.equal(new Set(s.indices).size, 20);
    // The rows: the first 20 visits of the core's seeded shuffle (pw.visitOrder), ascending.
    const shuffled = pw.visitOrder({ order: 'shuffle', seed: 3, rows: 150, count: 20 });
    assert.deepEqual(
      Array.from(s.indices),
      Array.from(shuffled).sort((a, b) => a - b),
    );
    s.indices.forEach((r, k) => {
      assert.equal(s.x[k], projected[r][0]);
      assert.equal(s.y[k], projected[r][1]);
      assert.equal(s.labels[k], data.labels[r]);
    });
    assert.deepEqual(s.pca.mean, mean);
    // The same seed, the same rows; all rows when max is at least their number.
    assert.deepEqual(
      (await call('sample', { datasetId: iris.datasetId, options: { max: 20, seed: 3 } })).indices,
      s.indices,
    );
    const all = await call('sample', { datasetId: iris.datasetId, options: { max: 1000, projection: [2, 3] } });
    assert.equal(all.indices.length, 150);
    const { data: values } = data.toArray();
    assert.equal(all.x[77], values[77 * 4 + 2]);
    assert.equal(all.y[77], values[77 * 4 + 3]);
    await assert.rejects(call('sample', { datasetId: iris.datasetId, options: { projection: [0, 4] } }), {
      name: 'RangeError',
      message: /sample: option projection\[1\] must be a column index from 0 to 3; received 4/,
    });
    await assert.rejects(
      call('sample', { datasetId: iris.datasetId, options: { max: 0 } }),
      /option max must be an integer >= 1/,
    );
    const text = await call('loadText', { file: SMALL, options: {} });
    await assert.rejects(call('sample', { datasetId: text.datasetId }), {
      name: 'TypeError',
      message: /sample: datasetId \d+ is a 'text' dataset; this call takes 'matrix'/,
    });
    data.dispose();
  });
});

describe('worker: evaluate, topFeatures, explain', () => {
  it("evaluate: the model's score and a hand count of the confusion; topFeatures: model.weights sorted", async () => {
    const spam = await call('loadText', { file: SPAM, options: {} });
    const parts = await call('split', { datasetId: spam.datasetId, options: { test: 0.3, indices: true } });
    const session = await call('session', {
      modelKind: 'Perceptron',
      options: { maxEpochs: 4 },
      datasetId: parts.train.datasetId,
    });
    await call('advance', { sessionId: session.sessionId, options: { steps: 1000, records: 0 } });
    const fitted = await call('fit', {
      modelKind: 'Perceptron',
      options: { maxEpochs: 4 },
      datasetId: parts.train.datasetId,
    });
    // The session's model after 1000 steps, saved, on the page's side: the library's own answers.
    const { labels, texts } = local(SPAM);
    const bag = pw.text.bagOfWords(texts, { labels });
    const pick = (rows) =>
      pw.text.bagOfWords(
        rows.map((r) => texts[r]),
        { labels: rows.map((r) => labels[r]), vocabulary: bag.featureNames },
      );
    const [train, test] = [pick(parts.train.indices), pick(parts.test.indices)];
    const model = new pw.Perceptron({ maxEpochs: 4 });
    const trainer = model.trainer(train);
    trainer.run({ maxSteps: 1000 });
    const result = await call('evaluate', { target: session.sessionId, datasetId: parts.test.datasetId });
    assert.equal(result.accuracy, model.score(test));
    assert.deepEqual(result.classes, ['ham', 'spam']);
    const predicted = model.predict(test);
    const truth = test.labels;
    const count = (t, p) => truth.filter((label, i) => label === t && predicted[i] === p).length;
    assert.deepEqual(result.confusion, [
      [count('ham', 'ham'), count('ham', 'spam')],
      [count('spam', 'ham'), count('spam', 'spam')],
    ]);
    assert.ok(result.confusion[0][1] + result.confusion[1][0] > 0, 'some mistakes: the count is not trivial');
    // topFeatures: the k largest and smallest weights, names from the vocabulary.
    const top = await call('topFeatures', { target: session.sessionId, options: { k: 7 } });
    const w = model.weights;
    const order = w.map((_, j) => j);
    const positive = order
      .filter((j) => w[j] > 0)
      .sort((a, b) => w[b] - w[a] || a - b)
      .slice(0, 7);
    const negative = order
      .filter((j) => w[j] < 0)
      .sort((a, b) => w[a] - w[b] || a - b)
      .slice(0, 7);
    assert.deepEqual(
      top.positive,
      positive.map((j) => ({ column: j, name: bag.featureNames[j], weight: w[j] })),
    );
    assert.deepEqual(
      top.negative,
      negative.map((j) => ({ column: j, name: bag.featureNames[j], weight: w[j] })),
    );
    assert.equal(top.class, 'spam');
    // A model's JSON evaluates as the session would: Train's result.
    const byJson = await call('evaluate', { target: { model: fitted.model }, datasetId: parts.test.datasetId });
    const trained = pw.Perceptron.fromJSON(fitted.model);
    assert.equal(byJson.accuracy, trained.score(test));
    for (const d of [bag, train, test, model, trained]) d.dispose();
  });

  it('explain: w_i x_i sorted by |contribution|, summing with the bias to decisionFunction', async () => {
    const iris = await call('loadCsv', { file: IRIS, options: {} });
    const cancer = await call('loadCsv', { file: CANCER, options: {} });
    const spam = await call('loadText', { file: SPAM, options: { binary: true } });
    const { labels, texts } = local(SPAM);
    // Each case's data here: a Dataset and its row i as the model reads one row (CSR).
    const dense = (csv) => () => pw.Dataset.fromCsv(csv);
    const spamBag = pw.text.bagOfWords(texts, { labels, binary: true });
    const bag = () => spamBag;
    const rowX = (data, row) => {
      const { indptr, indices, values } = data.toSparse();
      const [from, to] = [indptr[row], indptr[row + 1]];
      return {
        indptr: [0, to - from],
        indices: [...indices.subarray(from, to)],
        values: [...values.subarray(from, to)],
        cols: data.cols,
      };
    };
    for (const [kind, options, make, summary] of [
      ['Perceptron', { maxEpochs: 5 }, dense(CANCER), cancer],
      ['Perceptron', { variant: 'averaged', preprocess: 'standardize', maxEpochs: 5 }, dense(CANCER), cancer],
      ['PassiveAggressive', { maxEpochs: 3 }, dense(CANCER), cancer],
      ['Winnow', { maxEpochs: 3, balanced: true }, bag, spam],
      ['Perceptron', { maxEpochs: 3 }, bag, spam],
      ['MulticlassPerceptron', { maxEpochs: 5 }, dense(IRIS), iris],
    ]) {
      const data = make();
      const fitted = await call('fit', { modelKind: kind, options, datasetId: summary.datasetId });
      const model = pw[kind].fromJSON(fitted.model);
      for (const row of [0, 60, 149]) {
        const X = rowX(data, row);
        const input = { datasetId: summary.datasetId, row };
        const target = { model: fitted.model, datasetId: summary.datasetId };
        const e = await call('explain', { target, input });
        const scores = model.decisionFunction(X);
        const classIndex = model.classes.indexOf(e.class);
        const score = Array.isArray(scores[0]) ? scores[0][classIndex] : scores[0];
        assert.equal(e.score, score, `${kind} row ${row}`);
        const sum = e.contributions.reduce((s, c) => s + c.contribution, e.bias);
        assert.ok(
          Math.abs(sum - score) <= 1e-9 * Math.max(1, Math.abs(score)),
          `${kind} row ${row}: ${sum} vs ${score}`,
        );
        assert.ok(
          e.contributions.some((c) => c.contribution !== 0),
          `${kind} row ${row}: something contributes`,
        );
        for (let k = 1; k < e.contributions.length; k++) {
          const [a, b] = [Math.abs(e.contributions[k - 1].contribution), Math.abs(e.contributions[k].contribution)];
          assert.ok(a > b || (a === b && e.contributions[k - 1].column < e.contributions[k].column));
        }
        for (const c of e.contributions) {
          assert.equal(c.contribution, c.weight * c.value);
          assert.equal(c.name, data.featureNames[c.column]);
        }
        assert.equal(e.prediction, model.predict(X)[0]);
        // The same row given as x, from the page (dense: an array; sparse: indices and values).
        const x =
          summary.kind === 'text'
            ? { indices: X.indices, values: X.values }
            : data.toArray().data.slice(row * data.cols, (row + 1) * data.cols);
        const byX = await call('explain', { target, input: { x: Array.isArray(x) || x.indices ? x : Array.from(x) } });
        assert.deepEqual(byX, e);
      }
      model.dispose();
      if (data !== spamBag) data.dispose();
    }
    spamBag.dispose();
  });

  it('refuses what it cannot explain, naming the argument', async () => {
    const iris = await call('loadCsv', { file: IRIS, options: {} });
    const cancer = await call('loadCsv', { file: CANCER, options: {} });
    const kernel = await call('fit', {
      modelKind: 'KernelPerceptron',
      options: { maxEpochs: 1 },
      datasetId: cancer.datasetId,
    });
    await assert.rejects(call('explain', { target: { model: kernel.model }, input: { x: [1, 2, 3, 4] } }), {
      name: 'TypeError',
      message: /explain: a KernelPerceptron has no weights over the features/,
    });
    const fitted = await call('fit', {
      modelKind: 'MulticlassPerceptron',
      options: { maxEpochs: 1 },
      datasetId: iris.datasetId,
    });
    await assert.rejects(call('explain', { target: { model: fitted.model }, input: { x: [1, 2, 3] } }), {
      name: 'RangeError',
      message: /explain: x must have 4 values \(the model's features\); received 3/,
    });
    await assert.rejects(call('explain', { target: { model: fitted.model }, input: { x: [1, 2, 3, 'a'] } }), {
      name: 'TypeError',
      message: /explain: x\[3\] must be a finite number; received "a"/,
    });
    await assert.rejects(
      call('explain', { target: { model: fitted.model }, input: { datasetId: iris.datasetId, row: 150 } }),
      {
        name: 'RangeError',
        message: /explain: row must be an integer from 0 to 149; received 150/,
      },
    );
    await assert.rejects(call('explain', { target: 'one', input: { x: [1, 2, 3, 4] } }), {
      name: 'TypeError',
      message: /explain: the first argument must be a sessionId or \{model: json\}; received "one"/,
    });
    await assert.rejects(
      call('topFeatures', { target: { model: { format: 'nope' } } }),
      /topFeatures: model must be a saved model/,
    );
    await assert.rejects(call('topFeatures', { target: { model: fitted.model }, options: { k: 0 } }), {
      name: 'RangeError',
      message: /topFeatures: option k must be an integer >= 1; received 0/,
    });
    await assert.rejects(call('evaluate', { target: 12345, datasetId: iris.datasetId }), {
      name: 'RangeError',
      message: /evaluate: sessionId 12345 is not a session of this worker/,
    });
    // Per class for more than two classes.
    const top = await call('topFeatures', {
      target: { model: fitted.model, datasetId: iris.datasetId },
      options: { k: 2 },
    });
    assert.deepEqual(
      top.classes.map((c) => c.class),
      ['setosa', 'versicolor', 'virginica'],
    );
    const model = pw.MulticlassPerceptron.fromJSON(fitted.model);
    const w = model.weights[0];
    const best = w
      .map((_, j) => j)
      .filter((j) => w[j] > 0)
      .sort((a, b) => w[b] - w[a] || a - b)
      .slice(0, 2);
    assert.deepEqual(
      top.classes[0].positive.map((f) => f.column),
      best,
    );
    for (const c of top.classes)
      for (const f of [...c.positive, ...c.negative]) assert.equal(f.name, iris.featureNames[f.column]);
    model.dispose();
  });
});
