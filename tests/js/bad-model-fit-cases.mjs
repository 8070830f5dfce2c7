// fit's bad input, the same for every model kind (see bad-model-cases.mjs): X that is not a
// matrix of finite numbers, y that is not one label per row, Datasets, and fit's options.
import { AND_X, XOR_Y, pw } from './helpers.mjs';
import { call, onNew, put, re, rows, says, set, show, typed, withDataset } from './bad-model-kind.mjs';

// X as plain rows, as {data, rows, cols}, or as rows of typed arrays.
const shapes = {
  X: (X) => X,
  'typed X': (X) => typed(X.length, X[0].length, X.flat()),
  'Float64Array rows': (X) => rows(X, Float64Array),
  'Float32Array rows': (X) => rows(X, Float32Array),
};

/** Bad X for a method taking (X, ...rest) at `at` ("Perceptron.fit"), as every kind words it. */
function matrixCases(at, call) {
  const X = AND_X;
  return [
    // not a matrix: [what, X, received]
    ...[
      ['undefined', undefined, 'undefined'],
      ['a number', 42, '42'],
      ['the number 4', 4, '4'],
      ['true', true, 'true'],
      ['null', null, 'null'],
      ['a string', '0,0', 'the string "0,0"'],
      ['a string of rows', '0,0;0,1', 'the string "0,0;0,1"'],
      ['a function', () => X, 'a function'],
      ['a bigint', 5n, 'the bigint 5n'],
      ['a symbol', Symbol('X'), 'a symbol'],
      ['an object without data', { rows: 4, cols: 2 }, 'an object'],
      ['an ArrayBuffer', new ArrayBuffer(64), 'an object'],
      ['a bare Float32Array', new Float32Array(8), 'a Float32Array of length 8'],
      ['a bare Float64Array', new Float64Array(8), 'a Float64Array of length 8'],
    ].map(([what, bad, got]) => [
      `X ${what}`,
      call(bad),
      TypeError,
      ...says(at, 'X must be an array of rows', got),
      /\{data, rows, cols\}/,
    ]),
    // rows that are not arrays of numbers: [what, X, row, received]
    ...[
      ['a flat number array', [0, 1, 1, 0], 0, '0; for a single example pass [x]'],
      ['a flat array of four numbers', [0, 0, 1, 1], 0, '0; for a single example pass [x]'],
      ['rows that are strings', ['00', '01', '10', '11'], 0, 'the string "00"'],
      ['with a string row', X.with(1, '01'), 1, 'the string "01"'],
      ['with a null row', X.with(1, null), 1, 'null'],
      ['with an array-like row', X.with(1, { 0: 0, 1: 1, length: 2 }), 1, 'an object'],
      ['with a BigInt64Array row', X.with(0, BigInt64Array.of(0n, 0n)), 0, 'a BigInt64Array of length 2'],
      ['with a BigInt64Array second row', X.with(1, BigInt64Array.of(0n, 1n)), 1, 'a BigInt64Array of length 2'],
      ['with a DataView row', X.with(0, new DataView(new ArrayBuffer(16))), 0, 'a DataView of 16 bytes'],
    ].map(([what, bad, i, got]) => [
      `X ${what}`,
      call(bad),
      TypeError,
      ...says(at, `X[${i}] must be an array of numbers`, got),
      ...(what.includes('DataView') ? [/received a DataView(?! of length undefined)/] : []),
      ...(what.includes('BigInt') ? [/BigInt64Array/] : []),
    ]),
    // ragged: [what, X, row, its length]
    ...[
      ['ragged', X.with(1, [1]), 1, 1],
      ['ragged in its third row', X.with(2, [1]), 2, 1],
      ['with a longer later row', X.with(1, [0, 1, 2]), 1, 3],
      ['with ragged typed rows', rows(X.with(1, [0]), Float64Array), 1, 1],
      ['with a longer Float32Array row', rows(X.with(1, [0, 1, 2]), Float32Array), 1, 3],
    ].map(([what, bad, i, n]) => [
      `X ${what}`,
      call(bad),
      RangeError,
      ...says(at, `X must have rows of equal length; X[0] has 2 values, X[${i}] has ${n}`),
    ]),
    // values that are not numbers: [value, row, column, received]
    ...[
      ['a', 1, 1, 'the string "a"'],
      ['1', 1, 1, 'the string "1"'],
      [true, 0, 1, 'true'],
      [false, 2, 0, 'false'],
      [null, 1, 0, 'null'],
      [null, 0, 0, 'null'],
      [undefined, 2, 1, 'undefined'],
      [1n, 3, 0, 'the bigint 1n'],
      [[0], 0, 1, 'an array of length 1'],
      [{}, 3, 1, 'an object'],
    ].map(([value, i, j, got]) => [
      `X[${i}][${j}] ${got}`,
      call(put(X, i, j, value)),
      TypeError,
      ...says(at, `X[${i}][${j}] must be a number; received ${got}`),
    ]),
    // values that are not finite: [shape, value, row, column]
    ...[
      ['X', NaN, 2, 0],
      ['X', NaN, 1, 0],
      ['X', NaN, 3, 1],
      ['X', Infinity, 1, 1],
      ['X', Infinity, 3, 1],
      ['X', -Infinity, 2, 0],
      ['typed X', -Infinity, 2, 0],
      ['typed X', NaN, 3, 1],
      ['Float64Array rows', NaN, 0, 1],
      ['Float64Array rows', NaN, 2, 1],
      ['Float32Array rows', NaN, 3, 0],
      ['Float32Array rows', Infinity, 1, 0],
    ].map(([shape, value, i, j]) => [
      `${value} at row ${i}, column ${j} of ${shape}`,
      call(shapes[shape](put(X, i, j, value))),
      RangeError,
      ...says(at, `X must contain only finite numbers; received ${value} at row ${i}, column ${j}`),
    ]),
    // {data, rows, cols}: [what, X, error, field, received]
    ...[
      ['with no columns', { data: new Float64Array(0), rows: 4, cols: 0 }, RangeError, 'cols', '0 columns'],
      ['of the wrong size', { data: new Float64Array(7), rows: 4, cols: 2 }, RangeError, 'size', '7'],
      ['with too few Float32 values', { data: new Float32Array(7), rows: 4, cols: 2 }, RangeError, 'size', '7'],
      ['with too many values', { data: new Float64Array(9), rows: 4, cols: 2 }, RangeError, 'size', '9'],
      ['with fractional cols', { data: new Float64Array(8), rows: 4, cols: 2.5 }, RangeError, 'X.cols', '2.5'],
      ['with negative cols', { data: new Float64Array(8), rows: 4, cols: -2 }, RangeError, 'X.cols', '-2'],
      ['with cols a string', { data: new Float64Array(8), rows: 4, cols: '2' }, TypeError, 'X.cols', 'the string "2"'],
      ['with rows a string', { data: new Float64Array(8), rows: '4', cols: 2 }, TypeError, 'X.rows', 'the string "4"'],
      ['with fractional rows', { data: new Float64Array(8), rows: 4.5, cols: 2 }, RangeError, 'X.rows', '4.5'],
      ['without rows', { data: new Float64Array(8), cols: 2 }, TypeError, 'X.rows', 'undefined'],
      [
        'with Int32Array data',
        { data: new Int32Array(8), rows: 4, cols: 2 },
        TypeError,
        'X.data',
        'a Int32Array of length 8',
      ],
      [
        'with Uint8Array data',
        { data: new Uint8Array(8), rows: 4, cols: 2 },
        TypeError,
        'X.data',
        'a Uint8Array of length 8',
      ],
      ['with a plain array', { data: X.flat(), rows: 4, cols: 2 }, TypeError, 'X.data', 'an array of length 8'],
      ['with null data', { data: null, rows: 4, cols: 2 }, TypeError, 'X.data', 'null'],
    ].map(([what, bad, ErrorClass, field, got]) => [
      `typed X ${what}`,
      call(bad),
      ErrorClass,
      ...typedX(at, field, got),
    ]),
  ];
}

/** What a bad {data, rows, cols} gets: its field ("X.rows", "X.cols", "X.data"), its size, or no columns. */
function typedX(at, field, got) {
  if (field === 'size') return says(at, `X.data must hold rows * cols = 4 * 2 = 8 values; received ${got}`);
  if (field === 'cols') return says(at, `X must have at least one column; received ${got}`);
  if (field === 'X.data') return says(at, 'X.data must be a Float64Array or Float32Array', got);
  return says(at, `${field} must be a non-negative integer; received ${got}`);
}

/** fit's bad input, the same on a fitted and on a fresh model. */
export function fitCases(kind) {
  const { name, X, y, classes, classList, fitOptions } = kind;
  const F = `${name}.fit`;
  const fit = (...args) => call('fit', ...args);
  // A bad onStep/onEpoch: the option's own message.
  const callback = (message) => re`^${F}: option ${message}`;
  const gaveUp = () => {
    throw new RangeError('onEpoch gave up');
  };
  return [
    ...matrixCases(F, (bad) => fit(bad, y)),
    ['empty X', fit([], []), RangeError, ...says(F, 'X must have at least one row; received 0 rows')],
    [
      'X empty, y given',
      fit([], y),
      RangeError,
      re`^${F}: (X must have at least one row|y must have one label per row of X \(0\))`,
    ],
    [
      'rows without columns',
      fit([[], [], [], []], y),
      RangeError,
      ...says(F, 'X must have at least one column; received 0 columns'),
    ],
    [
      'typed X with no rows',
      fit({ data: new Float64Array(0), rows: 0, cols: 2 }, []),
      RangeError,
      ...says(F, 'X must have at least one row; received 0 rows'),
    ],
    // y that is not an array of labels: [what, y, received]
    ...[
      ['left out', undefined, 'undefined'],
      ['a number', 1, '1'],
      ['a string', 'abcd', 'the string "abcd"'],
      ['a string of digits', '0112', 'the string "0112"'],
      ['an object', { ...y }, 'an object'],
      ['a BigInt64Array', BigInt64Array.from(y, BigInt), 'a BigInt64Array of length 4'],
      ['a BigUint64Array', BigUint64Array.of(0n, 1n, 1n, 2n), 'a BigUint64Array of length 4'],
    ].map(([what, bad, got]) => [
      `y ${what}`,
      bad === undefined ? fit(X) : fit(X, bad),
      TypeError,
      ...says(F, 'y must be an array of labels', got),
    ]),
    // y of another length: [what, y, its length]
    ...[
      ['empty', [], 0],
      ['shorter than X', y.slice(1), 3],
      ['of three labels', [0, 1, 2], 3],
      ['longer than X', [...y, 1], 5],
      ['a Uint8Array longer than X', Uint8Array.of(0, 1, 1, 2, 2), 5],
      ['an Int8Array too short', Int8Array.of(-1, 1), 2],
    ].map(([what, bad, n]) => [
      `y ${what}`,
      fit(X, bad),
      RangeError,
      ...says(F, `y must have one label per row of X (4); received ${n} labels`),
    ]),
    // labels that are not labels: [y, index, received]
    ...[
      [set(y, 1, null), 1, 'null'],
      [set(y, 0, null), 0, 'null'],
      [set(y, 1, true), 1, 'true'],
      [set(y, 2, {}), 2, 'an object'],
      [set(y, 1, { label: 1 }), 1, 'an object'],
      [set(y, 2, [1]), 2, 'an array of length 1'],
      [set(y, 3, undefined), 3, 'undefined'],
    ].map(([bad, i, got]) => [
      `y[${i}] ${got}`,
      fit(X, bad),
      TypeError,
      ...says(F, `y[${i}] must be a number or a string; received ${got}`),
    ]),
    // labels that are not finite: [y, index]
    ...[
      [set(y, 2, NaN), 2],
      [set(y, 1, NaN), 1],
      [Float64Array.from(set(y, 1, NaN)), 1],
      [set(y, 0, Infinity), 0],
      [Float64Array.from(set(y, 2, Infinity)), 2],
      [set(y, 3, -Infinity), 3],
    ].map(([bad, i]) => [
      `y[${i}] ${bad[i]}${Array.isArray(bad) ? '' : ' in a Float64Array'}`,
      fit(X, bad),
      RangeError,
      ...says(F, `y[${i}] must be a finite number or a string; received ${bad[i]}`),
    ]),
    // labels of both types, and strings with a lone surrogate: [y, what the message says]
    ...[
      [set(y, 1, 'a'), 'only numbers or only strings; y[0] is a number, y[1] is the string "a"'],
      [set(y, 2, '1'), 'only numbers or only strings; y[0] is a number, y[2] is the string "1"'],
      [['no', 'no', 1, 'yes'], 'only numbers or only strings; y[0] is a string, y[2] is 1'],
    ].map(([bad, message]) => [`y ${show(bad)}`, fit(X, bad), TypeError, ...says(F, `y must hold ${message}`)]),
    ...[
      [['\uD800', 'a', 'a', 'b'], 0],
      [['a', 'b', '\uDC00', 'c'], 2],
      [['a', 'a', 'a', 'b\uD800'], 3],
    ].map(([bad, i]) => [
      `a lone surrogate in y[${i}]`,
      fit(X, bad),
      TypeError,
      ...says(F, `y[${i}] must be a well-formed string (no lone surrogate)`),
    ]),
    // too few or too many classes: [y, its classes]
    ...[
      [[1, 1, 1, 1], [1]],
      [['a', 'a', 'a', 'a'], ['a']],
      [[0, -0, 0, -0], [0]],
      ...(kind.binary
        ? [
            [
              ['a', 'b', 'c', 'a'],
              ['a', 'b', 'c'],
            ],
            [
              [0, 1, 2, 3],
              [0, 1, 2, 3],
            ],
          ]
        : []),
    ].map(([bad, counted]) => [`y ${show(bad)}`, fit(X, bad), RangeError, kind.count('fit', 'y', counted)]),
    // a Dataset
    [
      'a Dataset without labels',
      (m) => withDataset(X, undefined, (d) => m.fit(d)),
      TypeError,
      ...says(F, 'X is a Dataset without labels; give y, or build it with labels'),
    ],
    [
      'a Dataset with one class',
      (m) => withDataset(X, [1, 1, 1, 1], (d) => m.fit(d)),
      RangeError,
      kind.count('fit', 'y', [1]),
    ],
    [
      'a Dataset with the one class 5',
      (m) => withDataset(X, [5, 5, 5, 5], (d) => m.fit(d)),
      RangeError,
      kind.count('fit', 'y', [5]),
    ],
    ...[
      [1, -1],
      [0, 1],
    ].map((labels) => [
      `a Dataset and the y ${show(labels)}`,
      (m) => withDataset(X, y, (d) => m.fit(d, labels)),
      RangeError,
      ...says(F, 'y must have one label per row of X (4); received 2'),
    ]),
    [
      'a disposed Dataset',
      (m) => withDataset(X, y, (d) => m.fit(d), { disposed: true }),
      pw.DisposedError,
      ...says(F, 'X is a disposed Dataset'),
    ],
    [
      'validation a Dataset without labels',
      (m) => withDataset(X, undefined, (d) => m.fit(X, y, { validation: { X: d } })),
      TypeError,
      re`${F}: option validation must be an object \{X, y\}|validation\.X is a Dataset without labels`,
    ],
    [
      'validation a disposed Dataset',
      (m) => withDataset(X, y, (d) => m.fit(X, y, { validation: { X: d } }), { disposed: true }),
      pw.DisposedError,
      ...says(F, 'validation.X is a disposed Dataset'),
    ],
    [
      'validation a Dataset with a new class',
      (m) => withDataset(X, set(y, 3, 9), (d) => m.fit(X, y, { validation: { X: d } })),
      RangeError,
      ...says(F, `validation.y[3] must be one of the classes ${classList}; received 9`),
    ],
    // options that are not an object: [options, received]
    ...[
      [5, '5'],
      [1, '1'],
      [[], 'an array of length 0'],
      [[{}], 'an array of length 1'],
      [null, 'null'],
      ['fast', 'the string "fast"'],
      [new Map(), 'an object'],
    ].map(([bad, got]) => [
      `options ${got}`,
      fit(X, y, bad),
      TypeError,
      ...says(F, `options must be a plain object; received ${got}`),
    ]),
    // options fit does not know
    ...[
      { maxEpochs: 5 },
      { strategy: 'ovr' },
      { classes },
      ...(fitOptions.includes('initialWeights') ? [] : [{ initialWeights: [0, 0] }, { initialBias: 0 }]),
      ...(kind.onStep ? [] : [{ onStep() {} }]),
    ].map((options) => [
      `the option ${Object.keys(options)[0]}`,
      fit(X, y, options),
      TypeError,
      ...says(F, `unknown option "${Object.keys(options)[0]}"; known options are ${fitOptions}`),
    ]),
    // onStep and onEpoch: [options, received]
    ...[
      ...(kind.onStep
        ? [
            [{ onStep: {} }, 'an object'],
            [{ onStep: 1 }, '1'],
          ]
        : []),
      [{ onEpoch: true }, 'true'],
      [{ onEpoch: 'log' }, 'the string "log"'],
      [{ onEpoch: null }, 'null'],
    ].map(([options, got]) => {
      const option = Object.keys(options)[0];
      return [
        `${option} ${got}`,
        fit(X, y, options),
        TypeError,
        callback(`${option} must be a function; received ${got}`),
      ];
    }),
    ['onEpoch throws', fit(X, XOR_Y, { onEpoch: gaveUp }), RangeError, /^onEpoch gave up$/],
    ...[
      ['calls fit again', 'fit', (m) => m.fit(X, y)],
      ['calls partialFit', 'partialFit', (m) => m.partialFit(X, y)],
      ['disposes the model', 'dispose', (m) => m.dispose()],
    ].map(([what, method, inside]) => [
      `onEpoch ${what}`,
      (m) => m.fit(X, XOR_Y, { onEpoch: () => void inside(m) }),
      TypeError,
      ...says(`${name}.${method}`, 'cannot be called from inside an onStep/onEpoch callback of fit'),
    ]),
    // signal: [signal, received]
    ...[
      ['stop', 'the string "stop"'],
      [true, 'true'],
      [null, 'null'],
      [{}, 'an object'],
      [{ reason: 'x' }, 'an object'],
      [new AbortController(), 'an object'],
    ].map(([signal, got], i) => [
      `signal ${i === 4 ? 'an object without aborted' : i === 5 ? 'an AbortController' : got}`,
      fit(X, y, { signal }),
      TypeError,
      ...says(F, `option signal must be an AbortSignal; received ${got}`),
    ]),
    // sampleWeight: [weights, its length], [weights, index, error, received], [weights, received]
    ...[
      [[1, 1, 1], 3],
      [[1, 1], 2],
      [Float64Array.of(1, 1, 1, 1, 1), 5],
    ].map(([weights, n]) => [
      `sampleWeight of ${n}`,
      fit(X, y, { sampleWeight: weights }),
      RangeError,
      ...says(F, `sampleWeight must have one weight per row of X (4); received ${n}`),
    ]),
    ...[
      [[1, -1, 1, 1], 1, RangeError, '-1'],
      [[1, 1, -1, 1], 2, RangeError, '-1'],
      [[1, 1, 1, -0.5], 3, RangeError, '-0.5'],
      [[1, 1, NaN, 1], 2, RangeError, 'NaN'],
      [[NaN, 1, 1, 1], 0, RangeError, 'NaN'],
      [Float32Array.of(1, NaN, 1, 1), 1, RangeError, 'NaN'],
      [[1, 1, 1, Infinity], 3, RangeError, 'Infinity'],
      [Float32Array.of(1, 1, 1, Infinity), 3, RangeError, 'Infinity'],
      [[1, '1', 1, 1], 1, TypeError, 'the string "1"'],
      [[1, null, 1, 1], 1, TypeError, 'null'],
    ].map(([weights, i, ErrorClass, got]) => [
      `sampleWeight[${i}] ${got}${Array.isArray(weights) ? '' : ' in a Float32Array'}`,
      fit(X, y, { sampleWeight: weights }),
      ErrorClass,
      ...says(
        F,
        `sampleWeight[${i}] must be a ${ErrorClass === TypeError ? 'number' : 'finite number >= 0'}; received ${got}`,
      ),
    ]),
    ...[
      ['1111', 'the string "1111"'],
      [1, '1'],
      [null, 'null'],
      [BigInt64Array.of(1n, 1n, 1n, 1n), 'a BigInt64Array of length 4'],
    ].map(([weights, got]) => [
      `sampleWeight ${got}`,
      fit(X, y, { sampleWeight: weights }),
      TypeError,
      ...says(F, `sampleWeight must be an array of numbers; received ${got}`),
    ]),
    [
      'sampleWeight all zero',
      fit(X, y, { sampleWeight: [0, 0, 0, 0] }),
      RangeError,
      ...says(F, 'sampleWeight and classWeight must leave some example a weight > 0; received all zero'),
    ],
    // validation: [validation, received], and bad validation sets
    ...[
      [5, '5'],
      [null, 'null'],
      [[X, y], 'an array of length 2'],
      [{ X }, 'an object'],
      [{ y }, 'an object'],
    ].map(([validation, got]) => [
      `validation ${validation?.X ? 'without y' : validation?.y ? 'without X' : got}`,
      fit(X, y, { validation }),
      TypeError,
      ...says(F, `option validation must be an object {X, y}; received ${got}`),
    ]),
    [
      'validation X not a matrix',
      fit(X, y, { validation: { X: 'rows', y } }),
      TypeError,
      ...says(F, 'validation.X must be an array of rows', 'the string "rows"'),
    ],
    [
      'validation X with another column count',
      fit(X, y, { validation: { X: X.map((row) => [...row, 0]), y } }),
      RangeError,
      ...says(F, 'validation.X must have 2 columns', '3'),
    ],
    ...[
      [kind.features([[1, 2, 3]]), y.slice(3)],
      [[[0, 0, 0]], y.slice(0, 1)],
    ].map(([rowsX, labels]) => [
      `validation X ${show(rowsX)}`,
      fit(X, y, { validation: { X: rowsX, y: labels } }),
      RangeError,
      ...says(F, 'validation.X must have 2 columns like X; received 3'),
      /2 columns|column/,
    ]),
    ...[
      [[[0, NaN]], [1], NaN, 0, 1],
      [put(X, 1, 1, NaN), y, NaN, 1, 1],
      [put(X, 0, 0, Infinity), y, Infinity, 0, 0],
    ].map(([rowsX, labels, value, i, j]) => [
      `validation X with ${value} at row ${i}, column ${j}`,
      fit(X, y, { validation: { X: rowsX, y: labels } }),
      RangeError,
      ...says(F, `validation.X must contain only finite numbers; received ${value} at row ${i}, column ${j}`),
    ]),
    ...[
      [3, 7],
      [3, 5],
      [2, 3],
    ].map(([i, label]) => [
      `validation y with the new class ${label}`,
      fit(X, y, { validation: { X, y: set(y, i, label) } }),
      RangeError,
      ...says(F, `validation.y[${i}] must be one of the classes ${classList}; received ${label}`),
    ]),
    [
      'validation y shorter than its X',
      fit(X, y, { validation: { X, y: y.slice(2) } }),
      RangeError,
      ...says(F, 'validation.y must have one label per row of validation.X (4); received 2 labels'),
    ],
    [
      'validation y longer than its X',
      fit(X, y, { validation: { X: X.slice(0, 2), y } }),
      RangeError,
      ...says(F, 'validation.y must have one label per row of validation.X (2); received 4 labels'),
    ],
    [
      'validation y not an array',
      fit(X, y, { validation: { X, y: 3 } }),
      TypeError,
      ...says(F, 'validation.y must be an array of labels', '3'),
    ],
    ...[
      ['a', 'a', 'a', 'b'],
      ['0', '1', '1', '2'],
    ].map((labels) => [
      `validation y ${show(labels)} for numeric classes`,
      fit(X, y, { validation: { X, y: labels } }),
      TypeError,
      ...says(F, "validation.y must hold numbers like the model's classes; received strings"),
    ]),
    // classWeight, whose labels fit checks against y's classes; earlyStopping, which needs a validation set
    ...[
      [{ 5: 2 }, '"5"', '5'],
      [{ 7: 2 }, '"7"', '7'],
      [{ a: 2 }, '"a"', '"a"'],
    ].map(([classWeight, key, got]) => [
      `classWeight for the label ${got}, not a class`,
      onNew(kind, (o) => o.fit(X, y), { classWeight }),
      RangeError,
      ...says(F, `option classWeight key ${key} must be one of the classes ${classList}; received ${got}`),
      re`${F}: (option )?classWeight key.* must be one of the classes ${classList}`,
    ]),
    [
      'earlyStopping with one example per class',
      onNew(
        kind,
        (o) =>
          o.fit(
            classes.map((_, i) => [i, i]),
            classes,
          ),
        { earlyStopping: true },
      ),
      RangeError,
      ...says(F, 'earlyStopping needs a validation set, and every class of y has a single example'),
    ],
  ];
}
