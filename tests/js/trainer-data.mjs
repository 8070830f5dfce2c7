// The data the trainer tests drive every model kind on: noisy 2-class points, three classes
// with a label flipped now and then, and 0/1 features for Winnow (none separable, so training
// runs to maxEpochs more often than not).
import { separable, rng } from './helpers.mjs';

export const noisy = separable(40, 3, 5, 0.1);
export const threeClasses = (() => {
  const random = rng(9);
  const X = [];
  const y = [];
  for (let i = 0; i < 45; i++) {
    const x = [random() * 4 - 2, random() * 4 - 2];
    X.push(x);
    y.push(i % 11 === 3 ? 'b' : x[0] > 0.5 ? 'a' : x[1] > 0 ? 'b' : 'c');
  }
  return { X, y };
})();
export const booleans = (() => {
  const random = rng(3);
  const X = Array.from({ length: 40 }, () => Array.from({ length: 5 }, () => (random() < 0.5 ? 0 : 1)));
  return { X, y: X.map((x, i) => ((x[0] === 1 || x[2] === 1) !== (i % 9 === 4) ? 1 : -1)) };
})();
