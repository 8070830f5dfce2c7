// Train's side of the page: the training worker (worker.js) behind a promise, with its progress
// messages, Stop, and the quick replay of the epochs it reports. Imports nothing from the UI.

export class Cancelled extends Error {}

export class TrainingWorker {
  #worker = null;
  #pending = null; // {id, resolve, reject, onProgress}
  #nextId = 1;

  #start() {
    const created = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    created.onmessage = ({ data }) => {
      const pending = this.#pending;
      if (pending?.id !== data.id) return;
      if (data.progress) {
        pending.onProgress?.(data.progress);
        return;
      }
      this.#pending = null;
      pending.resolve(data);
    };
    created.onerror = (event) => {
      event.preventDefault();
      created.terminate();
      if (this.#worker === created) this.#worker = null;
      const pending = this.#pending;
      this.#pending = null;
      pending?.reject(new Error(`The training worker failed${event.message ? `: ${event.message}` : ' to start'}`));
    };
    return created;
  }

  /** Trains in the worker; resolves to its reply, calling onProgress({epoch, t, mistakes}) meanwhile. */
  train(message, onProgress) {
    this.#worker ??= this.#start();
    return new Promise((resolve, reject) => {
      this.#pending = { id: this.#nextId++, resolve, reject, onProgress };
      const transfer = message.X?.data?.buffer ? [message.X.data.buffer] : [];
      this.#worker.postMessage({ id: this.#pending.id, ...message }, transfer);
    });
  }

  /** Cancels the training under way (the worker is terminated; a new one starts next time). */
  stop() {
    const pending = this.#pending;
    if (!pending) return false;
    this.#worker.terminate();
    this.#worker = null;
    this.#pending = null;
    pending.reject(new Cancelled('Training stopped; the model is as it was before Train.'));
    return true;
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
