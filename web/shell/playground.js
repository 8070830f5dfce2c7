// One perceptron playground: the controller behind a <perceptron-playground> (element.js). It
// wires the DOM of its shadow root (template.js) to the data (data.js), the model's session
// (session.js), the option panel (options.js), the link (state.js), Train's worker
// (training.js) and the views: the plane (plot.js), the trace (trace.js), the learning curve
// (curve.js), the theory (theory.js) and the upload panel (upload.js). It holds the link
// (writeHash, applyHash) and the data (setData, split, loadPoints, loadUpload); its parts are
// playground-model.js (the Model select, its options, importModel), playground-data.js (the data
// controls), playground-run.js (the training buttons), playground-views.js (what is drawn and
// said), playground-modes.js (text, tagged sentences) and playground-palette.js. It imports the
// package as a user of a static site would, by the URL of its ES module.
import { formatCount } from './format.js';
import { DEFAULT_PRESET, fromMatrix, fromPoints, presetData, withPoints } from './data.js';
import { ModeHost } from './playground-modes.js';
import { modelOf } from './models.js';
import { pageFields } from './options.js';
import { ModelControls } from './playground-model.js';
import { checkPoints, wirePlane } from '../plane/points.js';
import { Palette } from './playground-palette.js';
import { releaseRemote, remoteData } from './remote-data.js';
import { MAX_LINK_POINTS, parse, serialize } from './state.js';
import { Messages } from './messages.js';
import { Views } from './playground-views.js';
import { DataControls } from './playground-data.js';
import { Runner } from './playground-run.js';
import { ON_PAGE_NOTE, WorkerThreads } from './worker-thread.js';
import { Quiz } from '../quiz/quiz.js';
import { ContributionsView } from '../explain/explain-view.js';

let instances = 0;

export class Playground {
  /**
   * @param root the shadow root holding template.js's markup
   * @param pw the loaded package
   * @param settings {syncUrl: boolean (the link is the page's address), hash: string (the
   *   initial state when not syncing), hide: string[] (classroom mode), quiz: boolean (quiz mode)}
   */
  constructor(root, pw, settings) {
    this.root = root;
    this.pw = pw;
    this.settings = settings;
    this.id = ++instances;
    this.$ = (id) => root.getElementById(id);
    this.messages = new Messages(root);
    this.fieldsCache = new Map();
    this.fieldsOf = (kind) => {
      if (!this.fieldsCache.has(kind)) this.fieldsCache.set(kind, pageFields(pw, kind));
      return this.fieldsCache.get(kind);
    };
    this.ui = null; // {model: {kind, options}, split, view, selectedClass, erase}
    this.data = null; // data.js's shape
    this.dataSpec = null; // {kind: 'preset', preset} | {kind: 'points'} | {kind: 'csv'}
    this.version = 0; // changes whenever the data or the split does
    this.sets = null; // {train, validation, test}: {X, y, rows (indices)} or null
    this.session = null;
    this.fields = []; // the model's option fields and their controls (playground-model.js)
    this.parts = {};
    this.writtenHash = null;
    this.modes = new ModeHost(this); // the data modes (text, sequences) and the one worker
    for (const name of settings.hide ?? []) {
      for (const element of root.querySelectorAll(`[data-control~="${name}"]`)) element.hidden = true;
    }
    // Train's Worker and the big uploads': on the page's thread once the page refused the Worker.
    this.threads = new WorkerThreads(() => {
      this.$('thread-note').textContent = ON_PAGE_NOTE;
      this.$('thread-note').hidden = false;
    });
    this.views = new Views(this);
    this.dataControls = new DataControls(this);
    this.runner = new Runner(this);
    this.palette = new Palette(this);
    this.plane = wirePlane(this.$('plane'), this.palette.pointsHost());
    this.quiz = settings.quiz ? new Quiz(this) : null; // quiz mode (quiz/quiz.js)
    this.contributions = new ContributionsView(this); // the Contributions region (explain/)
    this.modelControls = new ModelControls(this); // the Model select and its options
    new ResizeObserver(() => this.render()).observe(this.$('plane'));
  }

  /** Starts from the link (or the initial hash): loads its data and restores its model. */
  async start() {
    await this.applyHash(this.settings.syncUrl ? location.hash : (this.settings.hash ?? ''));
    if (this.settings.syncUrl) {
      window.addEventListener('hashchange', () => {
        if (location.hash === this.writtenHash) return;
        this.runner.stopAll();
        this.applyHash(location.hash).catch((error) => this.messages.actionError(error.message));
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  // The link.

  writeHash() {
    if (!this.session) return;
    // An upload is in the link as its points when the plane shows all of it (two columns);
    // otherwise only as data=csv (the file itself cannot be), without a model. A mode (text)
    // writes its own part.
    const { kind } = this.dataSpec;
    const upload = kind === 'csv' && !this.data.editable;
    const points = { kind: 'points', points: this.data.points };
    const dataPart = kind === 'preset' ? this.dataSpec : upload ? { kind: 'csv' } : points;
    const text = this.mode
      ? this.modes.linkText(this.fieldsOf)
      : serialize({ ...this.ui, data: dataPart, progress: upload ? null : this.session.snapshot() }, this.fieldsOf);
    this.link = `#${text}`;
    if (this.settings.syncUrl) {
      this.writtenHash = this.link;
      if (location.hash !== this.link) history.replaceState(null, '', this.link);
    }
  }

  async applyHash(hash) {
    const { state, problems } = parse(hash, this.fieldsOf);
    let data;
    // A mode's data (text, tagged sentences): the dense data behind it is the default preset, hidden.
    const modeState = state.data.kind === 'text' || state.data.kind === 'tagging' ? state.data : null;
    if (modeState) state.data = { kind: 'preset', preset: { ...DEFAULT_PRESET } };
    try {
      data =
        state.data.kind === 'preset' ? await presetData(this.pw, state.data.preset) : fromPoints(state.data.points);
    } catch (error) {
      problems.push({ part: 'data', reason: `${error.message}; the default dataset is shown` });
      const fallback = parse('', this.fieldsOf).state;
      state.data = fallback.data;
      data = await presetData(this.pw, state.data.preset);
    }
    this.ui = { model: state.model, split: state.split, view: state.view, selectedClass: null, erase: false };
    this.setData(data, state.data.kind === 'preset' ? state.data : { kind: 'points' }, { keepModel: true });
    const selected = data.classes.find((label) => String(label) === state.selectedClass);
    if (state.selectedClass !== null && selected === undefined) {
      problems.push({
        part: `class=${state.selectedClass}`,
        reason: 'the data has no such class; new points get the first class',
      });
    }
    this.ui.selectedClass = selected ?? null;
    this.useModel(state.model.kind, state.model.options);
    if (modeState) await this.modes.restore(modeState, state, problems);
    if (state.progress) {
      try {
        // A curve whose runs begin with Train's: Train's fit again, in the worker as Train runs it
        // (where that fails, the model still comes back from the link, without the curve).
        const again = state.progress.runs?.[0] === 'train' ? this.runner.trainAgain() : null;
        const trained = again && (await again.catch(() => null));
        this.session.restore(state.progress, trained);
      } catch (error) {
        problems.push({
          part: 'start/base/run',
          reason: `the trained model: ${error.message}; the weights start at zero`,
        });
      }
    }
    this.views.resetTrace();
    this.messages.clearActionError();
    if (problems.length > 0) this.messages.notice('Parts of this link were ignored:', problems);
    else this.messages.hideNotice();
    this.dataControls.show();
    this.writeHash();
    this.render();
  }

  // -------------------------------------------------------------------------------------------
  // Data.

  /**
   * Makes `data` the playground's data (spec: what the link says about it) and splits it. The
   * model keeps its options; its weights go back to zero unless keepModel (applyHash restores
   * them itself).
   */
  setData(data, spec, { keepModel = false } = {}) {
    this.modes.leave();
    const previous = this.data?.remote && this.data !== data ? { data: this.data, sets: this.sets } : null;
    // Its session in the worker closes first: its Datasets are freed after (below).
    if (previous) this.sessionClosed = this.session?.dispose();
    this.data = data;
    this.dataSpec = spec;
    this.palette?.reset();
    this.split();
    if (this.ui.selectedClass !== null && !data.classes.some((c) => c === this.ui.selectedClass)) {
      this.ui.selectedClass = null;
    }
    if (this.session && !keepModel) {
      // Data in the worker (or back on the page): a session of the other kind.
      if (data.remote || this.session.remote) this.useModel(this.ui.model.kind, this.ui.model.options);
      else {
        this.session.dataChanged(this.sets.train, this.sets.validation);
        this.session.reset();
      }
      this.views.resetTrace();
    }
    // The previous upload's Datasets in the worker, once its session there is closed.
    if (previous) releaseRemote(this.worker(), previous.sets, previous.data, this.sessionClosed);
  }

  /** The training, validation and test rows of the data under the split (the library's, seed 0). */
  split() {
    this.version += 1;
    // Data in the worker: the worker's split of it (remote-data.js), made before.
    if (this.data.remote) {
      this.sets = this.data.remoteSets;
      return;
    }
    const { X, labels } = this.data;
    const { validation, test } = this.ui.split;
    const take = (rows) => {
      const data = new Float64Array(rows.length * X.cols);
      rows.forEach((r, i) => data.set(X.data.subarray(r * X.cols, (r + 1) * X.cols), i * X.cols));
      return { X: { data, rows: rows.length, cols: X.cols }, y: rows.map((r) => labels[r]), rows };
    };
    const all = Array.from({ length: X.rows }, (_, i) => i);
    if ((validation === 0 && test === 0) || this.data.classes.length < 2) {
      this.sets = { train: { X, y: labels, rows: all }, validation: null, test: null };
      return;
    }
    let parts;
    try {
      const options = {
        seed: 0,
        ...(validation ? { validation: validation / 100 } : {}),
        ...(test ? { test: test / 100 } : {}),
      };
      parts = this.pw.modelSelection.split(labels, options);
    } catch (error) {
      this.messages.dataError(`The split is not applied: ${error.message}. All points train.`);
      this.sets = { train: { X, y: labels, rows: all }, validation: null, test: null };
      return;
    }
    const sorted = (rows) => (rows && rows.length > 0 ? [...rows].sort((a, b) => a - b) : null);
    const [train, val, tst] = [sorted(parts.train), sorted(parts.validation), sorted(parts.test)];
    this.sets = { train: take(train), validation: val ? take(val) : null, test: tst ? take(tst) : null };
  }

  /** After an edit of editable data's points (add, remove, move, clear). */
  pointsEdited() {
    const { points, view } = this.data;
    this.data = { ...withPoints(this.data, points), view }; // the same view: points stay under the pointer
    this.dataSpec = { kind: 'points' };
    this.split();
    this.session.dataChanged(this.sets.train, this.sets.validation);
    this.messages.clearActionError();
    this.dataControls.show();
    this.writeHash();
    this.render();
  }

  /** Replaces the data with loaded points ({x, y, label}); see perceptronDemo.loadPoints. */
  loadPoints(list) {
    if (this.runner.busy) throw new Error('loadPoints: Train is running; press Stop first');
    const data = fromPoints(checkPoints(list));
    this.runner.stopAll();
    this.setData(data, { kind: 'points' });
    this.dataControls.show();
    this.writeHash();
    this.render();
    if (data.points.length > MAX_LINK_POINTS) {
      const [kept, total] = [MAX_LINK_POINTS, data.points.length].map(formatCount);
      this.messages.notice(`The link keeps the first ${kept} of these ${total} points.`, [
        { reason: 'A link must stay short enough to share: one opened from the address bar has those points only.' },
        { reason: 'It keeps the options but not the model, which was trained on all of them.' },
      ]);
    }
    return data.points.length;
  }

  /** An upload confirmed by the upload panel (upload.js's data). Throws when it cannot be shown. */
  async loadUpload(upload) {
    if (this.runner.busy) {
      if (upload.remote) releaseRemote(this.worker(), null, upload);
      throw new Error('Train is running: press Stop first.');
    }
    if (upload.text !== undefined) {
      this.runner.stopAll();
      await this.modes.loadText(upload);
      this.dataControls.show();
      this.writeHash();
      this.render();
      return;
    }
    // Kept in the worker: the sample drawn, and the worker's split (remote-data.js).
    const data = upload.remote
      ? await remoteData(this.worker(), upload, this.ui.split, this.threads.generation)
      : fromMatrix(this.pw, { ...upload, source: 'csv' });
    this.runner.stopAll();
    this.setData(data, { kind: 'csv' });
    if (data.classes.length > 2 && modelOf(this.ui.model.kind).binary) this.useModel('MulticlassPerceptron');
    this.dataControls.show();
    this.writeHash();
    this.render();
  }

  // -------------------------------------------------------------------------------------------
  // Data modes (playground-modes.js): text and tagged sentences.

  /** The active data mode (text, sequences), or null for dense data. */
  get mode() {
    return this.modes.active;
  }

  // -------------------------------------------------------------------------------------------
  // The model (playground-model.js).

  /** Switches to a model kind (its options, or the page's initial ones); weights at zero. */
  useModel(kind, options) {
    this.modelControls.use(kind, options);
  }

  /** An imported model (its JSON, checked by the library): its kind and options become the page's. */
  importModel(kind, json) {
    this.modelControls.importModel(kind, json);
  }

  /** Why training cannot start now, or null. */
  trainingProblem() {
    return this.modelControls.trainingProblem();
  }

  /** The classes the palette offers (playground-palette.js). */
  paletteClasses() {
    return this.palette.classes();
  }

  selectedClass() {
    return this.palette.selected();
  }

  selectClass(label) {
    this.palette.select(label);
  }

  render() {
    if (this.mode) {
      this.mode.render();
      return;
    }
    if (!this.session) return;
    this.views.render();
    this.contributions.render();
  }

  /** The playground's one PerceptronWorker (worker-thread.js: uploads, Train, sessions, the modes). */
  worker() {
    return this.threads.shared();
  }

  /** The read-only view for tests and the console (perceptronDemo.getState on the main page). */
  getState() {
    return this.modes.state(this.views.state());
  }

  dispose() {
    this.runner.stopAll();
    this.runner.dispose();
    this.modes.dispose();
    this.session?.dispose();
    this.views.dispose();
    this.threads.dispose();
  }
}
