// perceptron-wasm: the package entry. A small hand-written layer over the Embind module
// (bindings/embind.cpp) that gives the idiomatic API of DESIGN.md's contract: it checks the
// shapes only JS can see (arrays, types), converts inputs to typed arrays, maps labels,
// turns the core's {error, message} objects into TypeError / RangeError / NotFittedError,
// and copies everything that leaves wasm memory. Values and ranges are checked in the C++
// core, so one message serves native and WASM users alike.
import createPerceptronCore from './perceptron-core.mjs';

export const FORMAT = 'perceptron-wasm/Perceptron';
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

const FIT_OPTIONS = ['onStep', 'onEpoch', 'initialWeights', 'initialBias', 'sampleWeight'];

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
function weighting(classWeight, numericLabels, sampleWeight, where) {
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
const LEARN_ONE_OPTIONS = ['classes'];
const disposeSymbol = Symbol.dispose ?? Symbol.for('nodejs.dispose');

function makeApi(core) {
  const registry = new FinalizationRegistry((handle) => handle.delete());

  class Perceptron {
    #core;
    #busy = false;
    #classWeight;

    /**
     * @param {object} [options] see index.d.ts for every option, its default and its meaning.
     */
    constructor(options) {
      const { classWeight, ...coreOptions } = checkOptionsObject(options, 'new Perceptron');
      this.#classWeight = checkClassWeight(classWeight, 'new Perceptron');
      const handle = new core.CorePerceptron();
      const result = handle.configure(coreOptions);
      if (result !== undefined) {
        handle.delete();
        raise(result, 'new Perceptron');
      }
      this.#core = handle;
      registry.register(this, handle, this);
    }

    #use(method, { mutates = true } = {}) {
      const where = `Perceptron.${method}`;
      if (this.#core === null) {
        throw new DisposedError(`${where}: the model was disposed; create a new Perceptron`);
      }
      if (mutates && this.#busy) {
        throw new TypeError(`${where}: cannot be called from inside an onStep/onEpoch callback of fit`);
      }
      return where;
    }

    #step(raw, classes) {
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

    /** Trains on X, y; see index.d.ts. */
    fit(X, y, options) {
      const where = this.#use('fit');
      const { onStep, onEpoch, initialWeights, initialBias = 0, sampleWeight } = checkOptionsObject(options, where, FIT_OPTIONS);
      for (const [key, fn] of [['onStep', onStep], ['onEpoch', onEpoch]]) {
        if (fn !== undefined && typeof fn !== 'function') {
          throw new TypeError(`${where}: option ${key} must be a function; received ${describe(fn)}`);
        }
      }
      if (typeof initialBias !== 'number') {
        throw new TypeError(`${where}: option initialBias must be a number; received ${describe(initialBias)}`);
      }
      const initial = initialWeights === undefined ? undefined : toVector(initialWeights, where, 'initialWeights');
      const { data, rows, cols } = toMatrix(X, where);
      const { labels, numeric } = toLabels(y, where);

      let thrown;
      let classes;
      const guard = (fn, build) =>
        fn &&
        ((...args) => {
          try {
            classes ??= this.#core.classes();
            return fn(build(...args)) === false ? 1 : 0;
          } catch (error) {
            thrown = { error };
            return 2;
          }
        });
      const stepFn = guard(onStep, (t, epoch, index, score, prediction, label, mistake, weights, bias) =>
        this.#step({ t, epoch, index, score, prediction, label, mistake, weights, bias }, classes),
      );
      const epochFn = guard(onEpoch, (epoch, steps, mistakes, weights, bias) => ({
        epoch,
        steps,
        mistakes,
        weights: Array.from(weights),
        bias,
      }));
      this.#busy = true;
      let report;
      try {
        report = this.#core.fit(
          data, rows, cols, labels, numeric, stepFn, epochFn, initial, initialBias,
          weighting(this.#classWeight, numeric, sampleWeight, where),
        );
      } finally {
        this.#busy = false;
      }
      unwrap(report, where);
      if (report.aborted) throw thrown.error;
      const history = Array.from(report.historyEpoch, (epoch, k) => ({
        epoch,
        steps: report.historySteps[k],
        mistakes: report.historyMistakes[k],
      }));
      return {
        epochs: report.epochs,
        steps: report.steps,
        mistakes: report.mistakes,
        converged: report.converged,
        stopped: report.stopped,
        history,
      };
    }

    /** One step of the online protocol; see index.d.ts. */
    learnOne(x, y, options) {
      const where = this.#use('learnOne');
      let { classes } = checkOptionsObject(options, where, LEARN_ONE_OPTIONS);
      const features = toVector(x, where, 'x');
      checkLabel(y, where);
      if (classes === undefined && this.#core.classes().length === 0 && (y === -1 || y === 1)) {
        classes = [-1, 1];
      }
      let encoded;
      if (classes !== undefined) encoded = toLabels(classes, where, 'classes');
      const raw = unwrap(
        this.#core.learnOne(
          features, y, typeof y === 'number', encoded?.labels, encoded?.numeric ?? true,
          weighting(this.#classWeight, typeof y === 'number', undefined, where),
        ),
        where,
      );
      return this.#step(raw, this.#core.classes());
    }

    /** Predicted labels, in the values given at fit. */
    predict(X) {
      const where = this.#use('predict', { mutates: false });
      const { data, rows, cols } = toMatrix(X, where);
      const indices = unwrap(this.#core.predict(data, rows, cols), where);
      const classes = this.#core.classes();
      return Array.from(indices, (c) => classes[c]);
    }

    /** Scores w.x + b, one per row. */
    decisionFunction(X) {
      const where = this.#use('decisionFunction', { mutates: false });
      const { data, rows, cols } = toMatrix(X, where);
      return unwrap(this.#core.decisionFunction(data, rows, cols), where);
    }

    /**
     * For each example, whether a training step on it would update the current weights now:
     * a mistake under mistakeRule (or within the margin). All false means fit would stop.
     */
    isMistake(X, y) {
      const where = this.#use('isMistake', { mutates: false });
      const { data, rows, cols } = toMatrix(X, where);
      const { labels, numeric } = toLabels(y, where);
      return Array.from(unwrap(this.#core.wouldUpdate(data, rows, cols, labels, numeric), where), Boolean);
    }

    /** Accuracy on X, y (labels must be among the model's classes). */
    score(X, y) {
      const where = this.#use('score', { mutates: false });
      const { data, rows, cols } = toMatrix(X, where);
      const { labels, numeric } = toLabels(y, where);
      return unwrap(this.#core.score(data, rows, cols, labels, numeric), where);
    }

    /** The weights that predict: current (classic), averaged, pocket; voted: the last vector. */
    get weights() {
      this.#use('weights', { mutates: false });
      return Array.from(this.#core.weights());
    }

    get bias() {
      this.#use('bias', { mutates: false });
      return this.#core.bias();
    }

    /** The weights the training loop updates, as the trace shows them. */
    get currentWeights() {
      this.#use('currentWeights', { mutates: false });
      return Array.from(this.#core.currentWeights());
    }

    get currentBias() {
      this.#use('currentBias', { mutates: false });
      return this.#core.currentBias();
    }

    /** Voted only: every weight vector with its survival count; null for other variants. */
    get votedVectors() {
      this.#use('votedVectors', { mutates: false });
      const state = this.#core.variantState();
      if (!state.votedCounts) return null;
      const d = this.#core.nFeatures();
      return Array.from(state.votedCounts, (count, k) => ({
        weights: Array.from(state.votedWeights.subarray(k * d, (k + 1) * d)),
        bias: state.votedBiases[k],
        count,
      }));
    }

    get classes() {
      this.#use('classes', { mutates: false });
      return this.#core.classes();
    }

    get nFeatures() {
      this.#use('nFeatures', { mutates: false });
      return this.#core.nFeatures();
    }

    /** Steps taken since training started (the t of the last trace step). */
    get steps() {
      this.#use('steps', { mutates: false });
      return this.#core.steps();
    }

    get fitted() {
      this.#use('fitted', { mutates: false });
      return this.#core.fitted();
    }

    /** The options in effect, every one of them (defaults filled in). */
    get options() {
      this.#use('options', { mutates: false });
      return this.#optionsObject();
    }

    #optionsObject() {
      const options = this.#core.options();
      if (this.#classWeight !== undefined) {
        options.classWeight = typeof this.#classWeight === 'string' ? this.#classWeight : { ...this.#classWeight };
      }
      return options;
    }

    toJSON() {
      this.#use('toJSON', { mutates: false });
      const fitted = this.#core.fitted();
      const state = fitted ? this.#core.variantState() : {};
      return {
        format: FORMAT,
        version: FORMAT_VERSION,
        options: this.#optionsObject(),
        classes: this.#core.classes(),
        nFeatures: this.#core.nFeatures(),
        // The training state, so that learning can continue exactly after fromJSON.
        weights: fitted ? Array.from(this.#core.currentWeights()) : [],
        bias: this.#core.currentBias(),
        steps: this.#core.steps(),
        state: Object.fromEntries(Object.entries(state).map(([k, v]) => [k, Array.from(v)])),
      };
    }

    /** Rebuilds a model from toJSON()'s object (or its JSON text); every field is checked. */
    static fromJSON(json) {
      const where = 'Perceptron.fromJSON';
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
      field('format', (v) => v === FORMAT, JSON.stringify(FORMAT));
      field('version', (v) => typeof v === 'number', 'a number');
      field('version', (v) => v === FORMAT_VERSION, String(FORMAT_VERSION), RangeError);
      const options = field('options', isPlainObject, 'an object');
      const classes = field('classes', Array.isArray, 'an array of two labels');
      const weights = field('weights', Array.isArray, 'an array of numbers');
      const nFeatures = field('nFeatures', (v) => Number.isSafeInteger(v) && v >= 0, 'a non-negative integer');
      field('bias', (v) => typeof v === 'number', 'a number');
      field('steps', (v) => typeof v === 'number', 'a number');
      const state = field('state', (v) => v === undefined || isPlainObject(v), 'an object of number arrays') ?? {};
      const stateArrays = {};
      for (const [key, values] of Object.entries(state)) {
        stateArrays[key] = toVector(values, where, `field state.${key}`);
      }
      if (weights.length !== nFeatures) {
        throw new RangeError(
          `${where}: field weights must hold nFeatures = ${nFeatures} numbers; received ${weights.length}`,
        );
      }
      let model;
      try {
        model = new Perceptron(options);
      } catch (error) {
        throw new error.constructor(error.message.replace(/^new Perceptron: /, `${where}: field options: `));
      }
      if (nFeatures === 0 && classes.length === 0) return model; // saved before learning anything
      try {
        const encoded = toLabels(classes, where, 'classes');
        const w = toVector(weights, where, 'weights');
        const { classWeight, ...coreOptions } = options;
        void classWeight; // kept by the constructor above
        unwrap(model.#core.restore(coreOptions, encoded.labels, encoded.numeric, w, obj.bias, obj.steps, stateArrays), where);
      } catch (error) {
        model.dispose();
        throw error;
      }
      return model;
    }

    /** Frees the wasm memory now (a FinalizationRegistry does it eventually otherwise). */
    dispose() {
      if (this.#core === null) return;
      this.#use('dispose');
      registry.unregister(this);
      this.#core.delete();
      this.#core = null;
    }

    [disposeSymbol]() {
      this.dispose();
    }

    get [Symbol.toStringTag]() {
      return 'Perceptron';
    }
  }

  /**
   * The rows fit visits, in order, for {order, seed, rows, count}: cyclic 0..rows-1 repeated,
   * shuffle a new permutation every `rows` visits, sample uniform draws with replacement.
   * Driving learnOne in this order reproduces fit step for step.
   */
  function visitOrder(options) {
    const where = 'visitOrder';
    const { order, seed, rows, count } = checkOptionsObject(options, where, ['order', 'seed', 'rows', 'count']);
    if (!Number.isSafeInteger(rows) || rows < 1 || rows > 0xffffffff) {
      throw new (typeof rows === 'number' ? RangeError : TypeError)(
        `${where}: option rows must be an integer from 1 to 4294967295; received ${describe(rows)}`,
      );
    }
    if (!Number.isSafeInteger(count) || count < 0 || count > 0x7fffffff) {
      throw new (typeof count === 'number' ? RangeError : TypeError)(
        `${where}: option count must be an integer from 0 to 2147483647; received ${describe(count)}`,
      );
    }
    return unwrap(core.visitOrder({ order, seed }, rows, count), where);
  }

  return Object.freeze({
    Perceptron,
    visitOrder,
    NotFittedError,
    DisposedError,
    optionNames: Object.freeze(core.optionNames()),
    FORMAT,
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
