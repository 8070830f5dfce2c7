// pw.StructuredPerceptron's trainer (a step is a sentence) and lattice (issue 29): the trainer
// driven in any slices leaves fit's model and report bit for bit, its steps are fit's onStep
// records; the lattice is Viterbi's table with predict's path, checked against a hand
// computation and against the recurrence recomputed here from toJSON()'s weights.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw, rng, throwsWith } from './helpers.mjs';

const words = (sentence) => sentence.split(' ').map((w) => [`w=${w}`]);

// `count` sentences of 2 to 6 words over tags A, B, C: each tag has 3 words of its own, and a
// third of the tokens take a word of the next tag's, so words are ambiguous and training takes
// several epochs. Tokens carry the word and, for the first one, a start feature.
function corpus(count = 24, seed = 3) {
  const random = rng(seed);
  const tags = ['A', 'B', 'C'];
  const sequences = [];
  const gold = [];
  for (let s = 0; s < count; s++) {
    const n = 2 + Math.floor(random() * 5);
    const y = [];
    const x = [];
    for (let t = 0; t < n; t++) {
      const k = t === 0 ? Math.floor(random() * 3) : (tags.indexOf(y[t - 1]) + 1 + Math.floor(random() * 2)) % 3;
      const from = random() < 1 / 3 ? (k + 1) % 3 : k;
      y.push(tags[k]);
      x.push(t === 0 ? [`w=${from}${Math.floor(random() * 3)}`, 'first'] : [`w=${from}${Math.floor(random() * 3)}`]);
    }
    sequences.push(x);
    gold.push(y);
  }
  return { sequences, gold };
}

// Ways to drive a trainer to its end: step() alone, run and finishEpoch in slices, and a mix.
const DRIVERS = {
  'step()': (trainer) => {
    while (trainer.step() !== null);
  },
  ...Object.fromEntries(
    [1, 3, 7].flatMap((n) => [
      [
        `run({maxSteps: ${n}})`,
        (trainer) => {
          while (!trainer.state.done) trainer.run({ maxSteps: n });
        },
      ],
      [
        `finishEpoch({maxSteps: ${n}})`,
        (trainer) => {
          while (!trainer.state.done) trainer.finishEpoch({ maxSteps: n });
        },
      ],
    ]),
  ),
  'step(), finishEpoch(), run({maxSteps: 7}) in turn': (trainer) => {
    for (let turn = 0; !trainer.state.done; turn++) {
      if (turn % 3 === 0) trainer.step();
      else if (turn % 3 === 1) trainer.finishEpoch();
      else trainer.run({ maxSteps: 7 });
    }
  },
};

describe('StructuredPerceptron.trainer', () => {
  const { sequences, gold } = corpus();
  for (const variant of ['classic', 'averaged']) {
    for (const order of ['cyclic', 'shuffle']) {
      it(`${variant}, ${order}: driven in any slices, exactly fit's model and report`, () => {
        const options = { variant, order, seed: 4, maxEpochs: 8 };
        const fitted = new pw.StructuredPerceptron(options);
        const fitSteps = [];
        const expected = fitted.fit(sequences, gold, { onStep: (step) => fitSteps.push(step) });
        assert.ok(expected.epochs > 2, `${expected.epochs} epochs`);
        const json = JSON.stringify(fitted.toJSON());
        for (const [name, drive] of Object.entries(DRIVERS)) {
          const model = new pw.StructuredPerceptron(options);
          const trainer = model.trainer(sequences, gold);
          assert.deepEqual(trainer.state, { t: 0, epoch: 0, mistakes: 0, converged: false, done: false }, name);
          assert.equal(trainer.lastEpoch, null);
          drive(trainer);
          assert.equal(JSON.stringify(model.toJSON()), json, name);
          assert.deepEqual(trainer.run(), expected, name);
          assert.deepEqual(
            trainer.state,
            {
              t: expected.steps,
              epoch: expected.epochs,
              mistakes: expected.mistakes,
              converged: expected.converged,
              done: true,
            },
            name,
          );
          assert.deepEqual(trainer.lastEpoch, expected.history.at(-1), name);
          assert.equal(trainer.step(), null);
          assert.equal(trainer.finishEpoch(), null);
          model.dispose();
        }
        // Every step() record is fit's onStep record.
        const model = new pw.StructuredPerceptron(options);
        const trainer = model.trainer(sequences, gold);
        const steps = [];
        for (let step; (step = trainer.step()) !== null;) steps.push(step);
        assert.deepEqual(steps, fitSteps);
        assert.equal(steps.length, expected.steps);
      });
    }
  }

  it('between steps the model is the training so far: predict and lattice read it', () => {
    const model = new pw.StructuredPerceptron();
    const trainer = model.trainer([words('the dog barks')], [['D', 'N', 'V']]);
    assert.equal(model.fitted, true);
    assert.deepEqual(model.tags, ['D', 'N', 'V']);
    // From w = 0 everything ties: D D D.
    assert.deepEqual(model.predict([words('the dog barks')]), [['D', 'D', 'D']]);
    const first = trainer.step();
    assert.deepEqual(
      [first.t, first.epoch, first.index, first.label, first.prediction, first.mistake, first.differing],
      [1, 1, 0, ['D', 'N', 'V'], ['D', 'D', 'D'], true, 2],
    );
    assert.deepEqual(model.lattice(words('the dog barks')).path, ['D', 'N', 'V']);
    assert.deepEqual(trainer.finishEpoch(), { epoch: 2, steps: 1, mistakes: 0 });
    assert.equal(trainer.state.done, true);
    assert.equal(trainer.state.converged, true);
  });

  it('bad input is named and changes nothing; a running trainer keeps running', () => {
    const model = new pw.StructuredPerceptron();
    const trainer = model.trainer([words('the dog barks')], [['D', 'N', 'V']]);
    const before = JSON.stringify(model.toJSON());
    throwsWith(
      assert,
      () => model.trainer([words('a b')], [['D']]),
      RangeError,
      /^StructuredPerceptron\.trainer: tags\[0\] must hold 2 tags, one per token; received an array of length 1$/,
    );
    throwsWith(
      assert,
      () => model.trainer('a b', [['D']]),
      TypeError,
      /^StructuredPerceptron\.trainer: sequences must be an array of sequences \(arrays of tokens\); received the string "a b"$/,
    );
    throwsWith(
      assert,
      () => model.trainer([words('a')], [['D']], { onStep() {} }),
      TypeError,
      /StructuredPerceptron\.trainer: unknown option "onStep"/,
    );
    assert.equal(JSON.stringify(model.toJSON()), before);
    assert.equal(trainer.step().t, 1);
    // fit ends it.
    model.fit([words('a')], [['D']]);
    throwsWith(assert, () => trainer.step(), pw.DisposedError, /trainer\(\)\.step/, /ended when the model changed/);
  });
  it('a run that overflows is a RangeError: the model as it was before the run, the trainer ended', () => {
    const model = new pw.StructuredPerceptron({ learningRate: 1e308 });
    // The first sentence's mistake adds and takes 3e308 on E[X][a]: Infinity - Infinity.
    const trainer = model.trainer(
      [
        [['a', 'a', 'a'], ['b']],
        [['b'], ['a']],
      ],
      [
        ['X', 'Y'],
        ['X', 'Y'],
      ],
    );
    const before = JSON.stringify(model.toJSON());
    throwsWith(
      assert,
      () => trainer.run({ maxSteps: 2 }),
      RangeError,
      /^StructuredPerceptron\.trainer\(\)\.run: training overflowed: .* \(the model is as it was before the call\)/,
    );
    assert.equal(JSON.stringify(model.toJSON()), before);
    assert.equal(model.steps, 0);
    throwsWith(assert, () => trainer.step(), pw.DisposedError, /ended when the model changed/);
  });
});

describe('StructuredPerceptron.lattice', () => {
  it('the three-word example by hand: the table, its back pointers and the path', () => {
    const model = new pw.StructuredPerceptron();
    model.fit([words('the dog barks')], [['D', 'N', 'V']]);
    const lattice = model.lattice(words('the dog barks'));
    // toJSON: E[D] = (barks -1, dog -1, the 0), E[N][dog] = 1, E[V][barks] = 1; T[D][D] = -2,
    // T[D][N] = 1, T[N][V] = 1. t = 1: D from N (0 + 0 beats D's -2, V's ties later) 0 - 1 = -1;
    // N from D 1 + 1 = 2; V from N 1 + 0 = 1. t = 2: D from N 2 - 1 = 1; N from N 2; V from N
    // 2 + 1 + 1 = 4.
    assert.deepEqual(lattice, {
      tags: ['D', 'N', 'V'],
      emission: [
        [0, 0, 0],
        [-1, 1, 0],
        [-1, 0, 1],
      ],
      transition: [
        [-2, 1, 0],
        [0, 0, 1],
        [0, 0, 0],
        [0, 0, 0],
      ],
      best: [
        [0, 0, 0],
        [-1, 2, 1],
        [1, 2, 4],
      ],
      back: [
        [-1, -1, -1],
        [1, 0, 1],
        [1, 1, 1],
      ],
      path: ['D', 'N', 'V'],
      score: 4,
    });
    // Records count their values; unknown names add nothing.
    const weighted = model.lattice([{ 'w=dog': 2, 'w=cat': 5 }]);
    assert.deepEqual(weighted.emission, [[-2, 2, 0]]);
    assert.deepEqual(weighted.best, [[-2, 2, 0]]);
    assert.deepEqual([weighted.path, weighted.score], [['N'], 2]);
  });

  it("on a corpus: path is predict's, score the best of the last row, the table the recurrence over toJSON()'s weights", () => {
    const { sequences, gold } = corpus(30, 8);
    for (const variant of ['classic', 'averaged']) {
      const model = new pw.StructuredPerceptron({ variant, maxEpochs: 3 });
      model.fit(sequences, gold);
      const json = model.toJSON();
      const K = json.classes.length;
      const predicted = model.predict(sequences);
      sequences.forEach((tokens, s) => {
        const lattice = model.lattice(tokens);
        assert.deepEqual(lattice.path, predicted[s]);
        assert.equal(lattice.score, Math.max(...lattice.best.at(-1)));
        assert.equal(lattice.back.length, tokens.length);
        // The recurrence, recomputed from the lattice's own emission and transition.
        lattice.best.forEach((row, t) =>
          row.forEach((value, k) => {
            const j = lattice.back[t][k];
            const from = t === 0 ? lattice.transition[K][k] : lattice.best[t - 1][j] + lattice.transition[j][k];
            assert.equal(value, from + lattice.emission[t][k]);
            if (t > 0) {
              for (let i = 0; i < K; i++) {
                const other = lattice.best[t - 1][i] + lattice.transition[i][k];
                assert.ok(i < j ? other < from : other <= from, `t ${t} tag ${k}: from ${j}, ${i} scores ${other}`);
              }
            }
          }),
        );
        if (variant === 'classic') {
          // Classic predicts with the training weights toJSON() saves: E[k] . x_t and T.
          const column = (name) => json.vocabulary.indexOf(name);
          const emission = tokens.map((token) =>
            json.emission.map((row) => token.reduce((a, n) => a + row[column(n)], 0)),
          );
          assert.deepEqual(lattice.emission, emission);
          assert.deepEqual(lattice.transition, json.transition);
        }
      });
      model.dispose();
    }
  });

  it('NotFittedError before fit; bad tokens named as predict names them; the model unchanged', () => {
    const model = new pw.StructuredPerceptron();
    throwsWith(assert, () => model.lattice(words('a')), pw.NotFittedError, /^StructuredPerceptron\.lattice: /);
    model.fit([words('the dog barks')], [['D', 'N', 'V']]);
    const before = JSON.stringify(model.toJSON());
    const cases = [
      [
        'a b',
        TypeError,
        /^StructuredPerceptron\.lattice: tokens must be a non-empty array of tokens; received the string "a b"$/,
      ],
      [
        [],
        RangeError,
        /^StructuredPerceptron\.lattice: tokens must be a non-empty array of tokens; received an array of length 0$/,
      ],
      [
        [['w=a'], 7],
        TypeError,
        /^StructuredPerceptron\.lattice: tokens\[1\] must be a token: an array of feature names or a record \{name: value\}; received 7$/,
      ],
      [
        [['w=a', 3]],
        TypeError,
        /^StructuredPerceptron\.lattice: tokens\[0\] must hold feature names \(strings\); received 3$/,
      ],
      [
        [{ 'w=a': 'x' }],
        TypeError,
        /^StructuredPerceptron\.lattice: tokens\[0\]\["w=a"\] must be a finite number; received the string "x"$/,
      ],
      [
        [['w=a'], { 'w=b': NaN }],
        RangeError,
        /^StructuredPerceptron\.lattice: tokens\[1\]\["w=b"\] must be a finite number; received NaN$/,
      ],
    ];
    for (const [tokens, ErrorClass, pattern] of cases) {
      throwsWith(assert, () => model.lattice(tokens), ErrorClass, pattern);
    }
    assert.equal(JSON.stringify(model.toJSON()), before);
    model.dispose();
    throwsWith(assert, () => model.lattice(words('a')), pw.DisposedError, /disposed/);
  });
});
