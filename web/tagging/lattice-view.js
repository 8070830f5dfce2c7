// The "Sentence lattice" region's content: a sentence's positions (columns) by tags (rows), each
// cell with Viterbi's best score of a path ending there, the tag's emission score and the
// previous tag of that best path; Viterbi's path filled, the gold path outlined, and both said
// in text (the summary) for screen readers. The lattice is as StructuredPerceptron.lattice gives
// it: {tags, emission (n x K), transition ((K + 1) x K), best (n x K), back (n x K), path, score},
// with {words, gold} from the Worker. Plain data and text here (Node tests read them);
// renderLattice builds the DOM (a table that scrolls within the region on a phone).
import { formatNumber } from '../shell/format.js';

/** The cells by tag, then position: {tag, emission, best, back (the previous tag or null), path, gold}. */
export function latticeCells({ tags, emission, best, back, path }, gold = []) {
  return tags.map((tag, k) =>
    best.map((row, t) => ({
      tag,
      emission: emission[t][k],
      best: row[k],
      back: back[t][k] < 0 ? null : tags[back[t][k]],
      path: path[t] === tag,
      gold: gold[t] === tag,
    })),
  );
}

const tagged = (words, tags) => words.map((word, t) => `${word}/${tags[t]}`).join(' ');

/**
 * The lattice in words: {path: 'the/DET can/NOUN …', gold, wrong: [{position (1-based), word,
 * predicted, gold}], summary (one paragraph for screen readers)}.
 */
export function latticeText(lattice, { words, gold }) {
  const path = tagged(words, lattice.path);
  const wrong = [];
  words.forEach((word, t) => {
    if (gold && gold[t] !== lattice.path[t])
      wrong.push({ position: t + 1, word, predicted: lattice.path[t], gold: gold[t] });
  });
  const goldText = gold ? tagged(words, gold) : null;
  let verdict = '';
  if (gold) {
    verdict =
      wrong.length === 0
        ? ' It equals the gold path.'
        : ` Gold path: ${goldText}. ${wrong.length} of ${words.length} tags differ: ${wrong
            .map((w) => `${w.word} (position ${w.position}) ${w.predicted} instead of ${w.gold}`)
            .join('; ')}.`;
  }
  const summary = `Viterbi path: ${path}, score ${formatNumber(lattice.score)}.${verdict}`;
  return { path, gold: goldText, wrong, summary };
}

/**
 * The lattice as a table in `container` (replacing its content): caption, a header row of the
 * words, a row per tag; and the summary paragraph before it.
 */
export function renderLattice(container, lattice, { words, gold }) {
  const doc = container.ownerDocument;
  const make = (tag, props = {}, children = []) => {
    const node = Object.assign(doc.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const { summary } = latticeText(lattice, { words, gold });
  const table = make('table', { className: 'lattice-table' });
  table.append(make('caption', { textContent: 'Scores of the best path ending in each tag at each word' }));
  const head = make('tr', {}, [make('th', { scope: 'col', textContent: 'Tag' })]);
  words.forEach((word, t) => head.append(make('th', { scope: 'col', textContent: `${t + 1}. ${word}` })));
  table.append(make('thead', {}, [head]));
  const body = make('tbody');
  latticeCells(lattice, gold ?? []).forEach((row, k) => {
    const tr = make('tr', {}, [make('th', { scope: 'row', textContent: lattice.tags[k] })]);
    for (const cell of row) {
      const td = make('td', {
        className: ['lattice-cell', cell.path && 'on-path', cell.gold && 'on-gold'].filter(Boolean).join(' '),
      });
      const marks = `${cell.path ? '●' : ''}${cell.gold ? '○' : ''}`;
      td.append(
        make('span', { className: 'lattice-best', textContent: formatNumber(cell.best) }),
        make('span', {
          className: 'lattice-detail',
          textContent: `e ${formatNumber(cell.emission)}${cell.back ? ` ← ${cell.back}` : ''}`,
        }),
      );
      if (marks) td.append(make('span', { className: 'lattice-mark', textContent: marks }));
      tr.append(td);
    }
    body.append(tr);
  });
  table.append(body);
  const text = make('p', { className: 'lattice-summary', textContent: summary });
  const legend = make('p', {
    className: 'lattice-legend',
    textContent:
      '● filled: Viterbi’s path; ○ outlined: the gold tags; e: the tag’s emission score; ← the previous tag of the best path.',
  });
  const scroller = make('div', { className: 'lattice-scroll', tabIndex: 0 }, [table]);
  scroller.setAttribute('role', 'group');
  scroller.setAttribute('aria-label', 'Lattice table (scrolls sideways)');
  container.replaceChildren(text, scroller, legend);
}
