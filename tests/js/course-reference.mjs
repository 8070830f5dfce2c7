// An independent reference for the course exercises' answer keys: the perceptron with the
// lecture notes' conventions, the margin, and checks of separability certificates, in plain JS
// written from the notes (it shares no code with course/ or the package). Arithmetic is meant
// exact, as by hand: a score within 1e-9 x learningRate of 0 is taken as 0 (the exercises keep
// their exact scores a whole multiple of learningRate x 0.01 away from it).

/** Whether a step with score s on label y (+1 or -1) is a mistake under the rule. */
export function isMistake(rule, s, y) {
  if (rule === 'margin') return y * s <= 0;
  const prediction = rule === 'strict' ? (s > 0 ? 1 : -1) : s >= 0 ? 1 : -1;
  return prediction !== y;
}

const dot = (w, x) => w.reduce((sum, v, j) => sum + v * x[j], 0);

/**
 * The perceptron from w = 0, b = 0: each step scores s = w.x + b, and on a mistake w += eta y x
 * (b += eta y with an intercept). Epochs of n steps visit the rows in order ('cyclic') or as
 * `visits` lists them ('shuffle', 'sample'); training stops after an epoch without a mistake
 * ('sample': a block after which w, b err on no row), after maxEpochs epochs, after `limit`
 * steps, or when `visits` runs out. Returns {steps: [{t, epoch, index, score, mistake, weights,
 * bias}], converged}.
 */
export function perceptron(X, y, options) {
  const { mistakeRule = 'margin', learningRate = 1, fitIntercept = true, maxEpochs = 100, order = 'cyclic' } = options;
  const { visits = [], limit = Infinity } = options;
  const n = X.length;
  let w = X[0].map(() => 0);
  let b = 0;
  const steps = [];
  for (let epoch = 1; epoch <= maxEpochs; epoch++) {
    let mistakes = 0;
    for (let k = 0; k < n; k++) {
      if (steps.length >= limit || (order !== 'cyclic' && steps.length >= visits.length)) {
        return { steps, converged: false };
      }
      const index = order === 'cyclic' ? k : visits[steps.length];
      const x = X[index];
      let score = dot(w, x) + b;
      if (Math.abs(score) < 1e-9 * learningRate) score = 0;
      const mistake = isMistake(mistakeRule, score, y[index]);
      if (mistake) {
        mistakes += 1;
        w = w.map((v, j) => v + learningRate * y[index] * x[j]);
        if (fitIntercept) b += learningRate * y[index];
      }
      steps.push({ t: steps.length + 1, epoch, index, score, mistake, weights: [...w], bias: b });
    }
    const clean = order === 'sample' ? X.every((x, i) => !isMistake(mistakeRule, dot(w, x) + b, y[i])) : mistakes === 0;
    if (clean) return { steps, converged: true };
  }
  return { steps, converged: false };
}

/** Each row's y (w.x + b) / ||w||, and their minimum with the first row reaching it. */
export function margins(X, y, w, b = 0) {
  const norm = Math.hypot(...w);
  const byRow = X.map((x, i) => (y[i] * (dot(w, x) + b)) / norm);
  const margin = Math.min(...byRow);
  return { byRow, margin, row: byRow.indexOf(margin) };
}

/** Whether (w, b) puts every row strictly on its side: y (w.x + b) > 0. */
export const separates = (X, y, w, b = 0) => X.every((x, i) => y[i] * (dot(w, x) + b) > 0);

/**
 * Whether c proves that no hyperplane separates the classes: c >= 0, and with an intercept
 * sum c = 1 over each class and sum_i c_i y_i x_i = 0 (a point in both convex hulls); without one,
 * sum c = 1 over all rows and sum_i c_i y_i x_i = 0 (the origin in the hull of the y_i x_i).
 * Then y (w.x + b) > 0 on every row would give 0 = sum_i c_i y_i (w.x_i + b) > 0.
 */
export function provesInseparable(X, y, c, fitIntercept, tolerance = 1e-9) {
  if (c.length !== X.length || c.some((v) => !(v >= -tolerance))) return false;
  const total = (keep) => c.reduce((sum, v, i) => (keep(i) ? sum + v : sum), 0);
  const sums = fitIntercept ? [total((i) => y[i] > 0), total((i) => y[i] < 0)] : [total(() => true)];
  if (sums.some((s) => Math.abs(s - 1) > tolerance)) return false;
  return X[0].every((_, j) => Math.abs(X.reduce((sum, x, i) => sum + c[i] * y[i] * x[j], 0)) <= tolerance);
}
