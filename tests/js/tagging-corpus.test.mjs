// The page's generated tagged corpus (web/tagging/corpus.js) and its Collins bound
// (web/tagging/margin.js), against a brute-force enumeration of every tag sequence.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pw } from './helpers.mjs';
import {
  AMBIGUOUS,
  LEXICON,
  TAGS,
  TRANSITIONS,
  generateCorpus,
  generatorWeights,
  wordFeatures,
} from '../../web/tagging/corpus.js';
import { bestRival, collinsBound, phi, radiusOf, scoreOf, squaredNorm } from '../../web/tagging/margin.js';

// Every tag sequence of length n over `tags`.
function* sequencesOf(tags, n) {
  if (n === 0) return yield [];
  for (const head of sequencesOf(tags, n - 1)) for (const tag of tags) yield [...head, tag];
}

// u . Phi from the Map form, independently of scoreOf's walk.
function dot(weights, features) {
  let sum = 0;
  for (const [key, value] of features) {
    const [part, a, b] = key.split('|');
    sum += value * ((part === 'e' ? weights.emission : weights.transition)[a]?.[b] ?? 0);
  }
  return sum;
}

function distanceSquared(a, b) {
  let sum = 0;
  for (const key of new Set([...a.keys(), ...b.keys()])) sum += ((a.get(key) ?? 0) - (b.get(key) ?? 0)) ** 2;
  return sum;
}

// The margin of one sentence and its largest ||Phi(y) - Phi(z)||^2, by enumeration.
function brute(weights, tags, tokens, gold) {
  const own = phi(tokens, gold);
  let rival = -Infinity;
  let radius = 0;
  for (const z of sequencesOf(tags, tokens.length)) {
    const other = phi(tokens, z);
    radius = Math.max(radius, distanceSquared(own, other));
    if (z.join() !== gold.join()) rival = Math.max(rival, dot(weights, other));
  }
  return { gold: dot(weights, own), rival, radius };
}

// Weights with every value drawn (seeded) from -1 .. 1 in steps of 1/8, over the given names.
function drawnWeights(seed, tags, names) {
  const draws = pw.visitOrder({ order: 'sample', seed, rows: 17, count: 1000 });
  let i = 0;
  const next = () => (draws[i++] - 8) / 8;
  const emission = Object.fromEntries(tags.map((tag) => [tag, Object.fromEntries(names.map((n) => [n, next()]))]));
  const transition = Object.fromEntries(
    ['<s>', ...tags].map((from) => [from, Object.fromEntries(tags.map((to) => [to, next()]))]),
  );
  return { emission, transition };
}

test('the same seed gives the same corpus, a larger one starts with the smaller, another seed differs', () => {
  const a = generateCorpus(pw, { seed: 7, sentences: 40 });
  const b = generateCorpus(pw, { seed: 7, sentences: 40 });
  assert.deepEqual(a, b);
  const c = generateCorpus(pw, { seed: 7, sentences: 10 });
  assert.deepEqual(c.words, a.words.slice(0, 10));
  assert.deepEqual(c.tags, a.tags.slice(0, 10));
  assert.notDeepEqual(generateCorpus(pw, { seed: 8, sentences: 40 }).words, a.words);
  assert.deepEqual(a.sequences[0], a.words[0].map(wordFeatures));
  assert.deepEqual(wordFeatures('Can'), ['w=can']);
});

test('the corpus has ambiguous words under both tags, each tag set by the previous one', () => {
  const { words, tags } = generateCorpus(pw, { seed: 1, sentences: 200 });
  const seen = new Set();
  const lexicon = new Set(LEXICON.map((pair) => pair.join('/')));
  const grammar = new Set(TRANSITIONS.map((pair) => pair.join('/')));
  words.forEach((sentence, s) => {
    assert.ok(sentence.length >= 2 && sentence.length <= 7, sentence.join(' '));
    sentence.forEach((word, t) => {
      assert.ok(lexicon.has(`${word}/${tags[s][t]}`), `${word}/${tags[s][t]}`);
      const previous = t === 0 ? '<s>' : tags[s][t - 1];
      assert.ok(grammar.has(`${previous}/${tags[s][t]}`), `${previous}/${tags[s][t]}`);
      if (AMBIGUOUS.includes(word)) {
        seen.add(`${word}/${tags[s][t]}`);
        assert.equal(tags[s][t], ['DET', 'ADJ'].includes(previous) ? 'NOUN' : 'VERB');
      }
    });
  });
  for (const word of AMBIGUOUS)
    for (const tag of ['NOUN', 'VERB']) assert.ok(seen.has(`${word}/${tag}`), `${word}/${tag}`);
});

test('bad sizes and seeds are RangeErrors naming the argument', () => {
  assert.throws(() => generateCorpus(pw, { sentences: 0 }), /sentences must be an integer from 1 to 2000, received 0/);
  assert.throws(() => generateCorpus(pw, { seed: -1 }), /seed must be an integer from 0 to .*received -1/);
  assert.throws(() => generateCorpus(pw, { sentences: 2.5 }), RangeError);
});

test("the generator's weights have norm 1; their margin and radius equal the enumeration's", () => {
  const weights = generatorWeights();
  assert.ok(Math.abs(squaredNorm(weights) - 1) < 1e-12);
  const corpus = generateCorpus(pw, { seed: 3, sentences: 25 });
  let gamma = Infinity;
  let radius = 0;
  corpus.sequences.forEach((tokens, s) => {
    const exact = brute(weights, TAGS, tokens, corpus.tags[s]);
    const fast = bestRival(weights, TAGS, tokens, corpus.tags[s]);
    assert.ok(Math.abs(fast.gold - exact.gold) < 1e-12 && Math.abs(fast.rival - exact.rival) < 1e-12);
    assert.ok(Math.abs(scoreOf(weights, tokens, fast.path) - fast.rival) < 1e-12);
    assert.notDeepEqual(fast.path, corpus.tags[s]);
    const r = radiusOf(TAGS, tokens, corpus.tags[s]);
    assert.ok(r.squared >= exact.radius);
    if (r.exact) assert.equal(r.squared, exact.radius);
    gamma = Math.min(gamma, exact.gold - exact.rival);
    radius = Math.max(radius, exact.radius);
  });
  const bound = collinsBound(weights, TAGS, corpus);
  assert.ok(Math.abs(bound.gamma - gamma) < 1e-12);
  // Every lexicon and grammar pair weighs 1 / sqrt(41): a wrong tag breaks one at least.
  assert.equal(LEXICON.length + TRANSITIONS.length, 41);
  assert.ok(Math.abs(bound.gamma - 1 / Math.sqrt(41)) < 1e-12);
  assert.equal(bound.radiusExact, true);
  assert.equal(bound.R ** 2, radius);
  assert.ok(Math.abs(bound.bound - radius * 41) < 1e-9);
});

test('margin by forward-backward equals the enumeration for drawn weights, records and all tags used', () => {
  const tags = ['A', 'B', 'C'];
  const sentences = [
    [['x', 'y'], ['y'], ['x'], ['z']],
    [{ x: 2, z: 0.5 }, { y: 1 }],
    [['z']],
    [['x'], ['x'], ['x'], ['x'], ['y']],
  ];
  const golds = [['A', 'B', 'C', 'A'], ['C', 'C'], ['B'], ['A', 'A', 'B', 'C', 'C']];
  for (const seed of [1, 2, 3, 4, 5]) {
    const weights = drawnWeights(seed, tags, ['x', 'y', 'z']);
    sentences.forEach((tokens, s) => {
      const exact = brute(weights, tags, tokens, golds[s]);
      const fast = bestRival(weights, tags, tokens, golds[s]);
      assert.ok(Math.abs(fast.gold - exact.gold) < 1e-12, `seed ${seed} sentence ${s}`);
      assert.ok(Math.abs(fast.rival - exact.rival) < 1e-12, `seed ${seed} sentence ${s}`);
      const r = radiusOf(tags, tokens, golds[s]);
      assert.ok(r.squared >= exact.radius - 1e-12);
      assert.equal(r.exact, new Set(golds[s]).size < tags.length);
      if (r.exact) assert.ok(Math.abs(r.squared - exact.radius) < 1e-12);
    });
  }
  // A sentence using every tag: the bound is above the true radius, and said to be a bound.
  const r = radiusOf(tags, sentences[0], golds[0]);
  assert.equal(r.exact, false);
  assert.ok(r.squared > brute(drawnWeights(1, tags, ['x']), tags, sentences[0], golds[0]).radius);
});

test("the structured perceptron's mistakes on the corpus stay within Collins' bound", () => {
  const corpus = generateCorpus(pw, { seed: 1, sentences: 60 });
  const { gamma, R, bound } = collinsBound(generatorWeights(), TAGS, corpus);
  const model = new pw.StructuredPerceptron();
  const report = model.fit(corpus.sequences, corpus.tags);
  assert.equal(report.converged, true);
  assert.equal(model.score(corpus.sequences, corpus.tags), 1);
  assert.ok(report.mistakes > 0 && report.mistakes <= bound, `${report.mistakes} <= ${bound}`);
  assert.ok(Math.abs(bound - (R * R) / (gamma * gamma)) < 1e-9);
  model.dispose();
});
