// pw.analysis: geometry, exact separability and the mistake bounds (src/perceptron/analysis,
// metrics). Labels: any two, sorted; the second is the positive class.
import { unwrap } from './errors.js';
import { checkOptionsObject, numberOption, rowsOf, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';

/**
 * pw.analysis for one loaded core.
 * @param core the Embind module instance
 * @param datasets makeDataset(core)'s handle makers: X may be a Dataset (y then optional)
 */
export function makeAnalysis(core, { matrixHandle, labelledHandle }) {
  const none = new Float64Array(0);
  // The core's call by name (analysis/calls.hpp) on X (with y and its classes unless `y` is
  // false), its options object read by the core; args(where, options) converts the separator
  // (w, b) or a bound's vector, after X and y.
  const call = (name, X, y, options, args = () => [none, 0]) =>
    withTemporaries((temporaries) => {
      const where = `analysis.${name}`;
      const settings = checkOptionsObject(options, where);
      const data = y === false ? matrixHandle(X, where, temporaries) : labelledHandle(X, y, where, temporaries);
      const r = unwrap(core.analysis(name, data, settings, ...args(where, settings)), where);
      return y === false ? r : { ...r, classes: data.classes() };
    });
  const separator = (name, X, y, w, b) =>
    call(name, X, y, {}, (where) => [toVector(w, where, 'w'), numberOption(b, where, 'b')]);

  // One of the core's mistake bounds: {value, radius, margin, ...}. Two take a vector (options.u
  // or options.w, named by `key`); left out, it is the core's to name (after the option names).
  function bound(name, X, y, options, key) {
    const vector = (where, settings) => [settings[key] === undefined ? none : toVector(settings[key], where, key), 0];
    const { classes, ...r } = call(name, X, y, options, vector);
    return r;
  }

  return Object.freeze({
    /** max ||x|| (withBias: of (x, 1)). */
    radius: (X, options) => call('radius', X, false, options).value,
    /** (w.x + b) / ||w|| for every row. */
    signedDistances: (X, w, b = 0) => separator('signedDistances', X, false, w, b).distances,
    /** min_i y_i (w.x_i + b) / ||w|| (negative when (w, b) misclassifies), and the row reaching it. */
    margin(X, y, w, b = 0) {
      const { margin, row } = separator('margin', X, y, w, b);
      return { margin, row };
    },
    /** The exact answer: the max-margin separator or a certificate that the hulls meet. */
    separability(X, y, options) {
      const { classes, iterations, ...r } = call('separability', X, y, options);
      for (const name of ['w', 'support', 'certificate']) if (name in r) r[name] = Array.from(r[name]);
      return { ...r, classes, iterations };
    },
    /** The two leading principal components, for plotting data with more than two features. */
    pca2d(X) {
      const r = call('pca2d', X, false, {});
      return {
        mean: Array.from(r.mean),
        components: rowsOf(r.components, 2),
        variance: Array.from(r.variance),
        projected: rowsOf(r.projected, r.projected.length / 2),
      };
    },
    /** Block-Novikoff (R / gamma*)^2, with the augmented (x, 1) when fitIntercept. */
    novikoffBound: (X, y, options) => bound('novikoffBound', X, y, options),
    /** The Hacettepe bias form ((b*^2 + 1)(r^2 + 1)) / rho^2. */
    biasBound: (X, y) => bound('biasBound', X, y),
    /** Freund-Schapire ((R + D) / gamma)^2 for a unit u and gamma > 0. */
    freundSchapireBound: (X, y, options) => bound('freundSchapireBound', X, y, options, 'u'),
    /** Blum's 1 / gamma^2 + 2 * (gamma-hinge loss), examples in the unit ball, unit w. */
    blumBound: (X, y, options) => bound('blumBound', X, y, options, 'w'),
  });
}
