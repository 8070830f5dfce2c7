// perceptron-wasm's module Worker: CSV ingest and training off the page's main thread. The page
// talks to it through ./worker-client.js (the `perceptron-wasm/worker` entry), which starts it
// with `new Worker(new URL('./worker.js', import.meta.url), {type: 'module'})`; this file is the
// worker's side of that conversation and is not meant to be imported.
//
// The worker loads the package once and keeps the datasets it reads by id, so a 100 MB file is
// read into wasm memory here and never crosses back to the page: the page holds a summary and an
// id, and trains by id. Datasets are of four kinds (every summary says which): 'matrix' (a
// Dataset, dense or sparse), 'text' (a bag of words, its documents kept here: js/worker-text.js),
// 'records' (rows {name: value} and labels, trained on as model.fit(records, y): a vocabulary or
// hashing; js/worker-records.js) and 'sequences' (tagged sentences: js/worker-sequences.js,
// js/worker-conll.js). The page
// gets only what it draws or shows (a sample, a document, top features, a lattice), never a
// whole matrix or vocabulary (read is the one call that copies a matrix back, by request).
// Sessions (js/worker-session.js) keep a model and its trainer here, stepped by advance for the
// page's Step, Epoch and Play; evaluate, topFeatures and explain inspect a session's model or a
// model's JSON (js/worker-inspect.js).
//
// Messages in (from worker-client.js), each with a requestId but init and cancel:
//   {type: 'init', wasm?}                                load()'s wasm option (first message)
//   {type: 'loadCsv', requestId, file, options, totalBytes?}
//        file: a Blob or File, or a ReadableStream (transferred), read by Dataset.fromStream
//        chunk by chunk (progress, cancellable); a string or bytes read by Dataset.fromCsv (one
//        synchronous call: no progress before the end, and a cancel only discards the result)
//   {type: 'loadArrays', requestId, X, y, options}      Dataset.fromArray (X's buffer may be transferred);
//        X an array of records {name: value}: a 'records' dataset (sample and read refuse it)
//   {type: 'read', requestId, datasetId}                 a Dataset's values back (buffer transferred)
//   {type: 'fit', requestId, modelKind, options, datasetId, fitOptions, epochs, progress}
//        epochs / progress: whether the page listens to onEpoch / onProgress
//   {type: 'cancel', requestId}                          the request to cancel
//   {type: 'dispose', requestId, datasetId}
//   {type: 'memory', requestId}
//   {type: 'loadText', requestId, file, options, totalBytes?}   a CSV's text column as a bag of words
//   {type: 'loadSequences', requestId, input, options}          CoNLL text, or {sequences, tags, words?}
//   {type: 'sample', requestId, datasetId, options}             {indices, x, y (buffers transferred), labels, pca?}
//   {type: 'split', requestId, datasetId, options}              {train, validation, test} summaries
//   {type: 'document', requestId, datasetId, row}               a text dataset's document and its words
//   {type: 'sentence', requestId, datasetId, index}             a sequences dataset's sentence
//   {type: 'session', requestId, modelKind, options, datasetId, sessionOptions}   -> {sessionId, ...}
//   {type: 'advance', requestId, sessionId, options, progress}  -> {records, epochs, state, model?, report?}
//   {type: 'reset' | 'adopt' | 'closeSession', requestId, sessionId, model?}
//   {type: 'evaluate', requestId, target, datasetId}            target: a sessionId or {model, datasetId?}
//   {type: 'topFeatures', requestId, target, options}
//   {type: 'explain', requestId, target, input, options}        input: {datasetId, row} or {x}
//   {type: 'lattice', requestId, sessionId, datasetId, index}
// Messages out:
//   {requestId, type: 'progress', progress: {bytesRead, totalBytes, rows}}   (loadCsv, loadText, loadSequences)
//   {requestId, type: 'progress', progress: {t, epoch, mistakes}}            (fit, advance: when asked)
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
