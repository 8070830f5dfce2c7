// The static site (issue 27, item 4): scripts/site.mjs's site/, built once into a temporary folder
// and served from the sub-path /course/perceptron/ by a plain static file server (no CSP header:
// the pages carry theirs in a meta tag; application/wasm for the .wasm). In Chromium: the
// playground draws and trains, the embedding example, a guide and the API reference show, with no
// console error, failed request or CSP violation; the service worker takes control, and with the
// server closed (really offline) the playground, Iris, Train, the embedding example and the pages
// visited before still work; where service workers are blocked or unavailable (an http origin
// that is not localhost), the page works and says nothing in the console.
//   node --test tests/e2e/site.test.mjs
import assert from 'node:assert/strict';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { buildSite } from '../../scripts/site.mjs';
import { LAUNCH, chooseDataset, notBusy, shots } from './browser.mjs';

const PREFIX = '/course/perceptron/';
const INSECURE_HOST = 'insecure.test'; // mapped to 127.0.0.1: plain http, not a secure context
const PLAYWRIGHT_BLOCKED = 'Service Worker registration blocked by Playwright';

const MIME = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.csv': 'text/csv',
};

/** A plain static file server of `folder` at PREFIX (on `port`, or a free one): files, folders' index.html, 404s. No CSP. */
async function serveAt(folder, port = 0) {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    let file = null;
    if (pathname.startsWith(PREFIX)) {
      file = resolve(folder, `.${sep}${decodeURIComponent(pathname.slice(PREFIX.length))}`);
      try {
        if (statSync(file).isDirectory()) file = join(file, 'index.html');
        if (!file.startsWith(folder + sep) || !statSync(file).isFile()) file = null;
      } catch {
        file = null;
      }
    }
    if (file === null) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise((ready) => server.listen(port, '127.0.0.1', ready));
  const at = server.address().port;
  return {
    port: at,
    url: `http://127.0.0.1:${at}${PREFIX}`,
    close: () =>
      new Promise((closed) => {
        server.close(closed);
        server.closeAllConnections();
      }),
  };
}

let out;
let site;
let server;
let browser;
let context; // service workers allowed: the one that goes offline
let page;

/** Records what a page must not produce: console errors (or any message, `all`), page errors, failed requests, 4xx/5xx. */
function record(tab, { all = false } = {}) {
  const problems = [];
  tab.on('console', (message) => {
    if (all || message.type() === 'error') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  tab.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    if (reason !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${request.url()} ${reason}`);
  });
  tab.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

async function newPage(ctx, options) {
  const tab = await ctx.newPage();
  const problems = record(tab, options);
  await tab.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { tab, problems };
}

const violations = (tab) => tab.evaluate(() => window.__cspViolations);
const playgroundReady = (tab) =>
  tab.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20_000 });
const state = (tab) => tab.evaluate(() => window.perceptronDemo.getState());

/** The plane's canvas has drawn points: pixels of more than one colour. */
async function drawn(tab) {
  await tab.locator('#plane').scrollIntoViewIfNeeded();
  const colours = await tab.locator('#plane').evaluate((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
    return seen.size;
  });
  assert.ok(colours > 3, `the plane is drawn (${colours} colours sampled)`);
}

async function trains(tab) {
  await tab.getByRole('button', { name: 'Train', exact: true }).click();
  await notBusy(tab);
  const trained = await state(tab);
  assert.equal(trained.lastError, null);
  assert.ok(trained.t > 0 && trained.converged === true, `Train ran (t ${trained.t}, converged ${trained.converged})`);
}

/** Polls `check` (async, in Node) until it gives true: 20 s at most. */
async function until(check, timeout = 20_000) {
  for (const end = Date.now() + timeout; !(await check());) {
    assert.ok(Date.now() < end, `timed out: ${check}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** Both playgrounds of embed.html have started. */
const embedReady = (tab) =>
  tab.waitForFunction(
    () => [...document.querySelectorAll('perceptron-playground')].every((e) => e.dataset.ready === 'true'),
    null,
    { timeout: 20_000 },
  );
/** A TypeDoc page has shown its body (its inline script ran). */
const bodyShown = (tab) =>
  tab.waitForFunction(() => getComputedStyle(document.body).display !== 'none', null, { timeout: 10_000 });

describe('the static site from /course/perceptron/', () => {
  before(async () => {
    out = mkdtempSync(join(tmpdir(), 'perceptron-wasm-site-'));
    site = buildSite({ out: join(out, 'site') });
    server = await serveAt(site.out);
    browser = await chromium.launch({
      ...LAUNCH,
      args: [...LAUNCH.args, `--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`],
    });
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('the playground draws and trains, with no console error, failed request or CSP violation', async () => {
    let problems;
    ({ tab: page, problems } = await newPage(context));
    await page.goto(server.url);
    await playgroundReady(page);
    await drawn(page);
    await trains(page);
    await page.screenshot({ path: `${shots}/site-online.png` });
    assert.deepEqual(problems, []);
    assert.deepEqual(await violations(page), []);
  });

  it('its service worker becomes active and controls the page, with this version precached', async () => {
    const problems = record(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      await page.reload();
      await playgroundReady(page);
    }
    const { controller, names, keys } = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((name) => name.endsWith(' precache')));
      return {
        controller: navigator.serviceWorker.controller?.scriptURL,
        names,
        keys: (await cache.keys()).map((request) => request.url),
      };
    });
    assert.equal(controller, `${server.url}sw.js`);
    assert.deepEqual(names, [`perceptron-wasm ${server.url} ${site.version} precache`]);
    assert.deepEqual(keys.sort(), site.precache.map((file) => server.url + file).sort());
    for (const file of ['index.html', 'embed.html', 'pkg/perceptron-core.wasm', 'pkg/worker.js', 'data/iris.csv']) {
      assert.ok(site.precache.includes(file), file);
    }
    assert.deepEqual(problems, []);
  });

  it('embed.html, a guide and the API reference show, under their own meta policies', async () => {
    for (const [path, check] of [
      ['embed.html', embedReady],
      ['docs/documents/playground.html', bodyShown],
      ['docs/', bodyShown],
    ]) {
      const { tab, problems } = await newPage(context);
      await tab.goto(server.url + path);
      await check(tab);
      assert.ok((await tab.title()).length > 0);
      assert.deepEqual(problems, [], path);
      assert.deepEqual(await violations(tab), [], path);
      await tab.close();
    }
  });

  it('where service workers are blocked, or unavailable (http, not localhost), the page works and says nothing', async () => {
    for (const [label, options, url] of [
      ['blocked', { serviceWorkers: 'block' }, server.url],
      ['insecure origin', {}, `http://${INSECURE_HOST}:${server.port}${PREFIX}`],
    ]) {
      const ctx = await browser.newContext(options);
      const { tab, problems } = await newPage(ctx, { all: true });
      await tab.goto(url);
      await playgroundReady(tab);
      await tab.waitForFunction(() => document.readyState === 'complete');
      await drawn(tab);
      await trains(tab);
      const { secure, controlled } = await tab.evaluate(() => ({
        secure: window.isSecureContext,
        controlled: Boolean(navigator.serviceWorker?.controller),
      }));
      assert.equal(controlled, false, label);
      if (label === 'insecure origin') assert.equal(secure, false);
      // Playwright's stand-in for register() logs its own warning, once: the page called it (and
      // its messages are recorded); that message is the only one.
      const blocked = problems.filter((p) => p.endsWith(PLAYWRIGHT_BLOCKED));
      assert.equal(blocked.length, label === 'blocked' ? 1 : 0, label);
      assert.deepEqual(
        problems.filter((p) => !blocked.includes(p)),
        [],
        label,
      );
      assert.deepEqual(await violations(tab), [], label);
      await ctx.close();
    }
  });

  it('offline after the first visit: with the server closed, the playground, Iris and Train work from the cache', async () => {
    await server.close();
    await assert.rejects(fetch(server.url), 'the server is closed');
    const tab = page; // the first visit's page, reloaded (with ?hide=upload: a query the cache ignores)
    const problems = record(tab);
    const responses = [];
    tab.on('response', (response) => responses.push(response));
    await tab.goto(`${server.url}?hide=upload`);
    await playgroundReady(tab);
    assert.equal(await tab.getByText('Upload a CSV file', { exact: true }).isVisible(), false);
    await drawn(tab);
    await trains(tab);
    await chooseDataset(tab, 'iris');
    await drawn(tab);
    await tab.screenshot({ path: `${shots}/site-offline.png` });
    assert.ok(responses.length > 10);
    assert.deepEqual(
      responses.filter((response) => !response.fromServiceWorker()).map((response) => response.url()),
      [],
      'every response from the service worker',
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(await violations(tab), []);
  });

  it('offline, with the network off too: embed.html and the guide visited before', async () => {
    await context.setOffline(true);
    for (const [path, check] of [
      ['embed.html', embedReady],
      ['docs/documents/playground.html', bodyShown],
    ]) {
      const { tab, problems } = await newPage(context);
      await tab.goto(server.url + path);
      await check(tab);
      assert.deepEqual(problems, [], path);
      assert.deepEqual(await violations(tab), [], path);
      await tab.close();
    }
  });

  it('a rebuilt site is a new version: its worker takes over once the old pages close, and deletes the old caches', async () => {
    await context.setOffline(false);
    // What a rebuild with any change gives: sw.js with another version (and the same files).
    const sw = join(site.out, 'sw.js');
    const next = `${site.version}-next`;
    writeFileSync(sw, readFileSync(sw, 'utf8').replaceAll(site.version, next));
    server = await serveAt(site.out, server.port);
    for (const open of context.pages()) await open.close();
    const cachesOf = async (tab) => (await tab.evaluate(() => caches.keys())).sort();
    let tab = await context.newPage();
    const problems = record(tab);
    await tab.goto(server.url);
    await playgroundReady(tab);
    // Still the old version's caches (the new worker may be filling its own already).
    const before = await cachesOf(tab);
    for (const kind of ['docs', 'precache']) {
      assert.ok(before.includes(`perceptron-wasm ${server.url} ${site.version} ${kind}`), kind);
    }
    // The navigation found the new sw.js; it installs, and waits while this page is open.
    const waiting = () => tab.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    await until(waiting);
    assert.deepEqual(problems, []);
    // Closing the last old page activates the waiting worker. A page opened while Chromium is
    // still closing the old one can become the old worker's client, and then the new one waits
    // for that page too (as it should): open the next page again until the old one was gone.
    for (let tries = 1; ; tries++) {
      await tab.close();
      tab = await context.newPage();
      await tab.goto(server.url);
      await playgroundReady(tab);
      if (!(await waiting())) break;
      assert.ok(tries < 5, `the new worker still waits after ${tries} pages opened with no old page open`);
    }
    assert.equal(await tab.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');
    await until(async () => (await cachesOf(tab)).every((name) => name.includes(` ${next} `)));
    assert.deepEqual(await cachesOf(tab), [`perceptron-wasm ${server.url} ${next} precache`]);
    await tab.close();
  });
});
