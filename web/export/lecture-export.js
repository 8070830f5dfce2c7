// The playground's Export control for lecture notes ("Export:" under the plane): Trace as
// Markdown and Trace as LaTeX (trace-table.js, with the Digits asked), Plane as SVG (the plane's
// own drawing code on an SVG context: plane-svg.js, the scene the canvas shows) and Curve as SVG.
// Each saves a file named after the data (download.js) and, when "Copy too" is checked, copies
// its text to the clipboard. What happened goes to a status line (role=status), what could not
// to an alert; the buttons wait while Train runs.
import { download } from './download.js';
import { traceLatex, traceMarkdown } from './trace-table.js';
import { planeToSvg } from '../plane/plane-svg.js';
import { formatCount } from '../shell/format.js';
import { dataName } from '../shell/playground-data.js';

const FILES = {
  markdown: { suffix: 'trace.md', type: 'text/markdown;charset=utf-8' },
  latex: { suffix: 'trace.tex', type: 'application/x-tex;charset=utf-8' },
  plane: { suffix: 'plane.svg', type: 'image/svg+xml;charset=utf-8' },
  curve: { suffix: 'curve.svg', type: 'image/svg+xml;charset=utf-8' },
};
const BUTTONS = { markdown: 'export-markdown', latex: 'export-latex', plane: 'export-plane', curve: 'export-curve' };
const PLANE_SIZE = 520; // the SVG's size when the plane is not laid out (hidden)

export class LectureExports {
  #pg;

  constructor(playground) {
    this.#pg = playground;
    for (const [kind, id] of Object.entries(BUTTONS)) {
      playground.$(id).addEventListener('click', () => this.save(kind));
    }
  }

  /** Enables the buttons unless Train runs. */
  render(busy) {
    for (const id of Object.values(BUTTONS)) this.#pg.$(id).disabled = busy;
  }

  /**
   * What an export writes now: {text, note} (note: what it holds, for the status line). Throws
   * an Error whose message says why there is nothing to write.
   */
  textOf(kind) {
    const pg = this.#pg;
    if (kind === 'markdown' || kind === 'latex') {
      const rows = pg.views.trace.rows();
      if (rows.length === 0) throw new RangeError('The trace is empty: Step, Epoch or Train first.');
      const records = rows.map(({ step, x }) => ({ ...step, x }));
      const text = (kind === 'markdown' ? traceMarkdown : traceLatex)(records, { digits: this.#digits() });
      return { text, note: `${formatCount(rows.length)} step${rows.length === 1 ? '' : 's'}` };
    }
    if (kind === 'plane') {
      const scene = pg.views.planeScene;
      if (!scene) throw new RangeError('The plane is not drawn yet.');
      const box = pg.$('plane').getBoundingClientRect();
      const [width, height] = box.width > 0 && box.height > 0 ? [box.width, box.height] : [PLANE_SIZE, PLANE_SIZE];
      // As the canvas shows it, without the keyboard cursor.
      const text = planeToSvg({ ...scene, cursor: null }, { width, height });
      return { text, note: `${Math.round(width)} × ${Math.round(height)} px` };
    }
    const text = pg.views.curve.toSvg();
    if (text === null) throw new RangeError('The curve has no finished epoch yet: Epoch or Train first.');
    return { text, note: `${formatCount(pg.session.history.length)} epochs` };
  }

  // The Digits field: an integer from 0 to 15.
  #digits() {
    const field = this.#pg.$('export-digits');
    const digits = Number(field.value);
    if (field.value.trim() === '' || !Number.isInteger(digits) || digits < 0 || digits > 15) {
      throw new RangeError(`Digits must be a whole number from 0 to 15; received ${field.value.trim() || 'nothing'}.`);
    }
    return digits;
  }

  /** Saves an export as a file ('markdown', 'latex', 'plane' or 'curve'), and copies it when asked. */
  async save(kind) {
    const pg = this.#pg;
    const [status, error] = [pg.$('lecture-export-status'), pg.$('lecture-export-error')];
    let made;
    try {
      made = this.textOf(kind);
    } catch (failure) {
      status.textContent = '';
      error.textContent = failure.message;
      return;
    }
    const name = `${dataName(pg)}-${FILES[kind].suffix}`;
    download(pg.root, name, made.text, FILES[kind].type);
    error.textContent = '';
    status.textContent = `Saved ${name} (${made.note}).`;
    if (!pg.$('export-copy').checked) return;
    try {
      await navigator.clipboard.writeText(made.text);
      status.textContent = `Saved ${name} (${made.note}) and copied it to the clipboard.`;
    } catch (failure) {
      error.textContent = `Saved ${name}, but could not copy it to the clipboard: ${failure?.message ?? failure}`;
    }
  }
}
