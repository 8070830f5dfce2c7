// pw.metrics: losses on scores, and the classification report on labels.
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, numberOption, rowsOf, toLabels, toVector } from './convert.js';

// Binary labels as -1/+1: `classes` [negative, positive] given, else y's two labels sorted
// in the core's order (or -1/+1 themselves).
function signsOf(core, y, classes, where) {
  const { labels, numeric } = toLabels(y, where);
  let order = classes;
  if (order === undefined) {
    order = unwrap(core.sortLabels(labels, numeric, 'y'), where);
    if (order.length === 1 && numeric && (order[0] === 1 || order[0] === -1)) order = [-1, 1];
  }
  if (!Array.isArray(order) || order.length !== 2) {
    throw new RangeError(
      `${where}: y must hold two classes (or give options.classes [negative, positive]); ` +
        `received ${order.length} classes`,
    );
  }
  return Float64Array.from(labels, (label, i) => {
    const k = order.indexOf(label);
    if (k < 0) {
      throw new RangeError(
        `${where}: y[${i}] must be one of the classes [${order.join(', ')}]; received ${describe(label)}`,
      );
    }
    return k === 1 ? 1 : -1;
  });
}

/** pw.metrics for one loaded core (the Embind module instance). */
export function makeMetrics(core) {
  function lossValues(y, scores, options, where) {
    const known = ['loss', 'gamma', 'falsePositiveCost', 'falseNegativeCost', 'classes'];
    const opts = checkOptionsObject(options, where, known);
    const { loss = 'zeroOne', gamma = 1, falsePositiveCost = 1, falseNegativeCost = 1, classes } = opts;
    const numbers = { gamma, falsePositiveCost, falseNegativeCost };
    for (const [name, value] of Object.entries(numbers)) {
      numberOption(value, where, `option ${name}`);
    }
    const signs = signsOf(core, y, classes, where);
    const values = toVector(scores, where, 'scores');
    return unwrap(core.metricsLosses(signs, values, { loss, gamma, falsePositiveCost, falseNegativeCost }), where);
  }

  function report(yTrue, yPred, where) {
    const truth = toLabels(yTrue, where, 'yTrue');
    const predicted = toLabels(yPred, where, 'yPred');
    if (truth.numeric !== predicted.numeric) {
      throw new TypeError(`${where}: yTrue and yPred must both hold numbers or both strings`);
    }
    // One order for labels, the core's (numbers ascending, strings by code point), as models sort
    // their classes.
    unwrap(core.sortLabels(truth.labels, truth.numeric, 'yTrue'), where);
    unwrap(core.sortLabels(predicted.labels, predicted.numeric, 'yPred'), where);
    const all = truth.numeric
      ? Float64Array.from([...truth.labels, ...predicted.labels])
      : [...truth.labels, ...predicted.labels];
    const labels = unwrap(core.sortLabels(all, truth.numeric, 'labels'), where);
    const index = new Map(labels.map((label, k) => [label, k]));
    const r = unwrap(
      core.metricsReport(
        Float64Array.from(truth.labels, (l) => index.get(l)),
        Float64Array.from(predicted.labels, (l) => index.get(l)),
        labels.length,
      ),
      where,
    );
    return {
      labels,
      confusionMatrix: rowsOf(r.confusion, labels.length),
      accuracy: r.accuracy,
      errorRate: r.errorRate,
      precision: Array.from(r.precision),
      recall: Array.from(r.recall),
      f1: Array.from(r.f1),
      support: Array.from(r.support),
      macroPrecision: r.macroPrecision,
      macroRecall: r.macroRecall,
      macroF1: r.macroF1,
      balancedAccuracy: r.balancedAccuracy,
    };
  }

  return Object.freeze({
    /** Each example's loss; options {loss, gamma, falsePositiveCost, falseNegativeCost, classes}. */
    losses: (y, scores, options) => Array.from(lossValues(y, scores, options, 'metrics.losses')),
    /** The mean loss. */
    empiricalRisk(y, scores, options) {
      const values = lossValues(y, scores, options, 'metrics.empiricalRisk');
      return values.reduce((a, b) => a + b, 0) / values.length;
    },
    accuracy: (yTrue, yPred) => report(yTrue, yPred, 'metrics.accuracy').accuracy,
    errorRate: (yTrue, yPred) => report(yTrue, yPred, 'metrics.errorRate').errorRate,
    confusionMatrix(yTrue, yPred) {
      const { labels, confusionMatrix } = report(yTrue, yPred, 'metrics.confusionMatrix');
      return { labels, matrix: confusionMatrix };
    },
    /** Confusion matrix, per-class precision, recall, F1, their macro averages, balanced accuracy. */
    classificationReport: (yTrue, yPred) => report(yTrue, yPred, 'metrics.classificationReport'),
  });
}
