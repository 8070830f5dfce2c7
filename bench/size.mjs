// The package's size, as npm and as a browser see it (`node bench/run.mjs size`; every full run
// prints it too): the tarball `npm pack` makes (gzipped, what `npm install` downloads) and its
// unpacked files, then what a page loads from it, each file gzipped at level 9 as a server
// would send it: the ES module entry and its modules, the Emscripten loader and the .wasm. The
// inlined copy of the .wasm (perceptron-core-inline.js) is only fetched where the .wasm file
// is missing (esbuild bundles carry it instead of the file).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const count = (n) => n.toLocaleString('en-US');
const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Rows [measure, result, goal, pass] and notes for bench/run.mjs's table. */
export function sizeBench({ distDir, progress }) {
  progress('package size (npm pack --dry-run)');
  const output = execFileSync('npm', ['pack', '--dry-run', '--json'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [pack] = JSON.parse(String(output).slice(String(output).indexOf('[')));
  const modules = [
    'index.js',
    ...readdirSync(join(distDir, 'js'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `js/${f}`),
  ];
  const entry = modules.reduce((sum, f) => sum + gzipped(join(distDir, f)), 0);
  const loader = gzipped(join(distDir, 'perceptron-core.mjs'));
  const wasm = gzipped(join(distDir, 'perceptron-core.wasm'));
  const inline = gzipped(join(distDir, 'perceptron-core-inline.js'));
  const rows = [
    [`npm package: the tarball (gzipped; ${pack.entryCount} files)`, `${count(pack.size)} bytes`, '', ''],
    ['npm package: unpacked', `${count(pack.unpackedSize)} bytes`, '', ''],
    [`a page loads: entry and its ${modules.length - 1} modules, gzip level 9`, `${count(entry)} bytes`, '', ''],
    ['a page loads: dist/perceptron-core.mjs (Emscripten loader), gzip level 9', `${count(loader)} bytes`, '', ''],
    ['a page loads: dist/perceptron-core.wasm, gzip level 9', `${count(wasm)} bytes`, '', ''],
    ['a page loads: all of it, gzip level 9', `${count(entry + loader + wasm)} bytes`, '', ''],
    ['dist/perceptron-core-inline.js (esbuild bundles), gzip level 9', `${count(inline)} bytes`, '', ''],
  ];
  const notes = [
    `Size: the tarball holds the .wasm twice (the file, and gzipped as base64 text for bundlers that leave the file behind), so it is ${count(pack.size)} bytes; a page downloads ${count(entry + loader + wasm)} bytes gzipped (the inlined copy never, unless the .wasm is missing).`,
  ];
  return { rows, notes };
}
