// The bad-input tables of tests/js/bad-*.test.mjs: for each area of the public surface, at least
// 50 calls that must fail with a TypeError or RangeError (or a documented subclass) whose
// message names the argument, and leave everything as it was (the subject's state and the wasm
// memory in use).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { CRASH, pw, throwsWith } from './helpers.mjs';

/**
 * One describe block per table. `setup()` makes a fresh subject for each case (a model, a
 * Dataset, data arrays...), `state(subject)` a JSON-comparable picture of everything a failed
 * call must not change, `teardown(subject)` frees it. Each case is
 * [description, call(subject), ErrorClass, ...patterns the message must match].
 */
export function badInputTable(title, { setup = () => undefined, state = () => null, teardown = () => {}, cases }) {
  describe(title, () => {
    it(`has at least 50 cases (${cases.length})`, () => {
      assert.ok(cases.length >= 50, `${cases.length} cases`);
      const names = cases.map(([name]) => name);
      assert.equal(new Set(names).size, names.length, 'case names are unique');
    });
    for (const [name, call, ErrorClass, ...patterns] of cases) {
      it(`${name}: ${ErrorClass.name}, nothing changed`, () => {
        const subject = setup();
        try {
          const before = state(subject);
          // A first failure warms up whatever the call caches (lazily built tables), so the
          // memory compared is what a failed call keeps.
          try {
            call(subject);
          } catch {}
          const inUse = pw.memory().inUse;
          const error = throwsWith(assert, () => call(subject), ErrorClass, ...patterns);
          // The memory right after the call: state() below reads the subject through the core
          // too, and its own transient allocations can move emmalloc's count by a few bytes.
          const kept = pw.memory().inUse;
          assert.doesNotMatch(error.message, CRASH);
          assert.deepEqual(state(subject), before, 'state unchanged');
          assert.equal(kept, inUse, 'no wasm memory kept');
        } finally {
          teardown(subject);
        }
      });
    }
  });
}

/** A model's state: its JSON (weights, counters, options), or 'unfitted'. */
export function modelState(model) {
  return model.fitted ? JSON.stringify(model.toJSON()) : `unfitted ${JSON.stringify(model.options)}`;
}
