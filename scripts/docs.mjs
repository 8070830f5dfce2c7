// The API reference: TypeDoc (a devDependency) over the package's types, bindings/index.d.ts and
// bindings/worker.d.ts, into build/docs (typedoc.json, tsconfig.docs.json), with the guides of
// docs/*.md rendered beside it (typedoc.json's projectDocuments: build/docs/documents/). npm
// start serves it at /docs/ and the page links it. Skipped when build/docs is newer than every input; any
// TypeDoc warning (a broken {@link}, an unexported type) fails the build.
//
//   node scripts/docs.mjs            node scripts/docs.mjs --force
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// index.d.ts re-exports the types of each area from a .d.ts beside its module in bindings/js.
const INPUTS = [
  'bindings/index.d.ts',
  'bindings/worker.d.ts',
  ...readdirSync(`${root}/bindings/js`)
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => `bindings/js/${file}`),
  'typedoc.json',
  'tsconfig.docs.json',
  'web/favicon.svg',
  'bindings/api-reference.md',
  ...readdirSync(`${root}/docs`)
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
  'package-lock.json',
];
const stamp = `${root}/build/docs/index.html`;

const newest = Math.max(...INPUTS.map((file) => statSync(`${root}/${file}`).mtimeMs));
if (process.argv.includes('--force') || !existsSync(stamp) || statSync(stamp).mtimeMs < newest) {
  const typedoc = `${root}/node_modules/typedoc/bin/typedoc`;
  execFileSync(process.execPath, [typedoc, '--logLevel', 'Warn'], { cwd: root, stdio: 'inherit' });
  console.log('docs: build/docs is ready (served at /docs/ by npm start)');
}
