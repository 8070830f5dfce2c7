// The training session behind Step, Epoch and Play: one model of the chosen kind and the
// library's trainer (model.trainer), which runs the very loop fit() runs, one step at a time.
// Imports nothing from the UI; the playground draws whatever this reports.
//
// A run is one trainer over the current training rows. It ends when training ends (converged,
// maxEpochs, early stopping) or when the data changes. The next Step then starts a new run: the
// Perceptron continues from its current weights (warmStart) with the counters going on; the other
// kinds have no warm start, so their next run starts over from zero (restarted is set). Within a
// run, Step and Epoch retrace fit() step for step, for every order and seed.
//
// snapshot() and restore() carry a session through the page's link: the model at the start of
// the current run (its toJSON(), or null for zero weights), the counters then, and the number of
// steps the run took, which restore replays (the trainer is deterministic), so the weights and
// the next Step after a reload are the sender's, bit for bit. The learning curve comes back too:
// the link holds the runs since zero weights, which restore replays (link-runs.js).
import { formatCount } from './format.js';
import { separatorOf } from './models.js';
import { LOST_CURVE, MAX_CURVE_EPOCHS, MAX_LINK_RUNS, MAX_REPLAY_STEPS } from './link-runs.js';

// Which epoch a trainer's last epoch record is (ovr/ovo: of which binary model), or null.
const epochKey = (trainer) => {
  const last = trainer.lastEpoch;
  return last ? `${last.model ?? 0}:${last.epoch}` : null;
};

/** Whether a kind continues a new run from its current model (the Perceptron's warmStart). */
const warm = (kind) => kind === 'Perceptron';
export class Session {
  #pw;
  #train;
  #validation;
  #trainer = null;
  #base = { t: 0, epoch: 0, mistakes: 0 }; // the counters when the current run started
  #start = null; // the model's toJSON() when the current run started; null: zero weights
  #runEpoch = 0; // the epoch of the current run's last step (0 before its first)
  // The runs since zero weights on these rows ('train': Train's fit; a number: a run's steps so
  // far), which rebuild the learning curve; null when they cannot (see snapshot).
  #runs = [];
  #lost = null; // why they cannot (a LOST_CURVE code), when #runs is null

  /**
   * @param pw the loaded package; kind a ModelKindName; options its options (already checked)
   * @param train {X, y}: the training rows ({data, rows, cols} and labels); validation {X, y} or null
   */
  constructor(pw, kind, options, train, validation = null) {
    this.#pw = pw;
    this.kind = kind;
    this.options = { ...options };
    this.#train = train;
    this.#validation = validation;
    this.model = new pw[kind](this.#modelOptions());
    this.reset();
  }

  #modelOptions() {
    return warm(this.kind) ? { ...this.options, warmStart: true } : { ...this.options };
  }

  /** Weights back to zero (a fresh model), counters to zero; data kept. */
  reset() {
    this.model.dispose();
    this.model = new this.#pw[this.kind](this.#modelOptions());
    this.#trainer = null;
    this.#base = { t: 0, epoch: 0, mistakes: 0 };
    this.#start = null;
    this.t = 0;
    this.epoch = 0;
    this.mistakes = 0;
    this.converged = null; // unknown until an epoch ends (or Train reports)
    this.last = null; // the last step: the trainer's record (index into the training rows)
    this.history = []; // finished epochs: {epoch, steps, mistakes, trainError, validationError?}
    this.trained = false; // true while the state is exactly what Train (fit) left
    this.restarted = false; // the last run started over from zero (kinds without warm start)
    this.curveNote = null; // why the learning curve is missing after a link, or null
    this.#runs = [];
  }

  // The curve can no longer be rebuilt from zero weights on the current rows.
  #lose(reason) {
    this.#runs = null;
    this.#lost = reason;
  }

  /** The binary linear separator in the data's coordinates, or null (models.js's separatorOf). */
  get linear() {
    return separatorOf(this.kind, this.model, this.options.preprocess, this.#train.X.cols);
  }

  /** The current run's steps so far; 0 when the next Step starts a new run (quiz mode's next row). */
  get runSteps() {
    return this.#trainer?.state.done === false ? this.#trainer.state.t : 0;
  }

  get training() {
    return this.#train;
  }

  get validation() {
    return this.#validation;
  }

  // The current run's trainer; a new run over the rows when there is none or it ended.
  #running() {
    if (this.#trainer?.state.done === false) return this.#trainer;
    this.restarted = false;
    if (!warm(this.kind) && (this.model.fitted || this.t > 0)) {
      this.reset();
      this.restarted = true;
    }
    this.#base = { t: this.t, epoch: this.epoch, mistakes: this.mistakes };
    this.#start = this.model.fitted ? this.toJSON() : null;
    this.#runEpoch = 0;
    const options = this.#validation ? { validation: this.#validation } : {};
    this.#trainer = this.model.trainer(this.#train.X, this.#train.y, options);
    this.#runs?.push(0);
    return this.#trainer;
  }

  // The error rate of the model now on the training rows (for the learning curve).
  #trainError() {
    return 1 - this.model.score(this.#train.X, this.#train.y);
  }

  // The counters after the trainer moved; `epoch` is the run's epoch that just ended, if one did.
  #follow(trainer, epoch) {
    const state = trainer.state;
    this.t = this.#base.t + state.t;
    // The last step's epoch (the trainer's state.epoch is already the next one at a boundary).
    this.epoch = this.#base.epoch + this.#runEpoch;
    this.mistakes = this.#base.mistakes + state.mistakes;
    if (epoch) {
      const entry = { ...epoch, epoch: this.#base.epoch + epoch.epoch };
      entry.trainError ??= this.#trainError();
      this.history.push(entry);
      this.converged = state.converged; // decided as fit decides it, at the end of the epoch
    } else if (this.last?.mistake) {
      this.converged = false;
    }
    this.trained = false;
  }

  /** The features of training row `index` (a copy). */
  rowOf(index) {
    const { data, cols } = this.#train.X;
    return Array.from(data.subarray(index * cols, (index + 1) * cols));
  }

  /**
   * Learns from the next example in the run; returns its trace record: the trainer's (every kind's
   * carries the label, the score or scores and the prediction before the step, so the page never
   * predicts to show a step), with the run's epoch shifted to the session's count; or null when
   * training has ended.
   */
  step() {
    const trainer = this.#running();
    const before = epochKey(trainer);
    const step = trainer.step();
    if (step === null) {
      this.#follow(trainer, null);
      return null;
    }
    // The trainer finishes an epoch with its last step: then its last epoch is a new one.
    const ended = epochKey(trainer) !== before ? trainer.lastEpoch : null;
    this.#runEpoch = step.epoch;
    if (this.#runs) this.#runs[this.#runs.length - 1] += 1;
    this.last = { ...step, epoch: this.#base.epoch + step.epoch };
    this.#follow(trainer, ended);
    return this.last;
  }

  /** Steps to the end of the current epoch (a whole epoch at a boundary); returns its steps. */
  finishEpoch() {
    const trainer = this.#running();
    const start = epochKey(trainer);
    const steps = [];
    // An epoch ends with the step after which lastEpoch changes (or with training's end).
    while (!trainer.state.done) {
      const step = this.step();
      if (step === null) break;
      steps.push(step);
      if (epochKey(trainer) !== start) break;
    }
    return steps;
  }

  /**
   * Moves training on by `steps` steps (fewer when training ends), with one core call per epoch,
   * recording each finished epoch as Step does; returns the steps taken.
   */
  advance(steps) {
    const trainer = this.#running();
    let left = steps;
    while (left > 0 && !trainer.state.done) {
      const { t, mistakes } = trainer.state;
      const ended = trainer.finishEpoch({ maxSteps: left }); // null when no epoch ended
      const state = trainer.state;
      left -= state.t - t;
      this.#runEpoch = ended ? ended.epoch : state.epoch;
      this.last = null;
      this.#follow(trainer, ended);
      if (!ended && state.mistakes > mistakes) this.converged = false;
    }
    if (this.#runs) this.#runs[this.#runs.length - 1] += steps - left;
    return steps - left;
  }

  /** The data changed: the run ends; the next Step starts one over the new rows. */
  dataChanged(train, validation = null) {
    if (this.t > 0 || this.model.fitted) this.#lose('data');
    this.#train = train;
    this.#validation = validation;
    this.converged = null;
    this.#trainer = null;
    this.last = null; // its index may now name another row
  }

  /**
   * Continues from a Train result: the model fit() produced (its toJSON()), with counters from its
   * report and the curve's history; the next Step starts a new run.
   */
  adoptTraining(modelJson, report, history) {
    this.#adopt(modelJson, { t: report.steps, epoch: report.epochs, mistakes: report.mistakes });
    this.converged = report.converged;
    this.history = history.map((epoch) => ({ ...epoch }));
    this.trained = true;
    this.#runs = ['train'];
  }

  // A model from its JSON, with the session's own options (warmStart for the Perceptron: Step
  // continues from it), and these counters; no run under way.
  #adopt(modelJson, counters) {
    const model = this.#pw[this.kind].fromJSON({
      ...modelJson,
      options: { ...modelJson.options, ...this.#modelOptions() },
    });
    this.model.dispose();
    this.model = model;
    this.#trainer = null;
    this.#start = null;
    Object.assign(this, counters);
    this.converged = null;
    this.history = [];
    this.trained = false;
    this.restarted = false;
    this.last = null;
  }

  /**
   * The model's toJSON() with the user's options: the page's own warmStart (the Perceptron's
   * continuing runs) left out, so an exported model fits from zero as the user's would.
   */
  toJSON() {
    const json = this.model.toJSON();
    if (warm(this.kind)) json.options = { ...json.options, warmStart: this.options.warmStart ?? false };
    return json;
  }

  /** Continues from an imported model (its toJSON()): counters from its step count. */
  adoptModel(modelJson) {
    this.#adopt(modelJson, { t: modelJson.steps ?? 0, epoch: 0, mistakes: 0 });
    this.#lose('imported');
  }

  /**
   * What the link keeps: null while the model has learned nothing, else {start, base, converged,
   * trained, run, runs}: start the model's JSON when the current run started (or now, when no run
   * is under way; null for zero weights), base the counters then, run {steps, last} of a run
   * under way (last: its last step was shown), runs the runs since zero weights that rebuild the
   * learning curve (['train', 12, 40]: Train's fit, then two runs of 12 and 40 steps), or
   * {lost: why} when the link cannot hold them.
   */
  snapshot() {
    if (this.t === 0 && !this.model.fitted) return null;
    const running = this.#trainer?.state.done === false ? this.#trainer.state : null;
    const replayable = running && running.t <= MAX_REPLAY_STEPS;
    const base = replayable ? { ...this.#base } : { t: this.t, epoch: this.epoch, mistakes: this.mistakes };
    const start = replayable ? this.#start : this.toJSON();
    const run = replayable ? { steps: running.t, last: this.last !== null } : null;
    const runs = this.#runs === null ? { lost: this.#lost } : (this.#tooLong() ?? [...this.#runs]);
    return { start, base, converged: this.converged, trained: this.trained, run, runs };
  }

  #tooLong() {
    if (this.t > MAX_REPLAY_STEPS) return { lost: 'steps' };
    if (this.history.length > MAX_CURVE_EPOCHS) return { lost: 'epochs' };
    return this.#runs.length > MAX_LINK_RUNS ? { lost: 'runs' } : null;
  }

  /**
   * Back to a snapshot: its model and counters, and a run under way replayed from the model it
   * started from; with its runs, every run since zero weights, so the learning curve comes back
   * too (`trained`: Train's result on these rows when the runs begin with Train's, which the
   * page computes as Train does). Runs that do not give the snapshot's model are set aside: the
   * model comes back from its JSON without the curve before it, and curveNote says why. Throws
   * (a RangeError or the library's error) and leaves the session reset when the snapshot does
   * not fit these options and data.
   */
  restore(saved, trained = null) {
    const { runs } = saved;
    let lost = Array.isArray(runs) ? 'train' : (runs?.lost ?? 'old');
    try {
      if (Array.isArray(runs) && (runs[0] !== 'train' || trained)) {
        try {
          this.#replay(saved, trained);
          return;
        } catch {
          lost = 'replay';
        }
      }
      this.#restore(saved, lost);
    } catch (error) {
      this.reset();
      throw error;
    }
  }

  // Every run since zero weights again: the same model, counters and learning curve, checked
  // against the model and counters the link holds for the start of its last run.
  #replay({ start, base, converged, trained: wasTrained, run, runs }, trained) {
    this.reset();
    const fail = () => new RangeError('replaying its runs does not give its model');
    runs.forEach((entry, k) => {
      if (entry === 'train') {
        if (k !== 0 || !trained) throw fail();
        this.adoptTraining(trained.model, trained.report, trained.history);
        return;
      }
      if (this.#trainer && !this.#trainer.state.done) throw fail(); // a run ends before the next
      if (k === runs.length - 1 && run) {
        if (entry !== run.steps) throw fail();
        const counters = { t: this.t, epoch: this.epoch, mistakes: this.mistakes };
        const now = this.model.fitted ? JSON.stringify(this.toJSON()) : null;
        if (JSON.stringify(counters) !== JSON.stringify(base) || now !== (start && JSON.stringify(start))) throw fail();
      }
      const shown = k === runs.length - 1 && run?.last ? 1 : 0;
      if (this.advance(entry - shown) !== entry - shown || (shown && this.step() === null)) throw fail();
    });
    if (!run && !(this.model.fitted && JSON.stringify(this.toJSON()) === JSON.stringify(start))) throw fail();
    this.converged = converged;
    this.trained = wasTrained;
  }

  #restore({ start, base, converged, trained, run }, lost) {
    this.reset();
    this.#lose(lost);
    this.curveNote = `This link does not hold the learning curve before it: ${LOST_CURVE[this.#lost]}.`;
    if (start) {
      for (const [name, value] of Object.entries(this.options)) {
        if (start.options?.[name] !== value) {
          throw new RangeError(`its model was trained with ${name} = ${start.options?.[name]}, not ${value}`);
        }
      }
      if (start.nFeatures !== undefined && start.nFeatures !== this.#train.X.cols) {
        throw new RangeError(
          `its model has ${formatCount(start.nFeatures)} features; the data has ${formatCount(this.#train.X.cols)}`,
        );
      }
      const model = this.#pw[this.kind].fromJSON({ ...start, options: { ...start.options, ...this.#modelOptions() } });
      this.model.dispose();
      this.model = model;
    }
    Object.assign(this, base);
    if (run) {
      if (run.steps > MAX_REPLAY_STEPS)
        throw new RangeError(`a run of more than ${formatCount(MAX_REPLAY_STEPS)} steps is not replayed`);
      if (start && !warm(this.kind)) throw new RangeError('only the Perceptron continues a run from a trained model');
      const trainer = this.#running();
      // All but the last step epoch by epoch (advance: each epoch with its training error, as
      // the sender's curve has it), or at once past MAX_CURVE_EPOCHS (trainer.run: epochs
      // without it); the last by step() when the sender's page showed it, so its ring and trace
      // row come back too.
      const bulk = run.last ? run.steps - 1 : run.steps;
      if (bulk > 0 && bulk <= MAX_CURVE_EPOCHS * Math.max(1, this.#train.X.rows)) this.advance(bulk);
      else if (bulk > 0) {
        const report = trainer.run({ maxSteps: bulk });
        const finished = report.history.reduce((n, epoch) => n + epoch.steps, 0);
        this.#runEpoch = report.history.length + (finished < trainer.state.t ? 1 : 0);
        this.history.push(...report.history.map((epoch) => ({ ...epoch, epoch: this.#base.epoch + epoch.epoch })));
        this.#follow(trainer, null);
      }
      if (run.last && this.step() === null) throw new RangeError(`its run ended before step ${formatCount(run.steps)}`);
      if (trainer.state.t !== run.steps) throw new RangeError('replaying its run does not give its step count');
    }
    this.converged = converged;
    this.trained = trained;
  }

  dispose() {
    this.model.dispose();
  }
}
