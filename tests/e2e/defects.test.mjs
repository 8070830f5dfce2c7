// Issue 12's behaviour items on the demo page, one test each, in headless Chromium (setup:
// browser.mjs). Figures (where the errors and the key numbers sit) go to the test's
// diagnostics; screenshots at 1280x800 and 390x844 to test-output/e2e/defects-*.png.
//   node --test tests/e2e/defects.test.mjs          (needs a build: dist/)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, PHONE, clickAt, notBusy, planeXY, scoreOf, shots, useBrowser, withDemo } from './browser.mjs';

useBrowser();

const ONE_CLASS = '#points=0.5,0.5,1;0.2,0.3,1';
const VIEWPORTS = [
  ['desktop', { viewport: DESKTOP }],
  ['phone', { viewport: PHONE, isMobile: true }],
];

/** An element's box in the viewport at the current scroll, and whether it is wholly in view. */
async function placeOf(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const height = page.viewportSize().height;
  return { ...box, bottom: box.y + box.height, inView: box.y >= 0 && box.y + box.height <= height };
}

// How many pixels of the mistake colour (#d62728) the plane has within 14 px of a point.
async function redAround(page, point) {
  const box = await page.locator('#plane').boundingBox();
  const [x, y] = (await planeXY(page, point.x, point.y)).map((v, i) => v - [box.x, box.y][i]);
  return page.evaluate(
    ([x, y]) => {
      const canvas = document.getElementById('plane');
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const { data } = canvas.getContext('2d').getImageData((x - 14) * scale, (y - 14) * scale, 28 * scale, 28 * scale);
      let count = 0;
      for (let k = 0; k < data.length; k += 4) {
        if ([0xd6, 0x27, 0x28].every((c, j) => Math.abs(data[k + j] - c) < 40)) count++;
      }
      return count;
    },
    [x, y],
  );
}

/** Types a value into the option field with this label and leaves it (which commits it). */
async function enter(page, label, value) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Tab');
}

const hashOf = (page) => page.evaluate(() => location.hash);
const linkParams = (page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));

describe('issue 12: behaviour', () => {
  test('1. errors show next to their control, announced, without scrolling (1280x800 and 390x844)', async (t) => {
    for (const [name, options] of VIEWPORTS) {
      await withDemo(ONE_CLASS, options, async ({ page, button }) => {
        await button('Train').click();
        const error = page.locator('#action-error');
        assert.match(await error.textContent(), /both classes/);
        assert.equal(await error.getAttribute('role'), 'alert');
        assert.equal(await page.evaluate(() => scrollY), 0, 'nothing scrolled');
        const place = await placeOf(page, '#action-error');
        const train = await placeOf(page, '#train');
        assert.ok(place.inView, `${name}: the error is in view: ${JSON.stringify(place)}`);
        assert.ok(place.y - train.bottom < 40, `${name}: the error is right under the buttons`);
        t.diagnostic(
          `${name}: Train at y=${train.y}, its error at y=${place.y}..${place.bottom} (viewport height ${page.viewportSize().height})`,
        );
        await page.screenshot({ path: `${shots}/defects-01-error-${name}.png` });

        // An option's error: under its field, in view where the user is.
        await enter(page, 'Seed', '-1');
        const field = await placeOf(page, '#opt-seed');
        const message = await placeOf(page, '#err-seed');
        assert.equal(await page.locator('#err-seed').getAttribute('role'), 'alert');
        assert.ok(message.inView, `${name}: the seed's error is in view: ${JSON.stringify(message)}`);
        assert.ok(message.y - field.bottom < 60, `${name}: the seed's error is under its field`);
        t.diagnostic(`${name}: seed field at y=${field.y}, its error at y=${message.y}..${message.bottom}`);
      });
    }
  });

  test('2. a refused option value: the field shows the value the model uses, with the message', async () => {
    await withDemo('', {}, async ({ page }) => {
      await enter(page, 'Seed', '3');
      await enter(page, 'Seed', '-1');
      const message = page.locator('#err-seed');
      await message.waitFor({ state: 'visible' });
      assert.match(await message.textContent(), /Not applied: .*seed.*-1.*value still in use/);
      assert.equal(await page.getByLabel('Seed', { exact: true }).inputValue(), '3', 'the field shows the seed in use');
      assert.equal((await linkParams(page)).seed, '3', 'and so does the link');
      await enter(page, 'Seed', '8');
      await message.waitFor({ state: 'hidden' });
      assert.equal((await linkParams(page)).seed, '8');
    });
  });

  test('3. a shared link restores the trained weights and the step, and the next step is the same', async (t) => {
    await withDemo('', {}, async ({ page, state, button }) => {
      // After Train: the case (weights like [2.84, 0.10] came back as [0, 0], t = 0).
      await button('Train').click();
      await notBusy(page);
      const trained = await state();
      assert.ok(trained.t > 0 && trained.weights.some((w) => w !== 0));
      await withDemo(await hashOf(page), {}, async (other) => assert.deepEqual(await other.state(), trained));
      t.diagnostic(`after Train: w = [${trained.weights}], b = ${trained.bias}, t = ${trained.t} restored`);

      // Mid-run, shuffled: five Steps, then the link; both pages then take the same Steps.
      await page.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
      await enter(page, 'Seed', '9');
      for (let i = 0; i < 5; i++) await button('Step').click();
      assert.equal((await state()).t, 5);
      await withDemo(await hashOf(page), {}, async (other) => {
        assert.deepEqual(await other.state(), await state());
        for (const action of ['Step', 'Step', 'Epoch', 'Step']) {
          await button(action).click();
          await other.button(action).click();
          assert.deepEqual(await other.state(), await state(), `after ${action}`);
        }
      });

      // Train, then Steps from its weights (a second run), then the link.
      await button('Train').click();
      await notBusy(page);
      for (let i = 0; i < 3; i++) await button('Step').click();
      await withDemo(await hashOf(page), {}, async (other) => {
        assert.deepEqual(await other.state(), await state());
        await button('Step').click();
        await other.button('Step').click();
        assert.deepEqual(await other.state(), await state());
      });
    });
  });

  test('4. the ignored parts of a tampered link are listed in a dismissible notice, as text', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const link = `#rule=nope&lr=${markup}&points=0.5,0.5,1;<b>bold</b>;-0.5,0.1,-1&t=abc&w=1,2`;
    await withDemo(link, {}, async ({ page, state, button }) => {
      const notice = page.locator('#notice');
      await notice.waitFor({ state: 'visible' });
      assert.equal(await notice.getAttribute('role'), 'status');
      assert.ok((await placeOf(page, '#notice')).inView, 'the notice is in view');
      const items = await page.locator('#notice li').allTextContents();
      assert.equal(items.length, 4, items.join(' | '));
      assert.match(items[0], /^rule=nope: Mistake rule must be one of "margin", "sign", "strict"; it stays margin$/);
      assert.equal(items[1], `lr=${markup}: Learning rate η must be a finite number > 0; it stays 1`);
      assert.match(items[2], /^point <b>bold<\/b>: a point is x,y,label/);
      assert.match(items[3], /^t=abc&w=1,2: the trained model: t, epoch and mistakes must be counts/);
      // Quoted as text: no element came from the link, and nothing ran.
      assert.equal(await page.locator('#notice img, #notice b, img').count(), 0);
      assert.equal((await state()).points.length, 2, 'the good points are kept');
      await button('Dismiss').click();
      await notice.waitFor({ state: 'hidden' });
      // A link edited by hand later gets its own notice; a clean one none.
      await page.evaluate(() => {
        location.hash = '#class=7&points=0.1,0.1,1';
      });
      await notice.waitFor({ state: 'visible' });
      assert.deepEqual(await page.locator('#notice li').allTextContents(), [
        'class=7: the class of new points must be 1 or -1; it stays 1',
      ]);
      await page.evaluate(() => {
        location.hash = '#points=0.2,0.1,1';
      });
      await notice.waitFor({ state: 'hidden' });
    }); // and no dialog (withDemo records one as a problem)
  });

  test('5. Step, Epoch and Train refuse one-class data alike: same message, same place', async () => {
    await withDemo(ONE_CLASS, {}, async ({ page, state, button }) => {
      const error = page.locator('#action-error');
      const messages = [];
      for (const name of ['Step', 'Epoch', 'Train']) {
        await button(name).click();
        await notBusy(page);
        messages.push(await error.textContent());
      }
      assert.equal(new Set(messages).size, 1, messages.join(' | '));
      assert.equal(messages[0], 'Training needs points of both classes: add a point of class −1.');
      assert.equal((await state()).t, 0);

      // Mid-run, the last point of a class removed: Step refuses too, rather than run on.
      await page.evaluate(() => {
        location.hash = '#points=0.5,0.5,1;-0.5,-0.5,-1;0.3,0.6,1';
      });
      await page.waitForFunction(() => window.perceptronDemo.getState().points.length === 3);
      await button('Step').click();
      await button('Step').click();
      await clickAt(page, -0.5, -0.5); // removes the only point of class -1
      assert.equal((await state()).points.length, 2);
      await button('Step').click();
      assert.equal(await error.textContent(), messages[0]);
      assert.equal((await state()).t, 2);
    });
  });

  test('6. training accuracy beside the mistakes, and the misclassified points marked', async () => {
    await withDemo('', {}, async ({ page, state, button }) => {
      const accuracy = page.locator('#status-accuracy');
      assert.equal(await accuracy.textContent(), '— (no step yet)');
      await button('Epoch').click();
      const s = await state();
      // The page's answer (model.predict) against the weights' own: sign(w.x + b) vs the label.
      const wrong = s.points.map((p) => p.label * scoreOf(s, p) < 0);
      assert.ok(
        s.points.every((p) => scoreOf(s, p) !== 0),
        'no point on the line',
      );
      assert.deepEqual(s.misclassified, wrong);
      const n = wrong.filter(Boolean).length;
      assert.ok(n > 0, 'one epoch leaves some points wrong');
      assert.equal(s.accuracy, 1 - n / s.points.length);
      const percent = Number(((1 - n / s.points.length) * 100).toFixed(1));
      assert.equal(await accuracy.textContent(), `${percent}% (${n} of ${s.points.length} wrong)`);
      // Beside the update count, in the same list.
      assert.equal(await page.locator('#status .numbers dd').nth(2).getAttribute('id'), 'status-mistakes');
      assert.equal(await page.locator('#status .numbers dd').nth(3).getAttribute('id'), 'status-accuracy');

      // On the plane: the mistake colour around a misclassified point, not around a right one.
      const reds = [];
      for (const i of [wrong.indexOf(true), wrong.indexOf(false)]) reds.push(await redAround(page, s.points[i]));
      assert.ok(reds[0] > 0 && reds[1] === 0, `red pixels around a wrong / a right point: ${reds}`);

      await button('Train').click();
      await notBusy(page);
      assert.equal((await state()).accuracy, 1);
      assert.equal(await accuracy.textContent(), '100% (0 of 16 wrong)');
    });
  });

  test('7. the key figures are within one screen of the canvas (390x844), and in view at 1280x800', async (t) => {
    const figures = ['#status-t', '#status-mistakes', '#status-accuracy', '#status-weights', '#status-bias'];
    for (const [name, options] of VIEWPORTS) {
      await withDemo('', options, async ({ page, button }) => {
        await button('Train').click();
        await notBusy(page);
        const plane = await placeOf(page, '#plane');
        const places = await Promise.all(figures.map((selector) => placeOf(page, selector)));
        const top = Math.min(...places.map((p) => p.y));
        const bottom = Math.max(...places.map((p) => p.bottom));
        const height = page.viewportSize().height;
        t.diagnostic(`${name}: canvas y=${plane.y}..${plane.bottom}; key figures y=${top}..${bottom}`);
        if (name === 'desktop') {
          assert.ok(
            places.every((p) => p.inView),
            `${name}: every key figure in view without scrolling`,
          );
        } else {
          assert.ok(top - plane.bottom < 200, `${name}: the figures start right after the canvas`);
          assert.ok(bottom - plane.y <= height, `${name}: canvas and figures fit one screen`);
          await page.evaluate((y) => scrollTo(0, y - 8), plane.y);
        }
        await page.screenshot({ path: `${shots}/defects-07-key-figures-${name}.png` });
      });
    }
  });

  test('8. points can be removed and moved, with the mouse and with the keyboard', async () => {
    await withDemo('#points=', {}, async ({ page, state, button }) => {
      await clickAt(page, 0.5, 0.5);
      await clickAt(page, -0.5, -0.5, ['Shift']);
      await clickAt(page, 0.2, 0.2);
      assert.equal((await state()).points.length, 3);
      await clickAt(page, 0.505, 0.495); // on the first point: removes it
      assert.deepEqual(
        (await state()).points.map((p) => p.label),
        [-1, 1],
      );
      // Drag the point at (0.2, 0.2) to (-0.3, 0.6).
      await page.mouse.move(...(await planeXY(page, 0.2, 0.2)));
      await page.mouse.down();
      await page.mouse.move(...(await planeXY(page, -0.3, 0.6)), { steps: 8 });
      await page.mouse.up();
      const [, moved] = (await state()).points;
      assert.ok(Math.abs(moved.x + 0.3) < 0.02 && Math.abs(moved.y - 0.6) < 0.02, JSON.stringify(moved));
      assert.equal((await state()).points.length, 2, 'a drag adds nothing');
      // A Step after a move starts a new run over the points as they are now.
      await button('Step').click();
      assert.equal((await state()).t, 1);

      // Keyboard: two points at one spot (Enter twice), Delete removes one; M carries a point.
      await button('Clear').click();
      await page.locator('#plane').focus();
      await page.keyboard.press('Enter'); // (0, 0)
      await page.keyboard.press('Enter'); // (0, 0) again
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+Enter'); // (0.1, 0), class -1
      assert.equal((await state()).points.length, 3);
      assert.match(await page.locator('#plane-status').textContent(), /on point #3 of class −1: Delete removes it/);
      await page.keyboard.press('Delete');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Backspace'); // one of the two at (0, 0)
      assert.deepEqual((await state()).points, [{ x: 0, y: 0, label: 1 }]);
      await page.keyboard.press('m');
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
      assert.match(await page.locator('#plane-status').textContent(), /carrying a point/);
      await page.keyboard.press('m');
      assert.deepEqual((await state()).points, [{ x: 0, y: 0.2, label: 1 }]);
      await page.keyboard.press('m');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Escape'); // puts it back
      assert.deepEqual((await state()).points, [{ x: 0, y: 0.2, label: 1 }]);
    });
  });

  test('9. 100,000 loaded points: trained on, drawn as a sample, the link keeps 1,000 and says so', async (t) => {
    await withDemo('', {}, async ({ page, state, button }) => {
      const count = await page.evaluate(() => {
        const points = [];
        let seed = 7;
        const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
        while (points.length < 100_000) {
          const [x, y] = [random(), random()];
          const d = x + 0.3 * y - 0.2;
          if (Math.abs(d) >= 0.05) points.push({ x, y, label: d > 0 ? 1 : -1 });
        }
        return window.perceptronDemo.loadPoints(points);
      });
      assert.equal(count, 100_000);
      const summary = () =>
        page.evaluate(() => {
          const s = window.perceptronDemo.getState();
          return { n: s.points.length, drawing: s.drawing, t: s.t, accuracy: s.accuracy, converged: s.converged };
        });
      const loaded = await summary();
      assert.equal(loaded.n, 100_000);
      const caption = await page.locator('#point-count').textContent();
      assert.ok(loaded.drawing.drawn < loaded.drawing.total, JSON.stringify(loaded.drawing));
      assert.ok(
        caption.endsWith(`Showing ${loaded.drawing.drawn.toLocaleString('en-US')} of 100,000 points.`),
        caption,
      );
      assert.match(await page.locator('#notice-title').textContent(), /first 1,000 of these 100,000 points/);
      const link = await linkParams(page);
      assert.equal(link.points.split(';').length, 1000);
      t.diagnostic(`caption: ${caption}; link: ${(await hashOf(page)).length} characters`);

      await button('Epoch').click();
      assert.equal((await summary()).t, 100_000);
      await button('Train').click();
      await notBusy(page);
      const trained = await summary();
      assert.equal(trained.converged, true);
      assert.equal(trained.accuracy, 1);
      assert.equal((await linkParams(page)).t, undefined, 'no model in a link without all its points');

      // Clicks keep their cap.
      await clickAt(page, 0.9, -0.9);
      assert.equal((await summary()).n, 100_000);
      assert.match(
        (await state()).lastError,
        /Clicking edits the points while there are at most 1,000; there are 100,000/,
      );
      await page.screenshot({ path: `${shots}/defects-09-100k.png` });
      // The link: the first 1,000 points, the options, no model.
      await withDemo(await hashOf(page), {}, async (opened) => {
        const s = await opened.state();
        assert.equal(s.points.length, 1000);
        assert.equal(s.t, 0);
        assert.equal(await opened.page.locator('#notice').isHidden(), true);
        // At the cap, adding a point is refused.
        await opened.page.locator('#plane').focus();
        await opened.page.keyboard.press('Enter');
        assert.match((await opened.state()).lastError, /Clicking adds points while there are fewer than 1,000/);
      });
    });
  });

  test('10. Train shows its progress (epoch, mistakes so far) while the worker runs', async () => {
    await withDemo('#epochs=1000000000&points=0.5,0.5,1;0.5,0.5,-1;-0.5,0.2,1', {}, async ({ page, button }) => {
      await button('Train').click();
      const progress = page.locator('#progress');
      const pattern = /^Training: epoch ([\d,]+) of 1,000,000,000, ([\d,]+) mistakes so far$/;
      await page.waitForFunction(
        (source) => new RegExp(source).test(document.getElementById('progress').textContent),
        pattern.source,
      );
      const read = async () =>
        pattern
          .exec(await progress.textContent())
          .slice(1)
          .map((v) => Number(v.replaceAll(',', '')));
      const [epoch1, mistakes1] = await read();
      await page.waitForTimeout(400);
      const [epoch2, mistakes2] = await read();
      assert.ok(epoch2 > epoch1 && mistakes2 > mistakes1, `${epoch1} -> ${epoch2}, ${mistakes1} -> ${mistakes2}`);
      assert.ok((await placeOf(page, '#progress')).inView);
      await page.screenshot({ path: `${shots}/defects-10-progress.png` });
      await button('Stop').click();
      await notBusy(page);
      assert.equal(await progress.isHidden(), true);
    });
  });
});
