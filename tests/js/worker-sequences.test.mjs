// perceptron-wasm/worker's structured perceptron: sessions on a sequences dataset (a step is a
// sentence; its record's changes are what the update added and removed), fit, evaluate and
// lattice, driven through the worker's host in Node (tests/js/worker-driver.mjs) against
// pw.StructuredPerceptron's own trainer, fit, score and lattice run here on the same tokens.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { pw, rng } from './helpers.mjs';
import { driveHost } from './worker-driver.mjs';

const { call, cancel, close } = driveHost();
after(close);

// A seeded tagged corpus with ambiguous words ("run" and "walk" are nouns after "the", verbs
// after a noun), as CoNLL text.
function corpus(sentences, seed = 1, noise = 0) {
  const random = rng(seed);
  const pick = (words) => words[Math.floor(random() * words.length)];
  const lines = [];
  for (let s = 0; s < sentences; s++) {
    const words = [
      ['The', 'D'],
      [pick(['dog', 'cat', 'run', 'walk']), 'N'],
      [pick(['runs', 'walks', 'run', 'walk', 'sleeps']), 'V'],
    ];
    if (random() < 0.5) words.push(['home', 'N']);
    if (random() < noise) words[1][1] = 'V'; // a wrong tag: no epoch without a mistake
    lines.push(words.map(([w, t]) => `${w}\t${t}`).join('\n'));
  }
  return `${lines.join('\n\n')}\n`;
}

const CONLL = corpus(30);

// The emission and transition weights of a saved model as {kind|name|tag: weight}, not zeros.
function weightsOf(json) {
  const out = new Map();
  const names = json.vocabulary ?? [];
  json.emission.forEach((row, k) =>
    row.forEach((w, j) => w !== 0 && out.set(`emission|${names[j]}|${json.classes[k]}`, w)),
  );
  json.transition.forEach((row, j) =>
    row.forEach((w, k) => {
      const from = j === json.classes.length ? '<s>' : json.classes[j];
      if (w !== 0) out.set(`transition|prev=${from}|${json.classes[k]}`, w);
    }),
  );
  return out;
}

describe('worker: the structured perceptron', () => {
  it("a session's records are the trainer's, its changes what the update did to the weights, and it ends at fit's model", async () => {
    const data = await call('loadSequences', { input: CONLL, options: {} });
    const sentences = await Promise.all(
      Array.from({ length: data.rows }, (_, index) => call('sentence', { datasetId: data.datasetId, index })),
    );
    const tokens = sentences.map((s) => s.tokens);
    const tags = sentences.map((s) => s.tags);
    const options = { maxEpochs: 5, learningRate: 0.5 };
    const session = await call('session', { modelKind: 'StructuredPerceptron', options, datasetId: data.datasetId });
    const model = new pw.StructuredPerceptron(options);
    const trainer = model.trainer(tokens, tags);
    const records = [];
    const epochs = [];
    const take = async (o) => {
      const out = await call('advance', { sessionId: session.sessionId, options: o });
      records.push(...out.records);
      epochs.push(...out.epochs);
      assert.ok(!('model' in out), 'no predicting state for sequences');
      return out;
    };
    let before = weightsOf(model.toJSON());
    const check = (record) => {
      const step = trainer.step();
      const { changes, ...rest } = record;
      assert.deepEqual(rest, step);
      // The weights' change from the model saved before and after the same step.
      const now = weightsOf(model.toJSON());
      const expected = new Map();
      for (const key of new Set([...before.keys(), ...now.keys()])) {
        const delta = (now.get(key) ?? 0) - (before.get(key) ?? 0);
        if (delta !== 0) expected.set(key, delta);
      }
      const got = new Map(
        (changes?.names ?? []).map((name, k) => [`${changes.kinds[k]}|${name}|${changes.tags[k]}`, changes.deltas[k]]),
      );
      assert.deepEqual(got, expected, `step ${step.t}`);
      assert.equal(step.mistake, expected.size > 0);
      if (step.mistake) assert.ok(expected.size >= 2, 'something added, something removed');
      before = now;
      if (trainer.lastEpoch && trainer.lastEpoch.epoch !== checked.at(-1)?.epoch) {
        checked.push({ ...trainer.lastEpoch, tokenAccuracy: model.score(tokens, tags) });
      }
    };
    const checked = [];
    (await take({})).records.forEach(check);
    (await take({ epoch: true })).records.forEach(check);
    (await take({ steps: 17 })).records.forEach(check);
    assert.equal(records.length, 1 + 29 + 17);
    assert.ok(records.some((r) => r.mistake && r.changes.deltas.length > 0));
    let last;
    while (!(last = await take({ steps: 11, epoch: true })).state.done) last.records.forEach(check);
    last.records.forEach(check);
    assert.deepEqual(epochs, checked);
    assert.ok(epochs.length >= 2 && epochs.every((e) => e.tokenAccuracy > 0.3));
    const fitted = new pw.StructuredPerceptron(options);
    const report = fitted.fit(tokens, tags);
    assert.deepEqual(last.report, report);
    // fit in the worker: the same model and report.
    const seen = [];
    const inWorker = await call(
      'fit',
      { modelKind: 'StructuredPerceptron', options, datasetId: data.datasetId, fitOptions: {}, epochs: true },
      { onEpoch: (e) => seen.push(e) },
    );
    assert.deepEqual(inWorker.model, fitted.toJSON());
    assert.deepEqual(inWorker.report, report);
    assert.deepEqual(seen, checked);
    // evaluate: token accuracy and a hand count of the tags' confusion.
    const evaluation = await call('evaluate', { target: session.sessionId, datasetId: data.datasetId });
    assert.equal(evaluation.accuracy, fitted.score(tokens, tags));
    assert.deepEqual(evaluation.classes, ['D', 'N', 'V']);
    const predicted = fitted.predict(tokens).flat();
    const truth = tags.flat();
    const count = (t, p) => truth.filter((tag, i) => tag === t && predicted[i] === p).length;
    assert.deepEqual(
      evaluation.confusion,
      ['D', 'N', 'V'].map((t) => ['D', 'N', 'V'].map((p) => count(t, p))),
    );
    // lattice: the model's, with the sentence's words and gold tags.
    for (const index of [0, 7, 29]) {
      const lattice = await call('lattice', { sessionId: session.sessionId, datasetId: data.datasetId, index });
      assert.deepEqual(lattice, { ...fitted.lattice(tokens[index]), words: sentences[index].words, gold: tags[index] });
    }
    for (const m of [model, fitted]) m.dispose();
  });

  it('a sentence without mistakes changes nothing; the changes of a record by hand', async () => {
    // One sentence, two tokens: the first step predicts the first tag (A) everywhere (zero
    // weights, ties to the first tag), gold is A B: the update adds B's emission for token 2's
    // features and the transition A -> B, and removes A's for token 2 and A -> A.
    const input = { sequences: [[['x'], ['y', 'z']]], tags: [['A', 'B']] };
    const data = await call('loadSequences', { input, options: {} });
    const session = await call('session', {
      modelKind: 'StructuredPerceptron',
      options: { learningRate: 2 },
      datasetId: data.datasetId,
    });
    const { records } = await call('advance', { sessionId: session.sessionId, options: { steps: 2 } });
    assert.deepEqual(records[0].prediction, ['A', 'A']);
    const { names, tags, deltas, kinds } = records[0].changes;
    const got = names.map((name, k) => `${kinds[k]} ${name} ${tags[k]} ${deltas[k]}`).sort();
    assert.deepEqual(got, [
      'emission y A -2',
      'emission y B 2',
      'emission z A -2',
      'emission z B 2',
      'transition prev=A A -2',
      'transition prev=A B 2',
    ]);
    assert.equal(records[1].mistake, false);
    assert.ok(!('changes' in records[1]));
  });

  it('cancel stops a long structured fit; bad arguments name the argument', async () => {
    const data = await call('loadSequences', { input: corpus(3000, 5, 0.05), options: {} });
    const running = call(
      'fit',
      {
        modelKind: 'StructuredPerceptron',
        options: { maxEpochs: 1000, order: 'shuffle' },
        datasetId: data.datasetId,
        fitOptions: {},
        progress: true,
      },
      {
        onProgress: () => cancel(running),
      },
    );
    await assert.rejects(running, { name: 'AbortError', message: 'fit: cancelled' });
    const text = await call('loadText', { file: 'label,text\n1,a b\n-1,c\n', options: {} });
    await assert.rejects(
      call('session', { modelKind: 'StructuredPerceptron', options: {}, datasetId: text.datasetId }),
      {
        name: 'TypeError',
        message: /session: datasetId: datasetId \d+ is a 'text' dataset; this call takes 'sequences'/,
      },
    );
    await assert.rejects(call('session', { modelKind: 'Perceptron', options: {}, datasetId: data.datasetId }), {
      name: 'TypeError',
      message: /session: datasetId: datasetId \d+ is a 'sequences' dataset; this call takes 'matrix' or 'text'/,
    });
    const session = await call('session', {
      modelKind: 'StructuredPerceptron',
      options: {},
      datasetId: data.datasetId,
    });
    // Before a step the trainer has learned the tags and vocabulary, the weights are zeros.
    const zero = await call('lattice', { sessionId: session.sessionId, datasetId: data.datasetId, index: 0 });
    assert.ok(zero.emission.flat().every((v) => v === 0));
    assert.deepEqual(
      zero.path,
      zero.words.map(() => 'D'),
    );
    await call('advance', { sessionId: session.sessionId, options: {} });
    await assert.rejects(call('lattice', { sessionId: session.sessionId, datasetId: data.datasetId, index: -1 }), {
      name: 'RangeError',
      message: /lattice: index must be an integer from 0 to 2999; received -1/,
    });
    await assert.rejects(call('adopt', { sessionId: session.sessionId, model: {} }), {
      name: 'TypeError',
      message: /adopt: a StructuredPerceptron session cannot go on from given weights/,
    });
    await assert.rejects(call('explain', { target: session.sessionId, input: { x: [1] } }), {
      name: 'TypeError',
      message: /explain: a StructuredPerceptron scores tag sequences/,
    });
    await assert.rejects(
      call('fit', {
        modelKind: 'StructuredPerceptron',
        options: {},
        datasetId: data.datasetId,
        fitOptions: { trace: true },
      }),
      {
        name: 'TypeError',
        message: /fit: option "trace" is not one the StructuredPerceptron's fit takes here/,
      },
    );
  });
});
