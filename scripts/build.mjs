// Builds everything, incrementally: the native core and its tests (build/native), the WASM
// core, the Embind module and the WASM test suite (build/wasm), then assembles the npm
// package in dist/ (the JS wrapper: its entry index.js and its modules in js/, its types, the
// Emscripten loader and the .wasm file).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';

const root = fileURLToPath(new URL('..', import.meta.url));
const jobs = String(Math.max(1, cpus().length));
// Debian's emcc needs Debian's acorn for its JS optimizer.
const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit', env });

function build(dir, configure) {
  if (!existsSync(`${root}/${dir}/CMakeCache.txt`)) configure();
  run('cmake', ['--build', dir, '--parallel', jobs]);
}

const only = process.argv[2];
if (only !== 'wasm') {
  build('build/native', () => run('cmake', ['-S', '.', '-B', 'build/native', '-DCMAKE_BUILD_TYPE=Release']));
}
if (only !== 'native') {
  build('build/wasm', () => run('emcmake', ['cmake', '-S', '.', '-B', 'build/wasm', '-DCMAKE_BUILD_TYPE=Release']));
  mkdirSync(`${root}/dist`, { recursive: true });
  for (const [from, to] of [
    ['bindings/index.js', 'dist/index.js'],
    ['bindings/index.d.ts', 'dist/index.d.ts'],
    // perceptron-wasm/worker: the page's client, its types, and the module Worker it starts.
    ['bindings/worker-client.js', 'dist/worker-client.js'],
    ['bindings/worker.d.ts', 'dist/worker.d.ts'],
    ['bindings/worker.js', 'dist/worker.js'],
    ['build/wasm/perceptron-core.mjs', 'dist/perceptron-core.mjs'],
    ['build/wasm/perceptron-core.wasm', 'dist/perceptron-core.wasm'],
  ]) {
    copyFileSync(`${root}/${from}`, `${root}/${to}`);
  }
  // The wrapper's modules, imported by the entry as ./js/*.js: replaced as a whole, so a module
  // removed from bindings/js/ does not linger in the package.
  rmSync(`${root}/dist/js`, { recursive: true, force: true });
  cpSync(`${root}/bindings/js`, `${root}/dist/js`, { recursive: true });
  console.log('build: dist/ is ready');
}
