// pw.metrics: losses on scores, and the classification report on labels.
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, numberOption, rowsOf, toLabels, toVector } from './convert.js';

// options.classes, checked against y: two distinct labels [negative, positive] of y's kind
// (numbers or strings; either when y is empty).
function checkClasses(classes, labels, numeric, where) {
  if (!Array.isArray(classes)) {
    throw new TypeError(
      `${where}: option classes must be an array [negative, positive]; received ${describe(classes)}`,
    );
  }
  if (classes.length !== 2) {
    throw new RangeError(
      `${where}: option classes must hold two labels [negative, positive]; ` +
        `received ${classes.length} label${classes.length === 1 ? '' : 's'}`,
    );
  }
  const kind = labels.length === 0 ? typeof classes[0] : numeric ? 'number' : 'string';
  classes.forEach((label, k) => {
    if (typeof label !== kind || (kind !== 'number' && kind !== 'string')) {
      const like = labels.length === 0 ? 'labels (numbers or strings)' : `${kind}s, as y does`;
      throw new TypeError(`${where}: option classes must hold ${like}; classes[${k}] is ${describe(label)}`);
    }
    if (kind === 'number' && !Number.isFinite(label)) {
      throw new RangeError(`${where}: option classes must hold finite numbers; classes[${k}] is ${describe(label)}`);
    }
  });
  if (classes[0] === classes[1]) {
    throw new RangeError(
      `${where}: option classes must hold two distinct labels; received ${describe(classes[0])} twice`,
    );
  }
}

// Binary labels as -1/+1: `classes` [negative, positive] given, else y's two labels sorted
// in the core's order (or -1/+1 themselves).
function signsOf(core, y, classes, where) {
  const { labels, numeric } = toLabels(y, where);
  let order = classes;
  if (order === undefined) {
    order = unwrap(core.sortLabels(labels, numeric, 'y'), where);
    if (order.length === 1 && numeric && (order[0] === 1 || order[0] === -1)) order = [-1, 1];
    if (order.length !== 2) {
      throw new RangeError(
        `${where}: y must hold two classes (or give options.classes [negative, positive]); ` +
          `received ${order.length} classes`,
      );
    }
  } else {
    checkClasses(order, labels, numeric, where);
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
    // The core checks the costs too, but names neither (a loss value of its own).
    for (const [name, value] of Object.entries({ falsePositiveCost, falseNegativeCost })) {
      if (!(Number.isFinite(value) && value >= 0)) {
        throw new RangeError(`${where}: option ${name} must be a finite number >= 0; received ${describe(value)}`);
      }
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
    // Counts checked here, where the arguments have names (the core's report knows neither).
    if (predicted.labels.length !== truth.labels.length) {
      throw new RangeError(
        `${where}: yPred must have one prediction per label of yTrue (${truth.labels.length}); ` +
          `received ${predicted.labels.length}`,
      );
    }
    if (truth.labels.length === 0) throw new RangeError(`${where}: yTrue must hold at least one label; received 0`);
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
