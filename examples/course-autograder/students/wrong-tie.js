// A wrong submission: it decides mistakes by the prediction, with sign(0) = +1, so a score of
// exactly 0 counts as correct on a +1 example. The lecture's rule is y (w.x + b) <= 0: a score
// of 0 is a mistake whatever the label (the package's default mistakeRule, 'margin').
export function perceptron(X, y, { maxEpochs = 100 } = {}) {
  let w = new Array(X[0].length).fill(0);
  let b = 0;
  const steps = [];
  for (let epoch = 1; epoch <= maxEpochs; epoch++) {
    let mistakes = 0;
    for (let i = 0; i < X.length; i++) {
      const score = X[i].reduce((sum, xj, j) => sum + w[j] * xj, 0) + b;
      const prediction = score >= 0 ? 1 : -1;
      if (prediction !== y[i]) {
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
