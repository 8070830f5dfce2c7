// Every bad input of the foundation issue: a TypeError or RangeError (or a documented
// subclass) whose message names the argument, the expected and the received value, and a
// model that is exactly as it was before the failed call.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { AND_X, AND_Y, CRASH, pw, rng, snapshot, throwsWith } from './helpers.mjs';

function fitted() {
  const p = new pw.Perceptron();
  p.fit(AND_X, AND_Y);
  return p;
}

// [description, call on a fitted model p, ErrorClass, ...message patterns]
const BAD_CALLS = [
  ['X not an array', (p) => p.fit(42, AND_Y), TypeError, /Perceptron\.fit: X must be an array of rows/, /received 42/],
  ['X a string', (p) => p.predict('1,2'), TypeError, /X must be an array of rows/, /received the string "1,2"/],
  ['X null', (p) => p.fit(null, AND_Y), TypeError, /received null/],
  [
    'X a flat typed array',
    (p) => p.predict(Float64Array.of(1, 2)),
    TypeError,
    /\{data, rows, cols\}/,
    /Float64Array of length 2/,
  ],
  [
    'X a flat number array',
    (p) => p.predict([1, 2]),
    TypeError,
    /X\[0\] must be an array of numbers/,
    /received 1; for a single example pass \[x\]/,
  ],
  [
    'ragged rows',
    (p) => p.fit([[0, 0], [1]], [1, -1]),
    RangeError,
    /X must have rows of equal length; X\[0\] has 2 values, X\[1\] has 1/,
  ],
  [
    'a string in X',
    (p) =>
      p.fit(
        [
          [0, 'a'],
          [1, 1],
        ],
        [1, -1],
      ),
    TypeError,
    /X\[0\]\[1\] must be a number; received the string "a"/,
  ],
  [
    'NaN in X',
    (p) =>
      p.fit(
        [
          [0, 0],
          [NaN, 1],
        ],
        [1, -1],
      ),
    RangeError,
    /X must contain only finite numbers; received NaN at row 1, column 0/,
  ],
  [
    'Infinity in X',
    (p) =>
      p.fit(
        [
          [0, Infinity],
          [1, 1],
        ],
        [1, -1],
      ),
    RangeError,
    /received Infinity at row 0, column 1/,
  ],
  ['-Infinity at predict', (p) => p.predict([[0, -Infinity]]), RangeError, /received -Infinity at row 0, column 1/],
  [
    'NaN in a typed X',
    (p) => p.decisionFunction({ data: Float64Array.of(1, NaN), rows: 1, cols: 2 }),
    RangeError,
    /received NaN at row 0, column 1/,
  ],
  [
    'typed X of the wrong size',
    (p) => p.predict({ data: new Float64Array(3), rows: 2, cols: 2 }),
    RangeError,
    /X\.data must hold rows \* cols = 2 \* 2 = 4 values; received 3/,
  ],
  [
    'typed X with bad rows',
    (p) => p.predict({ data: new Float64Array(2), rows: -1, cols: 2 }),
    RangeError,
    /X\.rows must be a non-negative integer; received -1/,
  ],
  [
    'typed X data not typed',
    (p) => p.predict({ data: [1, 2], rows: 1, cols: 2 }),
    TypeError,
    /X\.data must be a Float64Array or Float32Array/,
  ],
  ['empty X', (p) => p.fit([], []), RangeError, /X must have at least one row; received 0 rows/],
  ['empty rows', (p) => p.fit([[], []], [1, -1]), RangeError, /X must have at least one column; received 0 columns/],
  ['empty X at predict', (p) => p.predict([]), RangeError, /at least one row/],
  [
    'X and y of different lengths',
    (p) => p.fit(AND_X, [1, -1, 1]),
    RangeError,
    /y must have one label per row of X \(4\); received 3 labels/,
  ],
  [
    'y not an array',
    (p) => p.fit(AND_X, 'abcd'),
    TypeError,
    /y must be an array of labels/,
    /received the string "abcd"/,
  ],
  [
    'y with a null',
    (p) => p.fit(AND_X, [1, null, 1, -1]),
    TypeError,
    /y\[1\] must be a number or a string; received null/,
  ],
  [
    'y mixing numbers and strings',
    (p) => p.fit(AND_X, [1, 'a', 1, -1]),
    TypeError,
    /y must hold only numbers or only strings/,
  ],
  [
    'y with NaN',
    (p) => p.fit(AND_X, [1, NaN, 1, -1]),
    RangeError,
    /y\[1\] must be a finite number or a string; received NaN/,
  ],
  [
    'y with one class',
    (p) => p.fit(AND_X, [1, 1, 1, 1]),
    RangeError,
    /y must hold exactly two distinct classes for a binary perceptron; received 1 class \[1\]/,
  ],
  [
    'y with three classes',
    (p) => p.fit(AND_X, ['a', 'b', 'c', 'a']),
    RangeError,
    /received 3 classes \["a", "b", "c"\]/,
  ],
  [
    'feature count at predict',
    (p) => p.predict([[1, 2, 3]]),
    RangeError,
    /X must have 2 columns \(the model's feature count\); received 3/,
  ],
  [
    'feature count at learnOne',
    (p) => p.learnOne([1, 2, 3], 1),
    RangeError,
    /x must have 2 features \(as the model learned\); received 3/,
  ],
  ['NaN at learnOne', (p) => p.learnOne([1, NaN], 1), RangeError, /x must contain only finite numbers; received NaN/],
  [
    'a label outside the classes at learnOne',
    (p) => p.learnOne([1, 1], 5),
    RangeError,
    /y must be one of the classes \[-1, 1\]; received 5/,
  ],
  [
    'a string label for numeric classes',
    (p) => p.learnOne([1, 1], 'a'),
    TypeError,
    /y must hold numbers like the model's classes; received strings/,
  ],
  [
    'a label outside the classes at score',
    (p) => p.score(AND_X, [1, 1, 1, 2]),
    RangeError,
    /y\[3\] must be one of the classes \[-1, 1\]; received 2/,
  ],
  ['other classes at learnOne', (p) => p.learnOne([1, 1], 1, { classes: [0, 1] }), RangeError, /classes are fixed/],
  [
    'unknown fit option',
    (p) => p.fit(AND_X, AND_Y, { onstep() {} }),
    TypeError,
    /unknown option "onstep"; known options are onStep/,
  ],
  [
    'onStep not a function',
    (p) => p.fit(AND_X, AND_Y, { onStep: true }),
    TypeError,
    /option onStep must be a function; received true/,
  ],
  [
    'initialWeights of the wrong length',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: [1] }),
    RangeError,
    /initialWeights must have 2 weights \(one per feature\); received 1/,
  ],
  [
    'initialWeights with NaN',
    (p) => p.fit(AND_X, AND_Y, { initialWeights: [1, NaN] }),
    RangeError,
    /initialWeights\[1\] must be a finite number; received NaN/,
  ],
  ['fit options not an object', (p) => p.fit(AND_X, AND_Y, 5), TypeError, /options must be a plain object; received 5/],
];

describe('bad input to a fitted model', () => {
  for (const [name, call, ErrorClass, ...patterns] of BAD_CALLS) {
    it(`${name}: ${ErrorClass.name}, model unchanged`, () => {
      const p = fitted();
      const before = snapshot(p);
      throwsWith(assert, () => call(p), ErrorClass, ...patterns);
      assert.equal(snapshot(p), before);
      assert.deepEqual(p.predict(AND_X), AND_Y, 'still usable');
    });
  }
});

const BAD_OPTIONS = [
  [{ learningRate: 0 }, RangeError, /option learningRate must be a finite number > 0; received 0/],
  [{ learningRate: -1 }, RangeError, /option learningRate must be a finite number > 0; received -1/],
  [{ learningRate: NaN }, RangeError, /received NaN/],
  [{ learningRate: Infinity }, RangeError, /received Infinity/],
  [{ learningRate: '1' }, TypeError, /option learningRate must be a finite number > 0; received the string "1"/],
  [{ maxEpochs: 0 }, RangeError, /option maxEpochs must be an integer from 1 to 9007199254740991; received 0/],
  [{ maxEpochs: 1.5 }, RangeError, /received 1.5/],
  [{ maxEpochs: null }, TypeError, /option maxEpochs must be an integer from 1 to 9007199254740991; received null/],
  [{ seed: -1 }, RangeError, /option seed must be an integer from 0 to 9007199254740991; received -1/],
  [{ seed: 0.5 }, RangeError, /option seed must be an integer from 0 to 9007199254740991; received 0.5/],
  [{ seed: 2 ** 60 }, RangeError, /option seed must be an integer/],
  [{ seed: [1] }, TypeError, /option seed must be an integer .*; received an array/],
  [
    { mistakeRule: 'hinge' },
    RangeError,
    /option mistakeRule must be one of "margin", "sign", "strict"; received the string "hinge"/,
  ],
  [
    { order: 'random' },
    RangeError,
    /option order must be one of "cyclic", "shuffle", "sample"; received the string "random"/,
  ],
  [{ order: 2 }, TypeError, /option order must be one of/],
  [
    { variant: 'kernel' },
    RangeError,
    /option variant must be one of "classic", "averaged", "voted", "pocket"; received the string "kernel"/,
  ],
  [{ margin: -1 }, RangeError, /option margin must be a finite number >= 0; received -1/],
  [
    { classWeight: 'equal' },
    TypeError,
    /option classWeight must be "balanced" or an object \{label: weight\}; received the string "equal"/,
  ],
  [{ classWeight: { 1: -2 } }, RangeError, /option classWeight\["1"\] must be a finite number >= 0; received -2/],
  [{ classWeight: { 1: 'x' } }, TypeError, /option classWeight\["1"\] must be a number; received the string "x"/],
  [{ fitIntercept: 'yes' }, TypeError, /option fitIntercept must be true or false; received the string "yes"/],
  [{ maxSteps: 0 }, RangeError, /option maxSteps must be an integer from 1/],
  [{ learnRate: 1 }, TypeError, /unknown option "learnRate"; known options are .*\(did you mean learningRate\?\)/],
  [{ epochs: 1 }, TypeError, /unknown option "epochs"/],
];

describe('bad options', () => {
  for (const [options, ErrorClass, ...patterns] of BAD_OPTIONS) {
    it(`new Perceptron(${JSON.stringify(options)}) throws ${ErrorClass.name}`, () => {
      throwsWith(assert, () => new pw.Perceptron(options), ErrorClass, /^new Perceptron: /, ...patterns);
    });
  }
  it('options must be an object', () => {
    throwsWith(
      assert,
      () => new pw.Perceptron('fast'),
      TypeError,
      /options must be a plain object; received the string "fast"/,
    );
    throwsWith(assert, () => new pw.Perceptron([1]), TypeError, /received an array of length 1/);
  });
  it('undefined values mean the default', () => {
    const p = new pw.Perceptron({ seed: undefined, learningRate: undefined });
    assert.equal(p.options.seed, 0);
    assert.equal(p.options.learningRate, 1);
  });
});

describe('state errors', () => {
  it('predict, decisionFunction and score before fit: NotFittedError, a TypeError', () => {
    const p = new pw.Perceptron();
    for (const call of [() => p.predict(AND_X), () => p.decisionFunction(AND_X), () => p.score(AND_X, AND_Y)]) {
      const e = throwsWith(
        assert,
        call,
        pw.NotFittedError,
        /has not learned anything yet; call fit\(X, y\) or learnOne\(x, y\) first/,
      );
      assert.ok(e instanceof TypeError);
      assert.equal(e.name, 'NotFittedError');
    }
  });
  it('learnOne on a fresh model with labels other than -1/1 needs classes', () => {
    const p = new pw.Perceptron();
    throwsWith(assert, () => p.learnOne([1, 2], 'a'), pw.NotFittedError, /classes are not known yet/);
    throwsWith(
      assert,
      () => p.learnOne([1, 2], 'a', { classes: ['a'] }),
      RangeError,
      /classes must hold exactly two distinct classes/,
    );
    throwsWith(assert, () => p.learnOne([1, NaN], 'a', { classes: ['a', 'b'] }), RangeError, /NaN/);
    assert.deepEqual(p.classes, [], 'a failed first call fixes nothing');
    assert.equal(p.fitted, false);
  });
});

describe('fromJSON rejects malformed or tampered objects, naming the field', () => {
  const good = () => fitted().toJSON();
  const cases = [
    ['not an object', () => 5, TypeError, /expected a model object; received 5/],
    ['bad JSON text', () => '{"format":', TypeError, /not valid JSON/],
    [
      'wrong format',
      (j) => ({ ...j, format: 'other' }),
      TypeError,
      /field format must be "perceptron-wasm\/Perceptron"; received the string "other"/,
    ],
    ['future version', (j) => ({ ...j, version: 2 }), RangeError, /field version must be 1; received 2/],
    [
      'weights of the wrong length',
      (j) => ({ ...j, weights: [1] }),
      RangeError,
      /field weights must hold 2 numbers \(nFeatures\); received 1/,
    ],
    [
      'a non-finite weight',
      (j) => ({ ...j, weights: [1, null] }),
      TypeError,
      /weights\[1\] must be a number; received null/,
    ],
    [
      'an infinite weight',
      (j) => ({ ...j, weights: [1, 1e999] }),
      RangeError,
      /weights\[1\] must be a finite number; received Infinity/,
    ],
    ['a NaN bias', (j) => ({ ...j, bias: NaN }), RangeError, /bias must be a finite number; received NaN/],
    ['one class', (j) => ({ ...j, classes: [1] }), RangeError, /classes must hold exactly two distinct classes/],
    ['duplicate classes', (j) => ({ ...j, classes: [1, 1] }), RangeError, /classes must hold/],
    [
      'a bad option',
      (j) => ({ ...j, options: { ...j.options, learningRate: -2 } }),
      RangeError,
      /field options: option learningRate must be a finite number > 0; received -2/,
    ],
    ['an unknown option', (j) => ({ ...j, options: { ...j.options, speed: 1 } }), TypeError, /unknown option "speed"/],
    ['negative steps', (j) => ({ ...j, steps: -1 }), RangeError, /steps must be an integer from 0/],
    [
      'missing options',
      (j) => ({ ...j, options: undefined }),
      TypeError,
      /field options must be an object; received undefined/,
    ],
  ];
  for (const [name, tamper, ErrorClass, ...patterns] of cases) {
    it(name, () => {
      throwsWith(
        assert,
        () => pw.Perceptron.fromJSON(tamper(good())),
        ErrorClass,
        /^Perceptron\.fromJSON: /,
        ...patterns,
      );
    });
  }
});

// Property test: random garbage never crashes the module, always gives a TypeError or
// RangeError with a message, and never changes the model.
describe('fuzzing user inputs', () => {
  const random = rng(2024);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const scalars = [
    0,
    -1,
    1,
    2.5,
    NaN,
    Infinity,
    -Infinity,
    1e308,
    -0,
    '',
    'a',
    '1',
    null,
    undefined,
    true,
    {},
    [],
    () => 1,
    10n,
    Symbol('s'),
  ];
  const anyValue = (depth = 0) => {
    const r = random();
    if (depth > 2 || r < 0.4) return pick(scalars);
    if (r < 0.8) return Array.from({ length: Math.floor(random() * 4) }, () => anyValue(depth + 1));
    if (r < 0.9)
      return {
        data: pick([new Float64Array(4), new Float32Array(3), [1, 2], null]),
        rows: pick([2, 1, -1, 0.5, '2']),
        cols: pick([2, 3, 0]),
      };
    return pick([new Float64Array(2), new Int8Array(2), new Uint8Array(0)]);
  };
  it('2000 random calls: only TypeError/RangeError, and a failed call changes nothing', () => {
    let p = fitted();
    let before = snapshot(p);
    const calls = [
      () => p.fit(anyValue(), anyValue()),
      () => p.fit(anyValue(), AND_Y),
      () => p.fit(AND_X, anyValue()),
      () => p.predict(anyValue()),
      () => p.decisionFunction(anyValue()),
      () => p.score(anyValue(), anyValue()),
      () => p.learnOne(anyValue(), anyValue()),
      () => new pw.Perceptron(Object.fromEntries([[pick(pw.optionNames), anyValue()]])).dispose(),
      () =>
        pw.Perceptron.fromJSON({
          ...p.toJSON(),
          [pick(['weights', 'bias', 'classes', 'options', 'steps', 'nFeatures'])]: anyValue(),
        }).dispose(),
    ];
    let failures = 0;
    for (let k = 0; k < 2000; k++) {
      try {
        pick(calls)();
        // A valid call may legitimately change the model: start again from the reference.
        p.dispose();
        p = fitted();
        before = snapshot(p);
      } catch (error) {
        failures++;
        assert.ok(error instanceof TypeError || error instanceof RangeError, `${error?.name}: ${error?.message}`);
        assert.ok(typeof error.message === 'string' && error.message.length > 10);
        assert.doesNotMatch(error.message, CRASH);
        assert.equal(snapshot(p), before, error.message);
      }
    }
    assert.ok(failures > 1000, `most random calls are invalid (${failures})`);
  });
});
