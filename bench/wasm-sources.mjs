// Where the .wasm's bytes go, by C++ source file (issue 26, item 1), for `node bench/run.mjs size`.
//
// The shipped module has no function names, so CMake's perceptron_core_profile target links the
// same objects again with the same options and binaryen passes, keeping the names
// (--profiling-funcs, wasm-opt -g), and writes wasm-ld's link map. Every function body of that
// optimized module counts for the object file the map says its function came from (a function
// inlined into another counts for the one it ended in; merged functions, binaryen's
// byn$mgfn-shared$..., for the first of them), and every data byte for the object whose data
// symbol holds its address. Objects become rows: src/perceptron's and bindings/embind's .cpp
// files, and one row per Emscripten runtime library (libc++, libc, Embind, malloc). A template
// or inline function from a header counts for the .cpp file whose object the linker took it
// from. What no source file owns (types, imports, exports, the table, section and segment
// headers, padding, string literals that wasm-ld merged across files) has rows of its own.
//
// The files that are not the hot loops are compiled for link-time optimization (CMakeLists.txt,
// -flto), so the map names the code LTO made from them `lto.tmp`, each function or data symbol
// in an input section named after its (mangled) symbol: ltoObjects() asks llvm-nm (Debian's
// llvm-14, which emscripten depends on) which bitcode object defines each symbol, and the bytes go
// to that object as they would without LTO. A symbol several objects define (a header's template
// or inline function) counts for the first in link order: the module's objects, then the core
// archive's members. A function LTO made out of a local constant or switch table (.L__const.f.x,
// .Lswitch.table.f) counts for f's object; string literals (.L.str) for the merged row.
//
// Names break binaryen's ties when it orders functions, so the two modules hold the same
// functions in another order: a call's function index can take a byte more or less, and one
// function's size differs by a few bytes from the shipped one. The notes say whether the code
// and data sections, and the module as a whole, have the same sizes as the shipped ones.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { dataSegments, functionBodies, functionNames, readSections } from './wasm-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = join(root, 'build', 'wasm');
export const PROFILE_WASM = join(buildDir, 'perceptron-core-profile.wasm');
export const PROFILE_MAP = join(buildDir, 'perceptron-core-profile.map');

const STRUCTURE = 'module structure: types, imports, exports, table, headers';
const MERGED_STRINGS = 'string literals, merged across files by wasm-ld';
const CONSTRUCTORS = "__wasm_call_ctors: all files' static initializers and Embind registrations";
const GENERATED = 'made by wasm-ld or binaryen (import legalization)';
const LTO = 'made by link-time optimization (constants of no one source file)';
const PADDING = 'data: alignment padding between symbols';

/** Builds the profile variant (an incremental link of the objects npm run build compiled). */
export function buildProfile() {
  if (!existsSync(join(buildDir, 'CMakeCache.txt'))) throw new Error('no build/wasm: run `npm run build` first');
  // Debian's emcc needs Debian's acorn, as in scripts/build.mjs.
  const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
  execFileSync('cmake', ['--build', buildDir, '--target', 'perceptron_core_profile'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The bitcode objects' defined symbols: mangled name -> object, written as the map writes a
 * non-LTO input (the module's object path, or libperceptron_core.a(file.cpp.o)); the first
 * definition in link order wins.
 */
export function ltoObjects(dir = buildDir, map = '') {
  const module = join(dir, 'CMakeFiles', 'perceptron_core_module.dir', 'bindings', 'embind');
  // Emscripten's runtime libraries are bitcode too under -flto: those the module links, from the
  // sysroot folder the map names.
  const sysroot = /\S*\/lto\/(?=lib[^/(]*\.a\()/.exec(map)?.[0];
  const runtime = [
    'libc++-noexcept.a',
    'libc++abi-noexcept.a',
    'libembind-rtti.a',
    'libemmalloc.a',
    'libc-optz.a',
    'libcompiler_rt.a',
  ];
  const inputs = [
    ...(existsSync(module)
      ? readdirSync(module)
          .filter((f) => f.endsWith('.cpp.o'))
          .sort()
          .map((f) => join(module, f))
      : []),
    join(dir, 'libperceptron_core.a'),
    ...(sysroot ? runtime.map((lib) => sysroot + lib) : []),
  ].filter((f) => existsSync(f));
  const objects = new Map();
  if (inputs.length === 0) return objects;
  const out = execFileSync('llvm-nm', ['--defined-only', '-A', ...inputs], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'ignore'], // "no symbols" for empty members
  });
  for (const line of out.split('\n')) {
    // "path: addr T name", or for an archive member "path.a:member.o: addr T name"
    const m = /^(.*?\.o): \S+ \S (\S+)$/.exec(line);
    if (!m) continue;
    const member = /^(.*\/)?(lib[^/]*\.a):(.+)$/.exec(m[1]);
    const object = member ? `${member[2]}(${member[3]})` : m[1];
    if (!objects.has(m[2])) objects.set(m[2], object);
  }
  return objects;
}

// The object an LTO input section's bytes came from (see the header), or '<internal>'.
export function ltoObjectOf(section, objects) {
  let name = section.replace(/^\.(rodata|data|bss|init_array)\./, '');
  if (/^\.L\.str/.test(name) || name === '.rodata' || name === '.data') return '<internal>';
  name = name.replace(/^\.L__const\./, '').replace(/^\.Lswitch\.table\./, '');
  // A symbol's own name, then without the suffixes LTO or coroutine splitting added (.resume,
  // .__constname, .llvm.123): the longest prefix some object defines.
  for (let at = name.length; at > 0; at = name.lastIndexOf('.', at - 1)) {
    const object = objects.get(name.slice(0, at));
    if (object) return object;
  }
  return 'lto.tmp';
}

/**
 * The link map's function and data symbols: `functions`, demangled name -> the object files that
 * define one of that name, in the map's (the module's) order; `data`, {address, end, object}.
 * Its lines: address, offset, size, then the output section, an input (object:(section)) or a
 * symbol, indented 0, 8 or 16 columns.
 */
export function readLinkMap(text, objects = new Map()) {
  const functions = new Map();
  const data = [];
  let output = '';
  let object = '';
  for (const line of text.split('\n')) {
    const m = /^\s*(\S+)\s+[0-9a-f]+\s+([0-9a-f]+) (\s*)(.*)$/.exec(line);
    if (!m) continue;
    const [, address, size, indent, what] = m;
    if (indent.length === 0) {
      output = what;
    } else if (indent.length === 8) {
      const open = what.lastIndexOf(':(');
      object = what.slice(0, open);
      if (object === 'lto.tmp') object = ltoObjectOf(what.slice(open + 2, -1), objects);
      if (address !== '-' && output !== '.bss') {
        const start = parseInt(address, 16);
        data.push({ address: start, end: start + parseInt(size, 16), object });
      }
    } else if (output === 'CODE') {
      if (!functions.has(what)) functions.set(what, []);
      functions.get(what).push(object);
    }
  }
  return { functions, data: data.sort((a, b) => a.address - b.address) };
}

// Core objects are archive members named by their file's basename: back to the file's path.
function coreFiles() {
  const files = new Map();
  const top = join(root, 'src', 'perceptron');
  for (const group of readdirSync(top, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(top, group.name)).filter((f) => f.endsWith('.cpp'))) {
      const path = `src/perceptron/${group.name}/${file}`;
      files.set(file, files.has(file) ? `${files.get(file)} or ${path}` : path);
    }
  }
  return files;
}

/** The row an object file's bytes go to. */
export function sourceOf(object, core = coreFiles()) {
  if (object === '<internal>') return GENERATED;
  if (object === 'lto.tmp') return LTO;
  const embind = /(bindings\/embind\/[^/]+\.cpp)\.o$/.exec(object);
  if (embind) return embind[1];
  const member = /(lib[^/]*\.a)\(([^)]+)\)$/.exec(object);
  if (member?.[1] === 'libperceptron_core.a') return core.get(member[2].replace(/\.o$/, '')) ?? member[2];
  if (member) return `Emscripten runtime: ${member[1]}`;
  return basename(object);
}

// The object a function of the optimized module came from. Binaryen names a second function of
// the same name `name.1` (wasm-ld's name section repeats a name for a constructor's or
// destructor's variants and for same-named static functions of two files), and prefixes the
// functions it makes by merging others (`byn$mgfn-shared$first`).
function objectOf(name, functions) {
  const plain = name.replace(/^byn\$mgfn-shared\$/, '');
  if (functions.has(plain)) return functions.get(plain)[0];
  const numbered = /^(.*)\.(\d+)$/.exec(plain);
  const objects = numbered && functions.get(numbered[1]);
  if (objects) return objects[Number(numbered[2])] ?? objects[0];
  return '<internal>';
}
const sourceOfFunction = (name, functions, core) =>
  name === '__wasm_call_ctors' ? CONSTRUCTORS : sourceOf(objectOf(name, functions), core);

/**
 * Attributes the profile variant's bytes. Returns rows {source, bytes, functions}, largest first,
 * their total (the profile module's size, its name section aside) and the checks against the
 * shipped module `shipped` (the bytes of dist/perceptron-core.wasm).
 */
export function attribute({ profile, map, shipped, objects = ltoObjects(buildDir, map) }) {
  const sections = readSections(profile);
  const { functions, data } = readLinkMap(map, objects);
  const names = functionNames(profile, sections);
  const core = coreFiles();
  const rows = new Map();
  // Adds {code, data, other} bytes and a count of functions to a row.
  const add = (source, part) => {
    const row = rows.get(source) ?? { source, bytes: 0, code: 0, data: 0, functions: 0 };
    for (const [key, value] of Object.entries(part)) row[key] += value;
    row.bytes += (part.code ?? 0) + (part.data ?? 0) + (part.other ?? 0);
    rows.set(source, row);
  };

  let total = 8; // the magic number and version
  add(STRUCTURE, { other: 8 });
  for (const s of sections) {
    if (s.name.startsWith('custom')) continue; // the names (and nothing else: -g keeps no DWARF)
    total += s.size;
    if (s.name !== 'code' && s.name !== 'data') add(STRUCTURE, { other: s.size });
  }
  let bodies = 0;
  for (const { index, size } of functionBodies(profile, sections)) {
    add(sourceOfFunction(names.get(index) ?? '', functions, core), { code: size, functions: 1 });
    bodies += size;
  }
  const code = sections.find((s) => s.name === 'code');
  add(STRUCTURE, { other: code.size - bodies });

  // Each segment's bytes, address by address, to the data symbols that hold them.
  const dataSection = sections.find((s) => s.name === 'data');
  let segmentBytes = 0;
  for (const { address, length, size } of dataSegments(profile, sections)) {
    add(STRUCTURE, { other: size - length });
    segmentBytes += size;
    let covered = 0;
    for (const symbol of data) {
      const overlap = Math.min(address + length, symbol.end) - Math.max(address, symbol.address);
      if (overlap <= 0) continue;
      add(symbol.object === '<internal>' ? MERGED_STRINGS : sourceOf(symbol.object, core), { data: overlap });
      covered += overlap;
    }
    add(PADDING, { data: length - covered });
  }
  add(STRUCTURE, { other: (dataSection?.size ?? 0) - segmentBytes });

  const shippedSections = readSections(shipped);
  const sizeOf = (list, name) => list.find((s) => s.name === name)?.size ?? 0;
  const checks = {
    code: [sizeOf(sections, 'code'), sizeOf(shippedSections, 'code')],
    data: [sizeOf(sections, 'data'), sizeOf(shippedSections, 'data')],
    total: [total, shipped.length],
  };
  return { rows: [...rows.values()].sort((a, b) => b.bytes - a.bytes), total, checks };
}
