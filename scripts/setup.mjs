// Installs what this project needs on a fresh Debian machine, and nothing that is already there.
//   node scripts/setup.mjs            build tools: emscripten, googletest, libfast-float-dev (the
//                                     CSV reader's number parsing; cmake, g++ assumed), and the
//                                     npm dependencies (the bundler, the API reference)
//   node scripts/setup.mjs --test     also chromium (end-to-end tests), clang-format (the format
//                                     check), clang and libclang-rt-14-dev (libFuzzer for the fuzz
//                                     tier; without them it falls back to g++), and the pack
//                                     tier's runtimes (Node 18 and 22, Deno: tests/pack/runtimes,
//                                     from npm)
// Debian packages are installed with apt-get when running as root; otherwise the exact command
// is printed and the script stops. Nothing is downloaded from anywhere but Debian and npm.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const forTests = process.argv.includes('--test');

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
// libFuzzer's runtime archive, under clang's version folder (14.0.6 on Debian 12).
const fuzzerRuntime = () => {
  const clang = '/usr/lib/llvm-14/lib/clang';
  return (
    existsSync(clang) &&
    readdirSync(clang).some((version) => {
      const dir = `${clang}/${version}/lib/linux`;
      return existsSync(dir) && readdirSync(dir).some((f) => f.startsWith('libclang_rt.fuzzer-'));
    })
  );
};

const needs = [
  ['cmake', () => has('cmake')],
  ['g++', () => has('g++')],
  ['emscripten', () => has('emcc') && existsSync('/usr/share/nodejs/acorn')],
  ['googletest', () => existsSync('/usr/src/googletest/CMakeLists.txt')],
  ['libfast-float-dev', () => existsSync('/usr/include/fast_float/fast_float.h')],
];
if (forTests) {
  needs.push(['chromium', () => existsSync('/usr/bin/chromium')]);
  needs.push(['clang-format', () => has('clang-format')]);
  needs.push(['clang', () => has('clang++')]);
  needs.push(['libclang-rt-14-dev', fuzzerRuntime]);
}

const missing = needs.filter(([, present]) => !present()).map(([name]) => name);
if (missing.length > 0) {
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`setup: installing Debian packages: ${missing.join(', ')}`);
    execFileSync('sh', ['-c', command], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(`setup: missing Debian packages: ${missing.join(', ')}. Run as root:\n  sudo sh -c '${command}'`);
    process.exit(1);
  }
}

// `npm ci` in `folder` unless its node_modules already matches its package-lock.json.
function npmCi(folder, extra = []) {
  const lock = `${folder}/package-lock.json`;
  const installed = `${folder}/node_modules/.package-lock.json`;
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
    console.log(`setup: npm ci in ${folder === root ? '.' : folder.slice(root.length + 1)}`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', ...extra], { cwd: folder, stdio: 'inherit' });
  }
}

// npm dependencies, for npm start too: the API reference (TypeDoc), the bundler (esbuild).
npmCi(root);
if (forTests) {
  // The pack tier's other runtimes (Node 18 and 22, Deno), run by path: no install scripts, and
  // no bin links, which would put a second `node` on npm scripts' PATH.
  npmCi(`${root}/tests/pack/runtimes`, ['--ignore-scripts', '--bin-links=false']);
}
