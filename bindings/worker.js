// perceptron-wasm's module Worker: CSV ingest and training off the page's main thread. The page
// talks to it through ./worker-client.js (the `perceptron-wasm/worker` entry), which starts it
// with `new Worker(new URL('./worker.js', import.meta.url), {type: 'module'})`; this file is the
// worker's side of that conversation and is not meant to be imported.
//
// The worker loads the package once and keeps the Datasets it reads by id, so a 100 MB file is
// read into wasm memory here and never crosses back to the page: the page holds a summary and an
// id, and trains by id.
//
// Messages in (from worker-client.js), each with a requestId but init and cancel:
//   {type: 'init', wasm?}                                load()'s wasm option (first message)
//   {type: 'loadCsv', requestId, file, options, totalBytes?}
//        file: a Blob or File, or a ReadableStream (transferred), read by Dataset.fromStream
//        chunk by chunk (progress, cancellable); a string or bytes read by Dataset.fromCsv (one
//        synchronous call: no progress before the end, and a cancel only discards the result)
//   {type: 'loadArrays', requestId, X, y, options}      Dataset.fromArray (X's buffer may be transferred)
//   {type: 'read', requestId, datasetId}                 a Dataset's values back (buffer transferred)
//   {type: 'fit', requestId, modelKind, options, datasetId, fitOptions, epochs, progress}
//        epochs / progress: whether the page listens to onEpoch / onProgress
//   {type: 'cancel', requestId}                          the request to cancel
//   {type: 'dispose', requestId, datasetId}
//   {type: 'memory', requestId}
// Messages out:
//   {requestId, type: 'progress', progress: {bytesRead, totalBytes, rows}}   (loadCsv)
//   {requestId, type: 'progress', progress: {t, epoch, mistakes}}            (fit, when asked)
//   {requestId, type: 'epochs', epochs: [{epoch, steps, mistakes, ...}]}      (fit, when asked)
//   {requestId, type: 'result', value}
//   {requestId, type: 'error', error: {name, message, line?, column?, stack?}}
// Progress and epochs are sent at most every PROGRESS_INTERVAL_MS (epochs batched, none lost),
// so a fast read or thousands of tiny epochs never flood the page with messages.
//
// Training runs through model.trainer(), the very loop fit runs (driven to its end it leaves
// exactly fit's weights and report), in slices (js/worker-fit.js); between slices the worker
// yields to its message queue, so a cancel stops a fit between two slices (within an epoch on
// big data, between epochs on small data) and the model is discarded. The plumbing (results
// whose buffers move, errors as data, throttling) is in js/worker-tools.js; the handlers are in
// js/worker-host.js, which js/worker-start.js also runs on the page's thread when no Worker can
// start there.
import { createHost } from './js/worker-host.js';

const host = createHost((message, transfer) => self.postMessage(message, transfer ?? []));
self.onmessage = ({ data }) => host.receive(data);
