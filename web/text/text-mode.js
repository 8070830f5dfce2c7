// The text mode (issue 29): documents as a bag of words, trained by a linear model in the
// playground's one Worker (pg.worker(), through the protocol's loadText / split / session /
// advance / adopt / fit / evaluate / topFeatures / explain / document; on the page's thread, the
// same calls, where the CSP refuses Workers). It shows the held-out accuracy and the Confusion
// matrix, the Top words, a list of documents and a chosen document's Contributions (asked of the
// worker by text-refresh.js, drawn by text-controls.js), and Step goes document by document
// showing the weights its update changed. This file holds the data and session, the training
// actions (Step, Epoch, Play, Train, Reset, queued one after the other) and the link's restore.
import { modelOf } from '../shell/models.js';
import { cannotStart } from '../shell/worker-thread.js';
import { DEFAULT_BAG, textLinkState } from './text-link.js';
import { documentView, refreshView, stepView } from './text-refresh.js';
import { TextControls } from './text-controls.js';
import { TEXT_KINDS, loadTextData } from './text-data.js';

export { TEXT_KINDS };

export class TextMode {
  #pg;
  #queue = Promise.resolve();
  #timer = null;
  #pending = 0; // actions queued or running (#run)
  spec = null; // {preset: 'spam'} | {upload: {file, text, label, header, delimiter, fileName}}
  bag = { ...DEFAULT_BAG };
  base = null; // the whole dataset's summary
  parts = null; // {train, validation, test} summaries (train: the base when nothing is held out)
  sessionId = null;
  state = { t: 0, epoch: 0, mistakes: 0, done: false, converged: null };
  fitted = false; // the model has taken a step or adopted Train's
  trained = false;
  steps = 0; // steps since zero weights (the link's tsteps)
  doc = 0; // the document shown, a row of the evaluated part
  view = { top: [], confusion: null, accuracies: {}, contributions: null, step: null, docs: [] };
  busy = false;

  constructor(playground) {
    this.#pg = playground;
    this.controls = new TextControls(playground, this);
  }

  get #kind() {
    return this.#pg.ui.model.kind;
  }

  /** The bag's options as loadText takes them (Winnow's features are 0/1: binary forced). */
  get bagOptions() {
    const binary = this.bag.binary || this.#kind === 'Winnow';
    return {
      lowercase: true,
      ngram: [1, this.bag.ngram],
      binary,
      ...(this.bag.bits ? { hashing: { bits: this.bag.bits } } : {}),
    };
  }

  /** The part the accuracy and the Confusion matrix are on: test, else validation, else training. */
  get evaluated() {
    const { train, validation, test } = this.parts ?? {};
    if (test) return { name: 'test', set: test };
    if (validation) return { name: 'validation', set: validation };
    return { name: 'training', set: train };
  }

  #worker() {
    return this.#pg.worker();
  }

  // Actions run one after the other; an error goes next to the buttons and changes nothing shown.
  #run(action) {
    const pg = this.#pg;
    this.#pending += 1;
    const next = this.#queue.then(async () => {
      try {
        await action();
        pg.messages.clearActionError();
      } catch (error) {
        this.stop();
        pg.messages.actionError(error.message);
      }
      this.#pending -= 1;
      pg.writeHash();
      this.render();
    });
    this.#queue = next;
    return next;
  }

  /** Loads the preset or the upload with the current bag, splits it and starts a session at zero. */
  async load(spec) {
    const previous = this.spec;
    this.spec = spec;
    try {
      await this.#loadData().catch((error) => {
        // A page whose CSP refuses the Worker: the same calls on the page's thread.
        if (!cannotStart(error)) throw error;
        this.#pg.modes.workerRefused();
        return this.#loadData();
      });
    } catch (error) {
      this.spec = previous;
      throw error;
    }
  }

  async #loadData() {
    const { base, parts } = await loadTextData(this.#worker(), this.spec, this.bagOptions, this.#pg.ui.split);
    this.#drop();
    this.base = base;
    this.parts = parts;
    this.doc = 0;
    await this.#newSession();
  }

  // The datasets and session of the data shown before, freed in the worker.
  #drop() {
    if (!this.base) return;
    const worker = this.#worker();
    if (this.sessionId !== null) worker.closeSession(this.sessionId).catch(() => {});
    const ids = new Set([this.base, ...Object.values(this.parts ?? {})].filter(Boolean).map((s) => s.datasetId));
    for (const id of ids) worker.dispose(id).catch(() => {});
    this.sessionId = null;
  }

  async #newSession() {
    const worker = this.#worker();
    if (this.sessionId !== null) await worker.closeSession(this.sessionId);
    this.sessionId = null;
    const { kind, options } = this.#pg.ui.model;
    if (!TEXT_KINDS.includes(kind))
      throw new RangeError(`Text trains linear models (${TEXT_KINDS.join(', ')}); ${kind} is not one`);
    this.#zero();
    // No session while the model cannot train on this data (a binary kind, more classes): the
    // page says why at Step or Train, and a session starts once the model changes.
    if (this.problem()) return this.refresh();
    const validation = this.parts.validation ? { validation: this.parts.validation.datasetId } : {};
    ({ sessionId: this.sessionId } = await worker.session(
      kind,
      { ...options },
      this.parts.train.datasetId,
      validation,
    ));
    await this.refresh();
  }

  #zero() {
    this.state = { t: 0, epoch: 0, mistakes: 0, done: false, converged: null };
    this.fitted = false;
    this.trained = false;
    this.steps = 0;
    this.view.step = null;
  }

  /** Why training cannot start, or null. */
  problem() {
    const train = this.parts?.train;
    if (!train) return 'No text is loaded.';
    if (train.classes.length < 2) return 'The training part has one class: a classifier needs two.';
    if (train.classes.length > 2 && modelOf(this.#kind).binary) {
      return `${this.#kind} takes two classes; the text has ${train.classes.length}: choose MulticlassPerceptron or PassiveAggressive.`;
    }
    return null;
  }

  #check() {
    const problem = this.problem();
    if (problem) throw new RangeError(problem);
  }

  // After the model changed: its weights, the numbers, Top words and the chosen document.
  async refresh() {
    await refreshView(this, this.#worker());
  }

  /** Shows the document `row` of the evaluated part (after any action under way). */
  choose(row) {
    return this.#run(() => this.showDocument(row, { quiet: true }));
  }

  /** The document `row` of the evaluated part in Contributions (and the list around it). */
  async showDocument(row, { quiet = false } = {}) {
    await documentView(this, this.#worker(), row);
    if (!quiet) {
      this.#pg.writeHash();
      this.render();
    }
  }

  // The worker's answer to advance: the counters, and the last step's document and what its
  // update changed (the record's changes, with the weights now from the document's explanation).
  async #advanced(answer, { showStep }) {
    this.state = answer.state;
    this.fitted = this.fitted || answer.state.t > 0;
    this.steps = this.trained ? this.steps : answer.state.t;
    const record = answer.records.at(-1);
    if (showStep && record) this.view.step = await stepView(this, this.#worker(), record);
    else if (record) this.view.step = null;
    await this.refresh();
    return answer;
  }

  #ended() {
    if (this.state.done || this.trained) {
      throw new RangeError(
        `Training has ended (${this.trained ? 'Train fitted the model' : 'converged or maxEpochs'}): press Reset to start over.`,
      );
    }
  }

  step() {
    return this.#run(async () => {
      this.#check();
      this.#ended();
      await this.#advanced(await this.#worker().advance(this.sessionId, { steps: 1 }), { showStep: true });
    });
  }

  epoch() {
    return this.#run(async () => {
      this.#check();
      this.#ended();
      await this.#advanced(await this.#worker().advance(this.sessionId, { epoch: true, records: 1 }), {
        showStep: false,
      });
    });
  }

  get playing() {
    return this.#timer !== null;
  }

  /** Play: Step after Step at the Speed slider's pace until Pause, an error or the end. */
  play() {
    if (this.playing || this.busy) return;
    const problem = this.problem();
    if (problem) {
      this.#pg.messages.actionError(problem);
      return;
    }
    let last = performance.now();
    let owed = 1;
    const tick = async (now) => {
      owed += ((now - last) / 1000) * this.#pg.runner.speed;
      last = now;
      const count = Math.min(Math.floor(owed), 500);
      owed -= count;
      if (count > 0) {
        await this.#run(async () => {
          this.#ended();
          await this.#advanced(await this.#worker().advance(this.sessionId, { steps: count, records: 1 }), {
            showStep: true,
          });
        });
        if (this.state.done || this.trained) this.stop();
      }
      if (this.#timer !== null) this.#timer = requestAnimationFrame(tick);
    };
    this.#timer = requestAnimationFrame(tick);
    this.render();
  }

  stop() {
    if (this.#timer === null) return;
    cancelAnimationFrame(this.#timer);
    this.#timer = null;
    this.render();
  }

  /** Train: fit from zero weights (in the worker), its model then the session's. */
  train() {
    this.stop();
    return this.#run(async () => {
      this.#check();
      this.busy = true;
      this.render();
      try {
        const worker = this.#worker();
        const { kind, options } = this.#pg.ui.model;
        const validation = this.parts.validation ? { validation: { datasetId: this.parts.validation.datasetId } } : {};
        const result = await worker.fit(kind, { ...options }, this.parts.train.datasetId, validation);
        await worker.adopt(this.sessionId, result.model);
        this.#zero();
        this.trained = true;
        this.fitted = true;
        const { steps, epochs, mistakes, converged } = result.report;
        const state = { t: steps, epoch: epochs, mistakes, done: true, converged };
        await this.#advanced({ records: [], state }, { showStep: false });
      } finally {
        this.busy = false;
      }
    });
  }

  reset() {
    this.stop();
    return this.#run(async () => {
      await this.#worker().reset(this.sessionId);
      this.#zero();
      await this.refresh();
    });
  }

  /** The model kind or its options changed (playground.js): a new session at zero. */
  modelChanged({ binaryChanged = false } = {}) {
    this.stop();
    return this.#run(async () => {
      if (binaryChanged) await this.#loadData();
      else await this.#newSession();
    });
  }

  /** The bag's options or the split changed: the text again with them; on failure all stays. */
  reload(bag) {
    this.stop();
    const previous = this.bag;
    return this.#run(async () => {
      this.bag = { ...bag };
      try {
        await this.#loadData();
      } catch (error) {
        this.bag = previous;
        throw error;
      }
    });
  }

  /** What the link keeps: {kind: 'text', preset, bag, progress, doc}, or an upload's data=csv. */
  linkState() {
    return textLinkState(this);
  }

  /** A link's text state: its bag and data, then its session replayed (Train's fit again, or its steps). */
  async restore(state) {
    this.bag = { ...state.bag };
    await this.load({ preset: state.preset });
    if (state.doc !== null) this.doc = state.doc;
    if (state.progress?.trained) await this.train();
    else if (state.progress?.steps > 0) {
      await this.#run(async () => {
        this.#check();
        await this.#advanced(
          await this.#worker().advance(this.sessionId, { steps: state.progress.steps, records: 1 }),
          { showStep: true },
        );
      });
    } else await this.refresh();
  }

  show() {
    this.#pg.root.querySelector('.playground')?.classList.add('text-mode');
    this.#pg.$('text-view').hidden = false;
  }

  hide() {
    this.stop();
    this.#pg.root.querySelector('.playground')?.classList.remove('text-mode');
    this.#pg.$('text-view').hidden = true;
  }

  /** The regions and the numbers as the mode is now. */
  render() {
    if (this.base) this.controls.render();
  }

  /** perceptronDemo.getState()'s text part. */
  stateForTests() {
    return {
      kind: 'text',
      preset: this.spec?.preset ?? null,
      bag: { ...this.bag, effectiveBinary: this.bagOptions.binary },
      rows: this.base?.rows ?? 0,
      cols: this.base?.cols ?? 0,
      classes: this.base ? [...this.base.classes] : [],
      parts: this.parts ? Object.fromEntries(Object.entries(this.parts).map(([k, v]) => [k, v?.rows ?? 0])) : null,
      state: { ...this.state },
      trained: this.trained,
      doc: this.doc,
      thread: this.#pg.threads.onPage ? 'page' : 'worker',
      busy: this.busy || this.#pending > 0,
    };
  }

  dispose() {
    this.stop();
    this.#drop();
  }
}
