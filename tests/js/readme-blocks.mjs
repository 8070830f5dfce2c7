// The ```js blocks of README.md and of every guide in docs/ (docs/*.md) as programs, so they
// cannot go stale (tests/js/readme.test.mjs runs them under Node, tests/e2e/readme.test.mjs the
// browser-only ones in Chromium). Each block is named by its file and the line of its fence.
//
// A block is run as it is written, after the `setup` and before the `check` of an HTML comment
// (invisible on GitHub and npm) right above its fence:
//
//   <!-- readme-test
//   setup: const X = [[0, 0], [1, 1]];      (what the block takes from the text around it)
//   check: assert.equal(p.weights[0], 3);   (what its comments say it gives)
//   runs: browser                            (needs a page: the e2e tier runs it)
//   -->
//
// A key's value goes on until the next key; `assert` (node:assert/strict) and `logged` (the
// arguments of every console.log call, which the program still prints) are in scope. A block
// without the comment runs as it is, with `pw` loaded, and must not throw.
import { readdirSync, readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const KEYS = ['setup', 'check', 'runs'];

/** The Markdown files whose blocks run: README.md, then docs/*.md by name (paths from the root). */
export function documentedFiles() {
  const guides = readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...guides];
}

/** The ```js blocks of every documented file: [{file, line, code, setup, check, runs}]. */
export function documentedBlocks() {
  return documentedFiles().flatMap((file) => readmeBlocks(readFileSync(new URL(file, root), 'utf8'), file));
}

/**
 * The blocks fenced as ```<lang> (html, sh) of every documented file: [{file, line, code}].
 * tests/e2e/readme.test.mjs loads the html ones (the embedding snippets) into a page of the dev
 * server; tests/js/readme.test.mjs checks that the sh ones name scripts and files that exist.
 */
export function documentedFences(lang) {
  const fence = '```' + lang;
  return documentedFiles().flatMap((file) => {
    const lines = readFileSync(new URL(file, root), 'utf8').split('\n');
    const blocks = [];
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].trim() !== fence) continue;
      const end = lines.findIndex((line, j) => j > i && line.trim() === '```');
      if (end < 0) throw new Error(`${file} line ${i + 1}: a ${fence} block that never ends`);
      blocks.push({ file, line: i + 1, code: lines.slice(i + 1, end).join('\n') });
      i = end;
    }
    return blocks;
  });
}

/**
 * One Markdown file's ```js blocks: [{file, line, code, setup, check, runs}] (line: the fence's,
 * 1-based; file: the name errors and test titles give).
 */
export function readmeBlocks(readme = readFileSync(new URL('README.md', root), 'utf8'), file = 'README.md') {
  const lines = readme.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    // Another name for JavaScript would keep a block out of the tests: only ```js is allowed.
    if (/^```\s*(javascript|mjs|cjs|jsx|es6)\b/i.test(lines[i].trim())) {
      throw new Error(`${file} line ${i + 1}: write JavaScript blocks as \`\`\`js, which the tests run`);
    }
    if (lines[i].trim() !== '```js') continue;
    const end = lines.findIndex((line, j) => j > i && line.trim() === '```');
    if (end < 0) throw new Error(`${file} line ${i + 1}: a \`\`\`js block that never ends`);
    blocks.push({ file, line: i + 1, code: lines.slice(i + 1, end).join('\n'), ...marker(lines, i, file) });
    i = end;
  }
  return blocks;
}

// The <!-- readme-test ... --> comment ending on the line above the fence, parsed.
function marker(lines, fence, file) {
  const found = { setup: '', check: '', runs: 'node' };
  if (lines[fence - 1]?.trim() !== '-->') return found;
  const start = lines.lastIndexOf('<!-- readme-test', fence - 1);
  if (start < 0) return found;
  let key = null;
  for (const line of lines.slice(start + 1, fence - 1)) {
    const match = /^(\w+):\s?(.*)$/.exec(line);
    if (match && KEYS.includes(match[1])) {
      key = match[1];
      found[key] = key === 'runs' ? match[2].trim() : match[2];
    } else if (key && key !== 'runs') {
      found[key] += `\n${line}`;
    } else {
      throw new Error(`${file} line ${start + 1}: readme-test comment line ${JSON.stringify(line)} has no key`);
    }
  }
  if (!['node', 'browser'].includes(found.runs)) {
    throw new Error(`${file} line ${start + 1}: runs must be node or browser; received ${found.runs}`);
  }
  return found;
}

const importsPw = (code) => /^\s*(import|const|let)\s+.*\bpw\b\s*=/m.test(code) || /\bload\s*\(/.test(code);

/**
 * An ES module running `block` under Node: the package's names resolved to the built dist/
 * (as `npm install` would resolve them), `pw` loaded unless the block loads it.
 */
export function nodeProgram(block) {
  const dist = new URL('dist/', root).href;
  const code = block.code
    .replace(/from 'perceptron-wasm'/g, `from '${dist}index.js'`)
    .replace(/from 'perceptron-wasm\/worker'/g, `from '${dist}worker-client.js'`)
    .replace(/from 'perceptron-wasm\/course'/g, `from '${dist}course/index.js'`);
  return [
    `import assert from 'node:assert/strict';`,
    ...(importsPw(code) ? [] : [`import load from '${dist}index.js';`, 'const pw = await load();']),
    'const logged = [];',
    'const print = console.log;',
    'console.log = (...args) => { logged.push(args); print(...args); };',
    block.setup,
    `// ${block.file ?? 'README.md'} line ${block.line}`,
    code,
    block.check,
    '',
  ].join('\n');
}

/**
 * The source of an async function body running `block` in a page served by scripts/serve.mjs
 * (which mounts dist/ at /pkg/): static imports become dynamic ones of /pkg/.
 */
export function browserProgram(block) {
  const code = block.code.replace(
    /^import\s+(.+?)\s+from\s+'perceptron-wasm(\/worker)?';$/gm,
    (_, names, worker) =>
      `const ${names.startsWith('{') ? names : `{ default: ${names} }`} = await import('/pkg/${worker ? 'worker-client' : 'index'}.js');`,
  );
  return [
    ...(importsPw(code)
      ? []
      : [`const { default: load } = await import('/pkg/index.js');`, 'const pw = await load();']),
    `const assert = { ok: (v, m) => { if (!v) throw new Error(m ?? 'assert.ok failed'); }, equal: (a, b, m) => { if (a !== b) throw new Error(m ?? \`\${a} !== \${b}\`); } };`,
    'const logged = [];',
    'const print = console.log;',
    'console.log = (...args) => { logged.push(args); print(...args); };',
    block.setup,
    code,
    block.check,
  ].join('\n');
}
