// Builds the course tools, perceptron-wasm/course, into dist/course/ (scripts/build.mjs calls it
// once dist/ holds the package). Each entry is bundled by esbuild into one module; the package's
// own entry stays outside the bundle, found from the module's URL:
//
//   course/index.js           ->  dist/course/index.js    exercise, grade, the lecture exports
//   course/cli.js             ->  dist/course/cli.js      `npx perceptron-wasm grade` (package.json bin)
//   course/run-submission.js  ->  dist/course/run-submission.js   the child process a submission runs in
//
//   ../bindings/index.js      ->  ../index.js (the package's entry; its .wasm found from its own URL)
//
// The types are course/*.d.ts, copied beside the bundle (their import of ../bindings/index.js
// becomes ../index.js, as the code's does).
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = ['index.js', 'cli.js', 'run-submission.js'];

const packageEntry = {
  name: 'perceptron-wasm-entry',
  setup(build) {
    build.onResolve({ filter: /\/bindings\/index\.js$/ }, () => ({ path: '../index.js', external: true }));
  },
};

/** dist/course/: the entries above, bundled, and the types. */
export async function buildCourse({ dist = join(root, 'dist') } = {}) {
  const { build } = await import('esbuild');
  const out = join(dist, 'course');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: ENTRIES.map((entry) => join(root, 'course', entry)),
    outdir: out,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    minify: true,
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    external: ['node:*'],
    plugins: [packageEntry],
  });
  // The command keeps its shebang line (esbuild keeps a leading #! in the entry) and is executable.
  const cli = join(out, 'cli.js');
  if (!readFileSync(cli, 'utf8').startsWith('#!'))
    writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8')}`);
  chmodSync(cli, 0o755);
  for (const file of readdirSync(join(root, 'course'))) {
    if (!file.endsWith('.d.ts')) continue;
    const types = readFileSync(join(root, 'course', file), 'utf8');
    writeFileSync(join(out, file), types.replaceAll("'../bindings/index.js'", "'../index.js'"));
  }
}
