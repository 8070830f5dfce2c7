// Bad input to pw.KernelPerceptron: every call of its public surface (index.d.ts: KernelOptions,
// KernelJSON, KernelPerceptron, Model, BatchFitOptions; docs/models.md "The other models") with a wrong
// argument throws a TypeError or RangeError (or NotFittedError / DisposedError) naming the
// argument and what it received, and leaves the model and the wasm memory as they were. The
// cases every kind shares come from bad-model-cases.mjs; these are the kernel's own.
import { AND_X, AND_Y } from './helpers.mjs';
import { modelKind, modelTables, onFresh, optionCases, savedCases } from './bad-model-cases.mjs';

const KERNEL = 'option kernel must be one of "linear", "polynomial", "rbf"';
const kind = modelKind('KernelPerceptron', {
  binary: 'a binary kernel perceptron',
  getters: ['supportVectors', 'coefficients', 'bias', 'gamma'],
  typos: [[{ kernal: 'rbf' }, 'kernel']],
  savedOptions: [[{ kernel: 'sigmoid' }, RangeError, `${KERNEL}; received the string "sigmoid"`]],
  optionNames:
    'kernel, degree, gamma, coef0, budget, variant, mistakeRule, order, learningRate, margin, fitIntercept, maxEpochs, maxSteps, seed, warmStart, earlyStopping, validationFraction, patience, classWeight, preprocess',
});
const GAMMA = 'option gamma must be a finite number > 0 or "auto"';
// The saved model with its first support vector replaced.
const firstVector = (row) => (j) => ({ ...j, supportVectors: [row, ...j.supportVectors.slice(1)] });

modelTables(kind, {
  fit: [
    [
      'learningRate and sampleWeight so large the coefficients overflow',
      onFresh(kind, (o) => o.fit(AND_X, AND_Y, { sampleWeight: [1e300, 1e300, 1e300, 1e300] }), {
        learningRate: 1e300,
      }),
      RangeError,
      /^KernelPerceptron\.fit: /,
      /finite|overflow/,
    ],
  ],
  options: [
    // the kernel and its parameters: [options, error, message, received]
    ...optionCases(kind, [
      [{ kernel: 'sigmoid' }, RangeError, `${KERNEL}; received the string "sigmoid"`],
      [{ kernel: 'RBF' }, RangeError, `${KERNEL}; received the string "RBF"`],
      [{ kernel: 1 }, TypeError, `${KERNEL}; received 1`],
      [{ degree: 0 }, RangeError, 'option degree must be an integer from 1 to 9007199254740991; received 0'],
      [{ degree: 1.5 }, RangeError, 'option degree must be an integer from 1 to 9007199254740991; received 1.5'],
      [
        { degree: '3' },
        TypeError,
        'option degree must be an integer from 1 to 9007199254740991; received the string "3"',
      ],
      [{ gamma: 0 }, RangeError, GAMMA, '0'],
      [{ gamma: -2 }, RangeError, GAMMA, '-2'],
      [{ gamma: NaN }, RangeError, GAMMA, 'NaN'],
      [{ gamma: Infinity }, RangeError, GAMMA, 'Infinity'],
      [{ gamma: 'scale' }, RangeError, GAMMA, 'the string "scale"'],
      [{ gamma: '' }, RangeError, GAMMA, 'the string ""'],
      [{ gamma: true }, TypeError, GAMMA, 'true'],
      [{ coef0: NaN }, RangeError, 'option coef0 must be a finite number; received NaN'],
      [{ coef0: -Infinity }, RangeError, 'option coef0 must be a finite number; received -Infinity'],
      [{ coef0: '1' }, TypeError, 'option coef0 must be a finite number; received the string "1"'],
      [{ budget: 0 }, RangeError, 'option budget must be an integer from 1 to 9007199254740991; received 0'],
      [{ budget: 2.5 }, RangeError, 'option budget must be an integer from 1 to 9007199254740991; received 2.5'],
      [{ budget: null }, TypeError, 'option budget must be an integer from 1 to 9007199254740991; received null'],
      [
        { budget: 2 ** 53 },
        RangeError,
        'option budget must be an integer from 1 to 9007199254740991; received 9007199254740992',
      ],
      [
        { variant: 'averaged' },
        RangeError,
        'option variant must be "classic" for the kernel perceptron; received the string "averaged"',
      ],
      [{ warmStart: true }, RangeError, 'option warmStart is not available for the kernel perceptron'],
    ]),
    // saved models whose support vectors, coefficients or bias do not fit: [what, edit, error, ...messages]
    ...savedCases(kind, [
      [
        'nFeatures 3 for rows of 2',
        (j) => ({ ...j, nFeatures: 3 }),
        RangeError,
        'field supportVectors[0] must hold nFeatures = 3 numbers; received an array of length 2',
      ],
      [
        'supportVectors not an array',
        (j) => ({ ...j, supportVectors: 5 }),
        TypeError,
        'field supportVectors must be an array of rows of nFeatures = 2 numbers; received 5',
      ],
      [
        'a support vector of the wrong length',
        firstVector([1]),
        RangeError,
        'field supportVectors[0] must hold nFeatures = 2 numbers; received an array of length 1',
      ],
      [
        'supportVectors flat',
        (j) => ({ ...j, supportVectors: j.supportVectors.flat() }),
        TypeError,
        /^KernelPerceptron\.fromJSON: field supportVectors\[0\] must be an array of nFeatures = 2 numbers; received -?\d/,
      ],
      [
        'a string in a support vector',
        firstVector([1, 'x']),
        TypeError,
        'field supportVectors[0][1] must be a number; received the string "x"',
      ],
      [
        'NaN in a support vector',
        firstVector([1, NaN]),
        RangeError,
        /^KernelPerceptron\.fromJSON: .*supportVectors.* finite/,
        /NaN/,
      ],
      [
        'one coefficient too many',
        (j) => ({ ...j, coefficients: [...j.coefficients, 1] }),
        RangeError,
        'field supportVectors must hold one row of nFeatures = 2 numbers per coefficient',
      ],
      [
        'a null coefficient',
        (j) => ({ ...j, coefficients: [null, ...j.coefficients.slice(1)] }),
        TypeError,
        'field coefficients[0] must be a number; received null',
      ],
      [
        'a NaN coefficient',
        (j) => ({ ...j, coefficients: j.coefficients.map(() => NaN) }),
        RangeError,
        /^KernelPerceptron\.fromJSON: .*coefficients.*finite/,
        /NaN/,
      ],
      [
        'bias missing',
        (j) => ({ ...j, bias: undefined }),
        TypeError,
        'field bias must be a number; received undefined',
      ],
      [
        'an infinite bias',
        (j) => ({ ...j, bias: Infinity }),
        RangeError,
        /^KernelPerceptron\.fromJSON: .*bias must be a finite number; received Infinity/,
      ],
      [
        'more support vectors than the budget',
        (j) => ({
          ...j,
          options: { ...j.options, budget: 1 },
          supportVectors: [...j.supportVectors, ...j.supportVectors],
          coefficients: [...j.coefficients, ...j.coefficients],
        }),
        RangeError,
        /^KernelPerceptron\.fromJSON: .*coefficients must hold at most budget = 1/,
      ],
    ]),
  ],
});
