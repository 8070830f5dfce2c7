// perceptron-wasm: the package entry. A small hand-written layer over the Embind module
// (bindings/embind.cpp) that gives the idiomatic API of DESIGN.md's contract: it checks the
// shapes only JS can see (arrays, types), converts inputs to typed arrays, maps labels,
// turns the core's {error, message} objects into TypeError / RangeError / NotFittedError,
// and copies everything that leaves wasm memory. Values and ranges are checked in the C++
// core, so one message serves native and WASM users alike.
import createPerceptronCore from './perceptron-core.mjs';

export const FORMAT = 'perceptron-wasm/Perceptron';
export const MULTICLASS_FORMAT = 'perceptron-wasm/MulticlassPerceptron';
export const KERNEL_FORMAT = 'perceptron-wasm/KernelPerceptron';
export const WINNOW_FORMAT = 'perceptron-wasm/Winnow';
export const PA_FORMAT = 'perceptron-wasm/PassiveAggressive';
export const FORMAT_VERSION = 1;

/** Thrown when a model is asked to predict (or similar) before it has learned anything. */
export class NotFittedError extends TypeError {
  constructor(message) {
    super(message);
    this.name = 'NotFittedError';
  }
}

/** Thrown when a model is used after dispose(). */
export class DisposedError extends TypeError {
  constructor(message) {
    super(message);
    this.name = 'DisposedError';
  }
}

const ERROR_CLASSES = { TypeError, RangeError, NotFittedError };

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of length ${value.length}`;
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value)}`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `the bigint ${value}n`;
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}

function isPlainObject(value) {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const isNumericArray = (value) => value instanceof Float64Array || value instanceof Float32Array;
const isTypedArray = (value) => ArrayBuffer.isView(value) && !(value instanceof DataView);

function checkOptionsObject(options, where, known) {
  if (options === undefined) return {};
  if (!isPlainObject(options)) {
    throw new TypeError(`${where}: options must be a plain object; received ${describe(options)}`);
  }
  if (known) {
    for (const name of Object.keys(options)) {
      if (!known.includes(name)) {
        throw new TypeError(
          `${where}: unknown option ${JSON.stringify(name)}; known options are ${known.join(', ')}`,
        );
      }
    }
  }
  return options;
}

// X as number[][], or {data, rows, cols} with a row-major Float64Array/Float32Array, into
// {data: Float64Array|Float32Array, rows, cols}. Values are checked for NaN/Infinity in C++.
function toMatrix(X, where, name = 'X') {
  if (Array.isArray(X)) {
    const rows = X.length;
    const cols = rows > 0 && (Array.isArray(X[0]) || isTypedArray(X[0])) ? X[0].length : 0;
    const data = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      const row = X[i];
      if (!Array.isArray(row) && !isTypedArray(row)) {
        throw new TypeError(
          `${where}: ${name}[${i}] must be an array of numbers (one row per example); received ${describe(row)}` +
            (typeof row === 'number' ? `; for a single example pass [x]` : ''),
        );
      }
      if (row.length !== cols) {
        throw new RangeError(
          `${where}: ${name} must have rows of equal length; ${name}[0] has ${cols} values, ${name}[${i}] has ${row.length}`,
        );
      }
      for (let j = 0; j < cols; j++) {
        const v = row[j];
        if (typeof v !== 'number') {
          throw new TypeError(`${where}: ${name}[${i}][${j}] must be a number; received ${describe(v)}`);
        }
        data[i * cols + j] = v;
      }
    }
    return { data, rows, cols };
  }
  if (X !== null && typeof X === 'object' && !isTypedArray(X) && 'data' in X) {
    const { data, rows, cols } = X;
    if (!isNumericArray(data)) {
      throw new TypeError(
        `${where}: ${name}.data must be a Float64Array or Float32Array (row-major); received ${describe(data)}`,
      );
    }
    for (const [key, value] of [['rows', rows], ['cols', cols]]) {
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new TypeError(`${where}: ${name}.${key} must be a non-negative integer; received ${describe(value)}`);
      }
    }
    if (data.length !== rows * cols) {
      throw new RangeError(
        `${where}: ${name}.data must hold rows * cols = ${rows} * ${cols} = ${rows * cols} values; received ${data.length}`,
      );
    }
    return { data, rows, cols };
  }
  throw new TypeError(
    `${where}: ${name} must be an array of rows (number[][]) or {data, rows, cols} with a row-major Float64Array; received ${describe(X)}`,
  );
}

// Labels: all numbers (an Array or a typed array) or all strings.
function toLabels(y, where, name = 'y') {
  if (isTypedArray(y)) return { labels: Float64Array.from(y), numeric: true };
  if (!Array.isArray(y)) {
    throw new TypeError(`${where}: ${name} must be an array of labels (numbers or strings); received ${describe(y)}`);
  }
  const numeric = y.length === 0 || typeof y[0] === 'number';
  for (let i = 0; i < y.length; i++) {
    const kind = typeof y[i];
    if (kind !== 'number' && kind !== 'string') {
      throw new TypeError(`${where}: ${name}[${i}] must be a number or a string; received ${describe(y[i])}`);
    }
    if ((kind === 'number') !== numeric) {
      throw new TypeError(
        `${where}: ${name} must hold only numbers or only strings; ${name}[0] is a ${typeof y[0]}, ${name}[${i}] is ${describe(y[i])}`,
      );
    }
  }
  return { labels: numeric ? Float64Array.from(y) : y, numeric };
}

function toVector(x, where, name) {
  if (isTypedArray(x)) return Float64Array.from(x);
  if (!Array.isArray(x)) {
    throw new TypeError(`${where}: ${name} must be an array of numbers; received ${describe(x)}`);
  }
  for (let j = 0; j < x.length; j++) {
    if (typeof x[j] !== 'number') {
      throw new TypeError(`${where}: ${name}[${j}] must be a number; received ${describe(x[j])}`);
    }
  }
  return Float64Array.from(x);
}

function checkLabel(y, where) {
  if (typeof y !== 'number' && typeof y !== 'string') {
    throw new TypeError(`${where}: y must be a label (a number or a string); received ${describe(y)}`);
  }
}

function raise(result, where) {
  const ErrorClass = ERROR_CLASSES[result.error] ?? Error;
  throw new ErrorClass(`${where}: ${result.message}`);
}

// The result of a core call: its value, or a thrown JS error.
function unwrap(result, where) {
  if (result !== null && typeof result === 'object' && typeof result.error === 'string' && 'message' in result) {
    raise(result, where);
  }
  return result;
}

// classWeight: 'balanced', or {label: weight} (keys are the labels as strings, as in any JS
// object). Kept by the wrapper because its keys are JS labels; the core matches them to the
// classes and does the arithmetic. Returns it as a frozen copy.
function checkClassWeight(classWeight, where) {
  if (classWeight === undefined || classWeight === 'balanced') return classWeight;
  if (!isPlainObject(classWeight)) {
    throw new TypeError(
      `${where}: option classWeight must be 'balanced' or an object {label: weight}; received ${describe(classWeight)}`,
    );
  }
  for (const [key, value] of Object.entries(classWeight)) {
    if (typeof value !== 'number') {
      throw new TypeError(`${where}: option classWeight[${JSON.stringify(key)}] must be a number; received ${describe(value)}`);
    }
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`${where}: option classWeight[${JSON.stringify(key)}] must be a finite number >= 0; received ${value}`);
    }
  }
  return Object.freeze({ ...classWeight });
}

// The weighting object the core reads: sampleWeight and classWeight keys/values. Object keys
// are strings; for numeric labels they are read as numbers ("-1" is the label -1).
function weightingOf(classWeight, numericLabels, sampleWeight, where) {
  const out = {};
  if (sampleWeight !== undefined) out.sampleWeight = toVector(sampleWeight, where, 'sampleWeight');
  if (classWeight !== undefined) {
    const entries = classWeight === 'balanced' ? [] : Object.entries(classWeight);
    out.balanced = classWeight === 'balanced';
    out.classWeightNumeric = numericLabels;
    out.classWeightKeys = numericLabels ? Float64Array.from(entries, ([k]) => Number(k)) : entries.map(([k]) => k);
    out.classWeightValues = Float64Array.from(entries, ([, v]) => v);
  }
  return out;
}
const FIT_OPTIONS = ['onStep', 'onEpoch', 'initialWeights', 'initialBias', 'sampleWeight', 'validation'];
const MULTICLASS_FIT_OPTIONS = ['onStep', 'onEpoch', 'sampleWeight', 'validation'];
const PARTIAL_FIT_OPTIONS = ['classes', 'sampleWeight'];
const BATCH_FIT_OPTIONS = ['sampleWeight', 'validation'];
// The preprocess option's scalings, in the core's order (src/perceptron/preprocess.hpp).
const SCALINGS = ['standardize', 'minMax', 'unitBall'];

// fit's validation option, {X, y}, as the core reads it (labels are matched to y's classes
// there).
function validationOf(validation, where, matrix = toMatrix) {
  if (validation === undefined) return undefined;
  if (!isPlainObject(validation) || !('X' in validation) || !('y' in validation)) {
    throw new TypeError(`${where}: option validation must be an object {X, y}; received ${describe(validation)}`);
  }
  const { data, rows, cols } = matrix(validation.X, where, 'validation.X');
  const { labels, numeric } = toLabels(validation.y, where, 'validation.y');
  return { data, rows, cols, labels, numeric };
}

// partialFit's batch and classes, shared by every model kind.
function partialFitArguments(classWeight, X, y, options, where, matrix = toMatrix) {
  const { classes, sampleWeight } = checkOptionsObject(options, where, PARTIAL_FIT_OPTIONS);
  if (classWeight === 'balanced') {
    throw new RangeError(`${where}: classWeight 'balanced' needs the whole training set; give classWeight as {label: weight} for partialFit`);
  }
  const { data, rows, cols } = matrix(X, where);
  const { labels, numeric } = toLabels(y, where);
  const encoded = classes === undefined ? undefined : toLabels(classes, where, 'classes');
  return [
    { data, rows, cols, labels, numeric },
    encoded?.labels,
    encoded?.numeric ?? true,
    weightingOf(classWeight, numeric, sampleWeight, where),
  ];
}
const LEARN_ONE_OPTIONS = ['classes'];
const disposeSymbol = Symbol.dispose ?? Symbol.for('nodejs.dispose');

// Wraps user callbacks for the core: they return 0 (go on), 1 (stop: the callback returned
// false) or 2 (abort: it threw; fit rethrows after the core has restored the model).
function guardCallbacks(where, { onStep, onEpoch }, buildStep, buildEpoch) {
  for (const [key, fn] of [['onStep', onStep], ['onEpoch', onEpoch]]) {
    if (fn !== undefined && typeof fn !== 'function') {
      throw new TypeError(`${where}: option ${key} must be a function; received ${describe(fn)}`);
    }
  }
  let thrown;
  const guard = (fn, build) =>
    fn &&
    ((...args) => {
      try {
        return fn(build(...args)) === false ? 1 : 0;
      } catch (error) {
        thrown = { error };
        return 2;
      }
    });
  return {
    stepFn: guard(onStep, buildStep),
    epochFn: guard(onEpoch, buildEpoch),
    rethrow(report) {
      if (report.aborted) throw thrown.error;
    },
  };
}

function fitReport(report) {
  const validated = report.bestEpoch > 0;
  const history = Array.from(report.historyEpoch, (epoch, k) => {
    const entry = { epoch, steps: report.historySteps[k], mistakes: report.historyMistakes[k] };
    if (validated) {
      entry.trainError = report.historyTrainError[k];
      entry.validationError = report.historyValidationError[k];
    }
    return entry;
  });
  const out = {
    epochs: report.epochs,
    steps: report.steps,
    mistakes: report.mistakes,
    converged: report.converged,
    stopped: report.stopped,
    history,
  };
  if (validated) {
    out.bestEpoch = report.bestEpoch;
    out.stoppedEarly = report.stoppedEarly;
  }
  if (report.historyTruncated) out.historyTruncated = true;
  return out;
}

// A K x d row-major Float64Array as K plain arrays.
function rowsOf(flat, rows) {
  const cols = rows > 0 ? flat.length / rows : 0;
  return Array.from({ length: rows }, (_, k) => Array.from(flat.subarray(k * cols, (k + 1) * cols)));
}

// Checks a model object's common fields for fromJSON; returns it (parsed when text).
function readEnvelope(json, format, where) {
  let obj = json;
  if (typeof json === 'string') {
    try {
      obj = JSON.parse(json);
    } catch (error) {
      throw new TypeError(`${where}: the text is not valid JSON (${error.message})`);
    }
  }
  if (!isPlainObject(obj)) throw new TypeError(`${where}: expected a model object; received ${describe(obj)}`);
  const field = (name, ok, expected, ErrorClass = TypeError) => {
    if (!ok(obj[name])) {
      throw new ErrorClass(`${where}: field ${name} must be ${expected}; received ${describe(obj[name])}`);
    }
    return obj[name];
  };
  field('format', (v) => v === format, JSON.stringify(format));
  field('version', (v) => typeof v === 'number', 'a number');
  field('version', (v) => v === FORMAT_VERSION, String(FORMAT_VERSION), RangeError);
  field('options', isPlainObject, 'an object');
  field('classes', Array.isArray, 'an array of labels');
  field('nFeatures', (v) => Number.isSafeInteger(v) && v >= 0, 'a non-negative integer');
  field('steps', (v) => typeof v === 'number', 'a number');
  return { obj, field };
}

// A state object of number arrays, checked, as Float64Arrays for the core.
function readState(state, where, name) {
  if (state !== undefined && !isPlainObject(state)) {
    throw new TypeError(`${where}: field ${name} must be an object of number arrays; received ${describe(state)}`);
  }
  return Object.fromEntries(Object.entries(state ?? {}).map(([key, values]) => [key, toVector(values, where, `field ${name}.${key}`)]));
}

const plainState = (state) => Object.fromEntries(Object.entries(state).map(([k, v]) => [k, Array.from(v)]));

function makeApi(core) {
  const registry = new FinalizationRegistry((handle) => handle.delete());

  // Scaling (src/perceptron/preprocess): {shift, scale} fitted on a matrix, applied to others.
  function fitScaler(kind, { data, rows, cols }, where) {
    return unwrap(core.preprocessingFit(data, rows, cols, SCALINGS.indexOf(kind)), where);
  }
  function scaleMatrix(scaler, { data, rows, cols }, where) {
    return { data: unwrap(core.preprocessingTransform(scaler.shift, scaler.scale, data, rows, cols), where), rows, cols };
  }
  let access;
  let runBusy;
  let classWeightOf;
  let matrixOf;
  let prepareFit;
  let scalerOf;
  let restoreScaler;

  // What every model kind shares: its wasm handle and lifetime (dispose, Symbol.dispose, a
  // FinalizationRegistry as a safety net), the guard against re-entry from callbacks,
  // classWeight (kept here: its keys are JS labels), and the calls whose shape does not
  // depend on the kind.
  class Model {
    #handle = null;
    #busy = false;
    #classWeight;
    #kind;
    #preprocess; // the scaling kind, or undefined
    #scaler; // {shift, scale} once fitted

    constructor(Handle, kind, options) {
      const where = `new ${kind}`;
      const { classWeight, preprocess, ...coreOptions } = checkOptionsObject(options, where);
      this.#kind = kind;
      this.#classWeight = checkClassWeight(classWeight, where);
      if (preprocess !== undefined && !SCALINGS.includes(preprocess)) {
        throw new (typeof preprocess === 'string' ? RangeError : TypeError)(
          `${where}: option preprocess must be one of ${SCALINGS.map((k) => JSON.stringify(k)).join(', ')}; received ${describe(preprocess)}`,
        );
      }
      this.#preprocess = preprocess;
      const handle = new Handle();
      const result = handle.configure(coreOptions);
      if (result !== undefined) {
        handle.delete();
        raise(result, where);
      }
      this.#handle = handle;
      registry.register(this, handle, this);
    }

    static {
      // The handle for a call, or the error saying why there is none.
      access = (model, method, { mutates = true } = {}) => {
        const where = `${model.#kind}.${method}`;
        if (model.#handle === null) {
          throw new DisposedError(`${where}: the model was disposed; create a new ${model.#kind}`);
        }
        if (mutates && model.#busy) {
          throw new TypeError(`${where}: cannot be called from inside an onStep/onEpoch callback of fit`);
        }
        return { where, handle: model.#handle };
      };
      runBusy = (model, fn) => {
        model.#busy = true;
        try {
          return fn();
        } finally {
          model.#busy = false;
        }
      };
      classWeightOf = (model) => model.#classWeight;
      // X as the core sees it: scaled by the fitted scaler when the model has one.
      matrixOf = (model, X, where, name = 'X') => {
        const matrix = toMatrix(X, where, name);
        return model.#scaler ? scaleMatrix(model.#scaler, matrix, where) : matrix;
      };
      // For fit (refit = true) and partialFit (fits the scaler on the first batch): the scaled
      // X, the converter for other matrices of the same call, and commit() to keep the scaler
      // once the core call succeeded.
      prepareFit = (model, X, where, { refit }) => {
        const matrix = toMatrix(X, where);
        if (model.#preprocess === undefined) return { matrix, convert: toMatrix, commit() {} };
        const scaler = refit || !model.#scaler ? fitScaler(model.#preprocess, matrix, where) : model.#scaler;
        return {
          matrix: scaleMatrix(scaler, matrix, where),
          convert: (Y, w, name) => scaleMatrix(scaler, toMatrix(Y, w, name), w),
          commit() {
            model.#scaler = scaler;
          },
        };
      };
      scalerOf = (model) => (model.#preprocess === undefined ? undefined : { kind: model.#preprocess, shift: model.#scaler ? Array.from(model.#scaler.shift) : null, scale: model.#scaler ? Array.from(model.#scaler.scale) : null });
      restoreScaler = (model, saved, nFeatures, where) => {
        if (saved === undefined || saved === null) return;
        if (!isPlainObject(saved) || saved.kind !== model.#preprocess) {
          throw new TypeError(`${where}: field preprocess must be {kind, shift, scale} with the options' preprocess kind; received ${describe(saved)}`);
        }
        if (saved.shift === null && saved.scale === null) return;
        const shift = toVector(saved.shift, where, 'field preprocess.shift');
        const scale = toVector(saved.scale, where, 'field preprocess.scale');
        if (shift.length !== nFeatures) {
          throw new RangeError(`${where}: field preprocess.shift must hold nFeatures = ${nFeatures} numbers; received ${shift.length}`);
        }
        unwrap(core.preprocessingTransform(shift, scale, new Float64Array(nFeatures), 1, nFeatures), `${where}: field preprocess`);
        model.#scaler = { shift, scale };
      };
    }

    /** One pass over a batch, continuing; the first call needs {classes}. See index.d.ts. */
    partialFit(X, y, options) {
      const { where, handle } = access(this, 'partialFit');
      const prepared = prepareFit(this, X, where, { refit: false });
      const report = fitReport(unwrap(handle.partialFit(...partialFitArguments(classWeightOf(this), X, y, options, where, (Z, w) => (Z === X ? prepared.matrix : prepared.convert(Z, w)))), where));
      prepared.commit();
      return report;
    }

    /** Predicted labels, in the values given at fit. */
    predict(X) {
      const { where, handle } = access(this, 'predict', { mutates: false });
      const { data, rows, cols } = matrixOf(this, X, where);
      const indices = unwrap(handle.predict(data, rows, cols), where);
      const classes = handle.classes();
      return Array.from(indices, (c) => classes[c]);
    }

    /** Accuracy on X, y (labels must be among the model's classes). */
    score(X, y) {
      const { where, handle } = access(this, 'score', { mutates: false });
      const { data, rows, cols } = matrixOf(this, X, where);
      const { labels, numeric } = toLabels(y, where);
      return unwrap(handle.score(data, rows, cols, labels, numeric), where);
    }

    get classes() {
      return access(this, 'classes', { mutates: false }).handle.classes();
    }

    get nFeatures() {
      return access(this, 'nFeatures', { mutates: false }).handle.nFeatures();
    }

    /** Steps taken since training started. */
    get steps() {
      return access(this, 'steps', { mutates: false }).handle.steps();
    }

    get fitted() {
      return access(this, 'fitted', { mutates: false }).handle.fitted();
    }

    /** The options in effect, every one of them (defaults filled in). */
    get options() {
      const options = access(this, 'options', { mutates: false }).handle.options();
      if (this.#preprocess !== undefined) options.preprocess = this.#preprocess;
      const classWeight = this.#classWeight;
      if (classWeight !== undefined) options.classWeight = typeof classWeight === 'string' ? classWeight : { ...classWeight };
      return options;
    }

    /** Frees the wasm memory now (a FinalizationRegistry does it eventually otherwise). */
    dispose() {
      if (this.#handle === null) return;
      access(this, 'dispose');
      registry.unregister(this);
      this.#handle.delete();
      this.#handle = null;
    }

    [disposeSymbol]() {
      this.dispose();
    }

    get [Symbol.toStringTag]() {
      return this.#kind;
    }
  }

  function stepObject(raw, classes) {
    return {
      t: raw.t,
      epoch: raw.epoch,
      index: raw.index,
      score: raw.score,
      prediction: classes[raw.prediction > 0 ? 1 : 0],
      label: classes[raw.label > 0 ? 1 : 0],
      predictionSign: raw.prediction,
      labelSign: raw.label,
      mistake: raw.mistake,
      weights: Array.from(raw.weights),
      bias: raw.bias,
    };
  }

  /** The binary linear perceptron; see index.d.ts. */
  class Perceptron extends Model {
    constructor(options) {
      super(core.CorePerceptron, 'Perceptron', options);
    }

    /** Trains on X, y; see index.d.ts. */
    fit(X, y, options) {
      const { where, handle } = access(this, 'fit');
      const opts = checkOptionsObject(options, where, FIT_OPTIONS);
      const { initialWeights, initialBias = 0, sampleWeight } = opts;
      if (typeof initialBias !== 'number') {
        throw new TypeError(`${where}: option initialBias must be a number; received ${describe(initialBias)}`);
      }
      let classes;
      const callbacks = guardCallbacks(
        where,
        opts,
        (t, epoch, index, score, prediction, label, mistake, weights, bias) =>
          stepObject({ t, epoch, index, score, prediction, label, mistake, weights, bias }, (classes ??= handle.classes())),
        (epoch, steps, mistakes, weights, bias) => ({ epoch, steps, mistakes, weights: Array.from(weights), bias }),
      );
      const initial = initialWeights === undefined ? undefined : toVector(initialWeights, where, 'initialWeights');
      const prepared = prepareFit(this, X, where, { refit: true });
      const { data, rows, cols } = prepared.matrix;
      const { labels, numeric } = toLabels(y, where);
      const weighting = weightingOf(classWeightOf(this), numeric, sampleWeight, where);
      const validation = validationOf(opts.validation, where, prepared.convert);
      const report = runBusy(this, () =>
        handle.fit(data, rows, cols, labels, numeric, callbacks.stepFn, callbacks.epochFn, initial, initialBias, weighting, validation),
      );
      unwrap(report, where);
      callbacks.rethrow(report);
      prepared.commit();
      return fitReport(report);
    }

    /** One step of the online protocol; see index.d.ts. */
    learnOne(x, y, options) {
      const { where, handle } = access(this, 'learnOne');
      let { classes } = checkOptionsObject(options, where, LEARN_ONE_OPTIONS);
      const features = scaleVector(this, toVector(x, where, 'x'), where);
      checkLabel(y, where);
      if (classes === undefined && handle.classes().length === 0 && (y === -1 || y === 1)) {
        classes = [-1, 1];
      }
      const encoded = classes === undefined ? undefined : toLabels(classes, where, 'classes');
      const weighting = weightingOf(classWeightOf(this), typeof y === 'number', undefined, where);
      const raw = unwrap(
        handle.learnOne(features, y, typeof y === 'number', encoded?.labels, encoded?.numeric ?? true, weighting),
        where,
      );
      return stepObject(raw, handle.classes());
    }

    /** Scores w.x + b with the predicting weights, one per row (voted: the vote). */
    decisionFunction(X) {
      const { where, handle } = access(this, 'decisionFunction', { mutates: false });
      const { data, rows, cols } = matrixOf(this, X, where);
      return unwrap(handle.decisionFunction(data, rows, cols), where);
    }

    /**
     * For each example, whether a training step on it would update the current weights now:
     * a mistake under mistakeRule (or within the margin). All false means fit would stop.
     */
    isMistake(X, y) {
      const { where, handle } = access(this, 'isMistake', { mutates: false });
      const { data, rows, cols } = matrixOf(this, X, where);
      const { labels, numeric } = toLabels(y, where);
      return Array.from(unwrap(handle.wouldUpdate(data, rows, cols, labels, numeric), where), Boolean);
    }

    /** The weights that predict: current (classic), averaged, pocket; voted: the last vector. */
    get weights() {
      return Array.from(access(this, 'weights', { mutates: false }).handle.weights());
    }

    get bias() {
      return access(this, 'bias', { mutates: false }).handle.bias();
    }

    /** The weights the training loop updates, as the trace shows them. */
    get currentWeights() {
      return Array.from(access(this, 'currentWeights', { mutates: false }).handle.currentWeights());
    }

    get currentBias() {
      return access(this, 'currentBias', { mutates: false }).handle.currentBias();
    }

    /** Voted only: every weight vector with its survival count; null for other variants. */
    get votedVectors() {
      const { handle } = access(this, 'votedVectors', { mutates: false });
      const state = handle.variantState();
      if (!state.votedCounts) return null;
      const d = handle.nFeatures();
      return Array.from(state.votedCounts, (count, k) => ({
        weights: Array.from(state.votedWeights.subarray(k * d, (k + 1) * d)),
        bias: state.votedBiases[k],
        count,
      }));
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      const fitted = handle.fitted();
      return {
        format: FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        // The training state, so that learning can continue exactly after fromJSON.
        weights: fitted ? Array.from(handle.currentWeights()) : [],
        bias: handle.currentBias(),
        steps: handle.steps(),
        state: fitted ? plainState(handle.variantState()) : {},
      };
    }

    /** Rebuilds a model from toJSON()'s object (or its JSON text); every field is checked. */
    static fromJSON(json) {
      const where = 'Perceptron.fromJSON';
      const { obj, field } = readEnvelope(json, FORMAT, where);
      const weights = field('weights', Array.isArray, 'an array of numbers');
      field('bias', (v) => typeof v === 'number', 'a number');
      if (weights.length !== obj.nFeatures) {
        throw new RangeError(`${where}: field weights must hold nFeatures = ${obj.nFeatures} numbers; received ${weights.length}`);
      }
      const state = readState(obj.state, where, 'state');
      const model = construct(() => new Perceptron(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model; // saved before learning anything
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const coreOptions = coreOptionsOf(obj.options);
        return handle.restore(coreOptions, encoded.labels, encoded.numeric, toVector(weights, where, 'weights'), obj.bias, obj.steps, state);
      });
    }
  }

  /** The multi-class perceptron (joint, ovr, ovo); see index.d.ts. */
  class MulticlassPerceptron extends Model {
    constructor(options) {
      super(core.CoreMulticlass, 'MulticlassPerceptron', options);
    }

    fit(X, y, options) {
      const { where, handle } = access(this, 'fit');
      const opts = checkOptionsObject(options, where, MULTICLASS_FIT_OPTIONS);
      if ((opts.onStep || opts.onEpoch) && handle.options().strategy !== 'joint') {
        throw new TypeError(`${where}: onStep and onEpoch follow joint training; with strategy "${handle.options().strategy}" train binary Perceptrons to trace them`);
      }
      const callbacks = guardCallbacks(
        where,
        opts,
        (t, epoch, index, scores, prediction, label, mistake, weights, biases, classes) => {
          return {
            t, epoch, index,
            scores: Array.from(scores),
            prediction: classes[prediction],
            label: classes[label],
            mistake,
            weights: rowsOf(weights, biases.length),
            biases: Array.from(biases),
          };
        },
        (epoch, steps, mistakes, weights, biases) => ({ epoch, steps, mistakes, weights: rowsOf(weights, biases.length), biases: Array.from(biases) }),
      );
      const prepared = prepareFit(this, X, where, { refit: true });
      const { data, rows, cols } = prepared.matrix;
      const { labels, numeric } = toLabels(y, where);
      const weighting = weightingOf(classWeightOf(this), numeric, opts.sampleWeight, where);
      const validation = validationOf(opts.validation, where, prepared.convert);
      const report = runBusy(this, () => handle.fit(data, rows, cols, labels, numeric, callbacks.stepFn, callbacks.epochFn, weighting, validation));
      unwrap(report, where);
      callbacks.rethrow(report);
      prepared.commit();
      return fitReport(report);
    }

    /** Scores, one array of K per row: joint/ovr the class scores, ovo the vote counts. */
    decisionFunction(X) {
      const { where, handle } = access(this, 'decisionFunction', { mutates: false });
      const { data, rows, cols } = matrixOf(this, X, where);
      return rowsOf(unwrap(handle.decisionFunction(data, rows, cols), where), rows);
    }

    /** joint: the predicting weight vectors, one per class (K arrays of nFeatures). */
    get weights() {
      const { handle } = access(this, 'weights', { mutates: false });
      return handle.options().strategy === 'joint' ? rowsOf(handle.weights(), handle.classes().length) : null;
    }

    /** joint: the predicting biases, one per class. */
    get biases() {
      const { handle } = access(this, 'biases', { mutates: false });
      return handle.options().strategy === 'joint' ? Array.from(handle.biases()) : null;
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      const fitted = handle.fitted();
      const saved = fitted ? handle.saved() : {};
      const trained = !fitted
        ? {}
        : saved.models
          ? { models: saved.models.map((m) => ({ weights: Array.from(m.weights), bias: m.bias, steps: m.steps, state: plainState(m.state) })) }
          : { weights: rowsOf(saved.weights, saved.biases.length), biases: Array.from(saved.biases), state: plainState(saved.state) };
      return {
        format: MULTICLASS_FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        steps: handle.steps(),
        ...trained,
      };
    }

    static fromJSON(json) {
      const where = 'MulticlassPerceptron.fromJSON';
      const { obj, field } = readEnvelope(json, MULTICLASS_FORMAT, where);
      const model = construct(() => new MulticlassPerceptron(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model;
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const coreOptions = coreOptionsOf(obj.options);
        let saved;
        if (coreOptions.strategy === undefined || coreOptions.strategy === 'joint') {
          const weights = field('weights', (v) => Array.isArray(v) && v.length === obj.classes.length, `an array of ${obj.classes.length} weight vectors`);
          const flat = weights.flatMap((row, k) => {
            if (!Array.isArray(row) || row.length !== obj.nFeatures) {
              throw new RangeError(`${where}: field weights[${k}] must hold nFeatures = ${obj.nFeatures} numbers; received ${describe(row)}`);
            }
            return row;
          });
          saved = {
            weights: toVector(flat, where, 'weights'),
            biases: toVector(field('biases', Array.isArray, 'an array of numbers'), where, 'biases'),
            state: readState(obj.state, where, 'state'),
          };
        } else {
          const models = field('models', Array.isArray, 'an array of binary models');
          saved = {
            models: models.map((m, k) => {
              const name = `models[${k}]`;
              if (!isPlainObject(m)) throw new TypeError(`${where}: field ${name} must be an object; received ${describe(m)}`);
              if (!Array.isArray(m.weights) || m.weights.length !== obj.nFeatures) {
                throw new RangeError(`${where}: field ${name}.weights must hold nFeatures = ${obj.nFeatures} numbers; received ${describe(m.weights)}`);
              }
              for (const key of ['bias', 'steps']) {
                if (typeof m[key] !== 'number') throw new TypeError(`${where}: field ${name}.${key} must be a number; received ${describe(m[key])}`);
              }
              return { weights: toVector(m.weights, where, `${name}.weights`), bias: m.bias, steps: m.steps, state: readState(m.state, where, `${name}.state`) };
            }),
          };
        }
        return handle.restore(coreOptions, encoded.labels, encoded.numeric, saved, obj.steps);
      });
    }
  }

  // The model kinds trained without callbacks (kernel perceptron, Winnow, Passive-Aggressive):
  // fit takes sampleWeight and validation; decisionFunction gives one score per row, or one
  // array of K per row for multi-class Passive-Aggressive.
  class BatchModel extends Model {
    fit(X, y, options) {
      const { where, handle } = access(this, 'fit');
      const opts = checkOptionsObject(options, where, BATCH_FIT_OPTIONS);
      const prepared = prepareFit(this, X, where, { refit: true });
      const { data, rows, cols } = prepared.matrix;
      const { labels, numeric } = toLabels(y, where);
      const weighting = weightingOf(classWeightOf(this), numeric, opts.sampleWeight, where);
      const report = fitReport(unwrap(handle.fit(data, rows, cols, labels, numeric, weighting, validationOf(opts.validation, where, prepared.convert)), where));
      prepared.commit();
      return report;
    }

    decisionFunction(X) {
      const { where, handle } = access(this, 'decisionFunction', { mutates: false });
      const { data, rows, cols } = matrixOf(this, X, where);
      const scores = unwrap(handle.decisionFunction(data, rows, cols), where);
      return handle.scoresPerRow() === 1 ? scores : rowsOf(scores, rows);
    }
  }

  /** The kernel perceptron (dual form); see index.d.ts. */
  class KernelPerceptron extends BatchModel {
    constructor(options) {
      super(core.CoreKernel, 'KernelPerceptron', options);
    }

    /** The support vectors, one array of nFeatures each (copies). */
    get supportVectors() {
      const { handle } = access(this, 'supportVectors', { mutates: false });
      return rowsOf(handle.supportVectors(), handle.coefficients().length);
    }

    /** One coefficient per support vector: the sum of eta * weight * y over its mistakes. */
    get coefficients() {
      return Array.from(access(this, 'coefficients', { mutates: false }).handle.coefficients());
    }

    get bias() {
      return access(this, 'bias', { mutates: false }).handle.bias();
    }

    /** The gamma in effect ('auto' is 1 / nFeatures once the model has learned). */
    get gamma() {
      return access(this, 'gamma', { mutates: false }).handle.gamma();
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      return {
        format: KERNEL_FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        steps: handle.steps(),
        supportVectors: rowsOf(handle.supportVectors(), handle.coefficients().length),
        coefficients: Array.from(handle.coefficients()),
        bias: handle.bias(),
      };
    }

    static fromJSON(json) {
      const where = 'KernelPerceptron.fromJSON';
      const { obj, field } = readEnvelope(json, KERNEL_FORMAT, where);
      const coefficients = field('coefficients', Array.isArray, 'an array of numbers');
      const supportVectors = field('supportVectors', (v) => Array.isArray(v) && v.length === coefficients.length, `an array of ${coefficients.length} support vectors (one per coefficient)`);
      field('bias', (v) => typeof v === 'number', 'a number');
      const model = construct(() => new KernelPerceptron(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model;
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const flat = supportVectors.flatMap((row, k) => {
          if (!Array.isArray(row) || row.length !== obj.nFeatures) {
            throw new RangeError(`${where}: field supportVectors[${k}] must hold nFeatures = ${obj.nFeatures} numbers; received ${describe(row)}`);
          }
          return row;
        });
        const coreOptions = coreOptionsOf(obj.options);
        return handle.restore(coreOptions, encoded.labels, encoded.numeric, obj.nFeatures, toVector(flat, where, 'supportVectors'), toVector(coefficients, where, 'coefficients'), obj.bias, obj.steps);
      });
    }
  }

  /** Winnow, basic or balanced; see index.d.ts. */
  class Winnow extends BatchModel {
    constructor(options) {
      super(core.CoreWinnow, 'Winnow', options);
    }

    /** The weights (balanced: the positive weights w+). */
    get weights() {
      return Array.from(access(this, 'weights', { mutates: false }).handle.weights());
    }

    /** Balanced Winnow's negative weights w-; [] for basic Winnow. */
    get negativeWeights() {
      return Array.from(access(this, 'negativeWeights', { mutates: false }).handle.negativeWeights());
    }

    /** The threshold in effect (nFeatures for basic Winnow unless given). */
    get threshold() {
      return access(this, 'threshold', { mutates: false }).handle.threshold();
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      return {
        format: WINNOW_FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        steps: handle.steps(),
        weights: Array.from(handle.weights()),
        negativeWeights: Array.from(handle.negativeWeights()),
      };
    }

    static fromJSON(json) {
      const where = 'Winnow.fromJSON';
      const { obj, field } = readEnvelope(json, WINNOW_FORMAT, where);
      const weights = field('weights', (v) => Array.isArray(v) && v.length === obj.nFeatures, `an array of nFeatures = ${obj.nFeatures} numbers`);
      const negative = field('negativeWeights', Array.isArray, 'an array of numbers');
      const model = construct(() => new Winnow(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model;
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const coreOptions = coreOptionsOf(obj.options);
        return handle.restore(coreOptions, encoded.labels, encoded.numeric, toVector(weights, where, 'weights'), toVector(negative, where, 'negativeWeights'), obj.steps);
      });
    }
  }

  /** Passive-Aggressive (PA, PA-I, PA-II), binary or multi-class; see index.d.ts. */
  class PassiveAggressive extends BatchModel {
    constructor(options) {
      super(core.CorePassiveAggressive, 'PassiveAggressive', options);
    }

    /** Two classes: the weight vector; more: one per class. */
    get weights() {
      const { handle } = access(this, 'weights', { mutates: false });
      const flat = handle.weights();
      return handle.scoresPerRow() === 1 ? Array.from(flat) : rowsOf(flat, handle.classes().length);
    }

    /** Two classes: the bias; more: one per class. */
    get bias() {
      const { handle } = access(this, 'bias', { mutates: false });
      const biases = Array.from(handle.biases());
      return handle.scoresPerRow() === 1 ? (biases[0] ?? 0) : biases;
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      return {
        format: PA_FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        steps: handle.steps(),
        weights: rowsOf(handle.weights(), handle.fitted() ? Math.max(1, handle.biases().length) : 0),
        biases: Array.from(handle.biases()),
      };
    }

    static fromJSON(json) {
      const where = 'PassiveAggressive.fromJSON';
      const { obj, field } = readEnvelope(json, PA_FORMAT, where);
      const biases = field('biases', Array.isArray, 'an array of numbers');
      const weights = field('weights', (v) => Array.isArray(v) && v.length === biases.length, `an array of ${biases.length} weight vectors (one per bias)`);
      const model = construct(() => new PassiveAggressive(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model;
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const flat = weights.flatMap((row, k) => {
          if (!Array.isArray(row) || row.length !== obj.nFeatures) {
            throw new RangeError(`${where}: field weights[${k}] must hold nFeatures = ${obj.nFeatures} numbers; received ${describe(row)}`);
          }
          return row;
        });
        const coreOptions = coreOptionsOf(obj.options);
        return handle.restore(coreOptions, encoded.labels, encoded.numeric, toVector(flat, where, 'weights'), toVector(biases, where, 'biases'), obj.steps);
      });
    }
  }

  // The options the core reads: the wrapper keeps classWeight and preprocess itself.
  function coreOptionsOf(options) {
    const { classWeight, preprocess, ...rest } = options;
    void classWeight;
    void preprocess;
    return rest;
  }

  // One example for learnOne, scaled like the model's training data.
  function scaleVector(model, features, where) {
    const saved = scalerOf(model);
    if (saved === undefined) return features;
    if (saved.shift === null) {
      throw new TypeError(`${where}: option preprocess needs a fitted scaler; call fit or partialFit before learnOne`);
    }
    return scaleMatrix({ shift: Float64Array.from(saved.shift), scale: Float64Array.from(saved.scale) }, { data: features, rows: 1, cols: features.length }, where).data;
  }

  // new Model(options) for fromJSON: its option errors name the field.
  function construct(make, where) {
    try {
      return make();
    } catch (error) {
      throw new error.constructor(error.message.replace(/^new \w+: /, `${where}: field options: `));
    }
  }

  // Runs a core restore on a fresh model; on failure disposes it and throws.
  function restoreInto(model, where, restore) {
    try {
      unwrap(restore(access(model, 'fromJSON').handle), where);
    } catch (error) {
      model.dispose();
      throw error;
    }
    return model;
  }

  /**
   * The rows fit visits, in order, for {order, seed, rows, count}: cyclic 0..rows-1 repeated,
   * shuffle a new permutation every `rows` visits, sample uniform draws with replacement.
   * Driving learnOne in this order reproduces fit step for step.
   */
  function visitOrder(options) {
    const where = 'visitOrder';
    const { order, seed, rows, count } = checkOptionsObject(options, where, ['order', 'seed', 'rows', 'count']);
    // Limits that keep the lists (count visits, and a permutation of rows for 'shuffle') to a
    // size wasm memory can hold: 2^24 entries each.
    const LIMIT = 2 ** 24;
    if (!Number.isSafeInteger(rows) || rows < 1 || rows > LIMIT) {
      throw new (typeof rows === 'number' ? RangeError : TypeError)(
        `${where}: option rows must be an integer from 1 to ${LIMIT}; received ${describe(rows)}`,
      );
    }
    if (!Number.isSafeInteger(count) || count < 0 || count > LIMIT) {
      throw new (typeof count === 'number' ? RangeError : TypeError)(
        `${where}: option count must be an integer from 0 to ${LIMIT}; received ${describe(count)}`,
      );
    }
    return unwrap(core.visitOrder({ order, seed }, rows, count), where);
  }

  // pw.analysis: geometry, exact separability and the mistake bounds (src/perceptron/analysis,
  // metrics). Labels: any two, sorted; the second is the positive class.
  function numberOption(value, where, name, { optional = false } = {}) {
    if (optional && value === undefined) return undefined;
    if (typeof value !== 'number') throw new TypeError(`${where}: ${name} must be a number; received ${describe(value)}`);
    return value;
  }
  function boundResult(raw) {
    const { value, radius, margin, bias, deviation, hingeLoss, separable } = raw;
    return { value, radius, margin, bias, deviation, hingeLoss, separable };
  }
  function bound(kind, where, X, y, { fitIntercept = true, vector, vectorName, gamma } = {}) {
    const { data, rows, cols } = toMatrix(X, where);
    const { labels, numeric } = toLabels(y, where);
    if (typeof fitIntercept !== 'boolean') throw new TypeError(`${where}: option fitIntercept must be true or false; received ${describe(fitIntercept)}`);
    const v = vector === undefined ? new Float64Array(0) : toVector(vector, where, vectorName);
    return boundResult(unwrap(core.analysisBound(kind, data, rows, cols, labels, numeric, fitIntercept, v, gamma ?? 0), where));
  }

  const analysis = Object.freeze({
    /** max ||x|| (withBias: of (x, 1)). */
    radius(X, options) {
      const where = 'analysis.radius';
      const { withBias = false } = checkOptionsObject(options, where, ['withBias']);
      const { data, rows, cols } = toMatrix(X, where);
      return unwrap(core.analysisRadius(data, rows, cols, withBias === true), where);
    },
    /** (w.x + b) / ||w|| for every row. */
    signedDistances(X, w, b = 0) {
      const where = 'analysis.signedDistances';
      const { data, rows, cols } = toMatrix(X, where);
      return unwrap(core.analysisSignedDistances(data, rows, cols, toVector(w, where, 'w'), numberOption(b, where, 'b')), where);
    },
    /** min_i y_i (w.x_i + b) / ||w|| (negative when (w, b) misclassifies), and the row reaching it. */
    margin(X, y, w, b = 0) {
      const where = 'analysis.margin';
      const { data, rows, cols } = toMatrix(X, where);
      const { labels, numeric } = toLabels(y, where);
      const { margin, row } = unwrap(core.analysisMargin(data, rows, cols, labels, numeric, toVector(w, where, 'w'), numberOption(b, where, 'b')), where);
      return { margin, row };
    },
    /** The exact answer: the max-margin separator or a certificate that the hulls meet. */
    separability(X, y, options) {
      const where = 'analysis.separability';
      const { fitIntercept = true } = checkOptionsObject(options, where, ['fitIntercept']);
      if (typeof fitIntercept !== 'boolean') throw new TypeError(`${where}: option fitIntercept must be true or false; received ${describe(fitIntercept)}`);
      const { data, rows, cols } = toMatrix(X, where);
      const { labels, numeric } = toLabels(y, where);
      const r = unwrap(core.analysisSeparability(data, rows, cols, labels, numeric, fitIntercept), where);
      return r.separable
        ? { separable: true, fitIntercept, margin: r.margin, upperBound: r.upperBound, w: Array.from(r.w), b: r.b, support: Array.from(r.support), classes: r.classes, iterations: r.iterations }
        : { separable: false, fitIntercept, certificate: Array.from(r.certificate), residual: r.residual, classes: r.classes, iterations: r.iterations };
    },
    /** The two leading principal components, for plotting data with more than two features. */
    pca2d(X) {
      const where = 'analysis.pca2d';
      const { data, rows, cols } = toMatrix(X, where);
      const r = unwrap(core.analysisPca(data, rows, cols), where);
      return { mean: Array.from(r.mean), components: rowsOf(r.components, 2), variance: Array.from(r.variance), projected: rowsOf(r.projected, rows) };
    },
    /** Block-Novikoff (R / gamma*)^2, with the augmented (x, 1) when fitIntercept. */
    novikoffBound(X, y, options) {
      const where = 'analysis.novikoffBound';
      return bound(0, where, X, y, checkOptionsObject(options, where, ['fitIntercept']));
    },
    /** The Hacettepe bias form ((b*^2 + 1)(r^2 + 1)) / rho^2. */
    biasBound(X, y) {
      return bound(1, 'analysis.biasBound', X, y);
    },
    /** Freund-Schapire ((R + D) / gamma)^2 for a unit u and gamma > 0. */
    freundSchapireBound(X, y, options) {
      const where = 'analysis.freundSchapireBound';
      const { u, gamma } = checkOptionsObject(options, where, ['u', 'gamma']);
      return bound(2, where, X, y, { vector: u, vectorName: 'u', gamma: numberOption(gamma, where, 'gamma') });
    },
    /** Blum's 1 / gamma^2 + 2 * (gamma-hinge loss), examples in the unit ball, unit w. */
    blumBound(X, y, options) {
      const where = 'analysis.blumBound';
      const { w, gamma } = checkOptionsObject(options, where, ['w', 'gamma']);
      return bound(3, where, X, y, { vector: w, vectorName: 'w', gamma: numberOption(gamma, where, 'gamma') });
    },
  });

  // pw.metrics: losses on scores, and the classification report on labels.
  const LOSSES = ['zeroOne', 'perceptron', 'hinge', 'gammaHinge', 'costWeighted'];
  // Binary labels as -1/+1: `classes` [negative, positive] given, else y's two labels sorted
  // (or -1/+1 themselves).
  function signsOf(y, classes, where) {
    const { labels, numeric } = toLabels(y, where);
    let order = classes;
    if (order === undefined) {
      order = [...new Set(Array.from(labels))].sort((a, b) => (numeric ? a - b : a < b ? -1 : a > b ? 1 : 0));
      if (order.length === 1 && numeric && (order[0] === 1 || order[0] === -1)) order = [-1, 1];
    }
    if (!Array.isArray(order) || order.length !== 2) {
      throw new RangeError(`${where}: y must hold two classes (or give options.classes [negative, positive]); received ${order.length} classes`);
    }
    return Float64Array.from(labels, (label, i) => {
      const k = order.indexOf(label);
      if (k < 0) throw new RangeError(`${where}: y[${i}] must be one of the classes [${order.join(', ')}]; received ${describe(label)}`);
      return k === 1 ? 1 : -1;
    });
  }
  function lossValues(y, scores, options, where) {
    const opts = checkOptionsObject(options, where, ['loss', 'gamma', 'falsePositiveCost', 'falseNegativeCost', 'classes']);
    const { loss = 'zeroOne', gamma = 1, falsePositiveCost = 1, falseNegativeCost = 1, classes } = opts;
    const kind = LOSSES.indexOf(loss);
    if (kind < 0) throw new RangeError(`${where}: option loss must be one of ${LOSSES.map((l) => JSON.stringify(l)).join(', ')}; received ${describe(loss)}`);
    for (const [name, value] of [['gamma', gamma], ['falsePositiveCost', falsePositiveCost], ['falseNegativeCost', falseNegativeCost]]) {
      numberOption(value, where, `option ${name}`);
    }
    return unwrap(core.metricsLosses(signsOf(y, classes, where), toVector(scores, where, 'scores'), kind, gamma, falsePositiveCost, falseNegativeCost), where);
  }
  function report(yTrue, yPred, where) {
    const truth = toLabels(yTrue, where, 'yTrue');
    const predicted = toLabels(yPred, where, 'yPred');
    if (truth.numeric !== predicted.numeric) throw new TypeError(`${where}: yTrue and yPred must both hold numbers or both strings`);
    const labels = [...new Set([...truth.labels, ...predicted.labels])].sort((a, b) => (truth.numeric ? a - b : a < b ? -1 : a > b ? 1 : 0));
    const index = new Map(labels.map((label, k) => [label, k]));
    const r = unwrap(core.metricsReport(Float64Array.from(truth.labels, (l) => index.get(l)), Float64Array.from(predicted.labels, (l) => index.get(l)), labels.length), where);
    return {
      labels,
      confusionMatrix: rowsOf(r.confusion, labels.length),
      accuracy: r.accuracy,
      errorRate: r.errorRate,
      precision: Array.from(r.precision),
      recall: Array.from(r.recall),
      f1: Array.from(r.f1),
      support: Array.from(r.support),
      macroPrecision: r.macroPrecision,
      macroRecall: r.macroRecall,
      macroF1: r.macroF1,
      balancedAccuracy: r.balancedAccuracy,
    };
  }
  const metrics = Object.freeze({
    /** Each example's loss; options {loss, gamma, falsePositiveCost, falseNegativeCost, classes}. */
    losses: (y, scores, options) => Array.from(lossValues(y, scores, options, 'metrics.losses')),
    /** The mean loss. */
    empiricalRisk(y, scores, options) {
      const values = lossValues(y, scores, options, 'metrics.empiricalRisk');
      return values.reduce((a, b) => a + b, 0) / values.length;
    },
    accuracy: (yTrue, yPred) => report(yTrue, yPred, 'metrics.accuracy').accuracy,
    errorRate: (yTrue, yPred) => report(yTrue, yPred, 'metrics.errorRate').errorRate,
    confusionMatrix(yTrue, yPred) {
      const { labels, confusionMatrix } = report(yTrue, yPred, 'metrics.confusionMatrix');
      return { labels, matrix: confusionMatrix };
    },
    /** Confusion matrix, per-class precision, recall, F1, their macro averages, balanced accuracy. */
    classificationReport: (yTrue, yPred) => report(yTrue, yPred, 'metrics.classificationReport'),
  });

  // pw.preprocessing: the scalers on their own (models take them as the preprocess option).
  const preprocessing = Object.freeze({
    /** {kind, shift, scale} fitted on X: x -> (x - shift) / scale. */
    fitScaler(X, options) {
      const where = 'preprocessing.fitScaler';
      const { kind = 'standardize' } = checkOptionsObject(options, where, ['kind']);
      if (!SCALINGS.includes(kind)) {
        throw new (typeof kind === 'string' ? RangeError : TypeError)(`${where}: option kind must be one of ${SCALINGS.map((k) => JSON.stringify(k)).join(', ')}; received ${describe(kind)}`);
      }
      const { shift, scale } = fitScaler(kind, toMatrix(X, where), where);
      return { kind, shift: Array.from(shift), scale: Array.from(scale) };
    },
    /** X scaled by a fitted scaler, as number[][]. */
    transform(scaler, X) {
      const where = 'preprocessing.transform';
      if (!isPlainObject(scaler)) throw new TypeError(`${where}: scaler must be fitScaler's object; received ${describe(scaler)}`);
      const matrix = toMatrix(X, where);
      const shift = toVector(scaler.shift, where, 'scaler.shift');
      const scale = toVector(scaler.scale, where, 'scaler.scale');
      return rowsOf(scaleMatrix({ shift, scale }, matrix, where).data, matrix.rows);
    },
  });

  /** Fisher's linear discriminant for two classes (Hacettepe notes), to compare with. */
  class FisherDiscriminant {
    #w = null;
    #b = 0;
    #classes = [];

    /** Direction S_W^-1 (m_+ - m_-) (a 1e-9 ridge keeps a singular S_W solvable), threshold halfway between the projected class means. */
    fit(X, y) {
      const where = 'FisherDiscriminant.fit';
      const { data, rows, cols } = toMatrix(X, where);
      const { labels, numeric } = toLabels(y, where);
      const r = unwrap(core.analysisFisher(data, rows, cols, labels, numeric), where);
      this.#w = Float64Array.from(r.w);
      this.#b = r.b;
      this.#classes = r.classes;
      return this;
    }

    /** w.x + b per row. */
    decisionFunction(X) {
      const where = 'FisherDiscriminant.decisionFunction';
      if (this.#w === null) throw new NotFittedError(`${where}: the model has not learned anything yet; call fit(X, y) first`);
      const { data, rows, cols } = toMatrix(X, where);
      return unwrap(core.linearScores(data, rows, cols, this.#w, this.#b), where);
    }

    predict(X) {
      return Array.from(this.decisionFunction(X), (s) => this.#classes[s >= 0 ? 1 : 0]);
    }

    score(X, y) {
      return metrics.accuracy(y, this.predict(X));
    }

    get weights() {
      return this.#w ? Array.from(this.#w) : [];
    }

    get bias() {
      return this.#b;
    }

    get classes() {
      return [...this.#classes];
    }

    toJSON() {
      return { format: 'perceptron-wasm/FisherDiscriminant', version: FORMAT_VERSION, classes: this.classes, weights: this.weights, bias: this.#b };
    }

    dispose() {}
  }

  // pw.modelSelection: seeded stratified splits and folds from the core's generator, and the
  // CMU notes' grid search (pick on validation or cross-validation, retrain on train +
  // validation, evaluate the test set once).
  function seedOf(seed, where) {
    if (seed === undefined) return 0;
    if (!Number.isSafeInteger(seed) || seed < 0) {
      throw new (typeof seed === 'number' ? RangeError : TypeError)(`${where}: option seed must be an integer from 0 to 9007199254740991; received ${describe(seed)}`);
    }
    return seed;
  }
  function partsOf(y, fractions, k, seed, where) {
    const { labels, numeric } = toLabels(y, where);
    return unwrap(core.selectionAssign(labels, numeric, Float64Array.from(fractions), k, seed), where);
  }
  const rowsWhere = (assignment, value) => Array.from(assignment.keys()).filter((i) => assignment[i] === value);
  const pick = (rows, X, y) => [rows.map((i) => X[i]), rows.map((i) => y[i])];

  const modelSelection = Object.freeze({
    /** Row indices {train, validation, test}: each class split in the given fractions (the rest trains). */
    split(y, options) {
      const where = 'modelSelection.split';
      const { validation = 0, test = 0, seed } = checkOptionsObject(options, where, ['validation', 'test', 'seed']);
      const fractions = [];
      for (const [name, value] of [['validation', validation], ['test', test]]) {
        if (typeof value !== 'number') throw new TypeError(`${where}: option ${name} must be a number in (0, 1); received ${describe(value)}`);
        if (value !== 0) fractions.push(value);
      }
      if (fractions.length === 0) throw new RangeError(`${where}: give a validation and/or a test fraction in (0, 1)`);
      const parts = partsOf(y, fractions, 0, seedOf(seed, where), where);
      const names = [validation ? 'validation' : null, test ? 'test' : null].filter(Boolean);
      const out = { train: rowsWhere(parts, 0) };
      names.forEach((name, k) => { out[name] = rowsWhere(parts, k + 1); });
      return out;
    },
    /** Stratified k-fold: [{train, test}] row indices; 2 <= k <= the smallest class's size. */
    kFold(y, options) {
      const where = 'modelSelection.kFold';
      const { k = 5, seed } = checkOptionsObject(options, where, ['k', 'seed']);
      if (!Number.isSafeInteger(k)) throw new (typeof k === 'number' ? RangeError : TypeError)(`${where}: option k must be an integer >= 2; received ${describe(k)}`);
      const folds = partsOf(y, [], k, seedOf(seed, where), where);
      return Array.from({ length: k }, (_, f) => ({ train: Array.from(folds.keys()).filter((i) => folds[i] !== f), test: rowsWhere(folds, f) }));
    },
    /**
     * Grid search over any model kind's options. Candidates are the cartesian product of `grid`
     * ({option: [values]}), each scored by accuracy on a stratified validation split
     * (validation: fraction) or by k-fold cross-validation (cv: k) of the non-test rows; the
     * best (the first on ties) is retrained on all non-test rows and scored once on the test
     * rows (test: fraction). Returns {best, candidates: [{options, score}], model, testScore}.
     */
    gridSearch(Kind, grid, X, y, options) {
      const where = 'modelSelection.gridSearch';
      if (typeof Kind !== 'function' || typeof Kind.prototype?.fit !== 'function') {
        throw new TypeError(`${where}: Kind must be a model class such as pw.Perceptron; received ${describe(Kind)}`);
      }
      if (!isPlainObject(grid)) throw new TypeError(`${where}: grid must be an object {option: [values]}; received ${describe(grid)}`);
      const { base = {}, validation, cv, test, seed: rawSeed } = checkOptionsObject(options, where, ['base', 'validation', 'cv', 'test', 'seed']);
      const seed = seedOf(rawSeed, where);
      let candidates = [{}];
      for (const [name, values] of Object.entries(grid)) {
        if (!Array.isArray(values) || values.length === 0) throw new RangeError(`${where}: grid.${name} must be a non-empty array of values; received ${describe(values)}`);
        candidates = candidates.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
      }
      if (Object.keys(grid).length === 0) throw new RangeError(`${where}: grid must name at least one option with values`);
      if ((validation === undefined) === (cv === undefined)) throw new TypeError(`${where}: give exactly one of options.validation (a fraction) and options.cv (k)`);
      if (!Array.isArray(X)) throw new TypeError(`${where}: X must be an array of rows`);
      const { labels } = toLabels(y, where);
      const ys = Array.from(labels);
      let pool = Array.from(ys.keys());
      let testRows = [];
      if (test !== undefined) {
        const s = modelSelection.split(ys, { test, seed });
        pool = s.train;
        testRows = s.test;
      }
      const poolY = pool.map((i) => ys[i]);
      const evaluations = cv !== undefined
        ? modelSelection.kFold(poolY, { k: cv, seed }).map((f) => ({ train: f.train.map((i) => pool[i]), held: f.test.map((i) => pool[i]) }))
        : [(() => { const s = modelSelection.split(poolY, { validation, seed }); return { train: s.train.map((i) => pool[i]), held: s.validation.map((i) => pool[i]) }; })()];
      const scored = candidates.map((candidate) => {
        const settings = { ...base, ...candidate };
        let total = 0;
        for (const { train, held } of evaluations) {
          const model = new Kind(settings);
          try {
            model.fit(...pick(train, X, ys));
            total += model.score(...pick(held, X, ys));
          } finally {
            model.dispose();
          }
        }
        return { options: candidate, score: total / evaluations.length };
      });
      const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
      const model = new Kind({ ...base, ...best.options });
      model.fit(...pick(pool, X, ys));
      return {
        best: best.options,
        candidates: scored,
        model,
        testScore: testRows.length ? model.score(...pick(testRows, X, ys)) : undefined,
      };
    },
  });

  return Object.freeze({
    analysis,
    metrics,
    preprocessing,
    modelSelection,
    FisherDiscriminant,
    Perceptron,
    MulticlassPerceptron,
    KernelPerceptron,
    Winnow,
    PassiveAggressive,
    visitOrder,
    NotFittedError,
    DisposedError,
    optionNames: Object.freeze(core.optionNames()),
    FORMAT,
    MULTICLASS_FORMAT,
    KERNEL_FORMAT,
    WINNOW_FORMAT,
    PA_FORMAT,
    FORMAT_VERSION,
  });
}

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';

async function compileWasm(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source ?? new URL('./perceptron-core.wasm', import.meta.url);
  if (isNode && String(url).startsWith('file:')) {
    // A variable specifier keeps bundlers from trying to resolve a Node built-in for browsers.
    const fsModule = 'node:fs/promises';
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule);
    return WebAssembly.compile(await readFile(url));
  }
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // Served without the application/wasm type: compile from the bytes below.
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`perceptron-wasm: could not load ${url}: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

let loading;

/**
 * Compiles and instantiates the WebAssembly module once; later calls return the same API.
 * @param {{wasm?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module}} [options]
 *   where to find the .wasm file when a bundler or server moved it (only the first call counts).
 */
export default function load(options) {
  loading ??= (async () => {
    checkOptionsObject(options, 'load', ['wasm']);
    const module = await compileWasm(options?.wasm);
    let fail;
    const failed = new Promise((_, reject) => {
      fail = reject;
    });
    const core = await Promise.race([
      createPerceptronCore({
        // Hands over the module compiled above, so the loader's own fetch/fs code never runs.
        instantiateWasm(imports, receive) {
          WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), fail);
          return {};
        },
      }),
      failed,
    ]);
    return makeApi(core);
  })();
  loading.catch(() => {
    loading = undefined; // a failed load (network, bad option) can be retried
  });
  return loading;
}
