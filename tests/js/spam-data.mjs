// The spam-or-ham corpus (data/spam.csv, scripts/spam-corpus.mjs) and its evaluation, shared by
// tests/js/spam.test.mjs and bench/real-text.mjs: five stratified 70/30 splits (seeds 1..5),
// the training rows of each in a seeded shuffled order (so that scikit-learn, which gets the
// same rows in the same order, runs the very same passes), the texts as bags of words hashed
// into 2^18 columns.
import { readFileSync } from 'node:fs';

import { pw } from './helpers.mjs';

export const BITS = 18;

export function readSpam() {
  const text = readFileSync(new URL('../../data/spam.csv', import.meta.url), 'utf8');
  const { rows } = pw.csv.parse(text, { header: true });
  return { labels: rows.map((r) => r[0]), texts: rows.map((r) => r[1]) };
}

/** The splits: [{seed, train (in training order), test}] of row indices. */
export function spamSplits(labels) {
  return [1, 2, 3, 4, 5].map((seed) => {
    const { train, test } = pw.modelSelection.split(labels, { test: 0.3, seed });
    const order = pw.visitOrder({ order: 'shuffle', seed, rows: train.length, count: train.length });
    return { seed, train: Array.from(order, (k) => train[k]), test };
  });
}

/** The accuracy of make(seed) trained on each split's bag of words: [accuracy per split]. */
export function evaluateSpam(make, { labels, texts } = readSpam()) {
  return spamSplits(labels).map(({ seed, train, test }) => {
    const bag = (rows) =>
      pw.text.bagOfWords(
        rows.map((i) => texts[i]),
        { labels: rows.map((i) => labels[i]), hashing: { bits: BITS } },
      );
    const [trainData, testData] = [bag(train), bag(test)];
    const model = make(seed);
    model.fit(trainData);
    const accuracy = model.score(testData);
    for (const d of [trainData, testData, model]) d.dispose();
    return accuracy;
  });
}
