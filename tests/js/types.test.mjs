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
