// The CSV upload panel: a file input labelled 'CSV file' (or a file dropped on the panel or the
// plane), a preview of the first rows and a column picker (web/upload-picker.js), then the data
// read on the main thread (up to 4 MB) or in the worker with a progress bar and Cancel
// (web/upload-read.js). Errors go in a role="alert" line with the file's line and column, and
// onLoad is called only on success: the data loaded before stays loaded on any failure.
// Text from the file is only ever set as text.
import { el } from '../shell/dom.js';
import { formatCount } from '../shell/format.js';
import { ColumnPicker } from './upload-picker.js';
import { watchDrops } from './upload-drops.js';
import {
  MAIN_THREAD_LIMIT,
  UploadError,
  columnName,
  formatBytes,
  linesOf,
  messageOf,
  previewBytes,
  previewOf,
  readInWorker,
  readOnMainThread,
} from './upload-read.js';

let instances = 0; // ids unique per panel: upload-1-file, upload-2-file, ...

export class CsvUpload {
  #pw;
  #getWorker;
  #onWorkerRefused;
  #onLoad;
  #onBusy;
  #sequences; // {claims(name, text), load(file)}: files the tagging mode reads (CoNLL)
  #container;
  #targets = [];
  #cleanups = [];
  #handledDrops = new WeakSet();
  #generation = 0; // bumped by each file chosen: late results of an older one are dropped
  #controller = null; // the AbortController of the worker read under way
  #file = null;
  #bytes = null; // what the preview reads: the whole of a small file, the start of a big one
  #big = false;
  #preview = null;
  /** Files over this many bytes are read in the worker (MAIN_THREAD_LIMIT; tests set it lower). */
  workerLimit = MAIN_THREAD_LIMIT;
  /**
   * {max}: a big file's Dataset stays in the worker (where it can: keepsData) and onLoad gets
   * {remote (its summary), sample (max rows with their plane coordinates)} in place of X and
   * labels; null: its values are copied to the page.
   */
  keep = null;

  /**
   * @param {HTMLElement} container an empty element the panel is built in
   * @param {object} options
   * @param {object} options.pw the loaded package
   * @param {() => object} options.getWorker returns the shared PerceptronWorker (for files over 4 MB)
   * @param {HTMLElement} [options.dropTarget] another element that accepts dropped files (the plane)
   * @param {(data: object) => void} options.onLoad called with the data once the user loads it;
   *   if it throws, its message is shown in the alert line
   * @param {(busy: boolean) => void} [options.onBusy] while a worker read is under way
   * @param {() => void} [options.onWorkerRefused] the worker could not start (the page read the file)
   * @param {object} [options.sequences] tagged sentences: {claims(name, text) (whether the file is
   *   CoNLL), load(file) (resolves with a sentence to say, or throws a CsvError with line and column)}
   */
  constructor(container, { pw, getWorker, dropTarget, onLoad, onBusy, onWorkerRefused, sequences } = {}) {
    this.#pw = pw;
    this.#getWorker = getWorker;
    this.#onWorkerRefused = onWorkerRefused;
    this.#onLoad = onLoad;
    this.#onBusy = onBusy;
    this.#sequences = sequences;
    this.#container = container;
    const prefix = `upload-${++instances}`;
    const id = (name) => `${prefix}-${name}`;
    container.classList.add('upload');

    this.input = el('input', {
      type: 'file',
      id: id('file'),
      accept: '.csv,.tsv,.txt,.conll,text/csv,text/plain,text/tab-separated-values',
    });
    this.input.setAttribute('aria-describedby', id('hint'));
    this.input.addEventListener('change', () => {
      const file = this.input.files?.[0];
      if (file) this.openFile(file, { fromInput: true });
    });
    const zone = el('div', { class: 'upload-zone' }, [
      el('label', { for: id('file'), class: 'upload-file-label', text: 'CSV file' }),
      this.input,
      el('p', {
        class: 'upload-note',
        id: id('hint'),
        text: `Or drop a CSV file here${dropTarget ? ' or on the plane' : ''}. Files over ${
          MAIN_THREAD_LIMIT / 1e6
        } MB are read in the background.`,
      }),
    ]);
    this.fileLine = el('p', { class: 'upload-file-line' });
    this.alert = el('div', { class: 'upload-alert', role: 'alert', id: id('alert') });

    this.details = el('div', { class: 'upload-details', hidden: true });
    this.picker = new ColumnPicker(this.details, prefix, {
      onDialect: (dialect) => this.#repreview(dialect),
      onChange: () => this.#updateLoad(),
    });
    this.loadButton = el('button', { type: 'button', class: 'upload-load', text: 'Load data' });
    this.loadButton.setAttribute('aria-describedby', id('why'));
    this.loadButton.addEventListener('click', () => this.#load());
    this.why = el('span', { class: 'upload-why', id: id('why') });
    this.details.append(el('div', { class: 'upload-row upload-actions' }, [this.loadButton, this.why]));

    this.progress = el('progress', { id: id('progress'), max: 1, value: 0 });
    this.progressText = el('span', { class: 'upload-progress-text' });
    this.cancelButton = el('button', { type: 'button', class: 'upload-cancel', text: 'Cancel' });
    this.cancelButton.addEventListener('click', () => this.#controller?.abort());
    this.progressBox = el('div', { class: 'upload-progress', hidden: true }, [
      el('label', { for: id('progress'), text: 'Reading progress' }),
      el('div', { class: 'upload-row' }, [this.progress, this.cancelButton]),
      this.progressText,
    ]);
    this.status = el('p', { class: 'upload-status', role: 'status' });

    // The alert and status lines come after the Load button and the progress bar: in view where
    // the user acted (and right under the file input while no file is previewed).
    container.append(zone, this.fileLine, this.details, this.progressBox, this.alert, this.status);
    this.#watchDrops(container);
    if (dropTarget) this.#watchDrops(dropTarget);
  }

  /**
   * The same as choosing `file` in the input: shows its preview and column picker, or the
   * reason it cannot be read in the alert line. Resolves once either is shown.
   */
  async openFile(file, { fromInput = false } = {}) {
    this.#cancelRead();
    const generation = ++this.#generation;
    this.#say('', '');
    this.fileLine.textContent = '';
    const name = file?.name || 'the file';
    if (!fromInput && file instanceof Blob) this.#showInInput(file);
    try {
      if (!(file instanceof Blob)) throw new UploadError('expected a file');
      this.fileLine.textContent = `${name}: ${formatBytes(file.size)}${
        file.size > this.workerLimit ? ' (read in the background)' : ''
      }`;
      if (file.size === 0)
        throw new UploadError('line 1, column 1: the file is empty; expected a header or rows of data');
      const { bytes, big } = await previewBytes(file, this.workerLimit);
      if (generation !== this.#generation) return;
      if (this.#sequences?.claims(name, new TextDecoder().decode(bytes))) {
        this.#file = this.#bytes = this.#preview = null;
        this.details.hidden = true;
        const said = await this.#sequences.load(file);
        if (generation === this.#generation) this.#say('', said);
        return;
      }
      const preview = previewOf(this.#pw, bytes);
      this.#file = file;
      this.#bytes = bytes;
      this.#big = big;
      this.#preview = preview;
      this.picker.show(preview, name);
      this.details.hidden = false;
      this.#updateLoad();
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#file = this.#bytes = this.#preview = null;
      this.details.hidden = true;
      this.#say(`Could not read ${name}: ${messageOf(error)}`, '');
    }
  }

  /**
   * Reads `file` as choosing it and pressing Load would, with the column whose name is `label`
   * (the last column when null) as the label: <perceptron-playground src>. Resolves with null
   * once the data is loaded, else with why it was not (also in the alert line).
   */
  async loadFile(file, { label = null } = {}) {
    await this.openFile(file);
    const preview = this.#preview;
    if (!preview) return this.alert.textContent;
    const count = preview.columns.length;
    const index = label === null ? count - 1 : preview.columns.findIndex((c) => columnName(preview, c.index) === label);
    if (index < 0) return `the file has no column named ${label}`;
    this.picker.chooseLabel(index);
    await this.#load();
    return this.alert.textContent || null;
  }

  /** Cancels a read under way, removes the panel and its drop listeners. */
  destroy() {
    this.#cancelRead();
    this.#generation++;
    for (const cleanup of this.#cleanups) cleanup();
    this.#cleanups = [];
    for (const target of this.#targets) target.classList.remove('upload-drop-active');
    this.#container.replaceChildren();
    this.#container.classList.remove('upload');
  }

  /** The alert line and the status line. */
  #say(alert, status) {
    this.alert.textContent = alert;
    this.status.textContent = status;
    if (alert) this.alert.scrollIntoView?.({ block: 'nearest' });
  }

  #showInInput(file) {
    try {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      this.input.files = transfer.files;
    } catch {
      // A Blob that is not a File, or a browser without a DataTransfer constructor.
    }
  }

  /** The header checkbox or the delimiter select changed: the preview again with them. */
  #repreview(dialect) {
    try {
      this.#preview = previewOf(this.#pw, this.#bytes, dialect);
      this.picker.show(this.#preview, this.#file.name || 'the file');
      this.#say('', '');
    } catch (error) {
      this.picker.show(this.#preview, this.#file.name || 'the file');
      this.#say(`Could not read ${this.#file.name || 'the file'} that way: ${messageOf(error)}`, '');
    }
    this.#updateLoad();
  }

  #updateLoad() {
    const problem = this.#controller ? 'A file is being read.' : this.picker.problem;
    this.loadButton.setAttribute('aria-disabled', String(problem !== null));
    this.why.textContent = problem ?? '';
  }

  async #load() {
    if (this.#controller || !this.#preview) return;
    const problem = this.picker.problem;
    if (problem) {
      this.#updateLoad();
      return;
    }
    const file = this.#file;
    const preview = this.#preview;
    const choice = this.picker.choice;
    const name = file.name || 'the file';
    const options = {
      label: choice.label,
      features: choice.features,
      header: preview.header !== null,
      delimiter: preview.delimiter,
      missing: choice.missing,
    };
    const generation = this.#generation;
    this.#say('', '');
    if (choice.text !== null) return this.#loadText(file, preview, choice);
    // A small file of more rows than the page keeps goes to the worker too: the page holds only
    // the rows it draws, so every bigger upload trains and steps in the worker.
    const inWorker =
      this.#big || (this.keep !== null && linesOf(this.#bytes) - (options.header ? 1 : 0) > this.keep.max);
    let result;
    try {
      result = inWorker
        ? await this.#readBig(file, options, choice.plane)
        : readOnMainThread(this.#pw, this.#bytes, options);
    } catch (error) {
      if (generation !== this.#generation) return;
      if (error?.name === 'AbortError') this.#say('', 'Cancelled; the previous data is still loaded.');
      else this.#say(`Could not read ${name}: ${messageOf(error, preview)}`, '');
      return;
    }
    if (generation !== this.#generation) return;
    const data = {
      fileName: name,
      labelName: columnName(preview, choice.label),
      featureNames: choice.features.map((j) => columnName(preview, j)),
      X: result.X,
      labels: result.labels,
      plane: choice.plane,
      droppedRows: result.droppedRows,
    };
    // Kept in the worker: its summary and the sample drawn, in place of X and labels.
    if (result.remote) Object.assign(data, { remote: result.remote, sample: result.sample, X: undefined });
    try {
      await this.#onLoad?.(data);
    } catch (error) {
      this.#say(`${name} was not loaded: ${error?.message ?? error}`, '');
      return;
    }
    const { rows, cols } = result.remote ?? result.X;
    const dropped = result.droppedRows
      ? `; ${formatCount(result.droppedRows)} row${result.droppedRows === 1 ? '' : 's'} with a missing value left out`
      : '';
    this.#say(
      '',
      `Loaded ${formatCount(rows)} row${rows === 1 ? '' : 's'} × ${formatCount(cols)} feature${cols === 1 ? '' : 's'} from ${name}${dropped}.`,
    );
  }

  /** A file with a text column: handed to the page as a file (its text mode reads the documents). */
  async #loadText(file, preview, choice) {
    const name = file.name || 'the file';
    const generation = this.#generation;
    const data = {
      fileName: name,
      file,
      text: choice.text,
      label: choice.label,
      textName: columnName(preview, choice.text),
      labelName: columnName(preview, choice.label),
      header: preview.header !== null,
      delimiter: preview.delimiter,
    };
    this.loadButton.setAttribute('aria-disabled', 'true');
    try {
      await this.#onLoad?.(data);
    } catch (error) {
      if (generation === this.#generation) this.#say(`${name} was not loaded: ${error?.message ?? error}`, '');
      return;
    } finally {
      this.#updateLoad();
    }
    if (generation === this.#generation)
      this.#say('', `Loaded the documents of ${name}: text column ${data.textName}, label ${data.labelName}.`);
  }

  /** A big file read in the worker, with the progress bar and Cancel. */
  async #readBig(file, options, plane) {
    const controller = new AbortController();
    this.#controller = controller;
    this.progress.max = 1;
    this.progress.value = 0;
    this.#setProgress(`0 MB of ${formatBytes(file.size)}`);
    this.progressBox.hidden = false;
    this.#updateLoad();
    this.#onBusy?.(true);
    try {
      let worker = null; // none (or none to be had): the page streams the file itself
      try {
        worker = this.#getWorker?.() ?? null;
      } catch {
        worker = null;
      }
      return await readInWorker(this.#pw, worker, file, options, {
        signal: controller.signal,
        keep: this.keep ? { max: this.keep.max, plane } : null,
        onRefused: () => this.#onWorkerRefused?.(),
        onProgress: ({ bytesRead, totalBytes, rows }) => {
          if (this.#controller !== controller) return;
          const total = totalBytes ?? file.size;
          this.progress.max = total || 1;
          this.progress.value = Math.min(bytesRead, total);
          this.#setProgress(`${formatBytes(bytesRead)} of ${formatBytes(total)}, ${formatCount(rows)} rows`);
        },
        phase: (text) => {
          if (this.#controller === controller) this.#setProgress(text);
        },
      });
    } finally {
      this.#endRead(controller);
    }
  }

  #setProgress(text) {
    this.progressText.textContent = text;
    this.progress.setAttribute('aria-valuetext', text);
  }

  #cancelRead() {
    const controller = this.#controller;
    if (!controller) return;
    controller.abort();
    this.#endRead(controller);
  }

  #endRead(controller) {
    if (this.#controller !== controller) return;
    this.#controller = null;
    this.progressBox.hidden = true;
    this.#updateLoad();
    this.#onBusy?.(false);
  }

  /** Files dropped on `target` (the panel, the plane): a visible drag-over state, then openFile. */
  #watchDrops(target) {
    this.#targets.push(target);
    this.#cleanups.push(watchDrops(target, { handled: this.#handledDrops, open: (file) => this.openFile(file) }));
  }
}
