// perceptron-wasm/worker's text and sequences through the real module Worker in Chromium (the
// client imported from /pkg/worker-client.js on a blank page under the page's CSP): a Blob of
// data/spam.csv loaded as text, split, stepped by a session, evaluated and explained; a CoNLL
// Blob loaded as sentences and trained; the numbers are the library's own, computed here in Node.
//   node --test tests/e2e/worker-data.test.mjs          (needs a build: dist/)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useBrowser, withFixture } from './browser.mjs';
import load from '../../dist/index.js';
import { driveHost } from '../js/worker-driver.mjs';
import { rng } from '../js/helpers.mjs';

useBrowser();
const pw = await load();
// A text CSV of plain words (Chromium's and Node's Intl.Segmenter split "e.g." or "a.b"
// differently, as their ICU data differ: this corpus keeps to words both split alike).
const SPAM = (() => {
  const random = rng(3);
  const words = [
    'free',
    'money',
    'win',
    'offer',
    'click',
    'now',
    'meeting',
    'lunch',
    'report',
    'team',
    'the',
    'a',
    'you',
    "don't",
    'Café',
  ];
  const lines = ['label,text'];
  for (let i = 0; i < 400; i++) {
    const spam = random() < 0.5;
    const n = 4 + Math.floor(random() * 12);
    const text = Array.from({ length: n }, () => words[Math.floor(random() * (spam ? 8 : words.length))]).join(
      random() < 0.3 ? ', ' : ' ',
    );
    lines.push(`${spam ? 'spam' : 'ham'},"${text}!"`);
  }
  return `${lines.join('\n')}\n`;
})();
const CONLL = Array.from(
  { length: 40 },
  (_, s) => `The\tD\n${['dog', 'run', 'cat'][s % 3]}\tN\n${['runs', 'run', 'sleeps'][(s * 7) % 3]}\tV\n`,
).join('\n');

describe('perceptron-wasm/worker: text and sequences in a module Worker', () => {
  it('gives the numbers the library gives in Node', async () => {
    await withFixture({}, async ({ page }) => {
      const got = await page.evaluate(
        async ([conll, spam]) => {
          const { createWorker } = await import('/pkg/worker-client.js');
          const w = createWorker();
          const blob = new Blob([spam], { type: 'text/csv' });
          const progress = [];
          const text = await w.loadText(blob, { onProgress: (p) => progress.push(p) });
          const parts = await w.split(text, { test: 0.3, indices: true });
          const session = await w.session('Perceptron', { maxEpochs: 3 }, parts.train);
          const first = await w.advance(session, { steps: 20 });
          const rest = await w.advance(session, { steps: 1e9, records: 0 });
          const evaluation = await w.evaluate(session, parts.test);
          const top = await w.topFeatures(session, { k: 5 });
          const explained = await w.explain(session, { datasetId: parts.test, row: 0 });
          const doc = await w.document(parts.test, 0);
          // A cancelled advance rejects with an AbortError and stops in the worker.
          const long = await w.session('Perceptron', { maxEpochs: 100000 }, parts.train);
          const controller = new AbortController();
          const running = w.advance(long, {
            steps: 1e9,
            records: 0,
            signal: controller.signal,
            onProgress: () => controller.abort(),
          });
          const cancelled = await running.then(
            () => null,
            (error) => error.name,
          );
          await w.closeSession(long);
          const tagged = await w.loadSequences(new Blob([conll]), {});
          const sentence = await w.sentence(tagged, 1);
          const tagger = await w.session('StructuredPerceptron', { maxEpochs: 5 }, tagged);
          const trained = await w.advance(tagger, { steps: 1e6, records: 3 });
          const lattice = await w.lattice(tagger, tagged, 1);
          const tagging = await w.evaluate(tagger, tagged);
          const memory = await w.memory();
          w.terminate();
          return {
            text,
            progress: progress.at(-1),
            testRows: parts.test.indices,
            trainRows: parts.train.indices,
            first: first.records.map((r) => [
              r.t,
              r.index,
              r.mistake,
              r.changes.columns.length,
              r.changes.deltas[0] ?? null,
            ]),
            report: rest.report,
            bias: rest.model.bias,
            evaluation,
            top,
            explained: { score: explained.score, n: explained.contributions.length, first: explained.contributions[0] },
            doc: { label: doc.label, words: doc.words.length },
            cancelled,
            tagged,
            sentence,
            trainedEpochs: trained.epochs,
            changes: trained.records.map((r) => r.changes ?? null),
            lattice,
            tagging,
            memory: { datasets: memory.datasets, sessions: memory.sessions, requests: memory.requests },
          };
        },
        [CONLL, SPAM],
      );

      // The text load: pw.text.bagOfWords of the text column.
      const { rows } = pw.csv.parse(SPAM, { header: true });
      const [labels, texts] = [rows.map((r) => r[0]), rows.map((r) => r[1])];
      const bag = pw.text.bagOfWords(texts, { labels });
      assert.deepEqual([got.text.kind, got.text.rows, got.text.cols], ['text', 400, bag.cols]);
      assert.equal(got.text.bytes, Buffer.byteLength(SPAM));
      assert.deepEqual(got.progress, { bytesRead: got.text.bytes, totalBytes: got.text.bytes, rows: 400 });
      // The split: pw.modelSelection.split's rows, sorted.
      const split = pw.modelSelection.split(labels, { seed: 0, test: 0.3 });
      assert.deepEqual(
        got.testRows,
        [...split.test].sort((a, b) => a - b),
      );
      // The session: the trainer's records, fit's report, score and weights, on the same rows.
      const pick = (rs) =>
        pw.text.bagOfWords(
          rs.map((r) => texts[r]),
          { labels: rs.map((r) => labels[r]), vocabulary: bag.featureNames },
        );
      const [train, test] = [pick(got.trainRows), pick(got.testRows)];
      const model = new pw.Perceptron({ maxEpochs: 3 });
      const trainer = model.trainer(train);
      let before = new Array(train.cols).fill(0);
      const first = Array.from({ length: 20 }, () => {
        const step = trainer.step();
        const changed = step.weights.map((w, j) => w - before[j]).filter((d) => d !== 0);
        before = step.weights;
        return [step.t, step.index, step.mistake, changed.length, changed[0] ?? null];
      });
      assert.deepEqual(got.first, first);
      assert.deepEqual(got.report, trainer.run());
      assert.equal(got.bias, model.bias);
      assert.equal(got.evaluation.accuracy, model.score(test));
      assert.deepEqual(got.evaluation.classes, ['ham', 'spam']);
      const w = model.weights;
      const best = w
        .map((_, j) => j)
        .filter((j) => w[j] > 0)
        .sort((a, b) => w[b] - w[a] || a - b)
        .slice(0, 5);
      assert.deepEqual(
        got.top.positive.map((f) => [f.name, f.weight]),
        best.map((j) => [bag.featureNames[j], w[j]]),
      );
      const scores = model.decisionFunction(test);
      assert.equal(got.explained.score, scores[0]);
      assert.equal(got.doc.label, labels[got.testRows[0]]);
      assert.deepEqual(got.doc.words, pw.text.tokenize(texts[got.testRows[0]]).length);
      assert.equal(got.cancelled, 'AbortError');
      // The sentences: the same tokens in Node (the host's own CoNLL reading), the same model.
      const { call, close } = driveHost();
      const tagged = await call('loadSequences', { input: CONLL, options: {} });
      const sentences = await Promise.all(
        Array.from({ length: tagged.rows }, (_, index) => call('sentence', { datasetId: tagged.datasetId, index })),
      );
      close();
      assert.deepEqual({ ...got.tagged, datasetId: 0 }, { ...tagged, datasetId: 0 });
      assert.deepEqual(got.sentence, sentences[1]);
      const sp = new pw.StructuredPerceptron({ maxEpochs: 5 });
      const tokens = sentences.map((s) => s.tokens);
      const tags = sentences.map((s) => s.tags);
      sp.fit(tokens, tags);
      assert.deepEqual(got.lattice, { ...sp.lattice(tokens[1]), words: sentences[1].words, gold: tags[1] });
      assert.equal(got.tagging.accuracy, sp.score(tokens, tags));
      assert.equal(got.trainedEpochs.at(-1).tokenAccuracy, sp.score(tokens, tags));
      assert.ok(
        got.changes.some((c) => c !== null && c.deltas.length > 0),
        'the first steps changed features',
      );
      assert.deepEqual(got.memory, { datasets: 4, sessions: 2, requests: 0 }); // text, train, test; the sentences
      for (const d of [bag, train, test, model, sp]) d.dispose();
    });
  });
});
