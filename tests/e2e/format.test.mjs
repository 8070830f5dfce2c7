// The page's number formats (web/shell/format.js, issue 25), tested in Node without a browser: a
// percentage never reads 100% or 0% unless it is exact (item 4), every count is en-US
// ('145,766', item 5), and the status panel's sentences (web/shell/report.js) use them.
//   node --test tests/e2e/format.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatCount, formatNumber, formatPercent } from '../../web/shell/format.js';
import { describeAccuracy, describeCursor, describeLastStep, describeProgress } from '../../web/shell/report.js';

test('formatPercent: one decimal at most, trailing zeros left out', () => {
  assert.equal(formatPercent(0.925), '92.5%');
  assert.equal(formatPercent(0.25), '25%');
  assert.equal(formatPercent(1 / 3), '33.3%');
  assert.equal(formatPercent(2 / 3), '66.7%');
  assert.equal(formatPercent(0.5), '50%');
  assert.equal(formatPercent(0.99949), '99.9%');
});

test('formatPercent: 100% and 0% only when exact', () => {
  assert.equal(formatPercent(1), '100%');
  assert.equal(formatPercent(0), '0%');
  // Issue 25: 10 of 145,766 wrong printed 100%.
  assert.equal(formatPercent(1 - 10 / 145_766), '99.99%');
  assert.equal(formatPercent(10 / 145_766), '0.01%');
  assert.equal(formatPercent(1 - 1 / 2000), '99.95%');
  assert.equal(formatPercent(1 / 2000), '0.1%');
  assert.equal(formatPercent(1 - 1 / 145_766), '99.999%');
  assert.equal(formatPercent(1 / 145_766), '0.001%');
  // Past four decimals: a bound, never a rounded 100% or 0%.
  assert.equal(formatPercent(1 - 1 / 10_000_000), '> 99.9999%');
  assert.equal(formatPercent(1 / 10_000_000), '< 0.0001%');
  assert.equal(formatPercent(1 - 1 / 1_000_000), '99.9999%');
});

test('describeAccuracy: the percentage with the counts, never 100% with points wrong', () => {
  const total = 145_766;
  assert.equal(
    describeAccuracy({ accuracy: (total - 10) / total, wrong: 10, total }, true),
    '99.99% (10 of 145,766 wrong)',
  );
  assert.equal(describeAccuracy({ accuracy: 1, wrong: 0, total: 40 }, true), '100% (0 of 40 wrong)');
  assert.equal(describeAccuracy({ accuracy: 0, wrong: 40, total: 40 }, true), '0% (40 of 40 wrong)');
  assert.equal(describeAccuracy({ accuracy: 37 / 40, wrong: 3, total: 40 }, true), '92.5% (3 of 40 wrong)');
  assert.equal(describeAccuracy(null, false), '— (no step yet)');
});

test('formatCount: en-US, thousands grouped', () => {
  assert.equal(formatCount(0), '0');
  assert.equal(formatCount(999), '999');
  assert.equal(formatCount(8700), '8,700');
  assert.equal(formatCount(145_766), '145,766');
  assert.equal(formatCount(14_576_600), '14,576,600');
});

test('formatNumber: at most 4 decimals, grouped as counts, − for minus, no −0', () => {
  assert.equal(formatNumber(0.5), '0.5');
  assert.equal(formatNumber(1.23456), '1.2346');
  assert.equal(formatNumber(-2), '−2');
  assert.equal(formatNumber(-12_345.67891), '−12,345.6789');
  assert.equal(formatNumber(145_766), '145,766');
  assert.equal(formatNumber(-0), '0');
  assert.equal(formatNumber(-0.00001), '0');
  assert.equal(formatNumber(Infinity), 'Infinity');
  assert.equal(formatNumber(-Infinity), '−Infinity');
});

test('the status sentences write counts and point numbers as 145,766', () => {
  const session = { last: null, trained: true, kind: 'Perceptron', epoch: 100, t: 14_576_600, history: [] };
  assert.equal(
    describeLastStep(session, { points: [] }, [], {}),
    'Train ran fit() for 100 epochs (14,576,600 steps). Step continues from these weights.',
  );
  assert.equal(
    describeProgress({ epoch: 1500, mistakes: 8700 }, 10_000),
    'Training: epoch 1,500 of 10,000, 8,700 mistakes so far',
  );
  assert.equal(
    describeCursor({ x: 0.5, y: -0.25 }, false, 12_344, { points: { 12344: { label: 1 } }, classes: [-1, 1] }),
    'Cursor at (0.5, −0.25), on point #12,345 of class +1: Delete removes it, M picks it up, Enter adds another here.',
  );
});
