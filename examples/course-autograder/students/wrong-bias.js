// A wrong submission: the weights are updated, the bias is not (b stays 0 for ever), a classic
// slip when the notes fold b into w with a constant feature and the code keeps them apart.
export function perceptron(X, y, { maxEpochs = 100 } = {}) {
  let w = new Array(X[0].length).fill(0);
  const b = 0;
  const steps = [];
  for (let epoch = 1; epoch <= maxEpochs; epoch++) {
    let mistakes = 0;
    for (let i = 0; i < X.length; i++) {
      const score = X[i].reduce((sum, xj, j) => sum + w[j] * xj, 0) + b;
      if (y[i] * score <= 0) {
        w = w.map((wj, j) => wj + y[i] * X[i][j]);
        // forgot: b += y[i];
        mistakes++;
      }
      steps.push({ weights: [...w], bias: b });
    }
    if (mistakes === 0) break;
  }
  return steps;
}
