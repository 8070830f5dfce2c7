// Bad input for pw.analysis: every function with wrong types, ragged, non-finite or empty
// matrices, labels of the wrong kind or count, bad separators and options, disposed Datasets.
// Each call must throw the right class with a message naming the function and the argument, and
// leave the caller's arrays, the Datasets and the wasm memory as they were.
import { badInputTable } from './bad-input.mjs';
import { AND_X, AND_Y, CMU_X, CMU_Y, XOR_Y, pw } from './helpers.mjs';

const copy = (value) => JSON.parse(JSON.stringify(value));
const NORM = Math.sqrt(5);
// CMU's examples in the unit ball (max ||x|| = 1), as Blum's bound wants them.
const UNIT_X = CMU_X.map((x) => x.map((v) => v / NORM));

function setup() {
  const data = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y);
  const plain = pw.Dataset.fromArray(AND_X);
  const gone = pw.Dataset.fromArray(AND_X, undefined, AND_Y);
  gone.dispose();
  return { X: copy(CMU_X), y: copy(CMU_Y), w: [1, 1], unit: copy(UNIT_X), data, plain, gone };
}

const state = ({ X, y, w, unit, data, plain }) =>
  JSON.stringify({
    X,
    y,
    w,
    unit,
    data: [Array.from(data.toArray().data), data.labels],
    plain: Array.from(plain.toArray().data),
  });

function teardown({ data, plain }) {
  data.dispose();
  plain.dispose();
}

const a = pw.analysis;

badInputTable('pw.analysis bad input', {
  setup,
  state,
  teardown,
  cases: [
    // radius
    [
      'radius of undefined',
      () => a.radius(undefined),
      TypeError,
      /analysis\.radius: X must be an array of rows/,
      /received undefined/,
    ],
    ['radius of a string', () => a.radius('abc'), TypeError, /analysis\.radius: X /, /received the string "abc"/],
    [
      'radius of a ragged matrix',
      () => a.radius([[1, 2], [3]]),
      RangeError,
      /analysis\.radius: X must have rows of equal length/,
      /X\[1\] has 1/,
    ],
    [
      'radius of a NaN',
      ({ X }) => a.radius([...X, [1, NaN]]),
      RangeError,
      /analysis\.radius: X must contain only finite numbers/,
      /received NaN at row 6, column 1/,
    ],
    [
      'radius of Infinity',
      () => a.radius([[Infinity, 0]]),
      RangeError,
      /analysis\.radius: X must contain only finite numbers/,
      /received Infinity/,
    ],
    [
      'radius of no rows',
      () => a.radius([]),
      RangeError,
      /analysis\.radius: X must have at least one row/,
      /received 0/,
    ],
    [
      'radius of rows without columns',
      () => a.radius([[], []]),
      RangeError,
      /analysis\.radius: X must have at least one column/,
      /received 0/,
    ],
    [
      'radius of a string value',
      () => a.radius([[1, '2']]),
      TypeError,
      /analysis\.radius: X\[0\]\[1\] must be a number/,
      /received the string "2"/,
    ],
    [
      'radius of one flat example',
      () => a.radius([1, 2]),
      TypeError,
      /analysis\.radius: X\[0\] must be an array of numbers/,
      /received 1/,
    ],
    [
      'radius of {data} not a typed array',
      () => a.radius({ data: [1, 2], rows: 1, cols: 2 }),
      TypeError,
      /analysis\.radius: X\.data must be a Float64Array or Float32Array/,
      /received an array of length 2/,
    ],
    [
      'radius of {data} of the wrong size',
      () => a.radius({ data: new Float64Array(3), rows: 2, cols: 2 }),
      RangeError,
      /analysis\.radius: X\.data must hold rows \* cols = 2 \* 2 = 4 values/,
      /received 3/,
    ],
    [
      'radius with withBias not a boolean',
      ({ X }) => a.radius(X, { withBias: 'yes' }),
      TypeError,
      /analysis\.radius: option withBias must be true or false/,
      /received the string "yes"/,
    ],
    [
      'radius with an unknown option',
      ({ X }) => a.radius(X, { bias: true }),
      TypeError,
      /analysis\.radius: unknown option "bias"/,
    ],
    [
      'radius with options not an object',
      ({ X }) => a.radius(X, 5),
      TypeError,
      /analysis\.radius: options must be a plain object/,
      /received 5/,
    ],
    [
      'radius of a disposed Dataset',
      ({ gone }) => a.radius(gone),
      pw.DisposedError,
      /analysis\.radius: X is a disposed Dataset/,
    ],

    // signedDistances
    [
      'signedDistances without w',
      ({ X }) => a.signedDistances(X),
      TypeError,
      /analysis\.signedDistances: w must be an array of numbers/,
      /received undefined/,
    ],
    [
      'signedDistances with w too short',
      ({ X }) => a.signedDistances(X, [1]),
      RangeError,
      /analysis\.signedDistances: w must have 2 values \(one per column of X\)/,
      /received 1/,
    ],
    [
      'signedDistances with a zero w',
      ({ X }) => a.signedDistances(X, [0, 0]),
      RangeError,
      /analysis\.signedDistances: w must not be the zero vector/,
    ],
    [
      'signedDistances with a NaN in w',
      ({ X }) => a.signedDistances(X, [1, NaN]),
      RangeError,
      /analysis\.signedDistances: w\[1\] must be a finite number/,
      /received NaN/,
    ],
    [
      'signedDistances with a string in w',
      ({ X }) => a.signedDistances(X, [1, '1']),
      TypeError,
      /analysis\.signedDistances: w\[1\] must be a number/,
      /received the string "1"/,
    ],
    [
      'signedDistances with b a string',
      ({ X, w }) => a.signedDistances(X, w, '0'),
      TypeError,
      /analysis\.signedDistances: b must be a number/,
      /received the string "0"/,
    ],
    [
      'signedDistances with b null',
      ({ X, w }) => a.signedDistances(X, w, null),
      TypeError,
      /analysis\.signedDistances: b must be a number/,
      /received null/,
    ],
    [
      'signedDistances with b Infinity',
      ({ X, w }) => a.signedDistances(X, w, Infinity),
      RangeError,
      /analysis\.signedDistances: b must be a finite number/,
      /received Infinity/,
    ],
    [
      'signedDistances of a NaN in X',
      ({ w }) => a.signedDistances([[1, NaN]], w),
      RangeError,
      /analysis\.signedDistances: X must contain only finite numbers/,
      /received NaN/,
    ],
    [
      'signedDistances of a disposed Dataset',
      ({ gone, w }) => a.signedDistances(gone, w),
      pw.DisposedError,
      /analysis\.signedDistances: X is a disposed Dataset/,
    ],

    // margin
    [
      'margin without y',
      ({ X, w }) => a.margin(X, undefined, w),
      TypeError,
      /analysis\.margin: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'margin with one label too few',
      ({ X, y, w }) => a.margin(X, y.slice(1), w),
      RangeError,
      /analysis\.margin: y must have one label per row of X \(6\)/,
      /received 5/,
    ],
    [
      'margin with one label too many',
      ({ X, y, w }) => a.margin(X, [...y, 1], w),
      RangeError,
      /analysis\.margin: y must have one label per row of X \(6\)/,
      /received 7/,
    ],
    [
      'margin of one class',
      ({ X, y, w }) =>
        a.margin(
          X,
          y.map(() => 1),
          w,
        ),
      RangeError,
      /analysis\.margin: y must hold exactly two distinct classes/,
      /received 1/,
    ],
    [
      'margin of mixed label kinds',
      ({ X, y, w }) => a.margin(X, [...y.slice(0, 5), 'one'], w),
      TypeError,
      /analysis\.margin: y must hold only numbers or only strings/,
      /received the string "one"|y\[5\] is the string "one"/,
    ],
    [
      'margin of a null label',
      ({ X, y, w }) => a.margin(X, [y[0], null, ...y.slice(2)], w),
      TypeError,
      /analysis\.margin: y\[1\] must be a number or a string/,
      /received null/,
    ],
    [
      'margin of a NaN label',
      ({ X, y, w }) => a.margin(X, [y[0], y[1], NaN, ...y.slice(3)], w),
      RangeError,
      /analysis\.margin: y\[2\] must be a finite number or a string/,
      /received NaN/,
    ],
    [
      'margin with w of 3 values',
      ({ X, y }) => a.margin(X, y, [1, 0, 0]),
      RangeError,
      /analysis\.margin: w must have 2 values/,
      /received 3/,
    ],
    [
      'margin with a zero w',
      ({ X, y }) => a.margin(X, y, [0, 0]),
      RangeError,
      /analysis\.margin: w must not be the zero/,
    ],
    [
      'margin with w a string',
      ({ X, y }) => a.margin(X, y, 'w'),
      TypeError,
      /analysis\.margin: w must be an array of numbers/,
      /received the string "w"/,
    ],
    [
      'margin with b a boolean',
      ({ X, y, w }) => a.margin(X, y, w, true),
      TypeError,
      /analysis\.margin: b must be a number/,
      /received true/,
    ],
    [
      'margin with b NaN',
      ({ X, y, w }) => a.margin(X, y, w, NaN),
      RangeError,
      /analysis\.margin: b must be a finite number/,
      /received NaN/,
    ],
    [
      'margin of a Dataset without labels',
      ({ plain, w }) => a.margin(plain, undefined, w),
      TypeError,
      /analysis\.margin: X is a Dataset without labels/,
    ],
    [
      'margin of a disposed Dataset',
      ({ gone, w }) => a.margin(gone, undefined, w),
      pw.DisposedError,
      /analysis\.margin: X is a disposed Dataset/,
    ],
    [
      'margin of a Dataset with too few labels',
      ({ data, w }) => a.margin(data, [1, -1], w),
      RangeError,
      /analysis\.margin: y must have one label per row of X/,
      /received 2/,
    ],

    // separability
    [
      'separability with fitIntercept a string',
      ({ X, y }) => a.separability(X, y, { fitIntercept: 'no' }),
      TypeError,
      /analysis\.separability: option fitIntercept must be true or false/,
      /received the string "no"/,
    ],
    [
      'separability with an unknown option',
      ({ X, y }) => a.separability(X, y, { intercept: true }),
      TypeError,
      /analysis\.separability: unknown option "intercept"/,
    ],
    [
      'separability with options an array',
      ({ X, y }) => a.separability(X, y, []),
      TypeError,
      /analysis\.separability: options must be a plain object/,
      /received an array of length 0/,
    ],
    [
      'separability of one class',
      ({ X, y }) =>
        a.separability(
          X,
          y.map(() => 'a'),
        ),
      RangeError,
      /analysis\.separability: y must hold exactly two distinct classes/,
      /received 1/,
    ],
    [
      'separability of three classes',
      ({ X }) => a.separability(X, ['a', 'b', 'c', 'a', 'b', 'c']),
      RangeError,
      /analysis\.separability: y must hold exactly two distinct classes/,
      /received 3/,
    ],
    [
      'separability of a NaN',
      () =>
        a.separability(
          [
            [1, NaN],
            [0, 0],
          ],
          [1, -1],
        ),
      RangeError,
      /analysis\.separability: X must contain only finite numbers/,
      /received NaN/,
    ],
    [
      'separability without y',
      ({ X }) => a.separability(X),
      TypeError,
      /analysis\.separability: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'separability with y an object',
      ({ X }) => a.separability(X, {}),
      TypeError,
      /analysis\.separability: y must be an array of labels/,
      /received an object/,
    ],
    [
      'separability of a Dataset without labels',
      ({ plain }) => a.separability(plain),
      TypeError,
      /analysis\.separability: X is a Dataset without labels/,
    ],

    // pca2d
    ['pca2d of no rows', () => a.pca2d([]), RangeError, /analysis\.pca2d: X must have at least one row/, /received 0/],
    [
      'pca2d of a ragged matrix',
      () => a.pca2d([[1, 2], [3]]),
      RangeError,
      /analysis\.pca2d: X must have rows of equal length/,
    ],
    [
      'pca2d of a NaN',
      ({ X }) => a.pca2d([...X, [NaN, 1]]),
      RangeError,
      /analysis\.pca2d: X must contain only finite numbers/,
      /received NaN/,
    ],
    ['pca2d of null', () => a.pca2d(null), TypeError, /analysis\.pca2d: X must be an array of rows/, /received null/],
    [
      'pca2d of a disposed Dataset',
      ({ gone }) => a.pca2d(gone),
      pw.DisposedError,
      /analysis\.pca2d: X is a disposed Dataset/,
    ],

    // novikoffBound
    [
      'novikoffBound with fitIntercept 0',
      ({ X, y }) => a.novikoffBound(X, y, { fitIntercept: 0 }),
      TypeError,
      /analysis\.novikoffBound: option fitIntercept must be true or false/,
      /received 0/,
    ],
    [
      'novikoffBound with an unknown option',
      ({ X, y }) => a.novikoffBound(X, y, { withBias: true }),
      TypeError,
      /analysis\.novikoffBound: unknown option "withBias"/,
    ],
    [
      'novikoffBound of one class',
      ({ X, y }) =>
        a.novikoffBound(
          X,
          y.map(() => -1),
        ),
      RangeError,
      /analysis\.novikoffBound: y must hold exactly two distinct classes/,
      /received 1/,
    ],
    [
      'novikoffBound of no rows',
      () => a.novikoffBound([], []),
      RangeError,
      /analysis\.novikoffBound: X must have at least one row/,
    ],
    [
      'novikoffBound of a disposed Dataset',
      ({ gone }) => a.novikoffBound(gone),
      pw.DisposedError,
      /analysis\.novikoffBound: X is a disposed Dataset/,
    ],

    // biasBound
    [
      'biasBound without y',
      ({ X }) => a.biasBound(X),
      TypeError,
      /analysis\.biasBound: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'biasBound with too few labels',
      () => a.biasBound(AND_X, XOR_Y.slice(2)),
      RangeError,
      /analysis\.biasBound: y must have one label per row of X \(4\)/,
      /received 2/,
    ],
    [
      'biasBound of a string value',
      () => a.biasBound([[1, 'a']], [1]),
      TypeError,
      /analysis\.biasBound: X\[0\]\[1\] must be a number/,
      /received the string "a"/,
    ],
    [
      'biasBound of a boolean label',
      ({ X, y }) => a.biasBound(X, [...y.slice(0, 5), true]),
      TypeError,
      /analysis\.biasBound: y\[5\] must be a number or a string/,
      /received true/,
    ],

    // freundSchapireBound
    [
      'freundSchapireBound without options',
      ({ X, y }) => a.freundSchapireBound(X, y),
      TypeError,
      /analysis\.freundSchapireBound: .*(u|gamma) must be/,
      /received undefined/,
    ],
    [
      'freundSchapireBound without gamma',
      ({ X, y }) => a.freundSchapireBound(X, y, { u: [1, 0] }),
      TypeError,
      /analysis\.freundSchapireBound: gamma must be a number/,
      /received undefined/,
    ],
    [
      'freundSchapireBound without u',
      ({ X, y }) => a.freundSchapireBound(X, y, { gamma: 1 }),
      TypeError,
      /analysis\.freundSchapireBound: (option )?u must be an array of numbers/,
      /received undefined/,
    ],
    [
      'freundSchapireBound with u not a unit vector',
      ({ X, y }) => a.freundSchapireBound(X, y, { u: [1, 1], gamma: 1 }),
      RangeError,
      /analysis\.freundSchapireBound: u must be a unit vector/,
      /received length 1\.414/,
    ],
    [
      'freundSchapireBound with u of 1 value',
      ({ X, y }) => a.freundSchapireBound(X, y, { u: [1], gamma: 1 }),
      RangeError,
      /analysis\.freundSchapireBound: u must have 2 values/,
      /received 1/,
    ],
    [
      'freundSchapireBound with u a string',
      ({ X, y }) => a.freundSchapireBound(X, y, { u: 'u', gamma: 1 }),
      TypeError,
      /analysis\.freundSchapireBound: u must be an array of numbers/,
      /received the string "u"/,
    ],
    [
      'freundSchapireBound with a NaN in u',
      ({ X, y }) => a.freundSchapireBound(X, y, { u: [NaN, 0], gamma: 1 }),
      RangeError,
      /analysis\.freundSchapireBound: u must hold finite numbers/,
      /received NaN/,
    ],
    [
      'freundSchapireBound with gamma 0',
      ({ X, y }) => a.freundSchapireBound(X, y, { u: [1, 0], gamma: 0 }),
      RangeError,
      /analysis\.freundSchapireBound: gamma must be a finite number > 0/,
      /received 0/,
    ],
    [
      'freundSchapireBound with gamma NaN',
      ({ X, y }) => a.freundSchapireBound(X, y, { u: [1, 0], gamma: NaN }),
      RangeError,
      /analysis\.freundSchapireBound: gamma must be a finite number > 0/,
      /received NaN/,
    ],
    [
      'freundSchapireBound with an unknown option',
      ({ X, y }) => a.freundSchapireBound(X, y, { u: [1, 0], gamma: 1, w: [1, 0] }),
      TypeError,
      /analysis\.freundSchapireBound: unknown option "w"/,
    ],
    [
      'freundSchapireBound of one class',
      ({ X, y }) =>
        a.freundSchapireBound(
          X,
          y.map(() => 1),
          { u: [1, 0], gamma: 1 },
        ),
      RangeError,
      /analysis\.freundSchapireBound: y must hold exactly two distinct classes/,
    ],

    // blumBound
    [
      'blumBound outside the unit ball',
      ({ X, y }) => a.blumBound(X, y, { w: [1, 0], gamma: 1 }),
      RangeError,
      /analysis\.blumBound: X must lie in the unit ball/,
      /received max \|\|x\|\| = 2\.236/,
    ],
    [
      'blumBound with gamma negative',
      ({ unit, y }) => a.blumBound(unit, y, { w: [1, 0], gamma: -1 }),
      RangeError,
      /analysis\.blumBound: gamma must be a finite number > 0/,
      /received -1/,
    ],
    [
      'blumBound with gamma a string',
      ({ unit, y }) => a.blumBound(unit, y, { w: [1, 0], gamma: '1' }),
      TypeError,
      /analysis\.blumBound: gamma must be a number/,
      /received the string "1"/,
    ],
    [
      'blumBound without gamma',
      ({ unit, y }) => a.blumBound(unit, y, { w: [1, 0] }),
      TypeError,
      /analysis\.blumBound: gamma must be a number/,
      /received undefined/,
    ],
    [
      'blumBound with w not a unit vector',
      ({ unit, y }) => a.blumBound(unit, y, { w: [0.6, 0.6], gamma: 1 }),
      RangeError,
      /analysis\.blumBound: w must be a unit vector/,
      /received length 0\.848/,
    ],
    [
      'blumBound without w',
      ({ unit, y }) => a.blumBound(unit, y, { gamma: 1 }),
      TypeError,
      /analysis\.blumBound: (option )?w must be an array of numbers/,
      /received undefined/,
    ],
    [
      'blumBound with the option u',
      ({ unit, y }) => a.blumBound(unit, y, { u: [1, 0], gamma: 1 }),
      TypeError,
      /analysis\.blumBound: unknown option "u"/,
    ],
    [
      'blumBound with options null',
      ({ unit, y }) => a.blumBound(unit, y, null),
      TypeError,
      /analysis\.blumBound: options must be a plain object/,
      /received null/,
    ],
    [
      'blumBound with a Float32Array w of 3 values',
      ({ unit, y }) => a.blumBound(unit, y, { w: new Float32Array([1, 0, 0]), gamma: 1 }),
      RangeError,
      /analysis\.blumBound: w must have 2 values/,
      /received 3/,
    ],
  ],
});
