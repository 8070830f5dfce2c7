// The few parts of a WebAssembly binary the size bench reads (bench/wasm-sources.mjs): its
// sections, each function body's size in the code section, the data segments' addresses and
// sizes, and the function names of the "name" custom section. Plain reads of the format
// (https://webassembly.github.io/spec/core/binary/modules.html), no dependency: Debian's wabt
// is not needed for this.

const decoder = new TextDecoder();

// A cursor over the bytes; LEB128 numbers as the format writes them.
function reader(bytes, at = 0) {
  // An LEB128 number's bits, how many it took, and its last byte (a signed one's sign is its bit 6).
  const leb = () => {
    let value = 0;
    let shift = 0;
    let last;
    do {
      last = bytes[r.at++];
      value += (last & 0x7f) * 2 ** shift;
      shift += 7;
    } while (last & 0x80);
    return { value, shift, last };
  };
  const r = {
    at,
    byte: () => bytes[r.at++],
    u32: () => leb().value,
    s32() {
      const { value, shift, last } = leb();
      return last & 0x40 ? value - 2 ** shift : value;
    },
    name() {
      const length = r.u32();
      r.at += length;
      return decoder.decode(bytes.subarray(r.at - length, r.at));
    },
  };
  return r;
}

export const SECTION_NAMES = [
  'custom',
  'type',
  'import',
  'function',
  'table',
  'memory',
  'global',
  'export',
  'start',
  'element',
  'code',
  'data',
  'data count',
];

/** The module's sections in order: {id, name, start, end} (the payload) and size (with its header). */
export function readSections(bytes) {
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) {
    throw new Error('not a WebAssembly binary');
  }
  const sections = [];
  const r = reader(bytes, 8);
  while (r.at < bytes.length) {
    const headerStart = r.at;
    const id = r.byte();
    const size = r.u32();
    const start = r.at;
    const end = start + size;
    const name = id === 0 ? `custom "${r.name()}"` : SECTION_NAMES[id];
    sections.push({ id, name, start, end, size: end - headerStart });
    r.at = end;
  }
  return sections;
}

const section = (sections, id) => sections.find((s) => s.id === id);

// Functions are numbered imports first, so the code section's first body is function `imported`.
function importedFunctions(bytes, sections) {
  const imports = section(sections, 2);
  if (!imports) return 0;
  const r = reader(bytes, imports.start);
  let functions = 0;
  const limits = () => {
    const flags = r.u32();
    r.u32();
    if (flags & 1) r.u32();
  };
  for (let n = r.u32(); n > 0; n--) {
    r.name();
    r.name();
    const kind = r.byte();
    if (kind === 0) {
      functions++;
      r.u32();
    } else if (kind === 1) {
      r.byte();
      limits();
    } else if (kind === 2) {
      limits();
    } else if (kind === 3) {
      r.byte();
      r.byte();
    } else {
      throw new Error(`unknown import kind ${kind}`);
    }
  }
  return functions;
}

/** Each body of the code section: {index (function index), size (bytes, its size field included)}. */
export function functionBodies(bytes, sections) {
  const code = section(sections, 10);
  if (!code) return [];
  const first = importedFunctions(bytes, sections);
  const r = reader(bytes, code.start);
  const count = r.u32();
  const bodies = [];
  for (let k = 0; k < count; k++) {
    const start = r.at;
    const length = r.u32();
    r.at += length;
    bodies.push({ index: first + k, size: r.at - start });
  }
  return bodies;
}

/**
 * The data section's active segments: {address, length (bytes of data), size (in the file, its
 * header included)}. Only the forms Emscripten writes without bulk memory (i32.const offsets).
 */
export function dataSegments(bytes, sections) {
  const data = section(sections, 11);
  if (!data) return [];
  const r = reader(bytes, data.start);
  const segments = [];
  for (let n = r.u32(); n > 0; n--) {
    const start = r.at;
    const flags = r.u32();
    if (flags === 2) r.u32();
    if (flags === 1) throw new Error('a passive data segment: no address to attribute it by');
    if (r.byte() !== 0x41) throw new Error('a data segment whose offset is not an i32.const');
    const address = r.s32();
    if (r.byte() !== 0x0b) throw new Error('a data segment offset longer than one i32.const');
    const length = r.u32();
    r.at += length;
    segments.push({ address, length, size: r.at - start });
  }
  return segments;
}

/** Function index -> name, from the "name" custom section (empty when there is none). */
export function functionNames(bytes, sections) {
  const names = new Map();
  const custom = sections.find((s) => s.name === 'custom "name"');
  if (!custom) return names;
  const r = reader(bytes, custom.start);
  r.name();
  while (r.at < custom.end) {
    const id = r.byte();
    const end = r.u32() + r.at;
    if (id === 1) {
      for (let n = r.u32(); n > 0; n--) {
        const index = r.u32();
        names.set(index, r.name());
      }
    }
    r.at = end;
  }
  return names;
}
