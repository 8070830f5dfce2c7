// perceptron-wasm/worker's client (dist/worker-client.js) for the text, sequences and session
// calls, in Node through createWorker({thread: 'page'}) (the same host answering on this thread,
// every message structured-cloned as a Worker's): the page's argument checks name the argument,
// summaries and session results stand for their ids, callbacks and signals work as for fit.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createWorker } from '../../dist/worker-client.js';
import { CMU_X, CMU_Y, pw } from './helpers.mjs';

const w = createWorker({ thread: 'page' });
after(() => w.terminate());
const CSV = 'label,text\nspam,win money now\nham,lunch at noon\nspam,free money\nham,see you at lunch\n';

describe('perceptron-wasm/worker client: text, sequences, sessions', () => {
  it('takes summaries and session results for their ids, and reports progress', async () => {
    const progress = [];
    const text = await w.loadText(new Blob([CSV]), { onProgress: (p) => progress.push(p) });
    assert.deepEqual(progress.at(-1), { bytesRead: CSV.length, totalBytes: CSV.length, rows: 4 });
    const parts = await w.split(text, { test: 0.5 });
    const session = await w.session('Perceptron', { maxEpochs: 5 }, parts.train, { validation: parts.test });
    assert.equal(session.validation, parts.test.datasetId);
    const out = await w.advance(session, { steps: 100, records: 0, onProgress: (p) => progress.push(p) });
    assert.ok(out.state.done);
    assert.deepEqual(progress.at(-1), { t: out.state.t, epoch: out.state.epoch, mistakes: out.state.mistakes });
    const bag = pw.text.bagOfWords(['win money now', 'lunch at noon', 'free money', 'see you at lunch']);
    const top = await w.topFeatures({ model: (await w.fit('Perceptron', {}, text)).model, datasetId: text }, { k: 1 });
    assert.ok(bag.featureNames.includes(top.positive[0].name));
    bag.dispose();
    // explain(model, datasetId, row): explain(model, {datasetId, row}) in short.
    assert.deepEqual(
      await w.explain(session, parts.test, 1),
      await w.explain(session, { datasetId: parts.test, row: 1 }),
    );
    assert.equal(await w.closeSession(session), true);
  });

  it('sparse rows {indptr, indices, values, cols}: a sparse Dataset in the worker, trained as fit trains them', async () => {
    // Five rows over 6 columns, two non-zeros each; labels by the sign of x0 - x3.
    const csr = {
      indptr: [0, 2, 4, 6, 8, 10],
      indices: [0, 2, 3, 5, 0, 4, 1, 3, 0, 5],
      values: [2, 1, 1, -1, 1, 3, 2, 2, 3, 1],
      cols: 6,
    };
    const y = [1, -1, 1, -1, 1];
    const data = await w.loadArrays(csr, y);
    assert.deepEqual([data.kind, data.rows, data.cols], ['matrix', 5, 6]);
    const result = await w.fit('Perceptron', { maxEpochs: 20 }, data);
    const local = new pw.Perceptron({ maxEpochs: 20 });
    const report = local.fit(pw.Dataset.fromSparse(csr, y));
    assert.deepEqual(result.weights, local.weights);
    assert.equal(result.bias, local.bias);
    assert.deepEqual(result.report, report);
    local.dispose();
    await assert.rejects(w.loadArrays(csr, y, { transfer: true }), {
      name: 'TypeError',
      message: "loadArrays: option transfer moves X.data's buffer: give X as {data, rows, cols}",
    });
    await assert.rejects(w.loadArrays({ indptr: [0, 1], indices: [9], values: [1], cols: 3 }, [1]), {
      name: 'RangeError',
    });
    assert.equal(await w.dispose(data), true);
  });

  it('a signal cancels a long advance', async () => {
    const X = Array.from({ length: 4000 }, (_, i) => [Math.sin(i), Math.cos(i * 1.3)]);
    const y = X.map((_, i) => (i % 7 < 3 ? 1 : -1));
    const data = await w.loadArrays(X, y);
    const session = await w.session('Perceptron', { maxEpochs: 300 }, data);
    const controller = new AbortController();
    const running = w.advance(session, { steps: 1e9, records: 0, signal: controller.signal });
    controller.abort('enough');
    await assert.rejects(running, { name: 'AbortError', message: 'advance: cancelled (enough)' });
    // The next advance waits for the cancelled one to stop (after its first slice of ~20 ms).
    const after = await w.advance(session, { steps: 0 });
    assert.ok(after.state.t > 0 && after.state.t < 4000 * 300 && !after.state.done, JSON.stringify(after.state));
    assert.equal((await w.memory()).requests, 0);
  });

  it("the page's checks name the argument, before anything is sent", async () => {
    const cases = [
      [
        () => w.loadText(42),
        TypeError,
        /^loadText: file must be a Blob or File, a ReadableStream, a string, an ArrayBuffer or a typed array; received 42$/,
      ],
      [
        () => w.loadText(CSV, { onProgress: 1 }),
        TypeError,
        /^loadText: option onProgress must be a function; received 1$/,
      ],
      [
        () => w.loadSequences({ tokens: [] }),
        TypeError,
        /^loadSequences: input must be CoNLL text .* or \{sequences, tags\}; received an object \(Object\)$/,
      ],
      [
        () => w.loadSequences('a\tb\n', 'conll'),
        TypeError,
        /^loadSequences: options must be an object; received the string "conll"$/,
      ],
      [() => w.sample(1, 5), TypeError, /^sample: options must be an object; received 5$/],
      [
        () => w.session('Perceptron', 'fast', 1),
        TypeError,
        /^session: options must be the model's options object; received the string "fast"$/,
      ],
      [
        () => w.advance(1, { signal: {} }),
        TypeError,
        /^advance: option signal must be an AbortSignal; received an object \(Object\)$/,
      ],
      [
        () => w.explain(1, [1, 2]),
        TypeError,
        /^explain: the row must be \{datasetId, row\} or \{x\}; received an array/,
      ],
      [
        () => w.topFeatures('s'),
        TypeError,
        /^topFeatures: the model must be a sessionId \(or session\(\)'s result\) or \{model: json\}; received the string "s"$/,
      ],
    ];
    for (const [run, Class, message] of cases)
      await assert.rejects(run(), (error) => error instanceof Class && message.test(error.message));
    // The worker's checks come back as their classes, naming the argument too.
    const data = await w.loadArrays(CMU_X, CMU_Y);
    await assert.rejects(w.document(data, 0), {
      name: 'TypeError',
      message: /document: datasetId: datasetId \d+ is a 'matrix' dataset; this call takes 'text'/,
    });
    await assert.rejects(
      w.loadSequences('the\tDT\ndog\n'),
      (error) => error instanceof pw.CsvError && error.line === 2 && error.column === 2,
    );
    const session = await w.session('Perceptron', {}, data);
    await assert.rejects(w.advance(session, { epoch: 'yes' }), {
      name: 'TypeError',
      message: 'advance: option epoch must be true or false; received "yes"',
    });
    // Before a step the weights are zeros: every contribution is 0, and so is the score.
    const zero = await w.explain(session, { x: [1, 2] });
    assert.deepEqual([zero.score, zero.bias, zero.contributions.map((c) => c.contribution)], [0, 0, [0, 0]]);
  });
});
