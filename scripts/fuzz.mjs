// Fuzzes the CSV reader (src/perceptron/csv) for a bounded time and fails on anything found.
//   node scripts/fuzz.mjs                 60 s (or FUZZ_SECONDS)
//   node scripts/fuzz.mjs 300             300 s
//   node scripts/fuzz.mjs --seed=7        the PRNG seed (the fallback's default: 1; libFuzzer's:
//                                         the clock)
//   FUZZ_ENGINE=mutate node scripts/fuzz.mjs    the fallback even when clang is there
//
// Builds tests/fuzz/csv_fuzz.cpp with the reader's sources into build/fuzz/<engine>/ (only what
// changed since the last build), copies the seeds of tests/fuzz/corpus/ to a work folder (the
// committed seeds never grow) and runs the fuzzer on it. Engines:
//   libfuzzer  Debian's clang++ with -fsanitize=fuzzer,address,undefined (coverage-guided)
//   mutate     without clang or its fuzzer runtime (libclang-rt-14-dev): g++ with
//              -fsanitize=address,undefined and tests/fuzz/mutate_main.cpp, a seeded mutator
// Every crash, sanitizer report, leak, timeout (-timeout=10) or memory excess (-rss_limit_mb,
// -malloc_limit_mb) fails the run; the input that did it is saved and its path printed, with the
// command that runs it again.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const seconds = Number(args.find((a) => /^\d+$/.test(a)) ?? process.env.FUZZ_SECONDS ?? 60);
const seed = args.find((a) => a.startsWith('--seed='))?.slice('--seed='.length);
if (!(seconds > 0) || (seed !== undefined && !/^\d+$/.test(seed))) {
  console.error('fuzz: usage: node scripts/fuzz.mjs [seconds] [--seed=N]');
  process.exit(2);
}
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

// The reader and what it links against (the linker asks for nothing else).
const CORE = [
  'src/perceptron/csv/dataset_reader.cpp',
  'src/perceptron/csv/dialect.cpp',
  'src/perceptron/csv/number.cpp',
  'src/perceptron/csv/table.cpp',
  'src/perceptron/data/dataset.cpp',
  'src/perceptron/data/matrix.cpp',
  'src/perceptron/data/matrix_copy.cpp',
  'src/perceptron/support/decimal.cpp',
  'src/perceptron/support/json.cpp',
  'src/perceptron/support/options.cpp',
  'src/perceptron/support/status.cpp',
  'src/perceptron/support/number_format.cpp',
];
const fastFloat = process.env.FAST_FLOAT_INCLUDE_DIR ?? '/usr/include/fast_float';
if (!existsSync(join(fastFloat, 'fast_float.h'))) {
  console.error(`fuzz: ${fastFloat}/fast_float.h not found; install libfast-float-dev (node scripts/setup.mjs)`);
  process.exit(1);
}

// libFuzzer when clang++ and its fuzzer runtime are there (clang's own runtime folder).
function clangWithFuzzer() {
  for (const cxx of ['clang++', 'clang++-14']) {
    if (!has(cxx)) continue;
    const dir = execFileSync(cxx, ['-print-runtime-dir'], { encoding: 'utf8' }).trim();
    if (existsSync(dir) && readdirSync(dir).some((f) => /^libclang_rt\.fuzzer-[^.]+\.a$/.test(f))) return cxx;
  }
  return null;
}
const clang = process.env.FUZZ_ENGINE === 'mutate' ? null : clangWithFuzzer();
const engine = clang ? 'libfuzzer' : 'mutate';
if (!clang && !has('g++')) {
  console.error('fuzz: neither clang++ with its fuzzer runtime nor g++ found (node scripts/setup.mjs --test)');
  process.exit(1);
}
const cxx = clang ?? 'g++';
const sanitize = clang
  ? ['-fsanitize=fuzzer,address,undefined', '-fno-sanitize-recover=undefined']
  : ['-fsanitize=address,undefined', '-fno-sanitize-recover=undefined'];
const flags = [
  '-std=c++20',
  '-g',
  '-O1',
  '-fno-omit-frame-pointer',
  '-ffp-contract=off', // as the core is built (CMakeLists.txt)
  ...sanitize,
  `-I${join(root, 'src')}`,
  `-I${join(root, 'tests/fuzz')}`,
  '-isystem',
  fastFloat,
];
const sources = ['tests/fuzz/csv_fuzz.cpp', ...CORE, ...(clang ? [] : ['tests/fuzz/mutate_main.cpp'])];

// ---- build (incremental: an object is rebuilt when older than its source or any header) ----
const out = join(root, 'build/fuzz', engine);
const binary = join(out, 'csv_fuzz');
const mtime = (file) => statSync(file).mtimeMs;
const headers = ['src/perceptron/csv', 'src/perceptron/data', 'src/perceptron/support', 'tests/fuzz']
  .flatMap((dir) => readdirSync(join(root, dir)).map((f) => join(root, dir, f)))
  .filter((f) => f.endsWith('.hpp'));
// This script holds the flags: editing it rebuilds everything.
const newestHeader = Math.max(...headers.map(mtime), mtime(fileURLToPath(import.meta.url)));

function compile(command, commandArgs) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function build() {
  const objects = sources.map((s) => join(out, 'obj', basename(s).replace(/\.cpp$/, '.o')));
  const newest = Math.max(newestHeader, ...sources.map((s) => mtime(join(root, s))));
  if (existsSync(binary) && mtime(binary) > newest) {
    console.log(`fuzz: ${binary} is up to date`);
    return;
  }
  mkdirSync(join(out, 'obj'), { recursive: true });
  const stale = sources
    .map((s, i) => [join(root, s), objects[i]])
    .filter(([s, o]) => !existsSync(o) || mtime(o) < Math.max(mtime(s), newestHeader));
  console.log(`fuzz: compiling ${stale.length} of ${sources.length} files with ${cxx} (${engine})`);
  // One compiler per core: a sanitized object takes up to ~20 s.
  const queue = [...stale];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await compile(cxx, [...flags, '-c', job[0], '-o', job[1]]);
  };
  await Promise.all(Array.from({ length: Math.max(1, cpus().length) }, worker));
  await compile(cxx, [...flags, ...objects, '-o', binary]);
}

// ---- run ----
async function fuzz() {
  const work = join(out, 'corpus');
  const artifacts = join(out, 'artifacts');
  rmSync(work, { recursive: true, force: true });
  cpSync(join(root, 'tests/fuzz/corpus'), work, { recursive: true });
  mkdirSync(artifacts, { recursive: true });
  const runArgs = [work, `-max_total_time=${seconds}`, '-timeout=10', `-artifact_prefix=${artifacts}/`];
  if (clang) {
    runArgs.push('-rss_limit_mb=2048', '-malloc_limit_mb=1024', '-print_final_stats=1');
    runArgs.push(`-dict=${join(root, 'tests/fuzz/csv.dict')}`);
  }
  if (seed !== undefined || !clang) runArgs.push(`-seed=${seed ?? 1}`);
  // The fallback's memory limits are AddressSanitizer's: the same 2 GB and 1 GB.
  const asan = ['detect_leaks=1', ...(clang ? [] : ['hard_rss_limit_mb=2048', 'max_allocation_size_mb=1024'])];
  const env = {
    ...process.env,
    ASAN_OPTIONS: [...asan, process.env.ASAN_OPTIONS].filter(Boolean).join(':'),
    UBSAN_OPTIONS: ['print_stacktrace=1', 'halt_on_error=1', process.env.UBSAN_OPTIONS].filter(Boolean).join(':'),
  };
  console.log(`fuzz: ${engine} for ${seconds} s on ${readdirSync(work).length} seeds (log: ${join(out, 'fuzz.log')})`);
  const log = createWriteStream(join(out, 'fuzz.log'));
  const child = spawn(binary, runArgs, { cwd: out, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // A hung process (the per-input -timeout failing) must not hang the tests.
  const guard = setTimeout(() => child.kill('SIGKILL'), (seconds + 300) * 1000);
  let output = '';
  let pending = '';
  const onData = (chunk) => {
    const text = String(chunk);
    log.write(text);
    output += text;
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop();
    // libFuzzer prints a line per new input: keep those in the log only.
    for (const line of lines) if (!/^#\d+\s+(NEW|REDUCE)\b/.test(line)) console.log(line);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const code = await new Promise((resolve) => {
    child.on('error', (error) => resolve(`${error}`));
    child.on('close', (status, signal) => resolve(signal ?? status));
  });
  clearTimeout(guard);
  log.end();
  if (pending) console.log(pending);

  const report = /ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:|==ERROR:/;
  const done = output.match(/#(\d+)\s+DONE\s+(.*)/);
  const artifact = output.match(/Test unit written to (\S+)/)?.[1];
  if (code !== 0 || report.test(output) || !done) {
    console.error(`fuzz: FAILED (${engine}, exit ${code})${report.test(output) ? ': see the report above' : ''}`);
    if (artifact) {
      console.error(`fuzz: reproducer: ${resolvePath(out, artifact)}`);
      console.error(`fuzz: run it again: ${binary} ${resolvePath(out, artifact)}`);
    } else {
      console.error(`fuzz: no input was saved; the whole output is in ${join(out, 'fuzz.log')}`);
    }
    return false;
  }
  const stat = (name) => output.match(new RegExp(`stat::${name}:\\s+(\\d+)`))?.[1];
  const cov = done[2].match(/cov: (\d+) ft: (\d+)/);
  const corpus = done[2].match(/corp: (\d+)/)?.[1];
  console.log(
    `fuzz: ${stat('number_of_executed_units') ?? done[1]} runs, ${stat('average_exec_per_sec')} exec/s` +
      (cov ? `, cov ${cov[1]} ft ${cov[2]}` : '') +
      `, ${corpus} inputs in the corpus (${engine}): nothing found`,
  );
  return true;
}

try {
  await build();
} catch (error) {
  console.error(`fuzz: build failed: ${error.message}`);
  process.exit(1);
}
process.exit((await fuzz()) ? 0 : 1);
