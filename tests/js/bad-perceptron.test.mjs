// Bad-input tables for pw.Perceptron (index.d.ts: Model, Perceptron, PerceptronOptions, FitOptions,
// PartialFitOptions, LearnOneOptions): every call must fail with the documented error class, a
// message naming the argument (and what it received), and leave the model and the wasm memory
// as they were. errors.test.mjs has the first cases; bad-model-cases.mjs those every kind
// shares; these are the perceptron's own: initialWeights, isMistake, learnOne, its variants and
// the layout of its saved model.
import { AND_X, AND_Y, pw } from './helpers.mjs';
import {
  disposedCalls,
  modelKind,
  modelTables,
  onNew,
  optionCases,
  savedCases,
  says,
  show,
  withDataset,
} from './bad-model-cases.mjs';

const kind = modelKind('Perceptron', {
  binary: 'a binary perceptron',
  onStep: true,
  fitOptions: 'onStep, onEpoch, signal, initialWeights, initialBias, sampleWeight, validation',
  trainerOptions: 'initialWeights, initialBias, sampleWeight, validation',
  fitFirst: 'fit(X, y) or learnOne(x, y)',
  getters: ['weights', 'bias', 'currentWeights', 'currentBias', 'votedVectors'],
  typos: [[{ warm_start: true }, 'warmStart']],
  savedOptions: [[{ variant: 'kernel' }, RangeError, 'option variant must be one of']],
  optionNames:
    'variant, mistakeRule, order, learningRate, margin, fitIntercept, maxEpochs, maxSteps, seed, warmStart, earlyStopping, validationFraction, patience, precision, classWeight, preprocess',
});
const X = AND_X;
const y = AND_Y;
const at = (method) => `Perceptron.${method}`;
// [what, call, error, method, message, received] as a case.
const cases = (rows) =>
  rows.map(([what, call, ErrorClass, method, text, got]) => [
    what,
    call,
    ErrorClass,
    ...(typeof text === 'string' ? says(at(method), text, got) : [text, ...(got ? [got] : [])]),
  ]);
const VARIANT = 'option variant must be one of "classic", "averaged", "voted", "pocket"';
const LEARNED = 'x must have 2 features (as the model learned)';
const LABEL = 'y must be a label (a number or a string)';

modelTables(kind, {
  // initialWeights and initialBias: [options, error, message, received]
  fit: [
    [{ initialWeights: '0,0' }, TypeError, 'initialWeights must be an array of numbers; received the string "0,0"'],
    [{ initialWeights: ['0', 0] }, TypeError, 'initialWeights[0] must be a number; received the string "0"'],
    [{ initialWeights: [0, 0, 0] }, RangeError, 'initialWeights must have 2 weights (one per feature); received 3'],
    [
      { initialWeights: Float64Array.of(Infinity, 0) },
      RangeError,
      'initialWeights[0] must be a finite number; received Infinity',
    ],
    [
      { initialWeights: BigInt64Array.of(0n, 0n) },
      TypeError,
      'initialWeights must be an array of numbers',
      'a BigInt64Array of length 2',
    ],
    [
      { initialWeights: [0, 0], initialBias: '1' },
      TypeError,
      'option initialBias must be a number; received the string "1"',
    ],
    [{ initialWeights: [0, 0], initialBias: null }, TypeError, 'option initialBias must be a number; received null'],
    [
      { initialWeights: [0, 0], initialBias: NaN },
      RangeError,
      'option initialBias must be a finite number; received NaN',
    ],
    [
      { initialWeights: [0, 0], initialBias: -Infinity },
      RangeError,
      'option initialBias must be a finite number; received -Infinity',
    ],
  ].map(([options, ErrorClass, text, got]) => [
    `fit with ${show(options)}`,
    (p) => p.fit(X, y, options),
    ErrorClass,
    ...says(at('fit'), text, got),
  ]),
  fitted: cases([
    // isMistake
    [
      'isMistake three columns',
      (p) => p.isMistake([[1, 2, 3]], [1]),
      RangeError,
      'isMistake',
      "X must have 2 columns (the model's feature count); received 3",
    ],
    [
      'isMistake a label outside the classes',
      (p) => p.isMistake([[0, 0]], [0]),
      RangeError,
      'isMistake',
      'y[0] must be one of the classes [-1, 1]; received 0',
    ],
    ['isMistake without y', (p) => p.isMistake(X), TypeError, 'isMistake', 'y must be an array of labels', 'undefined'],
    ['isMistake X not an array', (p) => p.isMistake(7, y), TypeError, 'isMistake', 'X must be an array of rows', '7'],
    [
      'isMistake NaN in X',
      (p) => p.isMistake([[0, NaN]], [1]),
      RangeError,
      'isMistake',
      'X must contain only finite numbers; received NaN at row 0, column 1',
    ],
    [
      'isMistake a Dataset without labels',
      (p) => withDataset(X, undefined, (d) => p.isMistake(d)),
      TypeError,
      'isMistake',
      'X is a Dataset without labels; give y, or build it with labels',
    ],
    // learnOne's x
    [
      'learnOne x undefined',
      (p) => p.learnOne(undefined, 1),
      TypeError,
      'learnOne',
      'x must be an array of numbers; received undefined',
    ],
    [
      'learnOne x a number',
      (p) => p.learnOne(1, 1),
      TypeError,
      'learnOne',
      'x must be an array of numbers; received 1',
    ],
    [
      'learnOne x with a string',
      (p) => p.learnOne([1, '1'], 1),
      TypeError,
      'learnOne',
      'x[1] must be a number; received the string "1"',
    ],
    [
      'learnOne x nested as a matrix',
      (p) => p.learnOne([[1, 1]], 1),
      TypeError,
      'learnOne',
      'x[0] must be a number; received an array of length 2',
    ],
    [
      'learnOne x Infinity',
      (p) => p.learnOne([Infinity, 1], 1),
      RangeError,
      'learnOne',
      'x must contain only finite numbers; received Infinity',
    ],
    ['learnOne x of one feature', (p) => p.learnOne([1], 1), RangeError, 'learnOne', `${LEARNED}; received 1`],
    ['learnOne x empty', (p) => p.learnOne([], 1), RangeError, 'learnOne', `${LEARNED}; received 0`],
    [
      'learnOne x a BigInt64Array',
      (p) => p.learnOne(BigInt64Array.of(1n, 1n), 1),
      TypeError,
      'learnOne',
      'x must be an array of numbers',
      'a BigInt64Array of length 2',
    ],
    [
      'learnOne x a DataView',
      (p) => p.learnOne(new DataView(new ArrayBuffer(16)), 1),
      TypeError,
      'learnOne',
      /^Perceptron\.learnOne: x must be an array of numbers/,
      /received a DataView(?! of length undefined)/,
    ],
    // learnOne's y and options
    ['learnOne y undefined', (p) => p.learnOne([1, 1]), TypeError, 'learnOne', `${LABEL}; received undefined`],
    ['learnOne y null', (p) => p.learnOne([1, 1], null), TypeError, 'learnOne', `${LABEL}; received null`],
    ['learnOne y true', (p) => p.learnOne([1, 1], true), TypeError, 'learnOne', `${LABEL}; received true`],
    [
      'learnOne y an array',
      (p) => p.learnOne([1, 1], [1]),
      TypeError,
      'learnOne',
      `${LABEL}; received an array of length 1`,
    ],
    [
      'learnOne y NaN',
      (p) => p.learnOne([1, 1], NaN),
      RangeError,
      'learnOne',
      /^Perceptron\.learnOne: y must be (one of the classes \[-1, 1\]|a finite number).*; received NaN/,
    ],
    [
      'learnOne options a number',
      (p) => p.learnOne([1, 1], 1, 5),
      TypeError,
      'learnOne',
      'options must be a plain object; received 5',
    ],
    [
      'learnOne unknown option',
      (p) => p.learnOne([1, 1], 1, { sampleWeight: 2 }),
      TypeError,
      'learnOne',
      'unknown option "sampleWeight"; known options are classes',
    ],
    [
      'learnOne classes a string',
      (p) => p.learnOne([1, 1], 1, { classes: 'ab' }),
      TypeError,
      'learnOne',
      'classes must be an array of labels',
      'the string "ab"',
    ],
    [
      'learnOne three classes',
      (p) => p.learnOne([1, 1], 1, { classes: [-1, 0, 1] }),
      RangeError,
      'learnOne',
      kind.count('learnOne', 'classes', [-1, 0, 1]),
    ],
    [
      'learnOne string classes on a numeric model',
      (p) => p.learnOne([1, 1], -1, { classes: ['a', 'b'] }),
      RangeError,
      'learnOne',
      'classes are fixed once the model has learned',
    ],
    // trainer's initialWeights
    [
      'trainer initialWeights too short',
      (p) => p.trainer(X, y, { initialWeights: [0] }),
      RangeError,
      'trainer',
      'initialWeights must have 2 weights (one per feature); received 1',
    ],
  ]),
  unfitted: cases([
    ['isMistake', (p) => p.isMistake(X, y), pw.NotFittedError, 'isMistake', 'the model has not learned anything yet'],
    [
      'learnOne a label 0 without classes',
      (p) => p.learnOne([0, 0], 0),
      pw.NotFittedError,
      'learnOne',
      "the model's classes are not known yet; give the two classes on the first learnOne call, or fit first",
    ],
    [
      'learnOne a label 2 without classes',
      (p) => p.learnOne([0, 0], 2),
      pw.NotFittedError,
      'learnOne',
      "the model's classes are not known yet",
    ],
    [
      'learnOne with one class',
      (p) => p.learnOne([0, 0], 1, { classes: [1] }),
      RangeError,
      'learnOne',
      kind.count('learnOne', 'classes', [1]),
    ],
    [
      'learnOne with duplicate classes',
      (p) => p.learnOne([0, 0], 1, { classes: [1, 1] }),
      RangeError,
      'learnOne',
      kind.count('learnOne', 'classes', [1]),
    ],
    [
      'learnOne mixed classes',
      (p) => p.learnOne([0, 0], 1, { classes: [1, 'a'] }),
      TypeError,
      'learnOne',
      'classes must hold only numbers or only strings',
    ],
    [
      'learnOne a label outside the given classes',
      (p) => p.learnOne([0, 0], 'c', { classes: ['a', 'b'] }),
      RangeError,
      'learnOne',
      'y must be one of the classes ["a", "b"]; received "c"',
    ],
    [
      'learnOne a number for string classes',
      (p) => p.learnOne([0, 0], 1, { classes: ['a', 'b'] }),
      TypeError,
      'learnOne',
      "y must hold strings like the model's classes; received numbers",
    ],
    [
      'learnOne empty x',
      (p) => p.learnOne([], 1),
      RangeError,
      'learnOne',
      /^Perceptron\.learnOne: x must have at least one (column|feature); received 0/,
    ],
    [
      'learnOne x a string',
      (p) => p.learnOne('0,0', 1),
      TypeError,
      'learnOne',
      'x must be an array of numbers; received the string "0,0"',
    ],
    [
      'classWeight balanced at learnOne',
      onNew(kind, (q) => q.learnOne([1, 1], 1), { classWeight: 'balanced' }),
      RangeError,
      'learnOne',
      "classWeight 'balanced'",
    ],
    [
      'preprocess with learnOne before fit',
      onNew(kind, (q) => q.learnOne([1, 1], 1), { preprocess: 'standardize' }),
      TypeError,
      'learnOne',
      'option preprocess needs a fitted scaler; call fit or partialFit before learnOne',
    ],
  ]),
  disposed: disposedCalls(kind, [
    ['learnOne', (p) => p.learnOne([1, 1], 1)],
    ['learnOne', (p) => p.learnOne([1, 1], 'a', { classes: ['a', 'b'] }), 'with classes'],
    ['learnOne', (p) => p.learnOne(undefined, undefined), 'with bad arguments'],
    ['learnOne', (p) => p.learnOne([1, 1], 1, { classes: [-1, 1] }), 'with numeric classes'],
    ['isMistake', (p) => p.isMistake(X, y)],
    ['isMistake', (p) => p.isMistake(X, [7, 7, 7, 7]), 'with other labels'],
    ['weights', (p) => p.weights.length, 'length'],
  ]),
  options: [
    // variant, warmStart, a misspelled name: [options, error, message]
    ...optionCases(kind, [
      [{ variant: 'Averaged' }, RangeError, `${VARIANT}; received the string "Averaged"`],
      [{ variant: null }, TypeError, `${VARIANT}; received null`],
      [{ variant: 1 }, TypeError, `${VARIANT}; received 1`],
      [{ warmStart: 'true' }, TypeError, 'option warmStart must be true or false; received the string "true"'],
      [{ warmStart: 0 }, TypeError, 'option warmStart must be true or false; received 0'],
    ]),
    // saved models that do not fit: [what, edit, error, ...messages]
    ...savedCases(kind, [
      [
        'nFeatures larger than the weights',
        (j) => ({ ...j, nFeatures: 3 }),
        RangeError,
        'field weights must hold 3 numbers (nFeatures); received 2',
      ],
      [
        'weights missing',
        ({ weights, ...j }) => j,
        TypeError,
        'field weights must be an array of numbers; received undefined',
      ],
      [
        'weights a string',
        (j) => ({ ...j, weights: '1,2' }),
        TypeError,
        'field weights must be an array of numbers; received the string "1,2"',
      ],
      [
        'a string weight',
        (j) => ({ ...j, weights: ['1', 2] }),
        TypeError,
        'field weights[0] must be a number; received the string "1"',
      ],
      ['bias missing', ({ bias, ...j }) => j, TypeError, 'field bias must be a number; received undefined'],
      [
        'bias a string',
        (j) => ({ ...j, bias: '0' }),
        TypeError,
        'field bias must be a number; received the string "0"',
      ],
      [
        'bias Infinity',
        (j) => ({ ...j, bias: -Infinity }),
        RangeError,
        'field bias must be a finite number; received -Infinity',
      ],
      [
        'state an array',
        (j) => ({ ...j, state: [] }),
        TypeError,
        'field state must be an object of number arrays; received an array of length 0',
      ],
      [
        'a state entry not an array',
        (j) => ({ ...j, state: { ...j.state, extra: 5 } }),
        TypeError,
        'field state.extra must be an array of numbers; received 5',
      ],
    ]),
    ...savedCases(
      kind,
      [
        [
          'averaged state of the wrong length',
          (j) => ({ ...j, state: { ...j.state, u: [1] } }),
          RangeError,
          'field state.u must hold 3 numbers; received 1',
        ],
        [
          'averaged state with NaN',
          (j) => ({ ...j, state: { ...j.state, u: [1, NaN, 1] } }),
          RangeError,
          'field state.u[1] must be a finite number; received NaN',
        ],
        [
          'averaged steps negative',
          (j) => ({ ...j, state: { ...j.state, averagedSteps: [-1] } }),
          RangeError,
          'field state.averagedSteps must be a non-negative integer; received -1',
        ],
        [
          'averaged state missing',
          (j) => ({ ...j, state: {} }),
          TypeError,
          /^Perceptron\.fromJSON: field state\.\w+ is missing/,
        ],
      ],
      { variant: 'averaged' },
    ),
    ...savedCases(
      kind,
      [
        [
          'voted vectors of the wrong count',
          (j) => ({ ...j, state: { ...j.state, votedCounts: j.state.votedCounts.slice(1) } }),
          RangeError,
          /^Perceptron\.fromJSON: field state\.voted\w+ must hold \d+ numbers; received \d+/,
        ],
      ],
      { variant: 'voted' },
    ),
    [
      'fromJSON a MulticlassPerceptron',
      () => {
        const m = new pw.MulticlassPerceptron();
        try {
          m.fit(X, [0, 1, 1, 2]);
          return pw.Perceptron.fromJSON(m.toJSON());
        } finally {
          m.dispose();
        }
      },
      TypeError,
      ...says(
        at('fromJSON'),
        'field format must be "perceptron-wasm/Perceptron"; received the string "perceptron-wasm/MulticlassPerceptron"',
      ),
    ],
  ],
});
