// A small reference loop, for the conventions no Perceptron option expresses: the bias step not
// scaled by the learning rate (or scaled alone), training that does not stop after an epoch
// without a mistake. Everywhere else the diagnosis re-runs the package itself. On the package's
// own conventions this loop gives the package's trace to the bit (tests/js/course-grade-loop.test.mjs):
// the same epochs (blocks of n visits; for 'sample', convergence checked on every row at the end
// of a block), the same mistake rules, the same update (step = eta * y; w += step * x; b += step)
// and the core's summation order for w.x (src/perceptron/support/summation.hpp).

// w.x in the core's order: term j into partial sum j mod 8, then the pairs summed as a tree.
function dot(w, x) {
  const s = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let j = 0; j < w.length; j++) s[j & 7] += w[j] * x[j];
  return s[0] + s[1] + (s[2] + s[3]) + (s[4] + s[5] + (s[6] + s[7]));
}

/** Whether a step with this score and label (+1/-1) updates, under a mistake rule (options.d.ts). */
export function isMistake(rule, score, label) {
  if (rule === 'margin') return label * score <= 0;
  const prediction = rule === 'strict' ? (score > 0 ? 1 : -1) : score >= 0 ? 1 : -1;
  return prediction !== label;
}

/**
 * The trace of a perceptron from w = 0, b = 0 as {weights, bias, epoch, index} per step.
 *   X, y             the data, y as +1/-1
 *   rows             the row of every visit (pw.visitOrder's list), at least `total` long
 *   total            the number of visits at most
 *   sampling         order 'sample': convergence is no row needing an update at a block's end
 *   mistakeRule, fitIntercept
 *   weightRate       the step of w: w += weightRate * y * x
 *   biasRate         the step of b: b += biasRate * y (when fitIntercept)
 *   stopWhenClean    false: go on after an epoch without a mistake (or a block after which no
 *                    row is a mistake), up to `total` visits
 */
export function referenceLoop(X, y, options) {
  const { rows, total, sampling, mistakeRule, fitIntercept, weightRate, biasRate, stopWhenClean } = options;
  const n = X.length;
  const w = new Array(X[0].length).fill(0);
  let b = 0;
  const trace = [];
  for (let epoch = 1; trace.length < total; epoch++) {
    const block = Math.min(n, total - trace.length);
    let mistakes = 0;
    for (let k = 0; k < block; k++) {
      const index = rows[trace.length];
      const x = X[index];
      if (isMistake(mistakeRule, dot(w, x) + b, y[index])) {
        const step = weightRate * y[index];
        for (let j = 0; j < w.length; j++) w[j] += step * x[j];
        if (fitIntercept) b += biasRate * y[index];
        mistakes++;
      }
      trace.push({ weights: [...w], bias: b, epoch, index });
    }
    if (!stopWhenClean) continue;
    const converged = sampling
      ? X.every((x, i) => !isMistake(mistakeRule, dot(w, x) + b, y[i]))
      : block === n && mistakes === 0;
    if (converged) break;
  }
  return trace;
}
