// The playground's modes: data that is not points in the plane (tagged sentences: web/tagging),
// shown by its own module in place of the plane. While a mode is active, the Step, Epoch, Play,
// Train and Reset buttons and the link go to it (the dense session underneath stays as it was
// and comes back when a dense dataset is chosen). Registry: the mode of each data kind, and the
// Dataset select's entries that open one.
import { TaggingMode } from '../tagging/tagging-mode.js';
import { looksLikeConll } from '../tagging/conll.js';
import { DEFAULT_CORPUS } from '../tagging/corpus.js';
import { parseTagging, serializeTagging } from '../tagging/tagging-link.js';
import { formatCount } from './format.js';

export const MODES = { sequences: TaggingMode };

/** Dataset select entries that open a mode: [value, label, kind]. */
export const MODE_DATASETS = Object.freeze([['tagging', 'Tagged sentences', 'sequences']]);

const BUTTONS = ['step', 'epoch', 'play', 'train', 'reset'];

export class Modes {
  #pg;
  #instances = new Map();
  active = null;

  constructor(playground) {
    this.#pg = playground;
    const $ = playground.$;
    // Capturing on the buttons' group: the active mode's action, before the dense runner hears it.
    $('step').parentElement.addEventListener(
      'click',
      (event) => {
        const button = event.target.closest?.('button');
        if (!this.active || !button || !BUTTONS.includes(button.id)) return;
        event.stopPropagation();
        const mode = this.active;
        if (button.id === 'play') return mode.playing ? mode.stop() : mode.play();
        mode.stop();
        mode[button.id]();
      },
      true,
    );
  }

  #mode(kind) {
    if (!this.#instances.has(kind)) this.#instances.set(kind, new MODES[kind](this.#pg));
    return this.#instances.get(kind);
  }

  #activate(mode) {
    const pg = this.#pg;
    pg.runner.stopAll();
    if (this.active !== mode) this.active?.hide();
    this.active = mode;
    mode.show();
    pg.dataControls.show();
    this.writeHash();
    mode.render();
  }

  /** Leaves the active mode: the dense parts of the page come back. */
  close() {
    this.active?.hide();
    this.active = null;
  }

  /** The Dataset select chose `name`: true when a mode took it. */
  async choose(name) {
    const entry = MODE_DATASETS.find(([value]) => value === name);
    if (!entry) {
      this.close();
      return false;
    }
    const mode = this.#mode(entry[2]);
    try {
      await mode.load({ kind: 'preset', ...DEFAULT_CORPUS });
      this.#activate(mode);
    } catch (error) {
      this.#pg.messages.dataError(`Could not load the tagged sentences: ${error.message}`);
      this.#pg.dataControls.show();
    }
    return true;
  }

  /** The Dataset select's value while a mode is active (null otherwise). */
  selected() {
    if (!this.active) return null;
    return this.active.spec?.kind === 'upload' ? 'conll' : 'tagging';
  }

  /** Entries the select adds: the modes' datasets, and the active upload. */
  entries() {
    const entries = MODE_DATASETS.map(([value, label]) => [value, label]);
    if (this.active?.spec?.kind === 'upload') entries.push(['conll', `Uploaded: ${this.active.spec.fileName}`]);
    return entries;
  }

  /** The upload panel's hook for CoNLL files (upload.js's `sequences` option). */
  uploadHook() {
    return {
      claims: (name, text) => looksLikeConll(name, text),
      load: async (file) => {
        const mode = this.#mode('sequences');
        let summary;
        try {
          summary = await mode.load({ kind: 'upload', file, fileName: file.name });
        } catch (error) {
          // A file's error says where: its line and column.
          const at = Number.isInteger(error?.line) && !/column \d/.test(error.message);
          if (at) error.message = `${error.message} (line ${error.line}, column ${error.column})`;
          throw error;
        }
        this.#activate(mode);
        return `Loaded ${file.name}: ${formatCount(summary.rows)} sentences, ${formatCount(summary.tokens)} tokens, ${formatCount(summary.classes.length)} tags.`;
      },
    };
  }

  /** Whether a link is a mode's (data=tagging …). */
  claims(hash) {
    return entryOf(paramsOf(hash)) !== undefined;
  }

  /** Restores a mode's link (claims(hash) is true). */
  async applyHash(hash) {
    const params = paramsOf(hash);
    const entry = entryOf(params);
    const problems = [];
    const state = parseTagging(params, (part, reason) => problems.push({ part, reason }));
    const mode = this.#mode(entry[2]);
    await mode.restore(state);
    this.#activate(mode);
    if (problems.length > 0) this.#pg.messages.notice('Parts of this link were ignored:', problems);
    else this.#pg.messages.hideNotice();
  }

  /** The link of the active mode. */
  writeHash() {
    const pg = this.#pg;
    const state = this.active?.linkState();
    if (!state) return;
    const text = state.kind === 'tagging' ? serializeTagging(state).join('&') : `data=${state.kind}`;
    pg.link = `#${text}`;
    if (pg.settings.syncUrl) {
      pg.writtenHash = pg.link;
      if (location.hash !== pg.link) history.replaceState(null, '', pg.link);
    }
  }
}

const paramsOf = (hash) => new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
const entryOf = (params) => MODE_DATASETS.find(([value]) => value === params.get('data'));
