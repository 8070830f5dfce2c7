// pw.metrics: losses on scores, and the classification report on labels.
import { unwrap } from './errors.js';
import { checkOptionsObject, toLabels, toVector } from './convert.js';

/** pw.metrics for one loaded core (the Embind module instance). */
export function makeMetrics(core) {
  // The options {loss, gamma, falsePositiveCost, falseNegativeCost, classes} and the labels
  // are read by the core (analysis/metrics.hpp).
  function lossValues(y, scores, options, where) {
    const settings = checkOptionsObject(options, where);
    const { labels, numeric } = toLabels(y, where);
    return unwrap(core.metricsLosses(labels, numeric, toVector(scores, where, 'scores'), settings), where);
  }

  function report(yTrue, yPred, where) {
    const truth = toLabels(yTrue, where, 'yTrue');
    const predicted = toLabels(yPred, where, 'yPred');
    if (truth.numeric !== predicted.numeric) {
      throw new TypeError(`${where}: yTrue and yPred must both hold numbers or both strings`);
    }
    return unwrap(core.metricsReport(truth.labels, predicted.labels, truth.numeric), where);
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
