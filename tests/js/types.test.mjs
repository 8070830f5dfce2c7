// The hand-written index.d.ts accepts every documented use and rejects wrong ones:
// tests/types/usage.ts is compiled against the package as a TypeScript user imports it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('index.d.ts type-checks a typical program under strict TypeScript', () => {
  const tsc = `${root}/node_modules/typescript/bin/tsc`;
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tests/types/tsconfig.json'], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    output = `${error.stdout}${error.stderr}`;
  }
  assert.equal(output, '');
});

// Every value the types say the module exports exists at run time (an `export declare class`
// that the module does not export type-checks but is undefined when imported), and so does
// every member of the API object load() resolves to.
it('index.d.ts declares only what the module exports, and every member of the loaded API', async () => {
  const { readFileSync } = await import('node:fs');
  const types = readFileSync(`${root}/dist/index.d.ts`, 'utf8');
  const mod = await import(`${root}/dist/index.js`);
  // Declared here, or re-exported as values from the area files in js/ (error classes).
  const declared = [...types.matchAll(/^export declare (?:const|class|function|let|var) (\w+)/gm)].map((m) => m[1]);
  const reexported = [...types.matchAll(/^export \{ ([^}]+) \} from/gm)].flatMap((m) =>
    m[1].split(',').map((n) => n.trim()),
  );
  const values = [...declared, ...reexported];
  assert.ok(values.length >= 10, `found ${values.length} declared values`);
  for (const name of values) assert.notEqual(mod[name], undefined, `export ${name}`);
  assert.match(types, /^export default function load\(/m);
  assert.equal(typeof mod.default, 'function');
  const api = types.slice(types.indexOf('export interface PerceptronWasm {'));
  const members = [...api.slice(0, api.indexOf('\n}\n')).matchAll(/^  (\w+)[(:?]/gm)].map((m) => m[1]);
  assert.ok(members.length >= 20, `found ${members.length} API members`);
  const pw = await mod.default();
  for (const name of members) assert.notEqual(pw[name], undefined, `pw.${name}`);
  for (const name of Object.keys(pw)) assert.ok(members.includes(name), `pw.${name} is not in PerceptronWasm`);
});

// perceptron-wasm/playground's types declare the class its module exports (importable outside a
// browser: it then defines no element).
it('playground/index.d.ts declares what the module exports', async () => {
  const { readFileSync } = await import('node:fs');
  const types = readFileSync(`${root}/dist/playground/index.d.ts`, 'utf8');
  const mod = await import(`${root}/dist/playground/index.js`);
  const declared = [...types.matchAll(/^export declare class (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(declared, ['PerceptronPlaygroundElement']);
  assert.deepEqual(Object.keys(mod), declared);
  assert.equal(typeof mod.PerceptronPlaygroundElement, 'function');
});
