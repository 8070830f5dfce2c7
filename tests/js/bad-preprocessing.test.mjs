// Bad input for pw.preprocessing: fitScaler on wrong, ragged, non-finite or empty matrices and
// with bad options; transform with broken scalers, the wrong number of columns, disposed
// Datasets. Each call must throw the right class with a message naming the function and the
// argument, and leave X, the scaler, the Datasets and the wasm memory as they were.
import { badInputTable } from './bad-input.mjs';
import { AND_X, AND_Y, pw } from './helpers.mjs';

const copy = (value) => JSON.parse(JSON.stringify(value));

function setup() {
  const X = copy(AND_X);
  const X3 = AND_X.map(([a, b]) => [a, b, a + b]);
  const scaler = pw.preprocessing.fitScaler(X);
  const data = pw.Dataset.fromArray(AND_X, undefined, AND_Y);
  const data3 = pw.Dataset.fromArray(X3);
  const gone = pw.Dataset.fromArray(AND_X);
  gone.dispose();
  return { X, X3, scaler, data, data3, gone };
}

const state = ({ X, X3, scaler, data, data3 }) =>
  JSON.stringify({
    X,
    X3,
    scaler,
    data: [Array.from(data.toArray().data), data.labels],
    data3: Array.from(data3.toArray().data),
  });

function teardown({ data, data3 }) {
  data.dispose();
  data3.dispose();
}

const p = pw.preprocessing;

badInputTable('pw.preprocessing bad input', {
  setup,
  state,
  teardown,
  cases: [
    // fitScaler: X
    [
      'fitScaler of undefined',
      () => p.fitScaler(undefined),
      TypeError,
      /preprocessing\.fitScaler: X must be an array of rows/,
      /received undefined/,
    ],
    ['fitScaler of a number', () => p.fitScaler(42), TypeError, /preprocessing\.fitScaler: X must be/, /received 42/],
    [
      'fitScaler of a bare Float64Array',
      () => p.fitScaler(new Float64Array(4)),
      TypeError,
      /preprocessing\.fitScaler: X must be/,
      /received a Float64Array of length 4/,
    ],
    [
      'fitScaler of no rows',
      () => p.fitScaler([]),
      RangeError,
      /preprocessing\.fitScaler: X must have at least one row/,
      /received 0 rows/,
    ],
    [
      'fitScaler of empty rows',
      () => p.fitScaler([[]]),
      RangeError,
      /preprocessing\.fitScaler: X must have at least one column/,
      /received 0 columns/,
    ],
    [
      'fitScaler of a ragged matrix',
      ({ X }) => p.fitScaler([...X, [1]]),
      RangeError,
      /preprocessing\.fitScaler: X must have rows of equal length/,
      /X\[4\] has 1/,
    ],
    [
      'fitScaler of a NaN',
      ({ X }) => p.fitScaler([X[0], [NaN, 1]]),
      RangeError,
      /preprocessing\.fitScaler: X must contain only finite numbers/,
      /received NaN at row 1, column 0/,
    ],
    [
      'fitScaler of -Infinity',
      () => p.fitScaler([[1, -Infinity]]),
      RangeError,
      /preprocessing\.fitScaler: X must contain only finite numbers/,
      /received -Infinity/,
    ],
    [
      'fitScaler of a string value',
      () => p.fitScaler([[1, 'x']]),
      TypeError,
      /preprocessing\.fitScaler: X\[0\]\[1\] must be a number/,
      /received the string "x"/,
    ],
    [
      'fitScaler of a flat array',
      () => p.fitScaler([1, 2, 3]),
      TypeError,
      /preprocessing\.fitScaler: X\[0\] must be an array of numbers/,
      /received 1/,
    ],
    [
      'fitScaler of a null row',
      ({ X }) => p.fitScaler([X[0], null]),
      TypeError,
      /preprocessing\.fitScaler: X\[1\] must be an array of numbers/,
      /received null/,
    ],
    [
      'fitScaler of {data} with a NaN',
      () => p.fitScaler({ data: new Float64Array([1, NaN]), rows: 1, cols: 2 }),
      RangeError,
      /preprocessing\.fitScaler: X must contain only finite numbers/,
      /received NaN/,
    ],
    [
      'fitScaler of {data} with negative cols',
      () => p.fitScaler({ data: new Float64Array(4), rows: 2, cols: -2 }),
      RangeError,
      /preprocessing\.fitScaler: X\.cols must be a non-negative integer/,
      /received -2/,
    ],
    [
      'fitScaler of {data} with fractional rows',
      () => p.fitScaler({ data: new Float64Array(4), rows: 1.5, cols: 2 }),
      RangeError,
      /preprocessing\.fitScaler: X\.rows must be a non-negative integer/,
      /received 1\.5/,
    ],
    [
      'fitScaler of {data} as an Int32Array',
      () => p.fitScaler({ data: new Int32Array(4), rows: 2, cols: 2 }),
      TypeError,
      /preprocessing\.fitScaler: X\.data must be a Float64Array or Float32Array/,
      /received a Int32Array of length 4/,
    ],
    [
      'fitScaler of {data} too short',
      () => p.fitScaler({ data: new Float32Array(3), rows: 2, cols: 2 }),
      RangeError,
      /preprocessing\.fitScaler: X\.data must hold rows \* cols = 2 \* 2 = 4 values/,
      /received 3/,
    ],
    [
      'fitScaler of a disposed Dataset',
      ({ gone }) => p.fitScaler(gone),
      pw.DisposedError,
      /preprocessing\.fitScaler: X is a disposed Dataset/,
    ],

    // fitScaler: options
    [
      'fitScaler with an unknown kind',
      ({ X }) => p.fitScaler(X, { kind: 'zscore' }),
      RangeError,
      /preprocessing\.fitScaler: option kind must be one of "standardize", "minMax", "unitBall"/,
      /received (the string )?"zscore"/,
    ],
    [
      'fitScaler with kind in the wrong case',
      ({ X }) => p.fitScaler(X, { kind: 'MinMax' }),
      RangeError,
      /preprocessing\.fitScaler: option kind must be one of/,
      /received (the string )?"MinMax"/,
    ],
    [
      'fitScaler with kind a number',
      ({ X }) => p.fitScaler(X, { kind: 1 }),
      TypeError,
      /preprocessing\.fitScaler: option kind must be one of/,
      /received 1/,
    ],
    [
      'fitScaler with kind null',
      ({ X }) => p.fitScaler(X, { kind: null }),
      TypeError,
      /preprocessing\.fitScaler: option kind must be one of/,
      /received null/,
    ],
    [
      'fitScaler with kind an array',
      ({ X }) => p.fitScaler(X, { kind: ['minMax'] }),
      TypeError,
      /preprocessing\.fitScaler: option kind must be one of/,
      /received an array/,
    ],
    [
      'fitScaler with kind true',
      ({ X }) => p.fitScaler(X, { kind: true }),
      TypeError,
      /preprocessing\.fitScaler: option kind must be one of/,
      /received true/,
    ],
    [
      'fitScaler with an unknown option',
      ({ X }) => p.fitScaler(X, { scaling: 'minMax' }),
      TypeError,
      /preprocessing\.fitScaler: unknown option "scaling"/,
      /known options are kind/,
    ],
    [
      'fitScaler with options a string',
      ({ X }) => p.fitScaler(X, 'minMax'),
      TypeError,
      /preprocessing\.fitScaler: options must be a plain object/,
      /received the string "minMax"/,
    ],
    [
      'fitScaler of a Dataset with an unknown kind',
      ({ data }) => p.fitScaler(data, { kind: 'l2' }),
      RangeError,
      /preprocessing\.fitScaler: option kind must be one of/,
      /received (the string )?"l2"/,
    ],

    // transform: the scaler
    [
      'transform without a scaler',
      ({ X }) => p.transform(undefined, X),
      TypeError,
      /preprocessing\.transform: scaler must be fitScaler's object/,
      /received undefined/,
    ],
    [
      'transform with a scaler null',
      ({ X }) => p.transform(null, X),
      TypeError,
      /preprocessing\.transform: scaler must be fitScaler's object/,
      /received null/,
    ],
    [
      'transform with a kind for a scaler',
      ({ X }) => p.transform('standardize', X),
      TypeError,
      /preprocessing\.transform: scaler must be fitScaler's object/,
      /received the string "standardize"/,
    ],
    [
      'transform with a scaler an array',
      ({ X, scaler }) => p.transform([scaler.shift, scaler.scale], X),
      TypeError,
      /preprocessing\.transform: scaler must be fitScaler's object/,
      /received an array of length 2/,
    ],
    [
      'transform with a scaler a Map',
      ({ X }) => p.transform(new Map(), X),
      TypeError,
      /preprocessing\.transform: scaler must be fitScaler's object/,
      /received an object/,
    ],
    [
      'transform with an empty scaler',
      ({ X }) => p.transform({}, X),
      TypeError,
      /preprocessing\.transform: scaler\.shift must be an array of numbers/,
      /received undefined/,
    ],
    [
      'transform with a scaler without scale',
      ({ X, scaler }) => p.transform({ shift: scaler.shift }, X),
      TypeError,
      /preprocessing\.transform: scaler\.scale must be an array of numbers/,
      /received undefined/,
    ],
    [
      'transform with shift null',
      ({ X, scaler }) => p.transform({ ...scaler, shift: null }, X),
      TypeError,
      /preprocessing\.transform: scaler\.shift must be an array of numbers/,
      /received null/,
    ],
    [
      'transform with shift an object',
      ({ X, scaler }) => p.transform({ ...scaler, shift: { 0: 0, 1: 0 } }, X),
      TypeError,
      /preprocessing\.transform: scaler\.shift must be an array of numbers/,
      /received an object/,
    ],
    [
      'transform with a string in shift',
      ({ X, scaler }) => p.transform({ ...scaler, shift: [0, 'a'] }, X),
      TypeError,
      /preprocessing\.transform: scaler\.shift\[1\] must be a number/,
      /received the string "a"/,
    ],
    [
      'transform with a scale shorter than shift',
      ({ X, scaler }) => p.transform({ ...scaler, scale: [1] }, X),
      RangeError,
      /preprocessing\.transform: the scaler must have one shift and one scale per feature/,
    ],
    [
      'transform with an empty shift and scale',
      ({ X }) => p.transform({ kind: 'standardize', shift: [], scale: [] }, X),
      RangeError,
      /preprocessing\.transform: the scaler must have one shift and one scale per feature/,
    ],
    [
      'transform with a zero scale',
      ({ X, scaler }) => p.transform({ ...scaler, scale: [0, 1] }, X),
      RangeError,
      /preprocessing\.transform: the scaler's shift\[0\] and scale\[0\] must be finite, the scale > 0/,
      /received 0\.5 and 0/,
    ],
    [
      'transform with a negative scale in a Float64Array',
      ({ X }) => p.transform({ shift: new Float64Array([0, 0]), scale: new Float64Array([1, -1]) }, X),
      RangeError,
      /preprocessing\.transform: the scaler's shift\[1\] and scale\[1\] must be finite, the scale > 0/,
      /received 0 and -1/,
    ],
    [
      'transform with a NaN shift',
      ({ X, scaler }) => p.transform({ ...scaler, shift: [NaN, 0] }, X),
      RangeError,
      /preprocessing\.transform: the scaler's shift\[0\] and scale\[0\] must be finite/,
      /received NaN and 0\.5/,
    ],
    [
      'transform with an infinite scale',
      ({ X, scaler }) => p.transform({ ...scaler, scale: [1, Infinity] }, X),
      RangeError,
      /preprocessing\.transform: the scaler's shift\[1\] and scale\[1\] must be finite/,
      /received 0\.5 and Infinity/,
    ],
    [
      'transform with a scaler inheriting its fields',
      ({ X, scaler }) => p.transform(Object.create(scaler), X),
      TypeError,
      /preprocessing\.transform: scaler must be fitScaler's object/,
      /received an object/,
    ],

    // transform: X
    [
      'transform of 3 columns with a scaler of 2',
      ({ X3, scaler }) => p.transform(scaler, X3),
      RangeError,
      /preprocessing\.transform: X must have 2 columns \(as the scaler was fitted\)/,
      /received 3/,
    ],
    [
      'transform of 1 column with a scaler of 2',
      ({ scaler }) => p.transform(scaler, [[1]]),
      RangeError,
      /preprocessing\.transform: X must have 2 columns \(as the scaler was fitted\)/,
      /received 1/,
    ],
    [
      'transform of a Dataset of 3 columns with a scaler of 2',
      ({ data3, scaler }) => p.transform(scaler, data3),
      RangeError,
      /preprocessing\.transform: X must have 2 columns \(as the scaler was fitted\)/,
      /received 3/,
    ],
    [
      'transform with a minMax scaler of 2 columns of 3',
      ({ X, X3 }) => p.transform(p.fitScaler(X, { kind: 'minMax' }), X3),
      RangeError,
      /preprocessing\.transform: X must have 2 columns/,
      /received 3/,
    ],
    [
      'transform of a NaN',
      ({ X, scaler }) => p.transform(scaler, [X[0], [1, NaN]]),
      RangeError,
      /preprocessing\.transform: X must contain only finite numbers/,
      /received NaN at row 1, column 1/,
    ],
    [
      'transform of no rows',
      ({ scaler }) => p.transform(scaler, []),
      RangeError,
      /preprocessing\.transform: X must have at least one row/,
      /received 0 rows/,
    ],
    [
      'transform of a ragged matrix',
      ({ X, scaler }) => p.transform(scaler, [X[0], [1, 2, 3]]),
      RangeError,
      /preprocessing\.transform: X must have rows of equal length/,
      /X\[1\] has 3/,
    ],
    [
      'transform of a string value',
      ({ scaler }) =>
        p.transform(scaler, [
          [1, 2],
          [3, '4'],
        ]),
      TypeError,
      /preprocessing\.transform: X\[1\]\[1\] must be a number/,
      /received the string "4"/,
    ],
    [
      'transform of a string',
      ({ scaler }) => p.transform(scaler, 'X'),
      TypeError,
      /preprocessing\.transform: X must be an array of rows/,
      /received the string "X"/,
    ],
    [
      'transform of undefined',
      ({ scaler }) => p.transform(scaler),
      TypeError,
      /preprocessing\.transform: X must be an array of rows/,
      /received undefined/,
    ],
    [
      'transform of {data} of the wrong size',
      ({ scaler }) => p.transform(scaler, { data: new Float64Array(3), rows: 2, cols: 2 }),
      RangeError,
      /preprocessing\.transform: X\.data must hold rows \* cols = 2 \* 2 = 4 values/,
      /received 3/,
    ],
    [
      'transform of a disposed Dataset',
      ({ scaler, gone }) => p.transform(scaler, gone),
      pw.DisposedError,
      /preprocessing\.transform: X is a disposed Dataset/,
    ],
    [
      'transform of a Dataset with a zero scale',
      ({ data, scaler }) => p.transform({ ...scaler, scale: [1, 0] }, data),
      RangeError,
      /preprocessing\.transform: the scaler's shift\[1\] and scale\[1\] must be finite, the scale > 0/,
      /received 0\.5 and 0/,
    ],
  ],
});
