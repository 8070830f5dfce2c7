// pw.optionSchema against what the models really do: the defaults are what a new model has, every
// value the schema offers is accepted, and every value just outside it is refused with the
// schema's own `expected` text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pw, rng } from './helpers.mjs';

const KINDS = ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive'];

// Values a form could offer for an option, from its schema alone.
function offered(spec, random) {
  switch (spec.type) {
    case 'choice':
      return spec.choices;
    case 'boolean':
      return [true, false];
    case 'integer': {
      const top = Math.min(spec.maximum, spec.minimum + 1000);
      return [spec.minimum, spec.minimum + Math.floor(random() * (top - spec.minimum))];
    }
    case 'number': {
      const low = spec.minimum ?? -1e6;
      const high = spec.maximum ?? low + 1e6;
      const inside = low + (high - low) * (0.01 + 0.98 * random());
      return [...(spec.choices ?? []), inside, ...(spec.exclusiveMinimum || spec.minimum === undefined ? [] : [low])];
    }
    case 'labelWeights':
      return spec.choices;
    default:
      throw new Error(`unknown type ${spec.type}`);
  }
}

// Values just outside what the schema offers.
function refused(spec) {
  switch (spec.type) {
    case 'choice':
      return [`${spec.choices[0]}!`, 1];
    case 'boolean':
      return ['true', 0];
    case 'integer':
      return [spec.minimum - 1, spec.minimum + 0.5, spec.maximum + 2, '1'];
    case 'number':
      return [
        ...(spec.minimum === undefined ? [] : [spec.exclusiveMinimum ? spec.minimum : spec.minimum - 1e-9]),
        ...(spec.maximum === undefined ? [] : [spec.exclusiveMaximum ? spec.maximum : spec.maximum + 1e-9]),
        Infinity,
        NaN,
        true,
      ];
    case 'labelWeights':
      return ['even', 3];
    default:
      throw new Error(`unknown type ${spec.type}`);
  }
}

describe('optionSchema', () => {
  it('lists the Perceptron options with their defaults, bounds and a description', () => {
    const schema = pw.optionSchema('Perceptron');
    // pw.optionNames: the Perceptron's options, preprocess (a model's scaler), then hashing (named
    // features' columns), which no form of the schema offers.
    assert.deepEqual(
      schema.map((s) => s.name),
      pw.optionNames.filter((name) => name !== 'hashing'),
    );
    assert.deepEqual(pw.optionNames.slice(-2), ['preprocess', 'hashing']);
    const byName = Object.fromEntries(schema.map((s) => [s.name, s]));
    const { description, ...rate } = byName.learningRate;
    assert.deepEqual(rate, {
      name: 'learningRate',
      type: 'number',
      expected: 'a finite number > 0',
      minimum: 0,
      exclusiveMinimum: true,
      default: 1,
    });
    assert.match(description, /size of each update/);
    assert.deepEqual(byName.mistakeRule.choices, ['margin', 'sign', 'strict']);
    assert.equal(byName.mistakeRule.default, 'margin');
    assert.equal(byName.maxEpochs.maximum, 2 ** 53 - 1);
    assert.equal(byName.maxSteps.default, undefined);
    assert.deepEqual(pw.optionSchema(pw.Perceptron), schema, 'a class or its name');
    schema[0].choices.push('mine');
    assert.deepEqual(
      pw.optionSchema('Perceptron')[0].choices,
      ['classic', 'averaged', 'voted', 'pocket'],
      'fresh copies',
    );
  });

  for (const kind of KINDS) {
    it(`${kind}: defaults are a new model's options, and every option has a description`, () => {
      const schema = pw.optionSchema(kind);
      const model = new pw[kind]();
      const options = model.options;
      model.dispose();
      const defaults = Object.fromEntries(schema.filter((s) => 'default' in s).map((s) => [s.name, s.default]));
      // The kernel and multi-class perceptrons take warmStart: false only, so it is no choice.
      const { warmStart, ...rest } = options;
      const offersWarmStart = schema.some((s) => s.name === 'warmStart');
      assert.deepEqual(defaults, offersWarmStart || warmStart === undefined ? options : rest);
      if (!offersWarmStart && warmStart !== undefined) assert.equal(warmStart, false);
      for (const spec of schema) {
        assert.equal(typeof spec.description, 'string', spec.name);
        assert.ok(spec.description.length > 10 && spec.description.length < 200, spec.name);
      }
    });

    it(`${kind}: every value the schema offers is accepted, and values outside it are refused with its words`, () => {
      const random = rng(7);
      for (const spec of pw.optionSchema(kind)) {
        for (const value of offered(spec, random)) {
          // The multi-class joint strategy takes the classic and averaged variants only (its
          // description says so); the others take every variant.
          // Basic Winnow reads 0/1 features: a preprocess that moves them needs balanced Winnow.
          const extra =
            kind === 'MulticlassPerceptron' && spec.name === 'variant'
              ? { strategy: 'ovr' }
              : kind === 'Winnow' && spec.name === 'preprocess'
                ? { balanced: true }
                : {};
          assert.equal(pw.checkOptions(kind, { ...extra, [spec.name]: value }), null, `${spec.name}=${value}`);
        }
        for (const value of refused(spec)) {
          const message = pw.checkOptions(kind, { [spec.name]: value });
          assert.ok(
            message?.includes(`option ${spec.name} must be ${spec.expected}`),
            `${spec.name}=${String(value)}: ${message}`,
          );
        }
      }
    });
  }

  it('the kernel perceptron offers the one variant it takes, and no warmStart', () => {
    const byName = Object.fromEntries(pw.optionSchema('KernelPerceptron').map((s) => [s.name, s]));
    assert.deepEqual(byName.variant.choices, ['classic']);
    assert.equal(byName.warmStart, undefined);
    assert.equal(byName.gamma.default, 'auto');
    assert.deepEqual(byName.gamma.choices, ['auto']);
    assert.match(byName.variant.description, /classic/);
  });

  it('an unknown kind is a TypeError naming the kinds', () => {
    assert.throws(() => pw.optionSchema('SVM'), {
      name: 'TypeError',
      message: /^optionSchema: kind must be one of "Perceptron"/,
    });
    assert.throws(() => pw.optionSchema(), TypeError);
  });
});

describe('checkOptions is the constructor', () => {
  it("a kind's own check counts: basic Winnow refuses a preprocess that moves 0/1 features", () => {
    for (const preprocess of ['standardize', 'unitBall']) {
      const message = pw.checkOptions('Winnow', { preprocess });
      assert.match(message, /^new Winnow: option preprocess '.*' turns 0\/1 features into other values/);
      assert.throws(() => new pw.Winnow({ preprocess }), { name: 'RangeError', message });
    }
    assert.equal(pw.checkOptions('Winnow', { preprocess: 'minMax' }), null);
    assert.equal(pw.checkOptions(pw.Winnow, { preprocess: 'standardize', balanced: true }), null);
  });

  it('takes the structured perceptron too, by name or class', () => {
    assert.match(
      pw.checkOptions('StructuredPerceptron', { variant: 'voted' }),
      /^new StructuredPerceptron: option variant must be one of "classic", "averaged"; received the string "voted"$/,
    );
    assert.equal(pw.checkOptions(pw.StructuredPerceptron, { variant: 'averaged', hashing: { bits: 12 } }), null);
  });

  it('keeps no wasm memory, whatever it answers', () => {
    pw.checkOptions('Perceptron', { learningRate: -1 });
    const start = pw.memory().inUse;
    for (let k = 0; k < 200; k++) pw.checkOptions(KINDS[k % KINDS.length], { learningRate: k % 2 ? -1 : 1 });
    assert.equal(pw.memory().inUse, start);
  });
});
