// Bad-input tables for pw.MulticlassPerceptron (index.d.ts: Model, MulticlassPerceptron,
// MulticlassOptions, MulticlassFitOptions, PartialFitOptions): every call must fail with the
// documented error class, a message naming the argument (and what it received), and leave the
// model and the wasm memory as they were.
import { AND_X, CMU_X, pw } from './helpers.mjs';
import { badInputTable, modelState } from './bad-input.mjs';

// Three classes on the AND points (the middle two share one).
const Y3 = [0, 1, 1, 2];
const typed = (rows, cols, values = new Array(rows * cols).fill(0)) => ({
  data: Float64Array.from(values),
  rows,
  cols,
});
const withNaN = (X, i, j, value = NaN) => X.map((row, r) => row.map((v, c) => (r === i && c === j ? value : v)));

function fitted(options) {
  const m = new pw.MulticlassPerceptron(options);
  m.fit(AND_X, Y3);
  return m;
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
  const m = new pw.MulticlassPerceptron(options);
  try {
    return fn(m);
  } finally {
    m.dispose();
  }
}

const M = { setup: () => fitted(), state: modelState, teardown: (m) => m.dispose() };

// fit's bad input: the same on a fitted and on a fresh model.
const FIT_CASES = [
  // X that is not a matrix
  [
    'X undefined',
    (m) => m.fit(undefined, Y3),
    TypeError,
    /MulticlassPerceptron\.fit: X must be an array of rows/,
    /received undefined/,
  ],
  ['X a number', (m) => m.fit(4, Y3), TypeError, /MulticlassPerceptron\.fit: X must be an array of rows/, /received 4/],
  [
    'X a string',
    (m) => m.fit('0,0;0,1', Y3),
    TypeError,
    /MulticlassPerceptron\.fit: X must be/,
    /received the string "0,0;0,1"/,
  ],
  ['X null', (m) => m.fit(null, Y3), TypeError, /MulticlassPerceptron\.fit: X must be/, /received null/],
  [
    'X an object without data',
    (m) => m.fit({ rows: 4, cols: 2 }, Y3),
    TypeError,
    /MulticlassPerceptron\.fit: X must be/,
    /received an object/,
  ],
  [
    'X a bare Float64Array',
    (m) => m.fit(new Float64Array(8), Y3),
    TypeError,
    /\{data, rows, cols\}/,
    /received a Float64Array of length 8/,
  ],
  [
    'X a flat number array',
    (m) => m.fit([0, 0, 1, 1], Y3),
    TypeError,
    /MulticlassPerceptron\.fit: X\[0\] must be an array of numbers/,
    /received 0; for a single example pass \[x\]/,
  ],
  [
    'X with a string row',
    (m) => m.fit([[0, 0], '01', [1, 0], [1, 1]], Y3),
    TypeError,
    /X\[1\] must be an array of numbers/,
    /received the string "01"/,
  ],
  [
    'X ragged',
    (m) => m.fit([[0, 0], [0, 1], [1], [1, 1]], Y3),
    RangeError,
    /MulticlassPerceptron\.fit: X must have rows of equal length; X\[0\] has 2 values, X\[2\] has 1/,
  ],
  [
    'X with ragged typed rows',
    (m) => m.fit([Float32Array.of(0, 0), Float32Array.of(0, 1, 2), Float32Array.of(1, 0), Float32Array.of(1, 1)], Y3),
    RangeError,
    /X\[0\] has 2 values, X\[1\] has 3/,
  ],
  // values in X
  [
    'a string in X',
    (m) =>
      m.fit(
        [
          [0, 0],
          [0, '1'],
          [1, 0],
          [1, 1],
        ],
        Y3,
      ),
    TypeError,
    /MulticlassPerceptron\.fit: X\[1\]\[1\] must be a number; received the string "1"/,
  ],
  [
    'a null in X',
    (m) =>
      m.fit(
        [
          [null, 0],
          [0, 1],
          [1, 0],
          [1, 1],
        ],
        Y3,
      ),
    TypeError,
    /X\[0\]\[0\] must be a number; received null/,
  ],
  [
    'a boolean in X',
    (m) =>
      m.fit(
        [
          [0, 0],
          [0, 1],
          [false, 0],
          [1, 1],
        ],
        Y3,
      ),
    TypeError,
    /X\[2\]\[0\] must be a number; received false/,
  ],
  [
    'an object in X',
    (m) =>
      m.fit(
        [
          [0, 0],
          [0, 1],
          [1, 0],
          [1, {}],
        ],
        Y3,
      ),
    TypeError,
    /X\[3\]\[1\] must be a number; received an object/,
  ],
  [
    'NaN in X',
    (m) => m.fit(withNaN(AND_X, 1, 0), Y3),
    RangeError,
    /MulticlassPerceptron\.fit: X must contain only finite numbers; received NaN at row 1, column 0/,
  ],
  [
    'Infinity in X',
    (m) => m.fit(withNaN(AND_X, 3, 1, Infinity), Y3),
    RangeError,
    /X must contain only finite numbers; received Infinity at row 3, column 1/,
  ],
  [
    '-Infinity in typed X',
    (m) => m.fit(typed(4, 2, [0, 0, 0, 1, -Infinity, 0, 1, 1]), Y3),
    RangeError,
    /received -Infinity at row 2, column 0/,
  ],
  [
    'NaN in a Float32Array row',
    (m) => m.fit([Float32Array.of(0, 0), Float32Array.of(0, 1), Float32Array.of(1, 0), Float32Array.of(NaN, 1)], Y3),
    RangeError,
    /received NaN at row 3, column 0/,
  ],
  // {data, rows, cols} and empty X
  [
    'empty X',
    (m) => m.fit([], []),
    RangeError,
    /MulticlassPerceptron\.fit: X must have at least one row; received 0 rows/,
  ],
  [
    'rows of no columns',
    (m) => m.fit([[], [], [], []], Y3),
    RangeError,
    /MulticlassPerceptron\.fit: X must have at least one column; received 0 columns/,
  ],
  [
    'typed X of the wrong size',
    (m) => m.fit({ data: new Float64Array(7), rows: 4, cols: 2 }, Y3),
    RangeError,
    /X\.data must hold rows \* cols = 4 \* 2 = 8 values; received 7/,
  ],
  [
    'typed X with negative cols',
    (m) => m.fit({ data: new Float64Array(8), rows: 4, cols: -2 }, Y3),
    RangeError,
    /X\.cols must be a non-negative integer; received -2/,
  ],
  [
    'typed X with rows a string',
    (m) => m.fit({ data: new Float64Array(8), rows: '4', cols: 2 }, Y3),
    TypeError,
    /X\.rows must be a non-negative integer; received the string "4"/,
  ],
  [
    'typed X with a plain array',
    (m) => m.fit({ data: [0, 0, 0, 1, 1, 0, 1, 1], rows: 4, cols: 2 }, Y3),
    TypeError,
    /X\.data must be a Float64Array or Float32Array/,
    /received an array of length 8/,
  ],
  [
    'typed X with Uint8Array data',
    (m) => m.fit({ data: new Uint8Array(8), rows: 4, cols: 2 }, Y3),
    TypeError,
    /X\.data must be a Float64Array or Float32Array/,
    /Uint8Array of length 8/,
  ],
  // y
  [
    'y left out',
    (m) => m.fit(AND_X),
    TypeError,
    /MulticlassPerceptron\.fit: y must be an array of labels/,
    /received undefined/,
  ],
  ['y a string', (m) => m.fit(AND_X, '0112'), TypeError, /y must be an array of labels/, /received the string "0112"/],
  [
    'y shorter than X',
    (m) => m.fit(AND_X, [0, 1, 2]),
    RangeError,
    /MulticlassPerceptron\.fit: y must have one label per row of X \(4\); received 3 labels/,
  ],
  [
    'a typed y longer than X',
    (m) => m.fit(AND_X, Uint8Array.of(0, 1, 1, 2, 2)),
    RangeError,
    /y must have one label per row of X \(4\); received 5 labels/,
  ],
  [
    'y with one class',
    (m) => m.fit(AND_X, [1, 1, 1, 1]),
    RangeError,
    /MulticlassPerceptron\.fit: y must hold at least two distinct classes; received 1 class \[1\]/,
  ],
  [
    'y with one string class',
    (m) => m.fit(AND_X, ['a', 'a', 'a', 'a']),
    RangeError,
    /y must hold at least two distinct classes; received 1 class \["a"\]/,
  ],
  [
    'y with NaN',
    (m) => m.fit(AND_X, [0, NaN, 1, 2]),
    RangeError,
    /y\[1\] must be a finite number or a string; received NaN/,
  ],
  [
    'y with -Infinity',
    (m) => m.fit(AND_X, [0, 1, 1, -Infinity]),
    RangeError,
    /y\[3\] must be a finite number or a string; received -Infinity/,
  ],
  [
    'y with an object label',
    (m) => m.fit(AND_X, [0, { label: 1 }, 1, 2]),
    TypeError,
    /y\[1\] must be a number or a string; received an object/,
  ],
  [
    'y with an array label',
    (m) => m.fit(AND_X, [0, 1, [1], 2]),
    TypeError,
    /y\[2\] must be a number or a string; received an array of length 1/,
  ],
  [
    'y with a null label',
    (m) => m.fit(AND_X, [null, 1, 1, 2]),
    TypeError,
    /y\[0\] must be a number or a string; received null/,
  ],
  [
    'y mixing numbers and strings',
    (m) => m.fit(AND_X, [0, 1, '1', 2]),
    TypeError,
    /y must hold only numbers or only strings; y\[0\] is a number, y\[2\] is the string "1"/,
  ],
  [
    'y with a lone surrogate',
    (m) => m.fit(AND_X, ['a', 'b', '\uDC00', 'c']),
    TypeError,
    /y\[2\] must be a well-formed string/,
  ],
  [
    'a BigUint64Array y',
    (m) => m.fit(AND_X, BigUint64Array.of(0n, 1n, 1n, 2n)),
    TypeError,
    /MulticlassPerceptron\.fit: y/,
    /BigUint64Array/,
  ],
  [
    'a BigInt64Array row in X',
    (m) => m.fit([[0, 0], BigInt64Array.of(0n, 1n), [1, 0], [1, 1]], Y3),
    TypeError,
    /MulticlassPerceptron\.fit: X\[1\]/,
    /BigInt64Array/,
  ],
  // fit's options
  [
    'fit options a number',
    (m) => m.fit(AND_X, Y3, 1),
    TypeError,
    /MulticlassPerceptron\.fit: options must be a plain object; received 1/,
  ],
  [
    'fit options an array',
    (m) => m.fit(AND_X, Y3, [{}]),
    TypeError,
    /options must be a plain object; received an array of length 1/,
  ],
  [
    'initialWeights',
    (m) => m.fit(AND_X, Y3, { initialWeights: [0, 0] }),
    TypeError,
    /MulticlassPerceptron\.fit: unknown option "initialWeights"; known options are onStep, onEpoch, signal, sampleWeight, validation/,
  ],
  [
    'initialBias',
    (m) => m.fit(AND_X, Y3, { initialBias: 0 }),
    TypeError,
    /MulticlassPerceptron\.fit: unknown option "initialBias"/,
  ],
  [
    'a constructor option given to fit',
    (m) => m.fit(AND_X, Y3, { strategy: 'ovr' }),
    TypeError,
    /unknown option "strategy"; known options are onStep/,
  ],
  [
    'onStep a number',
    (m) => m.fit(AND_X, Y3, { onStep: 1 }),
    TypeError,
    /MulticlassPerceptron\.fit: (option onStep must be a function; received 1|onStep and onEpoch follow joint training)/,
  ],
  [
    'onEpoch true',
    (m) => m.fit(AND_X, Y3, { onEpoch: true }),
    TypeError,
    /MulticlassPerceptron\.fit: (option onEpoch must be a function; received true|onStep and onEpoch follow joint training)/,
  ],
  [
    'signal a boolean',
    (m) => m.fit(AND_X, Y3, { signal: true }),
    TypeError,
    /MulticlassPerceptron\.fit: option signal must be an AbortSignal; received true/,
  ],
  [
    'signal an object without aborted',
    (m) => m.fit(AND_X, Y3, { signal: { reason: 'x' } }),
    TypeError,
    /option signal must be an AbortSignal; received an object/,
  ],
  [
    'sampleWeight too short',
    (m) => m.fit(AND_X, Y3, { sampleWeight: [1, 1] }),
    RangeError,
    /MulticlassPerceptron\.fit: sampleWeight must have one weight per row of X \(4\); received 2/,
  ],
  [
    'a negative sampleWeight',
    (m) => m.fit(AND_X, Y3, { sampleWeight: [1, 1, 1, -0.5] }),
    RangeError,
    /sampleWeight\[3\] must be a finite number >= 0; received -0\.5/,
  ],
  [
    'a NaN sampleWeight',
    (m) => m.fit(AND_X, Y3, { sampleWeight: Float32Array.of(1, NaN, 1, 1) }),
    RangeError,
    /sampleWeight\[1\] must be a finite number >= 0; received NaN/,
  ],
  [
    'sampleWeight all zero',
    (m) => m.fit(AND_X, Y3, { sampleWeight: [0, 0, 0, 0] }),
    RangeError,
    /sampleWeight and classWeight must leave some example a weight > 0; received all zero/,
  ],
  [
    'sampleWeight a string',
    (m) => m.fit(AND_X, Y3, { sampleWeight: '1111' }),
    TypeError,
    /sampleWeight must be an array of numbers; received the string "1111"/,
  ],
  [
    'a null sampleWeight',
    (m) => m.fit(AND_X, Y3, { sampleWeight: [1, null, 1, 1] }),
    TypeError,
    /sampleWeight\[1\] must be a number; received null/,
  ],
  [
    'a BigInt64Array sampleWeight',
    (m) => m.fit(AND_X, Y3, { sampleWeight: BigInt64Array.of(1n, 1n, 1n, 1n) }),
    TypeError,
    /MulticlassPerceptron\.fit: sampleWeight/,
    /BigInt64Array/,
  ],
  [
    'validation null',
    (m) => m.fit(AND_X, Y3, { validation: null }),
    TypeError,
    /MulticlassPerceptron\.fit: option validation must be an object \{X, y\}; received null/,
  ],
  [
    'validation without X',
    (m) => m.fit(AND_X, Y3, { validation: { y: Y3 } }),
    TypeError,
    /option validation must be an object \{X, y\}; received an object/,
  ],
  [
    'validation with a class not in y',
    (m) => m.fit(AND_X, Y3, { validation: { X: AND_X, y: [0, 1, 3, 2] } }),
    RangeError,
    /validation\.y\[2\] must be one of the classes \[0, 1, 2\]; received 3/,
  ],
  [
    'validation X with three columns',
    (m) => m.fit(AND_X, Y3, { validation: { X: [[0, 0, 0]], y: [0] } }),
    RangeError,
    /validation\.X/,
    /column/,
  ],
  [
    'validation X with Infinity',
    (m) => m.fit(AND_X, Y3, { validation: { X: withNaN(AND_X, 0, 0, Infinity), y: Y3 } }),
    RangeError,
    /validation\.X must contain only finite numbers; received Infinity at row 0, column 0/,
  ],
  [
    'validation y longer than its X',
    (m) => m.fit(AND_X, Y3, { validation: { X: AND_X.slice(0, 2), y: Y3 } }),
    RangeError,
    /validation\.y must have one label per row of validation\.X \(2\); received 4 labels/,
  ],
  [
    'validation y not an array',
    (m) => m.fit(AND_X, Y3, { validation: { X: AND_X, y: 3 } }),
    TypeError,
    /validation\.y must be an array of labels/,
    /received 3/,
  ],
  [
    'validation strings for numeric classes',
    (m) => m.fit(AND_X, Y3, { validation: { X: AND_X, y: ['0', '1', '1', '2'] } }),
    TypeError,
    /validation\.y must hold numbers like the model's classes; received strings/,
  ],
];

badInputTable('MulticlassPerceptron.fit on a fitted model', { ...M, cases: FIT_CASES });

badInputTable(
  'MulticlassPerceptron on a fitted model: predict, decisionFunction, score, partialFit, trainer, Datasets',
  {
    ...M,
    cases: [
      // predict
      [
        'predict undefined',
        (m) => m.predict(),
        TypeError,
        /MulticlassPerceptron\.predict: X must be an array of rows/,
        /received undefined/,
      ],
      [
        'predict an object',
        (m) => m.predict({ x: [1, 2] }),
        TypeError,
        /MulticlassPerceptron\.predict: X must be/,
        /received an object/,
      ],
      [
        'predict three columns',
        (m) => m.predict([[1, 2, 3]]),
        RangeError,
        /MulticlassPerceptron\.predict: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'predict one column',
        (m) => m.predict(typed(3, 1)),
        RangeError,
        /MulticlassPerceptron\.predict: X must have 2 columns \(the model's feature count\); received 1/,
      ],
      [
        'predict NaN',
        (m) =>
          m.predict([
            [0, 0],
            [0, NaN],
          ]),
        RangeError,
        /MulticlassPerceptron\.predict: X must contain only finite numbers; received NaN at row 1, column 1/,
      ],
      [
        'predict empty X',
        (m) => m.predict([]),
        RangeError,
        /MulticlassPerceptron\.predict: X must have at least one row; received 0 rows/,
      ],
      [
        'predict a string in X',
        (m) => m.predict([['0', 0]]),
        TypeError,
        /MulticlassPerceptron\.predict: X\[0\]\[0\] must be a number; received the string "0"/,
      ],
      [
        'predict ragged rows',
        (m) =>
          m.predict([
            [0, 0],
            [0, 0, 0],
          ]),
        RangeError,
        /MulticlassPerceptron\.predict: X must have rows of equal length/,
      ],
      [
        'predict a flat row',
        (m) => m.predict([1, 1]),
        TypeError,
        /MulticlassPerceptron\.predict: X\[0\] must be an array of numbers/,
        /for a single example pass \[x\]/,
      ],
      [
        'predict typed X of 2^33 rows and no columns',
        (m) => m.predict({ data: new Float64Array(0), rows: 2 ** 33, cols: 0 }),
        RangeError,
        /MulticlassPerceptron\.predict: X/,
        /received 0 columns|8589934592/,
      ],
      [
        'predict a DataView row',
        (m) => m.predict([new DataView(new ArrayBuffer(16))]),
        TypeError,
        /MulticlassPerceptron\.predict: X\[0\] must be an array of numbers/,
        /received a DataView(?! of length undefined)/,
      ],
      // decisionFunction
      [
        'decisionFunction three columns',
        (m) => m.decisionFunction([[1, 2, 3]]),
        RangeError,
        /MulticlassPerceptron\.decisionFunction: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'decisionFunction a bare typed array',
        (m) => m.decisionFunction(Float32Array.of(0, 1)),
        TypeError,
        /MulticlassPerceptron\.decisionFunction: X must be/,
        /Float32Array of length 2/,
      ],
      [
        'decisionFunction -Infinity',
        (m) => m.decisionFunction([[-Infinity, 0]]),
        RangeError,
        /MulticlassPerceptron\.decisionFunction: X must contain only finite numbers; received -Infinity at row 0, column 0/,
      ],
      [
        'decisionFunction typed X too short',
        (m) => m.decisionFunction({ data: new Float64Array(3), rows: 2, cols: 2 }),
        RangeError,
        /X\.data must hold rows \* cols = 2 \* 2 = 4 values; received 3/,
      ],
      [
        'decisionFunction typed X with rows NaN',
        (m) => m.decisionFunction({ data: new Float64Array(4), rows: NaN, cols: 2 }),
        RangeError,
        /X\.rows must be a non-negative integer; received NaN/,
      ],
      // score
      [
        'score without y',
        (m) => m.score(AND_X),
        TypeError,
        /MulticlassPerceptron\.score: y must be an array of labels/,
        /received undefined/,
      ],
      [
        'score a label outside the classes',
        (m) => m.score(AND_X, [0, 1, 1, 3]),
        RangeError,
        /MulticlassPerceptron\.score: y\[3\] must be one of the classes \[0, 1, 2\]; received 3/,
      ],
      [
        'score strings for numeric classes',
        (m) => m.score(AND_X, ['0', '1', '1', '2']),
        TypeError,
        /MulticlassPerceptron\.score: y must hold numbers like the model's classes; received strings/,
      ],
      [
        'score y shorter',
        (m) => m.score(AND_X, [0, 1]),
        RangeError,
        /MulticlassPerceptron\.score: y must have one label per row of X \(4\); received 2 labels/,
      ],
      [
        'score three columns',
        (m) => m.score([[0, 0, 0]], [0]),
        RangeError,
        /MulticlassPerceptron\.score: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'score NaN in X',
        (m) => m.score(withNaN(AND_X, 2, 1), Y3),
        RangeError,
        /MulticlassPerceptron\.score: X must contain only finite numbers; received NaN at row 2, column 1/,
      ],
      [
        'score a NaN label',
        (m) => m.score(AND_X, [0, 1, NaN, 2]),
        RangeError,
        /MulticlassPerceptron\.score: y\[2\] must be a finite number or a string; received NaN/,
      ],
      [
        'score a boolean label',
        (m) => m.score(AND_X, [0, 1, 1, false]),
        TypeError,
        /MulticlassPerceptron\.score: y\[3\] must be a number or a string; received false/,
      ],
      // partialFit
      [
        'partialFit a new label',
        (m) => m.partialFit([[1, 1]], [3]),
        RangeError,
        /MulticlassPerceptron\.partialFit: y\[0\] must be one of the classes \[0, 1, 2\]; received 3/,
      ],
      [
        'partialFit three columns',
        (m) => m.partialFit([[1, 1, 1]], [2]),
        RangeError,
        /MulticlassPerceptron\.partialFit: X must have 2 columns \(the model's feature count\); received 3/,
      ],
      [
        'partialFit fewer classes',
        (m) => m.partialFit([[1, 1]], [1], { classes: [0, 1] }),
        RangeError,
        /MulticlassPerceptron\.partialFit: classes are fixed by the first partialFit call/,
      ],
      [
        'partialFit more classes',
        (m) => m.partialFit([[1, 1]], [3], { classes: [0, 1, 2, 3] }),
        RangeError,
        /MulticlassPerceptron\.partialFit: classes are fixed by the first partialFit call/,
      ],
      [
        'partialFit classes an object',
        (m) => m.partialFit(AND_X, Y3, { classes: { 0: 0, 1: 1 } }),
        TypeError,
        /MulticlassPerceptron\.partialFit: classes must be an array of labels/,
        /received an object/,
      ],
      [
        'partialFit classes mixed',
        (m) => m.partialFit(AND_X, Y3, { classes: [0, '1', 2] }),
        TypeError,
        /MulticlassPerceptron\.partialFit: classes must hold only numbers or only strings/,
      ],
      [
        'partialFit unknown option',
        (m) => m.partialFit(AND_X, Y3, { validation: { X: AND_X, y: Y3 } }),
        TypeError,
        /MulticlassPerceptron\.partialFit: unknown option "validation"; known options are classes, sampleWeight/,
      ],
      [
        'partialFit options a string',
        (m) => m.partialFit(AND_X, Y3, 'classes'),
        TypeError,
        /MulticlassPerceptron\.partialFit: options must be a plain object; received the string "classes"/,
      ],
      [
        'partialFit sampleWeight too short',
        (m) => m.partialFit(AND_X, Y3, { sampleWeight: [1] }),
        RangeError,
        /MulticlassPerceptron\.partialFit: sampleWeight must have one weight per row of X \(4\); received 1/,
      ],
      [
        'partialFit an infinite sampleWeight',
        (m) => m.partialFit(AND_X, Y3, { sampleWeight: [1, 1, Infinity, 1] }),
        RangeError,
        /MulticlassPerceptron\.partialFit: sampleWeight\[2\] must be a finite number >= 0; received Infinity/,
      ],
      [
        'partialFit without y',
        (m) => m.partialFit(AND_X),
        TypeError,
        /MulticlassPerceptron\.partialFit: y must be an array of labels/,
      ],
      [
        'partialFit y of another length',
        (m) => m.partialFit(AND_X, [0, 1, 2]),
        RangeError,
        /MulticlassPerceptron\.partialFit: y must have one label per row of X \(4\); received 3 labels/,
      ],
      [
        'partialFit Infinity in X',
        (m) => m.partialFit(withNaN(AND_X, 1, 1, Infinity), Y3),
        RangeError,
        /MulticlassPerceptron\.partialFit: X must contain only finite numbers; received Infinity at row 1, column 1/,
      ],
      [
        'partialFit strings for numeric classes',
        (m) => m.partialFit(AND_X, ['a', 'b', 'b', 'c']),
        TypeError,
        /MulticlassPerceptron\.partialFit: y must hold numbers like the model's classes; received strings/,
      ],
      [
        'partialFit X not an array',
        (m) => m.partialFit(true, Y3),
        TypeError,
        /MulticlassPerceptron\.partialFit: X must be an array of rows/,
        /received true/,
      ],
      // trainer
      [
        'trainer initialWeights',
        (m) => m.trainer(AND_X, Y3, { initialWeights: [0, 0] }),
        TypeError,
        /MulticlassPerceptron\.trainer: unknown option "initialWeights"; known options are sampleWeight, validation/,
      ],
      [
        'trainer onEpoch',
        (m) => m.trainer(AND_X, Y3, { onEpoch() {} }),
        TypeError,
        /MulticlassPerceptron\.trainer: unknown option "onEpoch"/,
      ],
      [
        'trainer one class',
        (m) => m.trainer(AND_X, [2, 2, 2, 2]),
        RangeError,
        /MulticlassPerceptron\.trainer: y must hold at least two distinct classes; received 1 class \[2\]/,
      ],
      [
        'trainer X a number',
        (m) => m.trainer(1, Y3),
        TypeError,
        /MulticlassPerceptron\.trainer: X must be an array of rows/,
        /received 1/,
      ],
      [
        'trainer a negative sampleWeight',
        (m) => m.trainer(AND_X, Y3, { sampleWeight: [-1, 1, 1, 1] }),
        RangeError,
        /MulticlassPerceptron\.trainer: sampleWeight\[0\] must be a finite number >= 0; received -1/,
      ],
      [
        'trainer validation a string',
        (m) => m.trainer(AND_X, Y3, { validation: 'holdout' }),
        TypeError,
        /MulticlassPerceptron\.trainer: option validation must be an object \{X, y\}; received the string "holdout"/,
      ],
      [
        'trainer options null',
        (m) => m.trainer(AND_X, Y3, null),
        TypeError,
        /MulticlassPerceptron\.trainer: options must be a plain object; received null/,
      ],
      [
        'trainer y mixed',
        (m) => m.trainer(AND_X, [0, 'a', 1, 2]),
        TypeError,
        /MulticlassPerceptron\.trainer: y must hold only numbers or only strings/,
      ],
      // Datasets
      [
        'fit a Dataset without labels',
        (m) => withDataset(AND_X, undefined, (d) => m.fit(d)),
        TypeError,
        /MulticlassPerceptron\.fit: X is a Dataset without labels; give y, or build it with labels/,
      ],
      [
        'score a Dataset without labels',
        (m) => withDataset(AND_X, undefined, (d) => m.score(d)),
        TypeError,
        /MulticlassPerceptron\.score: X is a Dataset without labels/,
      ],
      [
        'partialFit a Dataset without labels',
        (m) => withDataset(AND_X, undefined, (d) => m.partialFit(d)),
        TypeError,
        /MulticlassPerceptron\.partialFit: X is a Dataset without labels/,
      ],
      [
        'trainer a Dataset without labels',
        (m) => withDataset(AND_X, undefined, (d) => m.trainer(d)),
        TypeError,
        /MulticlassPerceptron\.trainer: X is a Dataset without labels/,
      ],
      [
        'fit a Dataset with one class',
        (m) => withDataset(AND_X, [5, 5, 5, 5], (d) => m.fit(d)),
        RangeError,
        /MulticlassPerceptron\.fit: y must hold at least two distinct classes; received 1 class \[5\]/,
      ],
      [
        'fit a Dataset and a y of another length',
        (m) => withDataset(AND_X, Y3, (d) => m.fit(d, [0, 1])),
        RangeError,
        /MulticlassPerceptron\.fit: y must have one label per row of X \(4\); received 2/,
      ],
      [
        'predict a Dataset of one column',
        (m) => withDataset([[1], [2]], undefined, (d) => m.predict(d)),
        RangeError,
        /MulticlassPerceptron\.predict: X must have 2 columns \(the model's feature count\); received 1/,
      ],
      [
        'score a Dataset with a new class',
        (m) => withDataset(AND_X, [0, 1, 1, 7], (d) => m.score(d)),
        RangeError,
        /MulticlassPerceptron\.score: y\[3\] must be one of the classes \[0, 1, 2\]; received 7/,
      ],
      [
        'partialFit a Dataset with string labels',
        (m) => withDataset(AND_X, ['a', 'b', 'b', 'c'], (d) => m.partialFit(d)),
        TypeError,
        /MulticlassPerceptron\.partialFit: y must hold numbers like the model's classes; received strings/,
      ],
      [
        'validation a Dataset with a new class',
        (m) => withDataset(AND_X, [0, 1, 1, 9], (d) => m.fit(AND_X, Y3, { validation: { X: d } })),
        RangeError,
        /MulticlassPerceptron\.fit: validation\.y\[3\] must be one of the classes \[0, 1, 2\]; received 9/,
      ],
      [
        'fit a disposed Dataset',
        (m) => {
          const d = pw.Dataset.fromArray(AND_X, undefined, Y3);
          d.dispose();
          return m.fit(d);
        },
        pw.DisposedError,
        /MulticlassPerceptron\.fit: X is a disposed Dataset/,
      ],
      [
        'decisionFunction of a disposed Dataset',
        (m) => {
          const d = pw.Dataset.fromArray(AND_X);
          d.dispose();
          return m.decisionFunction(d);
        },
        pw.DisposedError,
        /MulticlassPerceptron\.decisionFunction: X is a disposed Dataset/,
      ],
    ],
  },
);

badInputTable("MulticlassPerceptron (ovr) on a fresh model: not fitted, classes unknown, and fit's bad input", {
  setup: () => new pw.MulticlassPerceptron({ strategy: 'ovr' }),
  state: modelState,
  teardown: (m) => m.dispose(),
  cases: [
    [
      'predict',
      (m) => m.predict(AND_X),
      pw.NotFittedError,
      /^MulticlassPerceptron\.predict: the model has not learned anything yet; call fit\(X, y\) first/,
    ],
    [
      'predict a Dataset',
      (m) => withDataset(AND_X, undefined, (d) => m.predict(d)),
      pw.NotFittedError,
      /^MulticlassPerceptron\.predict: the model has not learned anything yet/,
    ],
    [
      'decisionFunction',
      (m) => m.decisionFunction(typed(1, 2)),
      pw.NotFittedError,
      /^MulticlassPerceptron\.decisionFunction: the model has not learned anything yet/,
    ],
    [
      'score',
      (m) => m.score(AND_X, Y3),
      pw.NotFittedError,
      /^MulticlassPerceptron\.score: the model has not learned anything yet/,
    ],
    [
      'score a labelled Dataset',
      (m) => withDataset(AND_X, Y3, (d) => m.score(d)),
      pw.NotFittedError,
      /^MulticlassPerceptron\.score: the model has not learned anything yet/,
    ],
    [
      'onStep with strategy ovr',
      (m) => m.fit(AND_X, Y3, { onStep() {} }),
      TypeError,
      /MulticlassPerceptron\.fit: onStep and onEpoch follow joint training; with strategy "ovr" train binary Perceptrons to trace them/,
    ],
    [
      'onEpoch with strategy ovr',
      (m) => m.fit(AND_X, Y3, { onEpoch() {} }),
      TypeError,
      /MulticlassPerceptron\.fit: onStep and onEpoch follow joint training; with strategy "ovr"/,
    ],
    [
      'partialFit without classes',
      (m) => m.partialFit(AND_X, Y3),
      TypeError,
      /MulticlassPerceptron\.partialFit: the first partialFit call needs the classes: partialFit\(X, y, \{classes: \[\.\.\.\]\}\)/,
    ],
    [
      'partialFit one class',
      (m) => m.partialFit(AND_X, [0, 0, 0, 0], { classes: [0] }),
      RangeError,
      /MulticlassPerceptron\.partialFit: classes must hold at least two distinct classes; received 1 class \[0\]/,
    ],
    [
      'partialFit one class and other labels',
      (m) => m.partialFit(AND_X, Y3, { classes: [0] }),
      RangeError,
      /MulticlassPerceptron\.partialFit: classes must hold at least two distinct classes; received 1 class \[0\]/,
    ],
    [
      'partialFit no classes',
      (m) => m.partialFit(AND_X, Y3, { classes: [] }),
      RangeError,
      /MulticlassPerceptron\.partialFit: classes must hold at least two distinct classes; received 0/,
    ],
    [
      'partialFit duplicate classes',
      (m) => m.partialFit(AND_X, [0, 0, 0, 0], { classes: [0, 0] }),
      RangeError,
      /MulticlassPerceptron\.partialFit: classes must hold distinct labels/,
    ],
    [
      'partialFit a label outside the classes',
      (m) => m.partialFit(AND_X, Y3, { classes: [0, 1] }),
      RangeError,
      /MulticlassPerceptron\.partialFit: y\[3\] must be one of the classes \[0, 1\]; received 2/,
    ],
    [
      'partialFit numbers for string classes',
      (m) => m.partialFit(AND_X, Y3, { classes: ['a', 'b', 'c'] }),
      TypeError,
      /MulticlassPerceptron\.partialFit: y must hold strings like the model's classes; received numbers/,
    ],
    [
      'partialFit classes with Infinity',
      (m) => m.partialFit(AND_X, Y3, { classes: [0, 1, Infinity] }),
      RangeError,
      /MulticlassPerceptron\.partialFit: classes\[2\] must be a finite number or a string; received Infinity/,
    ],
    [
      'partialFit classes a number',
      (m) => m.partialFit(AND_X, Y3, { classes: 3 }),
      TypeError,
      /MulticlassPerceptron\.partialFit: classes must be an array of labels/,
      /received 3/,
    ],
    [
      'partialFit a bad X with classes',
      (m) => m.partialFit(withNaN(AND_X, 0, 1), Y3, { classes: [0, 1, 2] }),
      RangeError,
      /MulticlassPerceptron\.partialFit: X must contain only finite numbers; received NaN at row 0, column 1/,
    ],
    [
      'trainer one class',
      (m) => m.trainer(CMU_X, [1, 1, 1, 1, 1, 1]),
      RangeError,
      /MulticlassPerceptron\.trainer: y must hold at least two distinct classes; received 1 class \[1\]/,
    ],
    ...FIT_CASES,
  ],
});

// Every call on a disposed model: a DisposedError naming the call, before its arguments are read.
const disposedMessage = (method) =>
  new RegExp(`^MulticlassPerceptron\\.${method}: the model was disposed; create a new MulticlassPerceptron`);
const DISPOSED_CALLS = [
  ['fit', (m) => m.fit(AND_X, Y3)],
  ['fit', (m) => m.fit(null, null, null), 'with bad arguments'],
  ['fit', (m) => m.fit(AND_X, Y3, { onStep() {} }), 'with onStep'],
  ['fit', (m) => m.fit(AND_X, Y3, { initialWeights: [0, 0] }), 'with an unknown option'],
  ['fit', (m) => m.fit(AND_X, [1, 1, 1, 1]), 'with one class'],
  ['fit', (m) => withDataset(AND_X, Y3, (d) => m.fit(d)), 'a Dataset'],
  ['fit', (m) => m.fit(AND_X, Y3, { signal: AbortSignal.abort() }), 'with an aborted signal'],
  ['fit', (m) => m.fit(AND_X, Y3, { sampleWeight: [1, 1, 1, 1] }), 'with sampleWeight'],
  ['fit', (m) => m.fit(AND_X, Y3, { validation: { X: AND_X, y: Y3 } }), 'with validation'],
  ['trainer', (m) => m.trainer(AND_X, Y3)],
  ['trainer', (m) => m.trainer(), 'with no arguments'],
  ['trainer', (m) => m.trainer(AND_X, Y3, { onStep() {} }), 'with an unknown option'],
  ['partialFit', (m) => m.partialFit(AND_X, Y3)],
  ['partialFit', (m) => m.partialFit(AND_X, Y3, { classes: [0, 1, 2] }), 'with classes'],
  ['partialFit', (m) => m.partialFit([[0, 0, 0]], [9]), 'with bad arguments'],
  ['partialFit', (m) => m.partialFit(AND_X, Y3, { sampleWeight: [1, 1, 1, 1] }), 'with sampleWeight'],
  ['predict', (m) => m.predict(AND_X)],
  ['predict', (m) => m.predict(), 'with no X'],
  ['predict', (m) => m.predict([[0, 0, 0]]), 'with three columns'],
  ['predict', (m) => m.predict(typed(1, 2)), 'of a typed X'],
  ['predict', (m) => withDataset(AND_X, undefined, (d) => m.predict(d)), 'a Dataset'],
  ['decisionFunction', (m) => m.decisionFunction(AND_X)],
  ['decisionFunction', (m) => m.decisionFunction('x'), 'with a string'],
  ['decisionFunction', (m) => m.decisionFunction([[NaN, 0]]), 'with NaN'],
  ['decisionFunction', (m) => withDataset(AND_X, undefined, (d) => m.decisionFunction(d)), 'of a Dataset'],
  ['score', (m) => m.score(AND_X, Y3)],
  ['score', (m) => m.score(AND_X), 'without y'],
  ['score', (m) => m.score(AND_X, [7, 7, 7, 7]), 'with other labels'],
  ['score', (m) => withDataset(AND_X, Y3, (d) => m.score(d)), 'a labelled Dataset'],
  ['toJSON', (m) => m.toJSON()],
  ['toJSON', (m) => JSON.stringify(m), 'through JSON.stringify'],
  ['toJSON', (m) => JSON.stringify([m]), 'in an array through JSON.stringify'],
  ['classes', (m) => m.classes],
  ['classes', (m) => m.classes.length, 'length'],
  ['nFeatures', (m) => m.nFeatures],
  ['steps', (m) => m.steps],
  ['fitted', (m) => m.fitted],
  ['fitted', (m) => !m.fitted, 'negated'],
  ['options', (m) => m.options],
  ['options', (m) => m.options.strategy, 'strategy'],
  ['weights', (m) => m.weights],
  ['weights', (m) => m.weights?.[0], 'of the first class'],
  ['biases', (m) => m.biases],
  ['biases', (m) => m.biases?.length, 'length'],
  ['predict', (m) => m.predict(AND_X.slice(2)), 'of two rows'],
  ['predict', (m) => m.predict([Float32Array.of(0, 1)]), 'of a Float32Array row'],
  ['score', (m) => m.score(CMU_X, [0, 1, 1, 0, 0, 2]), 'on the CMU points'],
  ['trainer', (m) => m.trainer(AND_X, Y3, { sampleWeight: [1, 1, 1, 1] }), 'with sampleWeight'],
  ['partialFit', (m) => m.partialFit(AND_X, ['a', 'b', 'b', 'c']), 'with string labels'],
  ['decisionFunction', (m) => m.decisionFunction(AND_X.slice(0, 1)), 'of one row'],
];

badInputTable('MulticlassPerceptron after dispose', {
  setup() {
    const m = fitted();
    m.dispose();
    return m;
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
const saved = (options) => {
  const m = fitted(options);
  try {
    return m.toJSON();
  } finally {
    m.dispose();
  }
};
const fromJSON = (tamper, options) => () => pw.MulticlassPerceptron.fromJSON(tamper(saved(options)));
const ovr = { strategy: 'ovr' };
const part0 = (change) => (j) => ({ ...j, models: j.models.map((part, k) => (k === 0 ? change(part) : part)) });
const opts = (options) => () => new pw.MulticlassPerceptron(options).dispose();

badInputTable('new pw.MulticlassPerceptron(options) and pw.MulticlassPerceptron.fromJSON', {
  cases: [
    [
      'options a string',
      opts('ovr'),
      TypeError,
      /^new MulticlassPerceptron: options must be a plain object; received the string "ovr"/,
    ],
    [
      'options an array',
      opts([['strategy', 'ovr']]),
      TypeError,
      /^new MulticlassPerceptron: options must be a plain object; received an array of length 1/,
    ],
    ['options null', opts(null), TypeError, /^new MulticlassPerceptron: options must be a plain object; received null/],
    [
      'options a Date',
      opts(new Date(0)),
      TypeError,
      /^new MulticlassPerceptron: options must be a plain object; received an object/,
    ],
    [
      'strategy unknown',
      opts({ strategy: 'ova' }),
      RangeError,
      /^new MulticlassPerceptron: option strategy must be one of "joint", "ovr", "ovo"; received the string "ova"/,
    ],
    [
      'strategy in capitals',
      opts({ strategy: 'OVR' }),
      RangeError,
      /option strategy must be one of "joint", "ovr", "ovo"; received the string "OVR"/,
    ],
    [
      'strategy a number',
      opts({ strategy: 1 }),
      TypeError,
      /option strategy must be one of "joint", "ovr", "ovo"; received 1/,
    ],
    ['strategy null', opts({ strategy: null }), TypeError, /option strategy must be one of .*; received null/],
    [
      'voted with joint',
      opts({ variant: 'voted' }),
      RangeError,
      /^new MulticlassPerceptron: option variant must be "classic" or "averaged" with strategy "joint" \(ovr and ovo take every variant\); received "voted"/,
    ],
    [
      'pocket with an explicit joint',
      opts({ strategy: 'joint', variant: 'pocket' }),
      RangeError,
      /option variant must be "classic" or "averaged" with strategy "joint".*; received "pocket"/,
    ],
    [
      'variant unknown with ovr',
      opts({ strategy: 'ovr', variant: 'kernel' }),
      RangeError,
      /option variant must be one of "classic", "averaged", "voted", "pocket"; received the string "kernel"/,
    ],
    [
      'variant a number with ovo',
      opts({ strategy: 'ovo', variant: 2 }),
      TypeError,
      /option variant must be one of .*; received 2/,
    ],
    [
      'warmStart',
      opts({ warmStart: true }),
      RangeError,
      /^new MulticlassPerceptron: option warmStart is not available for the multi-class perceptron/,
    ],
    [
      'mistakeRule unknown',
      opts({ mistakeRule: 'hinge' }),
      RangeError,
      /option mistakeRule must be one of "margin", "sign", "strict"; received the string "hinge"/,
    ],
    [
      'mistakeRule a number',
      opts({ strategy: 'ovr', mistakeRule: 0 }),
      TypeError,
      /option mistakeRule must be one of .*; received 0/,
    ],
    [
      'order unknown',
      opts({ order: 'random' }),
      RangeError,
      /option order must be one of "cyclic", "shuffle", "sample"; received the string "random"/,
    ],
    ['order an array', opts({ order: ['cyclic'] }), TypeError, /option order must be one of .*; received an array/],
    [
      'learningRate 0',
      opts({ learningRate: 0 }),
      RangeError,
      /^new MulticlassPerceptron: option learningRate must be a finite number > 0; received 0/,
    ],
    [
      'learningRate NaN',
      opts({ learningRate: NaN }),
      RangeError,
      /option learningRate must be a finite number > 0; received NaN/,
    ],
    [
      'learningRate a string',
      opts({ learningRate: '0.5' }),
      TypeError,
      /option learningRate must be a finite number > 0; received the string "0\.5"/,
    ],
    [
      'margin negative',
      opts({ margin: -0.5 }),
      RangeError,
      /option margin must be a finite number >= 0; received -0\.5/,
    ],
    ['margin null', opts({ margin: null }), TypeError, /option margin must be a finite number >= 0; received null/],
    [
      'fitIntercept a string',
      opts({ fitIntercept: 'false' }),
      TypeError,
      /option fitIntercept must be true or false; received the string "false"/,
    ],
    [
      'maxEpochs 0',
      opts({ maxEpochs: 0 }),
      RangeError,
      /option maxEpochs must be an integer from 1 to 9007199254740991; received 0/,
    ],
    [
      'maxEpochs fractional',
      opts({ maxEpochs: 2.5 }),
      RangeError,
      /option maxEpochs must be an integer .*; received 2\.5/,
    ],
    [
      'maxEpochs a boolean',
      opts({ maxEpochs: true }),
      TypeError,
      /option maxEpochs must be an integer .*; received true/,
    ],
    [
      'maxSteps 0',
      opts({ order: 'sample', maxSteps: 0 }),
      RangeError,
      /option maxSteps must be an integer from 1 .*; received 0/,
    ],
    [
      'maxSteps NaN',
      opts({ order: 'sample', maxSteps: NaN }),
      RangeError,
      /option maxSteps must be an integer .*; received NaN/,
    ],
    [
      'seed negative',
      opts({ seed: -5 }),
      RangeError,
      /option seed must be an integer from 0 to 9007199254740991; received -5/,
    ],
    ['seed a string', opts({ seed: '42' }), TypeError, /option seed must be an integer .*; received the string "42"/],
    [
      'earlyStopping a string',
      opts({ earlyStopping: 'yes' }),
      TypeError,
      /option earlyStopping must be true or false; received the string "yes"/,
    ],
    [
      'validationFraction 1.5',
      opts({ validationFraction: 1.5 }),
      RangeError,
      /option validationFraction must be .*; received 1\.5/,
    ],
    [
      'validationFraction a string',
      opts({ validationFraction: '10%' }),
      TypeError,
      /option validationFraction must be .*; received the string "10%"/,
    ],
    ['patience -1', opts({ patience: -1 }), RangeError, /option patience must be an integer from 1 .*; received -1/],
    ['patience null', opts({ patience: null }), TypeError, /option patience must be an integer .*; received null/],
    [
      'classWeight a number',
      opts({ classWeight: 2 }),
      TypeError,
      /option classWeight must be "balanced" or an object \{label: weight\}; received 2/,
    ],
    [
      'classWeight a negative weight',
      opts({ classWeight: { 2: -1 } }),
      RangeError,
      /option classWeight\["2"\] must be a finite number >= 0; received -1/,
    ],
    [
      'classWeight a string weight',
      opts({ classWeight: { 0: '1' } }),
      TypeError,
      /option classWeight\["0"\] must be a number; received the string "1"/,
    ],
    [
      'preprocess unknown',
      opts({ preprocess: 'zscore' }),
      RangeError,
      /option preprocess must be one of "standardize", "minMax", "unitBall"; received the string "zscore"/,
    ],
    ['preprocess a number', opts({ preprocess: 1 }), TypeError, /option preprocess must be one of .*; received 1/],
    [
      'a kernel option',
      opts({ kernel: 'rbf' }),
      TypeError,
      /^new MulticlassPerceptron: unknown option "kernel"; known options are strategy, /,
    ],
    [
      'a misspelled strategy',
      opts({ stratgy: 'ovr' }),
      TypeError,
      /unknown option "stratgy".*\(did you mean strategy\?\)/,
    ],
    ['a Winnow option', opts({ alpha: 2 }), TypeError, /unknown option "alpha"/],
    [
      'a classWeight key that is not a class',
      () => withModel({ classWeight: { 7: 2 } }, (m) => m.fit(AND_X, Y3)),
      RangeError,
      /MulticlassPerceptron\.fit: (option )?classWeight key.* must be one of the classes \[0, 1, 2\]; received 7/,
    ],
    [
      'classWeight balanced at partialFit',
      () =>
        withModel({ strategy: 'ovo', classWeight: 'balanced' }, (m) => m.partialFit(AND_X, Y3, { classes: [0, 1, 2] })),
      RangeError,
      /MulticlassPerceptron\.partialFit: classWeight 'balanced' needs the whole training set; give classWeight as \{label: weight\} for partialFit/,
    ],
    [
      'onStep with strategy ovo',
      () => withModel({ strategy: 'ovo' }, (m) => m.fit(AND_X, Y3, { onStep() {} })),
      TypeError,
      /MulticlassPerceptron\.fit: onStep and onEpoch follow joint training; with strategy "ovo"/,
    ],
    [
      'earlyStopping with one example per class',
      () =>
        withModel({ earlyStopping: true }, (m) =>
          m.fit(
            [
              [0, 0],
              [1, 1],
              [2, 2],
            ],
            [0, 1, 2],
          ),
        ),
      RangeError,
      /MulticlassPerceptron\.fit: earlyStopping needs a validation set/,
    ],
    // fromJSON
    [
      'fromJSON undefined',
      () => pw.MulticlassPerceptron.fromJSON(undefined),
      TypeError,
      /^MulticlassPerceptron\.fromJSON: expected a model object; received undefined/,
    ],
    [
      'fromJSON a number',
      () => pw.MulticlassPerceptron.fromJSON(3),
      TypeError,
      /^MulticlassPerceptron\.fromJSON: expected a model object; received 3/,
    ],
    [
      'fromJSON bad text',
      () => pw.MulticlassPerceptron.fromJSON('{classes: [0, 1]}'),
      TypeError,
      /^MulticlassPerceptron\.fromJSON: the text is not valid JSON/,
    ],
    [
      'fromJSON a Perceptron',
      fromJSON((j) => ({ ...j, format: pw.FORMAT })),
      TypeError,
      /^MulticlassPerceptron\.fromJSON: field format must be "perceptron-wasm\/MulticlassPerceptron"; received the string "perceptron-wasm\/Perceptron"/,
    ],
    ['fromJSON version 2', fromJSON((j) => ({ ...j, version: 2 })), RangeError, /field version must be 1; received 2/],
    [
      'fromJSON version missing',
      fromJSON(({ version, ...j }) => j),
      TypeError,
      /field version must be a number; received undefined/,
    ],
    [
      'fromJSON options missing',
      fromJSON(({ options, ...j }) => j),
      TypeError,
      /field options must be an object; received undefined/,
    ],
    [
      'fromJSON a bad strategy',
      fromJSON((j) => ({ ...j, options: { ...j.options, strategy: 'all' } })),
      RangeError,
      /^MulticlassPerceptron\.fromJSON: field options: option strategy must be one of "joint", "ovr", "ovo"; received the string "all"/,
    ],
    [
      'fromJSON voted with joint',
      fromJSON((j) => ({ ...j, options: { ...j.options, variant: 'voted' } })),
      RangeError,
      /^MulticlassPerceptron\.fromJSON: field options: option variant must be "classic" or "averaged" with strategy "joint"/,
    ],
    [
      'fromJSON warmStart true',
      fromJSON((j) => ({ ...j, options: { ...j.options, warmStart: true } })),
      RangeError,
      /^MulticlassPerceptron\.fromJSON: field options: option warmStart is not available/,
    ],
    [
      'fromJSON one class',
      fromJSON((j) => ({ ...j, classes: [0] })),
      RangeError,
      /field classes must hold at least two distinct classes; received 1 class \[0\]/,
    ],
    [
      'fromJSON fewer classes than rows',
      fromJSON((j) => ({ ...j, classes: [0, 1] })),
      RangeError,
      /field (biases must hold 2 numbers \(one per class\); received 3|weights must hold 4 numbers)/,
    ],
    [
      'fromJSON duplicate classes',
      fromJSON((j) => ({ ...j, classes: [0, 1, 1] })),
      RangeError,
      /field classes must hold distinct labels/,
    ],
    [
      'fromJSON classes with an object',
      fromJSON((j) => ({ ...j, classes: [0, {}, 2] })),
      TypeError,
      /field classes\[1\] must be a number or a string; received an object/,
    ],
    [
      'fromJSON nFeatures null',
      fromJSON((j) => ({ ...j, nFeatures: null })),
      TypeError,
      /field nFeatures must be a non-negative integer; received null/,
    ],
    [
      'fromJSON steps negative',
      fromJSON((j) => ({ ...j, steps: -3 })),
      RangeError,
      /steps must be an integer from 0.*; received -3/,
    ],
    [
      'fromJSON weights of two classes',
      fromJSON((j) => ({ ...j, weights: j.weights.slice(1) })),
      RangeError,
      /field weights must hold 6 numbers \(one row of nFeatures = 2 per class\); received 4/,
    ],
    [
      'fromJSON a weight row too long',
      fromJSON((j) => ({
        ...j,
        weights: [
          [1, 2],
          [1, 2],
          [1, 2, 3],
        ],
      })),
      RangeError,
      /field weights\[2\] must hold nFeatures = 2 numbers; received an array of length 3/,
    ],
    [
      'fromJSON a weight row a string',
      fromJSON((j) => ({ ...j, weights: [[1, 2], '1,2', [1, 2]] })),
      TypeError,
      /field weights\[1\] must be an array of nFeatures = 2 numbers; received the string "1,2"/,
    ],
    [
      'fromJSON a string weight',
      fromJSON((j) => ({
        ...j,
        weights: [
          [1, 2],
          [1, '2'],
          [1, 2],
        ],
      })),
      TypeError,
      /field weights\[1\]\[1\] must be a number; received the string "2"/,
    ],
    [
      'fromJSON weights a string',
      fromJSON((j) => ({ ...j, weights: 'none' })),
      TypeError,
      /field weights must be an array of rows of nFeatures = 2 numbers; received the string "none"/,
    ],
    [
      'fromJSON an infinite weight',
      fromJSON((j) => ({
        ...j,
        weights: [
          [1, 2],
          [Infinity, 2],
          [1, 2],
        ],
      })),
      RangeError,
      /field weights\[?.*must be a finite number; received Infinity/,
    ],
    [
      'fromJSON biases too short',
      fromJSON((j) => ({ ...j, biases: [1, 2] })),
      RangeError,
      /field biases must hold 3 numbers \(one per class\); received 2/,
    ],
    [
      'fromJSON a NaN bias',
      fromJSON((j) => ({ ...j, biases: [1, 2, NaN] })),
      RangeError,
      /field biases\[2\] must be a finite number; received NaN/,
    ],
    [
      'fromJSON biases missing',
      fromJSON(({ biases, ...j }) => j),
      TypeError,
      /field biases must be an array of numbers; received undefined/,
    ],
    [
      'fromJSON averaged state missing',
      fromJSON((j) => ({ ...j, state: {} }), { variant: 'averaged' }),
      TypeError,
      /^MulticlassPerceptron\.fromJSON: field state\.startParameters is missing/,
    ],
    [
      'fromJSON averaged state of the wrong length',
      fromJSON((j) => ({ ...j, state: { ...j.state, u: [1, 2] } }), { variant: 'averaged' }),
      RangeError,
      /field state\.u must hold 9 numbers; received 2/,
    ],
    [
      'fromJSON joint saved as ovr',
      fromJSON((j) => ({ ...j, options: { ...j.options, strategy: 'ovr' } })),
      TypeError,
      /field models must be an array of models; received undefined/,
    ],
    [
      'fromJSON ovr saved as joint',
      fromJSON((j) => ({ ...j, options: { ...j.options, strategy: 'joint' } }), ovr),
      TypeError,
      /field weights must be an array of rows of nFeatures = 2 numbers; received undefined/,
    ],
    [
      'fromJSON ovr with a model missing',
      fromJSON((j) => ({ ...j, models: j.models.slice(1) }), ovr),
      RangeError,
      /field models must hold 3 binary models for 3 classes; received 2/,
    ],
    [
      'fromJSON ovr models a string',
      fromJSON((j) => ({ ...j, models: 'x' }), ovr),
      TypeError,
      /field models must be an array of models; received the string "x"/,
    ],
    [
      'fromJSON ovr models of numbers',
      fromJSON((j) => ({ ...j, models: [1, 2, 3] }), ovr),
      TypeError,
      /field models\[0\] must be an object; received 1/,
    ],
    [
      'fromJSON ovr a model with string steps',
      fromJSON(
        part0((m) => ({ ...m, steps: 'x' })),
        ovr,
      ),
      TypeError,
      /field models\[0\]\.steps must be a number; received the string "x"/,
    ],
    [
      'fromJSON ovr a model with negative steps',
      fromJSON(
        part0((m) => ({ ...m, steps: -1 })),
        ovr,
      ),
      RangeError,
      /field models\[0\]\.steps must be an integer from 0 to 9007199254740991; received -1/,
    ],
    [
      'fromJSON ovr a model with short weights',
      fromJSON(
        part0((m) => ({ ...m, weights: [1] })),
        ovr,
      ),
      RangeError,
      /field models\[0\]\.weights must hold 2 numbers \(nFeatures\); received 1/,
    ],
    [
      'fromJSON ovr a model with a NaN bias',
      fromJSON(
        part0((m) => ({ ...m, bias: NaN })),
        ovr,
      ),
      RangeError,
      /field models\[0\]\.bias must be a finite number; received NaN/,
    ],
    [
      'fromJSON ovr a model without bias',
      fromJSON(
        part0(({ bias, ...m }) => m),
        ovr,
      ),
      TypeError,
      /field models\[0\]\.bias must be a number; received undefined/,
    ],
    [
      'fromJSON ovr a model with a bad state',
      fromJSON(
        part0((m) => ({ ...m, state: 'none' })),
        ovr,
      ),
      TypeError,
      /field models\[0\]\.state must be an object of number arrays; received the string "none"/,
    ],
    [
      'fromJSON ovo with too many models',
      fromJSON((j) => ({ ...j, models: [...j.models, j.models[0]] }), { strategy: 'ovo' }),
      RangeError,
      /field models must hold 3 binary models for 3 classes; received 4/,
    ],
  ],
});
