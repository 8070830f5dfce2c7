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
  // fn(handle) over X (with y when `labelled`), temporaries freed after.
  const over = (X, where, fn) => withTemporaries((temporaries) => fn(matrixHandle(X, where, temporaries)));
  const overLabelled = (X, y, where, fn) =>
    withTemporaries((temporaries) => fn(labelledHandle(X, y, where, temporaries)));

  // One of the core's mistake bounds, by name: novikoff, bias, freundSchapire, blum, with its
  // options object (read by the core). The last two take a vector (options.u or options.w,
  // named by vectorName), which they must be given.
  function bound(kind, where, X, y, options, vectorName) {
    const settings = checkOptionsObject(options, where);
    return overLabelled(X, y, where, (data) => {
      // Left out, the vector is the core's to name (after the option names).
      const given = vectorName === undefined ? undefined : settings[vectorName];
      const v = given === undefined ? new Float64Array(0) : toVector(given, where, vectorName);
      return unwrap(core.analysisBound(kind, data, settings, v), where); // {value, radius, margin, ...}
    });
  }

  return Object.freeze({
    /** max ||x|| (withBias: of (x, 1)). */
    radius(X, options) {
      const where = 'analysis.radius';
      const settings = checkOptionsObject(options, where);
      return over(X, where, (data) => unwrap(core.analysisRadius(data, settings), where));
    },
    /** (w.x + b) / ||w|| for every row. */
    signedDistances(X, w, b = 0) {
      const where = 'analysis.signedDistances';
      return over(X, where, (data) =>
        unwrap(core.analysisSignedDistances(data, toVector(w, where, 'w'), numberOption(b, where, 'b')), where),
      );
    },
    /** min_i y_i (w.x_i + b) / ||w|| (negative when (w, b) misclassifies), and the row reaching it. */
    margin(X, y, w, b = 0) {
      const where = 'analysis.margin';
      return overLabelled(X, y, where, (data) =>
        unwrap(core.analysisMargin(data, toVector(w, where, 'w'), numberOption(b, where, 'b')), where),
      );
    },
    /** The exact answer: the max-margin separator or a certificate that the hulls meet. */
    separability(X, y, options) {
      const where = 'analysis.separability';
      const settings = checkOptionsObject(options, where);
      const { classes, ...r } = overLabelled(X, y, where, (data) => ({
        ...unwrap(core.analysisSeparability(data, settings), where),
        classes: data.classes(),
      }));
      const { separable, fitIntercept, iterations } = r;
      const side = separable
        ? { margin: r.margin, upperBound: r.upperBound, w: Array.from(r.w), b: r.b, support: Array.from(r.support) }
        : { certificate: Array.from(r.certificate), residual: r.residual };
      return { separable, fitIntercept, ...side, classes, iterations };
    },
    /** The two leading principal components, for plotting data with more than two features. */
    pca2d(X) {
      const where = 'analysis.pca2d';
      const { r, rows } = over(X, where, (data) => ({ r: unwrap(core.analysisPca(data), where), rows: data.rows() }));
      return {
        mean: Array.from(r.mean),
        components: rowsOf(r.components, 2),
        variance: Array.from(r.variance),
        projected: rowsOf(r.projected, rows),
      };
    },
    /** Block-Novikoff (R / gamma*)^2, with the augmented (x, 1) when fitIntercept. */
    novikoffBound: (X, y, options) => bound('novikoff', 'analysis.novikoffBound', X, y, options),
    /** The Hacettepe bias form ((b*^2 + 1)(r^2 + 1)) / rho^2. */
    biasBound: (X, y) => bound('bias', 'analysis.biasBound', X, y),
    /** Freund-Schapire ((R + D) / gamma)^2 for a unit u and gamma > 0. */
    freundSchapireBound: (X, y, options) => bound('freundSchapire', 'analysis.freundSchapireBound', X, y, options, 'u'),
    /** Blum's 1 / gamma^2 + 2 * (gamma-hinge loss), examples in the unit ball, unit w. */
    blumBound: (X, y, options) => bound('blum', 'analysis.blumBound', X, y, options, 'w'),
  });
}
