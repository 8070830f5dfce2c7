// Models saved by release 0.1.0 (tests/js/fixtures/saved-0.1.0, written by its make.mjs): each
// loads with fromJSON and predicts and scores to the bit as it did, and saves the same text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { pw } from './helpers.mjs';

const folder = new URL('./fixtures/saved-0.1.0/', import.meta.url);
const fixtures = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => {
    const text = readFileSync(new URL(file, folder), 'utf8');
    const fixture = JSON.parse(text);
    // The model's text as it is in the file (JSON.stringify(toJSON()) when it was written).
    return { ...fixture, modelText: JSON.stringify(fixture.model) };
  });

// Every number the same double (Object.is: -0 and NaN too), in the same nesting.
function sameBits(actual, expected, path) {
  if (Array.isArray(expected)) {
    assert.equal(actual.length, expected.length, `${path}: length`);
    expected.forEach((value, k) => sameBits(actual[k], value, `${path}[${k}]`));
  } else {
    assert.ok(Object.is(actual, expected), `${path}: ${actual} is not ${expected}`);
  }
}

describe('models saved by 0.1.0', () => {
  it('covers every kind', () => {
    const kinds = new Set(fixtures.map((f) => f.kind));
    for (const kind of ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive']) {
      assert.ok(kinds.has(kind), kind);
    }
    assert.ok(kinds.has('StructuredPerceptron'));
  });

  for (const fixture of fixtures) {
    it(`${fixture.name}: loads, predicts and scores to the bit, and saves the same text`, () => {
      const Kind = pw[fixture.kind];
      for (const given of [fixture.model, fixture.modelText]) {
        const model = Kind.fromJSON(given);
        try {
          assert.equal(JSON.stringify(model.toJSON()), fixture.modelText);
          assert.equal(model.fitted, fixture.predict !== undefined);
          if (fixture.predict !== undefined) {
            assert.deepEqual(model.predict(fixture.rows), fixture.predict);
          }
          if (fixture.decisionFunction !== undefined) {
            sameBits(Array.from(model.decisionFunction(fixture.rows)), fixture.decisionFunction, 'decisionFunction');
          }
        } finally {
          model.dispose();
        }
      }
    });
  }
});
