// Bad input to pw.KernelPerceptron: every call of its public surface (index.d.ts: KernelOptions,
// KernelJSON, KernelPerceptron, Model, BatchFitOptions; README "The other models") with a wrong
// argument throws a TypeError or RangeError (or NotFittedError / DisposedError) naming the
// argument and what it received, and leaves the model and the wasm memory as they were.
import { AND_X, AND_Y, XOR_Y, pw } from './helpers.mjs';
import { badInputTable, modelState } from './bad-input.mjs';

const Kind = pw.KernelPerceptron;
const X3 = AND_X.map((row) => [...row, 0]);

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

badInputTable('KernelPerceptron: bad input', {
  setup: () => fitted(),
  state: modelState,
  teardown: (m) => m.dispose(),
  cases: [
    // fit: X
    [
      'fit: X a number',
      (m) => m.fit(42, AND_Y),
      TypeError,
      /^KernelPerceptron\.fit: X must be an array of rows/,
      /received 42/,
    ],
    ['fit: X null', (m) => m.fit(null, AND_Y), TypeError, /^KernelPerceptron\.fit: X must be/, /received null/],
    [
      'fit: X a string',
      (m) => m.fit('0,0', AND_Y),
      TypeError,
      /KernelPerceptron\.fit: X must be/,
      /received the string "0,0"/,
    ],
    [
      'fit: X a flat number array',
      (m) => m.fit([0, 1, 1, 0], AND_Y),
      TypeError,
      /KernelPerceptron\.fit: X\[0\] must be an array of numbers/,
      /received 0; for a single example pass \[x\]/,
    ],
    [
      'fit: ragged X',
      (m) => m.fit([[0, 0], [1], [1, 0], [1, 1]], AND_Y),
      RangeError,
      /KernelPerceptron\.fit: X must have rows of equal length; X\[0\] has 2 values, X\[1\] has 1/,
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
      /KernelPerceptron\.fit: X\[1\]\[1\] must be a number; received the string "a"/,
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
      /KernelPerceptron\.fit: X must contain only finite numbers; received NaN at row 2, column 0/,
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
      /KernelPerceptron\.fit: X must contain only finite numbers; received Infinity at row 1, column 1/,
    ],
    [
      'fit: empty X',
      (m) => m.fit([], []),
      RangeError,
      /KernelPerceptron\.fit: X must have at least one row; received 0 rows/,
    ],
    [
      'fit: rows without columns',
      (m) => m.fit([[], [], [], []], AND_Y),
      RangeError,
      /KernelPerceptron\.fit: X must have at least one column; received 0 columns/,
    ],
    [
      'fit: typed X of the wrong size',
      (m) => m.fit({ data: new Float64Array(7), rows: 4, cols: 2 }, AND_Y),
      RangeError,
      /KernelPerceptron\.fit: X\.data must hold rows \* cols = 4 \* 2 = 8 values; received 7/,
    ],
    [
      'fit: typed X with fractional cols',
      (m) => m.fit({ data: new Float64Array(8), rows: 4, cols: 2.5 }, AND_Y),
      RangeError,
      /KernelPerceptron\.fit: X\.cols must be a non-negative integer; received 2\.5/,
    ],
    [
      'fit: typed X data an Int32Array',
      (m) => m.fit({ data: new Int32Array(8), rows: 4, cols: 2 }, AND_Y),
      TypeError,
      /KernelPerceptron\.fit: X\.data must be a Float64Array or Float32Array/,
      /received a Int32Array of length 8/,
    ],
    // fit: y
    [
      'fit: y shorter than X',
      (m) => m.fit(AND_X, [-1, -1, 1]),
      RangeError,
      /KernelPerceptron\.fit: y must have one label per row of X \(4\); received 3 labels/,
    ],
    [
      'fit: y missing',
      (m) => m.fit(AND_X),
      TypeError,
      /KernelPerceptron\.fit: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'fit: y a string',
      (m) => m.fit(AND_X, 'abcd'),
      TypeError,
      /KernelPerceptron\.fit: y must be an array of labels/,
      /received the string "abcd"/,
    ],
    [
      'fit: y with null',
      (m) => m.fit(AND_X, [-1, null, -1, 1]),
      TypeError,
      /KernelPerceptron\.fit: y\[1\] must be a number or a string; received null/,
    ],
    [
      'fit: y mixing numbers and strings',
      (m) => m.fit(AND_X, [-1, 'a', -1, 1]),
      TypeError,
      /KernelPerceptron\.fit: y must hold only numbers or only strings/,
    ],
    [
      'fit: y with NaN',
      (m) => m.fit(AND_X, [-1, -1, NaN, 1]),
      RangeError,
      /KernelPerceptron\.fit: y\[2\] must be a finite number or a string; received NaN/,
    ],
    [
      'fit: y with one class',
      (m) => m.fit(AND_X, [1, 1, 1, 1]),
      RangeError,
      /KernelPerceptron\.fit: y must hold exactly two distinct classes/,
      /received 1 class \[1\]/,
    ],
    [
      'fit: y with three classes',
      (m) => m.fit(AND_X, ['a', 'b', 'c', 'a']),
      RangeError,
      /KernelPerceptron\.fit: y must hold exactly two distinct classes/,
      /received 3 classes \["a", "b", "c"\]/,
    ],
    // fit: a Dataset
    [
      'fit: a Dataset without labels and no y',
      (m) => withDataset(AND_X, undefined, (d) => m.fit(d)),
      TypeError,
      /KernelPerceptron\.fit: X is a Dataset without labels; give y/,
    ],
    [
      'fit: a disposed Dataset',
      (m) => withDataset(AND_X, AND_Y, (d) => m.fit(d), { disposed: true }),
      pw.DisposedError,
      /KernelPerceptron\.fit: X is a disposed Dataset/,
    ],
    // fit: options (BatchFitOptions)
    [
      'fit: options not an object',
      (m) => m.fit(AND_X, AND_Y, 5),
      TypeError,
      /KernelPerceptron\.fit: options must be a plain object; received 5/,
    ],
    [
      'fit: onStep (not a batch fit option)',
      (m) => m.fit(AND_X, AND_Y, { onStep() {} }),
      TypeError,
      /KernelPerceptron\.fit: unknown option "onStep"; known options are onEpoch, signal, sampleWeight, validation/,
    ],
    [
      'fit: initialWeights (not a batch fit option)',
      (m) => m.fit(AND_X, AND_Y, { initialWeights: [0, 0] }),
      TypeError,
      /KernelPerceptron\.fit: unknown option "initialWeights"/,
    ],
    [
      'fit: onEpoch not a function',
      (m) => m.fit(AND_X, AND_Y, { onEpoch: true }),
      TypeError,
      /KernelPerceptron\.fit: option onEpoch must be a function; received true/,
    ],
    [
      'fit: signal not an AbortSignal',
      (m) => m.fit(AND_X, AND_Y, { signal: 'stop' }),
      TypeError,
      /KernelPerceptron\.fit: option signal must be an AbortSignal; received the string "stop"/,
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
      /KernelPerceptron\.fit: sampleWeight must have one weight per row of X \(4\); received 3/,
    ],
    [
      'fit: a negative sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: [1, -1, 1, 1] }),
      RangeError,
      /KernelPerceptron\.fit: sampleWeight\[1\] must be a finite number >= 0; received -1/,
    ],
    [
      'fit: a NaN sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: [1, 1, NaN, 1] }),
      RangeError,
      /KernelPerceptron\.fit: sampleWeight\[2\] must be a finite number >= 0; received NaN/,
    ],
    [
      'fit: sampleWeight a string',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: '1111' }),
      TypeError,
      /KernelPerceptron\.fit: sampleWeight must be an array of numbers; received the string "1111"/,
    ],
    [
      'fit: validation not an object',
      (m) => m.fit(AND_X, AND_Y, { validation: 5 }),
      TypeError,
      /KernelPerceptron\.fit: option validation must be an object \{X, y\}; received 5/,
    ],
    [
      'fit: validation without y',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: AND_X } }),
      TypeError,
      /KernelPerceptron\.fit: option validation must be an object \{X, y\}; received an object/,
    ],
    [
      'fit: validation X with another column count',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: X3, y: AND_Y } }),
      RangeError,
      /KernelPerceptron\.fit: validation\.X must have 2 columns/,
      /received 3/,
    ],
    [
      'fit: validation y outside the classes',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: AND_X, y: [-1, -1, -1, 7] } }),
      RangeError,
      /KernelPerceptron\.fit: validation\.y\[3\] must be one of the classes \[-1, 1\]; received 7/,
    ],
    [
      'fit: NaN in validation X',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: [[0, NaN]], y: [1] } }),
      RangeError,
      /KernelPerceptron\.fit: validation\.X must contain only finite numbers; received NaN at row 0, column 1/,
    ],
    [
      'fit: classWeight for a label that is not a class',
      onFresh((o) => o.fit(AND_X, AND_Y), { classWeight: { 5: 2 } }),
      RangeError,
      /KernelPerceptron\.fit: option classWeight key "5" must be one of the classes \[-1, 1\]; received 5/,
    ],
    // predict, decisionFunction, score
    [
      'predict: 3 columns for a 2-feature model',
      (m) => m.predict(X3),
      RangeError,
      /KernelPerceptron\.predict: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'predict: a flat typed array',
      (m) => m.predict(Float64Array.of(0, 1)),
      TypeError,
      /KernelPerceptron\.predict: X must be an array of rows/,
      /\{data, rows, cols\}/,
      /received a Float64Array of length 2/,
    ],
    ['predict: undefined', (m) => m.predict(), TypeError, /KernelPerceptron\.predict: X must be/, /received undefined/],
    ['predict: empty X', (m) => m.predict([]), RangeError, /KernelPerceptron\.predict: X must have at least one row/],
    [
      'predict: -Infinity in X',
      (m) => m.predict([[0, -Infinity]]),
      RangeError,
      /KernelPerceptron\.predict: X must contain only finite numbers; received -Infinity at row 0, column 1/,
    ],
    [
      'predict: a Dataset with 3 columns',
      (m) => withDataset(X3, undefined, (d) => m.predict(d)),
      RangeError,
      /KernelPerceptron\.predict: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'decisionFunction: 1 column',
      (m) => m.decisionFunction([[1], [0]]),
      RangeError,
      /KernelPerceptron\.decisionFunction: X must have 2 columns \(the model's feature count\); received 1/,
    ],
    [
      'decisionFunction: NaN in typed X',
      (m) => m.decisionFunction({ data: Float64Array.of(1, NaN), rows: 1, cols: 2 }),
      RangeError,
      /KernelPerceptron\.decisionFunction: X must contain only finite numbers; received NaN at row 0, column 1/,
    ],
    [
      'score: 3 columns',
      (m) => m.score(X3, AND_Y),
      RangeError,
      /KernelPerceptron\.score: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'score: y of the wrong length',
      (m) => m.score(AND_X, [-1, 1]),
      RangeError,
      /KernelPerceptron\.score: y must have one label per row of X \(4\); received 2 labels/,
    ],
    [
      'score: a label outside the classes',
      (m) => m.score(AND_X, [-1, -1, -1, 2]),
      RangeError,
      /KernelPerceptron\.score: y\[3\] must be one of the classes \[-1, 1\]; received 2/,
    ],
    [
      'score: string labels for numeric classes',
      (m) => m.score(AND_X, ['a', 'a', 'a', 'b']),
      TypeError,
      /KernelPerceptron\.score: y must hold numbers like the model's classes; received strings/,
    ],
    ['score: y missing', (m) => m.score(AND_X), TypeError, /KernelPerceptron\.score: y must be an array of labels/],
    // partialFit
    [
      'partialFit: 3 columns on a 2-feature model',
      (m) => m.partialFit(X3, AND_Y),
      RangeError,
      /KernelPerceptron\.partialFit: X must have 2 columns/,
      /received 3/,
    ],
    [
      'partialFit: a label outside the classes',
      (m) => m.partialFit([[1, 1]], [5]),
      RangeError,
      /KernelPerceptron\.partialFit: y\[0\] must be one of the classes \[-1, 1\]; received 5/,
    ],
    [
      'partialFit: other classes than the model has',
      (m) => m.partialFit(AND_X, [0, 0, 0, 1], { classes: [0, 1] }),
      RangeError,
      /KernelPerceptron\.partialFit: classes/,
      /\[-1, 1\]/,
      /received \[0, 1\]/,
    ],
    [
      'partialFit: an unknown option',
      (m) => m.partialFit(AND_X, AND_Y, { validation: { X: AND_X, y: AND_Y } }),
      TypeError,
      /KernelPerceptron\.partialFit: unknown option "validation"; known options are classes, sampleWeight/,
    ],
    [
      'partialFit: sampleWeight of the wrong length',
      (m) => m.partialFit(AND_X, AND_Y, { sampleWeight: [1] }),
      RangeError,
      /KernelPerceptron\.partialFit: sampleWeight must have one weight per row of X \(4\); received 1/,
    ],
    [
      'partialFit: NaN in X',
      (m) => m.partialFit([[NaN, 1]], [1]),
      RangeError,
      /KernelPerceptron\.partialFit: X must contain only finite numbers; received NaN at row 0, column 0/,
    ],
    [
      'partialFit: classWeight balanced',
      onFitted((o) => o.partialFit(AND_X, AND_Y), { classWeight: 'balanced' }),
      RangeError,
      /KernelPerceptron\.partialFit: classWeight 'balanced' needs the whole training set/,
    ],
    [
      'partialFit, unfitted: string labels without classes',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'])),
      TypeError,
      /KernelPerceptron\.partialFit: the first partialFit call needs the classes/,
    ],
    [
      'partialFit, unfitted: one class',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'a'], { classes: ['a'] })),
      RangeError,
      /KernelPerceptron\.partialFit: classes must hold exactly two distinct classes/,
      /received 1 class \["a"\]/,
    ],
    [
      'partialFit, unfitted: classes not an array',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'], { classes: 'ab' })),
      TypeError,
      /KernelPerceptron\.partialFit: classes must be an array of labels/,
      /received the string "ab"/,
    ],
    [
      'partialFit, unfitted: a label outside the classes given',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'c'], { classes: ['a', 'b'] })),
      RangeError,
      /KernelPerceptron\.partialFit: y\[3\] must be one of the classes \["a", "b"\]; received "c"/,
    ],
    // trainer
    [
      'trainer: onEpoch is not a trainer option',
      onFresh((o) => o.trainer(AND_X, AND_Y, { onEpoch() {} })),
      TypeError,
      /KernelPerceptron\.trainer: unknown option "onEpoch"; known options are sampleWeight, validation/,
    ],
    [
      'trainer: X not an array',
      onFresh((o) => o.trainer(7, AND_Y)),
      TypeError,
      /KernelPerceptron\.trainer: X must be an array of rows/,
      /received 7/,
    ],
    [
      'trainer: one class',
      onFresh((o) => o.trainer(AND_X, [1, 1, 1, 1])),
      RangeError,
      /KernelPerceptron\.trainer: y must hold exactly two distinct classes/,
    ],
    [
      'trainer: sampleWeight of the wrong length',
      onFresh((o) => o.trainer(AND_X, AND_Y, { sampleWeight: [1, 2] })),
      RangeError,
      /KernelPerceptron\.trainer: sampleWeight must have one weight per row of X \(4\); received 2/,
    ],
    [
      'trainer: run with a negative maxSteps',
      onFresh((o) => o.trainer(AND_X, XOR_Y).run({ maxSteps: -1 })),
      RangeError,
      /KernelPerceptron\.trainer\(\)\.run: option maxSteps must be an integer >= 0; received -1/,
    ],
    [
      'trainer: step after the model changed',
      onFresh((o) => {
        const trainer = o.trainer(AND_X, XOR_Y);
        o.partialFit(AND_X, XOR_Y);
        trainer.step();
      }),
      pw.DisposedError,
      /KernelPerceptron\.trainer\(\)\.step: this trainer ended when the model changed/,
    ],
    // re-entrant calls from a callback, unusual labels and weights, trainers
    [
      'fit: onEpoch calls fit again',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => void m.fit(AND_X, AND_Y) }),
      TypeError,
      /^KernelPerceptron\.fit: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: onEpoch calls partialFit',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => void m.partialFit(AND_X, AND_Y) }),
      TypeError,
      /^KernelPerceptron\.partialFit: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: onEpoch disposes the model',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => m.dispose() }),
      TypeError,
      /^KernelPerceptron\.dispose: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: y a Float64Array with Infinity',
      (m) => m.fit(AND_X, Float64Array.of(-1, -1, Infinity, 1)),
      RangeError,
      /^KernelPerceptron\.fit: y\[2\] must be a finite number or a string; received Infinity/,
    ],
    [
      'fit: y an Int8Array of the wrong length',
      (m) => m.fit(AND_X, Int8Array.of(-1, 1)),
      RangeError,
      /^KernelPerceptron\.fit: y must have one label per row of X \(4\); received 2 labels/,
    ],
    [
      'fit: a label with a lone surrogate',
      (m) => m.fit(AND_X, ['a', 'a', 'a', 'b\uD800']),
      TypeError,
      /^KernelPerceptron\.fit: y\[3\] must be a well-formed string \(no lone surrogate\)/,
    ],
    [
      'fit: NaN in a Float64Array row',
      (m) =>
        m.fit([Float64Array.of(0, 0), Float64Array.of(0, 1), Float64Array.of(1, NaN), Float64Array.of(1, 1)], AND_Y),
      RangeError,
      /^KernelPerceptron\.fit: X must contain only finite numbers; received NaN at row 2, column 1/,
    ],
    [
      'fit: an infinite Float32Array sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: Float32Array.of(1, 1, 1, Infinity) }),
      RangeError,
      /^KernelPerceptron\.fit: sampleWeight\[3\] must be a finite number >= 0; received Infinity/,
    ],
    [
      'fit: options a class instance',
      (m) => m.fit(AND_X, AND_Y, new Map()),
      TypeError,
      /^KernelPerceptron\.fit: options must be a plain object; received an object/,
    ],
    [
      'score: a Dataset without labels and no y',
      (m) => withDataset(AND_X, undefined, (d) => m.score(d)),
      TypeError,
      /^KernelPerceptron\.score: X is a Dataset without labels; give y/,
    ],
    [
      'predict: a disposed Dataset',
      (m) => withDataset(AND_X, undefined, (d) => m.predict(d), { disposed: true }),
      pw.DisposedError,
      /^KernelPerceptron\.predict: X is a disposed Dataset/,
    ],
    [
      'partialFit, unfitted: duplicate classes',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'], { classes: ['a', 'b', 'a'] })),
      RangeError,
      /^KernelPerceptron\.partialFit: classes must hold distinct labels/,
    ],
    [
      'partialFit, unfitted: NaN among the classes',
      onFresh((o) => o.partialFit(AND_X, AND_Y, { classes: [-1, NaN] })),
      RangeError,
      /^KernelPerceptron\.partialFit: classes\[1\] must be a finite number or a string; received NaN/,
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
      /^KernelPerceptron\.trainer\(\)\.step: the model was disposed/,
    ],
    [
      'trainer: run with an unknown option',
      onFresh((o) => o.trainer(AND_X, XOR_Y).run({ steps: 1 })),
      TypeError,
      /^KernelPerceptron\.trainer\(\)\.run: unknown option "steps"; known options are maxSteps/,
    ],
    [
      'trainer: finishEpoch after another trainer started',
      onFresh((o) => {
        const first = o.trainer(AND_X, XOR_Y);
        o.trainer(AND_X, AND_Y);
        first.finishEpoch();
      }),
      pw.DisposedError,
      /^KernelPerceptron\.trainer\(\)\.finishEpoch: this trainer ended when the model changed/,
    ],
    [
      'trainer: a validation set with another column count',
      onFresh((o) => o.trainer(AND_X, AND_Y, { validation: { X: X3, y: AND_Y } })),
      RangeError,
      /^KernelPerceptron\.trainer: validation\.X must have 2 columns/,
      /received 3/,
    ],
    [
      'fit: learningRate and sampleWeight so large the coefficients overflow',
      onFresh((o) => o.fit(AND_X, AND_Y, { sampleWeight: [1e300, 1e300, 1e300, 1e300] }), { learningRate: 1e300 }),
      RangeError,
      /^KernelPerceptron\.fit: /,
      /finite|overflow/,
    ],
    // unfitted
    [
      'predict before fit',
      onFresh((o) => o.predict(AND_X)),
      pw.NotFittedError,
      /KernelPerceptron\.predict: .*has not learned anything yet/,
    ],
    [
      'decisionFunction before fit',
      onFresh((o) => o.decisionFunction(AND_X)),
      pw.NotFittedError,
      /KernelPerceptron\.decisionFunction: .*has not learned anything yet/,
    ],
    [
      'score before fit',
      onFresh((o) => o.score(AND_X, AND_Y)),
      pw.NotFittedError,
      /KernelPerceptron\.score: .*has not learned anything yet/,
    ],
    // disposed
    [
      'fit after dispose',
      onDisposed((d) => d.fit(AND_X, AND_Y)),
      pw.DisposedError,
      /KernelPerceptron\.fit: the model was disposed; create a new KernelPerceptron/,
    ],
    [
      'predict after dispose',
      onDisposed((d) => d.predict(AND_X)),
      pw.DisposedError,
      /KernelPerceptron\.predict: the model was disposed/,
    ],
    [
      'decisionFunction after dispose',
      onDisposed((d) => d.decisionFunction(AND_X)),
      pw.DisposedError,
      /KernelPerceptron\.decisionFunction: the model was disposed/,
    ],
    [
      'score after dispose',
      onDisposed((d) => d.score(AND_X, AND_Y)),
      pw.DisposedError,
      /KernelPerceptron\.score: the model was disposed/,
    ],
    [
      'partialFit after dispose',
      onDisposed((d) => d.partialFit(AND_X, AND_Y)),
      pw.DisposedError,
      /KernelPerceptron\.partialFit: the model was disposed/,
    ],
    [
      'trainer after dispose',
      onDisposed((d) => d.trainer(AND_X, AND_Y)),
      pw.DisposedError,
      /KernelPerceptron\.trainer: the model was disposed/,
    ],
    [
      'toJSON after dispose',
      onDisposed((d) => d.toJSON()),
      pw.DisposedError,
      /KernelPerceptron\.toJSON: the model was disposed/,
    ],
    [
      'options after dispose',
      onDisposed((d) => d.options),
      pw.DisposedError,
      /KernelPerceptron\.options: the model was disposed/,
    ],
    [
      'classes after dispose',
      onDisposed((d) => d.classes),
      pw.DisposedError,
      /KernelPerceptron\.classes: the model was disposed/,
    ],
    [
      'nFeatures after dispose',
      onDisposed((d) => d.nFeatures),
      pw.DisposedError,
      /KernelPerceptron\.nFeatures: the model was disposed/,
    ],
    [
      'steps after dispose',
      onDisposed((d) => d.steps),
      pw.DisposedError,
      /KernelPerceptron\.steps: the model was disposed/,
    ],
    [
      'fitted after dispose',
      onDisposed((d) => d.fitted),
      pw.DisposedError,
      /KernelPerceptron\.fitted: the model was disposed/,
    ],
    [
      'supportVectors after dispose',
      onDisposed((d) => d.supportVectors),
      pw.DisposedError,
      /KernelPerceptron\.supportVectors: the model was disposed/,
    ],
    [
      'coefficients after dispose',
      onDisposed((d) => d.coefficients),
      pw.DisposedError,
      /KernelPerceptron\.coefficients: the model was disposed/,
    ],
    [
      'bias after dispose',
      onDisposed((d) => d.bias),
      pw.DisposedError,
      /KernelPerceptron\.bias: the model was disposed/,
    ],
    [
      'gamma after dispose',
      onDisposed((d) => d.gamma),
      pw.DisposedError,
      /KernelPerceptron\.gamma: the model was disposed/,
    ],
    // new KernelPerceptron(options)
    [
      'options a string',
      () => new Kind('rbf'),
      TypeError,
      /^new KernelPerceptron: options must be a plain object; received the string "rbf"/,
    ],
    [
      'options an array',
      () => new Kind([1]),
      TypeError,
      /^new KernelPerceptron: options must be a plain object; received an array of length 1/,
    ],
    [
      'option kernel unknown',
      () => new Kind({ kernel: 'sigmoid' }),
      RangeError,
      /^new KernelPerceptron: option kernel must be one of "linear", "polynomial", "rbf"; received the string "sigmoid"/,
    ],
    [
      'option kernel a number',
      () => new Kind({ kernel: 1 }),
      TypeError,
      /^new KernelPerceptron: option kernel must be one of .*; received 1/,
    ],
    [
      'option kernel in capitals',
      () => new Kind({ kernel: 'RBF' }),
      RangeError,
      /option kernel must be one of "linear", "polynomial", "rbf"; received the string "RBF"/,
    ],
    [
      'option degree 0',
      () => new Kind({ degree: 0 }),
      RangeError,
      /^new KernelPerceptron: option degree must be an integer from 1 to \d+; received 0/,
    ],
    [
      'option degree 1.5',
      () => new Kind({ degree: 1.5 }),
      RangeError,
      /option degree must be an integer from 1/,
      /received 1\.5/,
    ],
    [
      'option degree a string',
      () => new Kind({ degree: '3' }),
      TypeError,
      /option degree must be an integer from 1/,
      /received the string "3"/,
    ],
    [
      'option gamma 0',
      () => new Kind({ gamma: 0 }),
      RangeError,
      /^new KernelPerceptron: option gamma must be a finite number > 0 or "auto"/,
      /received 0/,
    ],
    [
      'option gamma negative',
      () => new Kind({ gamma: -2 }),
      RangeError,
      /option gamma must be a finite number > 0 or "auto"/,
      /received -2/,
    ],
    ['option gamma NaN', () => new Kind({ gamma: NaN }), RangeError, /option gamma must be/, /received NaN/],
    [
      'option gamma Infinity',
      () => new Kind({ gamma: Infinity }),
      RangeError,
      /option gamma must be/,
      /received Infinity/,
    ],
    [
      'option gamma "scale"',
      () => new Kind({ gamma: 'scale' }),
      RangeError,
      /option gamma must be/,
      /received the string "scale"/,
    ],
    ['option gamma true', () => new Kind({ gamma: true }), TypeError, /option gamma must be/, /received true/],
    [
      'option coef0 NaN',
      () => new Kind({ coef0: NaN }),
      RangeError,
      /^new KernelPerceptron: option coef0 must be a finite number; received NaN/,
    ],
    [
      'option coef0 -Infinity',
      () => new Kind({ coef0: -Infinity }),
      RangeError,
      /option coef0 must be a finite number; received -Infinity/,
    ],
    [
      'option coef0 a string',
      () => new Kind({ coef0: '1' }),
      TypeError,
      /option coef0 must be a finite number; received the string "1"/,
    ],
    [
      'option budget 0',
      () => new Kind({ budget: 0 }),
      RangeError,
      /^new KernelPerceptron: option budget must be an integer from 1/,
      /received 0/,
    ],
    [
      'option budget 2.5',
      () => new Kind({ budget: 2.5 }),
      RangeError,
      /option budget must be an integer from 1/,
      /received 2\.5/,
    ],
    [
      'option budget null',
      () => new Kind({ budget: null }),
      TypeError,
      /option budget must be an integer from 1/,
      /received null/,
    ],
    [
      'option variant averaged',
      () => new Kind({ variant: 'averaged' }),
      RangeError,
      /option variant must be "classic" for the kernel perceptron; received the string "averaged"/,
    ],
    [
      'option warmStart',
      () => new Kind({ warmStart: true }),
      RangeError,
      /option warmStart is not available for the kernel perceptron/,
    ],
    [
      'option learningRate 0',
      () => new Kind({ learningRate: 0 }),
      RangeError,
      /option learningRate must be a finite number > 0; received 0/,
    ],
    [
      'option mistakeRule unknown',
      () => new Kind({ mistakeRule: 'hinge' }),
      RangeError,
      /option mistakeRule must be one of "margin", "sign", "strict"; received the string "hinge"/,
    ],
    [
      'option margin negative',
      () => new Kind({ margin: -1 }),
      RangeError,
      /option margin must be a finite number >= 0; received -1/,
    ],
    [
      'option fitIntercept a string',
      () => new Kind({ fitIntercept: 'yes' }),
      TypeError,
      /option fitIntercept must be true or false; received the string "yes"/,
    ],
    [
      'option order unknown',
      () => new Kind({ order: 'random' }),
      RangeError,
      /option order must be one of "cyclic", "shuffle", "sample"; received the string "random"/,
    ],
    [
      'option maxEpochs 0',
      () => new Kind({ maxEpochs: 0 }),
      RangeError,
      /option maxEpochs must be an integer from 1 to 9007199254740991; received 0/,
    ],
    [
      'option maxSteps 0',
      () => new Kind({ maxSteps: 0 }),
      RangeError,
      /option maxSteps must be an integer from 1/,
      /received 0/,
    ],
    [
      'option seed negative',
      () => new Kind({ seed: -1 }),
      RangeError,
      /option seed must be an integer from 0 to 9007199254740991; received -1/,
    ],
    [
      'option earlyStopping a number',
      () => new Kind({ earlyStopping: 1 }),
      TypeError,
      /option earlyStopping must be true or false; received 1/,
    ],
    [
      'option validationFraction 1',
      () => new Kind({ validationFraction: 1 }),
      RangeError,
      /option validationFraction must be .*; received 1/,
    ],
    [
      'option patience 0',
      () => new Kind({ patience: 0 }),
      RangeError,
      /option patience must be an integer from 1/,
      /received 0/,
    ],
    [
      'option classWeight a string',
      () => new Kind({ classWeight: 'equal' }),
      TypeError,
      /option classWeight must be "balanced" or an object \{label: weight\}; received the string "equal"/,
    ],
    [
      'option classWeight negative',
      () => new Kind({ classWeight: { 1: -2 } }),
      RangeError,
      /option classWeight\["1"\] must be a finite number >= 0; received -2/,
    ],
    [
      'option preprocess unknown',
      () => new Kind({ preprocess: 'zscore' }),
      RangeError,
      /option preprocess must be one of "standardize", "minMax", "unitBall"; received the string "zscore"/,
    ],
    [
      'option kernal (a typo)',
      () => new Kind({ kernal: 'rbf' }),
      TypeError,
      /^new KernelPerceptron: unknown option "kernal"; known options are .*\(did you mean kernel\?\)/,
    ],
    ['option C (not a kernel option)', () => new Kind({ C: 1 }), TypeError, /unknown option "C"; known options are/],
    // KernelPerceptron.fromJSON
    [
      'fromJSON: a number',
      () => Kind.fromJSON(5),
      TypeError,
      /^KernelPerceptron\.fromJSON: expected a model object; received 5/,
    ],
    [
      'fromJSON: null',
      () => Kind.fromJSON(null),
      TypeError,
      /^KernelPerceptron\.fromJSON: expected a model object; received null/,
    ],
    [
      'fromJSON: bad JSON text',
      () => Kind.fromJSON('{"format":'),
      TypeError,
      /^KernelPerceptron\.fromJSON: the text is not valid JSON/,
    ],
    [
      "fromJSON: a Perceptron's format",
      (m) => load(m, (j) => ({ ...j, format: 'perceptron-wasm/Perceptron' })),
      TypeError,
      /KernelPerceptron\.fromJSON: field format must be "perceptron-wasm\/KernelPerceptron"; received the string "perceptron-wasm\/Perceptron"/,
    ],
    [
      'fromJSON: version 2',
      (m) => load(m, (j) => ({ ...j, version: 2 })),
      RangeError,
      /KernelPerceptron\.fromJSON: field version must be 1; received 2/,
    ],
    [
      'fromJSON: options missing',
      (m) => load(m, (j) => ({ ...j, options: undefined })),
      TypeError,
      /KernelPerceptron\.fromJSON: field options must be an object; received undefined/,
    ],
    [
      'fromJSON: a bad kernel option',
      (m) => load(m, (j) => ({ ...j, options: { ...j.options, kernel: 'sigmoid' } })),
      RangeError,
      /KernelPerceptron\.fromJSON: field options: option kernel must be one of "linear", "polynomial", "rbf"; received the string "sigmoid"/,
    ],
    [
      'fromJSON: an unknown option',
      (m) => load(m, (j) => ({ ...j, options: { ...j.options, speed: 1 } })),
      TypeError,
      /KernelPerceptron\.fromJSON: field options: unknown option "speed"/,
    ],
    [
      'fromJSON: classes not an array',
      (m) => load(m, (j) => ({ ...j, classes: 'ab' })),
      TypeError,
      /KernelPerceptron\.fromJSON: field classes must be an array of labels; received the string "ab"/,
    ],
    [
      'fromJSON: one class',
      (m) => load(m, (j) => ({ ...j, classes: [1] })),
      RangeError,
      /KernelPerceptron\.fromJSON: .*classes must hold exactly two distinct classes/,
    ],
    [
      'fromJSON: nFeatures negative',
      (m) => load(m, (j) => ({ ...j, nFeatures: -1 })),
      TypeError,
      /KernelPerceptron\.fromJSON: field nFeatures must be a non-negative integer; received -1/,
    ],
    [
      'fromJSON: nFeatures a string',
      (m) => load(m, (j) => ({ ...j, nFeatures: '2' })),
      TypeError,
      /KernelPerceptron\.fromJSON: field nFeatures must be a non-negative integer; received the string "2"/,
    ],
    [
      'fromJSON: nFeatures 3 for rows of 2',
      (m) => load(m, (j) => ({ ...j, nFeatures: 3 })),
      RangeError,
      /KernelPerceptron\.fromJSON: field supportVectors\[0\] must hold nFeatures = 3 numbers; received an array of length 2/,
    ],
    [
      'fromJSON: steps a string',
      (m) => load(m, (j) => ({ ...j, steps: 'x' })),
      TypeError,
      /KernelPerceptron\.fromJSON: field steps must be a number; received the string "x"/,
    ],
    [
      'fromJSON: negative steps',
      (m) => load(m, (j) => ({ ...j, steps: -1 })),
      RangeError,
      /KernelPerceptron\.fromJSON: .*steps must be an integer from 0/,
    ],
    [
      'fromJSON: supportVectors not an array',
      (m) => load(m, (j) => ({ ...j, supportVectors: 5 })),
      TypeError,
      /KernelPerceptron\.fromJSON: field supportVectors must be an array of rows of nFeatures = 2 numbers; received 5/,
    ],
    [
      'fromJSON: a support vector of the wrong length',
      (m) => load(m, (j) => ({ ...j, supportVectors: [[1], ...j.supportVectors.slice(1)] })),
      RangeError,
      /KernelPerceptron\.fromJSON: field supportVectors\[0\] must hold nFeatures = 2 numbers; received an array of length 1/,
    ],
    [
      'fromJSON: supportVectors flat',
      (m) => load(m, (j) => ({ ...j, supportVectors: j.supportVectors.flat() })),
      TypeError,
      /KernelPerceptron\.fromJSON: field supportVectors\[0\] must be an array of nFeatures = 2 numbers; received -?\d/,
    ],
    [
      'option budget 2^53',
      () => new Kind({ budget: 2 ** 53 }),
      RangeError,
      /option budget must be an integer from 1 to 9007199254740991; received 9007199254740992/,
    ],
    [
      'option gamma an empty string',
      () => new Kind({ gamma: '' }),
      RangeError,
      /option gamma must be a finite number > 0 or "auto"/,
      /received the string ""/,
    ],
    [
      'fromJSON: a string in a support vector',
      (m) => load(m, (j) => ({ ...j, supportVectors: [[1, 'x'], ...j.supportVectors.slice(1)] })),
      TypeError,
      /KernelPerceptron\.fromJSON: field supportVectors\[0\]\[1\] must be a number; received the string "x"/,
    ],
    [
      'fromJSON: NaN in a support vector',
      (m) => load(m, (j) => ({ ...j, supportVectors: [[1, NaN], ...j.supportVectors.slice(1)] })),
      RangeError,
      /KernelPerceptron\.fromJSON: .*supportVectors.* finite/,
      /NaN/,
    ],
    [
      'fromJSON: one coefficient too many',
      (m) => load(m, (j) => ({ ...j, coefficients: [...j.coefficients, 1] })),
      RangeError,
      /KernelPerceptron\.fromJSON: field supportVectors must hold one row of nFeatures = 2 numbers per coefficient/,
    ],
    [
      'fromJSON: a null coefficient',
      (m) => load(m, (j) => ({ ...j, coefficients: [null, ...j.coefficients.slice(1)] })),
      TypeError,
      /KernelPerceptron\.fromJSON: field coefficients\[0\] must be a number; received null/,
    ],
    [
      'fromJSON: a NaN coefficient',
      (m) => load(m, (j) => ({ ...j, coefficients: j.coefficients.map(() => NaN) })),
      RangeError,
      /KernelPerceptron\.fromJSON: .*coefficients.*finite/,
      /NaN/,
    ],
    [
      'fromJSON: bias missing',
      (m) => load(m, (j) => ({ ...j, bias: undefined })),
      TypeError,
      /KernelPerceptron\.fromJSON: field bias must be a number; received undefined/,
    ],
    [
      'fromJSON: an infinite bias',
      (m) => load(m, (j) => ({ ...j, bias: Infinity })),
      RangeError,
      /KernelPerceptron\.fromJSON: .*bias must be a finite number; received Infinity/,
    ],
    [
      'fromJSON: more support vectors than the budget',
      (m) =>
        load(m, (j) => ({
          ...j,
          options: { ...j.options, budget: 1 },
          supportVectors: [...j.supportVectors, ...j.supportVectors],
          coefficients: [...j.coefficients, ...j.coefficients],
        })),
      RangeError,
      /KernelPerceptron\.fromJSON: .*coefficients must hold at most budget = 1/,
    ],
  ],
});
