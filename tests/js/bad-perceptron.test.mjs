// Bad-input tables for pw.Perceptron (index.d.ts: Model, Perceptron, PerceptronOptions, FitOptions,
// PartialFitOptions, LearnOneOptions): every call must fail with the documented error class, a
// message naming the argument (and what it received), and leave the model and the wasm memory
// as they were. errors.test.mjs has the first cases; these cover the rest of the surface.
import { AND_X, AND_Y, CMU_X, CMU_Y, pw } from './helpers.mjs';
import { badInputTable, modelState } from './bad-input.mjs';

const typed = (rows, cols, values = new Array(rows * cols).fill(0)) => ({
  data: Float64Array.from(values),
  rows,
  cols,
});
const withNaN = (X, i, j, value = NaN) => X.map((row, r) => row.map((v, c) => (r === i && c === j ? value : v)));

function fitted() {
  const p = new pw.Perceptron();
  p.fit(AND_X, AND_Y);
  return p;
}

// A Dataset for one call, disposed whatever happens.
function withDataset(X, labels, fn) {
  const data = pw.Dataset.fromArray(X, undefined, labels);
  try {
    return fn(data);
  } finally {
    data.dispose();
  }
}

// A model made for one call (its options are the subject of the case), disposed afterwards.
function withModel(options, fn) {
  const p = new pw.Perceptron(options);
  try {
    return fn(p);
  } finally {
    p.dispose();
  }
}

const P = { setup: fitted, state: modelState, teardown: (p) => p.dispose() };

// fit's bad input: the same on a fitted and on a fresh model.
const FIT_CASES = [
  // X that is not a matrix
  [
    'X undefined',
    (p) => p.fit(undefined, AND_Y),
    TypeError,
    /Perceptron\.fit: X must be an array of rows/,
    /received undefined/,
  ],
  ['X true', (p) => p.fit(true, AND_Y), TypeError, /Perceptron\.fit: X must be an array of rows/, /received true/],
  ['X a function', (p) => p.fit(() => AND_X, AND_Y), TypeError, /Perceptron\.fit: X must be/, /received a function/],
  ['X a bigint', (p) => p.fit(5n, AND_Y), TypeError, /Perceptron\.fit: X must be/, /received the bigint 5n/],
  ['X a symbol', (p) => p.fit(Symbol('X'), AND_Y), TypeError, /Perceptron\.fit: X must be/, /received a symbol/],
  [
    'X an object without data',
    (p) => p.fit({ rows: 4, cols: 2 }, AND_Y),
    TypeError,
    /Perceptron\.fit: X must be/,
    /received an object/,
  ],
  [
    'X an ArrayBuffer',
    (p) => p.fit(new ArrayBuffer(64), AND_Y),
    TypeError,
    /Perceptron\.fit: X must be/,
    /received an object/,
  ],
  [
    'X a bare Float32Array',
    (p) => p.fit(new Float32Array(8), AND_Y),
    TypeError,
    /\{data, rows, cols\}/,
    /received a Float32Array of length 8/,
  ],
  [
    'X rows that are strings',
    (p) => p.fit(['00', '01', '10', '11'], AND_Y),
    TypeError,
    /Perceptron\.fit: X\[0\] must be an array of numbers/,
    /received the string "00"/,
  ],
  [
    'X with a null row',
    (p) => p.fit([[0, 0], null, [1, 0], [1, 1]], AND_Y),
    TypeError,
    /X\[1\] must be an array of numbers/,
    /received null/,
  ],
  [
    'X with an array-like row',
    (p) => p.fit([[0, 0], { 0: 0, 1: 1, length: 2 }, [1, 0], [1, 1]], AND_Y),
    TypeError,
    /X\[1\] must be an array of numbers/,
    /received an object/,
  ],
  [
    'X with a longer later row',
    (p) =>
      p.fit(
        [
          [0, 0],
          [0, 1, 2],
          [1, 0],
          [1, 1],
        ],
        AND_Y,
      ),
    RangeError,
    /Perceptron\.fit: X must have rows of equal length; X\[0\] has 2 values, X\[1\] has 3/,
  ],
  [
    'X with ragged typed rows',
    (p) => p.fit([Float64Array.of(0, 0), Float64Array.of(0), Float64Array.of(1, 0), Float64Array.of(1, 1)], AND_Y),
    RangeError,
    /X must have rows of equal length; X\[0\] has 2 values, X\[1\] has 1/,
  ],
  // values in X
  [
    'a boolean in X',
    (p) =>
      p.fit(
        [
          [0, true],
          [0, 1],
          [1, 0],
          [1, 1],
        ],
        AND_Y,
      ),
    TypeError,
    /Perceptron\.fit: X\[0\]\[1\] must be a number; received true/,
  ],
  [
    'a null in X',
    (p) =>
      p.fit(
        [
          [0, 0],
          [null, 1],
          [1, 0],
          [1, 1],
        ],
        AND_Y,
      ),
    TypeError,
    /X\[1\]\[0\] must be a number; received null/,
  ],
  [
    'an undefined in X',
    (p) =>
      p.fit(
        [
          [0, 0],
          [0, 1],
          [1, undefined],
          [1, 1],
        ],
        AND_Y,
      ),
    TypeError,
    /X\[2\]\[1\] must be a number; received undefined/,
  ],
  [
    'a bigint in X',
    (p) =>
      p.fit(
        [
          [0, 0],
          [0, 1],
          [1, 0],
          [1n, 1],
        ],
        AND_Y,
      ),
    TypeError,
    /X\[3\]\[0\] must be a number; received the bigint 1n/,
  ],
  [
    'a nested array in X',
    (p) =>
      p.fit(
        [
          [0, [0]],
          [0, 1],
          [1, 0],
          [1, 1],
        ],
        AND_Y,
      ),
    TypeError,
    /X\[0\]\[1\] must be a number; received an array of length 1/,
  ],
  [
    'NaN in the last row of X',
    (p) => p.fit(withNaN(AND_X, 3, 1), AND_Y),
    RangeError,
    /Perceptron\.fit: X must contain only finite numbers; received NaN at row 3, column 1/,
  ],
  [
    '-Infinity in X',
    (p) => p.fit(withNaN(AND_X, 2, 0, -Infinity), AND_Y),
    RangeError,
    /X must contain only finite numbers; received -Infinity at row 2, column 0/,
  ],
  [
    'NaN in a typed row of X',
    (p) => p.fit([Float64Array.of(0, NaN), Float64Array.of(0, 1), Float64Array.of(1, 0), Float64Array.of(1, 1)], AND_Y),
    RangeError,
    /X must contain only finite numbers; received NaN at row 0, column 1/,
  ],
  [
    'Infinity in a Float32Array row of X',
    (p) =>
      p.fit([Float32Array.of(0, 0), Float32Array.of(Infinity, 1), Float32Array.of(1, 0), Float32Array.of(1, 1)], AND_Y),
    RangeError,
    /received Infinity at row 1, column 0/,
  ],
  [
    'NaN in typed X data',
    (p) => p.fit(typed(4, 2, [0, 0, 0, 1, 1, 0, 1, NaN]), AND_Y),
    RangeError,
    /received NaN at row 3, column 1/,
  ],
  // {data, rows, cols}
  [
    'typed X with no columns',
    (p) => p.fit({ data: new Float64Array(0), rows: 4, cols: 0 }, AND_Y),
    RangeError,
    /Perceptron\.fit: X must have at least one column; received 0 columns/,
  ],
  [
    'typed X with no rows',
    (p) => p.fit({ data: new Float64Array(0), rows: 0, cols: 2 }, []),
    RangeError,
    /Perceptron\.fit: X must have at least one row; received 0 rows/,
  ],
  [
    'typed X with cols a string',
    (p) => p.fit({ data: new Float64Array(8), rows: 4, cols: '2' }, AND_Y),
    TypeError,
    /X\.cols must be a non-negative integer; received the string "2"/,
  ],
  [
    'typed X with fractional rows',
    (p) => p.fit({ data: new Float64Array(8), rows: 4.5, cols: 2 }, AND_Y),
    RangeError,
    /X\.rows must be a non-negative integer; received 4\.5/,
  ],
  [
    'typed X without rows',
    (p) => p.fit({ data: new Float64Array(8), cols: 2 }, AND_Y),
    TypeError,
    /X\.rows must be a non-negative integer; received undefined/,
  ],
  [
    'typed X with Int32Array data',
    (p) => p.fit({ data: new Int32Array(8), rows: 4, cols: 2 }, AND_Y),
    TypeError,
    /X\.data must be a Float64Array or Float32Array/,
    /Int32Array of length 8/,
  ],
  [
    'typed X with null data',
    (p) => p.fit({ data: null, rows: 4, cols: 2 }, AND_Y),
    TypeError,
    /X\.data must be a Float64Array or Float32Array/,
    /received null/,
  ],
  [
    'typed X with too many values',
    (p) => p.fit({ data: new Float64Array(9), rows: 4, cols: 2 }, AND_Y),
    RangeError,
    /X\.data must hold rows \* cols = 4 \* 2 = 8 values; received 9/,
  ],
  [
    'typed Float32 X with too few values',
    (p) => p.fit({ data: new Float32Array(7), rows: 4, cols: 2 }, AND_Y),
    RangeError,
    /X\.data must hold rows \* cols = 4 \* 2 = 8 values; received 7/,
  ],
  // y
  [
    'y left out with an array X',
    (p) => p.fit(AND_X),
    TypeError,
    /Perceptron\.fit: y must be an array of labels/,
    /received undefined/,
  ],
  ['y a number', (p) => p.fit(AND_X, 1), TypeError, /Perceptron\.fit: y must be an array of labels/, /received 1/],
  [
    'y an object',
    (p) => p.fit(AND_X, { 0: -1, 1: -1, 2: -1, 3: 1 }),
    TypeError,
    /y must be an array of labels/,
    /received an object/,
  ],
  [
    'y longer than X',
    (p) => p.fit(AND_X, [-1, -1, -1, 1, 1]),
    RangeError,
    /Perceptron\.fit: y must have one label per row of X \(4\); received 5 labels/,
  ],
  ['y empty', (p) => p.fit(AND_X, []), RangeError, /y must have one label per row of X \(4\); received 0 labels/],
  [
    'a typed y too short',
    (p) => p.fit(AND_X, Int8Array.of(-1, 1)),
    RangeError,
    /y must have one label per row of X \(4\); received 2 labels/,
  ],
  [
    'y with a boolean',
    (p) => p.fit(AND_X, [-1, true, -1, 1]),
    TypeError,
    /Perceptron\.fit: y\[1\] must be a number or a string; received true/,
  ],
  [
    'y with an object',
    (p) => p.fit(AND_X, [-1, -1, {}, 1]),
    TypeError,
    /y\[2\] must be a number or a string; received an object/,
  ],
  [
    'y with an undefined',
    (p) => p.fit(AND_X, [-1, -1, -1, undefined]),
    TypeError,
    /y\[3\] must be a number or a string; received undefined/,
  ],
  [
    'y with Infinity',
    (p) => p.fit(AND_X, [Infinity, -1, -1, 1]),
    RangeError,
    /y\[0\] must be a finite number or a string; received Infinity/,
  ],
  [
    'a typed y with NaN',
    (p) => p.fit(AND_X, Float64Array.of(-1, NaN, -1, 1)),
    RangeError,
    /y\[1\] must be a finite number or a string; received NaN/,
  ],
  [
    'y strings then a number',
    (p) => p.fit(AND_X, ['no', 'no', 1, 'yes']),
    TypeError,
    /y must hold only numbers or only strings; y\[0\] is a string, y\[2\] is 1/,
  ],
  [
    'y with one string class',
    (p) => p.fit(AND_X, ['a', 'a', 'a', 'a']),
    RangeError,
    /y must hold exactly two distinct classes for a binary perceptron; received 1 class \["a"\]/,
  ],
  [
    'y with four classes',
    (p) => p.fit(AND_X, [0, 1, 2, 3]),
    RangeError,
    /y must hold exactly two distinct classes .*; received 4 classes \[0, 1, 2, 3\]/,
  ],
  [
    'y with 0 and -0 only',
    (p) => p.fit(AND_X, [0, -0, 0, -0]),
    RangeError,
    /y must hold exactly two distinct classes .*; received 1 class/,
  ],
  [
    'y with a lone surrogate',
    (p) => p.fit(AND_X, ['\uD800', 'a', 'a', 'b']),
    TypeError,
    /y\[0\] must be a well-formed string \(no lone surrogate\)/,
  ],
  [
    'a BigInt64Array y',
    (p) => p.fit(AND_X, BigInt64Array.of(-1n, -1n, -1n, 1n)),
    TypeError,
    /Perceptron\.fit: y/,
    /BigInt64Array/,
  ],
  [
    'a BigInt64Array row in X',
    (p) => p.fit([BigInt64Array.of(0n, 0n), [0, 1], [1, 0], [1, 1]], AND_Y),
    TypeError,
    /Perceptron\.fit: X\[0\]/,
    /BigInt64Array/,
  ],
  [
    'a DataView row in X',
    (p) => p.fit([new DataView(new ArrayBuffer(16)), [0, 1], [1, 0], [1, 1]], AND_Y),
    TypeError,
    /Perceptron\.fit: X\[0\] must be an array of numbers/,
    /received a DataView(?! of length undefined)/,
  ],
  [
    'X empty, y given',
    (p) => p.fit([], AND_Y),
    RangeError,
    /Perceptron\.fit: (X must have at least one row|y must have one label per row of X \(0\))/,
  ],
  // fit's options
  [
    'fit options an array',
    (p) => p.fit(AND_X, AND_Y, []),
    TypeError,
    /Perceptron\.fit: options must be a plain object; received an array of length 0/,
  ],
  [
    'fit options null',
    (p) => p.fit(AND_X, AND_Y, null),
    TypeError,
    /Perceptron\.fit: options must be a plain object; received null/,
  ],
  [
    'fit options a string',
    (p) => p.fit(AND_X, AND_Y, 'fast'),
    TypeError,
    /options must be a plain object; received the string "fast"/,
  ],
  [
    'a constructor option given to fit',
    (p) => p.fit(AND_X, AND_Y, { maxEpochs: 5 }),
    TypeError,
    /Perceptron\.fit: unknown option "maxEpochs"; known options are onStep, onEpoch, signal, initialWeights, initialBias, sampleWeight, validation/,
  ],
  [
    "partialFit's classes given to fit",
    (p) => p.fit(AND_X, AND_Y, { classes: [-1, 1] }),
    TypeError,
    /Perceptron\.fit: unknown option "classes"/,
  ],
  [
    'onEpoch a string',
    (p) => p.fit(AND_X, AND_Y, { onEpoch: 'log' }),
    TypeError,
    /Perceptron\.fit: option onEpoch must be a function; received the string "log"/,
  ],
  [
    'onStep an object',
    (p) => p.fit(AND_X, AND_Y, { onStep: {} }),
    TypeError,
    /option onStep must be a function; received an object/,
  ],
  [
    'onEpoch null',
    (p) => p.fit(AND_X, AND_Y, { onEpoch: null }),
    TypeError,
    /option onEpoch must be a function; received null/,
  ],
  [
    'signal a string',
    (p) => p.fit(AND_X, AND_Y, { signal: 'stop' }),
    TypeError,
    /Perceptron\.fit: option signal must be an AbortSignal; received the string "stop"/,
  ],
  [
    'signal null',
    (p) => p.fit(AND_X, AND_Y, { signal: null }),
    TypeError,
    /option signal must be an AbortSignal; received null/,
  ],
  [
    'signal a plain object',
    (p) => p.fit(AND_X, AND_Y, { signal: {} }),
    TypeError,
    /option signal must be an AbortSignal; received an object/,
  ],
  [
    'signal an AbortController',
    (p) => p.fit(AND_X, AND_Y, { signal: new AbortController() }),
    TypeError,
    /option signal must be an AbortSignal; received an object/,
  ],
  [
    'sampleWeight too short',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: [1, 1, 1] }),
    RangeError,
    /Perceptron\.fit: sampleWeight must have one weight per row of X \(4\); received 3/,
  ],
  [
    'sampleWeight too long',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: Float64Array.of(1, 1, 1, 1, 1) }),
    RangeError,
    /sampleWeight must have one weight per row of X \(4\); received 5/,
  ],
  [
    'a negative sampleWeight',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: [1, 1, -1, 1] }),
    RangeError,
    /sampleWeight\[2\] must be a finite number >= 0; received -1/,
  ],
  [
    'a NaN sampleWeight',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: [NaN, 1, 1, 1] }),
    RangeError,
    /sampleWeight\[0\] must be a finite number >= 0; received NaN/,
  ],
  [
    'an infinite sampleWeight',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: [1, 1, 1, Infinity] }),
    RangeError,
    /sampleWeight\[3\] must be a finite number >= 0; received Infinity/,
  ],
  [
    'sampleWeight all zero',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: [0, 0, 0, 0] }),
    RangeError,
    /sampleWeight and classWeight must leave some example a weight > 0; received all zero/,
  ],
  [
    'a string sampleWeight',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: [1, '1', 1, 1] }),
    TypeError,
    /sampleWeight\[1\] must be a number; received the string "1"/,
  ],
  [
    'sampleWeight a number',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: 1 }),
    TypeError,
    /sampleWeight must be an array of numbers; received 1/,
  ],
  [
    'sampleWeight null',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: null }),
    TypeError,
    /sampleWeight must be an array of numbers; received null/,
  ],
  [
    'a BigInt64Array sampleWeight',
    (p) => p.fit(AND_X, AND_Y, { sampleWeight: BigInt64Array.of(1n, 1n, 1n, 1n) }),
    TypeError,
    /Perceptron\.fit: sampleWeight/,
    /BigInt64Array/,
  ],
  [
    'validation a number',
    (p) => p.fit(AND_X, AND_Y, { validation: 5 }),
    TypeError,
    /Perceptron\.fit: option validation must be an object \{X, y\}; received 5/,
  ],
  [
    'validation without y',
    (p) => p.fit(AND_X, AND_Y, { validation: { X: AND_X } }),
    TypeError,
    /option validation must be an object \{X, y\}; received an object/,
  ],
  [
    'validation an array',
    (p) => p.fit(AND_X, AND_Y, { validation: [AND_X, AND_Y] }),
    TypeError,
    /option validation must be an object \{X, y\}; received an array of length 2/,
  ],
  [
    'validation X not a matrix',
    (p) => p.fit(AND_X, AND_Y, { validation: { X: 'rows', y: AND_Y } }),
    TypeError,
    /validation\.X must be an array of rows/,
    /received the string "rows"/,
  ],
  [
    'validation X with three columns',
    (p) => p.fit(AND_X, AND_Y, { validation: { X: [[1, 2, 3]], y: [1] } }),
    RangeError,
    /validation\.X/,
    /2 columns|column/,
  ],
  [
    'validation X with NaN',
    (p) => p.fit(AND_X, AND_Y, { validation: { X: withNaN(AND_X, 1, 1), y: AND_Y } }),
    RangeError,
    /validation\.X must contain only finite numbers; received NaN at row 1, column 1/,
  ],
  [
    'validation y with another class',
    (p) => p.fit(AND_X, AND_Y, { validation: { X: AND_X, y: [-1, -1, -1, 5] } }),
    RangeError,
    /validation\.y\[3\] must be one of the classes \[-1, 1\]; received 5/,
  ],
  [
    'validation y shorter than its X',
    (p) => p.fit(AND_X, AND_Y, { validation: { X: AND_X, y: [-1, 1] } }),
    RangeError,
    /validation\.y must have one label per row of validation\.X \(4\); received 2 labels/,
  ],
  [
    'validation y strings for numeric classes',
    (p) => p.fit(AND_X, AND_Y, { validation: { X: AND_X, y: ['a', 'a', 'a', 'b'] } }),
    TypeError,
    /validation\.y must hold numbers like the model's classes; received strings/,
  ],
  [
    'initialWeights a string',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: '0,0' }),
    TypeError,
    /Perceptron\.fit: initialWeights must be an array of numbers; received the string "0,0"/,
  ],
  [
    'initialWeights with a string',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: ['0', 0] }),
    TypeError,
    /initialWeights\[0\] must be a number; received the string "0"/,
  ],
  [
    'initialWeights too long',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: [0, 0, 0] }),
    RangeError,
    /initialWeights must have 2 weights \(one per feature\); received 3/,
  ],
  [
    'initialWeights with Infinity',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: Float64Array.of(Infinity, 0) }),
    RangeError,
    /initialWeights\[0\] must be a finite number; received Infinity/,
  ],
  [
    'a BigInt64Array initialWeights',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: BigInt64Array.of(0n, 0n) }),
    TypeError,
    /Perceptron\.fit: initialWeights/,
    /BigInt64Array/,
  ],
  [
    'initialBias a string',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: [0, 0], initialBias: '1' }),
    TypeError,
    /Perceptron\.fit: option initialBias must be a number; received the string "1"/,
  ],
  [
    'initialBias null',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: [0, 0], initialBias: null }),
    TypeError,
    /option initialBias must be a number; received null/,
  ],
  [
    'initialBias NaN',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: [0, 0], initialBias: NaN }),
    RangeError,
    /initialBias must be a finite number; received NaN/,
  ],
  [
    'initialBias -Infinity',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: [0, 0], initialBias: -Infinity }),
    RangeError,
    /initialBias must be a finite number; received -Infinity/,
  ],
];

badInputTable('Perceptron.fit on a fitted model', { ...P, cases: FIT_CASES });

badInputTable(
  'Perceptron on a fitted model: predict, decisionFunction, score, isMistake, learnOne, partialFit, trainer',
  {
    ...P,
    cases: [
      // predict
      [
        'predict(undefined)',
        (p) => p.predict(undefined),
        TypeError,
        /Perceptron\.predict: X must be an array of rows/,
        /received undefined/,
      ],
      [
        'predict a number',
        (p) => p.predict(3),
        TypeError,
        /Perceptron\.predict: X must be an array of rows/,
        /received 3/,
      ],
      [
        'predict one column',
        (p) => p.predict([[1], [0]]),
        RangeError,
        /Perceptron\.predict: X must have 2 columns \(the model's feature count\); received 1/,
      ],
      [
        'predict typed X with three columns',
        (p) => p.predict(typed(2, 3)),
        RangeError,
        /Perceptron\.predict: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'predict a typed row of three',
        (p) => p.predict([Float64Array.of(1, 2, 3)]),
        RangeError,
        /X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'predict NaN',
        (p) => p.predict([[NaN, 0]]),
        RangeError,
        /Perceptron\.predict: X must contain only finite numbers; received NaN at row 0, column 0/,
      ],
      [
        'predict ragged rows',
        (p) => p.predict([[0, 0], [1]]),
        RangeError,
        /Perceptron\.predict: X must have rows of equal length; X\[0\] has 2 values, X\[1\] has 1/,
      ],
      [
        'predict a string in X',
        (p) => p.predict([[0, '1']]),
        TypeError,
        /Perceptron\.predict: X\[0\]\[1\] must be a number; received the string "1"/,
      ],
      [
        'predict typed data of the wrong size',
        (p) => p.predict({ data: new Float32Array(3), rows: 1, cols: 2 }),
        RangeError,
        /X\.data must hold rows \* cols = 1 \* 2 = 2 values; received 3/,
      ],
      [
        'predict rows of no columns',
        (p) => p.predict([[], []]),
        RangeError,
        /Perceptron\.predict: X must have (at least one column|2 columns)/,
      ],
      [
        'predict typed X of 2^40 rows and no columns',
        (p) => p.predict({ data: new Float64Array(0), rows: 2 ** 40, cols: 0 }),
        RangeError,
        /Perceptron\.predict: X/,
        /received 0 columns|1099511627776/,
      ],
      [
        'predict typed X of 2^32 + 1 rows and no columns',
        (p) => p.predict({ data: new Float64Array(0), rows: 2 ** 32 + 1, cols: 0 }),
        RangeError,
        /Perceptron\.predict: X/,
        /received 0 columns|4294967297/,
      ],
      [
        'predict a BigInt64Array row',
        (p) => p.predict([BigInt64Array.of(1n, 1n)]),
        TypeError,
        /Perceptron\.predict: X\[0\]/,
        /BigInt64Array/,
      ],
      // decisionFunction
      [
        'decisionFunction(null)',
        (p) => p.decisionFunction(null),
        TypeError,
        /Perceptron\.decisionFunction: X must be an array of rows/,
        /received null/,
      ],
      [
        'decisionFunction three columns',
        (p) => p.decisionFunction([[1, 2, 3]]),
        RangeError,
        /Perceptron\.decisionFunction: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'decisionFunction Infinity',
        (p) =>
          p.decisionFunction([
            [0, 0],
            [Infinity, 0],
          ]),
        RangeError,
        /Perceptron\.decisionFunction: X must contain only finite numbers; received Infinity at row 1, column 0/,
      ],
      [
        'decisionFunction empty X',
        (p) => p.decisionFunction([]),
        RangeError,
        /Perceptron\.decisionFunction: X must have at least one row; received 0 rows/,
      ],
      [
        'decisionFunction a flat array',
        (p) => p.decisionFunction([0, 1]),
        TypeError,
        /Perceptron\.decisionFunction: X\[0\] must be an array of numbers/,
        /for a single example pass \[x\]/,
      ],
      // score
      [
        'score three columns',
        (p) => p.score([[1, 2, 3]], [1]),
        RangeError,
        /Perceptron\.score: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'score without y',
        (p) => p.score(AND_X),
        TypeError,
        /Perceptron\.score: y must be an array of labels/,
        /received undefined/,
      ],
      [
        'score y shorter than X',
        (p) => p.score(AND_X, [1, -1]),
        RangeError,
        /Perceptron\.score: y must have one label per row of X \(4\); received 2 labels/,
      ],
      [
        'score string labels for numeric classes',
        (p) => p.score(AND_X, ['a', 'a', 'a', 'b']),
        TypeError,
        /Perceptron\.score: y must hold numbers like the model's classes; received strings/,
      ],
      [
        'score a NaN label',
        (p) => p.score(AND_X, [NaN, -1, -1, 1]),
        RangeError,
        /Perceptron\.score: y\[0\] must be a finite number or a string; received NaN/,
      ],
      [
        'score mixed labels',
        (p) => p.score(AND_X, [-1, '-1', -1, 1]),
        TypeError,
        /Perceptron\.score: y must hold only numbers or only strings/,
      ],
      [
        'score NaN in X',
        (p) => p.score(withNaN(AND_X, 0, 0), AND_Y),
        RangeError,
        /Perceptron\.score: X must contain only finite numbers; received NaN at row 0, column 0/,
      ],
      [
        'score X a string',
        (p) => p.score('X', AND_Y),
        TypeError,
        /Perceptron\.score: X must be an array of rows/,
        /received the string "X"/,
      ],
      // isMistake
      [
        'isMistake three columns',
        (p) => p.isMistake([[1, 2, 3]], [1]),
        RangeError,
        /Perceptron\.isMistake: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'isMistake a label outside the classes',
        (p) => p.isMistake([[0, 0]], [0]),
        RangeError,
        /Perceptron\.isMistake: y\[0\] must be one of the classes \[-1, 1\]; received 0/,
      ],
      [
        'isMistake without y',
        (p) => p.isMistake(AND_X),
        TypeError,
        /Perceptron\.isMistake: y must be an array of labels/,
      ],
      [
        'isMistake X not an array',
        (p) => p.isMistake(7, AND_Y),
        TypeError,
        /Perceptron\.isMistake: X must be an array of rows/,
        /received 7/,
      ],
      [
        'isMistake NaN in X',
        (p) => p.isMistake([[0, NaN]], [1]),
        RangeError,
        /Perceptron\.isMistake: X must contain only finite numbers; received NaN at row 0, column 1/,
      ],
      // learnOne
      [
        'learnOne x undefined',
        (p) => p.learnOne(undefined, 1),
        TypeError,
        /Perceptron\.learnOne: x must be an array of numbers; received undefined/,
      ],
      [
        'learnOne x a number',
        (p) => p.learnOne(1, 1),
        TypeError,
        /Perceptron\.learnOne: x must be an array of numbers; received 1/,
      ],
      [
        'learnOne x with a string',
        (p) => p.learnOne([1, '1'], 1),
        TypeError,
        /Perceptron\.learnOne: x\[1\] must be a number; received the string "1"/,
      ],
      [
        'learnOne x nested as a matrix',
        (p) => p.learnOne([[1, 1]], 1),
        TypeError,
        /Perceptron\.learnOne: x\[0\] must be a number; received an array of length 2/,
      ],
      [
        'learnOne x Infinity',
        (p) => p.learnOne([Infinity, 1], 1),
        RangeError,
        /Perceptron\.learnOne: x must contain only finite numbers; received Infinity/,
      ],
      [
        'learnOne x of one feature',
        (p) => p.learnOne([1], 1),
        RangeError,
        /Perceptron\.learnOne: x must have 2 features \(as the model learned\); received 1/,
      ],
      [
        'learnOne x empty',
        (p) => p.learnOne([], 1),
        RangeError,
        /x must have 2 features \(as the model learned\); received 0/,
      ],
      [
        'learnOne x a BigInt64Array',
        (p) => p.learnOne(BigInt64Array.of(1n, 1n), 1),
        TypeError,
        /Perceptron\.learnOne: x/,
        /BigInt64Array/,
      ],
      [
        'learnOne x a DataView',
        (p) => p.learnOne(new DataView(new ArrayBuffer(16)), 1),
        TypeError,
        /Perceptron\.learnOne: x must be an array of numbers/,
        /received a DataView(?! of length undefined)/,
      ],
      [
        'learnOne y undefined',
        (p) => p.learnOne([1, 1]),
        TypeError,
        /Perceptron\.learnOne: y must be a label \(a number or a string\); received undefined/,
      ],
      [
        'learnOne y null',
        (p) => p.learnOne([1, 1], null),
        TypeError,
        /y must be a label \(a number or a string\); received null/,
      ],
      [
        'learnOne y true',
        (p) => p.learnOne([1, 1], true),
        TypeError,
        /y must be a label \(a number or a string\); received true/,
      ],
      [
        'learnOne y an array',
        (p) => p.learnOne([1, 1], [1]),
        TypeError,
        /y must be a label \(a number or a string\); received an array of length 1/,
      ],
      [
        'learnOne y NaN',
        (p) => p.learnOne([1, 1], NaN),
        RangeError,
        /Perceptron\.learnOne: y must be (one of the classes \[-1, 1\]|a finite number).*; received NaN/,
      ],
      [
        'learnOne options a number',
        (p) => p.learnOne([1, 1], 1, 5),
        TypeError,
        /Perceptron\.learnOne: options must be a plain object; received 5/,
      ],
      [
        'learnOne unknown option',
        (p) => p.learnOne([1, 1], 1, { sampleWeight: 2 }),
        TypeError,
        /Perceptron\.learnOne: unknown option "sampleWeight"; known options are classes/,
      ],
      [
        'learnOne classes a string',
        (p) => p.learnOne([1, 1], 1, { classes: 'ab' }),
        TypeError,
        /Perceptron\.learnOne: classes must be an array of labels/,
        /received the string "ab"/,
      ],
      [
        'learnOne three classes',
        (p) => p.learnOne([1, 1], 1, { classes: [-1, 0, 1] }),
        RangeError,
        /Perceptron\.learnOne: classes must hold exactly two distinct classes/,
        /received 3 classes/,
      ],
      [
        'learnOne string classes on a numeric model',
        (p) => p.learnOne([1, 1], -1, { classes: ['a', 'b'] }),
        RangeError,
        /Perceptron\.learnOne: classes are fixed once the model has learned/,
      ],
      // partialFit
      [
        'partialFit a label not in the classes',
        (p) => p.partialFit([[1, 1]], [5]),
        RangeError,
        /Perceptron\.partialFit: y\[0\] must be one of the classes \[-1, 1\]; received 5/,
      ],
      [
        'partialFit three columns',
        (p) => p.partialFit([[1, 1, 1]], [1]),
        RangeError,
        /Perceptron\.partialFit: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'partialFit other classes',
        (p) => p.partialFit(AND_X, [0, 0, 0, 1], { classes: [0, 1] }),
        RangeError,
        /Perceptron\.partialFit: classes are fixed by the first partialFit call/,
      ],
      [
        'partialFit classes a string',
        (p) => p.partialFit(AND_X, AND_Y, { classes: '-1,1' }),
        TypeError,
        /Perceptron\.partialFit: classes must be an array of labels/,
        /received the string "-1,1"/,
      ],
      [
        'partialFit classes with a null',
        (p) => p.partialFit(AND_X, AND_Y, { classes: [-1, null] }),
        TypeError,
        /Perceptron\.partialFit: classes\[1\] must be a number or a string; received null/,
      ],
      [
        'partialFit unknown option',
        (p) => p.partialFit(AND_X, AND_Y, { onStep() {} }),
        TypeError,
        /Perceptron\.partialFit: unknown option "onStep"; known options are classes, sampleWeight/,
      ],
      [
        'partialFit options an array',
        (p) => p.partialFit(AND_X, AND_Y, [-1, 1]),
        TypeError,
        /Perceptron\.partialFit: options must be a plain object; received an array of length 2/,
      ],
      [
        'partialFit sampleWeight too long',
        (p) => p.partialFit([[1, 1]], [1], { sampleWeight: [1, 1] }),
        RangeError,
        /Perceptron\.partialFit: sampleWeight must have one weight per row of X \(1\); received 2/,
      ],
      [
        'partialFit a negative sampleWeight',
        (p) => p.partialFit(AND_X, AND_Y, { sampleWeight: [1, -2, 1, 1] }),
        RangeError,
        /Perceptron\.partialFit: sampleWeight\[1\] must be a finite number >= 0; received -2/,
      ],
      [
        'partialFit y shorter than X',
        (p) => p.partialFit(AND_X, [1]),
        RangeError,
        /Perceptron\.partialFit: y must have one label per row of X \(4\); received 1 labels?/,
      ],
      [
        'partialFit without y',
        (p) => p.partialFit(AND_X),
        TypeError,
        /Perceptron\.partialFit: y must be an array of labels/,
      ],
      [
        'partialFit NaN in X',
        (p) => p.partialFit(withNaN(AND_X, 2, 1), AND_Y),
        RangeError,
        /Perceptron\.partialFit: X must contain only finite numbers; received NaN at row 2, column 1/,
      ],
      [
        'partialFit string labels for numeric classes',
        (p) => p.partialFit(AND_X, ['a', 'a', 'a', 'b']),
        TypeError,
        /Perceptron\.partialFit: y must hold numbers like the model's classes; received strings/,
      ],
      // trainer
      [
        'trainer X not an array',
        (p) => p.trainer(null, AND_Y),
        TypeError,
        /Perceptron\.trainer: X must be an array of rows/,
        /received null/,
      ],
      [
        'trainer onStep',
        (p) => p.trainer(AND_X, AND_Y, { onStep() {} }),
        TypeError,
        /Perceptron\.trainer: unknown option "onStep"; known options are initialWeights, initialBias, sampleWeight, validation/,
      ],
      [
        'trainer signal',
        (p) => p.trainer(AND_X, AND_Y, { signal: new AbortController().signal }),
        TypeError,
        /Perceptron\.trainer: unknown option "signal"/,
      ],
      [
        'trainer one class',
        (p) => p.trainer(AND_X, [1, 1, 1, 1]),
        RangeError,
        /Perceptron\.trainer: y must hold exactly two distinct classes/,
        /received 1 class \[1\]/,
      ],
      [
        'trainer a negative sampleWeight',
        (p) => p.trainer(AND_X, AND_Y, { sampleWeight: [-1, 1, 1, 1] }),
        RangeError,
        /Perceptron\.trainer: sampleWeight\[0\] must be a finite number >= 0; received -1/,
      ],
      [
        'trainer initialWeights too short',
        (p) => p.trainer(AND_X, AND_Y, { initialWeights: [0] }),
        RangeError,
        /Perceptron\.trainer: initialWeights must have 2 weights \(one per feature\); received 1/,
      ],
      [
        'trainer options a string',
        (p) => p.trainer(AND_X, AND_Y, 'all'),
        TypeError,
        /Perceptron\.trainer: options must be a plain object; received the string "all"/,
      ],
      [
        'trainer validation without y',
        (p) => p.trainer(AND_X, AND_Y, { validation: { X: AND_X } }),
        TypeError,
        /Perceptron\.trainer: option validation must be an object \{X, y\}/,
      ],
      [
        'trainer NaN in X',
        (p) => p.trainer(withNaN(AND_X, 0, 1), AND_Y),
        RangeError,
        /Perceptron\.trainer: X must contain only finite numbers; received NaN at row 0, column 1/,
      ],
      // Datasets
      [
        'fit a Dataset without labels',
        (p) => withDataset(AND_X, undefined, (d) => p.fit(d)),
        TypeError,
        /Perceptron\.fit: X is a Dataset without labels; give y, or build it with labels/,
      ],
      [
        'score a Dataset without labels',
        (p) => withDataset(AND_X, undefined, (d) => p.score(d)),
        TypeError,
        /Perceptron\.score: X is a Dataset without labels/,
      ],
      [
        'partialFit a Dataset without labels',
        (p) => withDataset(AND_X, undefined, (d) => p.partialFit(d)),
        TypeError,
        /Perceptron\.partialFit: X is a Dataset without labels/,
      ],
      [
        'isMistake a Dataset without labels',
        (p) => withDataset(AND_X, undefined, (d) => p.isMistake(d)),
        TypeError,
        /Perceptron\.isMistake: X is a Dataset without labels/,
      ],
      [
        'trainer a Dataset without labels',
        (p) => withDataset(AND_X, undefined, (d) => p.trainer(d)),
        TypeError,
        /Perceptron\.trainer: X is a Dataset without labels/,
      ],
      [
        'validation a Dataset without labels',
        (p) => withDataset(AND_X, undefined, (d) => p.fit(AND_X, AND_Y, { validation: { X: d } })),
        TypeError,
        /Perceptron\.fit: option validation must be an object \{X, y\}|validation\.X is a Dataset without labels/,
      ],
      [
        'fit a Dataset with one class',
        (p) => withDataset(AND_X, [1, 1, 1, 1], (d) => p.fit(d)),
        RangeError,
        /Perceptron\.fit: y must hold exactly two distinct classes/,
      ],
      [
        'fit a Dataset and a y of another length',
        (p) => withDataset(AND_X, AND_Y, (d) => p.fit(d, [1, -1])),
        RangeError,
        /Perceptron\.fit: y must have one label per row of X \(4\); received 2/,
      ],
      [
        'predict a Dataset of three columns',
        (p) => withDataset([[1, 2, 3]], undefined, (d) => p.predict(d)),
        RangeError,
        /Perceptron\.predict: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'score a Dataset with other classes',
        (p) => withDataset(AND_X, [0, 0, 0, 1], (d) => p.score(d)),
        RangeError,
        /Perceptron\.score: y\[0\] must be one of the classes \[-1, 1\]; received 0/,
      ],
      [
        'fit a disposed Dataset',
        (p) => {
          const d = pw.Dataset.fromArray(AND_X, undefined, AND_Y);
          d.dispose();
          return p.fit(d);
        },
        pw.DisposedError,
        /Perceptron\.fit: X is a disposed Dataset/,
      ],
      [
        'predict a disposed Dataset',
        (p) => {
          const d = pw.Dataset.fromArray(AND_X);
          d.dispose();
          return p.predict(d);
        },
        pw.DisposedError,
        /Perceptron\.predict: X is a disposed Dataset/,
      ],
      [
        'validation a disposed Dataset',
        (p) => {
          const d = pw.Dataset.fromArray(AND_X, undefined, AND_Y);
          d.dispose();
          return p.fit(AND_X, AND_Y, { validation: { X: d } });
        },
        pw.DisposedError,
        /Perceptron\.fit: validation\.X is a disposed Dataset/,
      ],
    ],
  },
);

badInputTable("Perceptron on a fresh model: not fitted, classes unknown, and fit's bad input", {
  setup: () => new pw.Perceptron(),
  state: modelState,
  teardown: (p) => p.dispose(),
  cases: [
    [
      'predict',
      (p) => p.predict([[0, 0]]),
      pw.NotFittedError,
      /^Perceptron\.predict: .*has not learned anything yet; call fit\(X, y\) or learnOne\(x, y\) first/,
    ],
    [
      'predict a Dataset',
      (p) => withDataset(AND_X, undefined, (d) => p.predict(d)),
      pw.NotFittedError,
      /^Perceptron\.predict: .*has not learned anything yet/,
    ],
    [
      'decisionFunction of a typed X',
      (p) => p.decisionFunction(typed(1, 2)),
      pw.NotFittedError,
      /^Perceptron\.decisionFunction: .*has not learned anything yet/,
    ],
    [
      'score a labelled Dataset',
      (p) => withDataset(AND_X, AND_Y, (d) => p.score(d)),
      pw.NotFittedError,
      /^Perceptron\.score: .*has not learned anything yet/,
    ],
    [
      'isMistake',
      (p) => p.isMistake(AND_X, AND_Y),
      pw.NotFittedError,
      /^Perceptron\.isMistake: .*has not learned anything yet/,
    ],
    [
      'learnOne a label 0 without classes',
      (p) => p.learnOne([0, 0], 0),
      pw.NotFittedError,
      /Perceptron\.learnOne: the model's classes are not known yet; give the two classes on the first learnOne call, or fit first/,
    ],
    [
      'learnOne a label 2 without classes',
      (p) => p.learnOne([0, 0], 2),
      pw.NotFittedError,
      /Perceptron\.learnOne: the model's classes are not known yet/,
    ],
    [
      'learnOne with one class',
      (p) => p.learnOne([0, 0], 1, { classes: [1] }),
      RangeError,
      /Perceptron\.learnOne: classes must hold exactly two distinct classes .*; received 1 class \[1\]/,
    ],
    [
      'learnOne with duplicate classes',
      (p) => p.learnOne([0, 0], 1, { classes: [1, 1] }),
      RangeError,
      /Perceptron\.learnOne: classes must hold exactly two distinct classes .*; received 1 class \[1\]/,
    ],
    [
      'learnOne mixed classes',
      (p) => p.learnOne([0, 0], 1, { classes: [1, 'a'] }),
      TypeError,
      /Perceptron\.learnOne: classes must hold only numbers or only strings/,
    ],
    [
      'learnOne a label outside the given classes',
      (p) => p.learnOne([0, 0], 'c', { classes: ['a', 'b'] }),
      RangeError,
      /Perceptron\.learnOne: y must be one of the classes \["a", "b"\]; received "c"/,
    ],
    [
      'learnOne a number for string classes',
      (p) => p.learnOne([0, 0], 1, { classes: ['a', 'b'] }),
      TypeError,
      /Perceptron\.learnOne: y must hold strings like the model's classes; received numbers/,
    ],
    [
      'learnOne empty x',
      (p) => p.learnOne([], 1),
      RangeError,
      /Perceptron\.learnOne: x must have at least one (column|feature); received 0/,
    ],
    [
      'learnOne x a string',
      (p) => p.learnOne('0,0', 1),
      TypeError,
      /Perceptron\.learnOne: x must be an array of numbers; received the string "0,0"/,
    ],
    [
      'partialFit without classes',
      (p) => p.partialFit(AND_X, AND_Y),
      TypeError,
      /Perceptron\.partialFit: the first partialFit call needs the classes: partialFit\(X, y, \{classes: \[\.\.\.\]\}\)/,
    ],
    [
      'partialFit one class',
      (p) => p.partialFit(AND_X, [1, 1, 1, 1], { classes: [1] }),
      RangeError,
      /Perceptron\.partialFit: classes must hold exactly two distinct classes .*; received 1 class \[1\]/,
    ],
    [
      'partialFit one class and labels of two',
      (p) => p.partialFit(AND_X, AND_Y, { classes: [1] }),
      RangeError,
      /Perceptron\.partialFit: classes must hold exactly two distinct classes .*; received 1 class \[1\]/,
    ],
    [
      'partialFit no classes',
      (p) => p.partialFit(AND_X, AND_Y, { classes: [] }),
      RangeError,
      /Perceptron\.partialFit: classes must hold exactly two distinct classes .*; received 0 classes/,
    ],
    [
      'partialFit three classes',
      (p) => p.partialFit(AND_X, [0, 1, 2, 1], { classes: [0, 1, 2] }),
      RangeError,
      /Perceptron\.partialFit: classes must hold exactly two distinct classes .*; received 3 classes \[0, 1, 2\]/,
    ],
    [
      'partialFit a label outside the classes',
      (p) => p.partialFit(AND_X, [0, 0, 0, 2], { classes: [0, 1] }),
      RangeError,
      /Perceptron\.partialFit: y\[3\] must be one of the classes \[0, 1\]; received 2/,
    ],
    [
      'partialFit numbers for string classes',
      (p) => p.partialFit(AND_X, AND_Y, { classes: ['neg', 'pos'] }),
      TypeError,
      /Perceptron\.partialFit: y must hold strings like the model's classes; received numbers/,
    ],
    [
      'partialFit classes with NaN',
      (p) => p.partialFit(AND_X, AND_Y, { classes: [NaN, 1] }),
      RangeError,
      /Perceptron\.partialFit: classes\[0\] must be a finite number or a string; received NaN/,
    ],
    [
      'partialFit NaN in X',
      (p) => p.partialFit(withNaN(AND_X, 0, 0), AND_Y, { classes: [-1, 1] }),
      RangeError,
      /Perceptron\.partialFit: X must contain only finite numbers; received NaN at row 0, column 0/,
    ],
    [
      'trainer with three classes',
      (p) => p.trainer(AND_X, ['a', 'b', 'c', 'a']),
      RangeError,
      /Perceptron\.trainer: y must hold exactly two distinct classes/,
      /received 3 classes/,
    ],
    [
      'trainer CMU data with a missing label',
      (p) => p.trainer(CMU_X, CMU_Y.slice(1)),
      RangeError,
      /Perceptron\.trainer: y must have one label per row of X \(6\); received 5 labels/,
    ],
    ...FIT_CASES,
  ],
});

// Every call on a disposed model: a DisposedError naming the call, before its arguments are read.
const disposedMessage = (method) =>
  new RegExp(`^Perceptron\\.${method}: the model was disposed; create a new Perceptron`);
const DISPOSED_CALLS = [
  ['fit', (p) => p.fit(AND_X, AND_Y)],
  ['fit', (p) => p.fit('bad X', null, 5), 'with bad arguments'],
  ['fit', (p) => p.fit(AND_X, AND_Y, { onStep: () => {} }), 'with onStep'],
  ['trainer', (p) => p.trainer(AND_X, AND_Y)],
  ['trainer', (p) => p.trainer(AND_X, AND_Y, { onStep: () => {} }), 'with an unknown option'],
  ['partialFit', (p) => p.partialFit(AND_X, AND_Y, { classes: [-1, 1] })],
  ['partialFit', (p) => p.partialFit(AND_X, AND_Y), 'without classes'],
  ['partialFit', (p) => p.partialFit(null), 'with bad arguments'],
  ['learnOne', (p) => p.learnOne([1, 1], 1)],
  ['learnOne', (p) => p.learnOne([1, 1], 'a', { classes: ['a', 'b'] }), 'with classes'],
  ['learnOne', (p) => p.learnOne(undefined, undefined), 'with bad arguments'],
  ['predict', (p) => p.predict(AND_X)],
  ['predict', (p) => p.predict([[1, 2, 3]]), 'with three columns'],
  ['predict', (p) => p.predict(), 'with no X'],
  ['predict', (p) => withDataset(AND_X, undefined, (d) => p.predict(d)), 'a Dataset'],
  ['decisionFunction', (p) => p.decisionFunction(AND_X)],
  ['decisionFunction', (p) => p.decisionFunction(typed(1, 2)), 'of a typed X'],
  ['decisionFunction', (p) => p.decisionFunction([[NaN, 0]]), 'with NaN'],
  ['score', (p) => p.score(AND_X, AND_Y)],
  ['score', (p) => p.score(AND_X), 'without y'],
  ['score', (p) => withDataset(AND_X, AND_Y, (d) => p.score(d)), 'a labelled Dataset'],
  ['isMistake', (p) => p.isMistake(AND_X, AND_Y)],
  ['isMistake', (p) => p.isMistake(AND_X, [7, 7, 7, 7]), 'with other labels'],
  ['toJSON', (p) => p.toJSON()],
  ['toJSON', (p) => JSON.stringify(p), 'through JSON.stringify'],
  ['toJSON', (p) => JSON.stringify({ model: p }), 'nested in JSON.stringify'],
  ['classes', (p) => p.classes],
  ['nFeatures', (p) => p.nFeatures],
  ['steps', (p) => p.steps],
  ['fitted', (p) => p.fitted],
  ['options', (p) => p.options],
  ['weights', (p) => p.weights],
  ['bias', (p) => p.bias],
  ['currentWeights', (p) => p.currentWeights],
  ['currentBias', (p) => p.currentBias],
  ['votedVectors', (p) => p.votedVectors],
  ['options', (p) => ({ ...p.options }), 'spread'],
  ['weights', (p) => p.weights.length, 'length'],
  ['fitted', (p) => (p.fitted ? 1 : 0), 'in a condition'],
  ['classes', (p) => p.classes.includes(1), 'includes'],
  ['predict', (p) => p.predict(AND_X.slice(0, 1)), 'of one row'],
  ['predict', (p) => p.predict({ data: new Float32Array(2), rows: 1, cols: 2 }), 'of a float32 X'],
  ['score', (p) => p.score(CMU_X, CMU_Y), 'on the CMU data'],
  ['fit', (p) => p.fit(CMU_X, CMU_Y, { initialWeights: [0, 0] }), 'with initialWeights'],
  ['fit', (p) => withDataset(AND_X, AND_Y, (d) => p.fit(d)), 'a Dataset'],
  ['fit', (p) => p.fit(AND_X, AND_Y, { signal: AbortSignal.abort() }), 'with an aborted signal'],
  ['trainer', (p) => p.trainer(CMU_X, CMU_Y, { sampleWeight: [1, 1, 1, 1, 1, 1] }), 'with sampleWeight'],
  ['partialFit', (p) => p.partialFit(AND_X, AND_Y, { sampleWeight: [1, 1, 1, 1] }), 'with sampleWeight'],
  ['learnOne', (p) => p.learnOne([1, 1], 1, { classes: [-1, 1] }), 'with numeric classes'],
  ['decisionFunction', (p) => withDataset(AND_X, undefined, (d) => p.decisionFunction(d)), 'of a Dataset'],
];

badInputTable('Perceptron after dispose', {
  setup() {
    const p = fitted();
    p.dispose();
    return p;
  },
  state: () => 'disposed',
  cases: DISPOSED_CALLS.map(([method, call, how]) => [
    how ? `${method} ${how}` : method,
    call,
    pw.DisposedError,
    disposedMessage(method),
  ]),
});

// Constructor options and fromJSON: the subject is unused.
const good = () => {
  const p = fitted();
  try {
    return p.toJSON();
  } finally {
    p.dispose();
  }
};
const fromJSON = (tamper) => () => pw.Perceptron.fromJSON(tamper(good()));
// The same with another variant's saved model (its own state fields).
const fromVariant = (variant, tamper) => () => {
  const p = new pw.Perceptron({ variant });
  let json;
  try {
    p.fit(AND_X, AND_Y);
    json = p.toJSON();
  } finally {
    p.dispose();
  }
  return pw.Perceptron.fromJSON(tamper(json));
};
const opts = (options) => () => new pw.Perceptron(options).dispose();

badInputTable('new pw.Perceptron(options) and pw.Perceptron.fromJSON', {
  cases: [
    ['options null', opts(null), TypeError, /^new Perceptron: options must be a plain object; received null/],
    ['options a number', opts(3), TypeError, /^new Perceptron: options must be a plain object; received 3/],
    [
      'options a function',
      opts(() => ({})),
      TypeError,
      /^new Perceptron: options must be a plain object; received a function/,
    ],
    [
      'options a Map',
      opts(new Map([['learningRate', 1]])),
      TypeError,
      /^new Perceptron: options must be a plain object; received an object/,
    ],
    [
      'variant in capitals',
      opts({ variant: 'Averaged' }),
      RangeError,
      /^new Perceptron: option variant must be one of "classic", "averaged", "voted", "pocket"; received the string "Averaged"/,
    ],
    ['variant null', opts({ variant: null }), TypeError, /option variant must be one of .*; received null/],
    ['variant a number', opts({ variant: 1 }), TypeError, /option variant must be one of .*; received 1/],
    [
      'mistakeRule empty',
      opts({ mistakeRule: '' }),
      RangeError,
      /option mistakeRule must be one of "margin", "sign", "strict"; received the string ""/,
    ],
    ['mistakeRule true', opts({ mistakeRule: true }), TypeError, /option mistakeRule must be one of .*; received true/],
    [
      'order in capitals',
      opts({ order: 'Cyclic' }),
      RangeError,
      /option order must be one of "cyclic", "shuffle", "sample"; received the string "Cyclic"/,
    ],
    ['order null', opts({ order: null }), TypeError, /option order must be one of .*; received null/],
    [
      'learningRate true',
      opts({ learningRate: true }),
      TypeError,
      /option learningRate must be a finite number > 0; received true/,
    ],
    [
      'learningRate a bigint',
      opts({ learningRate: 1n }),
      TypeError,
      /option learningRate must be a finite number > 0; received a bigint/,
    ],
    [
      'learningRate an array',
      opts({ learningRate: [1] }),
      TypeError,
      /option learningRate must be a finite number > 0; received an array/,
    ],
    [
      'learningRate -Infinity',
      opts({ learningRate: -Infinity }),
      RangeError,
      /option learningRate must be a finite number > 0; received -Infinity/,
    ],
    [
      'learningRate -0',
      opts({ learningRate: -0 }),
      RangeError,
      /option learningRate must be a finite number > 0; received -?0/,
    ],
    ['margin NaN', opts({ margin: NaN }), RangeError, /option margin must be a finite number >= 0; received NaN/],
    [
      'margin Infinity',
      opts({ margin: Infinity }),
      RangeError,
      /option margin must be a finite number >= 0; received Infinity/,
    ],
    [
      'margin a string',
      opts({ margin: '0' }),
      TypeError,
      /option margin must be a finite number >= 0; received the string "0"/,
    ],
    [
      'margin slightly negative',
      opts({ margin: -1e-9 }),
      RangeError,
      /option margin must be a finite number >= 0; received -1e-9/,
    ],
    ['fitIntercept 1', opts({ fitIntercept: 1 }), TypeError, /option fitIntercept must be true or false; received 1/],
    [
      'fitIntercept null',
      opts({ fitIntercept: null }),
      TypeError,
      /option fitIntercept must be true or false; received null/,
    ],
    [
      'maxEpochs -1',
      opts({ maxEpochs: -1 }),
      RangeError,
      /option maxEpochs must be an integer from 1 to 9007199254740991; received -1/,
    ],
    [
      'maxEpochs 2^53',
      opts({ maxEpochs: 2 ** 53 }),
      RangeError,
      /option maxEpochs must be an integer from 1 to 9007199254740991; received 9007199254740992/,
    ],
    [
      'maxEpochs a string',
      opts({ maxEpochs: '10' }),
      TypeError,
      /option maxEpochs must be an integer .*; received the string "10"/,
    ],
    [
      'maxEpochs Infinity',
      opts({ maxEpochs: Infinity }),
      RangeError,
      /option maxEpochs must be an integer .*; received Infinity/,
    ],
    ['maxEpochs NaN', opts({ maxEpochs: NaN }), RangeError, /option maxEpochs must be an integer .*; received NaN/],
    [
      'maxSteps 1.5',
      opts({ order: 'sample', maxSteps: 1.5 }),
      RangeError,
      /option maxSteps must be an integer from 1 .*; received 1\.5/,
    ],
    [
      'maxSteps -1',
      opts({ order: 'sample', maxSteps: -1 }),
      RangeError,
      /option maxSteps must be an integer from 1 .*; received -1/,
    ],
    [
      'maxSteps a string',
      opts({ order: 'sample', maxSteps: 'x' }),
      TypeError,
      /option maxSteps must be an integer .*; received the string "x"/,
    ],
    [
      'seed NaN',
      opts({ seed: NaN }),
      RangeError,
      /option seed must be an integer from 0 to 9007199254740991; received NaN/,
    ],
    ['seed a string', opts({ seed: '0' }), TypeError, /option seed must be an integer .*; received the string "0"/],
    ['seed Infinity', opts({ seed: Infinity }), RangeError, /option seed must be an integer .*; received Infinity/],
    ['seed true', opts({ seed: true }), TypeError, /option seed must be an integer .*; received true/],
    [
      'warmStart a string',
      opts({ warmStart: 'true' }),
      TypeError,
      /option warmStart must be true or false; received the string "true"/,
    ],
    ['warmStart 0', opts({ warmStart: 0 }), TypeError, /option warmStart must be true or false; received 0/],
    [
      'earlyStopping 1',
      opts({ earlyStopping: 1 }),
      TypeError,
      /option earlyStopping must be true or false; received 1/,
    ],
    [
      'validationFraction 0',
      opts({ validationFraction: 0 }),
      RangeError,
      /option validationFraction must be .*; received 0/,
    ],
    [
      'validationFraction 1',
      opts({ validationFraction: 1 }),
      RangeError,
      /option validationFraction must be .*; received 1/,
    ],
    [
      'validationFraction negative',
      opts({ validationFraction: -0.1 }),
      RangeError,
      /option validationFraction must be .*; received -0\.1/,
    ],
    [
      'validationFraction a string',
      opts({ validationFraction: '0.2' }),
      TypeError,
      /option validationFraction must be .*; received the string "0\.2"/,
    ],
    [
      'validationFraction NaN',
      opts({ validationFraction: NaN }),
      RangeError,
      /option validationFraction must be .*; received NaN/,
    ],
    ['patience 0', opts({ patience: 0 }), RangeError, /option patience must be an integer from 1 .*; received 0/],
    ['patience 1.5', opts({ patience: 1.5 }), RangeError, /option patience must be an integer .*; received 1\.5/],
    [
      'patience a string',
      opts({ patience: 'a' }),
      TypeError,
      /option patience must be an integer .*; received the string "a"/,
    ],
    [
      'classWeight null',
      opts({ classWeight: null }),
      TypeError,
      /option classWeight must be "balanced" or an object \{label: weight\}; received null/,
    ],
    [
      'classWeight an array',
      opts({ classWeight: [1, 2] }),
      TypeError,
      /option classWeight must be "balanced" or an object \{label: weight\}; received an array of length 2/,
    ],
    [
      'classWeight Balanced',
      opts({ classWeight: 'Balanced' }),
      TypeError,
      /option classWeight must be "balanced" or an object .*; received the string "Balanced"/,
    ],
    [
      'classWeight NaN',
      opts({ classWeight: { a: NaN } }),
      RangeError,
      /option classWeight\["a"\] must be a finite number >= 0; received NaN/,
    ],
    [
      'classWeight Infinity',
      opts({ classWeight: { 1: Infinity } }),
      RangeError,
      /option classWeight\["1"\] must be a finite number >= 0; received Infinity/,
    ],
    [
      'classWeight null weight',
      opts({ classWeight: { '-1': null } }),
      TypeError,
      /option classWeight\["-1"\] must be a number; received null/,
    ],
    [
      'preprocess unknown',
      opts({ preprocess: 'normalize' }),
      RangeError,
      /option preprocess must be one of "standardize", "minMax", "unitBall"; received the string "normalize"/,
    ],
    ['preprocess true', opts({ preprocess: true }), TypeError, /option preprocess must be one of .*; received true/],
    ['preprocess null', opts({ preprocess: null }), TypeError, /option preprocess must be one of .*; received null/],
    [
      'the multiclass option strategy',
      opts({ strategy: 'ovr' }),
      TypeError,
      /^new Perceptron: unknown option "strategy"; known options are /,
    ],
    ['a kernel option', opts({ kernel: 'rbf' }), TypeError, /^new Perceptron: unknown option "kernel"/],
    [
      'a snake_case name',
      opts({ warm_start: true }),
      TypeError,
      /unknown option "warm_start".*\(did you mean warmStart\?\)/,
    ],
    ['an empty option name', opts({ '': 1 }), TypeError, /unknown option ""/],
    [
      'a classWeight key that is not a class',
      () => withModel({ classWeight: { 5: 2 } }, (q) => q.fit(AND_X, AND_Y)),
      RangeError,
      /Perceptron\.fit: (option )?classWeight key.* must be one of the classes \[-1, 1\]; received 5/,
    ],
    [
      'classWeight balanced at partialFit',
      () => withModel({ classWeight: 'balanced' }, (q) => q.partialFit(AND_X, AND_Y, { classes: [-1, 1] })),
      RangeError,
      /Perceptron\.partialFit: classWeight 'balanced' needs the whole training set/,
    ],
    [
      'classWeight balanced at learnOne',
      () => withModel({ classWeight: 'balanced' }, (q) => q.learnOne([1, 1], 1)),
      RangeError,
      /Perceptron\.learnOne: classWeight 'balanced'/,
    ],
    [
      'a string classWeight key for numeric labels',
      () => withModel({ classWeight: { a: 2 } }, (q) => q.fit(AND_X, AND_Y)),
      RangeError,
      /Perceptron\.fit: (option )?classWeight key.* must be one of the classes \[-1, 1\]/,
      /received "a"/,
    ],
    [
      'earlyStopping with one example per class',
      () =>
        withModel({ earlyStopping: true }, (q) =>
          q.fit(
            [
              [0, 0],
              [1, 1],
            ],
            [-1, 1],
          ),
        ),
      RangeError,
      /Perceptron\.fit: earlyStopping needs a validation set, and every class of y has a single example/,
    ],
    [
      'preprocess with learnOne before fit',
      () => withModel({ preprocess: 'standardize' }, (q) => q.learnOne([1, 1], 1)),
      TypeError,
      /Perceptron\.learnOne: option preprocess needs a fitted scaler; call fit or partialFit before learnOne/,
    ],
    // fromJSON
    [
      'fromJSON null',
      () => pw.Perceptron.fromJSON(null),
      TypeError,
      /^Perceptron\.fromJSON: expected a model object; received null/,
    ],
    [
      'fromJSON an array',
      () => pw.Perceptron.fromJSON([good()]),
      TypeError,
      /^Perceptron\.fromJSON: expected a model object; received an array of length 1/,
    ],
    [
      'fromJSON undefined',
      () => pw.Perceptron.fromJSON(),
      TypeError,
      /^Perceptron\.fromJSON: expected a model object; received undefined/,
    ],
    [
      'fromJSON empty text',
      () => pw.Perceptron.fromJSON(''),
      TypeError,
      /^Perceptron\.fromJSON: the text is not valid JSON/,
    ],
    [
      'fromJSON text of a string',
      () => pw.Perceptron.fromJSON('"model"'),
      TypeError,
      /expected a model object; received the string "model"/,
    ],
    [
      'fromJSON a model instance',
      () => withModel({}, (q) => pw.Perceptron.fromJSON(q)),
      TypeError,
      /expected a model object; received an object/,
    ],
    [
      'fromJSON a MulticlassPerceptron',
      () => {
        const m = new pw.MulticlassPerceptron();
        try {
          m.fit(AND_X, [0, 1, 1, 2]);
          return pw.Perceptron.fromJSON(m.toJSON());
        } finally {
          m.dispose();
        }
      },
      TypeError,
      /field format must be "perceptron-wasm\/Perceptron"; received the string "perceptron-wasm\/MulticlassPerceptron"/,
    ],
    [
      'fromJSON version a string',
      fromJSON((j) => ({ ...j, version: '1' })),
      TypeError,
      /field version must be a number; received the string "1"/,
    ],
    ['fromJSON version 0', fromJSON((j) => ({ ...j, version: 0 })), RangeError, /field version must be 1; received 0/],
    [
      'fromJSON options an array',
      fromJSON((j) => ({ ...j, options: [] })),
      TypeError,
      /field options must be an object; received an array of length 0/,
    ],
    [
      'fromJSON a bad variant',
      fromJSON((j) => ({ ...j, options: { ...j.options, variant: 'kernel' } })),
      RangeError,
      /^Perceptron\.fromJSON: field options: option variant must be one of/,
    ],
    [
      'fromJSON a bad classWeight',
      fromJSON((j) => ({ ...j, options: { ...j.options, classWeight: 'even' } })),
      TypeError,
      /^Perceptron\.fromJSON: field options: option classWeight must be/,
    ],
    [
      'fromJSON classes not an array',
      fromJSON((j) => ({ ...j, classes: '-1,1' })),
      TypeError,
      /field classes must be an array of labels; received the string "-1,1"/,
    ],
    [
      'fromJSON mixed classes',
      fromJSON((j) => ({ ...j, classes: [-1, 'a'] })),
      TypeError,
      /field classes must hold only numbers or only strings/,
    ],
    [
      'fromJSON a null class',
      fromJSON((j) => ({ ...j, classes: [-1, null] })),
      TypeError,
      /field classes\[1\] must be a number or a string; received null/,
    ],
    [
      'fromJSON three classes',
      fromJSON((j) => ({ ...j, classes: [-1, 0, 1] })),
      RangeError,
      /classes must hold exactly two distinct classes/,
    ],
    [
      'fromJSON unsorted classes',
      fromJSON((j) => ({ ...j, classes: [1, -1] })),
      RangeError,
      /^Perceptron\.fromJSON: field classes/,
    ],
    [
      'fromJSON duplicate string classes',
      fromJSON((j) => ({ ...j, classes: ['a', 'a'] })),
      RangeError,
      /^Perceptron\.fromJSON: field classes must hold distinct labels/,
    ],
    [
      'fromJSON an infinite class',
      fromJSON((j) => ({ ...j, classes: [-1, Infinity] })),
      RangeError,
      /field classes\[1\] must be a finite number or a string; received Infinity/,
    ],
    [
      'fromJSON no classes with features',
      fromJSON((j) => ({ ...j, classes: [] })),
      RangeError,
      /field classes must hold exactly two distinct classes .*; received 0 classes \[\]/,
    ],
    [
      'fromJSON steps beyond 2^53',
      fromJSON((j) => ({ ...j, steps: 2 ** 60 })),
      RangeError,
      /field steps must be an integer from 0 to 9007199254740991; received 1152921504606847000/,
    ],
    [
      'fromJSON averaged state of the wrong length',
      fromVariant('averaged', (j) => ({ ...j, state: { ...j.state, u: [1] } })),
      RangeError,
      /field state\.u must hold 3 numbers; received 1/,
    ],
    [
      'fromJSON averaged state with NaN',
      fromVariant('averaged', (j) => ({ ...j, state: { ...j.state, u: [1, NaN, 1] } })),
      RangeError,
      /field state\.u\[1\] must be a finite number; received NaN/,
    ],
    [
      'fromJSON averaged steps negative',
      fromVariant('averaged', (j) => ({ ...j, state: { ...j.state, averagedSteps: [-1] } })),
      RangeError,
      /field state\.averagedSteps must be a non-negative integer; received -1/,
    ],
    [
      'fromJSON averaged state missing',
      fromVariant('averaged', (j) => ({ ...j, state: {} })),
      TypeError,
      /^Perceptron\.fromJSON: field state\.\w+ is missing/,
    ],
    [
      'fromJSON voted vectors of the wrong count',
      fromVariant('voted', (j) => ({ ...j, state: { ...j.state, votedCounts: j.state.votedCounts.slice(1) } })),
      RangeError,
      /field state\.voted\w+ must hold \d+ numbers; received \d+/,
    ],
    [
      'fromJSON nFeatures negative',
      fromJSON((j) => ({ ...j, nFeatures: -1 })),
      TypeError,
      /field nFeatures must be a non-negative integer; received -1/,
    ],
    [
      'fromJSON nFeatures fractional',
      fromJSON((j) => ({ ...j, nFeatures: 1.5 })),
      TypeError,
      /field nFeatures must be a non-negative integer; received 1\.5/,
    ],
    [
      'fromJSON nFeatures a string',
      fromJSON((j) => ({ ...j, nFeatures: '2' })),
      TypeError,
      /field nFeatures must be a non-negative integer; received the string "2"/,
    ],
    [
      'fromJSON nFeatures larger than the weights',
      fromJSON((j) => ({ ...j, nFeatures: 3 })),
      RangeError,
      /field weights must hold 3 numbers \(nFeatures\); received 2/,
    ],
    [
      'fromJSON steps a string',
      fromJSON((j) => ({ ...j, steps: 'x' })),
      TypeError,
      /field steps must be a number; received the string "x"/,
    ],
    [
      'fromJSON steps fractional',
      fromJSON((j) => ({ ...j, steps: 1.5 })),
      RangeError,
      /steps must be an integer from 0.*; received 1\.5/,
    ],
    [
      'fromJSON steps NaN',
      fromJSON((j) => ({ ...j, steps: NaN })),
      RangeError,
      /steps must be an integer from 0.*; received NaN/,
    ],
    [
      'fromJSON weights missing',
      fromJSON(({ weights, ...j }) => j),
      TypeError,
      /field weights must be an array of numbers; received undefined/,
    ],
    [
      'fromJSON weights a string',
      fromJSON((j) => ({ ...j, weights: '1,2' })),
      TypeError,
      /field weights must be an array of numbers; received the string "1,2"/,
    ],
    [
      'fromJSON a string weight',
      fromJSON((j) => ({ ...j, weights: ['1', 2] })),
      TypeError,
      /field weights\[0\] must be a number; received the string "1"/,
    ],
    [
      'fromJSON bias missing',
      fromJSON(({ bias, ...j }) => j),
      TypeError,
      /field bias must be a number; received undefined/,
    ],
    [
      'fromJSON bias a string',
      fromJSON((j) => ({ ...j, bias: '0' })),
      TypeError,
      /field bias must be a number; received the string "0"/,
    ],
    [
      'fromJSON bias Infinity',
      fromJSON((j) => ({ ...j, bias: -Infinity })),
      RangeError,
      /bias must be a finite number; received -Infinity/,
    ],
    [
      'fromJSON state an array',
      fromJSON((j) => ({ ...j, state: [] })),
      TypeError,
      /field state must be an object of number arrays; received an array of length 0/,
    ],
    [
      'fromJSON a state entry not an array',
      fromJSON((j) => ({ ...j, state: { ...j.state, extra: 5 } })),
      TypeError,
      /field state\.extra must be an array of numbers; received 5/,
    ],
    [
      'fromJSON a preprocess field without the option',
      fromJSON((j) => ({ ...j, preprocess: { kind: 'minMax', shift: [0, 0], scale: [1, 1] } })),
      TypeError,
      /field preprocess must be \{kind, shift, scale\} with the options' preprocess kind/,
    ],
    [
      'fromJSON text cut short',
      () => pw.Perceptron.fromJSON(JSON.stringify(good()).slice(0, -1)),
      TypeError,
      /^Perceptron\.fromJSON: the text is not valid JSON/,
    ],
  ],
});
