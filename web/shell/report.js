// What the playground says in words: the numbers (accuracy per part of the split, w and b),
// convergence, the last step, Train's progress and the captions under the plane. Plain text
// only: labels from a CSV are text, never markup.
import { formatCount as count, formatNumber as fmt, formatPercent } from './format.js';

const minus = (text) => text.replace(/^-/, '−');
/** A class label as the page writes it: +1 with its sign when −1 is a class too, '−' for minus. */
export const fmtLabel = (label, classes = [-1, 1]) =>
  typeof label === 'number' ? (label === 1 && classes.includes(-1) ? '+1' : minus(String(label))) : String(label);
const fmtPoint = (p) => `(${fmt(p.x)}, ${fmt(p.y)})`;
const fmtVector = (v) => `(${v.map(fmt).join(', ')})`;
const plural = (n, word) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/** Accuracy on a part of the split: {wrong, total, accuracy} or null. */
export function describeAccuracy(result, fitted, none = 'no points') {
  if (!result) return fitted ? `— (${none})` : '— (no step yet)';
  return `${formatPercent(result.accuracy)} (${count(result.wrong)} of ${count(result.total)} wrong)`;
}

/** The weights in words: w and b of a linear model, or what the model has instead. */
export function describeWeights(session, linear) {
  const model = session.model;
  if (linear) {
    const b = session.kind === 'Winnow' ? `threshold θ = ${fmt(-linear.bias)}` : `b = ${fmt(linear.bias)}`;
    return `w = ${fmtVector(linear.weights)}, ${b}`;
  }
  if (!model.fitted) return 'zero (no step yet)';
  if (session.kind === 'KernelPerceptron') {
    return `${plural(model.supportVectors.length, 'support vector')} (dual form: no explicit w), b = ${fmt(model.bias)}`;
  }
  if (session.kind === 'MulticlassPerceptron' && model.weights) {
    return model.weights.map((w, k) => `w${k + 1} = ${fmtVector(w)}, b${k + 1} = ${fmt(model.biases[k])}`).join('; ');
  }
  if (Array.isArray(model.weights?.[0])) {
    return model.weights.map((w, k) => `w${k + 1} = ${fmtVector(w)}`).join('; ');
  }
  return 'one binary model per class or pair of classes (ovr / ovo)';
}

export function describeConverged(session) {
  if (session.converged === true) return `yes, after ${plural(session.epoch, 'epoch')}`;
  if (session.converged === false) {
    return session.trained ? 'no: stopped (maxEpochs or early stopping)' : 'no: mistakes in this epoch';
  }
  return 'not yet known';
}

/** The sentence on the last thing training did. rows: the training rows' indices in the data. */
export function describeLastStep(session, data, rows, { frame, busy }) {
  if (frame) return `Replaying training: epoch ${count(frame.epoch)} of ${count(frame.of)}…`;
  if (busy) return 'Training in the background…';
  const s = session.last;
  if (!s) {
    if (session.trained) {
      const next =
        session.kind === 'Perceptron'
          ? 'Step continues from these weights'
          : 'Step starts over from zero (only the Perceptron has a warm start)';
      return `Train ran fit() for ${plural(session.epoch, 'epoch')} (${plural(session.t, 'step')}). ${next}.`;
    }
    const epoch = session.history.at(-1);
    if (epoch)
      return `Epoch ${count(epoch.epoch)} ended: ${plural(epoch.mistakes, 'mistake')} in ${plural(epoch.steps, 'step')}.`;
    if (session.t > 0) return `Weights after ${plural(session.t, 'step')}. Step continues from them.`;
    return 'Weights are zero. Press Step to learn from the first example.';
  }
  // Data in the worker: the step's index is a row of its training part (not drawn as such).
  const row = data.remote ? s.index : rows[s.index];
  const p = data.remote ? null : data.points[row];
  const where = data.remote
    ? `training row #${count(row + 1)}`
    : p
      ? `point #${count(row + 1)} ${fmtPoint(p)}`
      : `point #${count(row + 1)}`;
  const label = s.label ?? data.labels[row];
  const restarted = session.restarted && s.t === 1 ? 'The data changed, so training started over. ' : '';
  // ovr/ovo: the binary model's score is its own; the scores and prediction the whole model's.
  const binary = s.model !== undefined ? `, ${describeBinaryModel(s, data.classes)}` : '';
  const score = typeof s.score === 'number' && !binary ? `, score ${fmt(s.score)}` : '';
  const scores = Array.isArray(s.scores) ? `, scores ${fmtVector(s.scores)}` : '';
  const prediction = s.prediction !== undefined ? `, predicted ${fmtLabel(s.prediction, data.classes)}` : '';
  let verdict = s.mistake ? 'mistake → update' : 'correct, no update';
  if (s.mistake && session.kind === 'Perceptron') {
    const sign = s.labelSign > 0 ? '+' : '−';
    verdict = `mistake → update w ← w ${sign} η·x${session.options.fitIntercept ? `, b ← b ${sign} η` : ''}`;
  }
  return `${restarted}Step ${count(s.t)} (epoch ${count(s.epoch)}): ${where}, label ${fmtLabel(label, data.classes)}${score}${scores}${prediction}${binary}: ${verdict}.`;
}

/** An ovr/ovo step's binary model: "binary model 2 (b vs rest): score −1, ±1 label +1". */
export function describeBinaryModel(s, classes) {
  const negative = s.negative === null ? 'rest' : fmtLabel(s.negative, classes);
  const sign = (v) => (v > 0 ? '+1' : '−1');
  return (
    `binary model ${count(s.model + 1)} (${fmtLabel(s.positive, classes)} vs ${negative}): ` +
    `score ${fmt(s.score)}, predicted ${sign(s.predictionSign)} for ${sign(s.labelSign)}`
  );
}

/** Train's progress, from the worker's messages. */
export function describeProgress(progress, maxEpochs) {
  if (!progress) return 'Training…';
  return `Training: epoch ${count(progress.epoch)} of ${count(maxEpochs)}, ${plural(progress.mistakes, 'mistake')} so far`;
}

/** The caption under the plane: the points per class, the split, and how many are drawn. */
export function describeData(data, sets, drawing) {
  const n = data.points.length;
  if (n === 0) return 'No points yet: click the plane to add some, or choose a dataset.';
  const perClass = data.classes.map(
    (c) => `${count(data.labels.filter((l) => l === c).length)} of class ${fmtLabel(c, data.classes)}`,
  );
  let text = `${plural(n, 'point')}: ${perClass.join(', ')}.`;
  // An upload kept in the worker: the plane draws a sample of its rows.
  if (data.remote) {
    text = `${plural(data.remote.rows, 'row')} in the worker; the plane draws a sample of ${plural(n, 'point')}: ${perClass.join(', ')}.`;
  }
  if (sets.validation || sets.test) {
    const size = (set) => set.remote?.rows ?? set.rows.length;
    const parts = [`${count(size(sets.train))} train`];
    if (sets.validation) parts.push(`${count(size(sets.validation))} validation`);
    if (sets.test) parts.push(`${count(size(sets.test))} test`);
    text += ` Split: ${parts.join(', ')}.`;
  }
  if (data.plane === 'pca')
    text += ` The plane shows the first two principal components of ${plural(data.X.cols, 'feature')}.`;
  if (drawing && drawing.drawn < drawing.total)
    text += ` Showing ${count(drawing.drawn)} of ${count(drawing.total)} points.`;
  return text;
}

/** The line under the plane while it has keyboard focus: where the cursor is and what keys do. */
export function describeCursor(cursor, carrying, index, { points, classes }) {
  if (!cursor) return '';
  const at = `Cursor at ${fmtPoint(cursor)}`;
  if (carrying) return `${at}, carrying a point: arrows move it, Enter or M drops it, Escape puts it back.`;
  if (index < 0) return `${at}: Enter adds a point (Shift+Enter of the other class).`;
  const p = points[index];
  return `${at}, on point #${count(index + 1)} of class ${fmtLabel(p.label, classes)}: Delete removes it, M picks it up, Enter adds another here.`;
}
