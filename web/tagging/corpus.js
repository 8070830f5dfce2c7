// The "Tagged sentences" preset: a generated corpus of tagged sentences with ambiguous words, and
// the weights that generated it, so that its margin is known (margin.js).
//
// Sentences follow a small grammar: S -> NP VP; NP -> DET NOUN | DET ADJ NOUN | PRON;
// VP -> VERB | VERB NP. Five words are both nouns and verbs (can, fish, saw, duck, watch): their
// tag depends on the previous tag alone (NOUN after DET or ADJ, VERB after NOUN or PRON), which is
// what a first-order structured perceptron can learn from the transitions. A token's features
// are those of wordFeatures (the word, lowercased: 'w=can'), as for CoNLL uploads.
//
// Draws come from the core's one generator (pw.visitOrder with order 'sample': PCG32, the same
// numbers in Node and in every browser), never Math.random. Sentence i uses draws
// DRAWS * i .. DRAWS * i + DRAWS - 1 only, so a larger corpus of the same seed starts with the
// smaller one.

/** The tags, sorted as the library sorts them (by code point). */
export const TAGS = Object.freeze(['ADJ', 'DET', 'NOUN', 'PRON', 'VERB']);

/** Words that are both nouns and verbs. */
export const AMBIGUOUS = Object.freeze(['can', 'fish', 'saw', 'duck', 'watch']);

// The words of each part of the grammar.
const WORDS = {
  DET: ['the', 'a', 'this'],
  ADJ: ['old', 'big', 'red', 'small'],
  NOUN: ['dog', 'cat', 'man', 'boat', ...AMBIGUOUS],
  VERB: ['liked', 'found', 'took', ...AMBIGUOUS],
  subject: ['they', 'we', 'he', 'she'],
  object: ['them', 'us', 'him', 'me'],
};

/** The grammar's tag pairs ('<s>' is the start of a sentence). */
export const TRANSITIONS = Object.freeze([
  ['<s>', 'DET'],
  ['<s>', 'PRON'],
  ['DET', 'ADJ'],
  ['DET', 'NOUN'],
  ['ADJ', 'NOUN'],
  ['NOUN', 'VERB'],
  ['PRON', 'VERB'],
  ['VERB', 'DET'],
  ['VERB', 'PRON'],
]);

/** The lexicon: every (word, tag) pair the grammar uses. */
export const LEXICON = Object.freeze(
  [
    ...WORDS.DET.map((w) => [w, 'DET']),
    ...WORDS.ADJ.map((w) => [w, 'ADJ']),
    ...WORDS.NOUN.map((w) => [w, 'NOUN']),
    ...WORDS.VERB.map((w) => [w, 'VERB']),
    ...[...WORDS.subject, ...WORDS.object].map((w) => [w, 'PRON']),
  ].map(Object.freeze),
);

/** The corpus the page starts with. */
export const DEFAULT_CORPUS = Object.freeze({ seed: 1, sentences: 60 });
/** Limits of the corpus size. */
export const CORPUS_LIMITS = Object.freeze({ min: 1, max: 2000 });

/** How many draws one sentence has (it uses at most 9). */
export const DRAWS = 12;
const BOUND = 2 ** 24;

/** A token's features for a word: the word, lowercased ('w=can'). */
export const wordFeatures = (word) => [`w=${word.toLowerCase()}`];

/**
 * The corpus of `sentences` sentences drawn from `seed`: {words: string[][], tags: string[][],
 * sequences (tokens as StructuredPerceptron.fit takes them: wordFeatures of every word)}.
 */
export function generateCorpus(pw, { seed = DEFAULT_CORPUS.seed, sentences = DEFAULT_CORPUS.sentences } = {}) {
  checkInteger(seed, 'seed', 0, 2 ** 48);
  checkInteger(sentences, 'sentences', CORPUS_LIMITS.min, CORPUS_LIMITS.max);
  const draws = pw.visitOrder({ order: 'sample', seed, rows: BOUND, count: DRAWS * sentences });
  const words = [];
  const tags = [];
  for (let s = 0; s < sentences; s++) {
    let next = DRAWS * s;
    // A choice among n, from the next draw (its high bits: bias below n / 2^24).
    const pick = (n) => Math.floor((draws[next++] * n) / BOUND);
    const sentence = { words: [], tags: [] };
    const say = (part, tag) => {
      const list = WORDS[part];
      sentence.words.push(list[pick(list.length)]);
      sentence.tags.push(tag);
    };
    const phrase = (pronoun) => {
      if (pick(3) === 0) return say(pronoun, 'PRON');
      say('DET', 'DET');
      if (pick(3) === 0) say('ADJ', 'ADJ');
      say('NOUN', 'NOUN');
    };
    phrase('subject');
    say('VERB', 'VERB');
    if (pick(4) !== 0) phrase('object');
    words.push(sentence.words);
    tags.push(sentence.tags);
  }
  return { words, tags, sequences: words.map((sentence) => sentence.map(wordFeatures)) };
}

/**
 * The weights that tag the corpus, ||u|| = 1, as the model's coordinates: {emission: {tag:
 * {feature: weight}}, transition: {from: {to: weight}} ('<s>' the start)}. Every lexicon pair
 * and every grammar pair weighs the same, so the gold tags score 2n / sqrt(pairs) and any other
 * tags break at least one pair.
 */
export function generatorWeights() {
  const weight = 1 / Math.sqrt(LEXICON.length + TRANSITIONS.length);
  const emission = {};
  const transition = {};
  for (const [word, tag] of LEXICON) {
    for (const feature of wordFeatures(word)) (emission[tag] ??= {})[feature] = weight;
  }
  for (const [from, to] of TRANSITIONS) (transition[from] ??= {})[to] = weight;
  return { emission, transition };
}

function checkInteger(value, name, min, max) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`generateCorpus: ${name} must be an integer from ${min} to ${max}, received ${value}`);
  }
}
