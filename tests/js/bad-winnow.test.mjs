// Bad input to pw.Winnow: every call of its public surface (index.d.ts: WinnowOptions, WinnowJSON,
// Winnow, Model, BatchFitOptions; README "The other models") with a wrong argument throws a
// TypeError or RangeError (or NotFittedError / DisposedError) naming the argument and what it
// received, and leaves the model and the wasm memory as they were. Basic Winnow takes 0/1
// features only, so the data here is 0/1 (AND_X) unless the case is about that.
import { AND_X, AND_Y, XOR_Y, pw } from './helpers.mjs';
import { badInputTable, modelState } from './bad-input.mjs';

const Kind = pw.Winnow;
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

badInputTable('Winnow: bad input', {
  setup: () => fitted(),
  state: modelState,
  teardown: (m) => m.dispose(),
  cases: [
    // fit: X
    ['fit: X a number', (m) => m.fit(42, AND_Y), TypeError, /^Winnow\.fit: X must be an array of rows/, /received 42/],
    ['fit: X null', (m) => m.fit(null, AND_Y), TypeError, /^Winnow\.fit: X must be/, /received null/],
    ['fit: X a string', (m) => m.fit('0,0', AND_Y), TypeError, /Winnow\.fit: X must be/, /received the string "0,0"/],
    [
      'fit: X a flat number array',
      (m) => m.fit([0, 1, 1, 0], AND_Y),
      TypeError,
      /Winnow\.fit: X\[0\] must be an array of numbers/,
      /received 0; for a single example pass \[x\]/,
    ],
    [
      'fit: ragged X',
      (m) => m.fit([[0, 0], [1], [1, 0], [1, 1]], AND_Y),
      RangeError,
      /Winnow\.fit: X must have rows of equal length; X\[0\] has 2 values, X\[1\] has 1/,
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
      /Winnow\.fit: X\[1\]\[1\] must be a number; received the string "a"/,
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
      /Winnow\.fit: X must contain only finite numbers; received NaN at row 2, column 0/,
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
      /Winnow\.fit: X must contain only finite numbers; received Infinity at row 1, column 1/,
    ],
    ['fit: empty X', (m) => m.fit([], []), RangeError, /Winnow\.fit: X must have at least one row; received 0 rows/],
    [
      'fit: rows without columns',
      (m) => m.fit([[], [], [], []], AND_Y),
      RangeError,
      /Winnow\.fit: X must have at least one column; received 0 columns/,
    ],
    [
      'fit: typed X of the wrong size',
      (m) => m.fit({ data: new Float64Array(7), rows: 4, cols: 2 }, AND_Y),
      RangeError,
      /Winnow\.fit: X\.data must hold rows \* cols = 4 \* 2 = 8 values; received 7/,
    ],
    [
      'fit: typed X with fractional cols',
      (m) => m.fit({ data: new Float64Array(8), rows: 4, cols: 2.5 }, AND_Y),
      RangeError,
      /Winnow\.fit: X\.cols must be a non-negative integer; received 2\.5/,
    ],
    [
      'fit: typed X data an Int32Array',
      (m) => m.fit({ data: new Int32Array(8), rows: 4, cols: 2 }, AND_Y),
      TypeError,
      /Winnow\.fit: X\.data must be a Float64Array or Float32Array/,
      /received a Int32Array of length 8/,
    ],
    // fit: y
    [
      'fit: y shorter than X',
      (m) => m.fit(AND_X, [-1, -1, 1]),
      RangeError,
      /Winnow\.fit: y must have one label per row of X \(4\); received 3 labels/,
    ],
    [
      'fit: y missing',
      (m) => m.fit(AND_X),
      TypeError,
      /Winnow\.fit: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'fit: y a string',
      (m) => m.fit(AND_X, 'abcd'),
      TypeError,
      /Winnow\.fit: y must be an array of labels/,
      /received the string "abcd"/,
    ],
    [
      'fit: y with null',
      (m) => m.fit(AND_X, [-1, null, -1, 1]),
      TypeError,
      /Winnow\.fit: y\[1\] must be a number or a string; received null/,
    ],
    [
      'fit: y mixing numbers and strings',
      (m) => m.fit(AND_X, [-1, 'a', -1, 1]),
      TypeError,
      /Winnow\.fit: y must hold only numbers or only strings/,
    ],
    [
      'fit: y with NaN',
      (m) => m.fit(AND_X, [-1, -1, NaN, 1]),
      RangeError,
      /Winnow\.fit: y\[2\] must be a finite number or a string; received NaN/,
    ],
    [
      'fit: y with one class',
      (m) => m.fit(AND_X, [1, 1, 1, 1]),
      RangeError,
      /Winnow\.fit: y must hold exactly two distinct classes/,
      /received 1 class \[1\]/,
    ],
    [
      'fit: y with three classes',
      (m) => m.fit(AND_X, ['a', 'b', 'c', 'a']),
      RangeError,
      /Winnow\.fit: y must hold exactly two distinct classes/,
      /received 3 classes \["a", "b", "c"\]/,
    ],
    // fit: a Dataset
    [
      'fit: a Dataset without labels and no y',
      (m) => withDataset(AND_X, undefined, (d) => m.fit(d)),
      TypeError,
      /Winnow\.fit: X is a Dataset without labels; give y/,
    ],
    [
      'fit: a disposed Dataset',
      (m) => withDataset(AND_X, AND_Y, (d) => m.fit(d), { disposed: true }),
      pw.DisposedError,
      /Winnow\.fit: X is a disposed Dataset/,
    ],
    // fit: options (BatchFitOptions)
    [
      'fit: options not an object',
      (m) => m.fit(AND_X, AND_Y, 5),
      TypeError,
      /Winnow\.fit: options must be a plain object; received 5/,
    ],
    [
      'fit: onStep (not a batch fit option)',
      (m) => m.fit(AND_X, AND_Y, { onStep() {} }),
      TypeError,
      /Winnow\.fit: unknown option "onStep"; known options are onEpoch, signal, sampleWeight, validation/,
    ],
    [
      'fit: initialWeights (not a batch fit option)',
      (m) => m.fit(AND_X, AND_Y, { initialWeights: [0, 0] }),
      TypeError,
      /Winnow\.fit: unknown option "initialWeights"/,
    ],
    [
      'fit: onEpoch not a function',
      (m) => m.fit(AND_X, AND_Y, { onEpoch: true }),
      TypeError,
      /Winnow\.fit: option onEpoch must be a function; received true/,
    ],
    [
      'fit: signal not an AbortSignal',
      (m) => m.fit(AND_X, AND_Y, { signal: 'stop' }),
      TypeError,
      /Winnow\.fit: option signal must be an AbortSignal; received the string "stop"/,
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
      /Winnow\.fit: sampleWeight must have one weight per row of X \(4\); received 3/,
    ],
    [
      'fit: a negative sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: [1, -1, 1, 1] }),
      RangeError,
      /Winnow\.fit: sampleWeight\[1\] must be a finite number >= 0; received -1/,
    ],
    [
      'fit: a NaN sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: [1, 1, NaN, 1] }),
      RangeError,
      /Winnow\.fit: sampleWeight\[2\] must be a finite number >= 0; received NaN/,
    ],
    [
      'fit: sampleWeight a string',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: '1111' }),
      TypeError,
      /Winnow\.fit: sampleWeight must be an array of numbers; received the string "1111"/,
    ],
    [
      'fit: validation not an object',
      (m) => m.fit(AND_X, AND_Y, { validation: 5 }),
      TypeError,
      /Winnow\.fit: option validation must be an object \{X, y\}; received 5/,
    ],
    [
      'fit: validation without y',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: AND_X } }),
      TypeError,
      /Winnow\.fit: option validation must be an object \{X, y\}; received an object/,
    ],
    [
      'fit: validation X with another column count',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: X3, y: AND_Y } }),
      RangeError,
      /Winnow\.fit: validation\.X must have 2 columns/,
      /received 3/,
    ],
    [
      'fit: validation y outside the classes',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: AND_X, y: [-1, -1, -1, 7] } }),
      RangeError,
      /Winnow\.fit: validation\.y\[3\] must be one of the classes \[-1, 1\]; received 7/,
    ],
    [
      'fit: NaN in validation X',
      (m) => m.fit(AND_X, AND_Y, { validation: { X: [[0, NaN]], y: [1] } }),
      RangeError,
      /Winnow\.fit: validation\.X must contain only finite numbers; received NaN at row 0, column 1/,
    ],
    [
      'fit: classWeight for a label that is not a class',
      onFresh((o) => o.fit(AND_X, AND_Y), { classWeight: { 5: 2 } }),
      RangeError,
      /Winnow\.fit: option classWeight key "5" must be one of the classes \[-1, 1\]; received 5/,
    ],
    // predict, decisionFunction, score
    [
      'predict: 3 columns for a 2-feature model',
      (m) => m.predict(X3),
      RangeError,
      /Winnow\.predict: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'predict: a flat typed array',
      (m) => m.predict(Float64Array.of(0, 1)),
      TypeError,
      /Winnow\.predict: X must be an array of rows/,
      /\{data, rows, cols\}/,
      /received a Float64Array of length 2/,
    ],
    ['predict: undefined', (m) => m.predict(), TypeError, /Winnow\.predict: X must be/, /received undefined/],
    ['predict: empty X', (m) => m.predict([]), RangeError, /Winnow\.predict: X must have at least one row/],
    [
      'predict: -Infinity in X',
      (m) => m.predict([[0, -Infinity]]),
      RangeError,
      /Winnow\.predict: X must contain only finite numbers; received -Infinity at row 0, column 1/,
    ],
    [
      'predict: a Dataset with 3 columns',
      (m) => withDataset(X3, undefined, (d) => m.predict(d)),
      RangeError,
      /Winnow\.predict: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'decisionFunction: 1 column',
      (m) => m.decisionFunction([[1], [0]]),
      RangeError,
      /Winnow\.decisionFunction: X must have 2 columns \(the model's feature count\); received 1/,
    ],
    [
      'decisionFunction: NaN in typed X',
      (m) => m.decisionFunction({ data: Float64Array.of(1, NaN), rows: 1, cols: 2 }),
      RangeError,
      /Winnow\.decisionFunction: X must contain only finite numbers; received NaN at row 0, column 1/,
    ],
    [
      'score: 3 columns',
      (m) => m.score(X3, AND_Y),
      RangeError,
      /Winnow\.score: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'score: y of the wrong length',
      (m) => m.score(AND_X, [-1, 1]),
      RangeError,
      /Winnow\.score: y must have one label per row of X \(4\); received 2 labels/,
    ],
    [
      'score: a label outside the classes',
      (m) => m.score(AND_X, [-1, -1, -1, 2]),
      RangeError,
      /Winnow\.score: y\[3\] must be one of the classes \[-1, 1\]; received 2/,
    ],
    [
      'score: string labels for numeric classes',
      (m) => m.score(AND_X, ['a', 'a', 'a', 'b']),
      TypeError,
      /Winnow\.score: y must hold numbers like the model's classes; received strings/,
    ],
    ['score: y missing', (m) => m.score(AND_X), TypeError, /Winnow\.score: y must be an array of labels/],
    // partialFit
    [
      'partialFit: 3 columns on a 2-feature model',
      (m) => m.partialFit(X3, AND_Y),
      RangeError,
      /Winnow\.partialFit: X must have 2 columns/,
      /received 3/,
    ],
    [
      'partialFit: a label outside the classes',
      (m) => m.partialFit([[1, 1]], [5]),
      RangeError,
      /Winnow\.partialFit: y\[0\] must be one of the classes \[-1, 1\]; received 5/,
    ],
    [
      'partialFit: other classes than the model has',
      (m) => m.partialFit(AND_X, [0, 0, 0, 1], { classes: [0, 1] }),
      RangeError,
      /Winnow\.partialFit: classes/,
      /\[-1, 1\]/,
      /received \[0, 1\]/,
    ],
    [
      'partialFit: an unknown option',
      (m) => m.partialFit(AND_X, AND_Y, { validation: { X: AND_X, y: AND_Y } }),
      TypeError,
      /Winnow\.partialFit: unknown option "validation"; known options are classes, sampleWeight/,
    ],
    [
      'partialFit: sampleWeight of the wrong length',
      (m) => m.partialFit(AND_X, AND_Y, { sampleWeight: [1] }),
      RangeError,
      /Winnow\.partialFit: sampleWeight must have one weight per row of X \(4\); received 1/,
    ],
    [
      'partialFit: NaN in X',
      (m) => m.partialFit([[NaN, 1]], [1]),
      RangeError,
      /Winnow\.partialFit: X must contain only finite numbers; received NaN at row 0, column 0/,
    ],
    [
      'partialFit: classWeight balanced',
      onFitted((o) => o.partialFit(AND_X, AND_Y), { classWeight: 'balanced' }),
      RangeError,
      /Winnow\.partialFit: classWeight 'balanced' needs the whole training set/,
    ],
    [
      'partialFit, unfitted: string labels without classes',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'])),
      TypeError,
      /Winnow\.partialFit: the first partialFit call needs the classes/,
    ],
    [
      'partialFit, unfitted: one class',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'a'], { classes: ['a'] })),
      RangeError,
      /Winnow\.partialFit: classes must hold exactly two distinct classes/,
      /received 1 class \["a"\]/,
    ],
    [
      'partialFit, unfitted: classes not an array',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'], { classes: 'ab' })),
      TypeError,
      /Winnow\.partialFit: classes must be an array of labels/,
      /received the string "ab"/,
    ],
    [
      'partialFit, unfitted: a label outside the classes given',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'c'], { classes: ['a', 'b'] })),
      RangeError,
      /Winnow\.partialFit: y\[3\] must be one of the classes \["a", "b"\]; received "c"/,
    ],
    // trainer
    [
      'trainer: onEpoch is not a trainer option',
      onFresh((o) => o.trainer(AND_X, AND_Y, { onEpoch() {} })),
      TypeError,
      /Winnow\.trainer: unknown option "onEpoch"; known options are sampleWeight, validation/,
    ],
    [
      'trainer: X not an array',
      onFresh((o) => o.trainer(7, AND_Y)),
      TypeError,
      /Winnow\.trainer: X must be an array of rows/,
      /received 7/,
    ],
    [
      'trainer: one class',
      onFresh((o) => o.trainer(AND_X, [1, 1, 1, 1])),
      RangeError,
      /Winnow\.trainer: y must hold exactly two distinct classes/,
    ],
    [
      'trainer: sampleWeight of the wrong length',
      onFresh((o) => o.trainer(AND_X, AND_Y, { sampleWeight: [1, 2] })),
      RangeError,
      /Winnow\.trainer: sampleWeight must have one weight per row of X \(4\); received 2/,
    ],
    [
      'trainer: run with a negative maxSteps',
      onFresh((o) => o.trainer(AND_X, XOR_Y).run({ maxSteps: -1 })),
      RangeError,
      /Winnow\.trainer\(\)\.run: option maxSteps must be an integer >= 0; received -1/,
    ],
    [
      'trainer: step after the model changed',
      onFresh((o) => {
        const trainer = o.trainer(AND_X, XOR_Y);
        o.partialFit(AND_X, XOR_Y);
        trainer.step();
      }),
      pw.DisposedError,
      /Winnow\.trainer\(\)\.step: this trainer ended when the model changed/,
    ],
    // re-entrant calls from a callback, unusual labels and weights, trainers
    [
      'fit: onEpoch calls fit again',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => void m.fit(AND_X, AND_Y) }),
      TypeError,
      /^Winnow\.fit: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: onEpoch calls partialFit',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => void m.partialFit(AND_X, AND_Y) }),
      TypeError,
      /^Winnow\.partialFit: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: onEpoch disposes the model',
      (m) => m.fit(AND_X, XOR_Y, { onEpoch: () => m.dispose() }),
      TypeError,
      /^Winnow\.dispose: cannot be called from inside an onStep\/onEpoch callback of fit/,
    ],
    [
      'fit: y a Float64Array with Infinity',
      (m) => m.fit(AND_X, Float64Array.of(-1, -1, Infinity, 1)),
      RangeError,
      /^Winnow\.fit: y\[2\] must be a finite number or a string; received Infinity/,
    ],
    [
      'fit: y an Int8Array of the wrong length',
      (m) => m.fit(AND_X, Int8Array.of(-1, 1)),
      RangeError,
      /^Winnow\.fit: y must have one label per row of X \(4\); received 2 labels/,
    ],
    [
      'fit: a label with a lone surrogate',
      (m) => m.fit(AND_X, ['a', 'a', 'a', 'b\uD800']),
      TypeError,
      /^Winnow\.fit: y\[3\] must be a well-formed string \(no lone surrogate\)/,
    ],
    [
      'fit: NaN in a Float64Array row',
      (m) =>
        m.fit([Float64Array.of(0, 0), Float64Array.of(0, 1), Float64Array.of(1, NaN), Float64Array.of(1, 1)], AND_Y),
      RangeError,
      /^Winnow\.fit: X must contain only finite numbers; received NaN at row 2, column 1/,
    ],
    [
      'fit: an infinite Float32Array sampleWeight',
      (m) => m.fit(AND_X, AND_Y, { sampleWeight: Float32Array.of(1, 1, 1, Infinity) }),
      RangeError,
      /^Winnow\.fit: sampleWeight\[3\] must be a finite number >= 0; received Infinity/,
    ],
    [
      'fit: options a class instance',
      (m) => m.fit(AND_X, AND_Y, new Map()),
      TypeError,
      /^Winnow\.fit: options must be a plain object; received an object/,
    ],
    [
      'score: a Dataset without labels and no y',
      (m) => withDataset(AND_X, undefined, (d) => m.score(d)),
      TypeError,
      /^Winnow\.score: X is a Dataset without labels; give y/,
    ],
    [
      'predict: a disposed Dataset',
      (m) => withDataset(AND_X, undefined, (d) => m.predict(d), { disposed: true }),
      pw.DisposedError,
      /^Winnow\.predict: X is a disposed Dataset/,
    ],
    [
      'partialFit, unfitted: duplicate classes',
      onFresh((o) => o.partialFit(AND_X, ['a', 'a', 'a', 'b'], { classes: ['a', 'b', 'a'] })),
      RangeError,
      /^Winnow\.partialFit: classes must hold distinct labels/,
    ],
    [
      'partialFit, unfitted: NaN among the classes',
      onFresh((o) => o.partialFit(AND_X, AND_Y, { classes: [-1, NaN] })),
      RangeError,
      /^Winnow\.partialFit: classes\[1\] must be a finite number or a string; received NaN/,
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
      /^Winnow\.trainer\(\)\.step: the model was disposed/,
    ],
    [
      'trainer: run with an unknown option',
      onFresh((o) => o.trainer(AND_X, XOR_Y).run({ steps: 1 })),
      TypeError,
      /^Winnow\.trainer\(\)\.run: unknown option "steps"; known options are maxSteps/,
    ],
    [
      'trainer: finishEpoch after another trainer started',
      onFresh((o) => {
        const first = o.trainer(AND_X, XOR_Y);
        o.trainer(AND_X, AND_Y);
        first.finishEpoch();
      }),
      pw.DisposedError,
      /^Winnow\.trainer\(\)\.finishEpoch: this trainer ended when the model changed/,
    ],
    [
      'trainer: a validation set with another column count',
      onFresh((o) => o.trainer(AND_X, AND_Y, { validation: { X: X3, y: AND_Y } })),
      RangeError,
      /^Winnow\.trainer: validation\.X must have 2 columns/,
      /received 3/,
    ],
    [
      'fit: a sampleWeight so large the weights overflow',
      onFresh((o) =>
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
    // unfitted
    [
      'predict before fit',
      onFresh((o) => o.predict(AND_X)),
      pw.NotFittedError,
      /Winnow\.predict: .*has not learned anything yet/,
    ],
    [
      'decisionFunction before fit',
      onFresh((o) => o.decisionFunction(AND_X)),
      pw.NotFittedError,
      /Winnow\.decisionFunction: .*has not learned anything yet/,
    ],
    [
      'score before fit',
      onFresh((o) => o.score(AND_X, AND_Y)),
      pw.NotFittedError,
      /Winnow\.score: .*has not learned anything yet/,
    ],
    // disposed
    [
      'fit after dispose',
      onDisposed((d) => d.fit(AND_X, AND_Y)),
      pw.DisposedError,
      /Winnow\.fit: the model was disposed; create a new Winnow/,
    ],
    [
      'predict after dispose',
      onDisposed((d) => d.predict(AND_X)),
      pw.DisposedError,
      /Winnow\.predict: the model was disposed/,
    ],
    [
      'decisionFunction after dispose',
      onDisposed((d) => d.decisionFunction(AND_X)),
      pw.DisposedError,
      /Winnow\.decisionFunction: the model was disposed/,
    ],
    [
      'score after dispose',
      onDisposed((d) => d.score(AND_X, AND_Y)),
      pw.DisposedError,
      /Winnow\.score: the model was disposed/,
    ],
    [
      'partialFit after dispose',
      onDisposed((d) => d.partialFit(AND_X, AND_Y)),
      pw.DisposedError,
      /Winnow\.partialFit: the model was disposed/,
    ],
    [
      'trainer after dispose',
      onDisposed((d) => d.trainer(AND_X, AND_Y)),
      pw.DisposedError,
      /Winnow\.trainer: the model was disposed/,
    ],
    ['toJSON after dispose', onDisposed((d) => d.toJSON()), pw.DisposedError, /Winnow\.toJSON: the model was disposed/],
    [
      'options after dispose',
      onDisposed((d) => d.options),
      pw.DisposedError,
      /Winnow\.options: the model was disposed/,
    ],
    [
      'classes after dispose',
      onDisposed((d) => d.classes),
      pw.DisposedError,
      /Winnow\.classes: the model was disposed/,
    ],
    [
      'nFeatures after dispose',
      onDisposed((d) => d.nFeatures),
      pw.DisposedError,
      /Winnow\.nFeatures: the model was disposed/,
    ],
    ['steps after dispose', onDisposed((d) => d.steps), pw.DisposedError, /Winnow\.steps: the model was disposed/],
    ['fitted after dispose', onDisposed((d) => d.fitted), pw.DisposedError, /Winnow\.fitted: the model was disposed/],
    [
      'weights after dispose',
      onDisposed((d) => d.weights),
      pw.DisposedError,
      /Winnow\.weights: the model was disposed/,
    ],
    [
      'negativeWeights after dispose',
      onDisposed((d) => d.negativeWeights),
      pw.DisposedError,
      /Winnow\.negativeWeights: the model was disposed/,
    ],
    [
      'threshold after dispose',
      onDisposed((d) => d.threshold),
      pw.DisposedError,
      /Winnow\.threshold: the model was disposed/,
    ],
    // basic Winnow: features other than 0 and 1
    [
      'fit: 0.5 in X',
      (m) =>
        m.fit(
          [
            [0, 0],
            [0, 0.5],
            [1, 0],
            [1, 1],
          ],
          AND_Y,
        ),
      RangeError,
      /^Winnow\.fit: X must hold only 0 and 1 for Winnow \(use balanced: true for other features\); received 0\.5 at row 1, column 1/,
    ],
    [
      'fit: a negative feature',
      (m) =>
        m.fit(
          [
            [0, 0],
            [0, 1],
            [-1, 0],
            [1, 1],
          ],
          AND_Y,
        ),
      RangeError,
      /^Winnow\.fit: X must hold only 0 and 1 for Winnow/,
      /received -1 at row 2, column 0/,
    ],
    [
      'fit: 2 in a typed X',
      (m) => m.fit({ data: Float64Array.of(0, 0, 0, 1, 1, 0, 1, 2), rows: 4, cols: 2 }, AND_Y),
      RangeError,
      /^Winnow\.fit: X must hold only 0 and 1 for Winnow/,
      /received 2 at row 3, column 1/,
    ],
    [
      'fit: -0.5 in a Float32 X',
      (m) => m.fit({ data: Float32Array.of(0, 0, 0, 1, 1, 0, 1, -0.5), rows: 4, cols: 2 }, AND_Y),
      RangeError,
      /^Winnow\.fit: X must hold only 0 and 1 for Winnow/,
      /received -0\.5 at row 3, column 1/,
    ],
    [
      'fit: a Dataset with 3 in it',
      (m) =>
        withDataset(
          [
            [0, 0],
            [0, 1],
            [1, 0],
            [1, 3],
          ],
          AND_Y,
          (d) => m.fit(d),
        ),
      RangeError,
      /^Winnow\.fit: X must hold only 0 and 1 for Winnow/,
      /received 3 at row 3, column 1/,
    ],
    [
      'fit: 0.5 in the validation X',
      (m) =>
        m.fit(AND_X, AND_Y, {
          validation: {
            X: [
              [0.5, 1],
              [1, 1],
            ],
            y: [-1, 1],
          },
        }),
      RangeError,
      /^Winnow\.fit: validation\.X must hold only 0 and 1 for Winnow/,
      /received 0\.5 at row 0, column 0/,
    ],
    [
      'predict: 2 in X',
      (m) => m.predict([[2, 0]]),
      RangeError,
      /^Winnow\.predict: X must hold only 0 and 1 for Winnow/,
      /received 2 at row 0, column 0/,
    ],
    [
      'decisionFunction: -1 in X',
      (m) =>
        m.decisionFunction([
          [1, 1],
          [0, -1],
        ]),
      RangeError,
      /^Winnow\.decisionFunction: X must hold only 0 and 1 for Winnow/,
      /received -1 at row 1, column 1/,
    ],
    [
      'score: 0.25 in X',
      (m) => m.score([[0.25, 0]], [-1]),
      RangeError,
      /^Winnow\.score: X must hold only 0 and 1 for Winnow/,
      /received 0\.25 at row 0, column 0/,
    ],
    [
      'partialFit: 3 in X',
      (m) => m.partialFit([[0, 3]], [1]),
      RangeError,
      /^Winnow\.partialFit: X must hold only 0 and 1 for Winnow/,
      /received 3 at row 0, column 1/,
    ],
    [
      'partialFit, unfitted: 0.5 in X',
      onFresh((o) => o.partialFit([[0, 0.5]], [1], { classes: [-1, 1] })),
      RangeError,
      /^Winnow\.partialFit: X must hold only 0 and 1 for Winnow/,
      /received 0\.5 at row 0, column 1/,
    ],
    [
      'trainer: 0.5 in X',
      onFresh((o) =>
        o.trainer(
          [
            [0, 0],
            [0, 0.5],
            [1, 0],
            [1, 1],
          ],
          AND_Y,
        ),
      ),
      RangeError,
      /^Winnow\.trainer: X must hold only 0 and 1 for Winnow/,
      /received 0\.5 at row 1, column 1/,
    ],
    [
      'balanced: NaN in X is still refused',
      onFresh(
        (o) =>
          o.fit(
            [
              [0, 0],
              [0.5, NaN],
              [1, 0],
              [1, 1],
            ],
            AND_Y,
          ),
        { balanced: true },
      ),
      RangeError,
      /^Winnow\.fit: X must contain only finite numbers; received NaN at row 1, column 1/,
    ],
    [
      'balanced, fitted: 3 columns',
      onFitted((o) => o.predict([[0.5, 2, 1]]), { balanced: true }),
      RangeError,
      /^Winnow\.predict: X must have 2 columns \(the model's feature count\); received 3/,
    ],
    [
      'balanced: features so large the weights overflow',
      onFresh(
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
      onFresh((o) => o.fit(AND_X, AND_Y), { preprocess: 'standardize' }),
      RangeError,
      /^(new )?Winnow(\.fit)?: .*preprocess/,
    ],
    // new Winnow(options)
    [
      'options a string',
      () => new Kind('fast'),
      TypeError,
      /^new Winnow: options must be a plain object; received the string "fast"/,
    ],
    [
      'options an array',
      () => new Kind([1]),
      TypeError,
      /^new Winnow: options must be a plain object; received an array of length 1/,
    ],
    [
      'option balanced a string',
      () => new Kind({ balanced: 'yes' }),
      TypeError,
      /^new Winnow: option balanced must be true or false; received the string "yes"/,
    ],
    [
      'option balanced 1',
      () => new Kind({ balanced: 1 }),
      TypeError,
      /^new Winnow: option balanced must be true or false; received 1/,
    ],
    [
      'option alpha 1',
      () => new Kind({ alpha: 1 }),
      RangeError,
      /^new Winnow: option alpha must be a finite number > 1; received 1/,
    ],
    [
      'option alpha 0.5',
      () => new Kind({ alpha: 0.5 }),
      RangeError,
      /option alpha must be a finite number > 1; received 0\.5/,
    ],
    [
      'option alpha NaN',
      () => new Kind({ alpha: NaN }),
      RangeError,
      /option alpha must be a finite number > 1; received NaN/,
    ],
    [
      'option alpha Infinity',
      () => new Kind({ alpha: Infinity }),
      RangeError,
      /option alpha must be a finite number > 1; received Infinity/,
    ],
    [
      'option alpha a string',
      () => new Kind({ alpha: '2' }),
      TypeError,
      /option alpha must be a finite number > 1; received the string "2"/,
    ],
    [
      'option demotion unknown',
      () => new Kind({ demotion: 'half' }),
      RangeError,
      /^new Winnow: option demotion must be one of "zero", "divide"; received the string "half"/,
    ],
    [
      'option demotion a number',
      () => new Kind({ demotion: 0 }),
      TypeError,
      /option demotion must be one of "zero", "divide"; received 0/,
    ],
    [
      'option epsilon 0',
      () => new Kind({ epsilon: 0 }),
      RangeError,
      /^new Winnow: option epsilon must be a finite number > 0; received 0/,
    ],
    [
      'option epsilon negative',
      () => new Kind({ epsilon: -1 }),
      RangeError,
      /option epsilon must be a finite number > 0; received -1/,
    ],
    [
      'option epsilon Infinity',
      () => new Kind({ epsilon: Infinity }),
      RangeError,
      /option epsilon must be a finite number > 0; received Infinity/,
    ],
    [
      'option epsilon null',
      () => new Kind({ epsilon: null }),
      TypeError,
      /option epsilon must be a finite number > 0; received null/,
    ],
    [
      'option threshold NaN',
      () => new Kind({ threshold: NaN }),
      RangeError,
      /^new Winnow: option threshold must be a finite number; received NaN/,
    ],
    [
      'option threshold Infinity',
      () => new Kind({ threshold: Infinity }),
      RangeError,
      /option threshold must be a finite number; received Infinity/,
    ],
    [
      'option threshold a string',
      () => new Kind({ threshold: '3' }),
      TypeError,
      /option threshold must be a finite number; received the string "3"/,
    ],
    [
      'option threshold an array',
      () => new Kind({ threshold: [3] }),
      TypeError,
      /option threshold must be a finite number; received an array/,
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
      'option maxEpochs 1.5',
      () => new Kind({ maxEpochs: 1.5 }),
      RangeError,
      /option maxEpochs must be an integer from 1/,
      /received 1\.5/,
    ],
    [
      'option maxSteps 0',
      () => new Kind({ maxSteps: 0 }),
      RangeError,
      /option maxSteps must be an integer from 1/,
      /received 0/,
    ],
    [
      'option seed 0.5',
      () => new Kind({ seed: 0.5 }),
      RangeError,
      /option seed must be an integer from 0 to 9007199254740991; received 0\.5/,
    ],
    [
      'option earlyStopping a string',
      () => new Kind({ earlyStopping: 'yes' }),
      TypeError,
      /option earlyStopping must be true or false; received the string "yes"/,
    ],
    [
      'option validationFraction 0',
      () => new Kind({ validationFraction: 0 }),
      RangeError,
      /option validationFraction must be .*; received 0/,
    ],
    [
      'option patience 0',
      () => new Kind({ patience: 0 }),
      RangeError,
      /option patience must be an integer from 1/,
      /received 0/,
    ],
    [
      'option classWeight an array',
      () => new Kind({ classWeight: [1, 2] }),
      TypeError,
      /option classWeight must be "balanced" or an object \{label: weight\}; received an array of length 2/,
    ],
    [
      'option classWeight NaN',
      () => new Kind({ classWeight: { '-1': NaN } }),
      RangeError,
      /option classWeight\["-1"\] must be a finite number >= 0; received NaN/,
    ],
    [
      'option preprocess unknown',
      () => new Kind({ preprocess: 'zscore' }),
      RangeError,
      /option preprocess must be one of "standardize", "minMax", "unitBall"; received the string "zscore"/,
    ],
    [
      'option alhpa (a typo)',
      () => new Kind({ alhpa: 3 }),
      TypeError,
      /^new Winnow: unknown option "alhpa"; known options are .*\(did you mean alpha\?\)/,
    ],
    [
      "option learningRate (not Winnow's)",
      () => new Kind({ learningRate: 1 }),
      TypeError,
      /^new Winnow: unknown option "learningRate"; known options are balanced, alpha, demotion/,
    ],
    [
      "option fitIntercept (not Winnow's)",
      () => new Kind({ fitIntercept: false }),
      TypeError,
      /unknown option "fitIntercept"/,
    ],
    [
      "option mistakeRule (not Winnow's)",
      () => new Kind({ mistakeRule: 'sign' }),
      TypeError,
      /unknown option "mistakeRule"/,
    ],
    ["option variant (not Winnow's)", () => new Kind({ variant: 'classic' }), TypeError, /unknown option "variant"/],
    ["option warmStart (not Winnow's)", () => new Kind({ warmStart: true }), TypeError, /unknown option "warmStart"/],
    // Winnow.fromJSON
    ['fromJSON: a number', () => Kind.fromJSON(5), TypeError, /^Winnow\.fromJSON: expected a model object; received 5/],
    [
      'fromJSON: an array',
      () => Kind.fromJSON([]),
      TypeError,
      /^Winnow\.fromJSON: expected a model object; received an array of length 0/,
    ],
    [
      'fromJSON: bad JSON text',
      () => Kind.fromJSON('{"format":'),
      TypeError,
      /^Winnow\.fromJSON: the text is not valid JSON/,
    ],
    [
      "fromJSON: a KernelPerceptron's format",
      (m) => load(m, (j) => ({ ...j, format: 'perceptron-wasm/KernelPerceptron' })),
      TypeError,
      /^Winnow\.fromJSON: field format must be "perceptron-wasm\/Winnow"; received the string "perceptron-wasm\/KernelPerceptron"/,
    ],
    [
      'fromJSON: version "1"',
      (m) => load(m, (j) => ({ ...j, version: '1' })),
      TypeError,
      /^Winnow\.fromJSON: field version must be a number; received the string "1"/,
    ],
    [
      'fromJSON: version 0',
      (m) => load(m, (j) => ({ ...j, version: 0 })),
      RangeError,
      /^Winnow\.fromJSON: field version must be 1; received 0/,
    ],
    [
      'fromJSON: options an array',
      (m) => load(m, (j) => ({ ...j, options: [] })),
      TypeError,
      /^Winnow\.fromJSON: field options must be an object; received an array of length 0/,
    ],
    [
      'fromJSON: a bad alpha option',
      (m) => load(m, (j) => ({ ...j, options: { ...j.options, alpha: 0.5 } })),
      RangeError,
      /^Winnow\.fromJSON: field options: option alpha must be a finite number > 1; received 0\.5/,
    ],
    [
      'fromJSON: an unknown option',
      (m) => load(m, (j) => ({ ...j, options: { ...j.options, learningRate: 1 } })),
      TypeError,
      /^Winnow\.fromJSON: field options: unknown option "learningRate"/,
    ],
    [
      'fromJSON: classes missing',
      (m) => load(m, (j) => ({ ...j, classes: undefined })),
      TypeError,
      /^Winnow\.fromJSON: field classes must be an array of labels; received undefined/,
    ],
    [
      'fromJSON: three classes',
      (m) => load(m, (j) => ({ ...j, classes: [-1, 0, 1] })),
      RangeError,
      /^Winnow\.fromJSON: .*classes must hold exactly two distinct classes/,
    ],
    [
      'fromJSON: duplicate classes',
      (m) => load(m, (j) => ({ ...j, classes: [1, 1] })),
      RangeError,
      /^Winnow\.fromJSON: field classes must hold distinct labels/,
    ],
    [
      'fromJSON: nFeatures 1.5',
      (m) => load(m, (j) => ({ ...j, nFeatures: 1.5 })),
      TypeError,
      /^Winnow\.fromJSON: field nFeatures must be a non-negative integer; received 1\.5/,
    ],
    [
      'fromJSON: steps null',
      (m) => load(m, (j) => ({ ...j, steps: null })),
      TypeError,
      /^Winnow\.fromJSON: field steps must be a number; received null/,
    ],
    [
      'fromJSON: steps 0.5',
      (m) => load(m, (j) => ({ ...j, steps: 0.5 })),
      RangeError,
      /^Winnow\.fromJSON: .*steps must be an integer from 0/,
    ],
    [
      'fromJSON: weights not an array',
      (m) => load(m, (j) => ({ ...j, weights: 5 })),
      TypeError,
      /^Winnow\.fromJSON: field weights must be an array of numbers; received 5/,
    ],
    [
      'fromJSON: a string weight',
      (m) => load(m, (j) => ({ ...j, weights: [1, 'x'] })),
      TypeError,
      /^Winnow\.fromJSON: field weights\[1\] must be a number; received the string "x"/,
    ],
    [
      'fromJSON: a negative weight',
      (m) => load(m, (j) => ({ ...j, weights: [1, -1] })),
      RangeError,
      /^Winnow\.fromJSON: .*weights must hold numbers >= 0 \(Winnow's weights\); received -1/,
    ],
    [
      'fromJSON: a NaN weight',
      (m) => load(m, (j) => ({ ...j, weights: [NaN, 1] })),
      RangeError,
      /^Winnow\.fromJSON: .*weights/,
      /NaN/,
    ],
    [
      'fromJSON: no weights',
      (m) => load(m, (j) => ({ ...j, weights: [] })),
      RangeError,
      /^Winnow\.fromJSON: .*weights must hold/,
    ],
    [
      'fromJSON: 3 weights for nFeatures 2',
      (m) => load(m, (j) => ({ ...j, weights: [1, 1, 1] })),
      RangeError,
      /^Winnow\.fromJSON: field weights must hold 2 numbers \(nFeatures\); received 3/,
    ],
    [
      'fromJSON: negativeWeights for basic Winnow',
      (m) => load(m, (j) => ({ ...j, negativeWeights: [1, 1] })),
      RangeError,
      /^Winnow\.fromJSON: .*negativeWeights belong to balanced Winnow only/,
    ],
    [
      'fromJSON: balanced without negativeWeights',
      (m) => load(m, (j) => ({ ...j, options: { ...j.options, balanced: true } })),
      RangeError,
      /^Winnow\.fromJSON: .*negativeWeights must hold one number per feature/,
    ],
    [
      'fromJSON: weights in a model saved before learning',
      () => {
        const fresh = new Kind();
        const json = fresh.toJSON();
        fresh.dispose();
        Kind.fromJSON({ ...json, weights: [1, 1] }).dispose();
      },
      RangeError,
      /^Winnow\.fromJSON: field weights must hold 0 numbers \(nFeatures\); received 2/,
    ],
    [
      'fromJSON: negativeWeights not an array',
      (m) => load(m, (j) => ({ ...j, negativeWeights: 'none' })),
      TypeError,
      /^Winnow\.fromJSON: field negativeWeights must be an array of numbers; received the string "none"/,
    ],
  ],
});
