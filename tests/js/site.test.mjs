// The static site's files (scripts/site.mjs, issue 27 item 4), built into a temporary folder from
// the current build: each page's first <head> element is its CSP meta tag, with only directives a
// meta tag carries and the hashes of exactly its inline scripts; relative URLs only; the service
// worker's manifest (version, precached files); only what the pages fetch. The browser side
// (sub-path, offline) is tests/e2e/site.test.mjs.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { META_IGNORED, buildSite } from '../../scripts/site.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Every directive the policies may use (CSP Level 3's fetch, document and navigation directives
// that a <meta> tag carries).
const META_DIRECTIVES = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'connect-src',
  'font-src',
  'worker-src',
  'manifest-src',
  'object-src',
  'base-uri',
  'form-action',
];

let work;
let site;
const text = (file) => readFileSync(join(site.out, file), 'utf8');
const sha256 = (source) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/** The policy of a page: {directive: [sources]}, from its first <head> element, which must be the tag. */
function metaPolicy(html, file) {
  const first = /<head(?:\s[^>]*)?>\s*(<[^>]*>)/i.exec(html);
  assert.ok(first, `${file}: a <head> with an element`);
  const tag = /^<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>$/.exec(first[1]);
  assert.ok(tag, `${file}: the first element of <head> is the CSP meta tag, not ${first[1].slice(0, 60)}`);
  assert.equal(html.match(/http-equiv="Content-Security-Policy"/gi).length, 1, `${file}: one policy`);
  return Object.fromEntries(
    tag[1].split(';').map((part) => {
      const [directive, ...sources] = part.trim().split(/\s+/);
      return [directive, sources];
    }),
  );
}

const inlineScripts = (html) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs]) => !/\bsrc=/.test(attrs));

describe('scripts/site.mjs', () => {
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'perceptron-wasm-site-'));
    site = buildSite({ out: join(work, 'site') });
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('every page starts its <head> with its CSP meta tag: meta-only directives, its inline scripts by hash', () => {
    const pages = site.files.filter((file) => file.endsWith('.html'));
    assert.ok(pages.length > 50, `${pages.length} pages`);
    assert.ok(pages.includes('index.html') && pages.includes('embed.html') && pages.includes('docs/index.html'));
    for (const file of pages) {
      const html = text(file);
      const policy = metaPolicy(html, file);
      for (const directive of Object.keys(policy)) {
        assert.ok(!META_IGNORED.includes(directive), `${file}: ${directive} is ignored in a meta tag`);
        assert.ok(META_DIRECTIVES.includes(directive), `${file}: ${directive}`);
      }
      assert.deepEqual(policy['default-src'], ["'self'"], file);
      assert.deepEqual(policy['object-src'], ["'none'"], file);
      const hashes = policy['script-src'].filter((source) => source.startsWith("'sha256-"));
      assert.deepEqual(
        hashes,
        inlineScripts(html).map(([, , source]) => sha256(source)),
        `${file}: the hashes of its inline scripts`,
      );
      assert.ok(!policy['script-src'].includes("'unsafe-inline'") && !policy['script-src'].includes("'unsafe-eval'"));
      if (file.startsWith('docs/')) {
        assert.equal(hashes.length, 1, `${file}: TypeDoc's inline script`);
        assert.deepEqual(policy['style-src'], ["'self'", "'unsafe-inline'"], file);
      } else {
        assert.deepEqual(hashes, [], `${file}: no inline script`);
        assert.deepEqual(policy['script-src'], ["'self'", "'wasm-unsafe-eval'"], file);
        assert.deepEqual(policy['worker-src'], ["'self'"], `${file}: the package's Worker and sw.js`);
        assert.equal(policy['style-src'], undefined, `${file}: no inline styles`);
        assert.match(html, /<meta name="perceptron-service-worker" content="sw.js" \/>/);
      }
      const charset = /<meta charset="utf-8"\s*\/?>/i.exec(html);
      assert.ok(charset && Buffer.byteLength(html.slice(0, charset.index)) < 1000, `${file}: <meta charset> early`);
      assert.doesNotMatch(html, /\s(?:href|src)="\/(?!\/)/, `${file}: relative URLs only`);
      assert.doesNotMatch(html, /\s(?:href|src)="https?:\/\/(?!github\.com|www\.)/, `${file}: nothing from a CDN`);
    }
  });

  it('holds what the pages fetch, and no more: no types, no inline copy of the .wasm', () => {
    for (const file of [
      'index.html',
      'embed.html',
      'main.js',
      'offline.js',
      'page.css',
      'shell/base.css',
      'favicon.svg',
      'sw.js',
      'data/iris.csv',
      'pkg/index.js',
      'pkg/js/loading.js',
      'pkg/perceptron-core.mjs',
      'pkg/perceptron-core.wasm',
      'pkg/worker.js',
      'pkg/worker-client.js',
      'pkg/playground/index.js',
      'docs/index.html',
      'docs/documents/playground.html',
    ]) {
      assert.ok(site.files.includes(file), file);
    }
    for (const file of site.files) {
      assert.doesNotMatch(file, /\.d\.c?ts$|perceptron-core-inline|index\.cjs|service-worker\.js/, file);
    }
    // The element is one module (its learning curve drawn by its own code: no chart library).
    assert.deepEqual(
      site.files.filter((file) => file.startsWith('pkg/playground/')),
      ['pkg/playground/index.js'],
    );
  });

  it('sw.js: a version of the package and the files; precaches the playground, the embed page, Worker, .wasm, Iris', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    assert.match(site.version, new RegExp(`^${version.replaceAll('.', '\\.')}-[0-9a-f]{12}$`));
    const sw = text('sw.js');
    assert.ok(sw.includes(`const MANIFEST = ${JSON.stringify({ version: site.version, precache: site.precache })};`));
    assert.ok(site.precache.every((file) => existsSync(join(site.out, file)) && !file.startsWith('docs/')));
    for (const file of site.files.filter((name) => /\.(js|css|html|wasm|csv|svg)$/.test(name))) {
      if (!file.startsWith('docs/') && file !== 'sw.js') assert.ok(site.precache.includes(file), `${file} precached`);
    }
    // The same build gives the same version (the hash is of the files, not of the time).
    const again = buildSite({ out: join(work, 'again') });
    assert.equal(again.version, site.version);
  });
});
