// Every ```js block of README.md and of the guides in docs/ runs under Node (this Node: 20 in CI)
// as an ES module against the built package, with the setup and checks of its readme-test comment
// (tests/js/readme-blocks.mjs); the browser-only blocks run in tests/e2e/readme.test.mjs. Each
// test's title names the file and the line of the block's fence.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { documentedBlocks, documentedFences, documentedFiles, nodeProgram, readmeBlocks } from './readme-blocks.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'perceptron-wasm-readme-'));
after(() => rmSync(work, { recursive: true, force: true }));

const blocks = documentedBlocks();
const GUIDES = [
  'docs/getting-started.md',
  'docs/data.md',
  'docs/models.md',
  'docs/training.md',
  'docs/analysis.md',
  'docs/workers.md',
  'docs/playground.md',
  'docs/benchmarks.md',
  'docs/architecture.md',
  'docs/course.md',
];

describe('README and guide examples', () => {
  it('the README and the guides have their examples, each with checks of what its comments say', () => {
    const files = documentedFiles();
    for (const guide of GUIDES) assert.ok(files.includes(guide), `${guide} is missing`);
    assert.ok(readmeBlocks().length >= 1, 'README.md has no example');
    assert.ok(blocks.length >= 20, `${blocks.length} blocks`);
    for (const block of blocks) assert.ok(block.check.trim(), `${block.file} line ${block.line} has no check`);
    assert.ok(blocks.some((block) => block.runs === 'browser'));
  });

  for (const block of blocks.filter((b) => b.runs === 'node')) {
    const name = `${block.file} line ${block.line}`;
    it(`${name} runs and gives what it says`, () => {
      const file = join(work, `${block.file.replace(/[/.]/g, '-')}-line-${block.line}.mjs`);
      writeFileSync(file, nodeProgram(block));
      const run = spawnSync(process.execPath, [file], { cwd: root, encoding: 'utf8', timeout: 120_000 });
      assert.equal(run.status, 0, `${name} failed:\n${run.stderr}\n${run.stdout}`);
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
      writeFileSync(file, nodeProgram({ file: 'broken.md', line: 0, code, setup: '', check }));
      const run = spawnSync(process.execPath, [file], { cwd: root, encoding: 'utf8' });
      assert.notEqual(run.status, 0, code);
    }
  });

  it('the commands of the sh blocks name npm scripts and files that exist', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const commands = documentedFences('sh').flatMap((block) =>
      block.code.split('\n').map((line) => ({ where: `${block.file} line ${block.line}`, line })),
    );
    assert.ok(commands.length >= 10, `${commands.length} lines`);
    let named = 0;
    for (const { where, line } of commands) {
      const run = /\bnpm run ([\w:-]+)/.exec(line) ?? /^npm (start|test)\b/.exec(line.trim());
      if (run) assert.ok(run[1] in scripts, `${where}: no npm script ${run[1]}`);
      if (run) named += 1;
      const file = /^node ((?:scripts|bench)\/[\w./-]+)/.exec(line.trim());
      if (file) assert.ok(existsSync(join(root, file[1])), `${where}: ${file[1]} does not exist`);
    }
    assert.ok(named >= 10, `${named} npm scripts named`);
  });

  it('every relative link of the README and the guides reaches a file, and a heading there', () => {
    // GitHub's anchors: the heading lowercased, punctuation dropped, spaces as hyphens.
    const slug = (heading) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}_\- ]/gu, '')
        .replace(/ /g, '-');
    // Fenced blocks and code spans hold no links.
    const prose = (file) =>
      readFileSync(join(root, file), 'utf8')
        .replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '')
        .replace(/`[^`\n]*`/g, '');
    const anchors = (file) => new Set([...prose(file).matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1])));
    let checked = 0;
    for (const file of documentedFiles()) {
      for (const [, target] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split('#');
        const resolved = path ? join(dirname(file), path) : file;
        assert.ok(existsSync(join(root, resolved)), `${file}: ${target} does not exist`);
        if (anchor) assert.ok(anchors(resolved).has(anchor), `${file}: ${target} names no heading of ${resolved}`);
        checked += 1;
      }
    }
    assert.ok(checked >= 30, `${checked} links`);
  });

  it('a JavaScript block under another fence name is refused, not skipped', () => {
    assert.throws(() => readmeBlocks('text\n```javascript\nconst x = 1;\n```\n', 'docs/x.md'), /docs\/x\.md line 2/);
  });
});
