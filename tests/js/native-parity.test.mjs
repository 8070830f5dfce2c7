// The WASM package and the native build must give bit-identical weights for the same data,
// options and seed: same PCG32 stream, same Fisher-Yates, same summation order, no FMA.
// build/native/native_fit trains natively and prints every double as its 64 bits in hex.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { pw, separable } from './helpers.mjs';

const nativeFit = fileURLToPath(new URL('../../build/native/native_fit', import.meta.url));

function bits(value) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  return view.getBigUint64(0).toString(16).padStart(16, '0');
}

function runNative(options, X, y) {
  const lines = [
    Object.entries(options)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
    `${X.length} ${X[0].length}`,
    // toPrecision(17) round-trips every double through strtod.
    ...X.map((row, i) => [...row.map((v) => v.toPrecision(17)), y[i]].join(' ')),
  ];
  return JSON.parse(execFileSync(nativeFit, { input: lines.join('\n') + '\n' }).toString());
}

function runWasm(options, X, y) {
  const p = new pw.Perceptron(options);
  // precision 'float32' trains a float32 Dataset of the same values (narrowed as native_fit does).
  const data = options.precision === 'float32' ? pw.Dataset.fromArray(X, undefined, y, { dtype: 'float32' }) : null;
  const report = data ? p.fit(data) : p.fit(X, y);
  data?.dispose();
  const result = {
    weights: p.weights.map(bits),
    bias: bits(p.bias),
    steps: report.steps,
    mistakes: report.mistakes,
    epochs: report.epochs,
  };
  p.dispose();
  return result;
}

describe(
  'bit-identical weights, WASM package vs native build',
  { skip: !existsSync(nativeFit) && 'build/native/native_fit is not built' },
  () => {
    const noisy = separable(400, 7, 11, 0.15); // not separable: every epoch updates
    const clean = separable(300, 3, 12);
    const cases = [];
    for (const order of ['cyclic', 'shuffle', 'sample']) {
      for (const seed of [0, 1, 123456789, 2 ** 53 - 1]) {
        cases.push([{ order, seed, maxEpochs: 20, learningRate: 0.37 }, noisy]);
      }
      cases.push([{ order, seed: 5, mistakeRule: 'strict', fitIntercept: false, learningRate: 0.1 }, clean]);
      cases.push([{ order, seed: 6, mistakeRule: 'sign', maxEpochs: 1000 }, clean]);
    }
    cases.push([{ order: 'sample', seed: 99, maxSteps: 12345, learningRate: 1e-3 }, noisy]);
    // precision 'float32' (float32 weights updated in float32): its own loop, the same bits too.
    for (const order of ['cyclic', 'shuffle', 'sample']) {
      cases.push([{ order, seed: 3, maxEpochs: 20, learningRate: 0.37, precision: 'float32' }, noisy]);
    }
    cases.push([
      { seed: 4, mistakeRule: 'strict', fitIntercept: false, learningRate: 0.1, precision: 'float32' },
      clean,
    ]);
    for (const [options, { X, y }] of cases) {
      it(JSON.stringify(options), () => {
        const native = runNative(options, X, y);
        const wasm = runWasm(options, X, y);
        assert.deepEqual(wasm, native);
        assert.ok(native.mistakes > 0);
      });
    }
  },
);
