// What the text mode shows, as plain data computed from plain data (the worker's answers), so
// it is tested without a page: the linear weights of a model's state, the Top words, the
// Confusion matrix, a document's words by their contribution w_i x_i, and what a step changed.
// text-render.js turns these into DOM.

/** Colour levels of a contribution on each side (the legend's steps). */
export const LEVELS = 4;

/**
 * A linear model's weights from its state (a model's getters or the worker's plain `model`):
 * {weights, bias} for two classes (Winnow: w+ - w-, bias -threshold), {rows, biases, classes}
 * for more (MulticlassPerceptron 'joint', PassiveAggressive), null when it has none.
 */
export function linearOf(kind, state, classes = state?.classes) {
  let weights;
  try {
    weights = state?.weights;
  } catch {
    return null; // not fitted
  }
  if (!weights) return null;
  if (kind === 'Winnow') {
    const negative = state.negativeWeights ?? [];
    return {
      weights: Array.from(weights, (w, i) => w - (negative[i] ?? 0)),
      bias: -state.threshold,
    };
  }
  if (Array.isArray(weights[0]) || ArrayBuffer.isView(weights[0])) {
    const biases = state.biases ?? state.bias ?? weights.map(() => 0);
    return { rows: weights.map((row) => Array.from(row)), biases: Array.from(biases), classes: [...(classes ?? [])] };
  }
  return { weights: Array.from(weights), bias: state.bias ?? 0 };
}

/**
 * The Top words: binary models' largest positive weights (the side of classes[1], which a
 * positive score predicts) and largest negative ones (classes[0]); per class for more.
 * top: topFeatures' answer.
 */
export function topWordsView(top, classes) {
  if (top.classes) {
    return top.classes.map(({ label, positive }) => ({
      label,
      words: positive.map(({ name, weight }) => ({ name, weight })),
    }));
  }
  return [
    { label: classes[1], sign: '+', words: top.positive.map(({ name, weight }) => ({ name, weight })) },
    { label: classes[0], sign: '−', words: top.negative.map(({ name, weight }) => ({ name, weight })) },
  ];
}

/** The Confusion matrix: evaluate's answer with row and column totals; part names the rows. */
export function confusionView({ classes, confusion, accuracy }, part) {
  const total = confusion.reduce((n, row) => n + row.reduce((a, b) => a + b, 0), 0);
  const right = classes.reduce((n, _, i) => n + confusion[i][i], 0);
  return {
    part,
    classes: [...classes],
    rows: confusion.map((row, i) => ({ label: classes[i], counts: [...row], total: row.reduce((a, b) => a + b, 0) })),
    total,
    right,
    accuracy,
  };
}

/** A contribution's colour level: -LEVELS..LEVELS, by its size against the largest one (0 for 0). */
export function levelOf(contribution, largest) {
  if (contribution === 0 || !(largest > 0)) return 0;
  return Math.sign(contribution) * Math.max(1, Math.ceil((LEVELS * Math.abs(contribution)) / largest));
}

/**
 * A document's words highlighted by their column's contribution: segments of its text in order
 * ({text, word?: {name, contribution, level}}), the sorted contributions, the bias and the
 * score (= bias + their sum), and the class the score predicts for two classes.
 */
export function contributionsView(doc, explanation, classes) {
  const byColumn = new Map(explanation.contributions.map((c) => [c.column, c]));
  const largest = explanation.contributions.reduce((m, c) => Math.max(m, Math.abs(c.contribution)), 0);
  const segments = [];
  let at = 0;
  for (const word of doc.words) {
    if (word.start < at) continue;
    if (word.start > at) segments.push({ text: doc.text.slice(at, word.start) });
    const c = byColumn.get(word.column);
    const contribution = c ? c.contribution : 0;
    segments.push({
      text: doc.text.slice(word.start, word.end),
      word: { name: c?.name ?? word.text, contribution, level: levelOf(contribution, largest) },
    });
    at = word.end;
  }
  if (at < doc.text.length) segments.push({ text: doc.text.slice(at) });
  const sum = explanation.contributions.reduce((s, c) => s + c.contribution, 0);
  const predicted =
    explanation.label ?? (classes.length === 2 ? (explanation.score >= 0 ? classes[1] : classes[0]) : undefined);
  return {
    segments,
    contributions: explanation.contributions.map((c) => ({ ...c, level: levelOf(c.contribution, largest) })),
    bias: explanation.bias,
    sum,
    score: explanation.score,
    label: doc.label,
    predicted,
    largest,
  };
}

/**
 * What one step changed: the columns whose weights differ between the linear states before and
 * after (two classes: one weight each; more: per class), named by the document's explanation.
 */
export function changedWords(before, after, names) {
  const changes = [];
  const compare = (from, to, label) => {
    for (let i = 0; i < to.length; i++) {
      const old = from ? (from[i] ?? 0) : 0;
      if (to[i] !== old)
        changes.push({
          column: i,
          name: names.get(i) ?? `#${i}`,
          before: old,
          after: to[i],
          delta: to[i] - old,
          ...(label === undefined ? {} : { label }),
        });
    }
  };
  if (after?.rows) after.rows.forEach((row, k) => compare(before?.rows?.[k], row, after.classes[k]));
  else if (after) compare(before?.weights, after.weights);
  changes.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.column - b.column);
  const biasBefore = before ? (before.bias ?? before.biases) : 0;
  const biasAfter = after ? (after.bias ?? after.biases) : 0;
  return { changes, bias: { before: biasBefore, after: biasAfter } };
}
