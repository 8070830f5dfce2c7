// The page-side counterpart of session.js for data that lives in the playground's worker (a big
// upload, issue 29): Step, Epoch and Play drive a session in the worker (the package worker's
// session / advance / reset / adopt, which run the library's trainer there), and this keeps
// what the views read, as session.js's Session does: the counters, the last step's record, the
// finished epochs (the learning curve), the model's small predicting state (advance's `model`:
// weights and bias, no rows), and the accuracies, from the worker's evaluate on the training,
// validation and test parts. Every call that moves training is async; they run one at a time.
//
// Differences from Session, because the rows are not on the page: a step's record has no x (the
// trace shows '—' for the features); Step after training ended says so (Reset starts over)
// instead of starting a new run; the link keeps no progress (as for every upload).
import { linearOf } from './models.js';

/** A step's records kept per advance (the trace keeps the last ones anyway). */
const RECORDS = 10_000;

// The accuracy of a part, as the views show it: {wrong, total, accuracy}.
const accuracyOf = (evaluated, rows) =>
  evaluated && {
    accuracy: evaluated.accuracy,
    total: rows,
    wrong: Math.round((1 - evaluated.accuracy) * rows),
  };

export class RemoteSession {
  /** Tells the page this session's rows live in the worker. */
  remote = true;
  #pw;
  #client;
  #train;
  #validation;
  #test;
  #id = null; // Promise<sessionId> once created
  #queue = Promise.resolve();
  #base = { t: 0, epoch: 0, mistakes: 0 };
  #json = null; // Train's (or an imported) model: its JSON, explained and exported as it is
  #onChange;
  #disposed = false;

  /**
   * @param pw the package; client the playground's PerceptronWorker; kind, options the model's
   * @param sets {train, validation, test}: each null or {remote: a summary of the worker's split}
   * @param onChange() called when something the views show came back from the worker
   */
  constructor(pw, client, kind, options, sets, onChange) {
    new pw[kind](options).dispose(); // the options checked as the page's own Session checks them
    this.#pw = pw;
    this.#client = client;
    this.kind = kind;
    this.options = { ...options };
    this.#onChange = onChange;
    this.#setSets(sets);
    this.#clear();
  }

  #setSets({ train, validation = null, test = null }) {
    this.#train = train;
    this.#validation = validation;
    this.#test = test;
  }

  #clear() {
    this.#base = { t: 0, epoch: 0, mistakes: 0 };
    this.#json = null;
    this.model = { fitted: false, classes: this.#train.remote.classes };
    this.t = 0;
    this.epoch = 0;
    this.mistakes = 0;
    this.converged = null;
    this.last = null;
    this.history = [];
    this.trained = false;
    this.restarted = false;
    this.curveNote = null;
    this.accuracies = null; // {labels: null, train, validation, test} (the views' predictions)
    this.revision = 0; // bumped whenever the model changes (the Contributions follow it)
  }

  get training() {
    return this.#train;
  }

  get validation() {
    return this.#validation;
  }

  get runSteps() {
    return 0;
  }

  /** The binary linear separator (the model's own coordinates), or null (preprocess, kernel, multi-class). */
  get linear() {
    if (this.options.preprocess) return null;
    if (!this.model.fitted) {
      return ['Perceptron', 'PassiveAggressive', 'Winnow'].includes(this.kind)
        ? { weights: new Array(this.#train.remote.cols).fill(0), bias: 0 }
        : null;
    }
    return linearOf(this.kind, this.model);
  }

  /** The rows are in the worker: no features on the page. */
  rowOf() {
    return null;
  }

  // Runs `task` after the ones before it (one worker call at a time).
  #run(task) {
    const next = this.#queue.then(task);
    this.#queue = next.catch(() => {});
    return next;
  }

  #session() {
    this.#id ??= this.#client
      .session(this.kind, { ...this.options }, this.#train.remote.datasetId, {
        ...(this.#validation ? { validation: this.#validation.remote.datasetId } : {}),
      })
      .then((out) => out.sessionId);
    this.#id.catch(() => (this.#id = null));
    return this.#id;
  }

  // advance in the worker, its answer made the page's state; returns its records.
  async #advance(request) {
    const id = await this.#session();
    const out = await this.#client.advance(id, { records: RECORDS, ...request });
    if (this.#disposed) return [];
    const base = this.#base;
    const records = out.records.map((record) => ({ ...record, epoch: base.epoch + record.epoch }));
    for (const epoch of out.epochs) this.history.push({ ...epoch, epoch: base.epoch + epoch.epoch });
    const { state } = out;
    this.t = base.t + state.t;
    this.mistakes = base.mistakes + state.mistakes;
    // The last step's epoch (the records may stop before the last step: the last ended epoch then).
    const ended = out.epochs.length > 0 ? base.epoch + out.epochs.at(-1).epoch : 0;
    this.epoch = Math.max(this.epoch, records.at(-1)?.epoch ?? 0, ended);
    if (out.epochs.length > 0) this.converged = state.converged;
    else if (records.some((r) => r.mistake)) this.converged = false;
    this.last = records.at(-1) ?? null;
    this.trained = false;
    this.restarted = false;
    if (out.model) this.model = { ...out.model, fitted: this.t > 0, classes: this.#train.remote.classes };
    this.#json = null;
    this.revision += 1;
    this.#evaluate();
    return { records, done: state.done };
  }

  /** One step: its record, or null when training has ended. */
  step() {
    return this.#run(async () => {
      const { records } = await this.#advance({ steps: 1 });
      return records[0] ?? null;
    });
  }

  /** To the end of the current epoch: its steps (the last RECORDS of them). */
  finishEpoch() {
    return this.#run(async () => (await this.#advance({ epoch: true })).records);
  }

  /** `steps` steps (fewer when training ends): their records. */
  advance(steps) {
    return this.#run(async () => (await this.#advance({ steps })).records);
  }

  /** Weights back to zero, counters to zero (the worker's session too). */
  reset() {
    this.#clear();
    return this.#run(async () => {
      if (this.#id) await this.#client.reset(await this.#id);
    });
  }

  /** The data's split changed: a new session in the worker on the new parts, from zero. */
  dataChanged(train, validation = null, test = null) {
    const closed = this.#close();
    this.#setSets({ train, validation, test });
    this.#clear();
    return closed;
  }

  /** Continues from Train's result (fit in the worker on the same training part). */
  adoptTraining(modelJson, report, history) {
    this.#adopt(modelJson, { t: report.steps, epoch: report.epochs, mistakes: report.mistakes });
    this.converged = report.converged;
    this.history = history.map((epoch) => ({ ...epoch }));
    this.trained = true;
  }

  /** Continues from an imported model (its toJSON()). */
  adoptModel(modelJson) {
    this.#adopt(modelJson, { t: modelJson.steps ?? 0, epoch: 0, mistakes: 0 });
  }

  #adopt(modelJson, counters) {
    const model = this.#pw[this.kind].fromJSON(modelJson);
    try {
      this.model = { ...linearFields(model), fitted: model.fitted, classes: model.classes };
    } finally {
      model.dispose();
    }
    this.#json = modelJson;
    this.#base = { ...counters };
    Object.assign(this, counters);
    this.last = null;
    this.history = [];
    this.revision += 1;
    // The Perceptron goes on from these weights in the worker (warmStart); the other kinds start
    // over from zero at the next Step, as on the page (session.js).
    const kind = this.kind;
    this.#run(async () => {
      if (!this.#id) return;
      const id = await this.#id;
      if (kind === 'Perceptron') await this.#client.adopt(id, modelJson);
      else await this.#client.reset(id);
    }).catch(() => {});
    if (kind !== 'Perceptron') this.#base = { t: 0, epoch: 0, mistakes: 0 };
    this.#evaluate();
  }

  /** Train's or the imported model's JSON, or null (steps taken in the worker have none here). */
  toJSON() {
    return this.#json;
  }

  /** The link keeps no progress for an upload. */
  snapshot() {
    return null;
  }

  /**
   * The Contributions of a row of a worker's Dataset ({datasetId, row}): the worker's explain
   * under the session's model (Train's JSON when that is the model shown); options as explain's
   * ({class} of a multi-class model).
   */
  explain(dataset, options) {
    return this.#run(async () => {
      const who = this.#json ? { model: this.#json } : await this.#session();
      return this.#client.explain(who, dataset, options);
    });
  }

  // The accuracies on each part, from the worker; the views are told when they are in.
  #evaluate() {
    const revision = this.revision;
    const parts = { train: this.#train, validation: this.#validation, test: this.#test };
    this.#run(async () => {
      if (!this.model.fitted) return;
      const who = this.#json ? { model: this.#json } : await this.#session();
      const out = { labels: null };
      for (const [name, part] of Object.entries(parts)) {
        out[name] = part ? accuracyOf(await this.#client.evaluate(who, part.remote.datasetId), part.remote.rows) : null;
      }
      if (revision !== this.revision || this.#disposed) return;
      this.accuracies = out;
      this.#onChange?.();
    }).catch(() => {});
  }

  // Closes the worker's session (once the calls queued before it are done); resolves then.
  #close() {
    const id = this.#id;
    this.#id = null;
    if (!id) return Promise.resolve();
    return this.#run(async () => this.#client.closeSession(await id)).catch(() => {});
  }

  /** Closes the worker's session; resolves once it is closed (its Datasets may be freed then). */
  dispose() {
    this.#disposed = true;
    return this.#close();
  }
}

// A model's predicting state as advance's `model` carries it (linearOf reads these).
function linearFields(model) {
  const out = {};
  for (const key of ['weights', 'bias', 'biases', 'negativeWeights', 'threshold']) {
    try {
      if (model[key] !== undefined) out[key] = model[key];
    } catch {
      // a field this kind does not have
    }
  }
  return out;
}
