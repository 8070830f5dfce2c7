// perceptron-wasm: the package entry. A small hand-written layer over the Embind module
// (bindings/embind/) that gives the idiomatic API of DESIGN.md's contract: it checks the
// shapes only JS can see (arrays, types), converts inputs to typed arrays, maps labels,
// turns the core's {error, message} objects into TypeError / RangeError / NotFittedError,
// and copies everything that leaves wasm memory. Values and ranges are checked in the C++
// core, so one message serves native and WASM users alike.
//
// This file assembles the public API; the code lives in ./js/, one module per concern:
//   loading.js            compiling the .wasm and starting the Embind module (the core)
//   errors.js             NotFittedError, DisposedError, the core's errors as JS errors
//   convert.js            option objects, matrices, labels and vectors in; rows out
//   dataset.js            pw.Dataset, and the core handles every X reaches the core as
//   csv.js                Dataset.fromCsv / fromStream and pw.csv (the core's CSV reader)
//   fitting.js            what fit/partialFit share: weights, validation, callbacks, report
//   model-json.js         the saved formats' names; fromJSON's argument as JSON text for the core
//   model.js              Model, the one class every kind extends (fit, predict, toJSON...)
//   perceptron.js, multiclass-perceptron.js, kernel-perceptron.js, winnow.js,
//   passive-aggressive.js one model kind each
//   analysis.js, metrics.js, preprocessing.js, model-selection.js, fisher-discriminant.js,
//   visit-order.js        the pw namespaces and helpers of the same names
//
// How the modules reach the core: what needs it is built by a makeX(core, ...) factory,
// called once per load() below; everything else is plain module-level code. No module keeps
// the core in a global.
import { instantiateCore } from './js/loading.js';
import { CsvError, DisposedError, NotFittedError } from './js/errors.js';
import { FORMAT, FORMAT_VERSION, KERNEL_FORMAT, MULTICLASS_FORMAT, PA_FORMAT, WINNOW_FORMAT } from './js/model-json.js';
import { makeDataset } from './js/dataset.js';
import { makeModel } from './js/model.js';
import { makePerceptron } from './js/perceptron.js';
import { makeMulticlassPerceptron } from './js/multiclass-perceptron.js';
import { makeKernelPerceptron } from './js/kernel-perceptron.js';
import { makeWinnow } from './js/winnow.js';
import { makePassiveAggressive } from './js/passive-aggressive.js';
import { makeAnalysis } from './js/analysis.js';
import { makeMetrics } from './js/metrics.js';
import { makePreprocessing } from './js/preprocessing.js';
import { makeModelSelection } from './js/model-selection.js';
import { makeFisherDiscriminant } from './js/fisher-discriminant.js';
import { makeOptions } from './js/options.js';
import { makeVisitOrder } from './js/visit-order.js';
import { makeText } from './js/text.js';
import { STRUCTURED_FORMAT, makeStructuredPerceptron } from './js/structured-perceptron.js';

export { FORMAT, MULTICLASS_FORMAT, KERNEL_FORMAT, WINNOW_FORMAT, PA_FORMAT, STRUCTURED_FORMAT, FORMAT_VERSION };
export { NotFittedError, DisposedError, CsvError };

// The frozen API object load() resolves to, for one instantiated core.
function makeApi(core) {
  const datasets = makeDataset(core); // Dataset and the handle makers every X goes through
  const kit = makeModel(core, datasets); // Model, defineKind and the accessors to its state
  const metrics = makeMetrics(core);
  const models = {
    Perceptron: makePerceptron(core, kit),
    MulticlassPerceptron: makeMulticlassPerceptron(core, kit),
    KernelPerceptron: makeKernelPerceptron(core, kit),
    Winnow: makeWinnow(core, kit),
    PassiveAggressive: makePassiveAggressive(core, kit),
  };
  const kinds = new Map(Object.entries(models).map(([name, Kind]) => [Kind, name]));
  const StructuredPerceptron = makeStructuredPerceptron(core, kit.startTrainer);
  const { checkOptions, optionSchema } = makeOptions(
    core,
    kinds,
    new Map([[StructuredPerceptron, 'StructuredPerceptron']]),
  );
  return Object.freeze({
    Dataset: datasets.Dataset,
    csv: datasets.csv,
    text: makeText(core, datasets.Dataset),
    analysis: makeAnalysis(core, datasets),
    metrics,
    preprocessing: makePreprocessing(core, datasets),
    modelSelection: makeModelSelection(core, datasets, kinds, kit.access),
    FisherDiscriminant: makeFisherDiscriminant(core, datasets),
    ...models,
    StructuredPerceptron,
    visitOrder: makeVisitOrder(core),
    checkOptions,
    optionSchema,
    /** {inUse, heap, total}: bytes of wasm memory held by models and datasets, the heap, all of it. */
    memory: () => core.memory(),
    NotFittedError,
    DisposedError,
    CsvError,
    optionNames: Object.freeze(core.optionNames()),
    FORMAT,
    MULTICLASS_FORMAT,
    KERNEL_FORMAT,
    WINNOW_FORMAT,
    PA_FORMAT,
    STRUCTURED_FORMAT,
    FORMAT_VERSION,
  });
}

let loading;

/**
 * Compiles and instantiates the WebAssembly module once; later calls return the same API.
 * @param {{wasm?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module}} [options]
 *   where to find the .wasm file when a bundler or server moved it (only the first call counts).
 */
export default function load(options) {
  loading ??= (async () => makeApi(await instantiateCore(options)))();
  loading.catch(() => {
    loading = undefined; // a failed load (network, bad option) can be retried
  });
  return loading;
}
