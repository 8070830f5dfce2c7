// The bad input of predict, decisionFunction, score, partialFit and trainer, the same for every
// model kind (see bad-model-cases.mjs): on a fitted model, and on a fresh one (nothing learned yet,
// no classes yet).
import { CMU_X, CMU_Y, XOR_Y, pw } from './helpers.mjs';
import { call, onFitted, onFresh, onNew, put, re, says, set, show, typed, withDataset } from './bad-model-kind.mjs';

/** partialFit calls: [arguments, error, message (its start), received]. */
const partialFitCases = (at, rows) =>
  rows.map(([args, ErrorClass, text, got]) => [
    `partialFit(${args.map(show).join(', ')})`,
    call('partialFit', ...args),
    ErrorClass,
    ...says(at, text, got),
  ]);

/** predict, decisionFunction, score, partialFit and trainer on a fitted model. */
export function predictionCases(kind) {
  const { name, X, y, classList } = kind;
  const at = (method) => `${name}.${method}`;
  const X3 = X.map((row) => [...row, 0]);
  const outside = (label) => !kind.classes.includes(label);
  const fixed = `classes are fixed by the first partialFit call or fit: they must be the model's classes ${classList}`;
  return [
    // X that is not a matrix: [method, arguments, received]
    ...[
      ['predict', [], 'undefined'],
      ['predict', [undefined], 'undefined'],
      ['predict', [3], '3'],
      ['predict', [{ x: [1, 2] }], 'an object'],
      ['predict', [Float64Array.of(0, 1)], 'a Float64Array of length 2'],
      ['decisionFunction', [null], 'null'],
      ['decisionFunction', [Float32Array.of(0, 1)], 'a Float32Array of length 2'],
      ['score', ['X', y], 'the string "X"'],
      ['partialFit', [true, y], 'true'],
      ['trainer', [null, y], 'null'],
      ['trainer', [1, y], '1'],
    ].map(([method, args, got]) => [
      `${method}(${args.length ? show(args[0]) : ''})`,
      call(method, ...args),
      TypeError,
      ...says(at(method), 'X must be an array of rows', got),
      /\{data, rows, cols\}/,
    ]),
    // rows that are not arrays of numbers, values that are not numbers, ragged and empty X
    ...[
      ['predict', [[1, 1]], 'X[0] must be an array of numbers', '1; for a single example pass [x]'],
      ['decisionFunction', [[0, 1]], 'X[0] must be an array of numbers', '0; for a single example pass [x]'],
      ['predict', [[BigInt64Array.of(1n, 1n)]], 'X[0] must be an array of numbers', 'a BigInt64Array of length 2'],
      ['predict', [[new DataView(new ArrayBuffer(16))]], 'X[0] must be an array of numbers', 'a DataView of 16 bytes'],
      ['predict', [[[0, '1']]], 'X[0][1] must be a number; received the string "1"'],
      ['predict', [[['0', 0]]], 'X[0][0] must be a number; received the string "0"'],
    ].map(([method, args, text, got]) => [
      `${method}(${show(args[0])})`,
      call(method, ...args),
      TypeError,
      ...says(at(method), text, got),
      ...(String(got).includes('DataView') ? [/received a DataView(?! of length undefined)/] : []),
    ]),
    ...[
      ['predict', [[0, 0], [1]], 'X must have rows of equal length; X[0] has 2 values, X[1] has 1'],
      [
        'predict',
        [
          [0, 0],
          [0, 0, 0],
        ],
        'X must have rows of equal length; X[0] has 2 values, X[1] has 3',
      ],
      ['predict', [], 'X must have at least one row; received 0 rows'],
      ['decisionFunction', [], 'X must have at least one row; received 0 rows'],
      ['predict', [[], []], 'X must have at least one column; received 0 columns'],
      [
        'predict',
        { data: new Float32Array(3), rows: 1, cols: 2 },
        'X.data must hold rows * cols = 1 * 2 = 2 values; received 3',
      ],
      [
        'decisionFunction',
        { data: new Float64Array(3), rows: 2, cols: 2 },
        'X.data must hold rows * cols = 2 * 2 = 4 values; received 3',
      ],
      [
        'decisionFunction',
        { data: new Float64Array(4), rows: NaN, cols: 2 },
        'X.rows must be a non-negative integer; received NaN',
      ],
    ].map(([method, bad, text]) => [
      `${method}(${show(bad)})`,
      call(method, bad),
      RangeError,
      ...says(at(method), text),
      ...(text.includes('column') ? [re`^${at(method)}: X must have (at least one column|2 columns)`] : []),
    ]),
    // typed X of more rows than memory holds, and no columns: [rows]
    ...[2 ** 40, 2 ** 32 + 1, 2 ** 33].map((n) => [
      `predict typed X of ${n} rows and no columns`,
      call('predict', { data: new Float64Array(0), rows: n, cols: 0 }),
      RangeError,
      re`^${at('predict')}: X`,
      re`received 0 columns|${n}`,
    ]),
    // X of another column count: [method, arguments, its columns]
    ...[
      ['predict', [X3], 3],
      ['predict', [[[1], [0]]], 1],
      ['predict', [typed(2, 3)], 3],
      ['predict', [[Float64Array.of(1, 2, 3)]], 3],
      ['predict', [[[1, 2, 3]]], 3],
      ['predict', [typed(3, 1)], 1],
      ['decisionFunction', [[[1], [0]]], 1],
      ['decisionFunction', [[[1, 2, 3]]], 3],
      ['score', [X3, y], 3],
      ['score', [[[1, 2, 3]], y.slice(3)], 3],
      ['score', [[[0, 0, 0]], y.slice(0, 1)], 3],
      ['partialFit', [X3, y], 3],
      ['partialFit', [[[1, 1, 1]], y.slice(3)], 3],
    ].map(([method, args, n]) => [
      `${method}(${show(args[0])}${args.length > 1 ? `, ${show(args[1])}` : ''})`,
      call(method, ...args.map((arg, i) => (i === 0 && Array.isArray(arg) ? kind.features(arg) : arg))),
      RangeError,
      ...says(at(method), `X must have 2 columns (the model's feature count); received ${n}`),
    ]),
    // values that are not finite: [method, arguments, value, row, column]
    ...[
      ['predict', [[[0, -Infinity]]], -Infinity, 0, 1],
      ['predict', [[[NaN, 0]]], NaN, 0, 0],
      [
        'predict',
        [
          [
            [0, 0],
            [0, NaN],
          ],
        ],
        NaN,
        1,
        1,
      ],
      ['decisionFunction', [typed(1, 2, [1, NaN])], NaN, 0, 1],
      [
        'decisionFunction',
        [
          [
            [0, 0],
            [Infinity, 0],
          ],
        ],
        Infinity,
        1,
        0,
      ],
      ['decisionFunction', [[[-Infinity, 0]]], -Infinity, 0, 0],
      ['score', [put(X, 0, 0, NaN), y], NaN, 0, 0],
      ['score', [put(X, 2, 1, NaN), y], NaN, 2, 1],
      ['partialFit', [[[NaN, 1]], [1]], NaN, 0, 0],
      ['partialFit', [put(X, 2, 1, NaN), y], NaN, 2, 1],
      ['partialFit', [put(X, 1, 1, Infinity), y], Infinity, 1, 1],
      ['trainer', [put(X, 0, 1, NaN), y], NaN, 0, 1],
    ].map(([method, args, value, i, j]) => [
      `${method} with ${value} at row ${i}, column ${j}${args[0].data ? ' of typed X' : ''}`,
      call(method, ...args),
      RangeError,
      ...says(at(method), `X must contain only finite numbers; received ${value} at row ${i}, column ${j}`),
    ]),
    // y left out, of another length, outside the classes, of another type: [method, arguments, message]
    ...[
      ['score', [X], TypeError, 'y must be an array of labels', 'undefined'],
      ['partialFit', [X], TypeError, 'y must be an array of labels', 'undefined'],
      ['score', [X, y.slice(2)], RangeError, 'y must have one label per row of X (4); received 2 labels'],
      ['score', [X, [1, -1]], RangeError, 'y must have one label per row of X (4); received 2 labels'],
      ['score', [X, [0, 1]], RangeError, 'y must have one label per row of X (4); received 2 labels'],
      ['partialFit', [X, [1]], RangeError, 'y must have one label per row of X (4); received 1 labels'],
      ['partialFit', [X, [0, 1, 2]], RangeError, 'y must have one label per row of X (4); received 3 labels'],
      ['score', [X, set(y, 0, NaN)], RangeError, 'y[0] must be a finite number or a string; received NaN'],
      ['score', [X, set(y, 2, NaN)], RangeError, 'y[2] must be a finite number or a string; received NaN'],
      ['score', [X, set(y, 3, false)], TypeError, 'y[3] must be a number or a string; received false'],
      ['score', [X, set(y, 1, '-1')], TypeError, 'y must hold only numbers or only strings'],
      ['trainer', [X, [0, 'a', 1, 2]], TypeError, 'y must hold only numbers or only strings'],
      ['score', [X, ['a', 'a', 'a', 'b']], TypeError, "y must hold numbers like the model's classes; received strings"],
      ['score', [X, ['0', '1', '1', '2']], TypeError, "y must hold numbers like the model's classes; received strings"],
      [
        'partialFit',
        [X, ['a', 'a', 'a', 'b']],
        TypeError,
        "y must hold numbers like the model's classes; received strings",
      ],
      [
        'partialFit',
        [X, ['a', 'b', 'b', 'c']],
        TypeError,
        "y must hold numbers like the model's classes; received strings",
      ],
    ].map(([method, args, ErrorClass, text, got]) => [
      `${method}(X${args.length > 1 ? `, ${show(args[1])}` : ''})`,
      call(method, ...args),
      ErrorClass,
      ...says(at(method), text, got),
    ]),
    ...[
      ['score', X, set(y, 3, 2), 3],
      ['score', X, set(y, 3, 3), 3],
      ['score', X, [0, 0, 0, 1], 0],
      ['partialFit', [[1, 1]], [5], 0],
      ['partialFit', [[1, 1]], [3], 0],
    ]
      .filter(([, , labels, i]) => outside(labels[i]))
      .map(([method, rowsX, labels, i]) => [
        `${method} with the label ${labels[i]}, not a class`,
        call(method, rowsX, labels),
        RangeError,
        ...says(at(method), `y[${i}] must be one of the classes ${classList}; received ${labels[i]}`),
      ]),
    ...[
      [[1, 1, 1, 1], [1]],
      [[2, 2, 2, 2], [2]],
    ].map(([labels, counted]) => [
      `trainer(X, ${show(labels)})`,
      call('trainer', X, labels),
      RangeError,
      kind.count('trainer', 'y', counted),
    ]),
    // partialFit's classes and options: [arguments, error, message, received]
    ...partialFitCases(at('partialFit'), [
      [[X, [0, 0, 0, 1], { classes: [0, 1] }], RangeError, fixed, '[0, 1]'],
      [[[[1, 1]], [1], { classes: [0, 1] }], RangeError, fixed, '[0, 1]'],
      [[[[1, 1]], [3], { classes: [0, 1, 2, 3] }], RangeError, fixed, '[0, 1, 2, 3]'],
      [[X, y, { classes: '-1,1' }], TypeError, 'classes must be an array of labels', 'the string "-1,1"'],
      [[X, y, { classes: { 0: 0, 1: 1 } }], TypeError, 'classes must be an array of labels', 'an object'],
      [[X, y, { classes: [-1, null] }], TypeError, 'classes[1] must be a number or a string; received null'],
      [[X, y, { classes: [0, '1', 2] }], TypeError, 'classes must hold only numbers or only strings'],
      [
        [X, y, { validation: { X, y } }],
        TypeError,
        'unknown option "validation"; known options are classes, sampleWeight',
      ],
      [[X, y, { onStep() {} }], TypeError, 'unknown option "onStep"; known options are classes, sampleWeight'],
      [[X, y, [-1, 1]], TypeError, 'options must be a plain object; received an array of length 2'],
      [[X, y, 'classes'], TypeError, 'options must be a plain object; received the string "classes"'],
      [[X, y, { sampleWeight: [1] }], RangeError, 'sampleWeight must have one weight per row of X (4); received 1'],
      [
        [[[1, 1]], [1], { sampleWeight: [1, 1] }],
        RangeError,
        'sampleWeight must have one weight per row of X (1); received 2',
      ],
      [
        [X, y, { sampleWeight: [1, -2, 1, 1] }],
        RangeError,
        'sampleWeight[1] must be a finite number >= 0; received -2',
      ],
      [
        [X, y, { sampleWeight: [1, 1, Infinity, 1] }],
        RangeError,
        'sampleWeight[2] must be a finite number >= 0; received Infinity',
      ],
    ]),
    [
      'partialFit with classWeight balanced',
      onFitted(kind, (o) => o.partialFit(X, y), { classWeight: 'balanced' }),
      RangeError,
      ...says(
        at('partialFit'),
        "classWeight 'balanced' needs the whole training set; give classWeight as {label: weight} for partialFit",
      ),
    ],
    // trainer's options: [options, error, message]
    ...[
      [{ onStep() {} }, TypeError, `unknown option "onStep"; known options are ${kind.trainerOptions}`],
      [{ onEpoch() {} }, TypeError, `unknown option "onEpoch"; known options are ${kind.trainerOptions}`],
      [
        { signal: new AbortController().signal },
        TypeError,
        `unknown option "signal"; known options are ${kind.trainerOptions}`,
      ],
      ...(kind.trainerOptions.includes('initialWeights')
        ? []
        : [
            [
              { initialWeights: [0, 0] },
              TypeError,
              `unknown option "initialWeights"; known options are ${kind.trainerOptions}`,
            ],
          ]),
      ['all', TypeError, 'options must be a plain object; received the string "all"'],
      [null, TypeError, 'options must be a plain object; received null'],
      [{ validation: { X } }, TypeError, 'option validation must be an object {X, y}; received an object'],
      [
        { validation: 'holdout' },
        TypeError,
        'option validation must be an object {X, y}; received the string "holdout"',
      ],
      [{ sampleWeight: [-1, 1, 1, 1] }, RangeError, 'sampleWeight[0] must be a finite number >= 0; received -1'],
    ].map(([options, ErrorClass, text]) => [
      `trainer(X, y, ${show(options)})`,
      call('trainer', X, y, options),
      ErrorClass,
      ...says(at('trainer'), text),
    ]),
    // Datasets: [method, X, labels, error, message]
    ...[
      ['score', X, undefined, TypeError, 'X is a Dataset without labels; give y, or build it with labels'],
      ['partialFit', X, undefined, TypeError, 'X is a Dataset without labels; give y, or build it with labels'],
      ['trainer', X, undefined, TypeError, 'X is a Dataset without labels; give y, or build it with labels'],
      ['predict', X3, undefined, RangeError, "X must have 2 columns (the model's feature count); received 3"],
      ['predict', [[1, 2, 3]], undefined, RangeError, "X must have 2 columns (the model's feature count); received 3"],
      ['predict', [[1], [2]], undefined, RangeError, "X must have 2 columns (the model's feature count); received 1"],
      ['score', X, set(y, 3, 7), RangeError, `y[3] must be one of the classes ${classList}; received 7`],
      [
        'partialFit',
        X,
        ['a', 'b', 'b', 'c'],
        TypeError,
        "y must hold numbers like the model's classes; received strings",
      ],
    ].map(([method, rowsX, labels, ErrorClass, text]) => [
      `${method} a Dataset of ${show(rowsX)}${labels ? ` labelled ${show(labels)}` : ''}`,
      (m) => withDataset(kind.features(rowsX), labels, (d) => m[method](d)),
      ErrorClass,
      ...says(at(method), text),
    ]),
    ...(outside(0)
      ? [
          [
            'score a Dataset with other classes',
            (m) => withDataset(X, [0, 0, 0, 1], (d) => m.score(d)),
            RangeError,
            ...says(at('score'), `y[0] must be one of the classes ${classList}; received 0`),
          ],
        ]
      : []),
    ...['predict', 'decisionFunction'].map((method) => [
      `${method} a disposed Dataset`,
      (m) => withDataset(X, undefined, (d) => m[method](d), { disposed: true }),
      pw.DisposedError,
      ...says(at(method), 'X is a disposed Dataset'),
    ]),
  ];
}

/** A fresh model: nothing learned yet, no classes yet (partialFit needs them), trainers. */
export function unfittedCases(kind) {
  const { name, X, y, classes } = kind;
  const at = (method) => `${name}.${method}`;
  const P = at('partialFit');
  const other = y.findIndex((label) => label !== 0 && label !== 1);
  return [
    // nothing learned yet: [method, call]
    ...[
      ['predict', call('predict', X)],
      ['predict', call('predict', [[0, 0]]), 'a row'],
      ['predict', (m) => withDataset(X, undefined, (d) => m.predict(d)), 'a Dataset'],
      ['decisionFunction', call('decisionFunction', X)],
      ['decisionFunction', call('decisionFunction', typed(1, 2)), 'a typed X'],
      ['score', call('score', X, y)],
      ['score', (m) => withDataset(X, y, (d) => m.score(d)), 'a labelled Dataset'],
    ].map(([method, fn, what]) => [
      `${method} ${what ?? ''} before fit`,
      fn,
      pw.NotFittedError,
      ...says(at(method), `the model has not learned anything yet; call ${kind.fitFirst} first`),
      re`^${at(method)}: .*has not learned anything yet`,
    ]),
    // partialFit's first call: [arguments, error, message]
    ...partialFitCases(P, [
      [[X, y], TypeError, 'the first partialFit call needs the classes: partialFit(X, y, {classes: [...]})'],
      [[X, ['a', 'a', 'a', 'b']], TypeError, 'the first partialFit call needs the classes'],
      [
        [X, ['a', 'a', 'a', 'b'], { classes: 'ab' }],
        TypeError,
        'classes must be an array of labels',
        'the string "ab"',
      ],
      [[X, y, { classes: 3 }], TypeError, 'classes must be an array of labels', '3'],
      [[X, y, { classes: [NaN, 1] }], RangeError, 'classes[0] must be a finite number or a string; received NaN'],
      [[X, y, { classes: [-1, NaN] }], RangeError, 'classes[1] must be a finite number or a string; received NaN'],
      [
        [X, y, { classes: [0, 1, Infinity] }],
        RangeError,
        'classes[2] must be a finite number or a string; received Infinity',
      ],
      [[X, ['a', 'a', 'a', 'b'], { classes: ['a', 'b', 'a'] }], RangeError, 'classes must hold distinct labels'],
      [[X, [0, 0, 0, 0], { classes: [0, 0] }], RangeError, 'classes must hold distinct labels'],
      [
        [X, ['a', 'a', 'a', 'c'], { classes: ['a', 'b'] }],
        RangeError,
        'y[3] must be one of the classes ["a", "b"]; received "c"',
      ],
      [[X, [0, 0, 0, 2], { classes: [0, 1] }], RangeError, 'y[3] must be one of the classes [0, 1]; received 2'],
      [[X, y, { classes: [0, 1] }], RangeError, `y[${other}] must be one of the classes [0, 1]; received ${y[other]}`],
      [
        [X, y, { classes: ['neg', 'pos'] }],
        TypeError,
        "y must hold strings like the model's classes; received numbers",
      ],
      ...(kind.binary
        ? []
        : [
            [
              [X, y, { classes: ['a', 'b', 'c'] }],
              TypeError,
              "y must hold strings like the model's classes; received numbers",
            ],
          ]),
      [
        [put(X, 0, 0, NaN), y, { classes }],
        RangeError,
        'X must contain only finite numbers; received NaN at row 0, column 0',
      ],
      [
        [put(X, 0, 1, NaN), y, { classes }],
        RangeError,
        'X must contain only finite numbers; received NaN at row 0, column 1',
      ],
    ]),
    // partialFit's first call with too few or too many classes: [y, classes]
    ...[
      [['a', 'a', 'a', 'a'], ['a']],
      [[1, 1, 1, 1], [1]],
      [[0, 0, 0, 0], [0]],
      [y, [1]],
      [y, [0]],
      [y, []],
      ...(kind.binary
        ? [
            [
              [0, 1, 2, 1],
              [0, 1, 2],
            ],
          ]
        : []),
    ].map(([labels, counted]) => [
      `partialFit(X, ${show(labels)}, { classes: ${show(counted)} })`,
      call('partialFit', X, labels, { classes: counted }),
      RangeError,
      kind.count('partialFit', 'classes', counted),
    ]),
    [
      'partialFit with classWeight balanced',
      onNew(kind, (o) => o.partialFit(X, y, { classes }), { classWeight: 'balanced' }),
      RangeError,
      ...says(
        P,
        "classWeight 'balanced' needs the whole training set; give classWeight as {label: weight} for partialFit",
      ),
    ],
    // trainers: [what, call, error, message]
    ...[
      [
        'onEpoch',
        onFresh(kind, (o) => o.trainer(X, y, { onEpoch() {} })),
        TypeError,
        'trainer',
        `unknown option "onEpoch"; known options are ${kind.trainerOptions}`,
      ],
      ['of X 7', onFresh(kind, (o) => o.trainer(7, y)), TypeError, 'trainer', 'X must be an array of rows', '7'],
      ['of one class', onFresh(kind, (o) => o.trainer(X, [1, 1, 1, 1])), RangeError, 'trainer', 'count', [1]],
      [
        'of the CMU points, one class',
        call('trainer', kind.features(CMU_X), [1, 1, 1, 1, 1, 1]),
        RangeError,
        'trainer',
        'count',
        [1],
      ],
      ...(kind.binary
        ? [
            [
              'of three classes',
              call('trainer', X, ['a', 'b', 'c', 'a']),
              RangeError,
              'trainer',
              'count',
              ['a', 'b', 'c'],
            ],
          ]
        : []),
      [
        'of the CMU points, a label missing',
        call('trainer', CMU_X, CMU_Y.slice(1)),
        RangeError,
        'trainer',
        'y must have one label per row of X (6); received 5 labels',
      ],
      [
        'with a short sampleWeight',
        onFresh(kind, (o) => o.trainer(X, y, { sampleWeight: [1, 2] })),
        RangeError,
        'trainer',
        'sampleWeight must have one weight per row of X (4); received 2',
      ],
      [
        'with a validation set of another column count',
        onFresh(kind, (o) => o.trainer(X, y, { validation: { X: X.map((row) => [...row, 0]), y } })),
        RangeError,
        'trainer',
        'validation.X must have 2 columns',
        '3',
      ],
      [
        'run with a negative maxSteps',
        onFresh(kind, (o) => o.trainer(X, XOR_Y).run({ maxSteps: -1 })),
        RangeError,
        'trainer().run',
        'option maxSteps must be an integer >= 0; received -1',
      ],
      [
        'finishEpoch with a fractional maxSteps',
        onFresh(kind, (o) => o.trainer(X, XOR_Y).finishEpoch({ maxSteps: 1.5 })),
        RangeError,
        'trainer().finishEpoch',
        'option maxSteps must be an integer >= 0; received 1.5',
      ],
      [
        'finishEpoch with a maxSteps that is a string',
        onFresh(kind, (o) => o.trainer(X, XOR_Y).finishEpoch({ maxSteps: '3' })),
        TypeError,
        'trainer().finishEpoch',
        'option maxSteps must be an integer >= 0; received the string "3"',
      ],
      [
        'run with an unknown option',
        onFresh(kind, (o) => o.trainer(X, XOR_Y).run({ steps: 1 })),
        TypeError,
        'trainer().run',
        'unknown option "steps"; known options are maxSteps',
      ],
    ].map(([what, fn, ErrorClass, method, text, got]) => [
      `trainer ${what}`,
      fn,
      ErrorClass,
      ...(text === 'count' ? [kind.count(method, 'y', got)] : says(at(method), text, got)),
    ]),
    // a trainer whose model changed or went: [what, the trainer's method, the change, message]
    ...[
      [
        'step after the model changed',
        'step',
        (o) => o.partialFit(X, XOR_Y),
        'this trainer ended when the model changed',
      ],
      [
        'finishEpoch after another trainer started',
        'finishEpoch',
        (o) => o.trainer(X, y),
        'this trainer ended when the model changed',
      ],
      ['step after the model was disposed', 'step', (o) => o.dispose(), 'the model was disposed'],
    ].map(([what, method, change, text]) => [
      `trainer ${what}`,
      onFresh(kind, (o) => {
        const trainer = o.trainer(X, XOR_Y);
        change(o);
        trainer[method]();
      }),
      pw.DisposedError,
      ...says(at(`trainer().${method}`), text),
    ]),
  ];
}
