// Bad input to pw.PassiveAggressive: every call of its public surface (index.d.ts:
// PassiveAggressiveOptions, PassiveAggressiveJSON, PassiveAggressive, Model, BatchFitOptions;
// docs/models.md "The other models") with a wrong argument throws a TypeError or RangeError (or
// NotFittedError / DisposedError) naming the argument and what it received, and leaves the
// model and the wasm memory as they were. The subject is binary (AND); some cases use a
// three-class model of their own. The cases every kind shares come from bad-model-cases.mjs;
// these are PassiveAggressive's own.
import { pw } from './helpers.mjs';
import { modelKind, modelTables, onFresh, optionCases, savedCases, says } from './bad-model-cases.mjs';

const MODE = 'option mode must be one of "PA", "PA-I", "PA-II"';
const kind = modelKind('PassiveAggressive', {
  listsOne: false,
  getters: ['weights', 'bias'],
  typos: [
    [{ c: 1 }, 'C'],
    [{ moed: 'PA' }, 'mode'],
  ],
  savedOptions: [
    [{ mode: 'PA-III' }, RangeError, `${MODE}; received the string "PA-III"`],
    [{ C: -1 }, RangeError, 'option C must be a finite number > 0; received -1'],
  ],
  optionNames:
    'mode, C, fitIntercept, order, maxEpochs, maxSteps, seed, earlyStopping, validationFraction, patience, classWeight, preprocess',
});
const Kind = pw.PassiveAggressive;
const X3 = [[0, 0, 0]];
const ABC_X = [
  [1, 0],
  [0, 1],
  [-1, -1],
  [1, 0.2],
];
const ABC_Y = ['a', 'b', 'c', 'a'];
// A call on a three-class model of its own (classes a, b, c), freed afterwards.
const onThreeClasses = (fn) => () => {
  const model = new Kind();
  model.fit(ABC_X, ABC_Y);
  try {
    return fn(model);
  } finally {
    model.dispose();
  }
};
const LAYOUT = 'field weights and biases must hold';

modelTables(kind, {
  fit: [
    [
      'a sampleWeight so large the weights overflow',
      onFresh(
        kind,
        (o) =>
          o.fit(
            [
              [1, 0],
              [0, 1],
            ],
            [1, -1],
            { sampleWeight: [1e308, 1e308] },
          ),
        { mode: 'PA' },
      ),
      RangeError,
      /^PassiveAggressive\.fit: /,
      /finite|overflow/,
    ],
  ],
  fitted: [
    // a three-class model: [what, call, error, method, message]
    ...[
      [
        'predict with 3 columns',
        onThreeClasses((o) => o.predict(X3)),
        RangeError,
        'predict',
        "X must have 2 columns (the model's feature count); received 3",
      ],
      [
        'decisionFunction with NaN',
        onThreeClasses((o) => o.decisionFunction([[1, NaN]])),
        RangeError,
        'decisionFunction',
        'X must contain only finite numbers; received NaN at row 0, column 1',
      ],
      [
        'score with a label outside the classes',
        onThreeClasses((o) => o.score(ABC_X, ['a', 'b', 'd', 'a'])),
        RangeError,
        'score',
        'y[2] must be one of the classes ["a", "b", "c"]; received "d"',
      ],
      [
        'score with numbers for string classes',
        onThreeClasses((o) => o.score(ABC_X, [0, 1, 2, 0])),
        TypeError,
        'score',
        "y must hold strings like the model's classes; received numbers",
      ],
      [
        'partialFit with a new class',
        onThreeClasses((o) => o.partialFit([[1, 1]], ['d'])),
        RangeError,
        'partialFit',
        'y[0] must be one of the classes ["a", "b", "c"]; received "d"',
      ],
      [
        'validation y with a new class',
        onFresh(kind, (o) => o.fit(ABC_X, ABC_Y, { validation: { X: [[0, 0]], y: ['z'] } })),
        RangeError,
        'fit',
        'validation.y[0] must be one of the classes ["a", "b", "c"]; received "z"',
      ],
    ].map(([what, call, ErrorClass, method, text]) => [
      `three classes: ${what}`,
      call,
      ErrorClass,
      ...says(`PassiveAggressive.${method}`, text),
    ]),
  ],
  options: [
    // mode and C: [options, error, message]
    ...optionCases(kind, [
      [{ mode: 'PA-3' }, RangeError, `${MODE}; received the string "PA-3"`],
      [{ mode: 'pa-i' }, RangeError, `${MODE}; received the string "pa-i"`],
      [{ mode: 1 }, TypeError, `${MODE}; received 1`],
      [{ C: 0 }, RangeError, 'option C must be a finite number > 0; received 0'],
      [{ C: -1 }, RangeError, 'option C must be a finite number > 0; received -1'],
      [{ C: NaN }, RangeError, 'option C must be a finite number > 0; received NaN'],
      [{ C: Infinity }, RangeError, 'option C must be a finite number > 0; received Infinity'],
      [{ C: '1' }, TypeError, 'option C must be a finite number > 0; received the string "1"'],
      [{ C: 1n }, TypeError, /option C must be a finite number > 0; received (a|the) bigint/],
    ]),
    // saved models whose weights and biases do not fit: [what, edit, error, ...messages]
    ...savedCases(kind, [
      [
        'nFeatures 0',
        (j) => ({ ...j, nFeatures: 0 }),
        RangeError,
        'field weights[0] must hold nFeatures = 0 numbers; received an array of length 2',
      ],
      [
        'weights not an array',
        (j) => ({ ...j, weights: 5 }),
        TypeError,
        'field weights must be an array of rows of nFeatures = 2 numbers; received 5',
      ],
      [
        'weights flat (as the binary getter gives them)',
        (j) => ({ ...j, weights: j.weights[0] }),
        TypeError,
        /^PassiveAggressive\.fromJSON: field weights\[0\] must be an array of nFeatures = 2 numbers; received -?\d/,
      ],
      [
        'a weight row of the wrong length',
        (j) => ({ ...j, weights: [[1, 2, 3]] }),
        RangeError,
        'field weights[0] must hold nFeatures = 2 numbers; received an array of length 3',
      ],
      [
        'a null weight',
        (j) => ({ ...j, weights: [[1, null]] }),
        TypeError,
        'field weights[0][1] must be a number; received null',
      ],
      [
        'an infinite weight',
        (j) => ({ ...j, weights: [[1, -Infinity]] }),
        RangeError,
        /^PassiveAggressive\.fromJSON: .*weights.*finite/,
        /-Infinity/,
      ],
      [
        'two weight rows for two classes',
        (j) => ({ ...j, weights: [j.weights[0], j.weights[0]], biases: [0, 0] }),
        RangeError,
        `${LAYOUT} 1 row(s) of nFeatures = 2 for 2 classes`,
      ],
      [
        'biases missing',
        (j) => ({ ...j, biases: undefined }),
        TypeError,
        'field biases must be an array of numbers; received undefined',
      ],
      [
        'a NaN bias',
        (j) => ({ ...j, biases: [NaN] }),
        RangeError,
        /^PassiveAggressive\.fromJSON: .*biases.*finite/,
        /NaN/,
      ],
      [
        'two biases for two classes',
        (j) => ({ ...j, biases: [0, 0] }),
        RangeError,
        `${LAYOUT} 1 row(s) of nFeatures = 2 for 2 classes`,
      ],
      [
        'three classes with one weight row',
        (j) => ({ ...j, classes: [-1, 0, 1] }),
        RangeError,
        `${LAYOUT} 3 row(s) of nFeatures = 2 for 3 classes`,
      ],
    ]),
  ],
});
