// The online-training session behind Step and Epoch: one pw.Perceptron (classes [-1, 1]) fed
// one example at a time through learnOne(), in the order the `order` option names. Imports
// nothing from the UI; app.js draws whatever this reports.
//
// Order of examples (one epoch = one pass over the n points):
//   cyclic   0, 1, ..., n-1 (the order the points were added)
//   shuffle  a new permutation every epoch
//   sample   n uniform draws with replacement
// The order comes from the library (pw.visitOrder, the rows fit visits for that order and
// seed), so with unchanged points Step and Epoch retrace Train's fit step for step.
//
// Counters follow the library's fit() trace: t counts steps since the last reset, `epoch` is the
// 1-based epoch of the last step (0 before any), and `converged` is decided at the end of an
// epoch exactly as fit() decides it: no mistake in the epoch for cyclic/shuffle; for sample (where
// draws may skip points) no point is a mistake under the rule at the end of the block.
import { CLASSES } from './state.js';

export class Session {
  #pw;
  #points;
  #order = [];
  #cursor = 0;
  #epochMistakes = 0;

  /**
   * @param pw the loaded package (load()'s result)
   * @param options Perceptron options (already checked by the library)
   * @param points the page's live array of {x, y, label}; read, never written
   */
  constructor(pw, options, points) {
    this.#pw = pw;
    this.options = { ...options };
    this.#points = points;
    this.model = new pw.Perceptron(this.options);
    this.reset();
  }

  /** Weights back to zero (a fresh model), counters to zero, generator restarted; points kept. */
  reset() {
    this.model.dispose();
    this.model = new this.#pw.Perceptron(this.options);
    this.t = 0;
    this.epoch = 0;
    this.mistakes = 0;
    this.converged = null; // unknown until an epoch ends (or Train reports)
    this.last = null; // the last trace step, plus `index` into the points
    this.history = []; // completed epochs: {epoch, steps, mistakes}
    this.trained = false; // true while the state is exactly what Train (fit) left
    this.#order = [];
    this.#cursor = 0;
    this.#epochMistakes = 0;
  }

  get weights() {
    const w = this.model.weights;
    return w.length === 2 ? w : [0, 0];
  }

  get bias() {
    return this.model.bias;
  }

  /** True when the next step starts a new epoch. */
  get atEpochBoundary() {
    return this.#cursor >= this.#order.length;
  }

  #startEpoch() {
    const n = this.#points.length;
    this.epoch += 1;
    // The library's stream for this order and seed; epoch e is its e-th block of n visits.
    const visits = this.#pw.visitOrder({
      order: this.options.order,
      seed: this.options.seed,
      rows: n,
      count: this.epoch * n,
    });
    this.#order = Array.from(visits.subarray((this.epoch - 1) * n));
    this.#cursor = 0;
    this.#epochMistakes = 0;
  }

  // Whether any point is a mistake under the rule (the library decides, as fit does).
  #anyMistake() {
    const points = this.#points;
    return this.model
      .isMistake(
        points.map((p) => [p.x, p.y]),
        points.map((p) => p.label),
      )
      .some(Boolean);
  }

  #endEpoch() {
    const steps = this.#order.length;
    this.history.push({ epoch: this.epoch, steps, mistakes: this.#epochMistakes });
    this.converged = this.options.order === 'sample' ? !this.#anyMistake() : this.#epochMistakes === 0;
  }

  /** Learns from the next example in the order; returns its trace step with `index`. */
  step() {
    if (this.#points.length === 0) throw new RangeError('Step: there are no points; click the canvas to add some');
    if (this.atEpochBoundary) this.#startEpoch();
    const index = this.#order[this.#cursor];
    const point = this.#points[index];
    const trace = this.model.learnOne(
      [point.x, point.y],
      point.label,
      this.model.fitted ? undefined : { classes: [...CLASSES] },
    );
    this.#cursor += 1;
    this.trained = false;
    this.t = trace.t;
    if (trace.mistake) {
      this.mistakes += 1;
      this.#epochMistakes += 1;
      this.converged = false;
    }
    this.last = { ...trace, index, epoch: this.epoch };
    if (this.atEpochBoundary) this.#endEpoch();
    return this.last;
  }

  /** Steps to the end of the current epoch (a whole epoch when at a boundary). */
  finishEpoch() {
    do this.step();
    while (!this.atEpochBoundary);
    return this.last;
  }

  /** Points were appended: they join the current epoch (cyclic and shuffle: at its end). */
  pointsAdded(firstNewIndex) {
    this.converged = null;
    if (this.atEpochBoundary || this.options.order === 'sample') return;
    for (let i = firstNewIndex; i < this.#points.length; i++) this.#order.push(i);
  }

  /**
   * Continues from a Train result: the model fit() produced (its toJSON()), with counters from its
   * report; the next Step starts epoch report.epochs + 1.
   */
  adoptTraining(modelJson, report) {
    const model = this.#pw.Perceptron.fromJSON(modelJson);
    this.model.dispose();
    this.model = model;
    this.t = report.steps;
    this.epoch = report.epochs;
    this.mistakes = report.mistakes;
    this.converged = report.converged;
    this.history = report.history;
    this.trained = true;
    this.last = null;
    this.#order = [];
    this.#cursor = 0;
  }

  dispose() {
    this.model.dispose();
  }
}
