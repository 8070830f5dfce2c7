// What the page says about the model and the data: the numbers (t, epoch, mistakes, training
// accuracy, w, b), convergence, separability, the last step, Train's progress and the captions
// under the plane. Computations go through the package's public API (model.predict,
// pw.analysis) and are remembered until the points or the model change, so that redrawing
// 100,000 points does not redo them.
import { pointMatrix } from './session.js';

const minus = (text) => text.replace(/^-/, '−');
export const fmt = (v) => minus(String(Number(v.toFixed(4))));
const fmtLabel = (label) => (label > 0 ? '+1' : '−1');
const fmtPoint = (p) => `(${fmt(p.x)}, ${fmt(p.y)})`;
const count = (n) => n.toLocaleString('en-US');
const plural = (n, word) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

export class Report {
  #pw;
  #separability = { key: null, text: '—' };
  #accuracy = { key: null, value: null };

  constructor(pw) {
    this.#pw = pw;
  }

  /**
   * Which points the model misclassifies now (model.predict against the labels):
   * {misclassified: boolean[] (one per point), wrong, accuracy}, or null before it has learned.
   * `version` changes whenever the points do.
   */
  accuracy(session, points, version) {
    const model = session.model;
    const key = [version, session.t, ...session.weights, session.bias].join('|');
    if (this.#accuracy.session === session && this.#accuracy.key === key) return this.#accuracy.value;
    let value = null;
    if (model.fitted && points.length > 0) {
      const predicted = model.predict(pointMatrix(points));
      const misclassified = points.map((p, i) => predicted[i] !== p.label);
      const wrong = misclassified.filter(Boolean).length;
      value = { misclassified, wrong, accuracy: 1 - wrong / points.length };
    }
    this.#accuracy = { session, key, value };
    return value;
  }

  // The exact answer for the current points, and Novikoff's bound to set beside the mistakes.
  separability(points, version, fitIntercept) {
    const key = `${version}|${fitIntercept}`;
    if (this.#separability.key === key) return this.#separability.text;
    let text = '—';
    const X = pointMatrix(points);
    const y = points.map((p) => p.label);
    if (new Set(y).size === 2) {
      try {
        const s = this.#pw.analysis.separability(X, y, { fitIntercept });
        if (s.separable) {
          const bound = this.#pw.analysis.novikoffBound(X, y, { fitIntercept });
          // With an intercept the bound is on the augmented points (x, 1), the perceptron's own view.
          text = `yes, margin γ* = ${fmt(s.margin)}; Novikoff: at most ${Math.floor(bound.value)} mistakes ((R/γ)² = ${fmt(bound.value)})`;
        } else {
          text = fitIntercept ? 'no: the two classes’ convex hulls meet' : 'no line through the origin separates them';
        }
      } catch (error) {
        text = error.message;
      }
    }
    this.#separability = { key, text };
    return text;
  }
}

export function describeAccuracy(result, points) {
  if (points.length === 0) return '— (no points)';
  if (!result) return '— (no step yet)';
  const percent = Number((result.accuracy * 100).toFixed(1));
  return `${percent}% (${count(result.wrong)} of ${count(points.length)} wrong)`;
}

export function describeConverged(session) {
  if (session.converged === true) return `yes, after ${plural(session.epoch, 'epoch')}`;
  if (session.converged === false) {
    return session.trained ? `no: stopped at maxEpochs = ${session.options.maxEpochs}` : 'no: mistakes in this epoch';
  }
  return 'not yet known';
}

/** The sentence on the last thing training did. */
export function describeLastStep(session, points, { frame, busy }) {
  if (frame) return `Replaying training: epoch ${frame.epoch} of ${frame.of}…`;
  if (busy) return 'Training in the background…';
  const s = session.last;
  if (!s) {
    if (session.trained) {
      return `Train ran fit() for ${plural(session.epoch, 'epoch')} (${plural(session.t, 'step')}); Step continues from these weights.`;
    }
    const epoch = session.history.at(-1);
    if (epoch)
      return `Epoch ${epoch.epoch} ended: ${plural(epoch.mistakes, 'mistake')} in ${plural(epoch.steps, 'step')}.`;
    if (session.t > 0) return `Weights after ${plural(session.t, 'step')}. Step continues from them.`;
    return 'Weights are zero. Press Step to learn from the first example.';
  }
  const p = points[s.index];
  const where = p ? `point #${s.index + 1} ${fmtPoint(p)}` : `point #${s.index + 1}`;
  const sign = s.label > 0 ? '+' : '−';
  const verdict = s.mistake
    ? `mistake → update w ← w ${sign} η·x${session.options.fitIntercept ? `, b ← b ${sign} η` : ''}`
    : 'correct, no update';
  return `Step ${s.t} (epoch ${s.epoch}): ${where}, label ${fmtLabel(s.label)}, score w·x+b = ${fmt(s.score)}, predicted ${fmtLabel(s.prediction)}: ${verdict}.`;
}

/** Train's progress, from the worker's messages. */
export function describeProgress(progress, maxEpochs) {
  if (!progress) return 'Training…';
  return `Training: epoch ${count(progress.epoch)} of ${count(maxEpochs)}, ${plural(progress.mistakes, 'mistake')} so far`;
}

/** The caption under the plane: how many points of each class, and how many are drawn. */
export function describePoints(points, drawing) {
  const n = points.length;
  if (n === 0) return 'No points yet: click the plane to add some.';
  const positives = points.filter((p) => p.label > 0).length;
  let text = `${plural(n, 'point')}: ${count(positives)} of class +1, ${count(n - positives)} of class −1.`;
  if (drawing && drawing.drawn < drawing.total)
    text += ` Showing ${count(drawing.drawn)} of ${count(drawing.total)} points.`;
  return text;
}

/** The line under the plane while it has keyboard focus: where the cursor is and what keys do. */
export function describeCursor(cursor, carrying, index, points) {
  if (!cursor) return '';
  const at = `Cursor at ${fmtPoint(cursor)}`;
  if (carrying) return `${at}, carrying a point: arrows move it, Enter or M drops it, Escape puts it back.`;
  if (index < 0) return `${at}: Enter adds a point (Shift+Enter of the other class).`;
  const p = points[index];
  return `${at}, on point #${index + 1} of class ${fmtLabel(p.label)}: Delete removes it, M picks it up, Enter adds another here.`;
}
