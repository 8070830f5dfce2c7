// What the text mode shows, as plain data computed from plain data (the worker's answers), so
// it is tested without a page: the linear weights of a model's state, the Top words, the
// Confusion matrix, a document's words by their contribution w_i x_i, and what a step changed.
// text-render.js turns these into DOM.

/** Colour levels of a contribution on each side (the legend's steps). */
export const LEVELS = 4;

/**
 * The Top words: binary models' largest positive weights (the side of top.class, which a
 * positive score predicts) and largest negative ones (the other class); per class for more.
 * top: topFeatures' answer.
 */
export function topWordsView(top, classes) {
  const words = (list) => list.map(({ name, weight }) => ({ name, weight }));
  if (top.classes) return top.classes.map((side) => ({ label: side.class, words: words(side.positive) }));
  const other = classes.find((c) => c !== top.class) ?? classes[0];
  return [
    { label: top.class, sign: '+', words: words(top.positive) },
    { label: other, sign: '−', words: words(top.negative) },
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
 * score (= bias + their sum), and the class the model predicts.
 */
export function contributionsView(doc, explanation) {
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
  const predicted = explanation.prediction;
  return {
    segments,
    contributions: explanation.contributions.map((c) => ({ ...c, level: levelOf(c.contribution, largest) })),
    bias: explanation.bias,
    sum,
    score: explanation.score,
    label: doc.label,
    predicted,
    class: explanation.class,
    largest,
  };
}

/**
 * What one step changed, from its record's `changes` (the worker's: columns, names, deltas, and
 * each change's class for more than two classes) and the document's explanation after the step
 * (its weights now): [{column, name, label?, before, after, delta}], largest change first.
 */
export function stepChanges(changes, explanation) {
  if (!changes) return { changes: [] };
  const now = new Map(explanation.contributions.map((c) => [c.column, c.weight]));
  const list = changes.columns.map((column, i) => {
    const delta = changes.deltas[i];
    const label = changes.classes?.[i];
    // A change of another class's weights (more than two classes) is not in this explanation.
    const after = label === undefined || label === explanation.class ? now.get(column) : undefined;
    return {
      column,
      name: changes.names[i],
      delta,
      ...(after === undefined ? {} : { before: after - delta, after }),
      ...(label === undefined ? {} : { label }),
    };
  });
  list.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.column - b.column);
  return { changes: list, bias: changes.bias ?? changes.biases };
}
