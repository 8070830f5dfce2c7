// The demo's dev server (scripts/serve.mjs): mounts, MIME types, the exact CSP header of the
// pages (no inline script left to hash: the page has no import map any more), offline assets,
// traversal, 404s and the busy-port fallback. Plain HTTP, no browser.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { PAGE_POLICY } from './browser.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
let server;

before(async () => {
  server = await startServer({ port: 0, quiet: true });
});

after(async () => {
  await server?.close();
});

// A raw GET: node's client sends the path as given (no normalisation of "..").
function get(path, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the pages are served with exactly the CSP of issue 9, and hold no inline script', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  for (const [path, file] of [
    ['/', 'web/index.html'],
    ['/index.html', 'web/index.html'],
    ['/embed.html', 'web/embed.html'],
    ['/test/blank.html', 'tests/e2e/fixtures/blank.html'],
  ]) {
    const res = await get(path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8', path);
    const html = readFileSync(`${root}${file}`, 'utf8');
    assert.equal(res.body.toString('utf8'), html, path);
    assert.equal(res.headers['content-security-policy'], PAGE_POLICY, path);
    assert.equal(res.headers['x-content-type-options'], 'nosniff', path);
    // Every <script> loads a file: nothing inline (no import map, no hash in the policy).
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
    for (const [, attributes, body] of scripts) {
      assert.match(attributes, /\bsrc="[^"]+"/, `${path}: a script with a src`);
      assert.equal(body.trim(), '', `${path}: no inline script`);
    }
    assert.doesNotMatch(html, /\sstyle\s*=|<style\b|\son[a-z]+\s*=/i, `${path}: no inline style or handler`);
  }
  assert.ok(
    (await get('/')).body.toString().includes('<script type="module" src="main.js"></script>'),
    'index.html loads main.js',
  );
});

test('every response carries the policy; MIME types', async () => {
  const expected = {
    '/main.js': 'text/javascript; charset=utf-8',
    '/shell/element.js': 'text/javascript; charset=utf-8',
    '/shell/playground.js': 'text/javascript; charset=utf-8',
    '/shell/style.css': 'text/css; charset=utf-8',
    '/page.css': 'text/css; charset=utf-8',
    '/favicon.svg': 'image/svg+xml',
    '/data/iris.csv': 'text/csv; charset=utf-8',
    '/curve/curve-draw.js': 'text/javascript; charset=utf-8',
    '/curve/curve.css': 'text/css; charset=utf-8',
  };
  if (existsSync(`${root}dist/index.js`)) {
    expected['/pkg/index.js'] = 'text/javascript; charset=utf-8';
    expected['/pkg/worker-client.js'] = 'text/javascript; charset=utf-8';
    expected['/pkg/worker.js'] = 'text/javascript; charset=utf-8';
    expected['/pkg/perceptron-core.mjs'] = 'text/javascript; charset=utf-8';
    expected['/pkg/perceptron-core.wasm'] = 'application/wasm';
  }
  for (const [path, type] of Object.entries(expected)) {
    const res = await get(path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers['content-type'], type, path);
    assert.equal(res.headers['content-security-policy'], PAGE_POLICY, path);
  }
  // The served files are the repository's (data/: no CDN).
  assert.equal((await get('/data/iris.csv')).body.toString(), readFileSync(`${root}data/iris.csv`, 'utf8'));
  const head = await get('/main.js', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.equal(Number(head.headers['content-length']), readFileSync(`${root}web/main.js`).length);
  const post = await get('/main.js', 'POST');
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
  // Errors carry the policy too.
  const missing = await get('/missing.js');
  assert.equal(missing.status, 404);
  assert.equal(missing.headers['content-security-policy'], PAGE_POLICY);
});

test('the page works offline: no module, stylesheet or page loads anything from another origin', () => {
  const files = [
    'web/index.html',
    'web/embed.html',
    'web/shell/template.js',
    'web/shell/element.js',
    'web/shell/sheets.js',
    'web/main.js',
  ];
  for (const file of files) {
    const text = readFileSync(`${root}${file}`, 'utf8');
    assert.doesNotMatch(text, /(src|href)\s*=\s*["']?(https?:)?\/\//i, `${file}: nothing from another origin`);
    assert.doesNotMatch(text, /import\s[^;]*from\s*['"]https?:/, `${file}: no import from another origin`);
  }
});

test('no way out of the roots; missing files are 404', async () => {
  for (const path of [
    '/../package.json',
    '/pkg/../../package.json',
    '/%2e%2e/package.json',
    '/pkg/%2e%2e/%2e%2e/package.json',
    '/pkg/..%2f..%2fpackage.json',
    '/..%2fpackage.json',
    '/..%5cpackage.json',
    '/%00',
    '/%E0%A4%A',
    '/pkg/../scripts/serve.mjs',
    '/data/../package.json',
    '/data/..%2fpackage.json',
    '/curve/..%2f..%2f..%2fpackage.json',
    '/test/..%2f..%2f..%2fpackage.json',
  ]) {
    const res = await get(path);
    assert.ok([400, 403, 404].includes(res.status), `${path} -> ${res.status}`);
    assert.doesNotMatch(res.body.toString(), /"devDependencies"|startServer/, path);
  }
  assert.equal((await get('/missing.js')).status, 404);
  assert.equal((await get('/pkg/missing.js')).status, 404);
  assert.equal((await get('/data/missing.csv')).status, 404);
});

test('a busy port makes it try the next one', async () => {
  const second = await startServer({ port: server.port, quiet: true });
  try {
    assert.ok(second.port > server.port, `${second.port} after busy ${server.port}`);
    const res = await fetch(`${second.url}main.js`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-security-policy'), PAGE_POLICY);
  } finally {
    await second.close();
  }
});

test('a bad port is refused with a clear message', async () => {
  await assert.rejects(startServer({ port: 70000, quiet: true }), /port must be an integer from 0 to 65535/);
  await assert.rejects(startServer({ port: 1.5, quiet: true }), /port must be an integer/);
});
