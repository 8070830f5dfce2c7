// Train's side of the page: the package's own worker (perceptron-wasm/worker) behind one call,
// with Stop, progress, the learning curve's numbers, the frames of the replay and the trace.
// Imports nothing from the UI; no state shared between instances (one WorkerTraining each).
// It uses the playground's one shared PerceptronWorker (worker-thread.js: the uploads' too).
// Where the page's Content-Security-Policy refuses the Worker, the same fit runs on the page's
// thread (worker-thread.js), with the same results.
import { WorkerThreads, cannotStart, workerFailed } from './worker-thread.js';

/** At most this many frames for the replay (evenly spaced epochs, the first and the last included). */
export const MAX_FRAMES = 240;
/** trace: the first this many steps are kept (the result says traceTruncated when there were more). */
export const TRACE_MAX_STEPS = 10_000;
const PROGRESS_MS = 100;
export const STOPPED_MESSAGE = 'Training stopped; the model is as it was before Train.';
// The kinds whose two-class model is one line w.x + b = 0 (Winnow: (w+ - w-).x - threshold).
const LINE_KINDS = ['Perceptron', 'Winnow', 'PassiveAggressive'];

// The package worker's epochWeights: n spacing: epoch e carries weights when it is a multiple of
// the smallest power of two s with e <= s * n (see perceptron-wasm/worker's worker.d.ts).
function spacing(epoch, n) {
  let s = 1;
  while (epoch > s * n) s *= 2;
  return s;
}

// An epoch event's weights as a line {epoch, weights, bias}.
function frameOf(kind, event) {
  if (kind !== 'Winnow') return { epoch: event.epoch, weights: event.weights, bias: event.bias };
  const minus = event.negativeWeights;
  const weights = minus.length === 0 ? event.weights : event.weights.map((w, j) => w - minus[j]);
  return { epoch: event.epoch, weights, bias: -event.threshold };
}

// Of the frames the worker sent (thinning as training went on), epoch 1, the multiples of the
// last epoch's spacing and the last: at most MAX_FRAMES, evenly spaced.
function evenFrames(frames, n) {
  const last = frames.at(-1)?.epoch;
  if (last === undefined) return [];
  const s = spacing(last, n);
  return frames.filter(({ epoch }) => epoch === 1 || epoch === last || epoch % s === 0);
}

function sameLabels(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const stoppedError = () => new DOMException(STOPPED_MESSAGE, 'AbortError');

// promise, or the stopped error as soon as signal aborts (a Dataset's load is shared by the
// trains that use it: a stop does not cancel it).
function unlessStopped(promise, signal) {
  if (signal.aborted) return Promise.reject(stoppedError());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(stoppedError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Training in the package's Web Worker, for one playground. The playground's shared worker
 * (WorkerThreads.shared) starts on the first use; the training data stays in it between trains
 * as long as the same X object (and the same labels) comes back, and is replaced (the old
 * Dataset freed) when it changes. Data that already lives in the worker (a big upload's split:
 * {datasetId} in place of X and y) is trained on by its id, never sent.
 */
export class WorkerTraining {
  #threads;
  #client = null; // the shared PerceptronWorker, once started
  #run = null; // {controller} of the train() under way
  #datasets = { train: null, validation: null }; // role -> {X, y, promise: Promise<summary>}

  #ownThreads; // made here (no playground's given): terminated by dispose()

  /** @param {WorkerThreads} [threads] the playground's (its shared worker is the uploads' too) */
  constructor(threads) {
    this.#ownThreads = !threads;
    this.#threads = threads ?? new WorkerThreads();
  }

  /** The package worker's handle (PerceptronWorker) once started, else null: for tests and the console. */
  get client() {
    return this.#client;
  }

  /**
   * Trains `new pw[kind](options)` on X, y in the worker: the very model fit gives on the page.
   * @param {object} request
   * @param {'Perceptron' | 'MulticlassPerceptron' | 'KernelPerceptron' | 'Winnow' | 'PassiveAggressive'} request.kind
   * @param {object} request.options the model's options
   * @param {{data: Float64Array, rows: number, cols: number}} [request.X] the same object until the data changes
   * @param {Array<number|string>} [request.y] one label per row
   * @param {{datasetId: number} | null} [request.remote] in place of X and y: a Dataset of the
   *   shared worker (a big upload's training part), trained on by its id
   * @param {{X: object, y: Array<number|string>} | {remote: {datasetId: number}} | null} [request.validation]
   *   a validation set (fit's option: the epoch with the lowest validation error is kept)
   * @param {boolean} [request.trace] collect the steps (the first TRACE_MAX_STEPS)
   * @param {(progress: {epoch: number, t: number, mistakes: number}) => void} [request.onProgress]
   *   at most every 100 ms
   * @returns {Promise<{model: object, report: object, history: object[], frames: object[],
   *   trace: object[] | null, traceTruncated: boolean}>} model: toJSON()'s object; report: fit's;
   *   history: per epoch {epoch, steps, mistakes, trainError, validationError (with a validation
   *   set only)} (trainError null for MulticlassPerceptron 'ovr'/'ovo', whose epochs are their
   *   binary models'); frames: up to MAX_FRAMES evenly spaced epochs {epoch, weights, bias} of
   *   a two-class Perceptron, Winnow or PassiveAggressive, [] otherwise (the model's predicting
   *   weights, in its scaled space with preprocess; the last one is the final model); trace: the
   *   steps as fit's onStep gets them, or null. Rejects with the library's error, or after
   *   stop() with an AbortError (STOPPED_MESSAGE). A train() while another runs stops that one.
   */
  async train(request) {
    this.stop();
    const run = { controller: new AbortController() };
    this.#run = run;
    const { signal } = run.controller;
    try {
      for (;;) {
        try {
          return await this.#fit(request, signal);
        } catch (error) {
          if (signal.aborted) throw stoppedError();
          // The worker itself failed (it did not start, or crashed): a new one next time.
          if (!workerFailed(error)) throw error;
          const onPage = this.#threads.isOnPage(this.#client);
          this.#reset();
          // Refused by the page: the same fit once more, on the page's thread (not for data
          // that lived in the refused worker: there is none then).
          if (!cannotStart(error) || onPage || request.remote) throw error;
          this.#threads.refused();
        }
      }
    } finally {
      if (this.#run === run) this.#run = null;
    }
  }

  async #fit({ kind, options, X, y, remote = null, validation = null, trace = false, onProgress }, signal) {
    const client = this.#start();
    const data = remote ?? (await unlessStopped(this.#dataset('train', X, y), signal));
    const held = validation?.remote
      ? validation.remote
      : validation
        ? await unlessStopped(this.#dataset('validation', validation.X, validation.y), signal)
        : null;
    if (remote) this.#forget('train');
    if (!validation || validation.remote) this.#forget('validation');
    const history = [];
    const frames = [];
    const lines = LINE_KINDS.includes(kind) && data.classes.length === 2;
    let shown = -Infinity;
    const fitOptions = {
      signal,
      trainError: true,
      onEpoch: (event) => {
        const entry = { epoch: event.epoch, steps: event.steps, mistakes: event.mistakes };
        entry.trainError = event.trainError ?? null;
        if (held) entry.validationError = event.validationError ?? null;
        history.push(entry);
        if (lines && 'weights' in event) frames.push(frameOf(kind, event));
      },
    };
    if (lines) fitOptions.epochWeights = MAX_FRAMES - 2;
    if (held) fitOptions.validation = { datasetId: held.datasetId };
    if (trace) fitOptions.trace = TRACE_MAX_STEPS;
    if (onProgress) {
      fitOptions.onProgress = ({ t, epoch, mistakes }) => {
        const now = performance.now();
        if (now - shown < PROGRESS_MS) return;
        shown = now;
        onProgress({ epoch, t, mistakes });
      };
    }
    if (signal.aborted) throw stoppedError();
    const result = await client.fit(kind, options, data, fitOptions);
    return {
      model: result.model,
      report: result.report,
      history,
      frames: evenFrames(frames, MAX_FRAMES - 2),
      trace: result.trace ?? null,
      traceTruncated: result.traceTruncated === true,
    };
  }

  /** Cancels the training under way (it rejects with an AbortError); whether there was one. */
  stop() {
    const run = this.#run;
    if (!run) return false;
    this.#run = null;
    run.controller.abort();
    return true;
  }

  /**
   * Stops any training and frees its Datasets in the shared worker (which stays: the
   * playground's; a WorkerTraining made without one terminates its own).
   */
  dispose() {
    this.stop();
    this.#forget('train');
    this.#forget('validation');
    this.#client = null;
    if (this.#ownThreads) this.#threads.dispose();
  }

  // The shared worker; a new one (crashed, refused) holds none of the Datasets sent before.
  #start() {
    const client = this.#threads.shared();
    if (client !== this.#client) {
      this.#client = client;
      this.#datasets = { train: null, validation: null };
    }
    return client;
  }

  // The worker failed: the next #start() gets a new one.
  #reset() {
    this.#threads.lost(this.#client);
    this.#client = null;
    this.#datasets = { train: null, validation: null };
  }

  // The worker's Dataset for X, y: the one already there when X is the same object and y holds
  // the same labels; else a new one (the old one freed).
  #dataset(role, X, y) {
    const cached = this.#datasets[role];
    if (cached && cached.X === X && sameLabels(cached.y, y)) return cached.promise;
    this.#forget(role);
    const entry = { X, y: Array.from(y ?? []), promise: this.#client.loadArrays(X, y) };
    this.#datasets[role] = entry;
    entry.promise.catch(() => {
      if (this.#datasets[role] === entry) this.#datasets[role] = null;
    });
    return entry.promise;
  }

  #forget(role) {
    const cached = this.#datasets[role];
    if (!cached) return;
    this.#datasets[role] = null;
    const client = this.#client;
    cached.promise.then(
      (summary) => client?.dispose(summary).catch(() => {}),
      () => {},
    );
  }
}

/**
 * Shows the frames of a Train one after the other within about a second (show(frame) for each;
 * skip() true ends it early), then resolves. Nothing to replay for a single frame.
 */
export function replayFrames(frames, { show, skip, reducedMotion }) {
  if (frames.length < 2 || reducedMotion) return Promise.resolve();
  const duration = Math.min(1000, frames.length * 40);
  const of = frames.at(-1).epoch;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const tick = () => {
      // performance.now(), not rAF's timestamp: that one is the frame's start and can precede `start`.
      const progress = Math.min(1, Math.max(0, (performance.now() - start) / duration));
      if (progress >= 1 || skip()) {
        resolve();
        return;
      }
      try {
        show({ ...frames[Math.round(progress * (frames.length - 1))], of });
      } catch (error) {
        reject(error); // a drawing problem must never leave the page busy
        return;
      }
      requestAnimationFrame(tick);
    };
    tick();
  });
}
