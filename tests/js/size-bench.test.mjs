// The size bench's measurements (bench/size.mjs, bench/wasm-sources.mjs, bench/wasm-binary.mjs):
// its reading of the .wasm agrees with the engine's and adds up to the file, the link map's
// lines go to the right source files, and the page's files are those a browser fetches.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { pageFiles } from '../../bench/size.mjs';
import { dataSegments, functionBodies, readSections } from '../../bench/wasm-binary.mjs';
import { attribute, PROFILE_MAP, PROFILE_WASM, readLinkMap, sourceOf } from '../../bench/wasm-sources.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const wasm = readFileSync(new URL('perceptron-core.wasm', `file://${dist}`));

describe('size bench', () => {
  it('reads the .wasm section by section, every function body and data segment', () => {
    const sections = readSections(wasm);
    assert.equal(8 + sections.reduce((sum, s) => sum + s.size, 0), wasm.length);
    const code = sections.find((s) => s.name === 'code');
    const bodies = functionBodies(wasm, sections);
    const imported = WebAssembly.Module.imports(new WebAssembly.Module(wasm)).filter((i) => i.kind === 'function');
    assert.equal(bodies[0].index, imported.length);
    // The section's header (id, size) and its count of bodies: a few bytes beside the bodies.
    const rest = code.size - bodies.reduce((sum, b) => sum + b.size, 0);
    assert.ok(rest > 2 && rest <= 10, `code section: ${rest} bytes beside the bodies`);
    const data = sections.find((s) => s.name === 'data');
    const segments = dataSegments(wasm, sections);
    assert.ok(segments.reduce((sum, s) => sum + s.size, 0) < data.size);
    assert.ok(segments.every((s, k) => k === 0 || s.address >= segments[k - 1].address + segments[k - 1].length));
  });

  it("sends the link map's functions and data to their source files", () => {
    const map = [
      '    Addr      Off     Size Out     In      Symbol',
      '       -     2bbb    8a6b3 CODE',
      '       -     2bbd       35         <internal>:(__wasm_call_ctors)',
      '       -     2bf2       94         CMakeFiles/perceptron_core_module.dir/bindings/embind/analysis.cpp.o:(_Z1fv)',
      '       -     2bf2       94                 f()',
      '       -     2c86       ab         libperceptron_core.a(kernel.cpp.o):(_Z1gv)',
      '       -     2c86       ab                 g()',
      '       -     2d31       10         lto.tmp:(_Z1hv)',
      '       -     2d31       10                 h()',
      '       -    8d26e     869c DATA',
      '     400    8d26f     8680 .rodata',
      '     400    8d277     2f95         <internal>:(.rodata)',
      '    3395    9020c       1f         /usr/lib/libc++-noexcept.a(string.o):(.rodata._ZTS1x)',
      '    3395    9020c       1f                 typeinfo name for x',
      '    33b4    9022b        8         lto.tmp:(.rodata..L__const._Z1hv.table)',
      '    33bc    90233        4         lto.tmp:(.rodata..L.str.3)',
      '    f48        0        4 .bss',
      '    f48        0        4         libc.a(errno.o):(.bss.e)',
    ].join('\n');
    // Link-time optimized code is lto.tmp's, in a section named by its symbol: llvm-nm's answer
    // (ltoObjects) says which bitcode object defines it.
    const objects = new Map([['_Z1hv', 'libperceptron_core.a(winnow.cpp.o)']]);
    const { functions, data } = readLinkMap(map, objects);
    assert.deepEqual([...functions.keys()], ['f()', 'g()', 'h()']);
    assert.equal(sourceOf(functions.get('h()')[0]), 'src/perceptron/models/winnow.cpp');
    assert.equal(sourceOf(functions.get('f()')[0]), 'bindings/embind/analysis.cpp');
    assert.equal(sourceOf(functions.get('g()')[0]), 'src/perceptron/models/kernel.cpp');
    assert.deepEqual(
      data.map((d) => [d.address, d.end, d.object]),
      [
        [0x400, 0x400 + 0x2f95, '<internal>'],
        [0x3395, 0x3395 + 0x1f, '/usr/lib/libc++-noexcept.a(string.o)'],
        [0x33b4, 0x33b4 + 8, 'libperceptron_core.a(winnow.cpp.o)'],
        [0x33bc, 0x33bc + 4, '<internal>'],
      ],
    );
    assert.equal(sourceOf(data[1].object), 'Emscripten runtime: libc++-noexcept.a');
  });

  it('lists the files a page fetches: the entry, its static imports, the loader and the .wasm', () => {
    const files = pageFiles(dist);
    assert.equal(files[0], 'index.js');
    assert.equal(files.at(-1), 'perceptron-core.wasm');
    for (const file of ['js/loading.js', 'js/model.js', 'perceptron-core.mjs']) assert.ok(files.includes(file), file);
    assert.ok(!files.includes('perceptron-core-inline.js'), 'the inlined copy is fetched only without the file');
    assert.equal(new Set(files).size, files.length);
  });

  // The profile variant exists once `node bench/run.mjs size` has linked it (it may be older than
  // dist/: the bench, not this test, compares the two).
  const built = existsSync(PROFILE_WASM) && existsSync(PROFILE_MAP);
  it('attributes every byte of the .wasm, most to src/perceptron and bindings/embind', { skip: !built }, () => {
    const { rows, total } = attribute({
      profile: readFileSync(PROFILE_WASM),
      map: readFileSync(PROFILE_MAP, 'utf8'),
      shipped: wasm,
    });
    assert.equal(
      rows.reduce((sum, r) => sum + r.bytes, 0),
      total,
    );
    const ours = rows.filter((r) => /^(src\/perceptron|bindings\/embind)\/.+\.cpp$/.test(r.source));
    assert.ok(ours.some((r) => r.source === 'src/perceptron/models/perceptron.cpp'));
    assert.ok(ours.reduce((sum, r) => sum + r.bytes, 0) > total / 2);
  });
});
