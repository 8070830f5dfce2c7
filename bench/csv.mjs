// The CSV ingest part of the bench: a numeric CSV file read into a training-ready matrix by the
// package (Dataset.fromCsv on bytes and on a string, Dataset.fromStream on a file stream) and by
// what a user would pick instead (PapaParse, d3-dsv, each followed by the loop that builds a
// Float64Array matrix and its labels from their rows). bench/run.mjs calls csvBench; every
// measurement runs in a fresh process (bench/child.mjs csv-speed / csv-memory), which calls
// csvSpeed or csvMemory here.
//
// Speed is in MB/s: the file's bytes / 1e6 / the seconds from text in memory to the matrix.
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { randomStream } from './data.mjs';
import { loadPackage } from './package.mjs';

export const CSV = { rows: 268_000, cols: 20, seed: 7 }; // 50.0 MB
const WASM_OVERHEAD = 16 * 2 ** 20; // the fixed part of the fromStream memory goal
const MINIMUM_RATIO = 5; // fromCsv against PapaParse

const SCALES = [1, 10, 0.1, 100, 0.01]; // column j holds values in [-SCALES[j % 5], SCALES[j % 5])

// One value as a CSV writer might spell it: mostly toFixed(6), some in exponent form (e or E),
// some short without the leading zero (".5", "-.25"), some with 3 significant digits ("12.3",
// "-0.00412", "1.00e-7"). Every spelling is one that Number(), PapaParse's dynamicTyping and
// the package all read as a number.
function spell(v, r) {
  if (r < 0.7) return v.toFixed(6);
  if (r < 0.75) return v.toExponential(5);
  if (r < 0.8) return v.toExponential(5).toUpperCase();
  if (r < 0.9) return v.toFixed(3).replace(/^(-?)0\./, '$1.');
  return v.toPrecision(3);
}

// Writes the bench's CSV file: a header row x1..x{cols},label, then rows of cols values and a
// +1/-1 label last (the sign of a random normal . x, 5% flipped), "\n" line ends. Returns its
// size in bytes. The same seed writes the same bytes on every machine.
export function writeCsv(path, { rows, cols, seed }) {
  const random = randomStream(seed);
  const normal = Float64Array.from({ length: cols }, () => random() * 2 - 1);
  const fd = openSync(path, 'w');
  try {
    const header = Array.from({ length: cols }, (_, j) => `x${j + 1}`);
    let lines = [[...header, 'label'].join(',')];
    const fields = new Array(cols + 1);
    for (let i = 0; i < rows; i++) {
      let s = 0;
      for (let j = 0; j < cols; j++) {
        const v = (random() * 2 - 1) * SCALES[j % SCALES.length];
        s += (v / SCALES[j % SCALES.length]) * normal[j];
        fields[j] = spell(v, random());
      }
      fields[cols] = s > 0 !== random() < 0.05 ? '1' : '-1';
      lines.push(fields.join(','));
      if (lines.length === 10_000 || i === rows - 1) {
        writeSync(fd, `${lines.join('\n')}\n`);
        lines = [];
      }
    }
  } finally {
    closeSync(fd);
  }
  return statSync(path).size;
}

// A peer's rows (the header row first, then cols values and the label) as the matrix and
// labels the package gives: row-major Float64Array X and Float64Array y.
function toMatrix(table) {
  const rows = table.length - 1;
  const cols = table[0].length - 1;
  const X = new Float64Array(rows * cols);
  const y = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const row = table[i + 1];
    const o = i * cols;
    for (let j = 0; j < cols; j++) X[o + j] = row[j];
    y[i] = row[cols];
  }
  return { rows, cols, X, y };
}

// A devDependency's version ('' when it is not installed).
function version(name) {
  try {
    return JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url))).version;
  } catch {
    return '';
  }
}

// The ways of reading the file, each {label, setup(file, dist)} where setup reads what it
// needs (outside the timing) and returns {run, read, free}: run() the timed work (a result or a
// promise of one), read(result) its {rows, cols, X, y}, free(result) what it holds.
const fromPackage = (label, makeRun) => ({
  label: `perceptron-wasm ${label}`,
  async setup(file, dist) {
    const pw = await loadPackage(dist);
    if (typeof pw.Dataset?.fromCsv !== 'function')
      return { skipped: 'this build of the package has no Dataset.fromCsv' };
    return {
      run: makeRun(pw, file),
      read: (d) => ({ rows: d.rows, cols: d.cols, X: d.toArray().data, y: Float64Array.from(d.labels) }),
      free: (d) => d.dispose(),
    };
  },
});
const fromPeer = (name, display, parse) => ({
  label: `${display} ${version(name)}`.trim(),
  async setup(file) {
    const text = readFileSync(file, 'utf8');
    const run = await parse(text);
    return { run, read: (m) => m, free() {} };
  },
});

export const PARSERS = {
  bytes: fromPackage('Dataset.fromCsv(Uint8Array)', (pw, file) => {
    const buffer = readFileSync(file);
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    return () => pw.Dataset.fromCsv(bytes);
  }),
  string: fromPackage('Dataset.fromCsv(string)', (pw, file) => {
    const text = readFileSync(file, 'utf8');
    return () => pw.Dataset.fromCsv(text);
  }),
  stream: fromPackage(
    'Dataset.fromStream(fs.createReadStream(file))',
    (pw, file) => () => pw.Dataset.fromStream(createReadStream(file)),
  ),
  papaparse: fromPeer('papaparse', 'PapaParse', async (text) => {
    const { default: Papa } = await import('papaparse');
    const options = { dynamicTyping: true, header: false, skipEmptyLines: true };
    return () => toMatrix(Papa.parse(text, options).data);
  }),
  d3: fromPeer('d3-dsv', 'd3-dsv', async (text) => {
    const { csvParseRows } = await import('d3-dsv');
    return () => toMatrix(csvParseRows(text, (row) => row.map(Number)));
  }),
};

// The first 16 hex digits of SHA-256 over X's bytes then y's: equal only for the same values
// to the bit.
const checksum = ({ X, y }) =>
  createHash('sha256')
    .update(new Uint8Array(X.buffer, X.byteOffset, X.byteLength))
    .update(new Uint8Array(y.buffer, y.byteOffset, y.byteLength))
    .digest('hex')
    .slice(0, 16);

// In a fresh process (node --expose-gc): one parser on the file, once untimed (warm-up), then
// `runs` timed times with a garbage collection before each; the best time and what it read.
export async function csvSpeed(dist, file, name, runs) {
  const parser = PARSERS[name];
  let ways;
  try {
    ways = await parser.setup(file, dist);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' && error?.code !== 'ENOENT') throw error;
    return { skipped: `${parser.label.split(' ')[0]} is not installed (npm ci)` };
  }
  if (ways.skipped) return ways;
  let result = await ways.run();
  const seconds = [];
  for (let r = 0; r < Number(runs); r++) {
    ways.free(result);
    result = null;
    globalThis.gc?.();
    const start = performance.now();
    result = await ways.run();
    seconds.push((performance.now() - start) / 1000);
  }
  const matrix = ways.read(result);
  const first = Array.from(matrix.X.subarray(0, matrix.cols));
  ways.free(result);
  return {
    seconds: Math.min(...seconds),
    all: seconds,
    rows: matrix.rows,
    cols: matrix.cols,
    first,
    checksum: checksum(matrix),
  };
}

// In a fresh process: the wasm memory and the RSS that fromStream of the file takes. Wasm memory
// only grows, so its size after is its peak; the RSS peak is the kernel's high-water mark.
export async function csvMemory(dist, file) {
  const pw = await loadPackage(dist);
  if (typeof pw.Dataset?.fromStream !== 'function')
    return { skipped: 'this build of the package has no Dataset.fromStream' };
  globalThis.gc?.();
  const before = pw.memory();
  const rssBefore = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const dataset = await pw.Dataset.fromStream(createReadStream(file));
  const after = pw.memory();
  const peakAfter = process.resourceUsage().maxRSS * 1024;
  const { rows, cols } = dataset;
  dataset.dispose();
  return { rows, cols, before, after, rssBefore, peakBefore, peakAfter, matrixBytes: rows * cols * 8 };
}

const fixed = (v) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const count = (n) => n.toLocaleString('en-US');

// The CSV rows of the table and their notes: writes the file into `work`, then runs each parser
// and the memory measurement in fresh processes through `child` (run.mjs's).
export async function csvBench({ child, progress, work, runs }) {
  const file = join(work, 'data.csv');
  progress(`CSV: writing ${count(CSV.rows)} x ${CSV.cols + 1} to ${file}`);
  const bytes = writeCsv(file, CSV);
  const results = {};
  for (const [name, parser] of Object.entries(PARSERS)) {
    progress(`CSV: ${parser.label} (fresh process, best of ${runs} after a warm-up)`);
    const { result, error } = await child('csv-speed', [file, name, runs], ['--expose-gc']);
    results[name] = error ? { skipped: `failed: ${error.split('\n')[0]}` } : result;
  }
  const rows = []; // [measure, result, goal, pass]
  const notes = [];
  const mbps = (r) => bytes / 1e6 / r.seconds;
  const base = results.bytes;
  const agrees = (r) => !base.skipped && !r.skipped && r.checksum === base.checksum && r.rows === base.rows;
  for (const [name, parser] of Object.entries(PARSERS)) {
    const r = results[name];
    const label = `CSV to a training matrix: ${parser.label}`;
    if (r.skipped) {
      rows.push([label, 'skipped', '', '']);
      notes.push(`${parser.label}: ${r.skipped}`);
    } else {
      rows.push([label, `${fixed(mbps(r))} MB/s (${r.seconds.toFixed(3)} s)`, '', '']);
    }
  }
  const ratio = (name, peer, minimum) => {
    const [a, b] = [results[name], results[peer]];
    const label = `${PARSERS[name].label} / ${PARSERS[peer].label}`;
    const goal = minimum ? `>= ${minimum}x` : '';
    if (a.skipped || b.skipped) return rows.push([label, 'skipped', goal, '']);
    const value = b.seconds / a.seconds;
    const same = agrees(a) && agrees(b);
    const shown = `${value.toFixed(2)}x${same ? '' : ' (values differ)'}`;
    rows.push([label, shown, goal, minimum ? (value >= minimum && same ? 'pass' : 'FAIL') : '']);
  };
  ratio('bytes', 'papaparse', MINIMUM_RATIO);
  ratio('string', 'papaparse', MINIMUM_RATIO);
  ratio('bytes', 'd3', 0);

  progress('CSV: fromStream memory in a fresh process');
  const memory = await child('csv-memory', [file], ['--expose-gc']);
  const label = `Wasm memory grown by fromStream of the ${(bytes / 1e6).toFixed(1)} MB file (fresh process)`;
  const m = memory.error ? { skipped: `failed: ${memory.error.split('\n')[0]}` } : memory.result;
  if (m.skipped) {
    rows.push([label, m.skipped, `<= 1.5x + ${mib(WASM_OVERHEAD)}`, 'FAIL']);
  } else {
    const grown = m.after.total - m.before.total;
    const limit = 1.5 * m.matrixBytes + WASM_OVERHEAD;
    rows.push([
      label,
      `${mib(grown)} = ${(grown / m.matrixBytes).toFixed(2)}x the matrix's ${mib(m.matrixBytes)}`,
      `<= 1.5x + ${mib(WASM_OVERHEAD)} = ${mib(limit)}`,
      grown <= limit ? 'pass' : 'FAIL',
    ]);
    rows.push([
      'RSS peak added by that fromStream (fresh process)',
      `${mib(m.peakAfter - m.rssBefore)} (${mib(m.rssBefore)} before, peak ${mib(m.peakAfter)})`,
      '',
      '',
    ]);
    notes.push(
      `fromStream memory: wasm memory ${mib(m.before.total)} before (package loaded), ${mib(m.after.total)} after, which is its peak (wasm memory never shrinks); ${mib(m.after.inUse)} in use with the Dataset alive. The goal allows 1.5x the matrix (rows * cols * 8 bytes) plus a fixed ${mib(WASM_OVERHEAD)} for the runtime's own heap, the reader's buffers and the labels. The RSS peak is the kernel's high-water mark (getrusage maxRSS; ${mib(m.peakBefore)} before the call), and includes the stream's buffers in JS.`,
    );
  }

  const shape = base.skipped ? null : `${count(base.rows)} rows x ${base.cols} features`;
  notes.push(
    `CSV: MB/s = file bytes / 1e6 / seconds, from the text in memory to a training-ready float64 matrix with its labels (a Dataset for the package; a Float64Array X and y built from the parsed rows for the peers, that loop included in the time). File: ${(bytes / 1e6).toFixed(1)} MB, ${count(CSV.rows)} rows of ${CSV.cols} float columns in [-0.01, 0.01) to [-100, 100) (70% written with toFixed(6), the rest as 1.23457e-1, 1.23457E-1, .123 or 3 significant digits) and a +1/-1 label last, a header row, seed ${CSV.seed}${shape ? `; the package read ${shape}` : ''}.`,
  );
  notes.push(
    'CSV: reading the file is outside the timing for all but fromStream (whose time includes the fs stream reading it from the page cache, in 64 KiB chunks): fromCsv(Uint8Array) gets the bytes, every other parser the UTF-8 decoded string; PapaParse and d3-dsv only take strings. The package detects the delimiter and the header and takes the last column as label; the peers are told the layout (the first row skipped, the last column as labels). PapaParse: Papa.parse(text, {dynamicTyping: true, header: false, skipEmptyLines: true}); d3-dsv: csvParseRows(text, (row) => row.map(Number)).',
  );
  const same = Object.entries(PARSERS)
    .filter(([name]) => name !== 'bytes' && !results[name].skipped)
    .map(([name, parser]) => `${parser.label.replace('perceptron-wasm ', '')} ${agrees(results[name]) ? 'yes' : 'NO'}`);
  if (!base.skipped) {
    notes.push(
      `CSV: the same values to the bit as fromCsv(Uint8Array) (SHA-256 of X and y: ${base.checksum}, ${count(base.rows)} x ${base.cols}; first row ${base.first.slice(0, 3).join(', ')}, ...): ${same.join(', ')}.`,
    );
  }
  return { rows, notes };
}
