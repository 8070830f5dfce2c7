// The Contributions region's content (issue 29, "Explain a prediction"): a linear model's score
// for one row, w·x + b, as the terms w_i x_i, sorted by |w_i x_i| (largest first, ties by
// column), with the bias and their sum, the score. Pure: renderContributions draws plain data
// (the worker's explain() result, named for the page by explain-view.js) and imports nothing from
// the playground; text from data is only ever set as text.
import { el } from '../shell/dom.js';
import { formatCount, formatNumber } from '../shell/format.js';

/** At most this many terms are listed (the rest summed in one row). */
export const MAX_TERMS = 20;

/**
 * Draws `view` into `container` (replacing what was there):
 * - {message}: a sentence (no row chosen, not a linear model, ...);
 * - {row, label, predicted, score, bias, contributions, fileRow, explained, scaled}: the table of
 *   terms, the bias and the score (row: the point's index, shown from 1; label: its class;
 *   predicted: the model's class; fileRow: for a sample of an upload, the upload's row, shown
 *   from 1; explained: for a multi-class model, the class whose score w_c·x + b_c is explained;
 *   scaled: x_i is the row as the model's preprocess scales it).
 */
export function renderContributions(container, view) {
  if (!view || view.message !== undefined) {
    container.replaceChildren(el('p', { class: 'caption contrib-message', text: view?.message ?? '' }));
    return;
  }
  const { row, label, predicted, score, bias, contributions, fileRow, explained, scaled } = view;
  const of = explained === undefined ? '' : ` of class ${explained}`;
  const shown = contributions.slice(0, MAX_TERMS);
  const rest = contributions.slice(MAX_TERMS);
  const sub = () => el('sub', { text: 'i' });
  const cell = (tag, text, className) => el(tag, className ? { class: className, text } : { text });
  const head = el('thead', {}, [
    el('tr', {}, [
      cell('th', 'Feature'),
      el('th', { class: 'num' }, ['x', sub()]),
      el('th', { class: 'num' }, ['w', sub()]),
      el('th', { class: 'num' }, ['w', sub(), ' x', sub()]),
    ]),
  ]);
  for (const th of head.querySelectorAll('th')) th.scope = 'col';
  const body = el(
    'tbody',
    {},
    shown.map((c) =>
      el('tr', { class: c.contribution > 0 ? 'contrib-up' : c.contribution < 0 ? 'contrib-down' : '' }, [
        el('th', { scope: 'row', text: String(c.name) }),
        cell('td', formatNumber(c.value), 'num'),
        cell('td', formatNumber(c.weight), 'num'),
        cell('td', formatNumber(c.contribution), 'num'),
      ]),
    ),
  );
  if (rest.length > 0) {
    const sum = rest.reduce((s, c) => s + c.contribution, 0);
    body.append(
      el('tr', {}, [
        el('th', { scope: 'row', text: `${formatCount(rest.length)} more features` }),
        cell('td', ''),
        cell('td', ''),
        cell('td', formatNumber(sum), 'num'),
      ]),
    );
  }
  const foot = el('tfoot', {}, [
    el('tr', {}, [
      el('th', { scope: 'row', text: 'bias b' }),
      cell('td', ''),
      cell('td', ''),
      cell('td', formatNumber(bias), 'num'),
    ]),
    el('tr', { class: 'contrib-score' }, [
      el('th', { scope: 'row', text: 'score w·x + b' }),
      cell('td', ''),
      cell('td', ''),
      cell('td', formatNumber(score), 'num'),
    ]),
  ]);
  const caption = el('caption', {
    text:
      `Point ${formatCount(row + 1)} (${fileRow === undefined ? '' : `row ${formatCount(fileRow + 1)} of the upload, `}` +
      `class ${label}${predicted === undefined ? '' : `, predicted ${predicted}`}): score${of} ${formatNumber(score)}`,
  });
  const table = el('table', { class: 'contrib-table' }, [caption, head, body, foot]);
  const notes = [];
  if (scaled) {
    notes.push(
      el('p', { class: 'caption' }, [
        'x',
        sub(),
        " is the point as the model sees it: scaled by the model's preprocess, as training scaled every row.",
      ]),
    );
  }
  container.replaceChildren(el('div', { class: 'contrib-scroll' }, [table]), ...notes);
}
