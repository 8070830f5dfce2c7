// Bad input to pw.PassiveAggressive: every call of its public surface (index.d.ts:
// PassiveAggressiveOptions, PassiveAggressiveJSON, PassiveAggressive, Model, BatchFitOptions;
// README "The other models") with a wrong argument throws a TypeError or RangeError (or
// NotFittedError / DisposedError) naming the argument and what it received, and leaves the
// model and the wasm memory as they were. The subject is binary (AND); some cases use a
// three-class model of their own.
import { AND_X, AND_Y, XOR_Y, pw } from './helpers.mjs';
import { badInputTable, modelState } from './bad-input.mjs';

const Kind = pw.PassiveAggressive;
const X3 = AND_X.map((row) => [...row, 0]);
const ABC_X = [
  [1, 0],
  [0, 1],
  [-1, -1],
  [1, 0.2],
];
const ABC_Y = ['a', 'b', 'c', 'a'];

function fitted(options) {
  const model = new Kind(options);
  model.fit(AND_X, AND_Y);
  return model;
}

// A call on a model of its own (unfitted, or fitted with other options), freed afterwards.
const onFresh = (fn, options) => () => {
  const model = new Kind(options);
  try {
    return fn(model);
  } finally {
    model.dispose();
  }
};
const onFitted = (fn, options) => () => {
  const model = fitted(options);
  try {
    return fn(model);
  } finally {
    model.dispose();
  }
};
const onDisposed = (fn) => () => {
  const model = fitted();
  model.dispose();
  return fn(model);
};
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
// A call with a Dataset made for it (disposed first when asked).
const withDataset = (X, y, fn, { disposed = false } = {}) => {
  const data = pw.Dataset.fromArray(X, undefined, y);
  if (disposed) data.dispose();
  try {
    return fn(data);
  } finally {
    data.dispose();
  }
};
// The subject's saved object, changed by `edit`, read back (and freed if it wrongly loads).
const load = (m, edit) => Kind.fromJSON(edit(m.toJSON())).dispose();

badInputTable('PassiveAggressive: bad input', {
  setup: () => fitted(),
  state: modelState,
  teardown: (m) => m.dispose(),
  cases: [
    // fit: X
    [
      'fit: X a number',
      (m) => m.fit(42, AND_Y),
      TypeError,
      /^PassiveAggressive\.fit: X must be an array of rows/,
      /received 42/,
    ],
    ['fit: X null', (m) => m.fit(null, AND_Y), TypeError, /^PassiveAggressive\.fit: X must be/, /received null/],
    [
      'fit: X a string',
      (m) => m.fit('0,0', AND_Y),
      TypeError,
      /PassiveAggressive\.fit: X must be/,
      /received the string "0,0"/,
    ],
    [
      'fit: X a flat number array',
      (m) => m.fit([0, 1, 1, 0], AND_Y),
      TypeError,
      /PassiveAggressive\.fit: X\[0\] must be an array of numbers/,
      /received 0; for a single example pass \[x\]/,
    ],
    [
      'fit: ragged X',
      (m) => m.fit([[0, 0], [1], [1, 0], [1, 1]], AND_Y),
      RangeError,
      /PassiveAggressive\.fit: X must have rows of equal length; X\[0\] has 2 values, X\[1\] has 1/,
    ],
    [
      'fit: a string in X',
      (m) =>
        m.fit(
          [
            [0, 0],
            [0, 'a'],
            [1, 0],
            [1, 1],
          ],
          AND_Y,
        ),
      TypeError,
      /PassiveAggressive\.fit: X\[1\]\[1\] must be a number; received the string "a"/,
    ],
    [
      'fit: NaN in X',
      (m) =>
        m.fit(
          [
            [0, 0],
            [0, 1],
            [NaN, 0],
            [1, 1],
          ],
          AND_Y,
        ),
      RangeError,
      /PassiveAggressive\.fit: X must contain only finite numbers; received NaN at row 2, column 0/,
    ],
    [
      'fit: Infinity in X',
      (m) =>
        m.fit(
          [
            [0, 0],
            [0, Infinity],
            [1, 0],
            [1, 1],
          ],
          AND_Y,
        ),
      RangeError,
      /PassiveAggressive\.fit: X must contain only finite numbers; received Infinity at row 1, column 1/,
    ],
    [
      'fit: empty X',
      (m) => m.fit([], []),
      RangeError,
      /PassiveAggressive\.fit: X must have at least one row; received 0 rows/,
    ],
    [
      'fit: rows without columns',
      (m) => m.fit([[], [], [], []], AND_Y),
      RangeError,
      /PassiveAggressive\.fit: X must have at least one column; received 0 columns/,
    ],
    [
      'fit: typed X of the wrong size',
      (m) => m.fit({ data: new Float64Array(7), rows: 4, cols: 2 }, AND_Y),
      RangeError,
      /PassiveAggressive\.fit: X\.data must hold rows \* cols = 4 \* 2 = 8 values; received 7/,
    ],
    [
      'fit: typed X with fractional cols',
      (m) => m.fit({ data: new Float64Array(8), rows: 4, cols: 2.5 }, AND_Y),
      RangeError,
      /PassiveAggressive\.fit: X\.cols must be a non-negative integer; received 2\.5/,
    ],
    [
      'fit: typed X data an Int32Array',
      (m) => m.fit({ data: new Int32Array(8), rows: 4, cols: 2 }, AND_Y),
      TypeError,
      /PassiveAggressive\.fit: X\.data must be a Float64Array or Float32Array/,
      /received a Int32Array of length 8/,
    ],
    // fit: y
    [
      'fit: y shorter than X',
      (m) => m.fit(AND_X, [-1, -1, 1]),
      RangeError,
      /PassiveAggressive\.fit: y must have one label per row of X \(4\); received 3 labels/,
    ],
    [
      'fit: y missing',
      (m) => m.fit(AND_X),
      TypeError,
      /PassiveAggressive\.fit: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'fit: y a string',
      (m) => m.fit(AND_X, 'abcd'),
      TypeError,
      /PassiveAggressive\.fit: y must be an array of labels/,
      /received the string "abcd"/,
    ],
    [
      'fit: y with null',
      (m) => m.fit(AND_X, [-1, null, -1, 1]),
      TypeError,
      /PassiveAggressive\.fit: y\[1\] must be a number or a string; received null/,
    ],
    [
      'fit: y mixing numbers and strings',
      (m) => m.fit(AND_X, [-1, 'a', -1, 1]),
      TypeError,
      /PassiveAggressive\.fit: y must hold only numbers or only strings/,
    ],
    [
      'fit: y with NaN',
      (m) => m.fit(AND_X, [-1, -1, NaN, 1]),
      RangeError,
      /PassiveAggressive\.fit: y\[2\] must be a finite number or a string; received NaN/,
    ],
    [
      'fit: y with one class',
      (m) => m.fit(AND_X, [1, 1, 1, 1]),
      RangeError,
      /PassiveAggressive\.fit: y must hold at least two distinct classes; received 1/,
    ],
    // fit: a Dataset
    [
      'fit: a Dataset without labels and no y',
      (m) => withDataset(AND_X, undefined, (d) => m.fit(d)),
      TypeError,
      /PassiveAggressive\.fit: X is a Dataset without labels; give y/,
    ],
    [
      'fit: a disposed Dataset',
      (m) => withDataset(AND_X, AND_Y, (d) => m.fit(d), { disposed: true }),
      pw.DisposedError,
      /PassiveAggressive\.fit: X is a disposed Dataset/,
    ],
    // fit: options (BatchFitOptions)
    [
      'fit: options not an object',
      (m) => m.fit(AND_X, AND_Y, 5),
      TypeError,
      /PassiveAggressive\.fit: options must be a plain object; received 5/,
    ],
    [
      'fit: onStep (not a batch fit option)',
      (m) => m.fit(AND_X, AND_Y, { onStep() {} }),
      TypeError,
      /PassiveAggressive\.fit: unknown option "onStep"; known options are onEpoch, signal, sampleWeight, validation/,
    ],
    [
      'fit: initialWeights (not a batch fit option)',
      (m) => m.fit(AND_X, AND_Y, { initialWeights: [0, 0] }),
      TypeError,
      /PassiveAggressive\.fit: unknown option "initialWeights"/,
    ],
    [
      'fit: onEpoch not a function',
      (m) => m.fit(AND_X, AND_Y, { onEpoch: true }),
      TypeError,
      /PassiveAggressive\.fit: option onEpoch must be a function; received true/,
    ],
    [
      'fit: signal not an AbortSignal',
      (m) => m.fit(AND_X, AND_Y, { signal: 'stop' }),
      TypeError,
      /PassiveAggressive\.fit: option signal must be an AbortSignal; received the string "stop"/,
    ],
    [
      'fit: onEpoch throws',
      (m) =>
        m.fit(AND_X, XOR_Y, {
          onEpoch() {
            throw new RangeError('onEpoch gave up');
          },
        }),
      RangeError,
      /^onEpoch gave up$/,
    ],
    [
      'fit: sampleWeight of the wrong length',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: [1, 1, 1] }),
      RangeError,
      /PassiveAggressive\.fit: sampleWeight must have one weight per row of X \(4\); received 3/,
    ],
    [
      'fit: a negative sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: [1, -1, 1, 1] }),
      RangeError,
      /PassiveAggressive\.fit: sampleWeight\[1\] must be a finite number >= 0; received -1/,
    ],
    [
      'fit: a NaN sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: [1, 1, NaN, 1] }),
      RangeError,
      /PassiveAggressive\.fit: sampleWeight\[2\] must be a finite number >= 0; received NaN/,
    ],
    [
      'fit: sampleWeight a string',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: '1111' }),
      TypeError,
      /PassiveAggressive\.fit: sampleWeight must be an array of numbers; received the string "1111"/,
    ],
    [
      'fit: validation not an object',
      (m) => m.fit(AND_X, AND_Y, { validation: 5 }),
      TypeError,
      /PassiveAggressive\.fit: option validation must be an object \{X, y\}; received 5/,
    ],
    [
      'fit: validation without y',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: AND_X } }),
      TypeError,
      /PassiveAggressive\.fit: option validation must be an object \{X, y\}; received an object/,
    ],
    [
      'fit: validation X with another column count',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: X3, y: AND_Y } }),
      RangeError,
      /PassiveAggressive\.fit: validation\.X must have 2 columns/,
      /received 3/,
    ],
    [
      'fit: validation y outside the classes',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: AND_X, y: [-1, -1, -1, 7] } }),
      RangeError,
      /PassiveAggressive\.fit: validation\.y\[3\] must be one of the classes \[-1, 1\]; received 7/,
    ],
    [
      'fit: NaN in validation X',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: [[0, NaN]], y: [1] } }),
      RangeError,
      /PassiveAggressive\.fit: validation\.X must contain only finite numbers; received NaN at row 0, column 1/,
    ],
    [
      'fit: classWeight for a label that is not a class',
      onFresh((o) => o.fit(AND_X, AND_Y), { classWeight: { 5: 2 } }),
      RangeError,
      /PassiveAggressive\.fit: option classWeight key "5" must be one of the classes \[-1, 1\]; received 5/,
    ],
    // predict, decisionFunction, score
    [
      'predict: 3 columns for a 2-feature model',
      (m) => m.predict(X3),
      RangeError,
      /PassiveAggressive\.predict: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'predict: a flat typed array',
      (m) => m.predict(Float64Array.of(0, 1)),
      TypeError,
      /PassiveAggressive\.predict: X must be an array of rows/,
      /\{data, rows, cols\}/,
      /received a Float64Array of length 2/,
    ],
    [
      'predict: undefined',
      (m) => m.predict(),
      TypeError,
      /PassiveAggressive\.predict: X must be/,
      /received undefined/,
    ],
    ['predict: empty X', (m) => m.predict([]), RangeError, /PassiveAggressive\.predict: X must have at least one row/],
    [
      'predict: -Infinity in X',
      (m) => m.predict([[0, -Infinity]]),
      RangeError,
      /PassiveAggressive\.predict: X must contain only finite numbers; received -Infinity at row 0, column 1/,
    ],
    [
      'predict: a Dataset with 3 columns',
      (m) => withDataset(X3, undefined, (d) => m.predict(d)),
      RangeError,
      /PassiveAggressive\.predict: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'decisionFunction: 1 column',
      (m) => m.decisionFunction([[1], [0]]),
      RangeError,
      /PassiveAggressive\.decisionFunction: X must have 2 columns \(the model's feature count\); received 1/,
    ],
    [
      'decisionFunction: NaN in typed X',
      (m) => m.decisionFunction({ data: Float64Array.of(1, NaN), rows: 1, cols: 2 }),
      RangeError,
      /PassiveAggressive\.decisionFunction: X must contain only finite numbers; received NaN at row 0, column 1/,
    ],
    [
      'score: 3 columns',
      (m) => m.score(X3, AND_Y),
      RangeError,
      /PassiveAggressive\.score: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'score: y of the wrong length',
      (m) => m.score(AND_X, [-1, 1]),
      RangeError,
      /PassiveAggressive\.score: y must have one label per row of X \(4\); received 2 labels/,
    ],
    [
      'score: a label outside the classes',
      (m) => m.score(AND_X, [-1, -1, -1, 2]),
      RangeError,
      /PassiveAggressive\.score: y\[3\] must be one of the classes \[-1, 1\]; received 2/,
    ],
    [
      'score: string labels for numeric classes',
      (m) => m.score(AND_X, ['a', 'a', 'a', 'b']),
      TypeError,
      /PassiveAggressive\.score: y must hold numbers like the model's classes; received strings/,
    ],
    ['score: y missing', (m) => m.score(AND_X), TypeError, /PassiveAggressive\.score: y must be an array of labels/],
    // partialFit
    [
      'partialFit: 3 columns on a 2-feature model',
      (m) => m.partialFit(X3, AND_Y),
      RangeError,
      /PassiveAggressive\.partialFit: X must have 2 columns/,
      /received 3/,
    ],
    [
      'partialFit: a label outside the classes',
      (m) => m.partialFit([[1, 1]], [5]),
      RangeError,
      /PassiveAggressive\.partialFit: y\[0\] must be one of the classes \[-1, 1\]; received 5/,
    ],
    [
      'partialFit: other classes than the model has',
      (m) => m.partialFit(AND_X, [0, 0, 0, 1], { classes: [0, 1] }),
      RangeError,
      /PassiveAggressive\.partialFit: classes/,
      /\[-1, 1\]/,
      /received \[0, 1\]/,
    ],
    [
      'partialFit: an unknown option',
      (m) => m.partialFit(AND_X, AND_Y, { validation: { X: AND_X, y: AND_Y } }),
      TypeError,
      /PassiveAggressive\.partialFit: unknown option "validation"; known options are classes, sampleWeight/,
    ],
    [
      'partialFit: sampleWeight of the wrong length',
      (m) => m.partialFit(AND_X, AND_Y, { sampleWeight: [1] }),
      RangeError,
      /PassiveAggressive\.partialFit: sampleWeight must have one weight per row of X \(4\); received 1/,
    ],
    [
      'partialFit: NaN in X',
      (m) => m.partialFit([[NaN, 1]], [1]),
      RangeError,
      /PassiveAggressive\.partialFit: X must contain only finite numbers; received NaN at row 0, column 0/,
    ],
    [
      'partialFit: classWeight balanced',
      onFitted((o) => o.partialFit(AND_X, AND_Y), { classWeight: 'balanced' }),
      RangeError,
      /PassiveAggressive\.partialFit: classWeight 'balanced' needs the whole training set/,
    ],
    [
      'partialFit, unfitted: string labels without classes',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'])),
      TypeError,
      /PassiveAggressive\.partialFit: the first partialFit call needs the classes/,
    ],
    [
      'partialFit, unfitted: one class',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'a'], { classes: ['a'] })),
      RangeError,
      /PassiveAggressive\.partialFit: classes must hold at least two distinct classes; received 1/,
    ],
    [
      'partialFit, unfitted: classes not an array',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'], { classes: 'ab' })),
      TypeError,
      /PassiveAggressive\.partialFit: classes must be an array of labels/,
      /received the string "ab"/,
    ],
    [
      'partialFit, unfitted: a label outside the classes given',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'c'], { classes: ['a', 'b'] })),
      RangeError,
      /PassiveAggressive\.partialFit: y\[3\] must be one of the classes \["a", "b"\]; received "c"/,
    ],
    // trainer
    [
      'trainer: onEpoch is not a trainer option',
      onFresh((o) => o.trainer(AND_X, AND_Y, { onEpoch() {} })),
      TypeError,
      /PassiveAggressive\.trainer: unknown option "onEpoch"; known options are sampleWeight, validation/,
    ],
    [
      'trainer: X not an array',
      onFresh((o) => o.trainer(7, AND_Y)),
      TypeError,
      /PassiveAggressive\.trainer: X must be an array of rows/,
      /received 7/,
    ],
    [
      'trainer: one class',
      onFresh((o) => o.trainer(AND_X, [1, 1, 1, 1])),
      RangeError,
      /PassiveAggressive\.trainer: y must hold at least two distinct classes; received 1/,
    ],
    [
      'trainer: sampleWeight of the wrong length',
      onFresh((o) => o.trainer(AND_X, AND_Y, { sampleWeight: [1, 2] })),
      RangeError,
      /PassiveAggressive\.trainer: sampleWeight must have one weight per row of X \(4\); received 2/,
    ],
    [
      'trainer: run with a negative maxSteps',
      onFresh((o) => o.trainer(AND_X, XOR_Y).run({ maxSteps: -1 })),
      RangeError,
      /PassiveAggressive\.trainer\(\)\.run: option maxSteps must be an integer >= 0; received -1/,
    ],
    [
      'trainer: step after the model changed',
      onFresh((o) => {
        const trainer = o.trainer(AND_X, XOR_Y);
        o.partialFit(AND_X, XOR_Y);
        trainer.step();
      }),
      pw.DisposedError,
      /PassiveAggressive\.trainer\(\)\.step: this trainer ended when the model changed/,
    ],
    // re-entrant calls from a callback, unusual labels and weights, trainers
    [
      'fit: onEpoch calls fit again',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => void m.fit(AND_X, AND_Y) }),
      TypeError,
      /^PassiveAggressive\.fit: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: onEpoch calls partialFit',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => void m.partialFit(AND_X, AND_Y) }),
      TypeError,
      /^PassiveAggressive\.partialFit: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: onEpoch disposes the model',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => m.dispose() }),
      TypeError,
      /^PassiveAggressive\.dispose: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: y a Float64Array with Infinity',
      (m) => m.fit(AND_X, Float64Array.of(-1, -1, Infinity, 1)),
      RangeError,
      /^PassiveAggressive\.fit: y\[2\] must be a finite number or a string; received Infinity/,
    ],
    [
      'fit: y an Int8Array of the wrong length',
      (m) => m.fit(AND_X, Int8Array.of(-1, 1)),
      RangeError,
      /^PassiveAggressive\.fit: y must have one label per row of X \(4\); received 2 labels/,
    ],
    [
      'fit: a label with a lone surrogate',
      (m) => m.fit(AND_X, ['a', 'a', 'a', 'b\uD800']),
      TypeError,
      /^PassiveAggressive\.fit: y\[3\] must be a well-formed string \(no lone surrogate\)/,
    ],
    [
      'fit: NaN in a Float64Array row',
      (m) =>
        m.fit([Float64Array.of(0, 0), Float64Array.of(0, 1), Float64Array.of(1, NaN), Float64Array.of(1, 1)], AND_Y),
      RangeError,
      /^PassiveAggressive\.fit: X must contain only finite numbers; received NaN at row 2, column 1/,
    ],
    [
      'fit: an infinite Float32Array sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: Float32Array.of(1, 1, 1, Infinity) }),
      RangeError,
      /^PassiveAggressive\.fit: sampleWeight\[3\] must be a finite number >= 0; received Infinity/,
    ],
    [
      'fit: options a class instance',
      (m) => m.fit(AND_X, AND_Y, new Map()),
      TypeError,
      /^PassiveAggressive\.fit: options must be a plain object; received an object/,
    ],
    [
      'score: a Dataset without labels and no y',
      (m) => withDataset(AND_X, undefined, (d) => m.score(d)),
      TypeError,
      /^PassiveAggressive\.score: X is a Dataset without labels; give y/,
    ],
    [
      'predict: a disposed Dataset',
      (m) => withDataset(AND_X, undefined, (d) => m.predict(d), { disposed: true }),
      pw.DisposedError,
      /^PassiveAggressive\.predict: X is a disposed Dataset/,
    ],
    [
      'partialFit, unfitted: duplicate classes',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'], { classes: ['a', 'b', 'a'] })),
      RangeError,
      /^PassiveAggressive\.partialFit: classes must hold distinct labels/,
    ],
    [
      'partialFit, unfitted: NaN among the classes',
      onFresh((o) => o.partialFit(AND_X, AND_Y, { classes: [-1, NaN] })),
      RangeError,
      /^PassiveAggressive\.partialFit: classes\[1\] must be a finite number or a string; received NaN/,
    ],
    [
      'trainer: step after the model was disposed',
      () => {
        const o = new Kind();
        const trainer = o.trainer(AND_X, XOR_Y);
        o.dispose();
        trainer.step();
      },
      pw.DisposedError,
      /^PassiveAggressive\.trainer\(\)\.step: the model was disposed/,
    ],
    [
      'trainer: run with an unknown option',
      onFresh((o) => o.trainer(AND_X, XOR_Y).run({ steps: 1 })),
      TypeError,
      /^PassiveAggressive\.trainer\(\)\.run: unknown option "steps"; known options are maxSteps/,
    ],
    [
      'trainer: finishEpoch after another trainer started',
      onFresh((o) => {
        const first = o.trainer(AND_X, XOR_Y);
        o.trainer(AND_X, AND_Y);
        first.finishEpoch();
      }),
      pw.DisposedError,
      /^PassiveAggressive\.trainer\(\)\.finishEpoch: this trainer ended when the model changed/,
    ],
    [
      'trainer: a validation set with another column count',
      onFresh((o) => o.trainer(AND_X, AND_Y, { validation: { X: X3, y: AND_Y } })),
      RangeError,
      /^PassiveAggressive\.trainer: validation\.X must have 2 columns/,
      /received 3/,
    ],
    [
      'fit: a sampleWeight so large the weights overflow',
      onFresh(
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
    // unfitted
    [
      'predict before fit',
      onFresh((o) => o.predict(AND_X)),
      pw.NotFittedError,
      /PassiveAggressive\.predict: .*has not learned anything yet/,
    ],
    [
      'decisionFunction before fit',
      onFresh((o) => o.decisionFunction(AND_X)),
      pw.NotFittedError,
      /PassiveAggressive\.decisionFunction: .*has not learned anything yet/,
    ],
    [
      'score before fit',
      onFresh((o) => o.score(AND_X, AND_Y)),
      pw.NotFittedError,
      /PassiveAggressive\.score: .*has not learned anything yet/,
    ],
    // disposed
    [
      'fit after dispose',
      onDisposed((d) => d.fit(AND_X, AND_Y)),
      pw.DisposedError,
      /PassiveAggressive\.fit: the model was disposed; create a new PassiveAggressive/,
    ],
    [
      'predict after dispose',
      onDisposed((d) => d.predict(AND_X)),
      pw.DisposedError,
      /PassiveAggressive\.predict: the model was disposed/,
    ],
    [
      'decisionFunction after dispose',
      onDisposed((d) => d.decisionFunction(AND_X)),
      pw.DisposedError,
      /PassiveAggressive\.decisionFunction: the model was disposed/,
    ],
    [
      'score after dispose',
      onDisposed((d) => d.score(AND_X, AND_Y)),
      pw.DisposedError,
      /PassiveAggressive\.score: the model was disposed/,
    ],
    [
      'partialFit after dispose',
      onDisposed((d) => d.partialFit(AND_X, AND_Y)),
      pw.DisposedError,
      /PassiveAggressive\.partialFit: the model was disposed/,
    ],
    [
      'trainer after dispose',
      onDisposed((d) => d.trainer(AND_X, AND_Y)),
      pw.DisposedError,
      /PassiveAggressive\.trainer: the model was disposed/,
    ],
    [
      'toJSON after dispose',
      onDisposed((d) => d.toJSON()),
      pw.DisposedError,
      /PassiveAggressive\.toJSON: the model was disposed/,
    ],
    [
      'options after dispose',
      onDisposed((d) => d.options),
      pw.DisposedError,
      /PassiveAggressive\.options: the model was disposed/,
    ],
    [
      'classes after dispose',
      onDisposed((d) => d.classes),
      pw.DisposedError,
      /PassiveAggressive\.classes: the model was disposed/,
    ],
    [
      'nFeatures after dispose',
      onDisposed((d) => d.nFeatures),
      pw.DisposedError,
      /PassiveAggressive\.nFeatures: the model was disposed/,
    ],
    [
      'steps after dispose',
      onDisposed((d) => d.steps),
      pw.DisposedError,
      /PassiveAggressive\.steps: the model was disposed/,
    ],
    [
      'fitted after dispose',
      onDisposed((d) => d.fitted),
      pw.DisposedError,
      /PassiveAggressive\.fitted: the model was disposed/,
    ],
    [
      'weights after dispose',
      onDisposed((d) => d.weights),
      pw.DisposedError,
      /PassiveAggressive\.weights: the model was disposed/,
    ],
    [
      'bias after dispose',
      onDisposed((d) => d.bias),
      pw.DisposedError,
      /PassiveAggressive\.bias: the model was disposed/,
    ],
    // three classes
    [
      'three classes: predict with 3 columns',
      onThreeClasses((o) => o.predict(X3)),
      RangeError,
      /^PassiveAggressive\.predict: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'three classes: decisionFunction with NaN',
      onThreeClasses((o) => o.decisionFunction([[1, NaN]])),
      RangeError,
      /^PassiveAggressive\.decisionFunction: X must contain only finite numbers; received NaN at row 0, column 1/,
    ],
    [
      'three classes: score with a label outside the classes',
      onThreeClasses((o) => o.score(ABC_X, ['a', 'b', 'd', 'a'])),
      RangeError,
      /^PassiveAggressive\.score: y\[2\] must be one of the classes \["a", "b", "c"\]; received "d"/,
    ],
    [
      'three classes: score with numbers for string classes',
      onThreeClasses((o) => o.score(ABC_X, [0, 1, 2, 0])),
      TypeError,
      /^PassiveAggressive\.score: y must hold strings like the model's classes; received numbers/,
    ],
    [
      'three classes: partialFit with a new class',
      onThreeClasses((o) => o.partialFit([[1, 1]], ['d'])),
      RangeError,
      /^PassiveAggressive\.partialFit: y\[0\] must be one of the classes \["a", "b", "c"\]; received "d"/,
    ],
    [
      'three classes: validation y with a new class',
      onFresh((o) => o.fit(ABC_X, ABC_Y, { validation: { X: [[0, 0]], y: ['z'] } })),
      RangeError,
      /^PassiveAggressive\.fit: validation\.y\[0\] must be one of the classes \["a", "b", "c"\]; received "z"/,
    ],
    // new PassiveAggressive(options)
    [
      'options a string',
      () => new Kind('PA'),
      TypeError,
      /^new PassiveAggressive: options must be a plain object; received the string "PA"/,
    ],
    [
      'options null',
      () => new Kind(null),
      TypeError,
      /^new PassiveAggressive: options must be a plain object; received null/,
    ],
    [
      'option mode PA-3',
      () => new Kind({ mode: 'PA-3' }),
      RangeError,
      /^new PassiveAggressive: option mode must be one of "PA", "PA-I", "PA-II"; received the string "PA-3"/,
    ],
    [
      'option mode in lower case',
      () => new Kind({ mode: 'pa-i' }),
      RangeError,
      /option mode must be one of "PA", "PA-I", "PA-II"; received the string "pa-i"/,
    ],
    [
      'option mode a number',
      () => new Kind({ mode: 1 }),
      TypeError,
      /^new PassiveAggressive: option mode must be one of "PA", "PA-I", "PA-II"; received 1/,
    ],
    [
      'option C 0',
      () => new Kind({ C: 0 }),
      RangeError,
      /^new PassiveAggressive: option C must be a finite number > 0; received 0/,
    ],
    ['option C negative', () => new Kind({ C: -1 }), RangeError, /option C must be a finite number > 0; received -1/],
    ['option C NaN', () => new Kind({ C: NaN }), RangeError, /option C must be a finite number > 0; received NaN/],
    [
      'option C Infinity',
      () => new Kind({ C: Infinity }),
      RangeError,
      /option C must be a finite number > 0; received Infinity/,
    ],
    [
      'option C a string',
      () => new Kind({ C: '1' }),
      TypeError,
      /option C must be a finite number > 0; received the string "1"/,
    ],
    [
      'option C a bigint',
      () => new Kind({ C: 1n }),
      TypeError,
      /option C must be a finite number > 0; received (a|the) bigint/,
    ],
    [
      'option fitIntercept a string',
      () => new Kind({ fitIntercept: 'yes' }),
      TypeError,
      /^new PassiveAggressive: option fitIntercept must be true or false; received the string "yes"/,
    ],
    [
      'option fitIntercept 0',
      () => new Kind({ fitIntercept: 0 }),
      TypeError,
      /option fitIntercept must be true or false; received 0/,
    ],
    [
      'option order unknown',
      () => new Kind({ order: 'random' }),
      RangeError,
      /option order must be one of "cyclic", "shuffle", "sample"; received the string "random"/,
    ],
    [
      'option order a number',
      () => new Kind({ order: 2 }),
      TypeError,
      /option order must be one of "cyclic", "shuffle", "sample"; received 2/,
    ],
    [
      'option maxEpochs 0',
      () => new Kind({ maxEpochs: 0 }),
      RangeError,
      /option maxEpochs must be an integer from 1 to 9007199254740991; received 0/,
    ],
    [
      'option maxEpochs null',
      () => new Kind({ maxEpochs: null }),
      TypeError,
      /option maxEpochs must be an integer from 1 to 9007199254740991; received null/,
    ],
    [
      'option maxSteps 1.5',
      () => new Kind({ maxSteps: 1.5 }),
      RangeError,
      /option maxSteps must be an integer from 1/,
      /received 1\.5/,
    ],
    [
      'option seed 2^60',
      () => new Kind({ seed: 2 ** 60 }),
      RangeError,
      /option seed must be an integer from 0 to 9007199254740991/,
    ],
    [
      'option earlyStopping null',
      () => new Kind({ earlyStopping: null }),
      TypeError,
      /option earlyStopping must be true or false; received null/,
    ],
    [
      'option validationFraction negative',
      () => new Kind({ validationFraction: -0.1 }),
      RangeError,
      /option validationFraction must be .*; received -0\.1/,
    ],
    [
      'option patience 2.5',
      () => new Kind({ patience: 2.5 }),
      RangeError,
      /option patience must be an integer from 1/,
      /received 2\.5/,
    ],
    [
      'option classWeight a number',
      () => new Kind({ classWeight: 2 }),
      TypeError,
      /option classWeight must be "balanced" or an object \{label: weight\}; received 2/,
    ],
    [
      'option classWeight a string value',
      () => new Kind({ classWeight: { a: 'x' } }),
      TypeError,
      /option classWeight\["a"\] must be a number; received the string "x"/,
    ],
    [
      'option preprocess unknown',
      () => new Kind({ preprocess: 'zscore' }),
      RangeError,
      /option preprocess must be one of "standardize", "minMax", "unitBall"; received the string "zscore"/,
    ],
    [
      'option c (a typo)',
      () => new Kind({ c: 1 }),
      TypeError,
      /^new PassiveAggressive: unknown option "c"; known options are .*\(did you mean C\?\)/,
    ],
    [
      'option moed (a typo)',
      () => new Kind({ moed: 'PA' }),
      TypeError,
      /unknown option "moed"; known options are .*\(did you mean mode\?\)/,
    ],
    [
      "option learningRate (not PA's)",
      () => new Kind({ learningRate: 1 }),
      TypeError,
      /^new PassiveAggressive: unknown option "learningRate"; known options are mode, C/,
    ],
    [
      "option mistakeRule (not PA's)",
      () => new Kind({ mistakeRule: 'sign' }),
      TypeError,
      /unknown option "mistakeRule"/,
    ],
    ["option variant (not PA's)", () => new Kind({ variant: 'averaged' }), TypeError, /unknown option "variant"/],
    ["option margin (not PA's)", () => new Kind({ margin: 1 }), TypeError, /unknown option "margin"/],
    ["option kernel (not PA's)", () => new Kind({ kernel: 'rbf' }), TypeError, /unknown option "kernel"/],
    // PassiveAggressive.fromJSON
    [
      'fromJSON: a number',
      () => Kind.fromJSON(5),
      TypeError,
      /^PassiveAggressive\.fromJSON: expected a model object; received 5/,
    ],
    [
      'fromJSON: undefined',
      () => Kind.fromJSON(),
      TypeError,
      /^PassiveAggressive\.fromJSON: expected a model object; received undefined/,
    ],
    [
      'fromJSON: bad JSON text',
      () => Kind.fromJSON('{"format":'),
      TypeError,
      /^PassiveAggressive\.fromJSON: the text is not valid JSON/,
    ],
    [
      "fromJSON: a Winnow's format",
      (m) => load(m, (j) => ({ ...j, format: 'perceptron-wasm/Winnow' })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field format must be "perceptron-wasm\/PassiveAggressive"; received the string "perceptron-wasm\/Winnow"/,
    ],
    [
      'fromJSON: version 2',
      (m) => load(m, (j) => ({ ...j, version: 2 })),
      RangeError,
      /^PassiveAggressive\.fromJSON: field version must be 1; received 2/,
    ],
    [
      'fromJSON: options null',
      (m) => load(m, (j) => ({ ...j, options: null })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field options must be an object; received null/,
    ],
    [
      'fromJSON: a bad mode option',
      (m) => load(m, (j) => ({ ...j, options: { ...j.options, mode: 'PA-III' } })),
      RangeError,
      /^PassiveAggressive\.fromJSON: field options: option mode must be one of "PA", "PA-I", "PA-II"; received the string "PA-III"/,
    ],
    [
      'fromJSON: a bad C option',
      (m) => load(m, (j) => ({ ...j, options: { ...j.options, C: -1 } })),
      RangeError,
      /^PassiveAggressive\.fromJSON: field options: option C must be a finite number > 0; received -1/,
    ],
    [
      'fromJSON: an unknown option',
      (m) => load(m, (j) => ({ ...j, options: { ...j.options, kernel: 'rbf' } })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field options: unknown option "kernel"/,
    ],
    [
      'fromJSON: classes an object',
      (m) => load(m, (j) => ({ ...j, classes: {} })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field classes must be an array of labels; received an object/,
    ],
    [
      'fromJSON: one class',
      (m) => load(m, (j) => ({ ...j, classes: [1] })),
      RangeError,
      /^PassiveAggressive\.fromJSON: .*classes must hold at least two distinct classes; received 1/,
    ],
    [
      'fromJSON: classes mixing numbers and strings',
      (m) => load(m, (j) => ({ ...j, classes: [-1, 'a'] })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field classes must hold only numbers or only strings/,
    ],
    [
      'fromJSON: nFeatures a string',
      (m) => load(m, (j) => ({ ...j, nFeatures: '2' })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field nFeatures must be a non-negative integer; received the string "2"/,
    ],
    [
      'fromJSON: nFeatures 0',
      (m) => load(m, (j) => ({ ...j, nFeatures: 0 })),
      RangeError,
      /^PassiveAggressive\.fromJSON: field weights\[0\] must hold nFeatures = 0 numbers; received an array of length 2/,
    ],
    [
      'fromJSON: steps missing',
      (m) => load(m, (j) => ({ ...j, steps: undefined })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field steps must be a number; received undefined/,
    ],
    [
      'fromJSON: steps NaN',
      (m) => load(m, (j) => ({ ...j, steps: NaN })),
      RangeError,
      /^PassiveAggressive\.fromJSON: .*steps must be an integer from 0/,
    ],
    [
      'fromJSON: weights not an array',
      (m) => load(m, (j) => ({ ...j, weights: 5 })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field weights must be an array of rows of nFeatures = 2 numbers; received 5/,
    ],
    [
      'fromJSON: weights flat (as the binary getter gives them)',
      (m) => load(m, (j) => ({ ...j, weights: j.weights[0] })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field weights\[0\] must be an array of nFeatures = 2 numbers; received -?\d/,
    ],
    [
      'fromJSON: a weight row of the wrong length',
      (m) => load(m, (j) => ({ ...j, weights: [[1, 2, 3]] })),
      RangeError,
      /^PassiveAggressive\.fromJSON: field weights\[0\] must hold nFeatures = 2 numbers; received an array of length 3/,
    ],
    [
      'fromJSON: a null weight',
      (m) => load(m, (j) => ({ ...j, weights: [[1, null]] })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field weights\[0\]\[1\] must be a number; received null/,
    ],
    [
      'fromJSON: an infinite weight',
      (m) => load(m, (j) => ({ ...j, weights: [[1, -Infinity]] })),
      RangeError,
      /^PassiveAggressive\.fromJSON: .*weights.*finite/,
      /-Infinity/,
    ],
    [
      'fromJSON: two weight rows for two classes',
      (m) => load(m, (j) => ({ ...j, weights: [j.weights[0], j.weights[0]], biases: [0, 0] })),
      RangeError,
      /^PassiveAggressive\.fromJSON: .*weights and biases must hold 1 row\(s\) of nFeatures = 2 for 2 classes/,
    ],
    [
      'fromJSON: biases missing',
      (m) => load(m, (j) => ({ ...j, biases: undefined })),
      TypeError,
      /^PassiveAggressive\.fromJSON: field biases must be an array of numbers; received undefined/,
    ],
    [
      'fromJSON: a NaN bias',
      (m) => load(m, (j) => ({ ...j, biases: [NaN] })),
      RangeError,
      /^PassiveAggressive\.fromJSON: .*biases.*finite/,
      /NaN/,
    ],
    [
      'fromJSON: two biases for two classes',
      (m) => load(m, (j) => ({ ...j, biases: [0, 0] })),
      RangeError,
      /^PassiveAggressive\.fromJSON: .*weights and biases must hold 1 row\(s\) of nFeatures = 2 for 2 classes/,
    ],
    [
      'fromJSON: three classes with one weight row',
      (m) => load(m, (j) => ({ ...j, classes: [-1, 0, 1] })),
      RangeError,
      /^PassiveAggressive\.fromJSON: .*weights and biases must hold 3 row\(s\) of nFeatures = 2 for 3 classes/,
    ],
  ],
});
