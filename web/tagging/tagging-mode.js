// The playground's mode for tagged sentences (dataset "Tagged sentences", dataset="tagging",
// data=tagging in the link; CoNLL uploads): the structured perceptron trains in the package's
// Worker (pg.worker(): loadSequences, a session driven by advance, lattice, evaluate), and the
// page shows the sentence a step visited as a lattice with Viterbi's and the gold path, the
// features the update added and removed, the token accuracy per epoch (its learning curve and a
// list) and, for the generated corpus, the mistakes next to Collins' bound (tagging-theory.js).
// Step is one sentence; Epoch, the rest of the pass; Play, steps at the Speed slider's rate;
// Train, the session from zero weights to the end of training (the trainer driven to its end
// leaves fit's weights); Reset, zero weights. A failed load leaves the data loaded before.
import { DEFAULT_CORPUS, TAGS, generateCorpus, generatorWeights } from './corpus.js';
import { collinsBound } from './margin.js';
import { fromWorkerChanges, updateChanges } from './changes-view.js';
import { renderLattice } from './lattice-view.js';
import { renderCollins } from './tagging-theory.js';
import { TaggingView } from './tagging-view.js';

/** The structured perceptron's options the mode offers, and their defaults. */
export const DEFAULT_OPTIONS = Object.freeze({ variant: 'classic', order: 'cyclic' });
const PLAY_SPEEDS = [1, 2, 4, 10, 30, 100, 1000];

export class TaggingMode {
  #pg;
  #view;
  #timer = null;
  #queue = Promise.resolve(); // one Worker exchange at a time, in order
  spec = null; // {kind: 'preset', seed, sentences} | {kind: 'upload', fileName}
  options = { ...DEFAULT_OPTIONS };
  data = null; // {datasetId, summary, bound, corpus?}
  sessionId = null;
  state = { t: 0, epoch: 0, mistakes: 0, done: false, converged: false };
  history = []; // finished epochs: {epoch, mistakes, tokenAccuracy, ...} as the Worker gives them
  last = null; // the step shown: {record, lattice, changes}
  accuracy = null; // token accuracy of the current weights on the sentences
  shown = 0; // the sentence whose lattice is shown (0-based)
  trained = false; // the weights are Train's (the link says tsteps=train)
  #busy = false;
  #stopping = false;

  constructor(playground) {
    this.#pg = playground;
    playground.$('stop').addEventListener('click', () => (this.#stopping = true));
    this.#view = new TaggingView(playground, {
      corpus: (values) => this.#act(() => this.load({ kind: 'preset', ...values })),
      options: (values) => this.#act(() => this.#setOptions(values)),
      inspect: (index) => this.#act(() => this.#inspect(index)),
    });
  }

  get worker() {
    return this.#pg.worker();
  }

  /** Loads the generated corpus ({kind: 'preset', seed, sentences}) or a CoNLL upload ({kind: 'upload', file, fileName}). */
  async load(spec) {
    this.stop();
    const pw = this.#pg.pw;
    let input;
    let corpus = null;
    let bound = null;
    let next;
    // The Dataset select's entry ({preset: 'tagging'}) is the default corpus.
    if (spec.kind === 'preset' || spec.preset === 'tagging') {
      next = {
        kind: 'preset',
        seed: spec.seed ?? DEFAULT_CORPUS.seed,
        sentences: spec.sentences ?? DEFAULT_CORPUS.sentences,
      };
      corpus = generateCorpus(pw, next);
      bound = collinsBound(generatorWeights(), TAGS, corpus);
      input = { sequences: corpus.sequences, tags: corpus.tags, words: corpus.words };
    } else {
      next = { kind: 'upload', fileName: spec.fileName ?? spec.file?.name ?? 'sentences.conll' };
      input = spec.file;
    }
    const summary = await this.worker.loadSequences(input, spec.kind === 'upload' ? { format: 'conll' } : {});
    const old = this.data;
    this.data = { datasetId: summary.datasetId, summary, bound, corpus };
    this.spec = next;
    try {
      await this.#newSession();
    } catch (error) {
      this.data = old;
      this.worker.dispose(summary.datasetId).catch(() => {});
      throw error;
    }
    if (old) this.worker.dispose(old.datasetId).catch(() => {});
    this.shown = 0;
    this.render();
    return summary;
  }

  // A session over the data with the options, from zero weights (the old one closed).
  async #newSession() {
    const { sessionId } = await this.worker.session('StructuredPerceptron', { ...this.options }, this.data.datasetId);
    if (this.sessionId !== null) this.worker.closeSession(this.sessionId).catch(() => {});
    this.sessionId = sessionId;
    this.#cleared();
  }

  #cleared() {
    this.trained = false;
    this.state = { t: 0, epoch: 0, mistakes: 0, done: false, converged: false };
    this.history = [];
    this.last = null;
    this.accuracy = null;
  }

  async #setOptions(values) {
    const previous = this.options;
    this.options = { ...this.options, ...values };
    try {
      await this.#newSession();
    } catch (error) {
      this.options = previous;
      throw error;
    }
    this.render();
  }

  /** One sentence. */
  step() {
    return this.#act(() => this.#advance({ steps: 1 }));
  }

  /** The rest of the current pass over the sentences (its last step shown). */
  epoch() {
    return this.#act(async () => {
      const rows = this.data.summary.rows;
      const left = rows - (this.state.t % rows);
      if (left > 1) await this.#advance({ steps: left - 1, records: 0 });
      await this.#advance({ steps: 1 });
    });
  }

  /** From zero weights to the end of training, in the Worker. */
  train() {
    return this.#act(async () => {
      await this.worker.reset(this.sessionId);
      this.#cleared();
      // Epoch by epoch, each shown as it ends; Stop ends the run after the epoch under way.
      this.#stopping = false;
      this.#view.training(true);
      try {
        while (!this.state.done && !this.#stopping) {
          await this.#advance({ epoch: true, records: 0 });
          this.render();
        }
      } finally {
        this.#view.training(false);
      }
      await this.#inspect(this.shown);
      this.trained = this.state.done;
    });
  }

  /** Weights back to zero; the sentences stay. */
  reset() {
    return this.#act(async () => {
      await this.worker.reset(this.sessionId);
      this.#cleared();
    });
  }

  get playing() {
    return this.#timer !== null;
  }

  /** Steps at the Speed slider's rate (several per tick when fast) until stopped or training ends. */
  play() {
    if (this.playing) return;
    const tick = async () => {
      const perSecond = PLAY_SPEEDS[Number(this.#pg.$('speed').value)] ?? 4;
      const steps = Math.max(1, Math.round(perSecond / 10));
      await this.#act(() => this.#advance({ steps }));
      if (!this.playing) return;
      if (this.state.done) return this.stop();
      this.#timer = setTimeout(tick, Math.max(0, 1000 / Math.min(perSecond, 10)));
    };
    this.#timer = setTimeout(tick, 0);
    this.#view.playing(true);
  }

  stop() {
    this.#stopping = true; // Train's run, after its epoch under way
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#view?.playing(false);
  }

  // Advances the session; shows the last step's sentence (its lattice after the update, the
  // changes), the epochs that ended, and the token accuracy now.
  async #advance(request) {
    if (this.state.done) {
      this.#view.say(
        this.state.converged
          ? 'Training ended: an epoch without a mistake. Reset to start again.'
          : 'Training ended at the last epoch. Reset to start again.',
      );
      this.stop();
      return;
    }
    this.trained = false;
    const { records, epochs, state } = await this.worker.advance(this.sessionId, {
      records: request.steps ?? this.data.summary.rows,
      ...request,
    });
    for (const epoch of epochs) {
      this.history.push({ ...epoch });
    }
    this.state = state;
    const record = records.at(-1);
    if (record) {
      this.shown = record.index;
      const lattice = await this.worker.lattice(this.sessionId, this.data.datasetId, record.index);
      // The Worker's changes; without them, Phi(x, gold) - Phi(x, predicted) of the sentence's tokens.
      const changes = record.changes
        ? fromWorkerChanges(record.changes)
        : updateChanges(
            (await this.worker.sentence(this.data.datasetId, record.index)).tokens,
            record.label,
            record.prediction,
            this.options.learningRate ?? 1,
          );
      this.last = { record, lattice, changes };
    }
    this.accuracy = (await this.worker.evaluate(this.sessionId, this.data.datasetId)).accuracy;
  }

  // The lattice of any sentence with the weights now (no step).
  async #inspect(index) {
    if (this.state.t === 0) throw new Error('No model yet: Step or Train first, then choose a sentence.');
    const lattice = await this.worker.lattice(this.sessionId, this.data.datasetId, index);
    this.shown = index;
    this.last = { record: null, lattice, changes: null, index };
  }

  // Runs one action after the ones before it; its error goes in the mode's alert line.
  #act(action) {
    const run = async () => {
      this.#view.say('');
      this.#busy = true;
      try {
        await action();
      } catch (error) {
        this.stop();
        this.#view.say(error.message);
      } finally {
        this.#busy = false;
      }
      this.render();
      this.#pg.writeHash();
    };
    return (this.#queue = this.#queue.then(run));
  }

  /** Waits for the actions under way. */
  idle() {
    return this.#queue;
  }

  /** Everything the mode shows, from its state. */
  render() {
    if (!this.data) return;
    const view = this.#view;
    view.status(this);
    if (this.last) {
      const { lattice } = this.last;
      renderLattice(view.lattice, lattice, { words: lattice.words, gold: lattice.gold });
      view.changes(this.last);
    } else view.empty();
    view.epochs(this.history);
    const { summary, bound } = this.data;
    renderCollins(view.theory, bound, {
      mistakes: this.state.mistakes,
      fitted: this.state.t > 0,
      sentences: summary.rows,
      tokens: summary.tokens,
    });
  }

  /** What the link keeps (tagging-link.js): the corpus, the options, the steps (an upload: data=csv). */
  linkState() {
    if (!this.spec) return null;
    if (this.spec.kind === 'upload') return { kind: 'csv' };
    const { seed, sentences } = this.spec;
    return { kind: 'tagging', seed, sentences, ...this.options, t: this.state.t, trained: this.trained };
  }

  /** Restores linkState()'s state: the corpus, the options, then t steps (or Train) from zero weights. */
  async restore(state) {
    this.options = { ...DEFAULT_OPTIONS, ...pick(state, ['variant', 'order']) };
    await this.load({ kind: 'preset', seed: state.seed, sentences: state.sentences });
    if (state.trained) await this.train();
    else if (state.t > 0) await this.#act(() => this.#advance({ steps: state.t }));
  }

  /** Nothing: the mode trains the structured perceptron whatever the Model select says. */
  modelChanged() {}

  get busy() {
    return this.#busy;
  }

  show() {
    this.#view.show(this);
  }

  hide() {
    this.stop();
    this.#view.hide();
  }

  /** The mode's numbers, for tests and the console. */
  stateForTests() {
    return this.snapshot();
  }

  snapshot() {
    return {
      spec: this.spec,
      options: { ...this.options },
      state: { ...this.state },
      history: this.history.map((e) => ({ ...e })),
      accuracy: this.accuracy,
      shown: this.shown,
      last: this.last && structuredClone(this.last),
      bound: this.data?.bound ?? null,
      datasetId: this.data?.datasetId ?? null,
      sessionId: this.sessionId,
    };
  }

  dispose() {
    this.stop();
    if (this.sessionId !== null) this.worker.closeSession(this.sessionId).catch(() => {});
    if (this.data) this.worker.dispose(this.data.datasetId).catch(() => {});
    this.sessionId = null;
    this.data = null;
  }
}

const pick = (object, keys) =>
  Object.fromEntries(keys.filter((k) => object[k] !== undefined).map((k) => [k, object[k]]));
