// The e2e tests' shared setup: the dev server started in-process on an ephemeral port and
// Debian's Chromium (/usr/bin/chromium) driven by playwright-core; openDemo gives a fresh page
// that records console errors, uncaught exceptions, failed requests and CSP violations.
// Needs a build (dist/). Screenshots go to test-output/e2e/*.png.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const shots = `${root}test-output/e2e`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How every e2e test starts Chromium: headless, no sandbox, nothing fetched from the network. */
export const LAUNCH = {
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
  ],
};

let server;
let browser;

/** Registers the suite's before/after hooks: one server and one browser per test file. */
export function useBrowser() {
  before(async () => {
    assert.ok(existsSync(`${root}dist/index.js`), 'dist/index.js is missing: run `npm run build` first');
    mkdirSync(shots, { recursive: true });
    server = await startServer({ port: 0, quiet: true });
    browser = await chromium.launch(LAUNCH);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

// A fresh page (own context: no shared storage) at `path` on the dev server, that records
// console errors, uncaught exceptions, failed requests and CSP violations (the
// securitypolicyviolation event, listened for before any page script runs).
async function openPage(path, { viewport = { width: 1200, height: 900 }, isMobile = false } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile, hasTouch: isMobile });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  page.on('requestfailed', (request) => {
    // A reload aborts whatever the previous document still had in flight (the favicon, say).
    const reason = request.failure()?.errorText;
    if (reason !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${request.url()} ${reason}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(new URL(path, server.url).href);
  const violations = () => page.evaluate(() => window.__cspViolations);
  return { context, page, problems, violations };
}

/** A fresh page on the demo at `hash` (openPage's), once the page has loaded the package. */
export async function openDemo(hash = '', options = {}) {
  const opened = await openPage(hash, options);
  const { page } = opened;
  await ready(page);
  const state = () => page.evaluate(() => window.perceptronDemo.getState());
  const button = (name) => page.getByRole('button', { name, exact: true });
  return { ...opened, state, button };
}

/**
 * A fresh blank page of the dev server (tests/e2e/fixtures/blank.html, served under the page's
 * CSP) to load one page module into: `await page.evaluate(async () => { const m = await
 * import('/trace.js'); ... })`. Its <main id="fixture"> is empty. Same recording as openDemo.
 */
export const openFixture = (options = {}) => openPage('test/blank.html', options);

/** Runs `body(fixture)` on openFixture's page, then checks it recorded no problem, and closes it. */
export async function withFixture(options, body) {
  const fixture = await openFixture(options);
  try {
    await body(fixture);
    assert.deepEqual(fixture.problems, [], 'no console errors, page errors or dialogs');
    assert.deepEqual(await fixture.violations(), [], 'no CSP violations');
  } finally {
    await fixture.context.close();
  }
}

/**
 * Runs `body(demo)` on a fresh demo page (openDemo's), then checks it recorded no console
 * error, page error, failed request or dialog, and closes it.
 */
export async function withDemo(hash, options, body) {
  const demo = await openDemo(hash, options);
  try {
    await body(demo);
    assert.deepEqual(demo.problems, [], 'no console errors, page errors or dialogs');
  } finally {
    await demo.context.close();
  }
}

/** Waits until the page has loaded the package and drawn its state. */
export const ready = (page) =>
  page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20_000 });

/** Data coordinates (x, y) in [-1, 1]^2 as client pixels over the plane. */
export async function planeXY(page, x, y) {
  await page.locator('#plane').scrollIntoViewIfNeeded();
  const box = await page.locator('#plane').boundingBox();
  return [box.x + ((x + 1) / 2) * box.width, box.y + ((1 - y) / 2) * box.height];
}

/** Clicks the plane at data coordinates (x, y) in [-1, 1]^2. */
export async function clickAt(page, x, y, modifiers = []) {
  await page.mouse.move(...(await planeXY(page, x, y)));
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.down();
  await page.mouse.up();
  for (const key of modifiers) await page.keyboard.up(key);
}

export const notBusy = (page) =>
  page.waitForFunction(() => !window.perceptronDemo.getState().busy, null, { timeout: 30_000 });

export const scoreOf = (state, p) => state.weights[0] * p.x + state.weights[1] * p.y + state.bias;
