// The page's quality items (issue 9, "Quality"): no CSP violation (securitypolicyviolation event)
// while every feature is used in one session; usable at 375 px wide (no horizontal scroll of
// the document, every control inside the width); every control reachable by Tab, each with an
// accessible name and a visible focus. Screenshots of the main states at 1280x800 and 375 px
// wide: test-output/e2e/page-*.png.
//   node --test tests/e2e/page-quality.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseCsv,
  chooseDataset,
  chooseModel,
  clickAt,
  control,
  downloaded,
  focused,
  notBusy,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

const NARROW = { viewport: { width: 375, height: 812 }, isMobile: true };

// Every visible, enabled control of the playground (through its shadow root), with its box.
const visibleControls = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('perceptron-playground').shadowRoot;
    const selector = 'button, select, input, textarea, summary, canvas[tabindex], [tabindex="0"], a[href]';
    return [...root.querySelectorAll(selector)]
      .filter(
        (e) => e.checkVisibility({ visibilityProperty: true }) && !e.disabled && e.getAttribute('tabindex') !== '-1',
      )
      .map((e) => {
        const box = e.getBoundingClientRect();
        const label = e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30) || e.tagName;
        return {
          label,
          tag: e.tagName.toLowerCase(),
          id: e.id,
          left: box.left + scrollX,
          right: box.right + scrollX,
          width: box.width,
        };
      });
  });

test('no CSP violation while every feature is used (presets, points, every model, Play, Train, views, upload, export, import, link)', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button, violations }) => {
    for (const name of ['gaussians', 'xor', 'circles', 'spiral', 'blobs', 'iris', 'separable'])
      await chooseDataset(page, name);
    await button('Regenerate').click();
    await control(page, 'combobox', 'Dataset').selectOption('points');
    await button('Clear').click();
    await clickAt(page, 0.5, 0.5);
    await button('New class').click();
    await clickAt(page, -0.5, -0.5);
    await clickAt(page, -0.4, 0.2);
    await button('Erase').click();
    await clickAt(page, -0.4, 0.2);
    await button('Erase').click();
    await clickAt(page, 0.6, -0.2);
    await button('Step').click();
    await button('Epoch').click();
    await control(page, 'slider', 'Speed').fill('6');
    await button('Play').click();
    await page.waitForTimeout(300);
    if ((await state()).playing) await button('Pause').click();
    await chooseDataset(page, 'xor');
    for (const kind of ['KernelPerceptron', 'Winnow', 'PassiveAggressive', 'Perceptron']) {
      await chooseModel(page, kind);
      await train(page);
    }
    await page.getByRole('checkbox', { name: 'Score heatmap' }).uncheck();
    await page.getByRole('checkbox', { name: 'Score heatmap' }).check();
    await page.getByRole('checkbox', { name: 'Discretize' }).check();
    await page.getByRole('checkbox', { name: 'Margin band' }).uncheck();
    await control(page, 'combobox', 'Colour points by').selectOption('predicted');
    await control(page, 'combobox', 'Validation part').selectOption('20');
    await control(page, 'combobox', 'Test part').selectOption('10');
    await train(page);
    const model = await downloaded(page, () => button('Export model as JSON').click());
    await downloaded(page, () => button('Download points as CSV').click());
    await downloaded(page, () => button('Export trace as CSV').click());
    await button('Reset').click();
    await page
      .getByLabel('Import model JSON', { exact: true })
      .setInputFiles({ name: 'm.json', mimeType: 'application/json', buffer: Buffer.from(model.text) });
    await waitForState(page, (s) => s.modelJson !== null);
    await chooseCsv(page, 'tour.csv', 'a,b,label\n0.1,0.2,x\n0.5,0.9,y\n-0.3,0.4,x\n0.8,-0.1,y\n');
    await button('Load data').click();
    await waitForState(page, (s) => s.dataset === 'csv');
    await button('Train').click();
    await notBusy(page);
    await page.evaluate(() => {
      location.hash = '#data=blobs&model=MulticlassPerceptron&heatmap=1&discrete=1';
    });
    await waitForState(page, (s) => s.dataset === 'blobs');
    await train(page);
    assert.deepEqual(await violations(), [], 'no securitypolicyviolation event');
    // Nothing inline that the policy would have to allow: no style attributes, no inline handlers.
    const inline = await page.evaluate(() => {
      const root = document.querySelector('perceptron-playground').shadowRoot;
      return [...root.querySelectorAll('*'), ...document.querySelectorAll('*')]
        .filter((e) => [...e.attributes].some((a) => a.name === 'style' || a.name.startsWith('on')))
        .map((e) => `${e.tagName} ${[...e.attributes].map((a) => a.name).join(' ')}`);
    });
    // CSSOM (element.style.x = …) shows up as a style attribute but is allowed; handlers are not.
    assert.deepEqual(
      inline.filter((text) => / on[a-z]+/.test(text)),
      [],
      'no inline event handlers',
    );
  });
});

test('usable at 375 px wide: no horizontal scroll of the document, every control inside the width', async (t) => {
  await withDemo('', NARROW, async ({ page, button }) => {
    const check = async (what) => {
      const scroll = await page.evaluate(() => ({
        width: document.scrollingElement.scrollWidth,
        client: document.scrollingElement.clientWidth,
      }));
      assert.ok(scroll.width <= 375, `${what}: the document is ${scroll.width} px wide (no horizontal scroll at 375)`);
      const outside = (await visibleControls(page)).filter((c) => c.left < -0.5 || c.right > 375.5);
      assert.deepEqual(outside, [], `${what}: every control inside the 375 px`);
      t.diagnostic(
        `${what}: scrollWidth ${scroll.width}, ${(await visibleControls(page)).length} visible controls inside`,
      );
    };
    await check('default');
    for (const name of ['Dataset', 'Model', 'Validation part', 'Test part']) {
      assert.equal(await control(page, 'combobox', name).isVisible(), true, name);
    }
    for (const name of [
      'Step',
      'Epoch',
      'Train',
      'Play',
      'Reset',
      'Clear',
      'Regenerate',
      'New class',
      'Erase',
      'Export model as JSON',
      'Download points as CSV',
    ]) {
      assert.equal(await button(name).isVisible(), true, name);
    }
    const plane = await page.locator('#plane').boundingBox();
    assert.ok(
      plane.width >= 300 && plane.x >= 0 && plane.x + plane.width <= 375,
      `the plane fits: ${JSON.stringify(plane)}`,
    );
    await page.screenshot({ path: `${shots}/page-375-01-default.png` });
    await page.screenshot({ path: `${shots}/page-375-01-default-full.png`, fullPage: true });
    for (let i = 0; i < 6; i++) await button('Step').click();
    await check('after steps (trace rows)');
    await chooseDataset(page, 'xor');
    await train(page);
    await check('kernel on XOR, trained');
    await page.locator('#plane').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-375-02-xor-trained.png` });
    await chooseCsv(
      page,
      'wide.csv',
      `${['first column', 'second column', 'third column', 'fourth column', 'label'].join(',')}\n${Array.from({ length: 20 }, (_, i) => `${i},${i * 2.5},${-i},${i % 3},${i % 2 ? 'yes' : 'no'}`).join('\n')}\n`,
    );
    await page.getByRole('table', { name: /wide\.csv/ }).waitFor();
    await check('upload preview');
    await page.screenshot({ path: `${shots}/page-375-03-upload.png` });
    await chooseDataset(page, 'iris');
    await train(page);
    await check('Iris trained');
    await page.getByRole('region', { name: 'Theory' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-375-04-iris-theory.png` });
    await page.getByRole('table', { name: 'Trace' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-375-05-trace.png` });
  });
});

test('keyboard: every control is reached by Tab, each with an accessible name and a visible focus', async (t) => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, button }) => {
    await button('Step').click(); // the trace has a row: its export button is enabled
    await page.getByText('Upload a CSV file', { exact: true }).click(); // the upload panel open
    // A click on the page's heading: the sequential focus starting point back at the top.
    await page.evaluate(() => scrollTo(0, 0));
    await page.mouse.click(5, 5);
    const seen = [];
    const unnamed = [];
    const invisible = [];
    for (let i = 0; i < 250; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now === null) break;
      const key = `${now.tag}#${now.id}|${now.role}|${now.name}|${now.box.x},${now.box.y}`;
      if (seen.some((s) => s.key === key)) break; // round the page once
      seen.push({ ...now, key });
      // Chromium's computed accessible name, and a role that lets screen readers announce it.
      const what = `${now.tag}#${now.id} (${now.role} "${now.name}")`;
      if (now.name.trim() === '' || ['generic', 'none', ''].includes(now.role)) unnamed.push(what);
      if (!now.outline && !now.shadow) invisible.push(what);
    }
    t.diagnostic(`${seen.length} controls in the tab order`);
    const reached = new Set(seen.filter((s) => s.id).map((s) => s.id));
    const controls = await visibleControls(page);
    const missed = controls.filter((c) => c.id && !reached.has(c.id)).map((c) => c.label);
    assert.deepEqual(missed, [], 'every visible control is in the tab order');
    for (const name of ['Dataset', 'Step', 'Train', 'Model', 'CSV file', 'Export trace as CSV', 'Import model JSON']) {
      assert.ok(
        seen.some((s) => s.name === name),
        `${name} reached by Tab`,
      );
    }
    t.diagnostic(seen.map((s) => `${s.role} "${s.name}"`).join(' | '));
    assert.deepEqual(unnamed, [], 'every focused control has an accessible name');
    assert.deepEqual(invisible, [], 'every focused control shows its focus (outline or ring)');
  });
});

test('screenshots of the main states at 1280x800', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, button }) => {
    await page.screenshot({ path: `${shots}/page-1280-01-default.png` });
    for (let i = 0; i < 7; i++) await button('Step').click();
    await page.locator('#plane').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-1280-02-steps.png` });
    await train(page);
    await page.getByRole('region', { name: 'Theory' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-1280-03-trained-theory.png` });
    await chooseDataset(page, 'xor');
    await train(page);
    await page.locator('#plane').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-1280-04-xor-kernel.png` });
    await chooseDataset(page, 'blobs');
    await train(page);
    await page.locator('#plane').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-1280-05-blobs-multiclass.png` });
    await page.getByRole('table', { name: 'Trace' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-1280-06-trace.png` });
    await page.screenshot({ path: `${shots}/page-1280-07-full.png`, fullPage: true });
  });
});
