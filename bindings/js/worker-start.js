// Where perceptron-wasm/worker's Worker cannot start as written (../worker-client.js):
//
// - from another origin (the package served by a CDN): browsers refuse `new Worker(url)` for a
//   script of another origin (a SecurityError), but start a module Worker from a blob: URL of the
//   page's own origin whose one line imports the CDN's worker.js. The page's Content-Security-
//   Policy must then allow blob: in worker-src, and the CDN in script-src and connect-src (the
//   worker's import.meta.url is the CDN's: it fetches the .wasm from there);
// - nowhere at all (worker-src refuses even the blob:): createWorker({thread: 'page'}) runs the
//   same host (worker-host.js) on the page's own thread, behind a stand-in with a Worker's
//   interface, so every request, result and error is the same, and training yields to the page
//   between slices of ~20 ms.

/**
 * A module Worker running the script at `url` (another origin's) through a blob: module of the
 * page's origin that imports it. The blob: URL is revoked once the Worker has started (its first
 * message) or failed to: browsers that read the script after the constructor returns still find it.
 */
export function blobWorker(url, name) {
  const source = `import ${JSON.stringify(String(url))};\n`;
  const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  let worker;
  try {
    worker = new Worker(blobUrl, { type: 'module', name });
  } catch (error) {
    URL.revokeObjectURL(blobUrl);
    throw error;
  }
  const revoke = () => {
    URL.revokeObjectURL(blobUrl);
    worker.removeEventListener('message', revoke);
    worker.removeEventListener('error', revoke);
  };
  worker.addEventListener('message', revoke);
  worker.addEventListener('error', revoke);
  return worker;
}

/**
 * The package's worker on the page's own thread, with the interface PerceptronWorker uses of a
 * Worker: postMessage (structured clones, transfers honoured), message and error events, terminate.
 */
export class PageThread extends EventTarget {
  #host;
  #closed = false;

  constructor() {
    super();
    this.#host = import('./worker-host.js').then(
      ({ createHost }) =>
        createHost((message, transfer) => {
          if (this.#closed) return;
          const data = structuredClone(message, { transfer: transfer ?? [] });
          // Asynchronous, as a Worker's messages are.
          setTimeout(() => {
            if (!this.#closed) this.dispatchEvent(new MessageEvent('message', { data }));
          });
        }),
      (error) => {
        const event = new ErrorEvent('error', { message: `the page could not import its host: ${error.message}` });
        this.dispatchEvent(event);
        return null;
      },
    );
  }

  postMessage(message, transfer) {
    if (this.#closed) return;
    const data = structuredClone(message, { transfer: transfer ?? [] });
    this.#host.then((host) => {
      if (!this.#closed) host?.receive(data);
    });
  }

  terminate() {
    if (this.#closed) return;
    this.#closed = true;
    this.#host.then((host) => host?.close());
  }
}
