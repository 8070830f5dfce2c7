// The demo page in headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core,
// against the dev server started in-process on an ephemeral port (setup: browser.mjs). Needs
// a build (dist/).   node --test tests/e2e/
// Screenshots go to test-output/e2e/*.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clickAt, notBusy, openDemo, ready, scoreOf, shots, useBrowser } from './browser.mjs';

useBrowser();

describe('demo page', () => {
  test('loads cleanly: default dataset, buttons by role and name, no console errors or CSP violations', async () => {
    const { context, page, problems, state, button, violations } = await openDemo();
    try {
      const s = await state();
      assert.ok(s.points.length >= 10, `default dataset shown (${s.points.length} points)`);
      assert.deepEqual(new Set(s.points.map((p) => p.label)), new Set([-1, 1]));
      assert.deepEqual(s.weights, [0, 0]);
      assert.equal(s.t, 0);
      assert.equal(s.busy, false);
      assert.equal(s.lastError, null);
      for (const name of ['Step', 'Epoch', 'Train', 'Reset', 'Clear', 'Class +1', 'Class −1']) {
        await assert.doesNotReject(button(name).waitFor({ state: 'visible', timeout: 2000 }), `button ${name}`);
      }
      assert.equal(await button('Class +1').getAttribute('aria-pressed'), 'true');
      assert.equal(await button('Class −1').getAttribute('aria-pressed'), 'false');
      assert.equal(await page.locator('#status').getAttribute('aria-live'), 'polite');
      for (const label of [
        'Mistake rule',
        'Order of examples',
        'Learning rate η',
        'Max epochs',
        'Seed',
        'Fit intercept (learn the bias b)',
      ]) {
        assert.equal(await page.getByLabel(label, { exact: true }).count(), 1, `control labelled ${label}`);
      }
      // Exercise the worker too, so its loading is covered by the CSP and console checks.
      await button('Train').click();
      await notBusy(page);
      const trained = await state();
      assert.equal(trained.converged, true);
      assert.ok(trained.t > 0);
      // The exact answer and Novikoff's bound beside the mistakes actually made.
      const separable = await page.locator('#status-separable').textContent();
      const bound = Number(/at most (\d+) mistakes/.exec(separable)?.[1]);
      assert.match(separable, /^yes, margin γ\* = 0\.\d+/);
      assert.ok(trained.mistakes <= bound, `${trained.mistakes} mistakes <= Novikoff's ${bound}`);
      await page.getByLabel('Fit intercept (learn the bias b)', { exact: true }).uncheck();
      await page.waitForFunction(() =>
        /^no line through the origin/.test(document.getElementById('status-separable').textContent),
      );
      await page.getByLabel('Fit intercept (learn the bias b)', { exact: true }).check();
      await page.screenshot({ path: `${shots}/01-default-trained.png`, fullPage: true });
      assert.deepEqual(await violations(), [], 'no CSP violations');
      assert.deepEqual(problems, [], 'no console errors');
    } finally {
      await context.close();
    }
  });

  test('clicked points: Train separates them; Step, Epoch and Reset', async () => {
    const { context, page, problems, state, button } = await openDemo();
    try {
      await button('Clear').click();
      assert.equal((await state()).points.length, 0);

      // Class +1 selected: four on the right by plain clicks.
      await button('Class +1').click();
      for (const [x, y] of [
        [0.5, 0.5],
        [0.7, -0.2],
        [0.3, -0.6],
        [0.8, 0.8],
      ])
        await clickAt(page, x, y);
      // Two of class -1 on the left with the toggle, two with shift-click while +1 is selected.
      await button('Class −1').click();
      assert.equal(await button('Class −1').getAttribute('aria-pressed'), 'true');
      for (const [x, y] of [
        [-0.5, 0.4],
        [-0.7, -0.3],
      ])
        await clickAt(page, x, y);
      await button('Class +1').click();
      for (const [x, y] of [
        [-0.2, -0.8],
        [-0.6, 0.9],
      ])
        await clickAt(page, x, y, ['Shift']);

      let s = await state();
      assert.equal(s.points.length, 8);
      assert.deepEqual(
        s.points.map((p) => p.label),
        [1, 1, 1, 1, -1, -1, -1, -1],
      );
      for (const p of s.points.slice(0, 4)) assert.ok(p.x > 0, `+1 point on the right: ${JSON.stringify(p)}`);
      for (const p of s.points.slice(4)) assert.ok(p.x < 0, `-1 point on the left: ${JSON.stringify(p)}`);
      const expected = [
        [0.5, 0.5],
        [0.7, -0.2],
        [0.3, -0.6],
        [0.8, 0.8],
        [-0.5, 0.4],
        [-0.7, -0.3],
        [-0.2, -0.8],
        [-0.6, 0.9],
      ];
      s.points.forEach((p, i) => {
        assert.ok(
          Math.abs(p.x - expected[i][0]) < 0.02 && Math.abs(p.y - expected[i][1]) < 0.02,
          `point ${i} where clicked`,
        );
      });

      await button('Train').click();
      await notBusy(page);
      s = await state();
      assert.equal(s.converged, true, 'converged');
      assert.equal(s.lastError, null);
      for (const p of s.points) {
        assert.ok(p.label * scoreOf(s, p) > 0, `point ${JSON.stringify(p)} on its side of w=${s.weights} b=${s.bias}`);
      }
      await page.screenshot({ path: `${shots}/02-clicked-trained.png`, fullPage: true });

      // Step adds one to t.
      const before = s.t;
      await button('Step').click();
      assert.equal((await state()).t, before + 1);

      // Reset: weights zero, points kept; then Epoch (cyclic) makes t = number of points.
      await button('Reset').click();
      s = await state();
      assert.deepEqual(s.weights, [0, 0]);
      assert.equal(s.bias, 0);
      assert.equal(s.t, 0);
      assert.equal(s.points.length, 8);
      await button('Step').click();
      assert.equal((await state()).t, 1);
      await button('Reset').click();
      await button('Epoch').click();
      s = await state();
      assert.equal(s.t, 8, 'one cyclic epoch visits every point once');
      assert.equal(s.epoch, 1);
      await button('Epoch').click();
      s = await state();
      assert.equal(s.t, 16);
      assert.equal(s.epoch, 2);
      await button('Step').click();
      s = await state();
      assert.equal(s.t, 17);
      assert.equal(s.epoch, 3);
      await page.screenshot({ path: `${shots}/03-step.png`, fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('an invalid learningRate shows the library message, the value in use, and changes nothing', async () => {
    const { context, page, problems, state, button } = await openDemo();
    try {
      await button('Step').click();
      await button('Step').click();
      const before = await state();
      assert.equal(before.t, 2);
      const hashBefore = await page.evaluate(() => location.hash);

      const rate = page.getByLabel('Learning rate η', { exact: true });
      await rate.fill('-1');
      await rate.press('Tab');
      const message = page.locator('#err-learningRate');
      await message.waitFor({ state: 'visible' });
      const text = await message.textContent();
      assert.match(text, /learningRate/);
      assert.match(text, /-1/);
      // The field shows the value the model still uses (issue 12): valid, so not aria-invalid.
      assert.equal(await rate.inputValue(), '1');
      assert.equal(await rate.getAttribute('aria-invalid'), null);
      assert.equal(await message.getAttribute('role'), 'alert');

      const after = await state();
      assert.match(after.lastError, /learningRate/);
      assert.deepEqual(after.points, before.points);
      assert.deepEqual(after.weights, before.weights);
      assert.equal(after.bias, before.bias);
      assert.equal(after.t, before.t);
      assert.equal(await page.evaluate(() => location.hash), hashBefore, 'the link keeps the last valid options');
      await page.screenshot({ path: `${shots}/04-invalid-learning-rate.png`, fullPage: true });

      // A valid value clears the message and resets the model (an option change).
      await rate.fill('0.5');
      await rate.press('Tab');
      await message.waitFor({ state: 'hidden' });
      const fixed = await state();
      assert.equal(fixed.t, 0);
      assert.deepEqual(fixed.weights, [0, 0]);
      assert.equal(fixed.lastError, null);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('the URL hash restores points and options on reload; a broken hash falls back to defaults', async () => {
    const { context, page, problems, state, button } = await openDemo();
    try {
      await button('Clear').click();
      await button('Class −1').click();
      await clickAt(page, -0.4, 0.25);
      await clickAt(page, 0.6, -0.5, ['Shift']);
      await page.getByLabel('Mistake rule', { exact: true }).selectOption('strict');
      await page.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
      const seed = page.getByLabel('Seed', { exact: true });
      await seed.fill('42');
      await seed.press('Tab');
      const rate = page.getByLabel('Learning rate η', { exact: true });
      await rate.fill('0.25');
      await rate.press('Tab');
      await page.getByLabel('Fit intercept (learn the bias b)', { exact: true }).uncheck();
      const epochs = page.getByLabel('Max epochs', { exact: true });
      await epochs.fill('7');
      await epochs.press('Tab');

      const before = await state();
      assert.equal(before.points.length, 2);
      const url = page.url();
      assert.match(url, /rule=strict/);
      assert.match(url, /seed=42/);

      await page.reload();
      await ready(page);
      const after = await state();
      assert.deepEqual(after.points, before.points);
      assert.equal(await page.getByLabel('Mistake rule', { exact: true }).inputValue(), 'strict');
      assert.equal(await page.getByLabel('Order of examples', { exact: true }).inputValue(), 'shuffle');
      assert.equal(await page.getByLabel('Seed', { exact: true }).inputValue(), '42');
      assert.equal(await page.getByLabel('Learning rate η', { exact: true }).inputValue(), '0.25');
      assert.equal(await page.getByLabel('Max epochs', { exact: true }).inputValue(), '7');
      assert.equal(await page.getByLabel('Fit intercept (learn the bias b)', { exact: true }).isChecked(), false);
      assert.equal(await button('Class −1').getAttribute('aria-pressed'), 'true');

      // The link carries the trained state too (issue 12): a reload gives it back, and the next
      // Epoch is the one this run takes from a Reset (shuffled by the seed).
      await button('Epoch').click();
      const trained = await state();
      assert.equal(trained.t, 2);
      await page.reload();
      await ready(page);
      assert.deepEqual(await state(), trained);
      await button('Epoch').click();
      const next = await state();
      await button('Reset').click();
      await button('Epoch').click();
      await button('Epoch').click();
      assert.deepEqual(await state(), next);
      await page.screenshot({ path: `${shots}/05-restored-from-hash.png`, fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
    const broken = await openDemo('#rule=nope&lr=abc&seed=-3&intercept=maybe&class=7&points=1,2;0.5,0.5,1;x,y,z');
    try {
      const s = await broken.state();
      assert.deepEqual(s.points, [{ x: 0.5, y: 0.5, label: 1 }], 'only the well-formed point is kept');
      assert.equal(await broken.page.getByLabel('Mistake rule', { exact: true }).inputValue(), 'margin');
      assert.equal(await broken.page.getByLabel('Learning rate η', { exact: true }).inputValue(), '1');
      assert.equal(await broken.page.getByLabel('Seed', { exact: true }).inputValue(), '0');
      assert.equal(await broken.button('Class +1').getAttribute('aria-pressed'), 'true');
      assert.equal(await broken.page.locator('#notice li').count(), 7, 'each ignored part is listed');
      assert.deepEqual(broken.problems, []);
    } finally {
      await broken.context.close();
    }
  });

  test('keyboard: the plane takes points from arrow keys and Enter; buttons work from the keyboard', async () => {
    const { context, page, problems, state, button } = await openDemo('#points=');
    try {
      await page.locator('#plane').focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter'); // selected class (+1) at (0.2, 0.05)
      for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Shift+Enter'); // the other class at (-0.2, 0.05)
      assert.deepEqual((await state()).points, [
        { x: 0.2, y: 0.05, label: 1 },
        { x: -0.2, y: 0.05, label: -1 },
      ]);
      await button('Step').focus();
      await page.keyboard.press('Enter');
      assert.equal((await state()).t, 1);
      await page.keyboard.press('Space');
      assert.equal((await state()).t, 2);

      // Editing the link by hand (hashchange) loads that state.
      await page.evaluate(() => {
        location.hash = '#rule=sign&points=0.1,0.2,1';
      });
      await page.waitForFunction(() => window.perceptronDemo.getState().points.length === 1);
      assert.equal(await page.getByLabel('Mistake rule', { exact: true }).inputValue(), 'sign');
      assert.equal((await state()).t, 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test("Epoch by Epoch from a Reset retraces Train exactly under shuffle (the library's order)", async () => {
    const { context, page, problems, state, button } = await openDemo();
    try {
      await page.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
      const seed = page.getByLabel('Seed', { exact: true });
      await seed.fill('7');
      await seed.press('Tab');
      await button('Train').click();
      await notBusy(page);
      const trained = await state();
      assert.equal(trained.converged, true);
      await button('Reset').click();
      for (let e = 0; e < trained.epoch; e++) await button('Epoch').click();
      const stepped = await state();
      assert.equal(stepped.t, trained.t);
      assert.equal(stepped.mistakes, trained.mistakes);
      assert.deepEqual(stepped.weights, trained.weights);
      assert.equal(stepped.bias, trained.bias);
      assert.equal(stepped.converged, true);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('Train runs in a worker: the page stays responsive and Stop cancels', async () => {
    // Two points that no line separates (same place, different labels), a huge maxEpochs.
    const { context, page, problems, state, button } = await openDemo(
      '#epochs=1000000000&points=0.5,0.5,1;0.5,0.5,-1;-0.5,0.2,1',
    );
    try {
      await button('Train').click();
      await page.waitForFunction(() => window.perceptronDemo.getState().busy);
      // The main thread answers while the worker trains.
      const started = Date.now();
      assert.equal(await page.evaluate(() => 1 + 1), 2);
      assert.ok(Date.now() - started < 2000, 'main thread responsive');
      assert.equal(await button('Step').isDisabled(), true, 'buttons disabled while training');
      await page.screenshot({ path: `${shots}/06-training.png`, fullPage: true });
      await button('Stop').click();
      await notBusy(page);
      const s = await state();
      assert.deepEqual(s.weights, [0, 0], 'a stopped Train leaves the model as it was');
      assert.match(s.lastError, /stopped/i);
      // Train again works after the worker was terminated (small maxEpochs: not converged).
      await page.getByLabel('Max epochs', { exact: true }).fill('50');
      await page.getByLabel('Max epochs', { exact: true }).press('Tab');
      await button('Train').click();
      await notBusy(page);
      const t = await state();
      assert.equal(t.converged, false);
      assert.equal(t.epoch, 50);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
