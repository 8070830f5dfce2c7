// The training session behind Step and Epoch: one pw.Perceptron and the library's trainer
// (model.trainer), which runs the very loop fit() runs, one step or one epoch at a time. Imports
// nothing from the UI; app.js draws whatever this reports.
//
// A run is one trainer over the current points. It ends when training ends (converged, or
// maxEpochs) or when the points change; the next Step then starts a new run from the current
// weights (the model has warmStart), with the counters going on: t, epoch and mistakes count
// from the last reset, and the history lists every finished epoch. Within a run, Step and Epoch
// retrace fit() step for step, for every order and seed: the trainer is fit's own loop.
//
// snapshot() and restore() carry a session through the page's link: the weights and counters,
// and for a run in progress the weights it started from and its step count, which restore
// replays (the trainer is deterministic), so the next Step after a reload is the one the
// sender's page would have taken.

/** Why training cannot start on these points, or null: the one check Step, Epoch and Train share. */
export function trainingProblem(points) {
  if (points.length === 0) return 'There are no points: click the plane to add some.';
  const positive = points.some((p) => p.label > 0);
  if (points.some((p) => p.label > 0 !== positive)) return null;
  return `Training needs points of both classes: add a point of class ${positive ? '−1' : '+1'}.`;
}

/** The points as the package takes a matrix: row-major x, y in a Float64Array (no copies per row). */
export function pointMatrix(points) {
  const data = new Float64Array(points.length * 2);
  points.forEach((p, i) => data.set([p.x, p.y], 2 * i));
  return { data, rows: points.length, cols: 2 };
}

// The page's two labels, as the model stores its classes (sorted; the first is -1).
const CLASSES = [-1, 1];
// restore replays at most this many steps (a fraction of a second in wasm); a longer run is
// not in the link, only its weights.
const MAX_REPLAY_STEPS = 10_000_000;

export class Session {
  #pw;
  #points;
  #trainer = null;
  #base = { t: 0, epoch: 0, mistakes: 0 }; // the counters when the current run started
  #runStart = null; // {weights, bias} when the current run started

  /**
   * @param pw the loaded package (load()'s result)
   * @param options Perceptron options (already checked by the library)
   * @param points the page's live array of {x, y, label}; read, never written
   */
  constructor(pw, options, points) {
    this.#pw = pw;
    this.options = { ...options };
    this.#points = points;
    this.model = new pw.Perceptron(this.#modelOptions());
    this.reset();
  }

  // The user's options, and warmStart so that a new run continues from the current weights.
  #modelOptions() {
    return { ...this.options, warmStart: true };
  }

  /** Weights back to zero (a fresh model), counters to zero; points kept. */
  reset() {
    this.model.dispose();
    this.model = new this.#pw.Perceptron(this.#modelOptions());
    this.#trainer = null;
    this.#base = { t: 0, epoch: 0, mistakes: 0 };
    this.#runStart = null;
    this.t = 0;
    this.epoch = 0;
    this.mistakes = 0;
    this.converged = null; // unknown until an epoch ends (or Train reports)
    this.last = null; // the last trace step (index: into the points)
    this.history = []; // finished epochs: {epoch, steps, mistakes}
    this.trained = false; // true while the state is exactly what Train (fit) left
  }

  get weights() {
    const w = this.model.weights;
    return w.length === 2 ? w : [0, 0];
  }

  get bias() {
    return this.model.bias;
  }

  // The current run's trainer; a new run over the points when there is none or it ended.
  #running() {
    if (this.#trainer?.state.done === false) return this.#trainer;
    const points = this.#points;
    const problem = trainingProblem(points);
    if (problem) throw new RangeError(problem);
    this.#base = { t: this.t, epoch: this.epoch, mistakes: this.mistakes };
    this.#runStart = { weights: this.weights, bias: this.bias };
    this.#trainer = this.model.trainer(
      pointMatrix(points),
      points.map((p) => p.label),
    );
    return this.#trainer;
  }

  // The counters after the trainer moved; `epoch` is the run's epoch that just ended, if one did.
  #follow(trainer, epoch) {
    const state = trainer.state;
    this.t = this.#base.t + state.t;
    this.epoch = this.#base.epoch + state.epoch;
    this.mistakes = this.#base.mistakes + state.mistakes;
    if (epoch) {
      this.history.push({ ...epoch, epoch: this.#base.epoch + epoch.epoch });
      this.converged = state.converged; // decided as fit decides it, at the end of the epoch
    } else if (this.last?.mistake) {
      this.converged = false;
    }
    this.trained = false;
  }

  /** Learns from the next example in the run; returns its trace step (index into the points). */
  step() {
    const trainer = this.#running();
    const before = trainer.lastEpoch?.epoch;
    const step = trainer.step();
    // The trainer finishes an epoch with its last step: then its last epoch is a new one.
    const last = trainer.lastEpoch;
    const ended = last && last.epoch !== before ? last : null;
    this.last = { ...step, epoch: this.#base.epoch + step.epoch };
    this.#follow(trainer, ended);
    return this.last;
  }

  /** Runs to the end of the current epoch (a whole epoch at a boundary); returns that epoch. */
  finishEpoch() {
    const trainer = this.#running();
    const epoch = trainer.finishEpoch();
    this.last = null;
    this.#follow(trainer, epoch);
    return epoch;
  }

  /** Points were added, removed or moved: the run ends; the next Step starts one over them all. */
  pointsChanged() {
    this.converged = null;
    this.#trainer = null;
    this.last = null; // its index may now name another point
  }

  /**
   * Continues from a Train result: the model fit() produced (its toJSON()), with counters from its
   * report; the next Step starts a new run from its weights.
   */
  adoptTraining(modelJson, report) {
    const model = this.#pw.Perceptron.fromJSON(modelJson);
    this.model.dispose();
    this.model = model;
    this.#trainer = null;
    this.t = report.steps;
    this.epoch = report.epochs;
    this.mistakes = report.mistakes;
    this.converged = report.converged;
    this.history = report.history;
    this.trained = true;
    this.last = null;
  }

  /**
   * What the link keeps (state.js writes it): null while the model has learned nothing, else
   * {t, epoch, mistakes, converged, trained, weights, bias, run}; run: for a run in progress,
   * {steps, weights, bias, last} (its step count, the weights it started from, and whether the
   * last step shown came from step()).
   */
  snapshot() {
    if (this.t === 0 && !this.model.fitted) return null;
    const { t, epoch, mistakes, converged, trained, weights, bias } = this;
    const running = this.#trainer?.state.done === false ? this.#trainer.state : null;
    const replayable = running && running.t <= MAX_REPLAY_STEPS;
    const run = replayable ? { steps: running.t, ...this.#runStart, last: this.last !== null } : null;
    return { t, epoch, mistakes, converged, trained, weights, bias, run };
  }

  /**
   * Back to a snapshot: its weights and counters; a run in progress is replayed from the
   * weights it started from, which must land on the snapshot's weights exactly (RangeError
   * otherwise, and the session is reset: then restore the snapshot without its run).
   */
  restore(saved) {
    try {
      this.#restore(saved);
    } catch (error) {
      this.reset();
      throw error;
    }
  }

  #restore(saved) {
    this.reset();
    const { run } = saved;
    this.#load(run ?? saved, saved.t - (run?.steps ?? 0));
    if (run) this.#replay(run, saved);
    const shift = { t: saved.t - this.t, epoch: saved.epoch - this.epoch, mistakes: saved.mistakes - this.mistakes };
    if (shift.epoch < 0 || shift.mistakes < 0) {
      throw new RangeError('its run has more epochs or mistakes than the model in the link');
    }
    for (const key of ['t', 'epoch', 'mistakes']) {
      this.#base[key] += shift[key];
      this[key] = saved[key];
    }
    for (const epoch of this.history) epoch.epoch += shift.epoch;
    if (this.last) this.last = { ...this.last, epoch: this.last.epoch + shift.epoch };
    this.converged = saved.converged;
    this.trained = saved.trained;
  }

  // A model of these options whose weights are exactly these (the package's own JSON format).
  #load({ weights, bias }, steps) {
    const json = { ...this.model.toJSON(), classes: CLASSES, nFeatures: 2, weights, bias, steps };
    const model = this.#pw.Perceptron.fromJSON(json);
    this.model.dispose();
    this.model = model;
    this.#trainer = null;
  }

  // Takes the run's steps again: all but the last at once (trainer.run), the last by step()
  // when the sender's page showed it, so the ring comes back too.
  #replay({ steps, last }, { weights, bias }) {
    if (steps > MAX_REPLAY_STEPS) throw new RangeError(`a run of more than ${MAX_REPLAY_STEPS} steps is not replayed`);
    const trainer = this.#running();
    const bulk = last ? steps - 1 : steps;
    if (bulk > 0) {
      const report = trainer.run({ maxSteps: bulk });
      this.history.push(...report.history.map((epoch) => ({ ...epoch })));
      this.#follow(trainer, null);
    }
    if (last) this.step();
    const landed = this.weights;
    if (this.t !== steps || trainer.state.done || landed[0] !== weights[0] || landed[1] !== weights[1]) {
      throw new RangeError('replaying its run does not give the weights in the link');
    }
    if (this.bias !== bias) throw new RangeError('replaying its run does not give the bias in the link');
  }

  dispose() {
    this.model.dispose();
  }
}
