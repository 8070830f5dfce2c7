// perceptron-wasm/playground as a page uses it (issue 27, item 1): the built element
// (dist/playground/index.js, at /pkg/playground/ on the dev server) defines
// <perceptron-playground>; its src attribute reads a CSV file as an upload is (the last column
// the label, or the column its label attribute names); it dispatches `step` for each Step or
// Play step and `trained` when Train ends; and the package's main entry loads none of it.
//   node --test tests/e2e/page-element-api.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, openFixture, useBrowser, withFixture, withPage } from './browser.mjs';

useBrowser();

/** Adds a <perceptron-playground> with these attributes to the fixture page; resolves when ready. */
const addElement = (page, attributes) =>
  page.evaluate(async (attrs) => {
    await import('/pkg/playground/index.js');
    const element = document.createElement('perceptron-playground');
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    element.id = `e${document.querySelectorAll('perceptron-playground').length}`;
    window.events ??= {};
    window.events[element.id] = [];
    for (const type of ['step', 'trained']) {
      element.addEventListener(type, (event) => window.events[element.id].push({ type, detail: event.detail }));
    }
    document.getElementById('fixture').append(element);
    await element.ready;
    return element.id;
  }, attributes);

const stateOf = (page, id) => page.evaluate((which) => document.getElementById(which).playground.getState(), id);
const noticeOf = (page, id) =>
  page.evaluate((which) => document.getElementById(which).shadowRoot.getElementById('notice').textContent, id);
const eventsOf = (page, id) => page.evaluate((which) => window.events[which], id);

test('src: a CSV file read as an upload is, the last column the label unless label names another', async () => {
  await withFixture({ viewport: DESKTOP }, async ({ page }) => {
    // Relative to the page (/test/blank.html): /test/labelled.csv.
    const last = await addElement(page, { src: 'labelled.csv' });
    let state = await stateOf(page, last);
    assert.equal(state.dataset, 'csv');
    assert.deepEqual(state.classes, [-1, 1]);
    // The text column (kind) is not numeric: the features are x and y, the plane shows them.
    assert.deepEqual(
      state.points.map((p) => [p.x, p.y, p.label]),
      [
        [0.1, 0.5, 1],
        [-0.4, 0.2, -1],
        [0.7, -0.3, 1],
        [-0.2, -0.6, -1],
        [0.3, 0.9, 1],
      ],
    );
    const named = await addElement(page, { src: '/test/labelled.csv', label: 'kind', model: 'Perceptron' });
    state = await stateOf(page, named);
    assert.equal(state.dataset, 'csv');
    assert.deepEqual(state.classes, ['a', 'b']);
    assert.deepEqual(
      state.points.map((p) => p.label),
      ['a', 'b', 'a', 'b', 'a'],
    );
    // A label column the file does not have: said in the notice, the data as it was.
    const unknown = await addElement(page, { src: 'labelled.csv', label: 'colour' });
    assert.match(await noticeOf(page, unknown), /labelled\.csv[\s\S]*the file has no column named colour/);
    assert.equal((await stateOf(page, unknown)).dataset, 'separable');
  });
  // A file that is not there: said in the notice (and by Chromium's console, the one problem).
  const { context, page, problems, violations } = await openFixture({ viewport: DESKTOP });
  try {
    const missing = await addElement(page, { src: 'missing.csv' });
    assert.match(await noticeOf(page, missing), /missing\.csv[\s\S]*the server answered 404 Not Found/);
    assert.equal((await stateOf(page, missing)).dataset, 'separable');
    assert.deepEqual(problems, [
      'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    assert.deepEqual(await violations(), []);
  } finally {
    await context.close();
  }
});

test('step and trained events carry the step record and the report', async () => {
  await withFixture({ viewport: DESKTOP }, async ({ page }) => {
    const id = await addElement(page, { dataset: 'separable', model: 'Perceptron' });
    const host = page.locator(`#${id}`);
    const button = (name) => host.getByRole('button', { name, exact: true });
    await button('Step').click();
    await button('Step').click();
    let events = await eventsOf(page, id);
    let state = await stateOf(page, id);
    assert.deepEqual(
      events.map((e) => [e.type, e.detail.t, e.detail.epoch]),
      [
        ['step', 1, 1],
        ['step', 2, 1],
      ],
    );
    assert.equal(events.filter((e) => e.detail.mistake).length, state.mistakes);
    // Play: one event per step, however many a frame takes.
    await button('Play').click();
    await page.waitForFunction((which) => window.events[which].length >= 6, id);
    await button('Pause').click();
    state = await stateOf(page, id);
    events = await eventsOf(page, id);
    assert.equal(events.length, state.t);
    assert.deepEqual(
      events.map((e) => e.detail.t),
      Array.from({ length: state.t }, (_, i) => i + 1),
    );
    // Epoch sends none; Train sends one `trained` with fit's report.
    await button('Epoch').click();
    assert.equal((await eventsOf(page, id)).length, state.t);
    await button('Train').click();
    await page.waitForFunction((which) => window.events[which].some((e) => e.type === 'trained'), id);
    events = (await eventsOf(page, id)).filter((e) => e.type === 'trained');
    state = await stateOf(page, id);
    assert.equal(events.length, 1);
    const report = events[0].detail;
    assert.deepEqual([report.epochs, report.converged], [state.epoch, state.converged]);
    assert.equal(report.mistakes, state.mistakes);
    assert.equal(report.history.length, state.history.length);
  });
});

test("the package's main entry loads no playground module; the page loads the built element", async () => {
  await withFixture({}, async ({ page }) => {
    const seen = await page.evaluate(async () => {
      const { default: load } = await import('/pkg/index.js');
      await load();
      return {
        defined: customElements.get('perceptron-playground') !== undefined,
        files: performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      };
    });
    assert.equal(seen.defined, false);
    assert.ok(seen.files.includes('/pkg/perceptron-core.wasm'), seen.files.join(' '));
    assert.deepEqual(
      seen.files.filter((file) => /playground|curve|\/shell\/|\.css$/i.test(file)),
      [],
    );
  });
  await withPage('', { viewport: DESKTOP }, async ({ page }) => {
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20_000 });
    const files = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    assert.ok(files.includes('/pkg/playground/index.js'), files.join(' '));
    // The element is one module: no chart library or other file beside it.
    assert.deepEqual(
      files.filter((file) => file.startsWith('/pkg/playground/')),
      ['/pkg/playground/index.js'],
    );
    // One playground: no module of web/ but main.js and offline.js (the built site's service
    // worker, which registers nothing here), and only the page's own two style sheets.
    assert.deepEqual(files.filter((file) => /\.(js|css)$/.test(file) && !file.startsWith('/pkg/')).sort(), [
      '/main.js',
      '/offline.js',
      '/page.css',
      '/shell/base.css',
    ]);
    const sheets = await page.evaluate(
      () => document.querySelector('perceptron-playground').shadowRoot.adoptedStyleSheets.length,
    );
    // web/shell/sheets.js: base, style, layout, playground, curve, trace, theory, upload, quiz,
    // contributions, text, tagging
    assert.equal(sheets, 12);
  });
});
