// Where the playground's package Worker runs (Train's fit, the big uploads' Datasets, the
// sessions of Step/Epoch/Play on data that lives there, the text and tagging modes): ONE
// PerceptronWorker per playground, handed out by shared() (the Playground's worker()), created
// on first use. It runs in the package's module Worker (perceptron-wasm/worker), or, on a page
// whose Content-Security-Policy lets no Worker start (worker-src without the blob: a CDN's
// Worker needs), on the page's own thread through the same API (createWorker's thread: 'page'),
// which gives the same results. Once its Worker was refused, everything runs on the page, and
// the element says so once. A Worker that crashed (its error event) is replaced by a new one
// on the next shared(): what lived in the old one (its Datasets, its sessions) is gone, and its
// users see it by shared() handing out another client (generation changes).
import { createWorker } from '../pkg/worker-client.js';

export const ON_PAGE_NOTE =
  "Training runs on this page: the page's Content-Security-Policy does not allow the package's Worker.";

/** Whether `error` says that the package's Worker could not start at all. */
export const cannotStart = (error) =>
  error?.name === 'SecurityError' || /^perceptron-wasm worker failed to start/.test(error?.message ?? '');

/** Whether `error` says that the package's Worker itself failed (did not start, crashed, or was terminated). */
export const workerFailed = (error) => cannotStart(error) || /^perceptron-wasm worker/.test(error?.message ?? '');

export class WorkerThreads {
  /** Whether the Worker was refused: new clients run on the page's thread. */
  onPage = false;
  /** Bumped each time shared() hands out a new client (the first, or one replacing a lost one). */
  generation = 0;
  #onRefused;
  #shared = null; // {client, dead}

  /** onRefused(): called once, when the Worker is first found refused. */
  constructor(onRefused) {
    this.#onRefused = onRefused;
  }

  /** A new PerceptronWorker of its own: in a Worker, or on the page once the Worker was refused. */
  create(name) {
    return createWorker({ name, thread: this.onPage ? 'page' : 'worker' });
  }

  /**
   * The playground's one PerceptronWorker: created on first use, replaced when it crashed, was
   * refused (then on the page's thread) or was lost (lost()).
   */
  shared() {
    if (this.#shared && !this.#shared.dead) return this.#shared.client;
    if (this.#shared) this.#shared.client.terminate();
    const entry = { client: this.create('perceptron-playground'), dead: false, onPage: this.onPage };
    // A Worker's error event: it could not start or it crashed; its client rejects every call.
    entry.client.worker?.addEventListener?.('error', () => (entry.dead = true));
    this.#shared = entry;
    this.generation += 1;
    return entry.client;
  }

  /** Whether the shared client handed out at `generation` is still alive (what it holds is there). */
  alive(generation) {
    return generation === this.generation && this.#shared !== null && !this.#shared.dead;
  }

  /** Whether `client` is the shared one and runs on the page's thread. */
  isOnPage(client) {
    return this.#shared?.client === client && this.#shared.onPage;
  }

  /** The shared client failed (workerFailed of one of its calls): the next shared() makes a new one. */
  lost(client) {
    if (this.#shared?.client === client) this.#shared.dead = true;
  }

  /** The Worker could not start: the shared client is dropped, later clients run on the page. */
  refused() {
    if (this.#shared && !this.#shared.onPage) this.#shared.dead = true;
    if (this.onPage) return;
    this.onPage = true;
    this.#onRefused?.();
  }

  /** Terminates the shared client (the playground is gone). */
  dispose() {
    this.#shared?.client.terminate();
    this.#shared = null;
  }
}
