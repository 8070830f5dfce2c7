// The foundation issue's bad inputs and the JSON contract, for every model kind: each bad
// input is a TypeError or RangeError (or a documented subclass) naming the argument, and a
// failed call leaves the model exactly as it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { EVERY_KIND, EVERY_KIND_DATA, pw, rng, snapshot, throwsWith } from './helpers.mjs';

const { X, Y2, Y3 } = EVERY_KIND_DATA;

for (const [name, make, y] of EVERY_KIND) {
  describe(name, () => {
    const fitted = () => {
      const model = make();
      model.fit(X, y);
      return model;
    };
    const cases = [
      ['X not an array', (m) => m.fit(7, y), TypeError, /X must be an array of rows/],
      ['ragged rows', (m) => m.fit([[0, 1], [1]], y.slice(0, 2)), RangeError, /rows of equal length/],
      [
        'NaN',
        (m) =>
          m.fit(
            [
              [0, NaN],
              [1, 1],
            ],
            y.slice(0, 2),
          ),
        RangeError,
        /finite numbers; received NaN at row 0, column 1/,
      ],
      ['Infinity at predict', (m) => m.predict([[Infinity, 0]]), RangeError, /received Infinity/],
      ['empty X', (m) => m.fit([], []), RangeError, /at least one row/],
      [
        'X and y of different lengths',
        (m) => m.fit(X, y.slice(1)),
        RangeError,
        /one label per row of X \(6\); received 5 labels/,
      ],
      [
        'one class',
        (m) =>
          m.fit(
            X,
            X.map(() => 'same'),
          ),
        RangeError,
        /distinct classes/,
      ],
      ['feature count at predict', (m) => m.predict([[1, 0, 1]]), RangeError, /X must have 2 columns/],
      [
        'a label outside the classes at score',
        (m) =>
          m.score(
            X,
            X.map(() => 'other'),
          ),
        RangeError,
        /must be one of the classes/,
      ],
      [
        'labels mixing numbers and strings',
        (m) => m.fit(X, [1, 'a', 1, 'a', 1, 'a']),
        TypeError,
        /only numbers or only strings/,
      ],
      [
        'sampleWeight of the wrong length',
        (m) => m.fit(X, y, { sampleWeight: [1] }),
        RangeError,
        /sampleWeight must have one weight per row/,
      ],
      [
        'negative sampleWeight',
        (m) => m.fit(X, y, { sampleWeight: [1, 1, -1, 1, 1, 1] }),
        RangeError,
        /sampleWeight\[2\] must be a finite number >= 0; received -1/,
      ],
      [
        'non-finite sampleWeight',
        (m) => m.fit(X, y, { sampleWeight: [1, 1, NaN, 1, 1, 1] }),
        RangeError,
        /sampleWeight\[2\]/,
      ],
      [
        'a partialFit label outside the classes',
        (m) => m.partialFit([[1, 1]], ['zzz']),
        RangeError,
        /must be one of the classes/,
      ],
      ['an unknown fit option', (m) => m.fit(X, y, { epochs: 3 }), TypeError, /unknown option "epochs"/],
    ];
    for (const [what, call, ErrorClass, pattern] of cases) {
      it(`${what}: ${ErrorClass.name}, model unchanged`, () => {
        const model = fitted();
        const before = snapshot(model);
        throwsWith(assert, () => call(model), ErrorClass, pattern);
        assert.equal(snapshot(model), before);
        model.dispose();
      });
    }

    it('unknown option, wrong type, out of range', () => {
      const Kind = make().constructor;
      throwsWith(assert, () => new Kind({ nonsense: 1 }), TypeError, /unknown option "nonsense"/);
      throwsWith(assert, () => new Kind({ maxEpochs: 'ten' }), TypeError, /option maxEpochs must be an integer/);
      throwsWith(assert, () => new Kind({ maxEpochs: 0 }), RangeError, /option maxEpochs must be an integer from 1/);
      throwsWith(assert, () => new Kind({ seed: -3 }), RangeError, /option seed must be an integer from 0/);
    });

    it('predict before fit, calls after dispose', () => {
      const model = make();
      throwsWith(assert, () => model.predict(X), pw.NotFittedError, /has not learned anything yet/);
      model.dispose();
      throwsWith(assert, () => model.fit(X, y), pw.DisposedError, /was disposed/);
      throwsWith(assert, () => model.predict(X), pw.DisposedError, /was disposed/);
    });

    it('JSON: exact round trip; wrong format or version refused, naming the field', () => {
      const model = fitted();
      const json = JSON.parse(JSON.stringify(model));
      const Kind = model.constructor;
      const copy = Kind.fromJSON(json);
      assert.deepEqual(copy.toJSON(), model.toJSON());
      assert.deepEqual(copy.predict(X), model.predict(X));
      throwsWith(assert, () => Kind.fromJSON({ ...json, format: 'other' }), TypeError, /field format must be/);
      throwsWith(
        assert,
        () => Kind.fromJSON({ ...json, version: 99 }),
        RangeError,
        /field version must be 1; received 99/,
      );
      throwsWith(assert, () => Kind.fromJSON({ ...json, nFeatures: -1 }), TypeError, /field nFeatures/);
      throwsWith(assert, () => Kind.fromJSON({ ...json, classes: 'a,b' }), TypeError, /field classes/);
      throwsWith(
        assert,
        () => Kind.fromJSON({ ...json, options: { ...json.options, seed: 0.5 } }),
        RangeError,
        /field options: option seed/,
      );
      const empty = Kind.fromJSON(new Kind().toJSON());
      assert.equal(empty.fitted, false);
    });

    it('JSON: a restored model trains on exactly as the original', () => {
      const model = fitted();
      const copy = model.constructor.fromJSON(JSON.stringify(model));
      const classes = model.classes;
      model.partialFit(X, y, { classes });
      copy.partialFit(X, y, { classes });
      assert.deepEqual(copy.toJSON(), model.toJSON());
      assert.deepEqual(copy.decisionFunction(X), model.decisionFunction(X));
    });

    // Property test: every saved field replaced by garbage gives a TypeError or RangeError
    // naming fromJSON, and leaves no model behind in wasm memory.
    it('JSON: any field replaced by garbage is refused, never a crash', () => {
      const model = fitted();
      const json = model.toJSON();
      const Kind = model.constructor;
      model.dispose();
      const random = rng(name.length * 7919);
      const garbage = [NaN, -1, 0.5, 1e300, '', 'x', null, true, {}, [], [1], [[1, 2]], [NaN], { u: [1] }, 10n];
      let refused = 0;
      const garbageCalls = (count) => {
        for (let k = 0; k < count; k++) {
          const key = Object.keys(json)[Math.floor(random() * Object.keys(json).length)];
          const value = garbage[Math.floor(random() * garbage.length)];
          try {
            Kind.fromJSON({ ...json, [key]: value }).dispose();
          } catch (error) {
            assert.ok(error instanceof TypeError || error instanceof RangeError, `${key} = ${String(value)}: ${error}`);
            assert.match(error.message, new RegExp(`^${Kind.name}\\.fromJSON: `));
            refused++;
          }
        }
      };
      // A first round may leave the heap a few bytes larger for good (the allocator splitting a
      // free region, a first use of a path): measured from the second round, a leak of any call
      // still shows, as 300 more calls each keep what they leak.
      garbageCalls(100);
      const before = pw.memory().inUse;
      garbageCalls(300);
      assert.ok(refused > 400 / 3, `only ${refused} of 400 refused`);
      assert.equal(pw.memory().inUse, before, 'every model built by fromJSON was freed');
    });
  });
}

describe('fromJSON edge cases, for every kind', () => {
  it("a user's subclass of a kind is that kind: constructs, trains, saves and loads as itself", () => {
    class Tagged extends pw.Perceptron {
      get tag() {
        return 'mine';
      }
    }
    const model = new Tagged({ seed: 3 });
    model.fit(X, Y2);
    const copy = Tagged.fromJSON(JSON.stringify(model));
    assert.ok(copy instanceof Tagged);
    assert.equal(copy.tag, 'mine');
    assert.deepEqual(copy.weights, model.weights);
    model.dispose();
    copy.dispose();
  });

  it('nFeatures that would wrap or overflow a count is refused, naming the field', () => {
    const pa = new pw.PassiveAggressive();
    pa.fit(X, Y3);
    const json = pa.toJSON();
    pa.dispose();
    throwsWith(
      assert,
      () => pw.PassiveAggressive.fromJSON({ ...json, nFeatures: 2 ** 32 + 2 }),
      RangeError,
      /^PassiveAggressive\.fromJSON: field weights\[0\] must hold nFeatures = 4294967298 numbers/,
    );
    // Rows left out: the core's count check, not a wrapped product, refuses it.
    throwsWith(
      assert,
      () => pw.PassiveAggressive.fromJSON({ ...json, nFeatures: 2 ** 28, weights: [] }),
      RangeError,
      /^PassiveAggressive\.fromJSON: field nFeatures is too large for 3 row\(s\) of weights; received 268435456/,
    );
    throwsWith(
      assert,
      () => pw.PassiveAggressive.fromJSON({ ...json, nFeatures: 2 ** 31, weights: [] }),
      RangeError,
      /field nFeatures must be an integer from 0 to 536870911; received 2147483648/,
    );
    const joint = new pw.MulticlassPerceptron();
    joint.fit(X, Y3);
    const saved = joint.toJSON();
    joint.dispose();
    throwsWith(
      assert,
      () => pw.MulticlassPerceptron.fromJSON({ ...saved, nFeatures: 2 ** 28, weights: [] }),
      RangeError,
      /field nFeatures is too large for 3 row\(s\) of weights; received 268435456/,
    );
  });

  it("a fresh model's saved fields are checked too", () => {
    const json = new pw.Perceptron().toJSON();
    throwsWith(assert, () => pw.Perceptron.fromJSON({ ...json, weights: 'x' }), TypeError, /field weights must be/);
    throwsWith(assert, () => pw.Perceptron.fromJSON({ ...json, bias: null }), TypeError, /field bias must be a number/);
    const older = { ...new pw.MulticlassPerceptron().toJSON() };
    delete older.weights;
    delete older.biases;
    delete older.state;
    assert.equal(pw.MulticlassPerceptron.fromJSON(older).fitted, false);
  });
});
