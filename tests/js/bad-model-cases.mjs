// The bad-input cases that every model kind shares, for the tables of bad-perceptron,
// bad-multiclass, bad-kernel, bad-winnow and bad-passive-aggressive.test.mjs. Each builder makes
// them for one kind (modelKind, bad-model-kind.mjs) from what differs between kinds: the name in
// every message, the labels the kind trains on, how it words its classes, the options it knows.
// A case is [description, call(subject), ErrorClass, ...patterns], as badInputTable
// (bad-input.mjs) runs it; modelTables makes a kind's tables of them and of its own cases.
import { CMU_X, CMU_Y, pw } from './helpers.mjs';
import { badInputTable, modelState } from './bad-input.mjs';
import { predictionCases, unfittedCases } from './bad-model-call-cases.mjs';
import { fitCases } from './bad-model-fit-cases.mjs';
import { call, messages, onFresh, re, says, show, typed, withDataset } from './bad-model-kind.mjs';

export { fitCases, predictionCases, unfittedCases };
export { modelKind, onFitted, onFresh, onNew, put, re, says, set, show, withDataset } from './bad-model-kind.mjs';

/** Every call on a disposed model: a DisposedError naming the call, before its arguments are read. */
export function disposedCases(kind) {
  const { X, y } = kind;
  return disposedCalls(kind, [
    ['fit', call('fit', X, y)],
    ['fit', call('fit', 'bad X', null, 5), 'with bad arguments'],
    ['fit', call('fit', null, null, null), 'with null arguments'],
    ['fit', call('fit', X, y, { onStep() {} }), 'with onStep'],
    ['fit', call('fit', X, y, { initialWeights: [0, 0] }), 'with initialWeights'],
    ['fit', call('fit', CMU_X, CMU_Y, { initialWeights: [0, 0] }), 'on the CMU points with initialWeights'],
    ['fit', call('fit', X, [1, 1, 1, 1]), 'with one class'],
    ['fit', (m) => withDataset(X, y, (d) => m.fit(d)), 'a Dataset'],
    ['fit', call('fit', X, y, { signal: AbortSignal.abort() }), 'with an aborted signal'],
    ['fit', call('fit', X, y, { sampleWeight: [1, 1, 1, 1] }), 'with sampleWeight'],
    ['fit', call('fit', X, y, { validation: { X, y } }), 'with validation'],
    ['trainer', call('trainer', X, y)],
    ['trainer', call('trainer'), 'with no arguments'],
    ['trainer', call('trainer', X, y, { onStep() {} }), 'with an unknown option'],
    ['trainer', call('trainer', X, y, { sampleWeight: [1, 1, 1, 1] }), 'with sampleWeight'],
    [
      'trainer',
      call('trainer', CMU_X, CMU_Y, { sampleWeight: [1, 1, 1, 1, 1, 1] }),
      'on the CMU points with sampleWeight',
    ],
    ['partialFit', call('partialFit', X, y)],
    ['partialFit', call('partialFit', X, y, { classes: kind.classes }), 'with classes'],
    ['partialFit', call('partialFit', null), 'with bad arguments'],
    ['partialFit', call('partialFit', [[0, 0, 0]], [9]), 'with three columns'],
    ['partialFit', call('partialFit', X, y, { sampleWeight: [1, 1, 1, 1] }), 'with sampleWeight'],
    ['partialFit', call('partialFit', X, ['a', 'b', 'b', 'c']), 'with string labels'],
    ['predict', call('predict', X)],
    ['predict', call('predict'), 'with no X'],
    ['predict', call('predict', [[1, 2, 3]]), 'with three columns'],
    ['predict', call('predict', typed(1, 2)), 'of a typed X'],
    ['predict', call('predict', { data: new Float32Array(2), rows: 1, cols: 2 }), 'of a float32 X'],
    ['predict', call('predict', X.slice(0, 1)), 'of one row'],
    ['predict', call('predict', X.slice(2)), 'of two rows'],
    ['predict', call('predict', [Float32Array.of(0, 1)]), 'of a Float32Array row'],
    ['predict', (m) => withDataset(X, undefined, (d) => m.predict(d)), 'a Dataset'],
    ['decisionFunction', call('decisionFunction', X)],
    ['decisionFunction', call('decisionFunction', 'x'), 'with a string'],
    ['decisionFunction', call('decisionFunction', typed(1, 2)), 'of a typed X'],
    ['decisionFunction', call('decisionFunction', [[NaN, 0]]), 'with NaN'],
    ['decisionFunction', call('decisionFunction', X.slice(0, 1)), 'of one row'],
    ['decisionFunction', (m) => withDataset(X, undefined, (d) => m.decisionFunction(d)), 'of a Dataset'],
    ['score', call('score', X, y)],
    ['score', call('score', X), 'without y'],
    ['score', call('score', X, [7, 7, 7, 7]), 'with other labels'],
    ['score', call('score', CMU_X, CMU_Y), 'on the CMU data'],
    ['score', call('score', CMU_X, [0, 1, 1, 0, 0, 2]), 'on the CMU points'],
    ['score', (m) => withDataset(X, y, (d) => m.score(d)), 'a labelled Dataset'],
    ['toJSON', call('toJSON')],
    ['toJSON', (m) => JSON.stringify(m), 'through JSON.stringify'],
    ['toJSON', (m) => JSON.stringify({ model: m }), 'nested in JSON.stringify'],
    ['toJSON', (m) => JSON.stringify([m]), 'in an array through JSON.stringify'],
    ['classes', (m) => m.classes],
    ['classes', (m) => m.classes.length, 'length'],
    ['classes', (m) => m.classes.includes(1), 'includes'],
    ['nFeatures', (m) => m.nFeatures],
    ['steps', (m) => m.steps],
    ['fitted', (m) => m.fitted],
    ['fitted', (m) => !m.fitted, 'negated'],
    ['fitted', (m) => (m.fitted ? 1 : 0), 'in a condition'],
    ['options', (m) => m.options],
    ['options', (m) => ({ ...m.options }), 'spread'],
    ['options', (m) => m.options.strategy, 'strategy'],
    ...kind.getters.map((getter) => [getter, (m) => m[getter]]),
  ]);
}

/** Calls on a disposed model: [method or getter, call, how], each refused naming itself. */
export function disposedCalls(kind, rows) {
  const { name } = kind;
  return rows.map(([method, fn, how]) => [
    how ? `${method} ${how}` : method,
    fn,
    pw.DisposedError,
    re`^${name}\.${method}: the model was disposed; create a new ${name}`,
  ]);
}

// What each constructor option must be, as the messages say.
const RULES = {
  order: 'one of "cyclic", "shuffle", "sample"',
  maxEpochs: 'an integer from 1 to 9007199254740991',
  maxSteps: 'an integer from 1 to 9007199254740991',
  seed: 'an integer from 0 to 9007199254740991',
  earlyStopping: 'true or false',
  validationFraction: 'a number between 0 and 1 (exclusive)',
  patience: 'an integer from 1 to 9007199254740991',
  classWeight: '"balanced" or an object {label: weight}',
  preprocess: 'one of "standardize", "minMax", "unitBall"',
  learningRate: 'a finite number > 0',
  margin: 'a finite number >= 0',
  mistakeRule: 'one of "margin", "sign", "strict"',
  fitIntercept: 'true or false',
};

/** Constructor options that every kind has (and those of the perceptron family it knows). */
export function commonOptionCases(kind) {
  const { name, Model } = kind;
  const N = `new ${name}`;
  const make = (options) => () => new Model(options).dispose();
  return [
    // options that are not an object: [options, received]
    ...[
      [null, 'null'],
      [3, '3'],
      [() => ({}), 'a function'],
      [new Map([['learningRate', 1]]), 'an object'],
      [new Date(0), 'an object'],
      ['ovr', 'the string "ovr"'],
      ['rbf', 'the string "rbf"'],
      ['fast', 'the string "fast"'],
      ['PA', 'the string "PA"'],
      [[['strategy', 'ovr']], 'an array of length 1'],
      [[1], 'an array of length 1'],
    ].map(([options, got]) => [
      `options ${show(options)}`,
      make(options),
      TypeError,
      ...says(N, `options must be a plain object; received ${got}`),
    ]),
    // one option of a bad value: [options, error, received]
    ...[
      [{ order: 'random' }, RangeError, 'the string "random"'],
      [{ order: 'Cyclic' }, RangeError, 'the string "Cyclic"'],
      [{ order: 2 }, TypeError, '2'],
      [{ order: null }, TypeError, 'null'],
      [{ order: ['cyclic'] }, TypeError, 'an array'],
      [{ maxEpochs: 0 }, RangeError, '0'],
      [{ maxEpochs: -1 }, RangeError, '-1'],
      [{ maxEpochs: 1.5 }, RangeError, '1.5'],
      [{ maxEpochs: 2.5 }, RangeError, '2.5'],
      [{ maxEpochs: 2 ** 53 }, RangeError, '9007199254740992'],
      [{ maxEpochs: Infinity }, RangeError, 'Infinity'],
      [{ maxEpochs: NaN }, RangeError, 'NaN'],
      [{ maxEpochs: '10' }, TypeError, 'the string "10"'],
      [{ maxEpochs: true }, TypeError, 'true'],
      [{ maxEpochs: null }, TypeError, 'null'],
      [{ maxSteps: 0 }, RangeError, '0'],
      [{ maxSteps: 1.5 }, RangeError, '1.5'],
      [{ order: 'sample', maxSteps: 0 }, RangeError, '0'],
      [{ order: 'sample', maxSteps: NaN }, RangeError, 'NaN'],
      [{ order: 'sample', maxSteps: 1.5 }, RangeError, '1.5'],
      [{ order: 'sample', maxSteps: -1 }, RangeError, '-1'],
      [{ order: 'sample', maxSteps: 'x' }, TypeError, 'the string "x"'],
      [{ seed: -1 }, RangeError, '-1'],
      [{ seed: -5 }, RangeError, '-5'],
      [{ seed: 0.5 }, RangeError, '0.5'],
      [{ seed: NaN }, RangeError, 'NaN'],
      [{ seed: Infinity }, RangeError, 'Infinity'],
      [{ seed: 2 ** 60 }, RangeError, '1152921504606847000'],
      [{ seed: '0' }, TypeError, 'the string "0"'],
      [{ seed: '42' }, TypeError, 'the string "42"'],
      [{ seed: true }, TypeError, 'true'],
      [{ earlyStopping: 1 }, TypeError, '1'],
      [{ earlyStopping: 'yes' }, TypeError, 'the string "yes"'],
      [{ earlyStopping: null }, TypeError, 'null'],
      [{ validationFraction: 0 }, RangeError, '0'],
      [{ validationFraction: 1 }, RangeError, '1'],
      [{ validationFraction: 1.5 }, RangeError, '1.5'],
      [{ validationFraction: -0.1 }, RangeError, '-0.1'],
      [{ validationFraction: NaN }, RangeError, 'NaN'],
      [{ validationFraction: '0.2' }, TypeError, 'the string "0.2"'],
      [{ validationFraction: '10%' }, TypeError, 'the string "10%"'],
      [{ patience: 0 }, RangeError, '0'],
      [{ patience: -1 }, RangeError, '-1'],
      [{ patience: 1.5 }, RangeError, '1.5'],
      [{ patience: 2.5 }, RangeError, '2.5'],
      [{ patience: 'a' }, TypeError, 'the string "a"'],
      [{ patience: null }, TypeError, 'null'],
      [{ classWeight: null }, TypeError, 'null'],
      [{ classWeight: 2 }, TypeError, '2'],
      [{ classWeight: 'equal' }, TypeError, 'the string "equal"'],
      [{ classWeight: 'Balanced' }, TypeError, 'the string "Balanced"'],
      [{ classWeight: [1, 2] }, TypeError, 'an array of length 2'],
      [{ preprocess: 'zscore' }, RangeError, 'the string "zscore"'],
      [{ preprocess: 'normalize' }, RangeError, 'the string "normalize"'],
      [{ preprocess: 1 }, TypeError, '1'],
      [{ preprocess: true }, TypeError, 'true'],
      [{ preprocess: null }, TypeError, 'null'],
      // the perceptron family's options
      [{ learningRate: 0 }, RangeError, '0'],
      [{ learningRate: -0 }, RangeError, '0'],
      [{ learningRate: NaN }, RangeError, 'NaN'],
      [{ learningRate: -Infinity }, RangeError, '-Infinity'],
      [{ learningRate: '0.5' }, TypeError, 'the string "0.5"'],
      [{ learningRate: true }, TypeError, 'true'],
      [{ learningRate: 1n }, TypeError, 'a bigint'],
      [{ learningRate: [1] }, TypeError, 'an array'],
      [{ margin: -1 }, RangeError, '-1'],
      [{ margin: -0.5 }, RangeError, '-0.5'],
      [{ margin: -1e-9 }, RangeError, '-1e-9'],
      [{ margin: NaN }, RangeError, 'NaN'],
      [{ margin: Infinity }, RangeError, 'Infinity'],
      [{ margin: '0' }, TypeError, 'the string "0"'],
      [{ margin: null }, TypeError, 'null'],
      [{ mistakeRule: 'hinge' }, RangeError, 'the string "hinge"'],
      [{ mistakeRule: '' }, RangeError, 'the string ""'],
      [{ mistakeRule: true }, TypeError, 'true'],
      [{ fitIntercept: 'yes' }, TypeError, 'the string "yes"'],
      [{ fitIntercept: 'false' }, TypeError, 'the string "false"'],
      [{ fitIntercept: 1 }, TypeError, '1'],
      [{ fitIntercept: 0 }, TypeError, '0'],
      [{ fitIntercept: null }, TypeError, 'null'],
    ]
      .filter(([options]) => Object.keys(options).every(kind.knows))
      .map(([options, ErrorClass, got]) => {
        const option = Object.keys(options).at(-1);
        return [
          `option ${show(options)}`,
          make(options),
          ErrorClass,
          ...says(N, `option ${option} must be ${RULES[option]}; received ${got}`),
        ];
      }),
    // classWeight of a bad weight: [classWeight, error, key, message]
    ...[
      [{ 1: -2 }, RangeError, '1', 'must be a finite number >= 0; received -2'],
      [{ 2: -1 }, RangeError, '2', 'must be a finite number >= 0; received -1'],
      [{ '-1': NaN }, RangeError, '-1', 'must be a finite number >= 0; received NaN'],
      [{ a: NaN }, RangeError, 'a', 'must be a finite number >= 0; received NaN'],
      [{ 1: Infinity }, RangeError, '1', 'must be a finite number >= 0; received Infinity'],
      [{ '-1': null }, TypeError, '-1', 'must be a number; received null'],
      [{ 0: '1' }, TypeError, '0', 'must be a number; received the string "1"'],
      [{ a: 'x' }, TypeError, 'a', 'must be a number; received the string "x"'],
    ].map(([classWeight, ErrorClass, key, text]) => [
      `option classWeight ${show(classWeight)}`,
      make({ classWeight }),
      ErrorClass,
      ...says(N, `option classWeight["${key}"] ${text}`),
    ]),
    // misspelled options: [options, the option meant]
    ...kind.typos.map(([options, meant]) => [
      `option ${show(options)}, misspelled`,
      make(options),
      TypeError,
      ...says(N, `unknown option "${Object.keys(options)[0]}"; known options are ${kind.optionNames}`),
      re`\(did you mean ${meant}\?\)`,
    ]),
    // options of other kinds, and of no kind: [options]
    ...[
      { '': 1 },
      { kernel: 'rbf' },
      { strategy: 'ovr' },
      { C: 1 },
      { alpha: 2 },
      { learningRate: 1 },
      { fitIntercept: false },
      { mistakeRule: 'sign' },
      { margin: 1 },
      { variant: 'classic' },
      { variant: 'averaged' },
      { warmStart: true },
    ]
      .filter((options) => !kind.knows(Object.keys(options)[0]))
      .map((options) => [
        `option ${show(options)}, not ${name}'s`,
        make(options),
        TypeError,
        ...says(N, `unknown option "${Object.keys(options)[0]}"; known options are ${kind.optionNames}`),
      ]),
  ];
}

// The saved model formats.
const KINDS = ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive'];

/** fromJSON of what is not a saved model, and of a saved model (the subject's) with a bad common field. */
export function fromJSONCases(kind) {
  const { name, Model } = kind;
  const F = `${name}.fromJSON`;
  const withOption = (option) => (j) => ({ ...j, options: { ...j.options, ...option } });
  return [
    // not a saved model: [argument(s), received]
    ...[
      [[5], '5'],
      [[3], '3'],
      [[null], 'null'],
      [[undefined], 'undefined'],
      [[], 'undefined'],
      [[[]], 'an array of length 0'],
      [['"model"'], 'the string "model"'],
    ].map(([args, got]) => [
      `fromJSON(${args.map(show).join(', ')})`,
      () => Model.fromJSON(...args),
      TypeError,
      ...says(F, `expected a model object; received ${got}`),
    ]),
    [
      'fromJSON of a saved model in an array',
      (m) => Model.fromJSON([m.toJSON()]),
      TypeError,
      ...says(F, 'expected a model object; received an array of length 1'),
    ],
    [
      'fromJSON of a model instance',
      onFresh(kind, (o) => Model.fromJSON(o)),
      TypeError,
      ...says(F, 'expected a model object; received an object'),
    ],
    // text that is not JSON: [text]
    ...['{"format":', '', '{classes: [0, 1]}'].map((text) => [
      `fromJSON of the text ${show(text)}`,
      () => Model.fromJSON(text),
      TypeError,
      ...says(F, 'the text is not valid JSON'),
    ]),
    [
      'fromJSON of text cut short',
      (m) => Model.fromJSON(JSON.stringify(m).slice(0, -1)),
      TypeError,
      ...says(F, 'the text is not valid JSON'),
    ],
    // the subject's saved model with a bad common field: [field, value, error, message]
    ...savedCases(
      kind,
      [
        ...KINDS.filter((other) => other !== name).map((other) => [
          'format',
          `perceptron-wasm/${other}`,
          TypeError,
          `field format must be "perceptron-wasm/${name}"; received the string "perceptron-wasm/${other}"`,
        ]),
        ['version', 2, RangeError, 'field version must be 1; received 2'],
        ['version', 0, RangeError, 'field version must be 1; received 0'],
        ['version', '1', TypeError, 'field version must be a number; received the string "1"'],
        ['options', undefined, TypeError, 'field options must be an object; received undefined'],
        ['options', null, TypeError, 'field options must be an object; received null'],
        ['options', [], TypeError, 'field options must be an object; received an array of length 0'],
        ['classes', 'ab', TypeError, 'field classes must be an array of labels; received the string "ab"'],
        ['classes', '-1,1', TypeError, 'field classes must be an array of labels; received the string "-1,1"'],
        ['classes', undefined, TypeError, 'field classes must be an array of labels; received undefined'],
        ['classes', {}, TypeError, 'field classes must be an array of labels; received an object'],
        ['classes', [-1, 'a'], TypeError, 'field classes must hold only numbers or only strings'],
        ['classes', [-1, null], TypeError, 'field classes[1] must be a number or a string; received null'],
        ['classes', [0, {}, 2], TypeError, 'field classes[1] must be a number or a string; received an object'],
        [
          'classes',
          [-1, Infinity],
          RangeError,
          'field classes[1] must be a finite number or a string; received Infinity',
        ],
        ['classes', [1, 1], RangeError, 'field classes must hold distinct labels'],
        ['classes', ['a', 'a'], RangeError, 'field classes must hold distinct labels'],
        ['classes', [0, 1, 1], RangeError, 'field classes must hold distinct labels'],
        ['classes', [...kind.classes].reverse(), RangeError, 'field classes must be sorted ascending'],
        ...[[1], [0], [], ...(kind.binary ? [[-1, 0, 1]] : [])].map((classes) => [
          'classes',
          classes,
          RangeError,
          kind.count('fromJSON', 'field classes', classes),
        ]),
        ['nFeatures', -1, TypeError, 'field nFeatures must be a non-negative integer; received -1'],
        ['nFeatures', 1.5, TypeError, 'field nFeatures must be a non-negative integer; received 1.5'],
        ['nFeatures', '2', TypeError, 'field nFeatures must be a non-negative integer; received the string "2"'],
        ['nFeatures', null, TypeError, 'field nFeatures must be a non-negative integer; received null'],
        ['steps', 'x', TypeError, 'field steps must be a number; received the string "x"'],
        ['steps', null, TypeError, 'field steps must be a number; received null'],
        ['steps', undefined, TypeError, 'field steps must be a number; received undefined'],
        ...[-1, -3, 0.5, 1.5, NaN, 2 ** 60].map((steps) => [
          'steps',
          steps,
          RangeError,
          `field steps must be an integer from 0 to 9007199254740991; received ${steps}`,
        ]),
        [
          'preprocess',
          { kind: 'minMax', shift: [0, 0], scale: [1, 1] },
          TypeError,
          "field preprocess must be {kind, shift, scale} with the options' preprocess kind",
        ],
      ].map(([field, value, ErrorClass, text]) => [
        `with ${field} ${show(value)}`,
        (j) => ({ ...j, [field]: value }),
        ErrorClass,
        text,
      ]),
    ),
    ...savedCases(kind, [
      ['without version', ({ version, ...j }) => j, TypeError, 'field version must be a number; received undefined'],
      ['without options', ({ options, ...j }) => j, TypeError, 'field options must be an object; received undefined'],
      [
        'with a bad classWeight option',
        withOption({ classWeight: 'even' }),
        TypeError,
        'field options: option classWeight must be "balanced" or an object {label: weight}; received the string "even"',
      ],
      // its own options of a bad value: [option, error, message]
      ...kind.savedOptions.map(([option, ErrorClass, text]) => [
        `with the option ${show(option)}`,
        withOption(option),
        ErrorClass,
        `field options: ${text}`,
      ]),
      // options of other kinds: [option]
      ...[{ speed: 1 }, { learningRate: 1 }, { kernel: 'rbf' }]
        .filter((option) => !kind.knows(Object.keys(option)[0]))
        .map((option) => [
          `with the option ${show(option)}, not ${name}'s`,
          withOption(option),
          TypeError,
          `field options: unknown option "${Object.keys(option)[0]}"; known options are ${kind.optionNames}`,
        ]),
    ]),
  ];
}

/** Cases of the constructor: [options, error, message (its start) or pattern, received]. */
export function optionCases(kind, rows) {
  const N = `new ${kind.name}`;
  return rows.map(([options, ErrorClass, text, got]) => [
    `option ${show(options)}`,
    () => new kind.Model(options).dispose(),
    ErrorClass,
    ...(typeof text === 'string' ? says(N, text, got) : [re`^${N}: `, text]),
  ]);
}

/**
 * Cases of fromJSON of a saved model changed by `edit`: [what, edit, error, ...messages (their
 * start) or patterns]. The saved model is the subject's, or a fitted one of these options.
 */
export function savedCases(kind, rows, options) {
  const read = (json, edit) => kind.Model.fromJSON(edit(json)).dispose();
  const load = (edit) =>
    options === undefined
      ? (m) => read(m.toJSON(), edit)
      : () => {
          const m = kind.fitted(options);
          let json;
          try {
            json = m.toJSON();
          } finally {
            m.dispose();
          }
          read(json, edit);
        };
  return rows.map(([what, edit, ErrorClass, ...patterns]) => [
    `fromJSON ${what}`,
    load(edit),
    ErrorClass,
    ...messages(`${kind.name}.fromJSON`, patterns),
  ]);
}

/**
 * The bad-input tables of a kind: fit on a fitted and on a fresh model, the other calls on a
 * fitted model, a fresh model, a disposed model, and its constructor options and fromJSON; each
 * with the shared cases and the kind's own (`own`). `fresh` is the kind of the fresh model.
 */
export function modelTables(kind, own = {}, fresh = kind) {
  const subject = (setup) => ({ setup, state: modelState, teardown: (m) => m.dispose() });
  const { fit = [], fitted = [], unfitted = [], disposed = [], options = [] } = own;
  const { label, name } = kind;
  badInputTable(`${label}.fit on a fitted model`, {
    ...subject(() => kind.fitted()),
    cases: [...fitCases(kind), ...fit],
  });
  badInputTable(`${label} on a fitted model: predict, decisionFunction, score, partialFit, trainer and more`, {
    ...subject(() => kind.fitted()),
    cases: [...predictionCases(kind), ...fitted],
  });
  badInputTable(`${fresh.label} on a fresh model: not fitted, classes unknown, and fit's bad input`, {
    ...subject(() => fresh.make()),
    cases: [...unfittedCases(fresh), ...unfitted, ...fitCases(fresh), ...fit],
  });
  badInputTable(`${label} after dispose`, {
    setup() {
      const model = kind.fitted();
      model.dispose();
      return model;
    },
    state: () => 'disposed',
    cases: [...disposedCases(kind), ...disposed],
  });
  badInputTable(`new pw.${name}(options) and pw.${name}.fromJSON`, {
    ...subject(() => kind.fitted()),
    cases: [...commonOptionCases(kind), ...fromJSONCases(kind), ...options],
  });
}
