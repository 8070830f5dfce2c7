// The text mode's controls and regions: the bag of words (terms 1 or 1-2, binary, hashing bits;
// Winnow forces binary and says so), the documents list with the chosen document's row, the
// Model panel's numbers, Top words, the Confusion matrix, Contributions and the last step.
import { el } from '../shell/dom.js';
import { formatCount } from '../shell/format.js';
import { HASH_BITS } from './text-link.js';
import { renderConfusion, renderContributions, renderStep, renderTopWords } from './text-render.js';

export class TextControls {
  #pg;
  #mode;

  constructor(playground, mode) {
    this.#pg = playground;
    this.#mode = mode;
    const $ = playground.$;
    $('text-bits').replaceChildren(
      ...HASH_BITS.map(
        (bits) =>
          new Option(
            bits === 0 ? 'off (a vocabulary)' : `${bits} bits (${formatCount(2 ** bits)} columns)`,
            String(bits),
          ),
      ),
    );
    const changed = () => {
      if (this.#mode.busy) return this.render();
      mode.reload({
        ngram: Number($('text-ngram').value),
        binary: $('text-binary').checked,
        bits: Number($('text-bits').value),
      });
    };
    for (const id of ['text-ngram', 'text-binary', 'text-bits']) $(id).addEventListener('change', changed);
    const go = (row) => mode.choose(row);
    $('text-doc-row').addEventListener('change', () => go(Number($('text-doc-row').value) - 1));
    $('text-doc-prev').addEventListener('click', () => go(mode.doc - 1));
    $('text-doc-next').addEventListener('click', () => go(mode.doc + 1));
  }

  /** The controls, the numbers and the regions as the mode is now. */
  render() {
    this.#renderControls();
    this.#renderRegions();
  }

  #renderRegions() {
    const $ = this.#pg.$;
    const mode = this.#mode;
    const { accuracies, confusion, top, contributions, step } = mode.view;
    const describe = (part) => {
      const a = accuracies[part];
      if (a) return `${(100 * a.accuracy).toFixed(1)}%`;
      return mode.parts[part === 'training' ? 'train' : part] ? '—' : `no ${part} part`;
    };
    const { t, epoch, mistakes, converged } = mode.state;
    $('status-t').textContent = formatCount(t);
    $('status-epoch').textContent = formatCount(epoch);
    $('status-mistakes').textContent = formatCount(mistakes);
    $('status-accuracy').textContent = describe('training');
    $('status-validation').textContent = describe('validation');
    $('status-test').textContent = describe('test');
    $('status-weights').textContent = mode.fitted
      ? `${formatCount(mode.base.cols)} weights (Top words below)`
      : 'all zero';
    const known = converged === null ? 'not yet known' : converged ? 'yes' : 'no';
    $('status-converged').textContent = mode.busy ? 'training…' : known;
    $('status-last').textContent = '';
    $('text-top-body').replaceChildren(...renderTopWords(top));
    $('text-confusion').replaceChildren(...(confusion ? renderConfusion(confusion) : []));
    $('text-contrib-body').replaceChildren(
      ...(contributions
        ? renderContributions(contributions, mode.base.classes)
        : [
            el('p', {
              class: 'caption',
              text: "A document's contributions show once the model has weights: Step or Train.",
            }),
          ]),
    );
    $('text-step-body').replaceChildren(...renderStep(step));
    for (const id of ['step', 'epoch', 'train', 'play', 'reset']) $(id).disabled = mode.busy;
    $('play').textContent = mode.playing ? 'Pause' : 'Play';
    $('play').setAttribute('aria-pressed', String(mode.playing));
    $('stop').hidden = true;
    $('progress').hidden = !mode.busy;
    $('progress').textContent = mode.busy ? 'Training…' : '';
  }

  #renderControls() {
    const $ = this.#pg.$;
    const mode = this.#mode;
    const winnow = this.#pg.ui.model.kind === 'Winnow';
    $('text-ngram').value = String(mode.bag.ngram);
    $('text-binary').checked = mode.bagOptions.binary;
    $('text-binary').disabled = winnow || mode.busy;
    $('text-bits').value = String(mode.bag.bits);
    $('text-bag-note').textContent = winnow
      ? 'Winnow learns from 0/1 features: the bag is binary while Winnow is the model.'
      : '';
    const { base } = mode;
    const { name, set } = mode.evaluated;
    $('text-summary').textContent = `${formatCount(base.rows)} documents, ${formatCount(base.cols)} columns (${
      mode.bag.bits
        ? `hashed into 2^${mode.bag.bits}`
        : `one per ${mode.bag.ngram === 2 ? 'word or pair of words' : 'word'}`
    }), classes ${base.classes.join(', ')}; ${formatCount(mode.parts.train.rows)} train.`;
    $('text-doc-row').max = String(set.rows);
    $('text-doc-row').value = String(mode.doc + 1);
    $('text-docs-part').textContent =
      `Documents of the ${name} part (${formatCount(set.rows)}): choose one to see its Contributions.`;
    // The list is drawn anew: a focused document button hands the focus to the chosen one's.
    const hadFocus = this.#pg.root.activeElement?.classList.contains('text-doc');
    $('text-docs').replaceChildren(
      ...mode.view.docs.map((doc) => {
        const excerpt = doc.text.length > 90 ? `${doc.text.slice(0, 89)}…` : doc.text;
        const button = el('button', {
          type: 'button',
          class: 'text-doc',
          text: `${doc.row + 1}. [${doc.label}] ${excerpt}`,
        });
        button.setAttribute('aria-pressed', String(doc.row === mode.doc));
        button.addEventListener('click', () => mode.choose(doc.row));
        return el('li', {}, [button]);
      }),
    );
    if (hadFocus) $('text-docs').querySelector('[aria-pressed="true"]')?.focus();
  }
}
