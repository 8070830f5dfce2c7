// Where the playground's package Worker runs (Train's fit, the reading of big uploads): in the
// package's module Worker (perceptron-wasm/worker), or, on a page whose Content-Security-Policy
// lets no Worker start (worker-src without the blob: a CDN's Worker needs), on the page's own
// thread through the same API (createWorker's thread: 'page'), which gives the same results.
// One WorkerThreads per playground: once its Worker was refused, everything runs on the page,
// and the element says so once.
import { createWorker } from '../pkg/worker-client.js';

export const ON_PAGE_NOTE =
  "Training runs on this page: the page's Content-Security-Policy does not allow the package's Worker.";

/** Whether `error` says that the package's Worker could not start at all. */
export const cannotStart = (error) =>
  error?.name === 'SecurityError' || /^perceptron-wasm worker failed to start/.test(error?.message ?? '');

export class WorkerThreads {
  /** Whether the Worker was refused: new clients run on the page's thread. */
  onPage = false;
  #onRefused;

  /** onRefused(): called once, when the Worker is first found refused. */
  constructor(onRefused) {
    this.#onRefused = onRefused;
  }

  /** A PerceptronWorker: in a Worker, or on the page once the Worker was refused. */
  create(name) {
    return createWorker({ name, thread: this.onPage ? 'page' : 'worker' });
  }

  /** The Worker could not start: later clients run on the page. */
  refused() {
    if (this.onPage) return;
    this.onPage = true;
    this.#onRefused?.();
  }
}
