// A correct submission: the classic perceptron with the lecture's conventions.
//   w = 0, b = 0; visit the rows in order, epoch after epoch;
//   a mistake is y (w.x + b) <= 0 (a score of exactly 0 is a mistake); on a mistake
//   w += y x and b += y; stop after the first epoch without a mistake, or after maxEpochs.
// Returns the weights and bias after every step (one step per example visited).
export function perceptron(X, y, { maxEpochs = 100 } = {}) {
  let w = new Array(X[0].length).fill(0);
  let b = 0;
  const steps = [];
  for (let epoch = 1; epoch <= maxEpochs; epoch++) {
    let mistakes = 0;
    for (let i = 0; i < X.length; i++) {
      const score = X[i].reduce((sum, xj, j) => sum + w[j] * xj, 0) + b;
      if (y[i] * score <= 0) {
        w = w.map((wj, j) => wj + y[i] * X[i][j]);
        b += y[i];
        mistakes++;
      }
      steps.push({ weights: [...w], bias: b });
    }
    if (mistakes === 0) break;
  }
  return steps;
}
