// Bad input for pw.Dataset: fromArray, generate, the constructor, and a Dataset instance (its
// getters and methods, a disposed Dataset passed to models and the other modules, a Dataset with
// bad labels). Each call must fail with the right class and a message naming the argument, and
// leave the Dataset, a fitted model and the wasm memory in use as they were.
import { badInputTable, modelState } from './bad-input.mjs';
import { CMU_X, CMU_Y, pw } from './helpers.mjs';

const flat = Float64Array.from(CMU_X.flat());

// Shared by the cases, made once: a fitted model (its state is part of every picture), a
// disposed Dataset and a Dataset without labels.
const model = new pw.Perceptron({ maxEpochs: 5 });
model.fit(CMU_X, CMU_Y);
const disposed = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y);
disposed.dispose();
const unlabelled = pw.Dataset.fromArray(CMU_X);
const wide = pw.Dataset.fromArray([[1, 2, 3]]);
const scaler = pw.preprocessing.fitScaler(CMU_X);
const wasmRow = new Float64Array(40000);
const hugeX = Array.from({ length: 40000 }, () => wasmRow); // one shared row: no JS memory

// A fresh model for one call, disposed whatever the call does.
function withModel(make, use) {
  const m = make();
  try {
    return use(m);
  } finally {
    m.dispose();
  }
}

const fromArray = (...args) => pw.Dataset.fromArray(...args);
const generate = (...args) => pw.Dataset.generate(...args);
const getter = (name) => Object.getOwnPropertyDescriptor(pw.Dataset.prototype, name).get;

const cases = [
  // fromArray: X
  ['fromArray X null', () => fromArray(null), TypeError, /Dataset\.fromArray: X must be an array of rows/, /null/],
  ['fromArray X undefined', () => fromArray(undefined), TypeError, /Dataset\.fromArray: X must be/, /undefined/],
  ['fromArray X a string', () => fromArray('X'), TypeError, /Dataset\.fromArray: X must be/, /the string "X"/],
  ['fromArray X a number', () => fromArray(42), TypeError, /Dataset\.fromArray: X must be/, /received 42/],
  ['fromArray X an object without data', () => fromArray({ rows: 1, cols: 1 }), TypeError, /Dataset\.fromArray: X/],
  [
    'fromArray X a flat array of numbers',
    () => fromArray([1, 2, 3]),
    TypeError,
    /Dataset\.fromArray: X\[0\] must be an array of numbers/,
    /for a single example pass \[x\]/,
  ],
  ['fromArray X without rows', () => fromArray([]), RangeError, /Dataset\.fromArray: X must have at least one row/],
  [
    'fromArray X with an empty row',
    () => fromArray([[]]),
    RangeError,
    /Dataset\.fromArray: X must have at least one col/,
  ],
  [
    'fromArray X a Dataset',
    (d) => fromArray(d),
    TypeError,
    /Dataset\.fromArray: X/,
    /received a (pw\.)?Dataset|X is a (pw\.)?Dataset/,
  ],
  [
    'fromArray X a row of bigints in a BigInt64Array',
    () => fromArray([BigInt64Array.of(1n, 2n)]),
    TypeError,
    /Dataset\.fromArray: X\[0\]/,
  ],
  ['fromArray X a row not an array', () => fromArray([[1, 2], 'ab']), TypeError, /X\[1\] must be an array/],
  [
    'fromArray X ragged rows',
    () => fromArray([[1, 2], [3]]),
    RangeError,
    /Dataset\.fromArray: X must have rows of equal length/,
    /X\[1\] has 1/,
  ],
  [
    'fromArray X a string value',
    () => fromArray([[1, 'a']]),
    TypeError,
    /Dataset\.fromArray: X\[0\]\[1\] must be a number; received the string "a"/,
  ],
  [
    'fromArray X a null value',
    () =>
      fromArray([
        [1, 2],
        [null, 3],
      ]),
    TypeError,
    /X\[1\]\[0\] must be a number/,
    /null/,
  ],
  ['fromArray X a bigint value', () => fromArray([[1n, 2]]), TypeError, /X\[0\]\[0\] must be a number/, /bigint/],
  [
    'fromArray X NaN',
    () => fromArray([[1, NaN]]),
    RangeError,
    /Dataset\.fromArray: X must contain only finite numbers; received NaN at row 0, column 1/,
  ],
  [
    'fromArray X Infinity',
    () => fromArray([[Infinity, 1]]),
    RangeError,
    /X must contain only finite/,
    /row 0, column 0/,
  ],
  [
    'fromArray X -Infinity in a later row',
    () =>
      fromArray([
        [1, 2],
        [3, -Infinity],
      ]),
    RangeError,
    /X must contain only finite numbers; received -Infinity at row 1, column 1/,
  ],
  [
    'fromArray a Float64Array without shape',
    () => fromArray(flat),
    TypeError,
    /Dataset\.fromArray: a Float64Array needs its shape/,
  ],
  [
    'fromArray a Float32Array of the wrong length for its shape',
    () => fromArray(new Float32Array(4), { rows: 3, cols: 2 }),
    RangeError,
    /X\.data must hold rows \* cols = 3 \* 2 = 6 values; received 4/,
  ],
  [
    'fromArray a Float64Array holding NaN',
    () => fromArray(Float64Array.of(1, 2, 3, NaN), { rows: 2, cols: 2 }),
    RangeError,
    /X must contain only finite numbers; received NaN at row 1, column 1/,
  ],
  [
    'fromArray an Int32Array with shape',
    () => fromArray(new Int32Array(4), { rows: 2, cols: 2 }),
    TypeError,
    /Dataset\.fromArray: X\.data must be a Float64Array or Float32Array/,
    /Int32Array/,
  ],
  [
    'fromArray {data} a plain array',
    () => fromArray({ data: [1, 2], rows: 1, cols: 2 }),
    TypeError,
    /X\.data must be a Float64Array or Float32Array/,
  ],
  [
    'fromArray {data} rows a string',
    () => fromArray({ data: flat, rows: '6', cols: 2 }),
    TypeError,
    /Dataset\.fromArray: X\.rows must be a non-negative integer; received the string "6"/,
  ],
  [
    'fromArray {data} rows negative',
    () => fromArray({ data: new Float64Array(0), rows: -1, cols: 0 }),
    RangeError,
    /Dataset\.fromArray: X\.rows must be a non-negative integer; received -1/,
  ],
  [
    'fromArray {data} cols fractional',
    () => fromArray({ data: flat, rows: 8, cols: 1.5 }),
    RangeError,
    /Dataset\.fromArray: X\.cols must be a non-negative integer; received 1\.5/,
  ],
  [
    'fromArray {data} of the wrong length',
    () => fromArray({ data: flat, rows: 2, cols: 3 }),
    RangeError,
    /X\.data must hold rows \* cols = 2 \* 3 = 6 values; received 12/,
  ],
  [
    'fromArray a matrix larger than wasm memory',
    () => fromArray(hugeX),
    RangeError,
    /cannot allocate X \(40000 x 40000 float64 values, 12800000000 bytes\)/,
  ],
  // fromArray: shape
  [
    'fromArray labels passed as the shape',
    () => fromArray(CMU_X, CMU_Y),
    TypeError,
    /Dataset\.fromArray: shape must be \{rows, cols\}/,
    /labels come third/,
  ],
  ['fromArray shape a number', () => fromArray(CMU_X, 6), TypeError, /Dataset\.fromArray: shape must be/, /6/],
  [
    'fromArray shape disagreeing with X',
    () => fromArray(CMU_X, { rows: 5, cols: 2 }),
    RangeError,
    /Dataset\.fromArray: X has 6 rows and 2 columns; shape says \{rows: 5, cols: 2\}/,
  ],
  [
    'fromArray shape rows a string with number[][]',
    () => fromArray(CMU_X, { rows: '6', cols: 2 }),
    TypeError,
    /Dataset\.fromArray: shape\.rows must be a non-negative integer/,
    /the string "6"/,
  ],
  [
    'fromArray shape without rows for a typed array',
    () => fromArray(flat, {}),
    TypeError,
    /Dataset\.fromArray: shape\.rows must be a non-negative integer; received undefined/,
  ],
  // fromArray: labels
  [
    'fromArray labels a string',
    () => fromArray(CMU_X, undefined, 'abcdef'),
    TypeError,
    /Dataset\.fromArray: labels must be an array of labels/,
  ],
  ['fromArray labels an object', () => fromArray(CMU_X, undefined, { 0: 1 }), TypeError, /labels must be an array/],
  ['fromArray labels a number', () => fromArray(CMU_X, undefined, 1), TypeError, /labels must be an array/, /1/],
  [
    'fromArray too few labels',
    () => fromArray(CMU_X, undefined, [1, -1]),
    RangeError,
    /Dataset\.fromArray: labels must have one label per row of X \(6\); received 2 labels/,
  ],
  [
    'fromArray too many labels in a typed array',
    () => fromArray(CMU_X, undefined, new Int8Array(7)),
    RangeError,
    /labels must have one label per row of X \(6\); received 7 labels/,
  ],
  [
    'fromArray labels mixing numbers and strings',
    () => fromArray(CMU_X, undefined, [1, 'a', 1, 1, 1, 1]),
    TypeError,
    /Dataset\.fromArray: labels must hold only numbers or only strings/,
    /labels\[1\]/,
  ],
  [
    'fromArray a null label',
    () => fromArray(CMU_X, undefined, [1, 1, null, 1, 1, 1]),
    TypeError,
    /Dataset\.fromArray: labels\[2\] must be a number or a string; received null/,
  ],
  [
    'fromArray a NaN label',
    () => fromArray(CMU_X, undefined, [1, 1, 1, NaN, 1, 1]),
    RangeError,
    /Dataset\.fromArray: labels\[3\]/,
    /NaN/,
  ],
  [
    'fromArray an Infinity label in a Float64Array',
    () => fromArray(CMU_X, undefined, Float64Array.of(1, 1, 1, 1, Infinity, 1)),
    RangeError,
    /Dataset\.fromArray: labels\[4\]/,
    /Infinity/,
  ],
  [
    'fromArray labels a BigInt64Array',
    () => fromArray(CMU_X, undefined, BigInt64Array.of(1n, 1n, 1n, 1n, 1n, 1n)),
    TypeError,
    /Dataset\.fromArray: labels/,
  ],
  [
    'fromArray a label with a lone surrogate',
    () => fromArray(CMU_X, undefined, ['a', 'b', '\ud800', 'a', 'b', 'a']),
    TypeError,
    /labels\[2\] must be a well-formed string/,
  ],
  // fromArray: options
  [
    'fromArray options a string',
    () => fromArray(CMU_X, undefined, CMU_Y, 'float32'),
    TypeError,
    /Dataset\.fromArray: options must be a plain object; received the string "float32"/,
  ],
  [
    'fromArray options an array',
    () => fromArray(CMU_X, undefined, CMU_Y, ['float32']),
    TypeError,
    /Dataset\.fromArray: options must be a plain object/,
  ],
  [
    'fromArray an unknown option',
    () => fromArray(CMU_X, undefined, CMU_Y, { shape: { rows: 6, cols: 2 } }),
    TypeError,
    /Dataset\.fromArray: unknown option "shape"; known options are dtype, featureNames/,
  ],
  [
    'fromArray dtype int8',
    () => fromArray(CMU_X, undefined, CMU_Y, { dtype: 'int8' }),
    RangeError,
    /Dataset\.fromArray: option dtype must be 'float64' or 'float32'; received the string "int8"/,
  ],
  [
    'fromArray dtype in capitals',
    () => fromArray(CMU_X, undefined, CMU_Y, { dtype: 'Float32' }),
    RangeError,
    /option dtype/,
    /"Float32"/,
  ],
  [
    'fromArray dtype a number',
    () => fromArray(CMU_X, undefined, CMU_Y, { dtype: 32 }),
    TypeError,
    /option dtype/,
    /32/,
  ],
  [
    'fromArray dtype null',
    () => fromArray(CMU_X, undefined, CMU_Y, { dtype: null }),
    TypeError,
    /option dtype/,
    /null/,
  ],
  [
    'fromArray float32 value beyond its range',
    () => fromArray([[1e39, 1]], undefined, undefined, { dtype: 'float32' }),
    RangeError,
    /Dataset\.fromArray: X/,
    /row 0, column 0/,
    /1e\+39|float32/,
  ],
  [
    'fromArray featureNames a string',
    () => fromArray(CMU_X, undefined, CMU_Y, { featureNames: 'ab' }),
    TypeError,
    /Dataset\.fromArray: option featureNames must be an array of strings; received the string "ab"/,
  ],
  [
    'fromArray featureNames of numbers',
    () => fromArray(CMU_X, undefined, CMU_Y, { featureNames: [1, 2] }),
    TypeError,
    /option featureNames must be an array of strings/,
  ],
  [
    'fromArray featureNames with a hole',
    () => fromArray(CMU_X, undefined, CMU_Y, { featureNames: [, 'b'] }),
    TypeError,
    /Dataset\.fromArray: option featureNames must be an array of strings/,
  ],
  [
    'fromArray a featureName with a lone surrogate',
    () => fromArray(CMU_X, undefined, CMU_Y, { featureNames: ['\ud800', 'b'] }),
    TypeError,
    /Dataset\.fromArray: .*featureNames\[0\] must be a well-formed string/,
  ],
  [
    'fromArray too few featureNames',
    () => fromArray(CMU_X, undefined, CMU_Y, { featureNames: ['a'] }),
    RangeError,
    /Dataset\.fromArray: featureNames must hold one name per column \(2\); received 1/,
  ],
  [
    'fromArray too many featureNames',
    () => fromArray(CMU_X, undefined, CMU_Y, { featureNames: ['a', 'b', 'c'] }),
    RangeError,
    /featureNames must hold one name per column \(2\); received 3/,
  ],
  // The constructor
  ['new Dataset()', () => new pw.Dataset(), TypeError, /new Dataset: build one with pw\.Dataset\.fromArray/],
  ['new Dataset(X)', () => new pw.Dataset(CMU_X, CMU_Y), TypeError, /new Dataset/],
  // generate
  ['generate an unknown kind', () => generate('moons'), RangeError, /Dataset\.generate: .*kind/, /"moons"/],
  ['generate kind a number', () => generate(1), TypeError, /Dataset\.generate: .*kind/],
  ['generate without a kind', () => generate(), TypeError, /Dataset\.generate: .*kind/, /undefined/],
  ['generate rows 0', () => generate('xor', { rows: 0 }), RangeError, /Dataset\.generate: .*rows/, /0/],
  ['generate rows fractional', () => generate('xor', { rows: 10.5 }), RangeError, /Dataset\.generate: .*rows/, /10\.5/],
  ['generate rows a string', () => generate('xor', { rows: '10' }), TypeError, /Dataset\.generate: .*rows/],
  ['generate rows too many', () => generate('xor', { rows: 2_000_000 }), RangeError, /rows/, /1000000|1,000,000/],
  ['generate margin too wide', () => generate('separable', { margin: 0.6 }), RangeError, /Dataset\.generate: .*margin/],
  ['generate noise negative', () => generate('gaussians', { noise: -0.1 }), RangeError, /Dataset\.generate: .*noise/],
  ['generate noise NaN', () => generate('circles', { noise: NaN }), RangeError, /Dataset\.generate: .*noise/],
  ['generate seed fractional', () => generate('blobs', { seed: 1.5 }), RangeError, /Dataset\.generate: .*seed/, /1\.5/],
  [
    'generate margin a string',
    () => generate('separable', { margin: '0.1' }),
    TypeError,
    /Dataset\.generate: .*margin/,
  ],
  ['generate options null', () => generate('xor', null), TypeError, /Dataset\.generate: options must be a plain/],
  ['generate seed negative', () => generate('spiral', { seed: -1 }), RangeError, /Dataset\.generate: .*seed/],
  [
    'generate kind as an option',
    () => generate('xor', { kind: 'blobs' }),
    TypeError,
    /Dataset\.generate: unknown option "kind"/,
  ],
  ['generate options a string', () => generate('xor', 'rows'), TypeError, /Dataset\.generate: options must be a plain/],
  // A Dataset's own members
  ['a detached toArray', (d) => d.toArray.call(undefined), TypeError, /Dataset\.toArray: this/],
  ['the rows getter on a plain object', () => getter('rows').call({}), TypeError, /Dataset\.rows: this/],
  ['the labels getter on an array', () => getter('labels').call([1, 2]), TypeError, /Dataset\.labels: this/],
  ['dispose on a plain object', () => pw.Dataset.prototype.dispose.call({}), TypeError, /Dataset\.dispose: this/],
  [
    'setting rows',
    (d) => {
      d.rows = 3;
    },
    TypeError,
    /rows/,
  ],
  [
    'setting labels',
    (d) => {
      d.labels = [1, 1, 1, 1, 1, 1];
    },
    TypeError,
    /labels/,
  ],
  // A disposed Dataset
  ['rows of a disposed Dataset', () => disposed.rows, pw.DisposedError, /Dataset\.rows: this is a disposed Dataset/],
  ['cols of a disposed Dataset', () => disposed.cols, pw.DisposedError, /Dataset\.cols: this is a disposed Dataset/],
  ['dtype of a disposed Dataset', () => disposed.dtype, pw.DisposedError, /Dataset\.dtype: this is a disposed/],
  ['labels of a disposed Dataset', () => disposed.labels, pw.DisposedError, /Dataset\.labels: this is a disposed/],
  ['classes of a disposed Dataset', () => disposed.classes, pw.DisposedError, /Dataset\.classes: this is a disposed/],
  [
    'featureNames of a disposed Dataset',
    () => disposed.featureNames,
    pw.DisposedError,
    /Dataset\.featureNames: this is a disposed Dataset/,
  ],
  [
    'droppedRows of a disposed Dataset',
    () => disposed.droppedRows,
    pw.DisposedError,
    /Dataset\.droppedRows: this is a disposed Dataset/,
  ],
  [
    'toArray of a disposed Dataset',
    () => disposed.toArray(),
    pw.DisposedError,
    /Dataset\.toArray: this is a disposed Dataset; build a new one/,
  ],
  [
    'fit on a disposed Dataset',
    () => model.fit(disposed),
    pw.DisposedError,
    /Perceptron\.fit: X is a disposed Dataset/,
  ],
  [
    'fit of a new model on a disposed Dataset',
    () =>
      withModel(
        () => new pw.MulticlassPerceptron(),
        (m) => m.fit(disposed),
      ),
    pw.DisposedError,
    /MulticlassPerceptron\.fit: X is a disposed Dataset/,
  ],
  [
    'partialFit on a disposed Dataset with y',
    () => model.partialFit(disposed, CMU_Y),
    pw.DisposedError,
    /Perceptron\.partialFit: X is a disposed Dataset/,
  ],
  [
    'a disposed validation Dataset',
    (d) =>
      withModel(
        () => new pw.Perceptron(),
        (m) => m.fit(d, undefined, { validation: { X: disposed } }),
      ),
    pw.DisposedError,
    /Perceptron\.fit: validation\.X is a disposed Dataset/,
  ],
  [
    'predict on a disposed Dataset',
    () => model.predict(disposed),
    pw.DisposedError,
    /Perceptron\.predict: X is a disp/,
  ],
  [
    'decisionFunction on a disposed Dataset',
    () => model.decisionFunction(disposed),
    pw.DisposedError,
    /Perceptron\.decisionFunction: X is a disposed Dataset/,
  ],
  ['score on a disposed Dataset', () => model.score(disposed), pw.DisposedError, /Perceptron\.score: X is a disposed/],
  [
    'split of a disposed Dataset',
    () => pw.modelSelection.split(disposed, { test: 0.5 }),
    pw.DisposedError,
    /modelSelection\.split: .*disposed Dataset/,
  ],
  [
    'kFold of a disposed Dataset',
    () => pw.modelSelection.kFold(disposed, { k: 2 }),
    pw.DisposedError,
    /modelSelection\.kFold: .*disposed Dataset/,
  ],
  [
    'transform of a disposed Dataset',
    () => pw.preprocessing.transform(scaler, disposed),
    pw.DisposedError,
    /preprocessing\.transform: X is a disposed Dataset/,
  ],
  [
    'radius of a disposed Dataset',
    () => pw.analysis.radius(disposed),
    pw.DisposedError,
    /analysis\.radius: X is a disposed Dataset/,
  ],
  // A live Dataset with bad company
  [
    'fit on a Dataset with too few labels',
    (d) =>
      withModel(
        () => new pw.Perceptron(),
        (m) => m.fit(d, [1, -1]),
      ),
    RangeError,
    /Perceptron\.fit: y must have one label per row of X \(6\); received 2 labels/,
  ],
  [
    'fit on a Dataset with labels a string',
    (d) =>
      withModel(
        () => new pw.Perceptron(),
        (m) => m.fit(d, 'y'),
      ),
    TypeError,
    /Perceptron\.fit: y must be an array of labels/,
  ],
  [
    'fit on a Dataset without labels',
    () => model.fit(unlabelled),
    TypeError,
    /Perceptron\.fit: X is a Dataset without labels; give y/,
  ],
  [
    'dispose from a fit callback',
    (d) =>
      withModel(
        () => new pw.Perceptron({ maxEpochs: 3 }),
        (m) => m.fit(d, undefined, { onEpoch: () => d.dispose() }),
      ),
    TypeError,
    /Dataset\.dispose: the Dataset is being trained on/,
  ],
  [
    'split of a Dataset with a test fraction above 1',
    (d) => pw.modelSelection.split(d, { test: 1.5 }),
    RangeError,
    /modelSelection\.split: .*test/,
  ],
  [
    'kFold of a Dataset with more folds than rows',
    (d) => pw.modelSelection.kFold(d, { k: 10 }),
    RangeError,
    /modelSelection\.kFold: .*k/,
  ],
  [
    'transform of a Dataset by a scaler of another width',
    (d) => pw.preprocessing.transform({ kind: 'standardize', shift: [0, 0, 0], scale: [1, 1, 1] }, d),
    RangeError,
    /preprocessing\.transform: .*(scaler|shift|scale)/,
  ],
  ['predict of a Dataset of another width', () => model.predict(wide), RangeError, /Perceptron\.predict: X/, /3/],
];

badInputTable('pw.Dataset', {
  setup: () => pw.Dataset.fromArray(CMU_X, undefined, CMU_Y, { featureNames: ['a', 'b'] }),
  state: (d) =>
    JSON.stringify({
      rows: d.rows,
      cols: d.cols,
      dtype: d.dtype,
      labels: d.labels,
      classes: d.classes,
      featureNames: d.featureNames,
      droppedRows: d.droppedRows,
      data: Array.from(d.toArray().data),
      model: modelState(model),
    }),
  teardown: (d) => d.dispose(),
  cases,
});
