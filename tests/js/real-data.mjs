// The shipped UCI datasets (data/*.csv) and the evaluation protocol of the accuracy table in
// docs/benchmarks.md, shared by tests/js/real-data.test.mjs and bench/real-data.mjs: five stratified 70/30
// splits (seeds 0..4, test-side generator mulberry32), features standardized with the training
// part's mean and standard deviation, mean test accuracy.
import { readFileSync } from 'node:fs';

import { rng } from './helpers.mjs';

const dataDir = new URL('../../data/', import.meta.url);

/** {X, y, features} from data/<name>.csv: numeric features, the label (number or string) last. */
export function readDataset(name) {
  const [header, ...lines] = readFileSync(new URL(`${name}.csv`, dataDir), 'utf8')
    .trim()
    .split('\n');
  const columns = header.split(',');
  const X = [];
  const y = [];
  for (const line of lines) {
    const cells = line.split(',');
    X.push(cells.slice(0, -1).map(Number));
    const label = cells.at(-1);
    y.push(/^-?\d+(\.\d+)?$/.test(label) ? Number(label) : label);
  }
  return { X, y, features: columns.slice(0, -1), target: columns.at(-1) };
}

/** Train/test row indices, stratified: round(0.7 n_c) of each class c goes to training. */
export function stratifiedSplit(y, seed, trainFraction = 0.7) {
  const random = rng(seed + 1);
  const byClass = new Map();
  y.forEach((label, i) => byClass.set(label, [...(byClass.get(label) ?? []), i]));
  const train = [];
  const test = [];
  for (const label of [...byClass.keys()].sort()) {
    const rows = byClass.get(label);
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rows[i], rows[j]] = [rows[j], rows[i]];
    }
    const cut = Math.round(trainFraction * rows.length);
    train.push(...rows.slice(0, cut));
    test.push(...rows.slice(cut));
  }
  return { train: train.sort((a, b) => a - b), test: test.sort((a, b) => a - b) };
}

/** Standardizes with the mean and (population) standard deviation of the training rows. */
export function standardize(Xtrain, Xtest) {
  const d = Xtrain[0].length;
  const mean = Array.from({ length: d }, (_, j) => Xtrain.reduce((s, x) => s + x[j], 0) / Xtrain.length);
  const sd = Array.from(
    { length: d },
    (_, j) => Math.sqrt(Xtrain.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / Xtrain.length) || 1,
  );
  const scale = (X) => X.map((x) => x.map((v, j) => (v - mean[j]) / sd[j]));
  return [scale(Xtrain), scale(Xtest)];
}

export const SPLITS = 5;

/**
 * The CMU notes' model selection, on training rows only: each candidate's mean accuracy over a
 * stratified k-fold split of `rows` (features standardized within each fold), then the best
 * (the first on ties). Returns the chosen candidate.
 */
export function selectByCrossValidation(X, y, rows, candidates, makeModel, { folds = 5, seed = 0 } = {}) {
  const random = rng(100 + seed);
  const byClass = new Map();
  rows.forEach((i) => byClass.set(y[i], [...(byClass.get(y[i]) ?? []), i]));
  const foldOf = new Map();
  for (const members of byClass.values()) {
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [members[i], members[j]] = [members[j], members[i]];
    }
    members.forEach((row, k) => foldOf.set(row, k % folds));
  }
  let best;
  for (const candidate of candidates) {
    let accuracy = 0;
    for (let f = 0; f < folds; f++) {
      const fit = rows.filter((i) => foldOf.get(i) !== f);
      const held = rows.filter((i) => foldOf.get(i) === f);
      const [A, B] = standardize(
        fit.map((i) => X[i]),
        held.map((i) => X[i]),
      );
      const model = makeModel(candidate);
      model.fit(
        A,
        fit.map((i) => y[i]),
      );
      accuracy +=
        model.score(
          B,
          held.map((i) => y[i]),
        ) / folds;
      model.dispose();
    }
    if (best === undefined || accuracy > best.accuracy) best = { candidate, accuracy };
  }
  return best.candidate;
}

/**
 * Mean test accuracy of makeModel(seed, trainRows, X, y) over the five splits, and each
 * split's accuracy. makeModel may choose hyperparameters from the training rows only.
 */
export function evaluate(name, makeModel) {
  const { X, y } = readDataset(name);
  const scores = [];
  for (let seed = 0; seed < SPLITS; seed++) {
    const { train, test } = stratifiedSplit(y, seed);
    const [Xtrain, Xtest] = standardize(
      train.map((i) => X[i]),
      test.map((i) => X[i]),
    );
    const model = makeModel(seed, train, X, y);
    model.fit(
      Xtrain,
      train.map((i) => y[i]),
    );
    scores.push(
      model.score(
        Xtest,
        test.map((i) => y[i]),
      ),
    );
    model.dispose();
  }
  return { mean: scores.reduce((a, b) => a + b, 0) / scores.length, scores };
}
