// Bad input for pw.metrics: labels and scores of the wrong type, kind or count, non-finite
// values, loss options with bad values or unknown names, classes that do not fit y. Each call
// must throw the right class with a message naming the function and the argument, and leave the
// caller's arrays and the wasm memory as they were.
import { badInputTable } from './bad-input.mjs';
import { AND_Y, CMU_Y, XOR_Y, pw } from './helpers.mjs';

const copy = (value) => JSON.parse(JSON.stringify(value));

function setup() {
  // y and scores for the losses; yTrue and yPred (AND's truth, XOR's labels as predictions).
  return { y: copy(CMU_Y), f: [2, 0.5, -1, 0, -3, 1], yTrue: copy(AND_Y), yPred: copy(XOR_Y) };
}

const state = (subject) => JSON.stringify(subject);

const m = pw.metrics;

badInputTable('pw.metrics bad input', {
  setup,
  state,
  cases: [
    // losses
    [
      'losses without y',
      ({ f }) => m.losses(undefined, f),
      TypeError,
      /metrics\.losses: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'losses without scores',
      ({ y }) => m.losses(y),
      TypeError,
      /metrics\.losses: scores must be an array of numbers/,
      /received undefined/,
    ],
    [
      'losses with one score',
      ({ y }) => m.losses(y, [1]),
      RangeError,
      /metrics\.losses: scores must have one value per label \(6\)/,
      /received 1/,
    ],
    [
      'losses with a NaN score',
      ({ y, f }) => m.losses(y, [f[0], NaN, ...f.slice(2)]),
      RangeError,
      /metrics\.losses: scores\[1\] must be a finite number/,
      /received NaN/,
    ],
    [
      'losses with a NaN score in a Float32Array',
      ({ y }) => m.losses(y, new Float32Array([1, 1, 1, 1, 1, NaN])),
      RangeError,
      /metrics\.losses: scores\[5\] must be a finite number/,
      /received NaN/,
    ],
    [
      'losses with a string score',
      ({ y, f }) => m.losses(y, [f[0], 'a', ...f.slice(2)]),
      TypeError,
      /metrics\.losses: scores\[1\] must be a number/,
      /received the string "a"/,
    ],
    [
      'losses with an unknown loss',
      ({ y, f }) => m.losses(y, f, { loss: 'log' }),
      RangeError,
      /metrics\.losses: option loss must be one of/,
      /received (the string )?"log"/,
    ],
    [
      'losses with a loss of the wrong case',
      ({ y, f }) => m.losses(y, f, { loss: 'Hinge' }),
      RangeError,
      /metrics\.losses: option loss must be one of/,
      /received (the string )?"Hinge"/,
    ],
    [
      'losses with loss a number',
      ({ y, f }) => m.losses(y, f, { loss: 5 }),
      TypeError,
      /metrics\.losses: option loss must be one of/,
      /received 5/,
    ],
    [
      'losses with gamma 0 for the gamma-hinge loss',
      ({ y, f }) => m.losses(y, f, { loss: 'gammaHinge', gamma: 0 }),
      RangeError,
      /metrics\.losses: (option )?gamma must be a finite number > 0/,
      /received 0/,
    ],
    [
      'losses with gamma a string',
      ({ y, f }) => m.losses(y, f, { gamma: '1' }),
      TypeError,
      /metrics\.losses: option gamma must be a number/,
      /received the string "1"/,
    ],
    [
      'losses with a negative falsePositiveCost',
      ({ y, f }) => m.losses(y, f, { loss: 'costWeighted', falsePositiveCost: -1 }),
      RangeError,
      /metrics\.losses: option falsePositiveCost must be a finite number >= 0/,
      /received -1/,
    ],
    [
      'losses with an infinite falseNegativeCost',
      ({ y, f }) => m.losses(y, f, { loss: 'costWeighted', falseNegativeCost: Infinity }),
      RangeError,
      /metrics\.losses: option falseNegativeCost must be a finite number >= 0/,
      /received Infinity/,
    ],
    [
      'losses with falseNegativeCost null',
      ({ y, f }) => m.losses(y, f, { falseNegativeCost: null }),
      TypeError,
      /metrics\.losses: option falseNegativeCost must be a number/,
      /received null/,
    ],
    [
      'losses with an unknown option',
      ({ y, f }) => m.losses(y, f, { margin: 1 }),
      TypeError,
      /metrics\.losses: unknown option "margin"/,
    ],
    [
      'losses with options a string',
      ({ y, f }) => m.losses(y, f, 'hinge'),
      TypeError,
      /metrics\.losses: options must be a plain object/,
      /received the string "hinge"/,
    ],
    [
      'losses of three classes',
      () => m.losses([1, 2, 3, 1], [1, 1, 1, 1]),
      RangeError,
      /metrics\.losses: y must hold two classes/,
      /received 3 classes/,
    ],
    [
      'losses of one class other than -1 or +1',
      () => m.losses([2, 2, 2], [1, 1, 1]),
      RangeError,
      /metrics\.losses: y must hold two classes/,
      /received 1 classes?/,
    ],
    ['losses of no labels', () => m.losses([], []), RangeError, /metrics\.losses: y must hold/, /received 0/],
    [
      'losses of a label outside classes',
      () => m.losses(['a', 'b', 'c'], [1, 1, 1], { classes: ['a', 'b'] }),
      RangeError,
      /metrics\.losses: y\[2\] must be one of the classes \[a, b\]/,
      /received the string "c"/,
    ],
    [
      'losses with classes of 3 labels',
      ({ y, f }) => m.losses(y, f, { classes: [-1, 1, 2] }),
      RangeError,
      /metrics\.losses: option classes must (be|hold) two/,
      /received 3/,
    ],
    [
      'losses with classes null',
      ({ y, f }) => m.losses(y, f, { classes: null }),
      TypeError,
      /metrics\.losses: option classes must be an array/,
      /received null/,
    ],
    [
      'losses with classes a string',
      ({ y, f }) => m.losses(y, f, { classes: 'ab' }),
      TypeError,
      /metrics\.losses: option classes must be an array/,
      /received the string "ab"/,
    ],
    [
      'losses with the same class twice',
      () => m.losses([1, 1], [1, -1], { classes: [1, 1] }),
      RangeError,
      /metrics\.losses: option classes must (be|hold) two distinct/,
    ],
    [
      'losses with string classes for numeric y',
      ({ y, f }) => m.losses(y, f, { classes: ['-1', '1'] }),
      TypeError,
      /metrics\.losses: option classes must hold (numbers|labels)/,
    ],
    [
      'losses of a NaN label',
      () => m.losses(new Float64Array([1, NaN]), [1, 1]),
      RangeError,
      /metrics\.losses: y\[1\] must be a finite number or a string/,
      /received NaN/,
    ],
    [
      'losses of an undefined label',
      () => m.losses([1, undefined], [1, 1]),
      TypeError,
      /metrics\.losses: y\[1\] must be a number or a string/,
      /received undefined/,
    ],

    // empiricalRisk
    [
      'empiricalRisk with no scores',
      ({ y }) => m.empiricalRisk(y, []),
      RangeError,
      /metrics\.empiricalRisk: scores must have one value per label \(6\)/,
      /received 0/,
    ],
    [
      'empiricalRisk with a negative gamma',
      ({ y, f }) => m.empiricalRisk(y, f, { loss: 'gammaHinge', gamma: -2 }),
      RangeError,
      /metrics\.empiricalRisk: (option )?gamma must be a finite number > 0/,
      /received -2/,
    ],
    [
      'empiricalRisk with loss null',
      ({ y, f }) => m.empiricalRisk(y, f, { loss: null }),
      TypeError,
      /metrics\.empiricalRisk: option loss must be one of/,
      /received null/,
    ],
    [
      'empiricalRisk with y a string',
      ({ f }) => m.empiricalRisk('abc', f),
      TypeError,
      /metrics\.empiricalRisk: y must be an array of labels/,
      /received the string "abc"/,
    ],
    [
      'empiricalRisk with scores an object',
      ({ y }) => m.empiricalRisk(y, { 0: 1 }),
      TypeError,
      /metrics\.empiricalRisk: scores must be an array of numbers/,
      /received an object/,
    ],
    [
      'empiricalRisk with classes of one label',
      ({ y, f }) => m.empiricalRisk(y, f, { classes: [-1] }),
      RangeError,
      /metrics\.empiricalRisk: option classes must (be|hold) two/,
      /received 1/,
    ],
    [
      'empiricalRisk with a NaN falsePositiveCost',
      ({ y, f }) => m.empiricalRisk(y, f, { loss: 'costWeighted', falsePositiveCost: NaN }),
      RangeError,
      /metrics\.empiricalRisk: option falsePositiveCost must be a finite number >= 0/,
      /received NaN/,
    ],

    // accuracy
    [
      'accuracy without yTrue',
      ({ yPred }) => m.accuracy(undefined, yPred),
      TypeError,
      /metrics\.accuracy: yTrue must be an array of labels/,
      /received undefined/,
    ],
    [
      'accuracy without yPred',
      ({ yTrue }) => m.accuracy(yTrue),
      TypeError,
      /metrics\.accuracy: yPred must be an array of labels/,
      /received undefined/,
    ],
    [
      'accuracy with one prediction too few',
      ({ yTrue, yPred }) => m.accuracy(yTrue, yPred.slice(1)),
      RangeError,
      /metrics\.accuracy: yPred must/,
      /\(4\)/,
      /received 3/,
    ],
    [
      'accuracy of no labels',
      () => m.accuracy([], []),
      RangeError,
      /metrics\.accuracy: yTrue must hold at least one label/,
      /received 0/,
    ],
    [
      'accuracy of numbers against strings',
      () => m.accuracy([1, 2], ['1', '2']),
      TypeError,
      /metrics\.accuracy: yTrue and yPred must both hold numbers or both strings/,
    ],
    [
      'accuracy of a NaN in yTrue',
      () => m.accuracy([1, NaN], [1, 1]),
      RangeError,
      /metrics\.accuracy: yTrue\[1\] must be a finite number or a string/,
      /received NaN/,
    ],
    [
      'accuracy of Infinity in yPred',
      () => m.accuracy([1, 1], [1, Infinity]),
      RangeError,
      /metrics\.accuracy: yPred\[1\] must be a finite number or a string/,
      /received Infinity/,
    ],

    // errorRate
    [
      'errorRate of a null label',
      () => m.errorRate([1, null], [1, 1]),
      TypeError,
      /metrics\.errorRate: yTrue\[1\] must be a number or a string/,
      /received null/,
    ],
    [
      'errorRate of mixed predictions',
      () => m.errorRate([1, 2], [1, '2']),
      TypeError,
      /metrics\.errorRate: yPred must hold only numbers or only strings/,
      /yPred\[1\] is the string "2"/,
    ],
    [
      'errorRate of strings, not arrays',
      () => m.errorRate('ab', 'ab'),
      TypeError,
      /metrics\.errorRate: yTrue must be an array of labels/,
      /received the string "ab"/,
    ],
    [
      'errorRate with one prediction too many',
      ({ yTrue, yPred }) => m.errorRate(yTrue, [...yPred, 1]),
      RangeError,
      /metrics\.errorRate: yPred must/,
      /received 5/,
    ],

    // confusionMatrix
    [
      'confusionMatrix with yPred an object',
      ({ yTrue }) => m.confusionMatrix(yTrue, {}),
      TypeError,
      /metrics\.confusionMatrix: yPred must be an array of labels/,
      /received an object/,
    ],
    [
      'confusionMatrix of a lone surrogate',
      () => m.confusionMatrix(['a', '\uD800'], ['a', 'a']),
      TypeError,
      /metrics\.confusionMatrix: yTrue\[1\] must be a well-formed string/,
    ],
    [
      'confusionMatrix of no truth for one prediction',
      () => m.confusionMatrix([], [1]),
      RangeError,
      /metrics\.confusionMatrix: yPred must/,
      /received 1/,
    ],
    [
      'confusionMatrix of a boolean prediction',
      () => m.confusionMatrix([1, 2, 3], [true, 1, 2]),
      TypeError,
      /metrics\.confusionMatrix: yPred\[0\] must be a number or a string/,
      /received true/,
    ],

    // classificationReport
    [
      'classificationReport with two predictions for four labels',
      ({ yTrue, yPred }) => m.classificationReport(yTrue, yPred.slice(0, 2)),
      RangeError,
      /metrics\.classificationReport: yPred must/,
      /received 2/,
    ],
    [
      'classificationReport with yTrue a number',
      () => m.classificationReport(5, [1]),
      TypeError,
      /metrics\.classificationReport: yTrue must be an array of labels/,
      /received 5/,
    ],
    [
      'classificationReport of strings against numbers',
      () => m.classificationReport(['a', 'b'], [1, 2]),
      TypeError,
      /metrics\.classificationReport: yTrue and yPred must both hold numbers or both strings/,
    ],
    [
      'classificationReport of a NaN in a Float64Array',
      () => m.classificationReport(new Float64Array([1, NaN]), [1, 1]),
      RangeError,
      /metrics\.classificationReport: yTrue\[1\] must be a finite number or a string/,
      /received NaN/,
    ],
    [
      'classificationReport of nested labels',
      () => m.classificationReport([[1], [2]], [1, 2]),
      TypeError,
      /metrics\.classificationReport: yTrue\[0\] must be a number or a string/,
      /received an array of length 1/,
    ],
    [
      'classificationReport of no predictions',
      ({ yTrue }) => m.classificationReport(yTrue, []),
      RangeError,
      /metrics\.classificationReport: yPred must/,
      /received 0/,
    ],
  ],
});
