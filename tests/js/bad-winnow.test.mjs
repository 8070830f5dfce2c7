// Bad input to pw.Winnow: every call of its public surface (index.d.ts: WinnowOptions, WinnowJSON,
// Winnow, Model, BatchFitOptions; docs/models.md "The other models") with a wrong argument throws a
// TypeError or RangeError (or NotFittedError / DisposedError) naming the argument and what it
// received, and leaves the model and the wasm memory as they were. Basic Winnow takes 0/1
// features only, so the data here is 0/1 (AND_X) unless the case is about that. The cases every
// kind shares come from bad-model-cases.mjs; these are Winnow's own.
import { AND_X, AND_Y, pw } from './helpers.mjs';
import {
  modelKind,
  modelTables,
  onFitted,
  onFresh,
  optionCases,
  put,
  savedCases,
  says,
  withDataset,
} from './bad-model-cases.mjs';

const kind = modelKind('Winnow', {
  binary: 'Winnow',
  zeroOne: true,
  getters: ['weights', 'negativeWeights', 'threshold'],
  typos: [[{ alhpa: 3 }, 'alpha']],
  savedOptions: [[{ alpha: 0.5 }, RangeError, 'option alpha must be a finite number > 1; received 0.5']],
  optionNames:
    'balanced, alpha, demotion, epsilon, threshold, order, maxEpochs, maxSteps, seed, earlyStopping, validationFraction, patience, classWeight, preprocess',
});
const X = AND_X;
const y = AND_Y;
const ZERO_ONE = 'must hold only 0 and 1 for Winnow (use balanced: true for other features)';
// A feature other than 0 and 1: [what, call, method, value, row, column].
const notZeroOne = (cases, field = 'X') =>
  cases.map(([what, call, method, value, i, j]) => [
    what,
    call,
    RangeError,
    ...says(`Winnow.${method}`, `${field} ${ZERO_ONE}; received ${value} at row ${i}, column ${j}`),
  ]);

modelTables(kind, {
  fit: [
    ...notZeroOne([
      ['0.5 in X', (m) => m.fit(put(X, 1, 1, 0.5), y), 'fit', 0.5, 1, 1],
      ['a negative feature', (m) => m.fit(put(X, 2, 0, -1), y), 'fit', -1, 2, 0],
      [
        '2 in a typed X',
        (m) => m.fit({ data: Float64Array.of(0, 0, 0, 1, 1, 0, 1, 2), rows: 4, cols: 2 }, y),
        'fit',
        2,
        3,
        1,
      ],
      [
        '-0.5 in a Float32 X',
        (m) => m.fit({ data: Float32Array.of(0, 0, 0, 1, 1, 0, 1, -0.5), rows: 4, cols: 2 }, y),
        'fit',
        -0.5,
        3,
        1,
      ],
      ['a Dataset with 3 in it', (m) => withDataset(put(X, 3, 1, 3), y, (d) => m.fit(d)), 'fit', 3, 3, 1],
    ]),
    ...notZeroOne(
      [
        [
          '0.5 in the validation X',
          (m) =>
            m.fit(X, y, {
              validation: {
                X: [
                  [0.5, 1],
                  [1, 1],
                ],
                y: [-1, 1],
              },
            }),
          'fit',
          0.5,
          0,
          0,
        ],
      ],
      'validation.X',
    ),
    [
      'a sampleWeight so large the weights overflow',
      onFresh(kind, (o) =>
        o.fit(
          [
            [1, 0, 0],
            [0, 1, 0],
            [1, 1, 0],
            [0, 0, 1],
          ],
          [1, -1, 1, -1],
          { sampleWeight: [2000, 1, 1, 1] },
        ),
      ),
      RangeError,
      /^Winnow\.fit: /,
      /finite|overflow/,
    ],
    [
      'balanced: NaN in X is still refused',
      onFresh(
        kind,
        (o) =>
          o.fit(
            [
              [0, 0],
              [0.5, NaN],
              [1, 0],
              [1, 1],
            ],
            y,
          ),
        { balanced: true },
      ),
      RangeError,
      ...says('Winnow.fit', 'X must contain only finite numbers; received NaN at row 1, column 1'),
    ],
    [
      'balanced: features so large the weights overflow',
      onFresh(
        kind,
        (o) =>
          o.fit(
            [
              [1e6, 0],
              [0, 1e6],
              [-1e6, 1],
            ],
            [1, -1, -1],
          ),
        { balanced: true },
      ),
      RangeError,
      /^Winnow\.fit: /,
      /finite|overflow/,
    ],
    [
      'basic: preprocess standardize turns 0/1 features into -1/1',
      onFresh(kind, (o) => o.fit(X, y), { preprocess: 'standardize' }),
      RangeError,
      /^(new )?Winnow(\.fit)?: .*preprocess/,
    ],
  ],
  fitted: [
    ...notZeroOne([
      ['predict: 2 in X', (m) => m.predict([[2, 0]]), 'predict', 2, 0, 0],
      [
        'decisionFunction: -1 in X',
        (m) =>
          m.decisionFunction([
            [1, 1],
            [0, -1],
          ]),
        'decisionFunction',
        -1,
        1,
        1,
      ],
      ['score: 0.25 in X', (m) => m.score([[0.25, 0]], [-1]), 'score', 0.25, 0, 0],
      ['partialFit: 3 in X', (m) => m.partialFit([[0, 3]], [1]), 'partialFit', 3, 0, 1],
    ]),
    [
      'balanced, fitted: 3 columns',
      onFitted(kind, (o) => o.predict([[0.5, 2, 1]]), { balanced: true }),
      RangeError,
      ...says('Winnow.predict', "X must have 2 columns (the model's feature count); received 3"),
    ],
  ],
  unfitted: notZeroOne([
    [
      'partialFit, unfitted: 0.5 in X',
      onFresh(kind, (o) => o.partialFit([[0, 0.5]], [1], { classes: [-1, 1] })),
      'partialFit',
      0.5,
      0,
      1,
    ],
    ['trainer: 0.5 in X', onFresh(kind, (o) => o.trainer(put(X, 1, 1, 0.5), y)), 'trainer', 0.5, 1, 1],
  ]),
  options: [
    // Winnow's options: [options, error, message]
    ...optionCases(kind, [
      [{ balanced: 'yes' }, TypeError, 'option balanced must be true or false; received the string "yes"'],
      [{ balanced: 1 }, TypeError, 'option balanced must be true or false; received 1'],
      [{ alpha: 1 }, RangeError, 'option alpha must be a finite number > 1; received 1'],
      [{ alpha: 0.5 }, RangeError, 'option alpha must be a finite number > 1; received 0.5'],
      [{ alpha: NaN }, RangeError, 'option alpha must be a finite number > 1; received NaN'],
      [{ alpha: Infinity }, RangeError, 'option alpha must be a finite number > 1; received Infinity'],
      [{ alpha: '2' }, TypeError, 'option alpha must be a finite number > 1; received the string "2"'],
      [{ demotion: 'half' }, RangeError, 'option demotion must be one of "zero", "divide"; received the string "half"'],
      [{ demotion: 0 }, TypeError, 'option demotion must be one of "zero", "divide"; received 0'],
      [{ epsilon: 0 }, RangeError, 'option epsilon must be a finite number > 0; received 0'],
      [{ epsilon: -1 }, RangeError, 'option epsilon must be a finite number > 0; received -1'],
      [{ epsilon: Infinity }, RangeError, 'option epsilon must be a finite number > 0; received Infinity'],
      [{ epsilon: null }, TypeError, 'option epsilon must be a finite number > 0; received null'],
      [{ threshold: NaN }, RangeError, 'option threshold must be a finite number; received NaN'],
      [{ threshold: Infinity }, RangeError, 'option threshold must be a finite number; received Infinity'],
      [{ threshold: '3' }, TypeError, 'option threshold must be a finite number; received the string "3"'],
      [{ threshold: [3] }, TypeError, 'option threshold must be a finite number; received an array'],
    ]),
    // saved models whose weights do not fit: [what, edit, error, ...messages]
    ...savedCases(kind, [
      [
        'weights not an array',
        (j) => ({ ...j, weights: 5 }),
        TypeError,
        'field weights must be an array of numbers; received 5',
      ],
      [
        'a string weight',
        (j) => ({ ...j, weights: [1, 'x'] }),
        TypeError,
        'field weights[1] must be a number; received the string "x"',
      ],
      [
        'a negative weight',
        (j) => ({ ...j, weights: [1, -1] }),
        RangeError,
        /^Winnow\.fromJSON: .*weights must hold numbers >= 0 \(Winnow's weights\); received -1/,
      ],
      ['a NaN weight', (j) => ({ ...j, weights: [NaN, 1] }), RangeError, /^Winnow\.fromJSON: .*weights/, /NaN/],
      ['no weights', (j) => ({ ...j, weights: [] }), RangeError, /^Winnow\.fromJSON: .*weights must hold/],
      [
        '3 weights for nFeatures 2',
        (j) => ({ ...j, weights: [1, 1, 1] }),
        RangeError,
        'field weights must hold 2 numbers (nFeatures); received 3',
      ],
      [
        'negativeWeights for basic Winnow',
        (j) => ({ ...j, negativeWeights: [1, 1] }),
        RangeError,
        /^Winnow\.fromJSON: .*negativeWeights belong to balanced Winnow only/,
      ],
      [
        'balanced without negativeWeights',
        (j) => ({ ...j, options: { ...j.options, balanced: true } }),
        RangeError,
        /^Winnow\.fromJSON: .*negativeWeights must hold one number per feature/,
      ],
      [
        'negativeWeights not an array',
        (j) => ({ ...j, negativeWeights: 'none' }),
        TypeError,
        'field negativeWeights must be an array of numbers; received the string "none"',
      ],
    ]),
    [
      'fromJSON weights in a model saved before learning',
      onFresh(kind, (o) => pw.Winnow.fromJSON({ ...o.toJSON(), weights: [1, 1] }).dispose()),
      RangeError,
      ...says('Winnow.fromJSON', 'field weights must hold 0 numbers (nFeatures); received 2'),
    ],
  ],
});
