// The tagging mode's pure views: the lattice's cells and words (web/tagging/lattice-view.js) and
// the features a step changed (web/tagging/changes-view.js), against hand-made lattices and the
// library's weights before and after one update.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pw } from './helpers.mjs';
import { generateCorpus } from '../../web/tagging/corpus.js';
import { changesText, featureLabel, updateChanges, weightDifference } from '../../web/tagging/changes-view.js';
import { latticeCells, latticeText } from '../../web/tagging/lattice-view.js';

// 'they can fish' with two tags: scores by hand.
const LATTICE = {
  tags: ['NOUN', 'VERB'],
  emission: [
    [1, 0],
    [0.5, 0.5],
    [2, -1],
  ],
  transition: [
    [0, 1],
    [0.5, 0],
    [0, 0],
  ],
  // best[0] = start + emission; best[t][k] = max_j best[t-1][j] + T[j][k] + E[t][k].
  best: [
    [1, 0],
    [1.5, 2.5],
    [5, 2],
  ],
  back: [
    [-1, -1],
    [0, 0],
    [1, 0],
  ],
  path: ['NOUN', 'VERB', 'NOUN'],
  score: 5,
};

test('latticeCells: every cell with its scores, previous tag, and whether it is on each path', () => {
  const cells = latticeCells(LATTICE, ['NOUN', 'VERB', 'VERB']);
  assert.deepEqual(cells[1][2], { tag: 'VERB', emission: -1, best: 2, back: 'NOUN', path: false, gold: true });
  assert.deepEqual(cells[0][0], { tag: 'NOUN', emission: 1, best: 1, back: null, path: true, gold: true });
  assert.deepEqual(
    cells.map((row) => row.map((c) => `${c.path ? 'P' : '-'}${c.gold ? 'G' : '-'}`)),
    [
      ['PG', '--', 'P-'],
      ['--', 'PG', '-G'],
    ],
  );
});

test('latticeText says both paths and the wrong tags', () => {
  const words = ['they', 'can', 'fish'];
  const text = latticeText(LATTICE, { words, gold: ['NOUN', 'VERB', 'VERB'] });
  assert.equal(text.path, 'they/NOUN can/VERB fish/NOUN');
  assert.deepEqual(text.wrong, [{ position: 3, word: 'fish', predicted: 'NOUN', gold: 'VERB' }]);
  assert.equal(
    text.summary,
    'Viterbi path: they/NOUN can/VERB fish/NOUN, score 5. Gold path: they/NOUN can/VERB fish/VERB. ' +
      '1 of 3 tags differ: fish (position 3) NOUN instead of VERB.',
  );
  assert.equal(
    latticeText(LATTICE, { words, gold: LATTICE.path }).summary,
    'Viterbi path: they/NOUN can/VERB fish/NOUN, score 5. It equals the gold path.',
  );
});

test('updateChanges lists Phi(gold) - Phi(predicted); its text names each feature', () => {
  const tokens = [['w=they'], ['w=can'], { 'w=fish': 2 }];
  const changes = updateChanges(tokens, ['PRON', 'VERB', 'NOUN'], ['PRON', 'NOUN', 'NOUN']);
  assert.deepEqual(
    changes.added.map((c) => [c.feature, c.value]),
    [
      ['VERB · w=can', 1],
      ['PRON → VERB', 1],
      ['VERB → NOUN', 1],
    ],
  );
  assert.deepEqual(
    changes.removed.map((c) => [c.feature, c.value]),
    [
      ['NOUN · w=can', -1],
      ['NOUN → NOUN', -1],
      ['PRON → NOUN', -1],
    ],
  );
  assert.equal(
    changesText(changes),
    'Added: VERB · w=can +1, PRON → VERB +1, VERB → NOUN +1. Removed: NOUN · w=can −1, NOUN → NOUN −1, PRON → NOUN −1.',
  );
  assert.equal(featureLabel('t|<s>|DET'), 'start → DET');
  const none = updateChanges(tokens, ['PRON', 'VERB', 'NOUN'], ['PRON', 'VERB', 'NOUN']);
  assert.deepEqual(none, { added: [], removed: [] });
  assert.equal(changesText(none), 'No update: Viterbi’s tags were the gold tags.');
  assert.deepEqual(
    updateChanges(tokens, ['PRON', 'VERB', 'NOUN'], ['PRON', 'NOUN', 'NOUN'], 0.5).added.map((c) => c.value),
    [0.5, 0.5, 0.5],
  );
});

test("every step's changes equal the difference of the library's weights before and after it", () => {
  const { sequences, tags } = generateCorpus(pw, { seed: 2, sentences: 12 });
  // The first pass fixes the tags and the vocabulary; then one sentence per partialFit is one step.
  let model = new pw.StructuredPerceptron();
  model.partialFit(sequences, tags);
  let mistakes = 0;
  sequences.forEach((tokens, s) => {
    const before = model.toJSON();
    const [predicted] = model.predict([tokens]);
    model.partialFit([tokens], [tags[s]]);
    const after = model.toJSON();
    const changes = updateChanges(tokens, tags[s], predicted);
    assert.deepEqual(changes, weightDifference(before, after), `sentence ${s}`);
    if (changes.added.length > 0) mistakes++;
    model.dispose();
    model = pw.StructuredPerceptron.fromJSON(after);
  });
  assert.ok(mistakes > 0);
  model.dispose();
});

test('the token accuracy curve: one point per epoch, 100% at the top, named by the last epoch', async () => {
  const { CURVE_BOX, curveName, curvePoints } = await import('../../web/tagging/accuracy-curve.js');
  const history = [
    { epoch: 1, tokenAccuracy: 0.5 },
    { epoch: 2, tokenAccuracy: 1 },
  ];
  const points = curvePoints(history);
  const bottom = CURVE_BOX.height - CURVE_BOX.bottom;
  assert.deepEqual(
    points.map((p) => [p.x, p.y]),
    [
      [CURVE_BOX.left, (CURVE_BOX.top + bottom) / 2],
      [CURVE_BOX.width - CURVE_BOX.right, CURVE_BOX.top],
    ],
  );
  assert.equal(curveName(history), 'Token accuracy per epoch: 100% after epoch 2');
  assert.equal(curveName([]), 'Token accuracy per epoch: no finished epoch yet');
});

test("the Worker's changes (names, tags, deltas, kinds) read as updateChanges gives them", async () => {
  const { fromWorkerChanges } = await import('../../web/tagging/changes-view.js');
  const tokens = [['w=they'], ['w=can']];
  const worker = {
    names: ['w=can', 'prev=PRON', 'prev=<s>', 'w=can', 'prev=PRON'],
    tags: ['VERB', 'VERB', 'PRON', 'NOUN', 'NOUN'],
    deltas: [1, 1, 0, -1, -1],
    kinds: ['emission', 'transition', 'transition', 'emission', 'transition'],
  };
  assert.deepEqual(fromWorkerChanges(worker), updateChanges(tokens, ['PRON', 'VERB'], ['PRON', 'NOUN']));
});
