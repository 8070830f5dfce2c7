// The training session behind Step and Epoch: one pw.Perceptron and the library's trainer
// (model.trainer), which runs the very loop fit() runs, one step or one epoch at a time. Imports
// nothing from the UI; app.js draws whatever this reports.
//
// A run is one trainer over the current points. It ends when training ends (converged, or
// maxEpochs) or when points are added; the next Step then starts a new run from the current
// weights (the model has warmStart), with the counters going on: t, epoch and mistakes count
// from the last reset, and the history lists every finished epoch. Within a run, Step and Epoch
// retrace fit() step for step, for every order and seed: the trainer is fit's own loop.
export class Session {
  #pw;
  #points;
  #trainer = null;
  #base = { t: 0, epoch: 0, mistakes: 0 }; // the counters when the current run started

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
    if (points.length === 0) throw new RangeError('Step: there are no points; click the canvas to add some');
    const labels = points.map((p) => p.label);
    if (new Set(labels).size < 2) {
      throw new RangeError('Step: training needs points of both classes; shift-click to add the other class');
    }
    this.#base = { t: this.t, epoch: this.epoch, mistakes: this.mistakes };
    this.#trainer = this.model.trainer(
      points.map((p) => [p.x, p.y]),
      labels,
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

  /** Points were added: the current run ends; the next Step starts one over all the points. */
  pointsAdded() {
    this.converged = null;
    this.#trainer = null;
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

  dispose() {
    this.model.dispose();
  }
}
