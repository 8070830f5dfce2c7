// pw.metrics: losses on scores, and the classification report on labels.
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, rowsOf, toLabels, toVector } from './convert.js';

// options.classes as JS sees it: an array of labels of y's kind (either when y is empty). Its
// values (two, distinct, finite, holding y's labels) are the core's to check.
function classesOf(classes, labels, numeric, where) {
  if (classes === undefined) return undefined;
  if (!Array.isArray(classes)) {
    throw new TypeError(
      `${where}: option classes must be an array [negative, positive]; received ${describe(classes)}`,
    );
  }
  const kind = labels.length === 0 ? typeof classes[0] : numeric ? 'number' : 'string';
  const like = labels.length === 0 ? 'labels (numbers or strings)' : `${kind}s, as y does`;
  classes.forEach((label, k) => {
    if (typeof label !== kind || (kind !== 'number' && kind !== 'string')) {
      throw new TypeError(`${where}: option classes must hold ${like}; classes[${k}] is ${describe(label)}`);
    }
  });
  return classes;
}

/** pw.metrics for one loaded core (the Embind module instance). */
export function makeMetrics(core) {
  // The options {loss, gamma, falsePositiveCost, falseNegativeCost, classes} and the labels
  // are read by the core (analysis/metrics.hpp).
  function lossValues(y, scores, options, where) {
    const settings = checkOptionsObject(options, where);
    const { labels, numeric } = toLabels(y, where);
    const classes = classesOf(settings.classes, labels, numeric, where);
    const values = toVector(scores, where, 'scores');
    // Without labels, y takes the kind of the classes given.
    const kind = labels.length === 0 && classes !== undefined ? typeof classes[0] === 'number' : numeric;
    return unwrap(
      core.metricsLosses(labels.length === 0 && !kind ? [] : labels, kind, classes, values, settings),
      where,
    );
  }

  function report(yTrue, yPred, where) {
    const truth = toLabels(yTrue, where, 'yTrue');
    const predicted = toLabels(yPred, where, 'yPred');
    if (truth.numeric !== predicted.numeric) {
      throw new TypeError(`${where}: yTrue and yPred must both hold numbers or both strings`);
    }
    const { labels, confusion, ...r } = unwrap(
      core.metricsReport(truth.labels, predicted.labels, truth.numeric),
      where,
    );
    for (const name of ['precision', 'recall', 'f1', 'support']) r[name] = Array.from(r[name]);
    return { labels, confusionMatrix: rowsOf(confusion, labels.length), ...r };
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
