// The text mode's views (web/text/text-views.js) as plain data from the worker's answers:
// hand-made answers, hand-computed results.
//   node --test tests/js/text-views.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confusionView, contributionsView, levelOf, stepChanges, topWordsView } from '../../web/text/text-views.js';

test("topWordsView: a binary model's two sides name their classes; per class for more", () => {
  const top = {
    class: 'spam',
    positive: [{ column: 3, name: 'free', weight: 4 }],
    negative: [{ column: 1, name: 'meeting', weight: -2 }],
  };
  assert.deepEqual(topWordsView(top, ['ham', 'spam']), [
    { label: 'spam', sign: '+', words: [{ name: 'free', weight: 4 }] },
    { label: 'ham', sign: '−', words: [{ name: 'meeting', weight: -2 }] },
  ]);
  const multi = {
    classes: [
      { class: 'a', positive: [{ column: 0, name: 'x', weight: 1 }], negative: [] },
      { class: 'b', positive: [], negative: [] },
    ],
  };
  assert.deepEqual(topWordsView(multi, ['a', 'b', 'c']), [
    { label: 'a', words: [{ name: 'x', weight: 1 }] },
    { label: 'b', words: [] },
  ]);
});

test('confusionView: row totals, the diagonal, the accuracy', () => {
  const view = confusionView(
    {
      classes: ['ham', 'spam'],
      confusion: [
        [8, 2],
        [1, 9],
      ],
      accuracy: 0.85,
    },
    'test',
  );
  assert.deepEqual(view.rows, [
    { label: 'ham', counts: [8, 2], total: 10 },
    { label: 'spam', counts: [1, 9], total: 10 },
  ]);
  assert.equal(view.total, 20);
  assert.equal(view.right, 17);
  assert.equal(view.part, 'test');
});

test('levelOf: four steps a side by the share of the largest contribution', () => {
  assert.deepEqual(
    [4, 3.1, 2, 1, 0.1, 0, -0.5, -4].map((c) => levelOf(c, 4)),
    [4, 4, 2, 1, 1, 0, -1, -4],
  );
  assert.equal(levelOf(1, 0), 0);
});

test('contributionsView: the text cut into words and gaps, each word with its column w_i x_i; score = bias + sum', () => {
  const doc = {
    text: 'Free money, free!',
    label: 'spam',
    words: [
      { text: 'free', start: 0, end: 4, column: 2 },
      { text: 'money', start: 5, end: 10, column: 3 },
      { text: 'free', start: 12, end: 16, column: 2 },
    ],
  };
  const explanation = {
    score: 3.5,
    bias: -0.5,
    class: 'spam',
    prediction: 'spam',
    contributions: [
      { column: 2, name: 'free', value: 2, weight: 1.5, contribution: 3 },
      { column: 3, name: 'money', value: 1, weight: 1, contribution: 1 },
    ],
  };
  const view = contributionsView(doc, explanation);
  assert.deepEqual(
    view.segments.map((s) => [s.text, s.word?.contribution ?? null, s.word?.level ?? null]),
    [
      ['Free', 3, 4],
      [' ', null, null],
      ['money', 1, 2],
      [', ', null, null],
      ['free', 3, 4],
      ['!', null, null],
    ],
  );
  assert.equal(view.sum, 4);
  assert.equal(view.bias + view.sum, view.score);
  assert.equal(view.predicted, 'spam');
  assert.equal(view.class, 'spam');
});

test("stepChanges: the record's changes with the weights now, largest change first; another class's without them", () => {
  const explanation = {
    class: 'spam',
    contributions: [
      { column: 4, name: 'win', value: 1, weight: 2, contribution: 2 },
      { column: 1, name: 'a', value: 3, weight: 3, contribution: 9 },
    ],
  };
  const changes = { columns: [1, 4], names: ['a', 'win'], deltas: [3, 1], bias: 1 };
  assert.deepEqual(stepChanges(changes, explanation), {
    changes: [
      { column: 1, name: 'a', delta: 3, before: 0, after: 3 },
      { column: 4, name: 'win', delta: 1, before: 1, after: 2 },
    ],
    bias: 1,
  });
  const multi = { columns: [4, 4], names: ['win', 'win'], deltas: [1, -1], classes: ['spam', 'ham'] };
  assert.deepEqual(stepChanges(multi, explanation).changes, [
    { column: 4, name: 'win', delta: 1, before: 1, after: 2, label: 'spam' },
    { column: 4, name: 'win', delta: -1, label: 'ham' },
  ]);
  assert.deepEqual(stepChanges(undefined, explanation), { changes: [] });
});
