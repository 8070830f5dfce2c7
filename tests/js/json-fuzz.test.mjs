// fromJSON fuzzing (issue 10): seeded mutations of every model kind's JSON, as an object and as
// text: deleted fields, wrong types, huge arrays, negative and non-integer sizes, wrong versions
// and formats, `__proto__` and `constructor` keys. Each is refused with a TypeError or RangeError
// naming a field, or gives a model predicting exactly as the original; no prototype is
// polluted, failures keep no wasm memory, and the module stays usable.
//   FUZZ_MS=60000 FUZZ_SEED=7 node --test tests/js/json-fuzz.test.mjs   (the suite: 4 s, seed 1)
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

import { CMU_X, CMU_Y, CRASH, EVERY_KIND, EVERY_KIND_DATA, pw, rng } from './helpers.mjs';

const BUDGET_MS = Number(process.env.FUZZ_MS ?? 4000);
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const { X } = EVERY_KIND_DATA;
// Winnow takes 0/1 features only: the training rows are the probe.
const PROBE = X;
const scoresOf = (model) =>
  JSON.stringify(Array.from(model.decisionFunction(PROBE), (row) => (ArrayBuffer.isView(row) ? [...row] : row)));

// Every path to a value in `json`: arrays contribute their first two and last elements.
function paths(value, prefix = []) {
  const out = [prefix];
  if (Array.isArray(value)) {
    const picks = [...new Set([0, 1, value.length - 1])].filter((i) => i >= 0 && i < value.length);
    for (const i of picks) out.push(...paths(value[i], [...prefix, i]));
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) out.push(...paths(value[key], [...prefix, key]));
  }
  return out;
}

const parentOf = (root, path) => path.slice(0, -1).reduce((node, key) => node[key], root);

function fieldNames(json) {
  const names = new Set(['__proto__', 'constructor', 'JSON']);
  for (const path of paths(json)) for (const key of path) if (typeof key === 'string') names.add(key);
  return [...names];
}

// The integer fields that are sizes or counts (the others are values a model may hold).
const COUNTERS = ['version', 'maxEpochs', 'seed', 'patience', 'nFeatures', 'steps', 'degree', 'averagedSteps'];

const WRONG = [
  null,
  undefined,
  true,
  'x',
  '1',
  '',
  -1,
  0,
  0.5,
  1e300,
  -1e300,
  NaN,
  Infinity,
  [],
  [1, 'a'],
  {},
  { 0: 1 },
];

// One mutation of a deep copy of `json`, described; `random` is the seeded generator.
function mutate(json, random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const copy = structuredClone(json);
  const all = paths(copy).filter((p) => p.length > 0);
  const path = pick(all);
  const parent = parentOf(copy, path);
  const key = path.at(-1);
  const old = parent[key];
  const where = path.join('.');
  switch (Math.floor(random() * 7)) {
    case 0:
      if (Array.isArray(parent)) parent.splice(key, 1);
      else delete parent[key];
      return { copy, what: `deleted ${where}` };
    case 1:
      parent[key] = pick(WRONG.filter((v) => typeof v !== typeof old || Array.isArray(v) !== Array.isArray(old)));
      return { copy, what: `${where} = ${String(parent[key])} (a wrong type)` };
    case 2: {
      // Sizes and counters (integer fields named by a key): negative, fractional, beyond 2^32 or 2^53.
      const isCounter = COUNTERS.includes(key);
      const [node, field] = isCounter ? [parent, key] : [copy, pick(['nFeatures', 'steps', 'epochs', 'version'])];
      node[field] = pick([-1, -(2 ** 31), 2 ** 32 + 1, 2 ** 53 + 2, 0.5, -0.5]);
      return { copy, what: `${isCounter ? where : field} = ${node[field]} (a bad size)` };
    }
    case 3: {
      // A huge array where an array was (or at the top level's first array).
      const huge = new Array(pick([2 ** 16, 2 ** 20])).fill(pick([0, 1, 'a']));
      if (Array.isArray(old)) parent[key] = huge;
      else copy[pick(Object.keys(copy))] = huge;
      return { copy, what: `a huge array at ${Array.isArray(old) ? where : 'a top-level field'}` };
    }
    case 4:
      if (random() < 0.5) copy.version = pick([0, 2, '1', 1.5, null, -1]);
      else
        copy.format = pick([
          pw.FORMAT,
          pw.MULTICLASS_FORMAT,
          pw.KERNEL_FORMAT,
          pw.WINNOW_FORMAT,
          pw.PA_FORMAT,
          'perceptron-wasm/Other',
          '',
          7,
        ]);
      return { copy, what: `version ${copy.version} format ${copy.format}` };
    case 5: {
      // Own __proto__ / constructor keys, as JSON.parse makes them (not a prototype change).
      const poison = JSON.parse(
        pick([
          '{"__proto__": {"polluted": 1, "nFeatures": 99}}',
          '{"constructor": {"prototype": {"polluted": 1}}}',
          '{"__proto__": {"weights": [1, 2, 3]}}',
        ]),
      );
      const node = old && typeof old === 'object' && !Array.isArray(old) ? old : copy;
      Object.assign(node, poison);
      for (const [k, v] of Object.entries(poison)) Object.defineProperty(node, k, { value: v, enumerable: true });
      return { copy, what: `${Object.keys(poison)[0]} key at ${node === copy ? 'the top' : where}` };
    }
    default:
      // An extra element or a missing one in an array, or a number array as a string.
      if (Array.isArray(old)) parent[key] = random() < 0.5 ? [...old, old.at(-1) ?? 0] : old.slice(1);
      else if (typeof old === 'string') delete parent[key];
      else parent[key] = JSON.stringify(old ?? null);
      return { copy, what: `${where} resized or stringified` };
  }
}

after(() => {
  assert.equal({}.polluted, undefined, 'Object.prototype was not polluted');
  assert.equal(Object.prototype.nFeatures, undefined);
});

describe(`fromJSON fuzzing (${BUDGET_MS} ms, seed ${SEED})`, () => {
  for (const [name, make, y] of EVERY_KIND) {
    it(`${name}: every mutation is refused naming a field, or predicts as the original`, () => {
      const random = rng(SEED * 7919 + name.length);
      const original = make();
      original.fit(X, y);
      const json = original.toJSON();
      const Kind = original.constructor;
      const expected = { labels: original.predict(PROBE), scores: scoresOf(original) };
      const names = fieldNames(json);
      const start = pw.memory().inUse;
      const counts = { refused: 0, accepted: 0 };
      const deadline = Date.now() + BUDGET_MS / EVERY_KIND.length;
      for (let k = 0; Date.now() < deadline || k < 50; k++) {
        const { copy, what } = mutate(json, random);
        const input = random() < 0.5 ? copy : JSON.stringify(copy);
        let model;
        try {
          model = Kind.fromJSON(input);
        } catch (error) {
          counts.refused++;
          assert.ok(
            error instanceof TypeError || error instanceof RangeError,
            `${what}: ${error?.name}: ${error?.message}`,
          );
          assert.match(error.message, /fromJSON/, what);
          assert.ok(
            names.some((field) => error.message.includes(field)),
            `${what}: the message names no field: ${error.message}`,
          );
          assert.doesNotMatch(error.message, CRASH);
          continue;
        }
        counts.accepted++;
        try {
          assert.deepEqual(model.predict(PROBE), expected.labels, `${what}: accepted, predicts differently`);
          assert.equal(scoresOf(model), expected.scores, what);
        } finally {
          model.dispose();
        }
      }
      assert.equal(pw.memory().inUse, start, 'failed fromJSON calls keep no wasm memory');
      assert.equal({}.polluted, undefined);
      assert.ok(counts.refused > counts.accepted, JSON.stringify(counts));
      original.dispose();
    });
  }

  it('the module is still usable: the CMU example trains to its slide', () => {
    const p = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign' });
    p.fit(CMU_X, CMU_Y);
    assert.deepEqual([...p.weights], [3, 1]);
    p.dispose();
  });
});
