// The playground's training buttons: Step, Epoch, Play/Pause with its speed, Train (fit in the
// package's Web Worker, through training.js) with Stop, Reset and Clear. Step, Epoch and Play
// drive the session's trainer on the main thread and feed every step to the trace; Train runs
// fit off the main thread and then replays its epochs on the plane.
import { formatCount } from './format.js';
import { replayFrames, WorkerTraining } from './training.js';
import { RemoteRun } from './remote-run.js';

/** Play's speeds (steps per second), by the Speed slider's position. */
export const SPEEDS = Object.freeze([1, 2, 4, 10, 30, 100, 1000]);

export class Runner {
  #pg;
  #worker = null;
  #timer = null; // Play's animation frame
  #skipReplay = false;
  busy = false; // Train is running (or replaying)
  progress = null; // Train's last progress message
  frame = null; // {epoch, weights, bias, of} while Train's epochs are replayed
  update = null; // Step's update of a linear model: {from, to} (the plane's arrow)

  constructor(playground) {
    this.#pg = playground;
    const $ = playground.$;
    // Data in the worker: Step, Epoch, Play and Reset drive its session there (remote-run.js).
    this.remote = new RemoteRun(playground, {
      speed: () => this.speed,
      emit: (type, detail) => this.#emit(type, detail),
    });
    const remote = () => playground.session?.remote === true;
    // In quiz mode (quiz.js) Step checks the answer first, then asks the next question.
    // While a data mode is active (modes.js: text), the buttons are its.
    const mode = () => playground.mode;
    $('step').addEventListener('click', () =>
      mode()
        ? mode().step()
        : playground.quiz?.stepPressed() || (remote() ? this.remote.step() : this.act(() => this.step())),
    );
    $('epoch').addEventListener('click', () =>
      mode() ? mode().epoch() : remote() ? this.remote.epoch() : this.act(() => this.epoch()),
    );
    $('reset').addEventListener('click', () =>
      mode()
        ? mode().reset()
        : remote()
          ? this.remote.reset()
          : this.act(() => this.#pg.session.reset(), { resetTrace: true }),
    );
    $('clear').addEventListener('click', () => this.act(() => this.clear()));
    $('train').addEventListener('click', () => (mode() ? mode().train() : this.train()));
    $('stop').addEventListener('click', () => this.stopTraining());
    $('play').addEventListener('click', () => {
      const active = mode();
      if (active) return active.playing ? active.stop() : active.play();
      return this.playing ? this.pause() : remote() ? this.remote.play() : this.play();
    });
    $('speed').addEventListener('input', () => {
      const speed = this.speed;
      $('speed').setAttribute('aria-valuetext', `${speed} step${speed === 1 ? '' : 's'} per second`);
    });
  }

  get playing() {
    return this.#timer !== null || this.remote.playing;
  }

  get speed() {
    return SPEEDS[Number(this.#pg.$('speed').value)] ?? 4;
  }

  /** Runs a button's action: its error goes next to the buttons; the link and view follow. */
  act(action, { resetTrace = false } = {}) {
    const pg = this.#pg;
    if (this.busy) return;
    this.pause();
    try {
      action();
      pg.messages.clearActionError();
      if (resetTrace) {
        pg.views.resetTrace();
        this.update = null;
      }
    } catch (error) {
      pg.messages.actionError(error.message);
    }
    pg.writeHash();
    pg.render();
  }

  #check() {
    const problem = this.#pg.trainingProblem();
    if (problem) throw new RangeError(problem);
  }

  /** An event on the <perceptron-playground> element: step and trained. */
  #emit(type, detail) {
    this.#pg.root.host?.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /** One step: its trace row, the update's arrow when a linear model changed, a step event. */
  step() {
    const pg = this.#pg;
    this.#check();
    const session = pg.session;
    const before = session.linear;
    const step = session.step();
    if (step === null) throw new RangeError('Training has ended (converged or maxEpochs): press Reset to start over.');
    if (session.restarted) pg.views.resetTrace();
    pg.views.appendTrace([{ step, x: session.rowOf(step.index) }]);
    const after = session.linear;
    this.update = step.mistake && before && after ? { from: before.weights, to: after.weights } : null;
    this.#emit('step', step);
    return step;
  }

  /** To the end of the current epoch. */
  epoch() {
    const pg = this.#pg;
    this.#check();
    const session = pg.session;
    const steps = session.finishEpoch();
    if (steps.length === 0)
      throw new RangeError('Training has ended (converged or maxEpochs): press Reset to start over.');
    if (session.restarted) pg.views.resetTrace();
    pg.views.appendTrace(steps.map((step) => ({ step, x: session.rowOf(step.index) })));
    this.update = null;
  }

  clear() {
    const pg = this.#pg;
    if (!pg.data.editable)
      throw new RangeError('Clear removes clicked points; this data is an upload: choose a preset instead.');
    pg.data.points.length = 0;
    pg.session.reset();
    pg.views.resetTrace();
    pg.pointsEdited();
  }

  /** Play: steps at the chosen speed (several per frame when fast) until paused or training ends. */
  play() {
    const pg = this.#pg;
    if (this.busy || this.playing) return;
    const problem = pg.trainingProblem();
    if (problem) {
      pg.messages.actionError(problem);
      pg.render();
      return;
    }
    let last = performance.now();
    let owed = 1; // the first step at once
    const tick = (now) => {
      owed += ((now - last) / 1000) * this.speed;
      last = now;
      const count = Math.min(Math.floor(owed), 2000);
      owed -= count;
      try {
        for (let k = 0; k < count; k++) this.step();
      } catch (error) {
        this.#timer = null;
        const ended = pg.session.t > 0 && /ended/.test(error.message);
        if (ended) pg.messages.clearActionError();
        else pg.messages.actionError(error.message);
        pg.writeHash();
        pg.render();
        return;
      }
      if (count > 0) {
        pg.writeHash();
        pg.render();
      }
      this.#timer = requestAnimationFrame(tick);
    };
    this.#timer = requestAnimationFrame((now) => {
      last = now;
      tick(now);
    });
    pg.render();
  }

  pause() {
    this.remote.pause();
    if (this.#timer === null) return;
    cancelAnimationFrame(this.#timer);
    this.#timer = null;
    this.#pg.render();
  }

  /** Train: fit from zero weights in the worker, then its epochs replayed on the plane. */
  async train() {
    const pg = this.#pg;
    if (this.busy || this.remote.busy) return;
    this.pause();
    const problem = pg.trainingProblem();
    if (problem) {
      pg.messages.actionError(problem);
      pg.render();
      return;
    }
    this.busy = true;
    this.progress = null;
    this.#skipReplay = false;
    this.update = null;
    pg.messages.clearActionError();
    pg.render();
    pg.$('stop').focus();
    const session = pg.session;
    try {
      const result = await this.#fit({
        trace: true, // the first 10,000 steps (training.js's TRACE_MAX_STEPS)
        onProgress: (update) => {
          this.progress = update;
          pg.views.renderProgress();
        },
      });
      const show = (shown) => {
        this.frame = shown;
        pg.render();
      };
      const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      await replayFrames(result.frames, { show, skip: () => this.#skipReplay, reducedMotion });
      if (pg.session === session) {
        session.adoptTraining(result.model, result.report, result.history);
        pg.views.resetTrace();
        // Every kind's step record carries its label, score and prediction: the rows as they came.
        if (result.trace) pg.views.appendTrace(result.trace.map((step) => ({ step, x: session.rowOf(step.index) })));
        if (result.traceTruncated) {
          const [shown, all] = [result.trace.length, result.report.steps].map(formatCount);
          pg.views.traceNote = `The trace holds Train's first ${shown} of ${all} steps.`;
        }
        this.#emit('trained', result.report);
      }
    } catch (error) {
      pg.messages.actionError(error.message);
    } finally {
      this.frame = null;
      this.busy = false;
      this.progress = null;
      pg.writeHash();
      pg.render();
      pg.$('train').focus();
    }
  }

  /** Train's fit again, as Train runs it (a link's runs begin with it): {model, report, history}. */
  trainAgain() {
    return this.#fit({});
  }

  // The session's kind and options fit in the worker on the training rows, with `more` options.
  #fit(more) {
    const { kind, options } = this.#pg.session;
    const { train, validation } = this.#pg.sets;
    this.#worker ??= new WorkerTraining(this.#pg.threads);
    // Data in the worker: its parts by their ids (nothing sent).
    if (train.remote) {
      const held = validation ? { remote: validation.remote } : null;
      return this.#worker.train({ kind, options: { ...options }, remote: train.remote, validation: held, ...more });
    }
    const held = validation ? { X: validation.X, y: validation.y } : null;
    return this.#worker.train({ kind, options: { ...options }, X: train.X, y: train.y, validation: held, ...more });
  }

  stopTraining() {
    if (this.frame) this.#skipReplay = true;
    else this.#worker?.stop();
  }

  /** Stops whatever runs (Play, Train) before the data, the model or the link change. */
  stopAll() {
    this.pause();
    this.#pg.mode?.stop();
    if (this.busy) this.stopTraining();
  }

  dispose() {
    this.#worker?.dispose();
  }
}
