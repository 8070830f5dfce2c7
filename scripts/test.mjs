// Runs the test tiers and prints one closing line "tests: N passed, M failed".
//   node scripts/test.mjs                 every tier: format cpp wasm js e2e pack fuzz
//   node scripts/test.mjs js e2e          only those
// Tiers: format - the C++ sources match .clang-format (clang-format --dry-run -Werror)
//        cpp  - the Google Test suite, native (ctest in build/native)
//        wasm - the same suite compiled to WASM, run under Node (ctest in build/wasm)
//        js   - node's test runner against the built package (tests/js)
//        e2e  - the demo page in headless Chromium through playwright-core (tests/e2e)
//        pack - `npm pack`, installed into fresh folders as users install it, and run: Node 18, 20
//               and 22 (import and require), Deno, Vite, webpack and esbuild builds and a plain
//               static folder in Chromium, the types under several tsc settings (tests/pack)
//        fuzz - the CSV reader under libFuzzer and the sanitizers for FUZZ_SECONDS (default 60;
//               scripts/fuzz.mjs builds it itself)
// Expects a build (npm run build); `npm test` builds first.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ALL = ['format', 'cpp', 'wasm', 'js', 'e2e', 'pack', 'fuzz'];
const tiers = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
for (const tier of tiers) {
  if (!ALL.includes(tier)) {
    console.error(`test: unknown tier ${JSON.stringify(tier)}; expected some of ${ALL.join(', ')}`);
    process.exit(2);
  }
}

// Runs a command, echoing its output, and resolves with {code, output}.
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('error', (error) => resolve({ code: 127, output: String(error) }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const count = (output, pattern) => [...output.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1]), 0);

// The Google Test suite counts its own tests; every other ctest test (examples/native's program,
// checked by its output) counts as one, from ctest's own result line.
async function gtest(buildDir) {
  const { code, output } = await run('ctest', ['--test-dir', buildDir, '--output-on-failure', '-V']);
  const programs = (word) =>
    [...output.matchAll(new RegExp(`Test +#\\d+: (?!core_tests)\\S+ \\.+ *\\**${word}`, 'g'))].length;
  const passed = count(output, /\[ {2}PASSED {2}\] (\d+) tests?\./g) + programs('Passed');
  const failed = count(output, /\[ {2}FAILED {2}\] (\d+) tests?,/g) + programs('Failed');
  return { passed, failed: failed || (code !== 0 || passed === 0 ? Math.max(1, failed) : 0) };
}

async function nodeTests(folder) {
  const dir = join(root, folder);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => join(folder, f));
  if (files.length === 0) return { passed: 0, failed: 1 };
  const { code, output } = await run(process.execPath, ['--test', '--test-reporter=spec', ...files]);
  const passed = count(output, /^ℹ pass (\d+)$/gm);
  const failed = count(output, /^ℹ fail (\d+)$/gm);
  return { passed, failed: failed || (code !== 0 || passed === 0 ? 1 : 0) };
}

// What Prettier formats (the rest of .prettierignore aside).
const PRETTIER_FILES = [
  'bindings/**/*.{js,ts,cjs,cts}',
  'web/**/*.{js,css}',
  'scripts/**/*.mjs',
  'tests/**/*.{mjs,ts}',
  'bench/**/*.mjs',
  'examples/**/*.{js,css}',
  'course/**/*.{js,ts}',
];

async function format() {
  const core = ['data', 'csv', 'models', 'training', 'analysis', 'support'].map((group) => `src/perceptron/${group}`);
  const sources = [...core, 'bindings/embind', 'tests/cpp', 'tests/fuzz', 'bench', 'examples/native'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((f) => /\.(cpp|hpp)$/.test(f))
      .map((f) => join(dir, f)),
  );
  const { code } = await run('clang-format', ['--dry-run', '-Werror', ...sources]);
  if (code === 0) console.log(`format: ${sources.length} C++ files match .clang-format`);
  // The JS, TypeScript and CSS match Prettier (.prettierrc.json; npm run format fixes both).
  const prettier = join(root, 'node_modules/prettier/bin/prettier.cjs');
  const js = await run(process.execPath, [prettier, '--check', ...PRETTIER_FILES]);
  if (js.code === 0) console.log('format: the JS, TypeScript and CSS match Prettier');
  const passed = (code === 0) + (js.code === 0);
  return { passed, failed: 2 - passed };
}

// One run of bounded time (scripts/fuzz.mjs): passes when nothing was found. A fixed seed, so
// that a failure in CI replays the same way here (node scripts/fuzz.mjs explores with others).
async function fuzz() {
  const seconds = process.env.FUZZ_SECONDS ?? '60';
  const { code } = await run(process.execPath, ['scripts/fuzz.mjs', seconds, `--seed=${process.env.FUZZ_SEED ?? 1}`]);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

const runners = {
  format,
  cpp: () => gtest('build/native'),
  wasm: () => gtest('build/wasm'),
  js: () => nodeTests('tests/js'),
  e2e: () => nodeTests('tests/e2e'),
  pack: () => nodeTests('tests/pack'),
  fuzz,
};

let passed = 0;
let failed = 0;
const lines = [];
for (const tier of tiers) {
  console.log(`\n=== ${tier} ===`);
  const started = Date.now();
  const result = await runners[tier]();
  passed += result.passed;
  failed += result.failed;
  lines.push(
    `  ${tier.padEnd(5)} ${result.passed} passed, ${result.failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
console.log(`\n${lines.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
