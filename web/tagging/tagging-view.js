// The tagging mode's part of the page (template.js's #tagging section, #tagging-theory): its
// controls (the corpus's size and seed, the variant and order, the sentence shown), its status
// numbers, the last step's words and changes, the token accuracy per epoch (accuracy-curve.js's
// curve and a list); and which parts of
// the page the mode hides while it is shown (the plane, its palette and view toggles, the dense
// model's status, options and trace), given back as they were by hide().
import { formatCount, formatPercent } from '../shell/format.js';
import { CORPUS_LIMITS } from './corpus.js';
import { renderChanges } from './changes-view.js';
import { renderAccuracyCurve } from './accuracy-curve.js';

// What the mode hides (ids and selectors in the playground's shadow root).
const HIDDEN = [
  '#plane-box',
  '#plane-status',
  '#point-count',
  '.plane-extras',
  '[data-control="palette"]',
  '[data-control="clear"]',
  '[data-control="split"]',
  '[data-param]',
  '#status',
  '#curve',
  '#theory',
  '.options-column',
  '.trace-region',
  '[data-control="model"]',
  '.contrib-region', // a point's Contributions: no points here
];

export class TaggingView {
  #pg;
  #saved = [];

  constructor(playground, { corpus, options, inspect }) {
    this.#pg = playground;
    const $ = playground.$;
    this.region = $('tagging');
    this.lattice = $('lattice');
    this.theory = $('tagging-theory');
    for (const id of ['tagging-sentences', 'tagging-seed']) {
      $(id).addEventListener('change', () => {
        const sentences = Number($('tagging-sentences').value);
        const seed = Number($('tagging-seed').value);
        corpus({ seed, sentences });
      });
    }
    for (const id of ['tagging-variant', 'tagging-order']) {
      $(id).addEventListener('change', () =>
        options({ variant: $('tagging-variant').value, order: $('tagging-order').value }),
      );
    }
    $('tagging-index').addEventListener('change', () => inspect(Number($('tagging-index').value) - 1));
    $('tagging-sentences').min = String(CORPUS_LIMITS.min);
    $('tagging-sentences').max = String(CORPUS_LIMITS.max);
  }

  /** Shows the mode's part and hides the page's dense parts. */
  show(mode) {
    const $ = this.#pg.$;
    if (this.#saved.length === 0) {
      for (const selector of HIDDEN) {
        for (const element of this.#pg.root.querySelectorAll(selector)) {
          this.#saved.push([element, element.hidden]);
          element.hidden = true;
        }
      }
    }
    this.region.hidden = false;
    this.theory.hidden = false;
    $('tagging-side').hidden = false;
    const generated = mode.spec?.kind !== 'upload';
    for (const id of ['tagging-sentences', 'tagging-seed']) $(id).closest('label').hidden = !generated;
    if (generated && mode.spec) {
      $('tagging-sentences').value = String(mode.spec.sentences);
      $('tagging-seed').value = String(mode.spec.seed);
    }
    $('tagging-variant').value = mode.options.variant;
    $('tagging-order').value = mode.options.order;
  }

  /** Gives the page's parts back as they were; hides the mode's. */
  hide() {
    for (const [element, hidden] of this.#saved) element.hidden = hidden;
    this.#saved = [];
    this.region.hidden = true;
    this.theory.hidden = true;
    this.#pg.$('tagging-side').hidden = true;
  }

  /** The alert line under the mode's controls ('' clears it). */
  say(message) {
    this.#pg.$('tagging-error').textContent = message;
  }

  /** While Train runs: Stop in place of Train. */
  training(on) {
    const $ = this.#pg.$;
    const [from, to] = on ? [$('train'), $('stop')] : [$('stop'), $('train')];
    const focused = this.#pg.root.activeElement === from;
    from.hidden = true;
    to.hidden = false;
    if (focused) to.focus(); // the keyboard stays on the button in its place
  }

  playing(on) {
    const play = this.#pg.$('play');
    play.setAttribute('aria-pressed', String(on));
    play.textContent = on ? 'Pause' : 'Play';
  }

  /** t, epoch, mistakes, token accuracy, converged; the data's size. */
  status(mode) {
    const $ = this.#pg.$;
    const { state, accuracy, data } = mode;
    $('tagging-t').textContent = formatCount(state.t);
    $('tagging-epoch').textContent = formatCount(state.epoch);
    $('tagging-mistakes').textContent = formatCount(state.mistakes);
    $('tagging-accuracy').textContent = accuracy === null ? '—' : formatPercent(accuracy);
    $('tagging-converged').textContent = state.done
      ? state.converged
        ? 'yes: an epoch without a mistake'
        : 'no: training stopped at the last epoch'
      : 'not yet known';
    const { rows, tokens, classes } = data.summary;
    const source = mode.spec.kind === 'upload' ? mode.spec.fileName : 'generated corpus';
    $('tagging-data').textContent =
      `${source}: ${formatCount(rows)} sentences, ${formatCount(tokens)} tokens, tags ${classes.join(', ')}`;
    if (mode.spec.kind === 'preset') {
      // The corpus in use (a refused value goes back to it).
      $('tagging-sentences').value = String(mode.spec.sentences);
      $('tagging-seed').value = String(mode.spec.seed);
    }
    $('tagging-variant').value = mode.options.variant;
    $('tagging-order').value = mode.options.order;
    $('tagging-index').max = String(rows);
    $('tagging-index').value = String(mode.shown + 1);
  }

  /** Before any step: what the lattice region will show. */
  empty() {
    const doc = this.lattice.ownerDocument;
    const p = doc.createElement('p');
    p.className = 'lattice-summary';
    p.textContent = 'No step yet: press Step to tag the first sentence and see its lattice.';
    this.lattice.replaceChildren(p);
    this.#pg.$('tagging-changes').replaceChildren();
    this.#pg.$('tagging-step').textContent = '';
  }

  /** The step's sentence and what its update changed (nothing for a sentence only inspected). */
  changes({ record, lattice, changes, index }) {
    const $ = this.#pg.$;
    const words = lattice.words;
    if (!record) {
      $('tagging-step').textContent = `Sentence ${formatCount(index + 1)} with the weights now (no update).`;
      $('tagging-changes').replaceChildren();
      return;
    }
    const said = (tags) => words.map((word, t) => `${word}/${tags[t]}`).join(' ');
    $('tagging-step').textContent =
      `Step ${formatCount(record.t)} (epoch ${formatCount(record.epoch)}), sentence ${formatCount(record.index + 1)}: ` +
      `Viterbi tagged ${said(record.prediction)}; gold ${said(record.label)}. ` +
      (record.mistake
        ? `A mistake (${formatCount(record.differing)} tag${record.differing === 1 ? '' : 's'} wrong): w += Φ(x, gold) − Φ(x, predicted). The lattice shows the weights after the update.`
        : 'No mistake: the weights stay.');
    renderChanges($('tagging-changes'), changes, record.mistake);
  }

  /** The token accuracy of every finished epoch. */
  epochs(history) {
    const list = this.#pg.$('tagging-epochs');
    const doc = list.ownerDocument;
    list.replaceChildren(
      ...history.map((e) =>
        Object.assign(doc.createElement('li'), {
          textContent: `Epoch ${formatCount(e.epoch)}: token accuracy ${formatPercent(e.tokenAccuracy)}, ${formatCount(e.mistakes)} mistake${e.mistakes === 1 ? '' : 's'}`,
        }),
      ),
    );
    this.#pg.$('tagging-epochs-empty').hidden = history.length > 0;
    renderAccuracyCurve(this.#pg.$('tagging-curve'), history);
  }
}
