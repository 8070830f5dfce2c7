// Step, Epoch, Play and Reset for data that lives in the worker (remote-session.js): the same
// buttons as playground-run.js's, each press one async call to the worker's session (one at a
// time: a press while one is under way is ignored), the trace fed with the steps' records
// (their features are in the worker: the trace shows '—' for x), errors next to the buttons.

const ENDED = 'Training has ended (converged or maxEpochs): press Reset to start over.';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

export class RemoteRun {
  #pg;
  #speed;
  #emit;
  busy = false; // a worker call under way
  playing = false;

  /** speed(): Play's steps per second; emit(type, detail): an event on the element. */
  constructor(playground, { speed, emit }) {
    this.#pg = playground;
    this.#speed = speed;
    this.#emit = emit;
  }

  #check() {
    const problem = this.#pg.trainingProblem();
    if (problem) throw new RangeError(problem);
  }

  // Runs one action on the session: its error next to the buttons; the link and the view follow.
  async #do(action) {
    const pg = this.#pg;
    if (pg.runner.busy || this.busy) return;
    pg.runner.pause();
    this.busy = true;
    try {
      await action(pg.session);
      pg.messages.clearActionError();
    } catch (error) {
      pg.messages.actionError(error.message);
    } finally {
      this.busy = false;
      pg.writeHash();
      pg.render();
    }
  }

  #trace(session, steps) {
    const pg = this.#pg;
    if (pg.session === session && steps.length > 0) pg.views.appendTrace(steps.map((step) => ({ step, x: null })));
  }

  step() {
    return this.#do(async (session) => {
      this.#check();
      const step = await session.step();
      if (step === null) throw new RangeError(ENDED);
      this.#trace(session, [step]);
      this.#emit('step', step);
    });
  }

  epoch() {
    return this.#do(async (session) => {
      this.#check();
      const steps = await session.finishEpoch();
      if (steps.length === 0) throw new RangeError(ENDED);
      this.#trace(session, steps);
    });
  }

  reset() {
    return this.#do(async (session) => {
      await session.reset();
      this.#pg.views.resetTrace();
    });
  }

  /** Play: steps at the chosen speed (one worker call per frame at most) until paused or training ends. */
  async play() {
    const pg = this.#pg;
    if (pg.runner.busy || this.busy || this.playing) return;
    const problem = pg.trainingProblem();
    if (problem) {
      pg.messages.actionError(problem);
      pg.render();
      return;
    }
    const session = pg.session;
    this.playing = true;
    pg.render();
    let last = await nextFrame();
    let owed = 1; // the first step at once
    try {
      while (this.playing && pg.session === session) {
        const count = Math.min(Math.floor(owed), 2000);
        if (count > 0) {
          owed -= count;
          this.busy = true;
          const steps = await session.advance(count);
          this.busy = false;
          this.#trace(session, steps);
          if (steps.length === 0) break; // training ended
          pg.writeHash();
          pg.render();
        }
        const now = await nextFrame();
        owed += ((now - last) / 1000) * this.#speed();
        last = now;
      }
      pg.messages.clearActionError();
    } catch (error) {
      pg.messages.actionError(error.message);
    } finally {
      this.busy = false;
      this.playing = false;
      pg.writeHash();
      pg.render();
    }
  }

  pause() {
    this.playing = false;
  }
}
