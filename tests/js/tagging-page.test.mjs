// The tagging mode's page-side pieces that need no browser: the link (tagging-link.js), Theory's
// sentences for Collins' bound (tagging-theory.js), and which uploads are CoNLL (conll.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import { pw } from './helpers.mjs';
import { parseTagging, serializeTagging } from '../../web/tagging/tagging-link.js';
import { collinsText } from '../../web/tagging/tagging-theory.js';
import { looksLikeConll } from '../../web/tagging/conll.js';
import { TAGS, generateCorpus, generatorWeights } from '../../web/tagging/corpus.js';
import { collinsBound } from '../../web/tagging/margin.js';

test('a tagging link goes through serialize and parse; bad values are named and left at their defaults', () => {
  const state = {
    kind: 'tagging',
    seed: 4,
    sentences: 30,
    variant: 'averaged',
    order: 'shuffle',
    t: 17,
    trained: false,
  };
  const parts = serializeTagging(state);
  assert.deepEqual(parts, ['data=tagging', 'dseed=4', 'n=30', 'variant=averaged', 'order=shuffle', 'tsteps=17']);
  const ignored = [];
  const ignore = (part, reason) => ignored.push({ part, reason });
  assert.deepEqual(parseTagging(new URLSearchParams(parts.join('&')), ignore), state);
  assert.deepEqual(ignored, []);
  const trained = parseTagging(new URLSearchParams(serializeTagging({ ...state, trained: true }).join('&')), ignore);
  assert.deepEqual([trained.trained, trained.t], [true, 0]);
  const bad = parseTagging(new URLSearchParams('data=tagging&n=0&variant=voted&tsteps=-1'), ignore);
  assert.deepEqual(bad, {
    kind: 'tagging',
    seed: 1,
    sentences: 60,
    variant: 'classic',
    order: 'cyclic',
    t: 0,
    trained: false,
  });
  assert.deepEqual(
    ignored.map((p) => p.part),
    ['n=0', 'variant=voted', 'tsteps=-1'],
  );
  assert.match(ignored[0].reason, /n \(sentences\) must be from 1 to 2000; it stays 60/);
});

test("Theory's sentences: the generated corpus's figures, an upload's unknown margin", () => {
  const corpus = generateCorpus(pw, { seed: 1, sentences: 60 });
  const bound = collinsBound(generatorWeights(), TAGS, corpus);
  const text = collinsText(bound, { sentences: 60, tokens: 263 });
  assert.equal(text.value, bound.bound);
  assert.equal(
    text.margin,
    "γ = 0.1562: the generator's weights u (||u|| = 1) score every gold tagging at least γ above any other tagging (exact, reached in sentence 2).",
  );
  assert.equal(
    text.radius,
    'R = 7.874. R is the exact largest ||Φ(x, y) − Φ(x, z)|| over the 60 sentences (263 tokens).',
  );
  assert.ok(text.details.startsWith('R²/γ² = 7.874² / 0.1562² = 2,542. '), text.details);
  assert.match(text.status(true), /^Within the bound/);
  assert.match(collinsText({ ...bound, radiusExact: false }).radius, /bounds every/);
  const upload = collinsText(null);
  assert.equal(upload.value, null);
  assert.match(upload.details, /margin γ of uploaded sentences is unknown/);
});

test('CoNLL uploads: by extension, or by tab lines with a blank line between sentences', () => {
  assert.equal(looksLikeConll('train.conll', 'anything'), true);
  assert.equal(looksLikeConll('a.txt', 'the\tDET\ndog\tNOUN\n\nthey\tPRON\nran\tVERB\n'), true);
  assert.equal(looksLikeConll('a.tsv', 'x\ty\tlabel\n1\t2\ta\n3\t4\tb\n'), false);
  assert.equal(looksLikeConll('a.csv', 'the,DET\n\nthey,PRON\n'), false);
  assert.equal(looksLikeConll('a.txt', 'the\tDET\ndog\tNOUN\n'), false);
});
