// The installed package's types under the compiler settings users have: target es2020, es2022
// and esnext, each with module nodenext and with bundler resolution, strict, skipLibCheck false,
// the default lib (no esnext.disposable: Symbol.dispose must still type-check). The program is
// tests/types/usage.ts and course.ts (every documented use, and @ts-expect-error lines for wrong ones), plus a
// CommonJS file using require's types.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { freshApp, root, run } from './helpers.mjs';

const TSC = join(root, 'node_modules/typescript/bin/tsc');

const CJS_USE = `import load = require('perceptron-wasm');
async function main(): Promise<number[]> {
  const pw = await load();
  const p = new pw.Perceptron({ mistakeRule: 'sign' });
  p.fit([[0, 1], [1, 0]], ['a', 'b']);
  // @ts-expect-error: load takes an options object
  void load('perceptron-core.wasm');
  const again: typeof load = load.default;
  void again;
  return p.weights;
}
void main();
`;

let app;
before(async () => {
  app = await freshApp({
    'usage.ts': readFileSync(join(root, 'tests/types/usage.ts'), 'utf8'),
    'course.ts': readFileSync(join(root, 'tests/types/course.ts'), 'utf8'),
    'require.cts': CJS_USE,
  });
});

const MODULES = {
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};

describe('tsc --noEmit on the installed types', () => {
  for (const target of ['es2020', 'es2022', 'esnext']) {
    for (const [name, module] of Object.entries(MODULES)) {
      it(`target ${target}, module ${name}`, async () => {
        const files = name === 'nodenext' ? ['usage.ts', 'course.ts', 'require.cts'] : ['usage.ts', 'course.ts'];
        const compilerOptions = { target, ...module, strict: true, noEmit: true, skipLibCheck: false, types: [] };
        const config = `tsconfig.${target}.${name}.json`;
        writeFileSync(join(app, config), JSON.stringify({ compilerOptions, files }));
        const { code, stdout, stderr } = await run(process.execPath, [TSC, '-p', config], { cwd: app });
        assert.equal(`${stdout}${stderr}`, '');
        assert.equal(code, 0);
      });
    }
  }
});
