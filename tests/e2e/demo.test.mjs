// The demo page (index.html: one <perceptron-playground sync-url>) in headless Chromium
// (Debian's /usr/bin/chromium) driven by playwright-core, against the dev server started
// in-process on an ephemeral port (setup: browser.mjs). The basics a newcomer meets first:
// loading, clicked points trained on, Step / Epoch / Reset, a refused option, the address
// restoring the session on reload, the keyboard, and Train in the worker with Stop.
// Needs a build (dist/).   node --test tests/e2e/demo.test.mjs
// Screenshots go to test-output/e2e/demo-*.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DESKTOP,
  clickAt,
  enter,
  notBusy,
  ready,
  scoreOf,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

// What a reload must give back (the trace and the curve's training errors are views of the run).
const KEYS = ['dataset', 'model', 'options', 'points', 'weights', 'bias', 'modelJson', 't', 'epoch', 'mistakes', 'converged', 'link']; // prettier-ignore
const session = (s) => Object.fromEntries(KEYS.map((key) => [key, s[key]]));

describe('demo page', () => {
  test('loads cleanly: the default dataset, controls by role and name, Train in the worker, the theory beside it', async () => {
    await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
      const s = await state();
      assert.equal(s.points.length, 40, 'the default dataset: 40 separable points');
      assert.deepEqual(s.classes, [-1, 1]);
      assert.deepEqual([s.weights, s.bias, s.t, s.busy, s.lastError], [[0, 0], 0, 0, false, null]);
      for (const name of [
        'Step',
        'Epoch',
        'Train',
        'Play',
        'Reset',
        'Clear',
        'Class +1',
        'Class −1',
        'New class',
        'Erase',
      ]) {
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
      assert.equal(await page.getByRole('region', { name: 'Theory' }).count(), 1);
      assert.equal(await page.getByRole('table', { name: 'Trace' }).count(), 1);
      // Train (fit in the package's worker, so its loading is covered by the checks too).
      await train(page);
      const trained = await state();
      assert.equal(trained.converged, true);
      assert.ok(trained.t > 0);
      // The theory: separable, and the mistakes made within Novikoff's bound.
      const theory = page.getByRole('region', { name: 'Theory' });
      assert.match(await theory.textContent(), /Yes: a line separates classes −1 and \+1\./);
      const [, made, bound] = /(\d+) mistakes ≤ ([\d.]+) \(Novikoff\)/.exec(await theory.textContent());
      assert.equal(Number(made), trained.mistakes);
      assert.ok(trained.mistakes <= Number(bound), `${trained.mistakes} mistakes <= Novikoff's ${bound}`);
      await page.getByLabel('Fit intercept (learn the bias b)', { exact: true }).uncheck();
      await waitForState(page, (st) => st.options.fitIntercept === false);
      assert.match(
        await theory.textContent(),
        /(No: no line through the origin separates|Yes: a line through the origin separates)/,
      );
      await page.getByLabel('Fit intercept (learn the bias b)', { exact: true }).check();
      await page.screenshot({ path: `${shots}/demo-01-default-trained.png`, fullPage: true });
    });
  });

  test('clicked points: Train separates them; Step, Epoch and Reset', async () => {
    await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
      await button('Clear').click();
      let s = await state();
      assert.deepEqual([s.points.length, s.dataset], [0, 'points']);
      // The palette still offers the classes the points had, so the first click can be either.
      const palette = await page
        .getByRole('group', { name: 'Class of new points' })
        .getByRole('button')
        .allTextContents();
      assert.deepEqual(
        palette.map((name) => name.trim()),
        ['Class −1', 'Class +1', 'New class', 'Erase'],
        'after Clear, the palette keeps the classes −1 and +1',
      );
      // Class +1 selected: four on the right by plain clicks.
      await button('Class +1').click();
      const right = [[0.5, 0.5], [0.7, -0.2], [0.3, -0.6], [0.8, 0.8]]; // prettier-ignore
      const left = [[-0.5, 0.4], [-0.7, -0.3]]; // prettier-ignore
      const shifted = [[-0.2, -0.8], [-0.6, 0.9]]; // prettier-ignore
      for (const [x, y] of right) await clickAt(page, x, y);
      // Two of class −1 on the left with the palette, two with shift-click while +1 is selected.
      await button('Class −1').click();
      assert.equal(await button('Class −1').getAttribute('aria-pressed'), 'true');
      for (const [x, y] of left) await clickAt(page, x, y);
      await button('Class +1').click();
      for (const [x, y] of shifted) await clickAt(page, x, y, ['Shift']);
      s = await state();
      assert.deepEqual(
        s.points.map((p) => p.label),
        [1, 1, 1, 1, -1, -1, -1, -1],
      );
      [...right, ...left, ...shifted].forEach(([x, y], i) => {
        const p = s.points[i];
        assert.ok(
          Math.abs(p.x - x) < 0.02 && Math.abs(p.y - y) < 0.02,
          `point ${i} where clicked: ${JSON.stringify(p)}`,
        );
      });

      await train(page);
      s = await state();
      assert.equal(s.converged, true, 'converged');
      assert.equal(s.lastError, null);
      for (const p of s.points) {
        assert.ok(p.label * scoreOf(s, p) > 0, `point ${JSON.stringify(p)} on its side of w=${s.weights} b=${s.bias}`);
      }
      await page.screenshot({ path: `${shots}/demo-02-clicked-trained.png`, fullPage: true });

      // Step adds one to t.
      const before = s.t;
      await button('Step').click();
      assert.equal((await state()).t, before + 1);
      // Reset: weights zero, points kept; then Epoch (cyclic) makes t = number of points.
      await button('Reset').click();
      s = await state();
      assert.deepEqual([s.weights, s.bias, s.t, s.points.length, s.trace], [[0, 0], 0, 0, 8, 0]);
      await button('Step').click();
      assert.equal((await state()).t, 1);
      await button('Reset').click();
      await button('Epoch').click();
      s = await state();
      assert.deepEqual([s.t, s.epoch], [8, 1], 'one cyclic epoch visits every point once');
      await button('Epoch').click();
      s = await state();
      assert.deepEqual([s.t, s.epoch], [16, 2]);
      await button('Step').click();
      s = await state();
      assert.deepEqual([s.t, s.epoch], [17, 3]);
      await page.screenshot({ path: `${shots}/demo-03-step.png`, fullPage: true });
    });
  });

  test('an invalid learning rate shows the library message, the value in use, and changes nothing', async () => {
    await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
      await button('Step').click();
      await button('Step').click();
      const before = await state();
      assert.equal(before.t, 2);
      const hashBefore = await page.evaluate(() => location.hash);
      const rate = page.getByLabel('Learning rate η', { exact: true });
      await enter(page, 'Learning rate η', '-1');
      const message = page.locator('[id$="err-learningRate"]');
      await message.waitFor({ state: 'visible' });
      const text = await message.textContent();
      assert.match(text, /^Not applied: .*learningRate.*-1.*The field shows the value still in use\.$/);
      assert.equal(await rate.inputValue(), '1', 'the field shows the value the model still uses');
      assert.equal(await message.getAttribute('role'), 'alert');
      const after = await state();
      assert.match(after.lastError, /learningRate/);
      assert.deepEqual(session(after), session(before), 'nothing changed');
      assert.equal(await page.evaluate(() => location.hash), hashBefore, 'the link keeps the last valid options');
      await page.screenshot({ path: `${shots}/demo-04-invalid-learning-rate.png` });
      // A valid value clears the message and resets the model (an option change).
      await enter(page, 'Learning rate η', '0.5');
      await message.waitFor({ state: 'hidden' });
      const fixed = await state();
      assert.deepEqual([fixed.t, fixed.weights, fixed.options.learningRate], [0, [0, 0], 0.5]);
    });
  });

  test('the address restores points, options and the trained state on reload', async () => {
    await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
      await button('Clear').click();
      await clickAt(page, 0.6, -0.5); // the class chosen: +1
      await button('Class −1').click(); // the palette keeps −1 and +1 after Clear
      await clickAt(page, -0.4, 0.25);
      await page.getByLabel('Mistake rule', { exact: true }).selectOption('strict');
      await page.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
      await enter(page, 'Seed', '42');
      await enter(page, 'Learning rate η', '0.25');
      await page.getByLabel('Fit intercept (learn the bias b)', { exact: true }).uncheck();
      await enter(page, 'Max epochs', '7');
      const before = await state();
      assert.deepEqual(before.points, [
        { x: 0.6, y: -0.5, label: 1 },
        { x: -0.4, y: 0.25, label: -1 },
      ]);
      assert.match(
        page.url(),
        /#data=points&points=0\.6,-0\.5,1;-0\.4,0\.25,-1&model=Perceptron&.*rule=strict.*order=shuffle.*lr=0\.25.*intercept=0.*epochs=7.*seed=42/,
      );
      await page.reload();
      await ready(page);
      assert.deepEqual(session(await state()), session(before));
      assert.equal(await page.getByLabel('Mistake rule', { exact: true }).inputValue(), 'strict');
      assert.equal(await page.getByLabel('Order of examples', { exact: true }).inputValue(), 'shuffle');
      assert.equal(await page.getByLabel('Seed', { exact: true }).inputValue(), '42');
      assert.equal(await page.getByLabel('Learning rate η', { exact: true }).inputValue(), '0.25');
      assert.equal(await page.getByLabel('Max epochs', { exact: true }).inputValue(), '7');
      assert.equal(await page.getByLabel('Fit intercept (learn the bias b)', { exact: true }).isChecked(), false);
      assert.equal(await button('Class −1').getAttribute('aria-pressed'), 'true');
      // The trained state too: a reload gives it back, and the next Epoch is the one this run
      // takes from a Reset (shuffled by the seed).
      await button('Epoch').click();
      const trained = await state();
      assert.equal(trained.t, 2);
      await page.reload();
      await ready(page);
      assert.deepEqual(session(await state()), session(trained));
      await button('Epoch').click();
      const next = await state();
      await button('Reset').click();
      await button('Epoch').click();
      await button('Epoch').click();
      assert.deepEqual(session(await state()), session(next));
      await page.screenshot({ path: `${shots}/demo-05-restored-from-hash.png` });
    });
  });

  test('keyboard: the plane takes points from arrow keys and Enter; buttons work from the keyboard; a hand-edited link loads', async () => {
    await withDemo(
      '#data=points&points=0.9,0.9,1;-0.9,-0.9,-1',
      { viewport: DESKTOP },
      async ({ page, state, button }) => {
        await page.locator('#plane').focus();
        for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Enter'); // the selected class (+1) at (0.2, 0.05)
        for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Shift+Enter'); // the other class at (-0.2, 0.05)
        assert.deepEqual((await state()).points.slice(2), [
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
          location.hash = '#data=points&points=0.1,0.2,1&rule=sign';
        });
        await waitForState(page, (s) => s.points.length === 1);
        assert.equal(await page.getByLabel('Mistake rule', { exact: true }).inputValue(), 'sign');
        assert.equal((await state()).t, 0);
      },
    );
  });

  test("Epoch by Epoch from a Reset retraces Train exactly under shuffle (the library's order)", async () => {
    await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
      await page.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
      await enter(page, 'Seed', '7');
      await train(page);
      const trained = await state();
      assert.equal(trained.converged, true);
      await button('Reset').click();
      for (let e = 0; e < trained.epoch; e++) await button('Epoch').click();
      const stepped = await state();
      assert.deepEqual(
        [stepped.t, stepped.mistakes, stepped.weights, stepped.bias, stepped.converged],
        [trained.t, trained.mistakes, trained.weights, trained.bias, true],
      );
    });
  });

  test('Train runs in a worker: the page stays responsive and Stop cancels', async () => {
    // Two points that no line separates (same place, different labels), a huge maxEpochs.
    const hash = '#data=points&points=0.5,0.5,1;0.5,0.5,-1;-0.5,0.2,1&model=Perceptron&epochs=1000000000';
    await withDemo(hash, { viewport: DESKTOP }, async ({ page, state, button }) => {
      await button('Train').click();
      await waitForState(page, (s) => s.busy);
      const started = Date.now();
      assert.equal(await page.evaluate(() => 1 + 1), 2);
      assert.ok(Date.now() - started < 2000, 'main thread responsive');
      assert.equal(await button('Step').isDisabled(), true, 'buttons disabled while training');
      await page.screenshot({ path: `${shots}/demo-06-training.png` });
      await button('Stop').click();
      await notBusy(page);
      const s = await state();
      assert.deepEqual(s.weights, [0, 0], 'a stopped Train leaves the model as it was');
      assert.equal(s.lastError, 'Training stopped; the model is as it was before Train.');
      // Train again works after the stop (small maxEpochs: not converged).
      await enter(page, 'Max epochs', '50');
      await train(page);
      const t = await state();
      assert.deepEqual([t.converged, t.epoch, t.t], [false, 50, 150]);
    });
  });
});
