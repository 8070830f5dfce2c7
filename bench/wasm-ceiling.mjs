// The WASM ceiling beside the native one (issue 30): bench/wasm_read_pass.cpp built by em++ at
// -O3 with WASM SIMD into build/bench-wasm/read_pass.wasm (the first time, or when the source is
// newer), instantiated in this Node process, X copied into its memory, and the best of `runs`
// passes timed, each reading X `epochs` times as fit does. Returns {seconds64, seconds32} (the
// float64 and float32 passes over the same values) or {skipped: 'why'}.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { bestOf } from './data.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'bench/wasm_read_pass.cpp');
const summation = join(root, 'src/perceptron/support/summation.hpp');
const output = join(root, 'build/bench-wasm/read_pass.wasm');

// The module, built when missing or older than its sources.
function build() {
  const newest = Math.max(statSync(source).mtimeMs, statSync(summation).mtimeMs);
  if (existsSync(output) && statSync(output).mtimeMs >= newest) return;
  mkdirSync(join(root, 'build/bench-wasm'), { recursive: true });
  execFileSync(
    'em++',
    [
      '-std=c++20',
      '-O3',
      '-msimd128',
      '-ffp-contract=off',
      `-I${join(root, 'src')}`,
      source,
      '-o',
      output,
      '--no-entry',
      '-sSTANDALONE_WASM',
      '-sALLOW_MEMORY_GROWTH=1',
      '-sEXPORTED_FUNCTIONS=_read_pass64,_read_pass32,_train_pass64,_bench_alloc,_bench_free',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/**
 * Times the read-only passes over row-major X (a Float64Array of rows x cols), and the classic
 * perceptron written by hand in the same module (labels y, +1 or -1): its seconds, weights, bias.
 */
export async function wasmCeiling(X, y, rows, cols, epochs, runs) {
  try {
    build();
  } catch (error) {
    const why = String(error.stderr || error.message)
      .trim()
      .split('\n')
      .pop();
    return { skipped: `could not build bench/wasm_read_pass.cpp with em++: ${why}` };
  }
  const { instance } = await WebAssembly.instantiate(readFileSync(output), {
    env: { emscripten_notify_memory_growth: () => {} },
  });
  const wasm = instance.exports;
  wasm._initialize();
  const p64 = wasm.bench_alloc(rows * cols * 8);
  const p32 = wasm.bench_alloc(rows * cols * 4);
  const py = wasm.bench_alloc(rows * 8);
  const pw = wasm.bench_alloc(cols * 8);
  if (!p64 || !p32 || !py || !pw) return { skipped: `could not allocate ${rows} x ${cols} in the ceiling module` };
  // Views made after every allocation (a growth detaches the earlier buffer).
  new Float64Array(wasm.memory.buffer, p64, rows * cols).set(X);
  new Float32Array(wasm.memory.buffer, p32, rows * cols).set(X);
  new Float64Array(wasm.memory.buffer, py, rows).set(y);
  const time = (fn) => bestOf(fn, runs).best;
  const seconds64 = time(() => wasm.read_pass64(p64, rows, cols, epochs));
  const seconds32 = time(() => wasm.read_pass32(p32, rows, cols, epochs));
  let bias;
  const trainSeconds = time(() => (bias = wasm.train_pass64(p64, py, rows, cols, epochs, pw)));
  const weights = Array.from(new Float64Array(wasm.memory.buffer, pw, cols));
  for (const p of [pw, py, p32, p64]) wasm.bench_free(p);
  return { seconds64, seconds32, train: { seconds: trainSeconds, weights, bias } };
}
