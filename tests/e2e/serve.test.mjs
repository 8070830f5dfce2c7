// The demo's dev server (scripts/serve.mjs): mounts, MIME types, the CSP header and its
// import-map hash, traversal, 404s and the busy-port fallback. Plain HTTP, no browser.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importMapHashes, startServer } from '../../scripts/serve.mjs';

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

test('serves web/ at / with the CSP header and the import map hash', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const res = await get('/');
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  const html = readFileSync(`${root}web/index.html`, 'utf8');
  assert.equal(res.body.toString('utf8'), html);
  const text = html.match(/<script type="importmap">([\s\S]*?)<\/script>/)[1];
  assert.deepEqual(JSON.parse(text), { imports: { 'perceptron-wasm': './pkg/index.js' } });
  const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  assert.deepEqual(importMapHashes(html), [hash]);
  assert.equal(
    res.headers['content-security-policy'],
    `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' ${hash}; style-src 'self'; img-src 'self' data:`,
  );
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
});

test('MIME types', async () => {
  const expected = {
    '/app.js': 'text/javascript; charset=utf-8',
    '/worker.js': 'text/javascript; charset=utf-8',
    '/style.css': 'text/css; charset=utf-8',
    '/favicon.svg': 'image/svg+xml',
  };
  if (existsSync(`${root}dist/index.js`)) {
    expected['/pkg/index.js'] = 'text/javascript; charset=utf-8';
    expected['/pkg/perceptron-core.mjs'] = 'text/javascript; charset=utf-8';
    expected['/pkg/perceptron-core.wasm'] = 'application/wasm';
  }
  for (const [path, type] of Object.entries(expected)) {
    const res = await get(path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers['content-type'], type, path);
    assert.match(res.headers['content-security-policy'], /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval';/);
  }
  const head = await get('/app.js', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.equal((await get('/app.js', 'POST')).status, 405);
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
  ]) {
    const res = await get(path);
    assert.ok([400, 403, 404].includes(res.status), `${path} -> ${res.status}`);
    assert.doesNotMatch(res.body.toString(), /"devDependencies"|startServer/, path);
  }
  assert.equal((await get('/missing.js')).status, 404);
  assert.equal((await get('/pkg/missing.js')).status, 404);
});

test('a busy port makes it try the next one', async () => {
  const second = await startServer({ port: server.port, quiet: true });
  try {
    assert.ok(second.port > server.port, `${second.port} after busy ${server.port}`);
    assert.equal((await fetch(`${second.url}app.js`)).status, 200);
  } finally {
    await second.close();
  }
});
