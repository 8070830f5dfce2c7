// The playground's state table (web/shell/url-keys.js): every key a link holds is declared there,
// every option key is one a model shows, and the link reader accepts every hash key the table
// declares (for a model that has the option), so the table and state.js cannot drift apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pw } from './helpers.mjs';
import { keysOf, optionKey, URL_KEYS } from '../../web/shell/url-keys.js';
import { MODELS } from '../../web/shell/models.js';
import { pageFields } from '../../web/shell/options.js';
import { defaultState, parse, serialize } from '../../web/shell/state.js';

const fieldsOf = (kind) => pageFields(pw, kind);
const keysIn = (text) => [...new URLSearchParams(text).keys()];

test('every model option has its key from the table, and every option key of the table is used', () => {
  const used = new Set();
  for (const model of MODELS) {
    for (const field of model.fields) {
      assert.equal(field.key, optionKey(field.name), `${model.kind} ${field.name}`);
      used.add(field.key);
    }
  }
  assert.deepEqual([...used].sort(), keysOf('option').sort());
  assert.throws(() => optionKey('noSuchOption'), /no key for the option noSuchOption/);
});

test('a link written by state.js holds only keys of the table', () => {
  for (const model of MODELS) {
    const state = defaultState(fieldsOf);
    state.model = { kind: model.kind, options: {} };
    for (const field of fieldsOf(model.kind))
      if (field.initial !== undefined) state.model.options[field.name] = field.initial;
    state.selectedClass = 1;
    state.progress = {
      start: { kind: model.kind },
      base: { t: 3, epoch: 1, mistakes: 1 },
      converged: true,
      trained: true,
      run: { steps: 2, last: true },
      runs: ['train', 4, 2],
    };
    for (const data of [state.data, { kind: 'points', points: [{ x: 0, y: 1, label: 'a' }] }]) {
      for (const key of keysIn(serialize({ ...state, data }, fieldsOf))) {
        assert.equal(URL_KEYS[key]?.in, 'hash', `${model.kind} writes ${key}`);
      }
    }
  }
});

test('the link reader knows every hash key of the table', () => {
  for (const [key, entry] of Object.entries(URL_KEYS)) {
    if (entry.in !== 'hash') continue;
    const model = entry.part === 'option' ? MODELS.find((m) => m.fields.some((f) => f.key === key)) : MODELS[0];
    const { problems } = parse(`model=${model.kind}&${key}=x`, fieldsOf);
    const unknown = problems.filter((p) => /no such setting/.test(p.reason));
    assert.deepEqual(unknown, [], key);
  }
  assert.match(parse('nokey=1', fieldsOf).problems[0].reason, /no such setting/);
  assert.deepEqual(keysOf('progress'), ['start', 'base', 'conv', 'trained', 'run', 'runs']);
  assert.deepEqual(
    Object.keys(URL_KEYS).filter((key) => URL_KEYS[key].in === 'search'),
    ['hide', 'quiz'],
  );
});

test("runs= (the learning curve's runs) goes through the link, and a malformed one is named", () => {
  const progressOf = (text) => parse(`model=Perceptron&base=5,1,2&${text}`, fieldsOf);
  for (const runs of [['train', 4, 0, 12], [7], { lost: 'data' }, { lost: 'imported' }]) {
    const state = defaultState(fieldsOf);
    state.progress = {
      start: null,
      base: { t: 5, epoch: 1, mistakes: 2 },
      converged: null,
      trained: false,
      run: null,
      runs,
    };
    const { state: read, problems } = parse(serialize(state, fieldsOf), fieldsOf);
    assert.deepEqual(problems, []);
    assert.deepEqual(read.progress.runs, runs);
  }
  assert.equal(progressOf('').state.progress.runs, undefined, 'a link without runs (an older one)');
  for (const bad of ['runs=4,train', 'runs=x', 'runs=lost-nothing', 'runs=-1', `runs=${Array(201).fill(1)}`]) {
    const { problems } = progressOf(bad);
    assert.equal(problems.length, 1, bad);
    assert.match(
      problems[0].reason,
      /: runs must be train, then step counts \(at most 200 runs\), or lost-<why>; the weights start at zero$/,
      bad,
    );
  }
});
