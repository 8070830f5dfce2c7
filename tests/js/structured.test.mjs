// pw.StructuredPerceptron (issue 11): the hand-computed trace of a three-word sentence, Collins'
// mistake bound on separable sequences from a known HMM, token accuracy on generated tagged
// text against the most-frequent-tag baseline, and the option and JSON conventions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw, rng, throwsWith } from './helpers.mjs';

const words = (sentence) => sentence.split(' ').map((w) => [`w=${w}`]);

// Sequences from an HMM with tags 0..K-1: a start distribution and peaked transitions (weights
// u^4 + 0.01, u uniform) drawn once from the seed, each tag emitting a uniform word of its own
// list of `wordsPerTag` words; with probability `shared` a token instead takes a word of the
// next tag's list (tag k + 1 mod K), so every word is ambiguous between two tags and only the
// context tells them apart (as English "run" is a noun or a verb).
function hmm({ tags = 4, wordsPerTag = 6, sentences = 200, length = [3, 9], shared = 0, seed = 1 }) {
  const random = rng(seed);
  const pick = (weights) => {
    let r = random() * weights.reduce((a, b) => a + b, 0);
    for (let k = 0; k < weights.length; k++) if ((r -= weights[k]) < 0) return k;
    return weights.length - 1;
  };
  const start = Array.from({ length: tags }, () => random() + 0.1);
  const transition = Array.from({ length: tags }, () => Array.from({ length: tags }, () => random() ** 4 + 0.01));
  const vocab = Array.from({ length: tags }, (_, k) => Array.from({ length: wordsPerTag }, (_, i) => `t${k}w${i}`));
  const emit = (k) => {
    if (shared > 0 && random() < shared) return vocab[(k + 1) % tags][Math.floor(random() * wordsPerTag)];
    return vocab[k][Math.floor(random() * wordsPerTag)];
  };
  const X = [];
  const Y = [];
  for (let s = 0; s < sentences; s++) {
    const n = length[0] + Math.floor(random() * (length[1] - length[0] + 1));
    const y = [pick(start)];
    while (y.length < n) y.push(pick(transition[y.at(-1)]));
    X.push(y.map((k) => emit(k)));
    Y.push(y.map((k) => `T${k}`));
  }
  return { X, Y };
}

describe('StructuredPerceptron', () => {
  it('the three-word example, by hand: D D D then D N V, 2 epochs, 1 mistake', () => {
    const model = new pw.StructuredPerceptron();
    const steps = [];
    const report = model.fit([words('the dog barks')], [['D', 'N', 'V']], { onStep: (s) => steps.push(s) });
    assert.deepEqual(
      { epochs: report.epochs, steps: report.steps, mistakes: report.mistakes, converged: report.converged },
      { epochs: 2, steps: 2, mistakes: 1, converged: true },
    );
    // From w = 0 every score ties and Viterbi keeps the first tag: D D D. The update adds
    // Phi(D N V) - Phi(D D D); then the deltas are [0,0,0], [-1,2,1], [1,2,4]: D N V, score 4.
    assert.deepEqual(
      steps.map(({ t, epoch, predicted, score, goldScore, mistake, differing }) => [
        t,
        epoch,
        predicted.join(' '),
        score,
        goldScore,
        mistake,
        differing,
      ]),
      [
        [1, 1, 'D D D', 0, 0, true, 2],
        [2, 2, 'D N V', 4, 4, false, 0],
      ],
    );
    const json = model.toJSON();
    assert.deepEqual(json.vocabulary, ['w=barks', 'w=dog', 'w=the']);
    assert.deepEqual(json.emission, [
      [-1, -1, 0],
      [0, 1, 0],
      [1, 0, 0],
    ]);
    assert.deepEqual(json.transition, [
      [-2, 1, 0],
      [0, 0, 1],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    assert.deepEqual(model.predict([words('the dog barks'), words('dog barks')]), [
      ['D', 'N', 'V'],
      ['N', 'V'],
    ]);
  });

  it("separable sequences from a known HMM: mistakes stay under Collins' R^2 / gamma^2", () => {
    const { X, Y } = hmm({ tags: 5, sentences: 300, seed: 7 });
    const sequences = X.map((sentence) => sentence.map((w) => [`w=${w}`]));
    const model = new pw.StructuredPerceptron({ order: 'shuffle', seed: 3 });
    const report = model.fit(sequences, Y);
    assert.equal(report.converged, true);
    assert.equal(model.score(sequences, Y), 1);
    // u: weight 1 on every (tag, word) emission the data holds, 0 elsewhere. The tags' word lists
    // are disjoint, so u . (Phi(x, y) - Phi(x, z)) is the number of tokens z tags wrongly, >= 1:
    // gamma >= 1 / ||u|| = 1 / sqrt(pairs). And for any tags z, ||Phi(x, z)||^2 <= sum over
    // the words w of x of (its count)^2 + n^2 (all of a word's tokens on one tag, every
    // transition the same pair), so ||Phi(x, y) - Phi(x, z)||^2 <= 4 B(x): R^2 <= 4 max B.
    const pairs = new Set(X.flatMap((sentence, s) => sentence.map((w, t) => `${Y[s][t]} ${w}`))).size;
    const B = X.map((sentence) => {
      const counts = new Map();
      for (const w of sentence) counts.set(w, (counts.get(w) ?? 0) + 1);
      return [...counts.values()].reduce((a, c) => a + c * c, 0) + sentence.length ** 2;
    });
    const bound = (4 * Math.max(...B)) / (1 / pairs);
    assert.ok(report.mistakes > 0 && report.mistakes <= bound, `${report.mistakes} mistakes, bound ${bound}`);
  });

  it('generated tagged text with ambiguous words: token accuracy well above the most-frequent-tag baseline', () => {
    // 40% of the tokens are words of the next tag's list: the word alone is often wrong.
    const { X, Y } = hmm({ tags: 6, wordsPerTag: 20, sentences: 1200, shared: 0.4, seed: 11 });
    const train = { X: X.slice(0, 900), Y: Y.slice(0, 900) };
    const test = { X: X.slice(900), Y: Y.slice(900) };
    // The word alone: what the tagger adds to the baseline is the transitions' context.
    const features = (sentence) => sentence.map((w) => [`w=${w}`]);
    const model = new pw.StructuredPerceptron({ variant: 'averaged', order: 'shuffle', seed: 1, maxEpochs: 10 });
    model.fit(train.X.map(features), train.Y);
    const accuracy = model.score(test.X.map(features), test.Y);
    // The baseline: each word's most frequent tag in training, the most frequent tag for unseen words.
    const counts = new Map();
    const overall = new Map();
    train.X.forEach((sentence, s) =>
      sentence.forEach((w, t) => {
        const tag = train.Y[s][t];
        const c = counts.get(w) ?? new Map();
        c.set(tag, (c.get(tag) ?? 0) + 1);
        counts.set(w, c);
        overall.set(tag, (overall.get(tag) ?? 0) + 1);
      }),
    );
    const best = (c) => [...c].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    let hits = 0;
    let total = 0;
    test.X.forEach((sentence, s) =>
      sentence.forEach((w, t) => {
        hits += (counts.has(w) ? best(counts.get(w)) : best(overall)) === test.Y[s][t];
        total++;
      }),
    );
    const baseline = hits / total;
    assert.ok(baseline > 0.5 && baseline < 0.8, `baseline ${baseline}`);
    assert.ok(accuracy > baseline + 0.05, `structured ${accuracy}, baseline ${baseline}`);
  });

  it('JSON round trip (averaged, hashing), partialFit, and the options', () => {
    const { X, Y } = hmm({ tags: 3, sentences: 60, seed: 2 });
    const sequences = X.map((sentence) => sentence.map((w) => ({ [`w=${w}`]: 1, bias: 1 })));
    for (const options of [{ variant: 'averaged' }, { hashing: { bits: 10 }, maxEpochs: 3 }]) {
      const model = new pw.StructuredPerceptron(options);
      model.fit(sequences, Y);
      const copy = pw.StructuredPerceptron.fromJSON(JSON.stringify(model));
      assert.deepEqual(copy.predict(sequences), model.predict(sequences));
      assert.deepEqual(copy.toJSON(), model.toJSON());
      model.partialFit(sequences.slice(0, 5), Y.slice(0, 5));
      copy.partialFit(sequences.slice(0, 5), Y.slice(0, 5));
      assert.deepEqual(copy.toJSON(), model.toJSON());
      assert.equal(copy.steps, model.steps);
    }
    const stream = new pw.StructuredPerceptron();
    stream.partialFit([words('a b')], [['X', 'Y']], { tags: ['X', 'Y', 'Z'] });
    assert.deepEqual(stream.tags, ['X', 'Y', 'Z']);
    stream.partialFit([words('b a')], [['Z', 'X']]);
    assert.equal(stream.steps, 2);
  });

  it('the step record: one per sequence, its gold tags as label and Viterbi’s as prediction, by hand', () => {
    // Tokens are single features; tags N (noun) and V (verb), sorted: N = 0, V = 1.
    const sequences = [[['dogs'], ['run']], [['cats']]];
    const tags = [['N', 'V'], ['N']];
    const steps = [];
    const model = new pw.StructuredPerceptron({ maxEpochs: 2 });
    const report = model.fit(sequences, tags, { onStep: (s) => void steps.push(s) });
    // Sequence 0 at zero weights: every path scores 0, Viterbi's ties go to the first tag (N N):
    // one tag wrong; w += Phi(gold) - Phi(N N): E[V][run] +1, E[N][run] -1, T[N][V] +1, T[N][N] -1.
    // The gold path then scores 2 (E[N][dogs] 0 + T[start][N] 0 + E[V][run] 1 + T[N][V] 1).
    // Sequence 1 (cats, a new name: emission 0): start -> N and start -> V both 0: N, right.
    // Epoch 2: sequence 0 predicts N V (2 against N N's -2), right; sequence 1 N: converged.
    // [t, epoch, index, gold tags, Viterbi's tags, their score, mistake, tags wrong] as records.
    const record = ([t, epoch, index, label, prediction, score, mistake, differing]) => ({
      t,
      epoch,
      index,
      label,
      prediction,
      predicted: prediction,
      score,
      mistake,
      differing,
    });
    assert.deepEqual(
      steps.map(({ goldScore, ...s }) => s),
      [
        [1, 1, 0, ['N', 'V'], ['N', 'N'], 0, true, 1],
        [2, 1, 1, ['N'], ['N'], 0, false, 0],
        [3, 2, 0, ['N', 'V'], ['N', 'V'], 2, false, 0],
        [4, 2, 1, ['N'], ['N'], 0, false, 0],
      ].map(record),
    );
    assert.deepEqual(
      steps.map((s) => s.goldScore),
      [0, 0, 2, 0],
    );
    assert.deepEqual([report.steps, report.mistakes, report.converged], [4, 1, true]);
    model.dispose();
  });

  it('bad input is named; a throwing onStep or an abort leaves the model as it was', () => {
    const model = new pw.StructuredPerceptron();
    model.fit([words('the dog barks')], [['D', 'N', 'V']]);
    const before = JSON.stringify(model);
    throwsWith(
      assert,
      () => model.fit([words('a b')], [['D']]),
      RangeError,
      /tags\[0\] must hold 2 tags, one per token/,
    );
    throwsWith(assert, () => model.fit([[['w=a'], 5]], [['D', 'N']]), TypeError, /sequences\[0\]\[1\] must be a token/);
    throwsWith(assert, () => model.fit([[]], [[]]), RangeError, /sequences\[0\] must be a non-empty array of tokens/);
    throwsWith(assert, () => model.fit('abc', []), TypeError, /sequences must be an array of sequences/);
    throwsWith(
      assert,
      () => new pw.StructuredPerceptron({ variant: 'voted' }),
      RangeError,
      /option variant must be one of "classic", "averaged"/,
    );
    throwsWith(
      assert,
      () => new pw.StructuredPerceptron({ maxEpochs: 0 }),
      RangeError,
      /option maxEpochs must be an integer from 1/,
    );
    throwsWith(
      assert,
      () => new pw.StructuredPerceptron({ learningRate: -1 }),
      RangeError,
      /option learningRate must be a finite number > 0/,
    );
    throwsWith(assert, () => new pw.StructuredPerceptron({ epochs: 3 }), TypeError, /unknown option "epochs"/);
    throwsWith(
      assert,
      () => model.partialFit([words('a')], [['Q']]),
      RangeError,
      /tag "Q" \(token 0\) is not one of the model's tags/,
    );
    assert.throws(
      () =>
        model.fit([words('the dog barks')], [['D', 'V', 'N']], {
          onStep: () => {
            throw new Error('from the callback');
          },
        }),
      /from the callback/,
    );
    const controller = new AbortController();
    controller.abort();
    assert.throws(() => model.fit([words('a b')], [['N', 'V']], { signal: controller.signal }), { name: 'AbortError' });
    assert.equal(JSON.stringify(model), before);
    throwsWith(
      assert,
      () => new pw.StructuredPerceptron().predict([words('a')]),
      pw.NotFittedError,
      /has not learned yet/,
    );
    model.dispose();
    throwsWith(assert, () => model.predict([words('a')]), pw.DisposedError, /disposed/);
  });

  it('training that overflows is a RangeError and leaves the model as it was', () => {
    const model = new pw.StructuredPerceptron({ learningRate: 1e308 });
    throwsWith(
      assert,
      () =>
        model.fit(
          [
            [['a', 'a', 'a'], ['b']],
            [['b'], ['a']],
          ],
          [
            ['X', 'Y'],
            ['X', 'Y'],
          ],
        ),
      RangeError,
      /StructuredPerceptron\.fit: training overflowed: .* \(the model is as it was before the call\)/,
    );
    assert.equal(model.fitted, false);
    throwsWith(assert, () => model.fit([], []), RangeError, /sequences must hold at least one sequence; received 0/);
  });

  it('onStep returning false stops training, the weights reached kept', () => {
    const { X, Y } = hmm({ tags: 4, sentences: 50, seed: 5 });
    const model = new pw.StructuredPerceptron();
    const report = model.fit(
      X.map((s) => s.map((w) => [w])),
      Y,
      { onStep: (step) => step.t < 10 },
    );
    assert.equal(report.stopped, true);
    assert.equal(model.steps, 10);
  });
});
