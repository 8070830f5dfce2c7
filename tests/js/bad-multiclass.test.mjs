// Bad-input tables for pw.MulticlassPerceptron (index.d.ts: Model, MulticlassPerceptron,
// MulticlassOptions, MulticlassFitOptions, PartialFitOptions): every call must fail with the
// documented error class, a message naming the argument (and what it received), and leave the
// model and the wasm memory as they were. The cases every kind shares come from
// bad-model-cases.mjs (the fresh model is one of strategy ovr); these are the multi-class
// perceptron's own: its strategies, and the layouts of its saved models.
import { AND_X } from './helpers.mjs';
import { disposedCalls, modelKind, modelTables, onNew, optionCases, savedCases, says } from './bad-model-cases.mjs';

const Y3 = [0, 1, 1, 2];
const STRATEGY = 'option strategy must be one of "joint", "ovr", "ovo"';
const VARIANT = 'option variant must be one of "classic", "averaged", "voted", "pocket"';
const JOINT_VARIANT = 'option variant must be "classic" or "averaged" with strategy "joint"';
const spec = {
  y: Y3,
  onStep: true,
  fitOptions: 'onStep, onEpoch, signal, sampleWeight, validation',
  getters: ['weights', 'biases'],
  typos: [[{ stratgy: 'ovr' }, 'strategy']],
  savedOptions: [
    [{ strategy: 'all' }, RangeError, `${STRATEGY}; received the string "all"`],
    [{ variant: 'voted' }, RangeError, JOINT_VARIANT],
    [{ warmStart: true }, RangeError, 'option warmStart is not available'],
  ],
  optionNames:
    'strategy, variant, mistakeRule, order, learningRate, margin, fitIntercept, maxEpochs, maxSteps, seed, warmStart, earlyStopping, validationFraction, patience, classWeight, preprocess',
};
const kind = modelKind('MulticlassPerceptron', spec);
const ovrKind = modelKind('MulticlassPerceptron', {
  ...spec,
  options: { strategy: 'ovr' },
  label: 'MulticlassPerceptron (ovr)',
});
// The saved model with its first binary model changed.
const part0 = (change) => (j) => ({ ...j, models: j.models.map((part, k) => (k === 0 ? change(part) : part)) });

modelTables(
  kind,
  {
    unfitted: [
      [
        'onStep not a function with strategy ovr',
        (m) => m.fit(AND_X, Y3, { onStep: 1 }),
        TypeError,
        ...says('MulticlassPerceptron.fit', 'option onStep must be a function; received 1'),
      ],
      [
        'onEpoch not a function with strategy ovr',
        (m) => m.fit(AND_X, Y3, { onEpoch: 1 }),
        TypeError,
        ...says('MulticlassPerceptron.fit', 'option onEpoch must be a function; received 1'),
      ],
    ],
    disposed: disposedCalls(kind, [
      ['weights', (m) => m.weights?.[0], 'of the first class'],
      ['biases', (m) => m.biases?.length, 'length'],
    ]),
    options: [
      // strategies and the variants they take: [options, error, message]
      ...optionCases(kind, [
        [{ strategy: 'ova' }, RangeError, `${STRATEGY}; received the string "ova"`],
        [{ strategy: 'OVR' }, RangeError, `${STRATEGY}; received the string "OVR"`],
        [{ strategy: 1 }, TypeError, `${STRATEGY}; received 1`],
        [{ strategy: null }, TypeError, `${STRATEGY}; received null`],
        [{ variant: 'voted' }, RangeError, `${JOINT_VARIANT} (ovr and ovo take every variant); received "voted"`],
        [
          { strategy: 'joint', variant: 'pocket' },
          RangeError,
          `${JOINT_VARIANT} (ovr and ovo take every variant); received "pocket"`,
        ],
        [{ strategy: 'ovr', variant: 'kernel' }, RangeError, `${VARIANT}; received the string "kernel"`],
        [{ strategy: 'ovo', variant: 2 }, TypeError, `${VARIANT}; received 2`],
        [
          { strategy: 'ovr', mistakeRule: 0 },
          TypeError,
          'option mistakeRule must be one of "margin", "sign", "strict"; received 0',
        ],
        [{ warmStart: true }, RangeError, 'option warmStart is not available for the multi-class perceptron'],
      ]),
      [
        'classWeight balanced at partialFit (ovo)',
        onNew(kind, (m) => m.partialFit(AND_X, Y3, { classes: [0, 1, 2] }), {
          strategy: 'ovo',
          classWeight: 'balanced',
        }),
        RangeError,
        ...says(
          'MulticlassPerceptron.partialFit',
          "classWeight 'balanced' needs the whole training set; give classWeight as {label: weight} for partialFit",
        ),
      ],
      [
        'onStep not a function with strategy ovo',
        onNew(kind, (m) => m.fit(AND_X, Y3, { onStep: 'each' }), { strategy: 'ovo' }),
        TypeError,
        ...says('MulticlassPerceptron.fit', 'option onStep must be a function; received the string "each"'),
      ],
      // saved models of each strategy that do not fit: [what, edit, error, ...messages]
      ...savedCases(kind, [
        [
          'fewer classes than rows',
          (j) => ({ ...j, classes: [0, 1] }),
          RangeError,
          /^MulticlassPerceptron\.fromJSON: field (biases must hold 2 numbers \(one per class\); received 3|weights must hold 4 numbers)/,
        ],
        [
          'weights of two classes',
          (j) => ({ ...j, weights: j.weights.slice(1) }),
          RangeError,
          'field weights must hold 6 numbers (one row of nFeatures = 2 per class); received 4',
        ],
        [
          'a weight row too long',
          (j) => ({
            ...j,
            weights: [
              [1, 2],
              [1, 2],
              [1, 2, 3],
            ],
          }),
          RangeError,
          'field weights[2] must hold nFeatures = 2 numbers; received an array of length 3',
        ],
        [
          'a weight row a string',
          (j) => ({ ...j, weights: [[1, 2], '1,2', [1, 2]] }),
          TypeError,
          'field weights[1] must be an array of nFeatures = 2 numbers; received the string "1,2"',
        ],
        [
          'a string weight',
          (j) => ({
            ...j,
            weights: [
              [1, 2],
              [1, '2'],
              [1, 2],
            ],
          }),
          TypeError,
          'field weights[1][1] must be a number; received the string "2"',
        ],
        [
          'weights a string',
          (j) => ({ ...j, weights: 'none' }),
          TypeError,
          'field weights must be an array of rows of nFeatures = 2 numbers; received the string "none"',
        ],
        [
          'an infinite weight',
          (j) => ({
            ...j,
            weights: [
              [1, 2],
              [Infinity, 2],
              [1, 2],
            ],
          }),
          RangeError,
          /^MulticlassPerceptron\.fromJSON: field weights\[?.*must be a finite number; received Infinity/,
        ],
        [
          'biases too short',
          (j) => ({ ...j, biases: [1, 2] }),
          RangeError,
          'field biases must hold 3 numbers (one per class); received 2',
        ],
        [
          'a NaN bias',
          (j) => ({ ...j, biases: [1, 2, NaN] }),
          RangeError,
          'field biases[2] must be a finite number; received NaN',
        ],
        [
          'biases missing',
          ({ biases, ...j }) => j,
          TypeError,
          'field biases must be an array of numbers; received undefined',
        ],
        [
          'joint saved as ovr',
          (j) => ({ ...j, options: { ...j.options, strategy: 'ovr' } }),
          TypeError,
          'field models must be an array of models; received undefined',
        ],
      ]),
      ...savedCases(
        kind,
        [
          ['averaged state missing', (j) => ({ ...j, state: {} }), TypeError, 'field state.startParameters is missing'],
          [
            'averaged state of the wrong length',
            (j) => ({ ...j, state: { ...j.state, u: [1, 2] } }),
            RangeError,
            'field state.u must hold 9 numbers; received 2',
          ],
        ],
        { variant: 'averaged' },
      ),
      ...savedCases(
        kind,
        [
          [
            'ovr saved as joint',
            (j) => ({ ...j, options: { ...j.options, strategy: 'joint' } }),
            TypeError,
            `field weights must be an array of rows of nFeatures = 2 numbers; received undefined`,
          ],
          [
            'ovr with a model missing',
            (j) => ({ ...j, models: j.models.slice(1) }),
            RangeError,
            'field models must hold 3 binary models for 3 classes; received 2',
          ],
          [
            'ovr models a string',
            (j) => ({ ...j, models: 'x' }),
            TypeError,
            'field models must be an array of models; received the string "x"',
          ],
          [
            'ovr models of numbers',
            (j) => ({ ...j, models: [1, 2, 3] }),
            TypeError,
            'field models[0] must be an object; received 1',
          ],
          [
            'ovr a model with string steps',
            part0((m) => ({ ...m, steps: 'x' })),
            TypeError,
            'field models[0].steps must be a number; received the string "x"',
          ],
          [
            'ovr a model with negative steps',
            part0((m) => ({ ...m, steps: -1 })),
            RangeError,
            'field models[0].steps must be an integer from 0 to 9007199254740991; received -1',
          ],
          [
            'ovr a model with short weights',
            part0((m) => ({ ...m, weights: [1] })),
            RangeError,
            'field models[0].weights must hold 2 numbers (nFeatures); received 1',
          ],
          [
            'ovr a model with a NaN bias',
            part0((m) => ({ ...m, bias: NaN })),
            RangeError,
            'field models[0].bias must be a finite number; received NaN',
          ],
          [
            'ovr a model without bias',
            part0(({ bias, ...m }) => m),
            TypeError,
            'field models[0].bias must be a number; received undefined',
          ],
          [
            'ovr a model with a bad state',
            part0((m) => ({ ...m, state: 'none' })),
            TypeError,
            'field models[0].state must be an object of number arrays; received the string "none"',
          ],
        ],
        { strategy: 'ovr' },
      ),
      ...savedCases(
        kind,
        [
          [
            'ovo with too many models',
            (j) => ({ ...j, models: [...j.models, j.models[0]] }),
            RangeError,
            'field models must hold 3 binary models for 3 classes; received 4',
          ],
        ],
        { strategy: 'ovo' },
      ),
    ],
  },
  ovrKind,
);
