// Every ```js block of the README runs under Node (this Node: 20 in CI) as an ES module against
// the built package, with the setup and checks of its readme-test comment (tests/js/readme-blocks.mjs);
// the browser-only blocks run in tests/e2e/readme.test.mjs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { nodeProgram, readmeBlocks } from './readme-blocks.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'perceptron-wasm-readme-'));
after(() => rmSync(work, { recursive: true, force: true }));

const blocks = readmeBlocks();

describe('README examples', () => {
  it('the README has its examples, each with checks of what its comments say', () => {
    assert.ok(blocks.length >= 6, `${blocks.length} blocks`);
    for (const block of blocks) assert.ok(block.check.trim(), `README.md line ${block.line} has no check`);
    assert.ok(blocks.some((block) => block.runs === 'browser'));
  });

  for (const block of blocks.filter((b) => b.runs === 'node')) {
    it(`README.md line ${block.line} runs and gives what it says`, () => {
      const file = join(work, `line-${block.line}.mjs`);
      writeFileSync(file, nodeProgram(block));
      const run = spawnSync(process.execPath, [file], { cwd: root, encoding: 'utf8', timeout: 120_000 });
      assert.equal(run.status, 0, `README.md line ${block.line} failed:\n${run.stderr}\n${run.stdout}`);
    });
  }

  it('a block that throws or breaks its check fails (the runner is not vacuous)', () => {
    for (const [code, check] of [
      ['const p = new pw.Perceptron({ learningRate: -1 });', ''],
      ['const x = 1;', 'assert.equal(x, 2);'],
      // `using` is a syntax error before Node 24: what the README once showed.
      ...(Number(process.versions.node.split('.')[0]) < 24 ? [['using p = new pw.Perceptron();', '']] : []),
    ]) {
      const file = join(work, 'broken.mjs');
      writeFileSync(file, nodeProgram({ line: 0, code, setup: '', check }));
      const run = spawnSync(process.execPath, [file], { cwd: root, encoding: 'utf8' });
      assert.notEqual(run.status, 0, code);
    }
  });
});
