// Named features and text (issue 11): rows as records {feature: value} (wink-perceptron's
// shape) mapped by a vocabulary learned at fit and saved in the JSON, or by feature hashing
// (MurmurHash3, signed as scikit-learn's HashingVectorizer); pw.text's tokenizer and bag of
// words, a sparse Dataset out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { instantiateCore } from '../../dist/js/loading.js';
import { pw, throwsWith } from './helpers.mjs';

// The core's MurmurHash3 (of a Uint8Array, seed 0 unless given, an unsigned 32-bit integer) and
// hashed columns (src/perceptron/features/murmur3.hpp), as the package's feature maps call them.
const core = await instantiateCore();
const murmur3 = (bytes, seed = 0) => core.murmur3(bytes, seed);
const hashedColumn = (name, bits) => core.hashedColumn(name, bits);

const SPAM = [
  ['Win money now, win big', 'spam'],
  ['Meeting moved to noon', 'ham'],
  ['Free prize: claim your money', 'spam'],
  ['Lunch at noon with the team?', 'ham'],
  ['You win a free cruise', 'spam'],
  ['Notes from the team meeting', 'ham'],
];
const texts = SPAM.map(([t]) => t);
const labels = SPAM.map(([, l]) => l);

describe('MurmurHash3 and hashed columns', () => {
  it('gives the reference MurmurHash3_x86_32 values (seed 0), on UTF-8 bytes', () => {
    const e = new TextEncoder();
    // Published vectors (Appleby's SMHasher, and the values scikit-learn's murmurhash3_32 gives).
    for (const [text, hash] of [
      ['', 0],
      ['hello', 0x248bfa47],
      ['hello world', 0x5e928f0f],
      ['abc', 0xb3dd93fa],
      ['The quick brown fox jumps over the lazy dog', 0x2e4ff723],
    ]) {
      assert.equal(murmur3(e.encode(text)), hash, text);
    }
  });

  it('a column and sign as HashingVectorizer: abs of the signed hash mod 2^bits, negative hash negative', () => {
    // 'abc' hashes to 0xb3dd93fa, -1277324294 as a signed integer.
    assert.deepEqual(hashedColumn('abc', 10), { column: 1277324294 % 1024, sign: -1 });
    assert.deepEqual(hashedColumn('hello', 18), { column: 0x248bfa47 % 2 ** 18, sign: 1 });
  });

  it("the rule of index.d.ts's Hashing, in a Dataset: |h| mod 2^bits, h = -2^31 to column 0, negated when h < 0", () => {
    // 'aaaiTBFZ' hashes to -2^31 (found by running MurmurHash3 backwards from it), whose |h| does
    // not fit an int32: scikit-learn maps it to (2^31 - 1 - (n - 1)) mod n, column 0 for n = 2^bits.
    const name = 'aaaiTBFZ';
    assert.equal(murmur3(new TextEncoder().encode(name)) | 0, -(2 ** 31));
    for (const bits of [1, 10, 24]) assert.deepEqual(hashedColumn(name, bits), { column: 0, sign: -1 }, `bits ${bits}`);
    // Worked out by hand: 'abc' is h = -1277324294, column 1277324294 mod 1024 = 6, each count
    // negated; 'hello' is h = 0x248bfa47 (positive), column 583.
    const data = pw.text.bagOfWords(['abc hello aaaiTBFZ abc'], { hashing: { bits: 10 }, lowercase: false });
    const { indices, values } = data.toSparse();
    assert.deepEqual([...indices], [0, 6, 583]);
    assert.deepEqual([...values], [-1, -2, 1]);
    data.dispose();
    // binary: every column a term reaches holds 1, signs and sums aside, as HashingVectorizer(binary=True).
    const binary = pw.text.bagOfWords(['abc hello aaaiTBFZ abc'], {
      hashing: { bits: 10 },
      lowercase: false,
      binary: true,
    });
    const sparse = binary.toSparse();
    assert.deepEqual([...sparse.indices], [0, 6, 583]);
    assert.deepEqual([...sparse.values], [1, 1, 1]);
    binary.dispose();
  });
});

describe('records {feature: value} as X', () => {
  const records = [
    { win: 1, money: 2 },
    { meeting: 1, noon: 1 },
    { free: 1, win: 1 },
    { noon: 2, team: 1 },
  ];
  const y = ['spam', 'ham', 'spam', 'ham'];

  it('a vocabulary learned at fit (names sorted), the same model as on the dense columns', () => {
    const p = new pw.Perceptron({ variant: 'averaged' });
    const report = p.fit(records, y);
    const vocabulary = ['free', 'meeting', 'money', 'noon', 'team', 'win'];
    const dense = records.map((r) => vocabulary.map((name) => r[name] ?? 0));
    const q = new pw.Perceptron({ variant: 'averaged' });
    assert.deepEqual(q.fit(dense, y), report);
    const json = p.toJSON();
    assert.deepEqual(json.vocabulary, vocabulary);
    assert.deepEqual(json.weights, q.toJSON().weights);
    // Names outside the vocabulary are left out; a record may hold any subset.
    assert.deepEqual(
      p.predict([{ money: 1, unseen: 5 }, { noon: 1 }]),
      q.predict([
        [0, 0, 1, 0, 0, 0],
        [0, 0, 0, 1, 0, 0],
      ]),
    );
    const copy = pw.Perceptron.fromJSON(JSON.stringify(p));
    assert.deepEqual(copy.predict(records), p.predict(records));
    assert.equal(copy.score(records, y), 1);
  });

  it('every linear kind takes records; partialFit learns the names of its first batch', () => {
    for (const make of [
      () => new pw.MulticlassPerceptron(),
      () => new pw.Winnow({ balanced: true }),
      () => new pw.PassiveAggressive(),
    ]) {
      const m = make();
      m.fit(records, y);
      assert.deepEqual(m.predict(records), y);
      assert.deepEqual(m.constructor.fromJSON(m.toJSON()).predict(records), y);
    }
    const p = new pw.Perceptron();
    p.partialFit(records.slice(0, 2), y.slice(0, 2), { classes: ['ham', 'spam'] });
    p.partialFit(records.slice(2), y.slice(2));
    assert.deepEqual(p.toJSON().vocabulary, ['meeting', 'money', 'noon', 'win']);
    assert.equal(p.nFeatures, 4);
  });

  it('hashing {bits}: 2^bits columns from the options, for streams (no vocabulary to learn or save)', () => {
    const p = new pw.Perceptron({ hashing: { bits: 12 } });
    p.partialFit(records.slice(0, 2), y.slice(0, 2), { classes: ['ham', 'spam'] });
    p.partialFit([{ brandNew: 1, win: 1 }], ['spam']);
    assert.equal(p.nFeatures, 4096);
    assert.deepEqual(p.options.hashing, { bits: 12 });
    const json = p.toJSON();
    assert.equal(json.vocabulary, undefined);
    const copy = pw.Perceptron.fromJSON(json);
    assert.deepEqual(copy.decisionFunction([{ brandNew: 1 }]), p.decisionFunction([{ brandNew: 1 }]));
    // The same columns as hashing the names by hand.
    const { column, sign } = hashedColumn('win', 12);
    const row = new Float64Array(4096);
    row[column] = sign;
    assert.deepEqual(p.decisionFunction([{ win: 1 }]), p.decisionFunction({ data: row, rows: 1, cols: 4096 }));
  });

  it('refits on arrays drop the vocabulary; bad records are named', () => {
    const p = new pw.Perceptron();
    p.fit(records, y);
    p.fit(
      [
        [0, 1],
        [1, 0],
      ],
      [1, -1],
    );
    assert.equal(p.toJSON().vocabulary, undefined);
    throwsWith(
      assert,
      () => p.predict([{ win: 1 }]),
      TypeError,
      /Perceptron\.predict: X holds records .*no feature names/,
    );
    const q = new pw.Perceptron();
    throwsWith(
      assert,
      () => q.fit([{ a: 1 }, { a: '1' }], [1, -1]),
      TypeError,
      /X\[1\]\["a"\] must be a number; received the string "1"/,
    );
    throwsWith(assert, () => q.fit([{ a: 1 }, [1]], [1, -1]), TypeError, /X\[1\] must be a record \{feature: value\}/);
    throwsWith(
      assert,
      () => q.fit([{ a: NaN }, { b: 1 }], [1, -1]),
      RangeError,
      /finite numbers; received NaN at row 0, column 0/,
    );
    throwsWith(
      assert,
      () => new pw.Perceptron({ hashing: { bits: 40 } }),
      RangeError,
      /option hashing\.bits must be an integer from 1 to 24; received 40/,
    );
    throwsWith(assert, () => new pw.Perceptron({ hashing: 8 }), TypeError, /option hashing/);
    assert.ok(pw.optionNames.includes('hashing'));
    assert.equal(q.fitted, false);
  });
});

describe('pw.text', () => {
  it('tokenize: Unicode words, lowercased, apostrophes kept inside words', () => {
    assert.deepEqual(pw.text.tokenize("Don't STOP: café, 42 times!"), ["don't", 'stop', 'café', '42', 'times']);
    assert.deepEqual(pw.text.tokenize('Hello World', { lowercase: false }), ['Hello', 'World']);
    assert.deepEqual(pw.text.tokenize(''), []);
    // Dots between letters or digits always cut (ICU versions disagree there: the same words in
    // every runtime), as do underscores; apostrophes inside a word do not.
    assert.deepEqual(pw.text.tokenize('See us.click.yahoo.com, e.g. U.S.A: 3.14 snake_case rock’n’roll'), [
      'see',
      'us',
      'click',
      'yahoo',
      'com',
      'e',
      'g',
      'u',
      's',
      'a',
      '3',
      '14',
      'snake',
      'case',
      'rock’n’roll',
    ]);
    throwsWith(assert, () => pw.text.tokenize(5), TypeError, /text\.tokenize: text must be a string; received 5/);
  });

  it('bagOfWords: a sparse Dataset, its columns the sorted terms; ngram, binary, a given vocabulary', () => {
    const data = pw.text.bagOfWords(['the cat the hat', 'a cat'], { ngram: [1, 2] });
    assert.equal(data.sparse, true);
    assert.deepEqual(data.featureNames, ['a', 'a cat', 'cat', 'cat the', 'hat', 'the', 'the cat', 'the hat']);
    assert.deepEqual(Array.from(data.toArray().data), [0, 0, 1, 1, 1, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    const binary = pw.text.bagOfWords(['the cat the hat'], { binary: true, vocabulary: ['the', 'dog', 'hat'] });
    assert.deepEqual(Array.from(binary.toArray().data), [1, 0, 1]);
    for (const d of [data, binary]) d.dispose();
  });

  it('the spam filter of the notes: train on a bag of words, predict new texts through its vocabulary', () => {
    const train = pw.text.bagOfWords(texts, { labels });
    const p = new pw.Perceptron();
    p.fit(train);
    assert.equal(p.score(train), 1);
    const test = pw.text.bagOfWords(['claim your free money', 'team lunch at noon'], {
      vocabulary: train.featureNames,
    });
    assert.deepEqual(p.predict(test), ['spam', 'ham']);
    // The same model from the same counts as records (the vocabulary sorted alike).
    const records = texts.map((t) => {
      const counts = {};
      for (const w of pw.text.tokenize(t)) counts[w] = (counts[w] ?? 0) + 1;
      return counts;
    });
    const q = new pw.Perceptron();
    q.fit(records, labels);
    assert.deepEqual(q.toJSON().weights, p.toJSON().weights);
    for (const d of [train, test]) d.dispose();
  });

  it('bagOfWords with hashing: the columns and signs of HashingVectorizer', () => {
    const data = pw.text.bagOfWords(['abc abc hello'], { hashing: { bits: 10 } });
    assert.equal(data.cols, 1024);
    const { indices, values } = data.toSparse();
    const abc = hashedColumn('abc', 10);
    const hello = hashedColumn('hello', 10);
    const expected = new Map([
      [abc.column, 2 * abc.sign],
      [hello.column, hello.sign],
    ]);
    assert.deepEqual(new Map(Array.from(indices, (c, k) => [c, values[k]])), expected);
    data.dispose();
  });

  it('bad options are named', () => {
    throwsWith(assert, () => pw.text.bagOfWords('text'), TypeError, /texts must be an array of strings/);
    throwsWith(
      assert,
      () => pw.text.bagOfWords(['a'], { ngram: [2, 1] }),
      RangeError,
      /option ngram must be \[min, max\]/,
    );
    throwsWith(assert, () => pw.text.bagOfWords(['a', 7]), TypeError, /texts\[1\] must be a string; received 7/);
    throwsWith(
      assert,
      () => pw.text.bagOfWords(['a'], { binary: 1 }),
      TypeError,
      /option binary must be true or false/,
    );
    throwsWith(
      assert,
      () => pw.text.bagOfWords(['a'], { vocabulary: ['a'], hashing: { bits: 4 } }),
      TypeError,
      /not both/,
    );
    throwsWith(assert, () => pw.text.bagOfWords(['a'], { stem: true }), TypeError, /unknown option "stem"/);
    throwsWith(assert, () => pw.text.bagOfWords(['', '!!!']), RangeError, /text\.bagOfWords: the texts hold no term/);
    throwsWith(
      assert,
      () => new pw.Perceptron().fit([{}, {}], [1, -1]),
      RangeError,
      /X's records hold no feature name/,
    );
  });
});

describe('hashing collisions', () => {
  it('values of names sharing a column add up, each with its sign, in a sorted row', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const record = Object.fromEntries(names.map((n, k) => [n, k + 1]));
    const p = new pw.Perceptron({ hashing: { bits: 1 } });
    p.fit([record, { a: 1 }], ['x', 'y']);
    const expected = [0, 0];
    names.forEach((n, k) => {
      const { column, sign } = hashedColumn(n, 1);
      expected[column] += sign * (k + 1);
    });
    assert.deepEqual(p.decisionFunction([record]), p.decisionFunction([expected]));
  });
});
