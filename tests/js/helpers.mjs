// Shared by the tests/js suites: the built package (dist/, as a user imports it) and small
// datasets with known answers.
import load from '../../dist/index.js';

export const pw = await load();

// CMU 10-601 lecture 6, "Perceptron Algorithm: Example": no bias, sign(a) = +1 iff a >= 0.
export const CMU_X = [
  [-1, 2],
  [1, 0],
  [1, 1],
  [-1, 0],
  [-1, -2],
  [1, -1],
];
export const CMU_Y = [-1, 1, 1, -1, -1, 1];
// The weights after each of the six steps of the first epoch, from the slide.
export const CMU_WEIGHTS = [
  [1, -2],
  [1, -2],
  [2, -1],
  [2, -1],
  [3, 1],
  [3, 1],
];

export const AND_X = [
  [0, 0],
  [0, 1],
  [1, 0],
  [1, 1],
];
export const AND_Y = [-1, -1, -1, 1];
export const XOR_Y = [-1, 1, 1, -1];
/** XOR as the grader's tests assign it: no line separates it, so training runs all 3 epochs (12 steps). */
export const XOR_ASSIGNMENT = {
  X: [
    [0, 0],
    [1, 1],
    [1, 0],
    [0, 1],
  ],
  y: [-1, -1, 1, 1],
  options: { maxEpochs: 3 },
};

// A deterministic generator for test data (not the library's): mulberry32.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// n points in d dimensions with real-valued coordinates, labelled by a fixed hyperplane
// (linearly separable unless noise > 0, in which case that fraction of labels is flipped).
export function separable(n, d, seed, noise = 0) {
  const random = rng(seed);
  const normal = Array.from({ length: d }, () => random() * 2 - 1);
  const X = [];
  const y = [];
  while (X.length < n) {
    const x = Array.from({ length: d }, () => random() * 4 - 2);
    const s = x.reduce((acc, v, j) => acc + v * normal[j], 0.3);
    if (Math.abs(s) < 0.05) continue;
    X.push(x);
    y.push(s > 0 !== random() < noise ? 1 : -1);
  }
  return { X, y };
}

// Six rows every model kind trains on, with two and three classes.
const X = [
  [0, 0],
  [0, 1],
  [1, 0],
  [1, 1],
  [1, 1],
  [0, 1],
];
const Y2 = ['no', 'no', 'no', 'yes', 'yes', 'no'];
const Y3 = ['a', 'b', 'c', 'a', 'b', 'c'];

// Every model kind and the variants whose state differs, each with labels it trains on:
// [name, make(), y] over EVERY_KIND_DATA.X.
export const EVERY_KIND = [
  ['Perceptron', () => new pw.Perceptron(), Y2],
  ['MulticlassPerceptron', () => new pw.MulticlassPerceptron(), Y3],
  ['MulticlassPerceptron ovo', () => new pw.MulticlassPerceptron({ strategy: 'ovo', variant: 'voted' }), Y3],
  ['KernelPerceptron', () => new pw.KernelPerceptron(), Y2],
  ['Winnow', () => new pw.Winnow(), Y2],
  ['PassiveAggressive', () => new pw.PassiveAggressive(), Y3],
  ['PassiveAggressive binary', () => new pw.PassiveAggressive({ mode: 'PA-I' }), Y2],
  [
    'MulticlassPerceptron ovr averaged',
    () => new pw.MulticlassPerceptron({ strategy: 'ovr', variant: 'averaged' }),
    Y3,
  ],
];

export const EVERY_KIND_DATA = { X, Y2, Y3 };

// What a message must not look like: a JS engine's or Embind's crash, or Emscripten's abort,
// instead of the library's own error.
export const CRASH = /undefined is not|cannot read|is not a function|BindingError|Aborted\(/i;

export function snapshot(model) {
  return JSON.stringify(model.toJSON());
}

// Asserts that fn throws an error of ErrorClass whose message matches every pattern.
export function throwsWith(assert, fn, ErrorClass, ...patterns) {
  let caught;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught, 'expected an error');
  assert.ok(caught instanceof ErrorClass, `expected ${ErrorClass.name}, got ${caught?.name}: ${caught?.message}`);
  for (const pattern of patterns) {
    assert.match(caught.message, pattern);
  }
  return caught;
}
