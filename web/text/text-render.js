// The text mode's regions as DOM, from text-views.js's plain data: Top words, the Confusion
// matrix table, the documents list, a document's Contributions (its words coloured by
// w_i x_i, with a legend and the numbers as text for screen readers) and the last step.
// Text from the data is only ever set as text (dom.js's el), colours by class (no inline style).
import { el } from '../shell/dom.js';
import { formatCount } from '../shell/format.js';
import { LEVELS } from './text-views.js';

/** A weight or contribution for reading: up to 4 significant digits, a real minus sign. */
export const num = (value) => {
  if (!Number.isFinite(value)) return String(value);
  const text = Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
  return text.replace(/^-/, '−');
};
const signed = (value) => (value > 0 ? `+${num(value)}` : num(value));
const levelClass = (level) =>
  level > 0 ? `contrib-pos-${level}` : level < 0 ? `contrib-neg-${-level}` : 'contrib-zero';

/** Top words: one list per side (binary) or per class, each word with its weight. */
export function renderTopWords(sides) {
  if (sides.length === 0) return [el('p', { class: 'caption', text: 'No weights yet: Step or Train first.' })];
  return sides.map(({ label, sign, words }) =>
    el('div', { class: 'top-side' }, [
      el('h4', {
        text: sign
          ? `${sign === '+' ? 'Largest positive' : 'Largest negative'} weights: towards ${label}`
          : `Class ${label}: largest weights`,
      }),
      words.length === 0
        ? el('p', { class: 'caption', text: 'none yet' })
        : el(
            'ol',
            { class: 'top-list' },
            words.map(({ name, weight }) =>
              el('li', {}, [
                el('span', { class: 'top-word', text: name }),
                ' ',
                el('span', { class: 'top-weight', text: num(weight) }),
              ]),
            ),
          ),
    ]),
  );
}

/** The Confusion matrix as a table (rows: true class, columns: predicted) and the accuracy line. */
export function renderConfusion(view) {
  const head = el('tr', {}, [
    el('th', { scope: 'col', text: 'true \\ predicted' }),
    ...view.classes.map((c) => el('th', { scope: 'col', text: String(c) })),
    el('th', { scope: 'col', text: 'total' }),
  ]);
  const body = view.rows.map(({ label, counts, total }) =>
    el('tr', {}, [
      el('th', { scope: 'row', text: String(label) }),
      ...counts.map((n, j) => el('td', { class: view.classes[j] === label ? 'diagonal' : '', text: formatCount(n) })),
      el('td', { text: formatCount(total) }),
    ]),
  );
  const table = el('table', { class: 'confusion' }, [
    el('caption', { text: 'Confusion matrix' }),
    el('thead', {}, [head]),
    el('tbody', {}, body),
  ]);
  const accuracy = `${view.part} accuracy ${(100 * view.accuracy).toFixed(1)}% (${formatCount(view.right)} of ${formatCount(view.total)} right).`;
  return [
    el('p', {
      class: 'caption',
      text: `On the ${view.part} part: rows are the true class, columns the predicted one.`,
    }),
    el('div', { class: 'table-wrap', tabIndex: 0, role: 'group', 'aria-label': 'Confusion matrix' }, [table]),
    el('p', { class: 'text-accuracy', text: accuracy }),
  ];
}

/** The legend of the colours: LEVELS steps each side; `positive` is the class a positive score is for. */
export function renderLegend(positive, classes) {
  const others = classes.filter((c) => c !== positive);
  const negative = others.length === 1 ? `towards ${others[0]}` : `against ${positive}`;
  const steps = [];
  for (let level = -LEVELS; level <= LEVELS; level++) {
    if (level !== 0) steps.push(el('span', { class: `swatch ${levelClass(level)}`, 'aria-hidden': 'true' }));
  }
  return el('p', { class: 'contrib-legend' }, [
    el('span', { text: negative }),
    ...steps,
    el('span', { text: `towards ${positive}` }),
  ]);
}

/** A document's Contributions: the highlighted text, the legend, the sorted list, the score. */
export function renderContributions(view, classes, { limit = 30 } = {}) {
  const text = el(
    'p',
    { class: 'contrib-text' },
    view.segments.map(({ text: part, word }) => {
      if (!word) return part;
      const mark = el('mark', { class: levelClass(word.level), title: `${word.name}: ${signed(word.contribution)}` }, [
        part,
      ]);
      // Read as text too: the contribution after the word, for screen readers only.
      if (word.contribution !== 0)
        mark.append(el('span', { class: 'visually-hidden', text: ` (${signed(word.contribution)})` }));
      return mark;
    }),
  );
  const rows = view.contributions
    .slice(0, limit)
    .map((c) =>
      el('tr', {}, [
        el('th', { scope: 'row', text: c.name }),
        el('td', { text: num(c.value) }),
        el('td', { text: num(c.weight) }),
        el('td', { class: levelClass(c.level), text: signed(c.contribution) }),
      ]),
    );
  const more = view.contributions.length - rows.length;
  const table = el('table', { class: 'contrib-table' }, [
    el('caption', { text: 'Contributions w_i x_i, largest first' }),
    el('thead', {}, [
      el(
        'tr',
        {},
        ['term', 'x_i', 'w_i', 'w_i x_i'].map((h) => el('th', { scope: 'col', text: h })),
      ),
    ]),
    el('tbody', {}, rows),
  ]);
  const verdict =
    view.predicted === undefined
      ? ''
      : `: predicts ${view.predicted}${view.label === undefined ? '' : view.predicted === view.label ? ' (right)' : ` (wrong: it is ${view.label})`}`;
  const score = el('p', { class: 'contrib-score' }, [
    `score = bias ${num(view.bias)} + sum of contributions ${num(view.sum)} = ${num(view.score)}${verdict}.`,
  ]);
  return [
    el('p', {
      class: 'caption',
      text: `True class: ${view.label}. Each word is coloured by its term's contribution w_i x_i.`,
    }),
    renderLegend(view.class, classes),
    text,
    score,
    el('div', { class: 'table-wrap', tabIndex: 0, role: 'group', 'aria-label': 'Contributions table' }, [table]),
    ...(more > 0 ? [el('p', { class: 'caption', text: `and ${formatCount(more)} more terms.` })] : []),
  ];
}

/** The last step: the document, whether it was a mistake, and the weights its update changed. */
export function renderStep(step, { limit = 20 } = {}) {
  if (!step)
    return [el('p', { class: 'caption', text: 'Step shows here the document it learned from and what changed.' })];
  const { record, doc, changes } = step;
  const verdict = record.mistake ? 'a mistake: the weights changed' : 'no mistake: nothing changed';
  const head = el('p', { class: record.mistake ? 'step-head mistake' : 'step-head' }, [
    `Step ${formatCount(record.t)} (epoch ${formatCount(record.epoch)}), training document ${formatCount(doc.row + 1)}: true ${record.label}, predicted ${record.prediction}${record.score === undefined ? '' : ` (score ${num(record.score)})`}: ${verdict}.`,
  ]);
  const excerpt = doc.text.length > 300 ? `${doc.text.slice(0, 299)}…` : doc.text;
  const items = changes.changes
    .slice(0, limit)
    .map((c) =>
      el('li', {}, [
        el('span', { class: 'top-word', text: c.name }),
        ` ${c.label === undefined ? '' : `(${c.label}) `}${c.after === undefined ? '' : `${num(c.before)} → ${num(c.after)} `}(${signed(c.delta)})`,
      ]),
    );
  const extra = changes.changes.length - items.length;
  return [
    head,
    el('blockquote', { class: 'step-doc', text: excerpt }),
    ...(changes.changes.length > 0
      ? [
          el('p', {
            class: 'caption',
            text: `Weights changed (${formatCount(changes.changes.length)} terms), largest change first:`,
          }),
          el('ul', { class: 'step-changes' }, items),
          ...(extra > 0 ? [el('p', { class: 'caption', text: `and ${formatCount(extra)} more.` })] : []),
        ]
      : []),
  ];
}
