// The playground's data modes (modes.js: text, tagged sentences): which mode is active, entering
// and leaving one, a mode's part of the link and of a restore, and an upload the text mode reads
// (they train in the playground's one Worker, pg.worker()). While a mode is active the training buttons
// (playground-run.js), the link (playground.js's writeHash) and render go to it.
import { formatCount } from './format.js';
import { modelOf } from './models.js';
import { MODES } from './modes.js';
import { serialize } from './state.js';
import { TEXT_KINDS } from '../text/text-data.js';
import { looksLikeConll } from '../tagging/conll.js';
import { serializeTagging } from '../tagging/tagging-link.js';

export class ModeHost {
  #pg;
  #made = {}; // the modes made so far, by kind
  /** The active mode, or null for dense data. */
  active = null;

  constructor(playground) {
    this.#pg = playground;
  }

  /** The Worker could not start (the page's CSP): the next worker() runs on the page's thread. */
  workerRefused() {
    this.#pg.threads.refused();
  }

  /**
   * Makes the mode `kind` active once `action(mode)` (its load or restore) succeeded; on failure
   * the page stays as it was. spec: what dataSpec says of the data ({kind: 'text', preset} or csv).
   */
  async enter(kind, action, spec) {
    const pg = this.#pg;
    const mode = (this.#made[kind] ??= new MODES[kind](pg));
    await action(mode);
    if (this.active && this.active !== mode) this.leave();
    this.active = mode;
    pg.dataSpec = spec;
    pg.views.resetTrace();
    mode.show();
  }

  /** Back to dense data: the mode's regions hidden, the plane shown. */
  leave() {
    if (!this.active) return;
    this.active.hide();
    this.active = null;
  }

  /**
   * The link while a mode is active: the text mode's with the page's model and split (state.js's
   * serialize); the tagging mode's alone (its variant and order are the structured perceptron's,
   * not the Model select's).
   */
  linkText(fieldsOf) {
    const data = this.active.linkState() ?? { kind: 'csv' };
    if (data.kind === 'tagging') return serializeTagging(data).join('&');
    return serialize({ ...this.#pg.ui, data, progress: null }, fieldsOf);
  }

  /** A link's mode state (applyHash): text's model must be linear; then the mode restores it. */
  async restore(modeState, state, problems) {
    if (modeState.kind === 'tagging') {
      try {
        await this.enter('sequences', (mode) => mode.restore(modeState), { kind: 'sequences', preset: 'tagging' });
      } catch (error) {
        problems.push({ part: 'data=tagging', reason: `${error.message}; the default dataset is shown` });
      }
      return;
    }
    if (!TEXT_KINDS.includes(state.model.kind)) {
      problems.push({ part: `model=${state.model.kind}`, reason: 'text trains linear models; the Perceptron is used' });
      this.#pg.useModel('Perceptron');
    }
    try {
      await this.enter('text', (mode) => mode.restore(modeState), { kind: 'text', preset: modeState.preset });
    } catch (error) {
      problems.push({ part: `data=${modeState.preset}`, reason: `${error.message}; the default dataset is shown` });
    }
  }

  /** An upload with a text column: the text mode reads the file as documents (its bag of words). */
  async loadText(upload) {
    const pg = this.#pg;
    if (!TEXT_KINDS.includes(pg.ui.model.kind)) pg.useModel('Perceptron');
    await this.enter('text', (mode) => mode.load({ upload }), { kind: 'csv', fileName: upload.fileName });
    if (this.active.base.classes.length > 2 && modelOf(pg.ui.model.kind).binary) {
      pg.useModel('MulticlassPerceptron');
      await this.active.modelChanged();
    }
  }

  /**
   * The upload panel's hook for CoNLL files (upload.js's `sequences` option): the tagging mode
   * reads them; a file's error says its line and column.
   */
  uploadHook() {
    return {
      claims: (name, text) => looksLikeConll(name, text),
      load: async (file) => {
        const pg = this.#pg;
        pg.runner.stopAll();
        let summary;
        try {
          await this.enter(
            'sequences',
            async (mode) => (summary = await mode.load({ kind: 'upload', file, fileName: file.name })),
            {
              kind: 'csv',
              fileName: file.name,
            },
          );
        } catch (error) {
          const at = Number.isInteger(error?.line) && !/column \d/.test(error.message);
          if (at) error.message = `${error.message} (line ${error.line}, column ${error.column})`;
          throw error;
        }
        pg.dataControls.show();
        pg.writeHash();
        pg.render();
        return `Loaded ${file.name}: ${formatCount(summary.rows)} sentences, ${formatCount(summary.tokens)} tokens, ${formatCount(summary.classes.length)} tags.`;
      },
    };
  }

  /** The Model select chose `kind` (from `before`): false when the active mode refuses it. */
  modelChosen(before, kind) {
    const mode = this.active;
    if (mode === this.#made.sequences) return false; // the structured perceptron, whatever the select says
    if (!TEXT_KINDS.includes(kind)) {
      this.#pg.messages.actionError(`Text trains linear models (${TEXT_KINDS.join(', ')}); ${kind} is not one.`);
      return false;
    }
    this.#pg.useModel(kind);
    this.#pg.messages.clearActionError();
    mode.modelChanged({ binaryChanged: (before === 'Winnow') !== (kind === 'Winnow') && !mode.bag.binary });
    return true;
  }

  /** perceptronDemo.getState() with the active mode's part (`text`). */
  state(dense) {
    const pg = this.#pg;
    if (!this.active) return dense;
    const dataset = pg.dataSpec.kind === 'csv' ? 'csv' : pg.dataSpec.preset;
    const key = this.active === this.#made.sequences ? 'tagging' : 'text';
    return { ...dense, dataset, [key]: this.active.stateForTests(), link: pg.link };
  }

  dispose() {
    for (const mode of Object.values(this.#made)) mode.dispose();
  }
}
