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

/** The Content-Security-Policy of issue 9, to the character: what the server sends with the page. */
export const PAGE_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

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
 * import('/trace/trace.js'); ... })`. Its <main id="fixture"> is empty. Same recording as openDemo.
 */
export const openFixture = (options = {}) => openPage('test/blank.html', options);

/** Runs `body(fixture)` on openFixture's page, then checks it recorded no problem, and closes it. */
export const withFixture = (options, body) => withPage('test/blank.html', options, body);

/**
 * Runs `body(demo)` on a fresh demo page (openDemo's), then checks it recorded no console
 * error, page error, failed request or dialog, and closes it.
 */
export async function withDemo(hash, options, body) {
  const demo = await openDemo(hash, options);
  try {
    await body(demo);
    assert.deepEqual(demo.problems, [], 'no console errors, page errors or dialogs');
    assert.deepEqual(await demo.violations(), [], 'no CSP violations');
  } finally {
    await demo.context.close();
  }
}

/** Waits until the page has loaded the package and drawn its state. */
export const ready = (page) =>
  page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20_000 });

/**
 * Data coordinates (x, y) as client pixels over the plane, which shows `view` (default
 * [-1, 1]^2: data inside it, or no data) widened about its centre to the canvas's aspect ratio
 * (web/plane/geometry.js's fitView: equal units on both axes).
 */
export async function planeXY(page, x, y, view = { x0: -1, x1: 1, y0: -1, y1: 1 }) {
  await page.locator('#plane').scrollIntoViewIfNeeded();
  const box = await page.locator('#plane').boundingBox();
  let { x0, x1, y0, y1 } = view;
  const wanted = box.width / box.height;
  if (Math.abs((x1 - x0) / (y1 - y0) - wanted) > 1e-9 * wanted) {
    if ((x1 - x0) / (y1 - y0) < wanted) {
      const [c, half] = [(x0 + x1) / 2, ((y1 - y0) * wanted) / 2];
      [x0, x1] = [c - half, c + half];
    } else {
      const [c, half] = [(y0 + y1) / 2, (x1 - x0) / wanted / 2];
      [y0, y1] = [c - half, c + half];
    }
  }
  return [box.x + ((x - x0) / (x1 - x0)) * box.width, box.y + ((y1 - y) / (y1 - y0)) * box.height];
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

// ---------------------------------------------------------------------------------------------
// Helpers of the page's tests (tests/e2e/page-*.test.mjs, demo, defects).

let nodePackage = null;
/** The package itself in Node (dist/), loaded once per test file: the reference the page must equal. */
export const loadPackage = () => (nodePackage ??= import('../../dist/index.js').then((m) => m.default()));

/** The page's points as the package takes them: X {data, rows, cols: 2} and the labels. */
export function matrixOf(points) {
  const data = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    data[2 * i] = p.x;
    data[2 * i + 1] = p.y;
  });
  return { X: { data, rows: points.length, cols: 2 }, y: points.map((p) => p.label) };
}

/** Runs `action` (a click, say) and returns the file it made the page download: {name, text}. */
export async function downloaded(page, action) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), action()]);
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** Waits until getState() satisfies `predicate(state, arg)` (a self-contained function, run in the page). */
export function waitForState(page, predicate, arg = null, timeout = 20_000) {
  // A function (not a string expression, which Playwright evals in the page: the CSP refuses it)
  // whose source calls the predicate's source; built here in Node.
  // eslint-disable-next-line no-new-func -- test code in Node, sent to the page as source text
  const poll = new Function('arg', `return (${predicate})(window.perceptronDemo.getState(), arg);`);
  return page.waitForFunction(poll, arg, { timeout });
}

/** Chooses a preset in the Dataset select and waits until the page shows it. */
export async function chooseDataset(page, name) {
  await page.getByRole('combobox', { name: 'Dataset', exact: true }).selectOption(name);
  await waitForState(page, (s, n) => s.dataset === n && s.points.length > 0 && !s.busy, name);
}

/** Chooses a model in the Model select and waits until the page uses it. */
export async function chooseModel(page, kind) {
  await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption(kind);
  await waitForState(page, (s, k) => s.model === k, kind);
}

/**
 * A control by its accessible name. (getByLabel with exact: true does not find a select or a
 * range inside its <label>: the label's text then holds the options' or the output's text.)
 */
export const control = (page, role, name) => page.getByRole(role, { name, exact: true });

/** Types a value into the field with this label and leaves it (which commits it). */
export async function enter(page, label, value) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(String(value));
  await field.press('Tab');
}

/** Presses Train and waits until the worker's model is adopted. */
export async function train(page) {
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  await notBusy(page);
}

/** Chooses `text` as the CSV file (named `name`) in the upload panel; resolves when it is read. */
export async function chooseCsv(page, name, text) {
  const details = page.locator('details.upload-box');
  if (!(await details.evaluate((d) => d.open))) await page.getByText('Upload a CSV file', { exact: true }).click();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

/** The shadow root's elements matching `selector` in the first (or `index`th) playground: count. */
export const countInPlayground = (page, selector, index = 0) =>
  page.evaluate(
    ([sel, i]) => document.querySelectorAll('perceptron-playground')[i].shadowRoot.querySelectorAll(sel).length,
    [selector, index],
  );

/**
 * Runs `body(opened)` on a fresh page at `path` of the dev server (openPage's: {page, problems,
 * violations}; embed.html, say), then checks it recorded no problem and no CSP violation.
 */
export async function withPage(path, options, body) {
  const opened = await openPage(path, options);
  try {
    await body(opened);
    assert.deepEqual(opened.problems, [], 'no console errors, page errors or dialogs');
    assert.deepEqual(await opened.violations(), [], 'no CSP violations');
  } finally {
    await opened.context.close();
  }
}

const cdpSessions = new WeakMap();

/**
 * The element focused now, through open shadow roots, as Chromium's accessibility tree has it:
 * {tag, id, role, name (the computed accessible name), outline, shadow (a focus indicator is
 * drawn), box}; null when nothing (or the body) has focus.
 */
export async function focused(page) {
  if (!cdpSessions.has(page)) {
    const session = await page.context().newCDPSession(page);
    await session.send('DOM.enable');
    await session.send('Accessibility.enable');
    cdpSessions.set(page, session);
  }
  const cdp = cdpSessions.get(page);
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `(() => {
      let element = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      return element === document.body ? null : element;
    })()`,
  });
  if (!result.objectId) return null;
  const described = await cdp.send('Runtime.callFunctionOn', {
    objectId: result.objectId,
    returnByValue: true,
    functionDeclaration: `function () {
      const style = getComputedStyle(this);
      const box = this.getBoundingClientRect();
      return {
        tag: this.tagName.toLowerCase(),
        id: this.id,
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
        shadow: style.boxShadow !== 'none',
        box: { x: box.x, y: box.y, width: box.width, height: box.height },
      };
    }`,
  });
  const { node: domNode } = await cdp.send('DOM.describeNode', { objectId: result.objectId });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
    backendNodeId: domNode.backendNodeId,
    fetchRelatives: false,
  });
  const node = nodes[0] ?? {};
  return { ...described.result.value, role: node.role?.value ?? '', name: node.name?.value ?? '' };
}
