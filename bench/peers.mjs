// What a user would pick instead of the package, each timed on the same data file:
// a hand-written JS loop, wink-perceptron, scikit-learn (a python3 subprocess) and the same
// C++ core built natively with -O3 -march=native (bench/native_bench.cpp). Each returns
// {seconds, ...} or {skipped: 'why'} when this machine lacks it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { timeOnce } from './data.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The last non-empty line of a tool's output: where Python and CMake say what went wrong.
const lastLine = (text) => String(text).trim().split('\n').filter(Boolean).pop() ?? '';

// The classic perceptron as one writes it by hand over a row-major Float64Array: s = w.x + b,
// update w += y x, b += y when y * s <= 0, the rows in order.
export function handWritten(X, y, rows, cols, epochs) {
  const w = new Float64Array(cols);
  let b = 0;
  for (let e = 0; e < epochs; e++) {
    for (let i = 0; i < rows; i++) {
      const o = i * cols;
      let s = 0;
      for (let j = 0; j < cols; j++) s += w[j] * X[o + j];
      s += b;
      if (y[i] * s <= 0) {
        for (let j = 0; j < cols; j++) w[j] += y[i] * X[o + j];
        b += y[i];
      }
    }
  }
  return { weights: w, bias: b };
}

// The classic perceptron in float32 arithmetic, written by hand over a Float32Array (what
// precision 'float32' computes): the score is the blocked sum of the core (term j into partial
// sum j mod 8, then ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))) of w_j * x_j, every
// operation rounded to float32 (Math.fround), widened, plus the bias; on y * s <= 0,
// w_j += y * x_j and b += y in float32.
export function handWritten32(X, y, rows, cols, epochs) {
  const f = Math.fround;
  const w = new Float32Array(cols);
  const part = new Float32Array(8);
  let b = 0;
  for (let e = 0; e < epochs; e++) {
    for (let i = 0; i < rows; i++) {
      const o = i * cols;
      part.fill(0);
      for (let j = 0; j < cols; j++) part[j & 7] = f(part[j & 7] + f(w[j] * X[o + j]));
      const sum = f(f(f(part[0] + part[1]) + f(part[2] + part[3])) + f(f(part[4] + part[5]) + f(part[6] + part[7])));
      const s = sum + b;
      if (y[i] * s <= 0) {
        for (let j = 0; j < cols; j++) w[j] = f(w[j] + f(y[i] * X[o + j]));
        b = f(b + y[i]);
      }
    }
  }
  return { weights: w, bias: b };
}

// wink-perceptron (a multi-class averaged perceptron over {feature: value} objects) on the
// first `rows` rows; building its objects is not timed. Warm-up on a tenth of the slice.
export async function wink(X, y, rows, cols, epochs, runs) {
  let perceptron;
  try {
    ({ default: perceptron } = await import('wink-perceptron'));
  } catch (error) {
    return { skipped: `wink-perceptron is not installed (npm ci): ${lastLine(error.message)}` };
  }
  const names = Array.from({ length: cols }, (_, j) => `f${j}`);
  const examples = Array.from({ length: rows }, (_, i) => {
    const features = {};
    for (let j = 0; j < cols; j++) features[names[j]] = X[i * cols + j];
    return [features, { label: y[i] > 0 ? 'positive' : 'negative' }];
  });
  const learn = (part) => {
    const model = perceptron();
    model.defineConfig({ maxIterations: epochs, shuffleData: false });
    model.learn(part);
  };
  learn(examples.slice(0, Math.ceil(rows / 10))); // warm-up: a full one would double the time
  const seconds = Array.from({ length: runs }, () => timeOnce(() => learn(examples)).seconds);
  const { version } = createRequire(import.meta.url)('wink-perceptron/package.json');
  return { seconds: Math.min(...seconds), version };
}

function python() {
  // Debian's python3-sklearn installs into the system interpreter, which a pyenv or venv
  // python3 earlier on PATH would not see.
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    if (spawnSync(candidate, ['-c', 'import sklearn'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

export function sklearn(file, rows, cols, epochs, runs) {
  const interpreter = python();
  if (!interpreter) return { skipped: '`import sklearn` fails in python3 (Debian: apt-get install python3-sklearn)' };
  const script = join(root, 'bench/sklearn_speed.py');
  const result = spawnSync(interpreter, [script, file, ...[rows, cols, epochs, runs].map(String)], {
    encoding: 'utf8',
  });
  if (result.status !== 0) return { skipped: `scikit-learn failed: ${lastLine(result.stderr)}` };
  const { seconds, n_iter: epochsRun } = JSON.parse(result.stdout);
  const version = spawnSync(interpreter, ['-c', 'import sklearn; print(sklearn.__version__)'], {
    encoding: 'utf8',
  }).stdout.trim();
  return { seconds: Math.min(...seconds), epochs: epochsRun, version };
}

// Builds bench/native_bench.cpp in build/native (configured the way scripts/build.mjs does;
// configured again, since a build folder made before the target existed does not know it), then
// runs it on the data file.
export function native(file, rows, cols, epochs, runs) {
  const build = join(root, 'build/native');
  const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    run('cmake', ['-S', '.', '-B', build, '-DCMAKE_BUILD_TYPE=Release']);
    run('cmake', ['--build', build, '--target', 'native_bench', '--parallel', String(Math.min(2, cpus().length))]);
  } catch (error) {
    return { skipped: `could not build native_bench: ${lastLine(error.stderr || error.stdout || error.message)}` };
  }
  const result = spawnSync(join(build, 'native_bench'), [file, ...[rows, cols, epochs, runs].map(String)], {
    encoding: 'utf8',
  });
  if (result.status !== 0) return { skipped: `native_bench failed: ${lastLine(result.stderr)}` };
  const out = JSON.parse(result.stdout);
  return {
    seconds: Math.min(...out.seconds),
    readSeconds: out.read,
    epochs: out.epochs,
    weights: out.weights,
    bias: out.bias,
    compiler: compiler(build),
  };
}

// The compiler CMake chose for build/native, as its --version's first line.
function compiler(build) {
  try {
    const cache = readFileSync(join(build, 'CMakeCache.txt'), 'utf8');
    const path = /^CMAKE_CXX_COMPILER:\w+=(.*)$/m.exec(cache)[1];
    return execFileSync(path, ['--version']).toString().split('\n')[0].trim();
  } catch {
    return 'C++ compiler';
  }
}
