// The package's size, as npm and as a browser see it (`node bench/run.mjs size`; every full run
// prints it too): the tarball `npm pack` makes (gzipped, what `npm install` downloads) and its
// unpacked files in the bench's table, then two tables of their own. "What a page loads": every
// file `import load from 'perceptron-wasm'; await load()` fetches, raw and gzipped at level 9 as
// a server would send it (one file at a time), and their total. "The .wasm by source file": its
// bytes by the C++ file they were compiled from (bench/wasm-sources.mjs). The inlined copy of the
// .wasm (perceptron-core-inline.js) is only fetched where the .wasm file is missing (esbuild
// bundles carry it instead of the file).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { attribute, buildProfile, PROFILE_MAP, PROFILE_WASM } from './wasm-sources.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const count = (n) => n.toLocaleString('en-US');
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;
const percent = (part, whole) => `${((100 * part) / whole).toFixed(1)}%`;

// A static import or re-export of a relative path, however many lines its braces take, at the
// start of a line or after a semicolon (the package's modules are minified onto one line).
const STATIC_IMPORT =
  /(?:^|;)\s*(?:import|export)\b[^'"();]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|;)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/**
 * What a page fetches for `import load from 'perceptron-wasm'; await load()`: the entry and the
 * modules its static imports reach, file by file (the Emscripten loader among them), then the
 * .wasm that load() fetches. Dynamic import() is left out: loading.js imports the inlined .wasm
 * only when the file cannot be read, and csv.js and loading.js import node:fs only under Node.
 */
export function pageFiles(distDir, entry = 'index.js') {
  const files = [];
  const visit = (file) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const m of readFileSync(join(distDir, file), 'utf8').matchAll(STATIC_IMPORT)) {
      visit(posix.join(posix.dirname(file), m[1] ?? m[2]));
    }
  };
  visit(entry);
  return [...files, 'perceptron-core.wasm'];
}

// The .wasm by source file, or why it could not be measured.
function wasmBySource(distDir, progress) {
  progress('the .wasm by source file (links build/wasm/perceptron-core-profile.wasm)');
  try {
    buildProfile();
  } catch (error) {
    return { notes: [`The .wasm by source file: skipped (${error.message.split('\n')[0]}).`] };
  }
  const shipped = readFileSync(join(distDir, 'perceptron-core.wasm'));
  const { rows, total, checks } = attribute({
    profile: readFileSync(PROFILE_WASM),
    map: readFileSync(PROFILE_MAP, 'utf8'),
    shipped,
  });
  const same = Object.values(checks).every(([profile, dist]) => profile === dist);
  const table = {
    title: `The .wasm by source file (raw bytes; ${count(shipped.length)} in all, ${count(gzipped(shipped))} gzipped)`,
    header: ['Source', 'Bytes', 'Share', 'Code', 'Data', 'Functions'],
    rows: [
      ...rows.map((row) => [
        row.source,
        count(row.bytes),
        percent(row.bytes, total),
        count(row.code),
        count(row.data),
        row.functions ? count(row.functions) : '',
      ]),
      ['all of it', count(total), '100.0%', '', '', ''],
    ],
  };
  const sizes = Object.entries(checks).map(([name, [profile, dist]]) => `${name} ${count(profile)}/${count(dist)}`);
  const notes = [
    `The .wasm by source file: the bytes of build/wasm/perceptron-core-profile.wasm, the same objects linked with the same options and passes keeping function names, each function body and data byte counted for the object file wasm-ld's map names, or, for the link-time optimized code the map gives to lto.tmp, the bitcode object llvm-nm finds its symbol in (see bench/wasm-sources.mjs); a header's templates and inline functions count for the .cpp file whose object the linker took them from (the first in link order). Raw bytes: gzip compresses across files, so a file's gzipped share is not measured. Sizes, this variant/dist (code section, data section, module without names): ${sizes.join(', ')}${same ? ', the same' : ': NOT the same, so the table is an estimate of dist'} (the functions are in another order, so one function's size may differ by a byte or so in a call's index).`,
  ];
  return { table, notes };
}

/** Rows [measure, result, goal, pass] for bench/run.mjs's table, tables of their own, and notes. */
export function sizeBench({ distDir, progress }) {
  progress('package size (npm pack --dry-run)');
  const output = execFileSync('npm', ['pack', '--dry-run', '--json'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [pack] = JSON.parse(String(output).slice(String(output).indexOf('[')));
  const files = pageFiles(distDir).map((file) => {
    const bytes = readFileSync(join(distDir, file));
    return { file: `dist/${file}`, raw: bytes.length, gzip: gzipped(bytes) };
  });
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const inline = gzipped(readFileSync(join(distDir, 'perceptron-core-inline.js')));
  // A page with <perceptron-playground> (perceptron-wasm/playground): its module and the
  // package it imports (the Worker Train starts, and Iris, come later, only when used).
  const playground = pageFiles(distDir, 'playground/index.js').map((file) =>
    gzipped(readFileSync(join(distDir, file))),
  );
  const playgroundGzip = playground.reduce((sum, n) => sum + n, 0);
  const rows = [
    [`npm package: the tarball (gzipped; ${pack.entryCount} files)`, `${count(pack.size)} bytes`, '', ''],
    ['npm package: unpacked', `${count(pack.unpackedSize)} bytes`, '', ''],
    [`a page loads: ${files.length} files (the table below), gzip level 9`, `${count(gzip)} bytes`, '', ''],
    ['dist/perceptron-core-inline.js (esbuild bundles), gzip level 9', `${count(inline)} bytes`, '', ''],
    [
      `a page with the playground loads: ${playground.length} files (perceptron-wasm/playground, the package), gzip level 9`,
      `${count(playgroundGzip)} bytes`,
      '',
      '',
    ],
  ];
  const pageTable = {
    title: 'What a page loads: import load from "perceptron-wasm", then await load()',
    header: ['File', 'Raw bytes', 'gzip -9 bytes', 'Share of gzip'],
    rows: [
      ...files.sort((a, b) => b.gzip - a.gzip).map((f) => [f.file, count(f.raw), count(f.gzip), percent(f.gzip, gzip)]),
      [`all ${files.length} files`, count(raw), count(gzip), '100.0%'],
    ],
  };
  const notes = [
    `Size: the tarball holds the .wasm twice (the file, and gzipped as base64 text for bundlers that leave the file behind), so it is ${count(pack.size)} bytes; a page downloads ${count(gzip)} bytes gzipped (the inlined copy never, unless the .wasm is missing).`,
  ];
  const bySource = wasmBySource(distDir, progress);
  return {
    rows,
    tables: [pageTable, bySource.table].filter(Boolean),
    notes: [...notes, ...bySource.notes],
  };
}
