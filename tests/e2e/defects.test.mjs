// Issue 12's behaviour items, kept on the rebuilt page (issue 9), one test each, in headless
// Chromium (setup: browser.mjs). Items 3 (a shared link restores the weights) and 4 (a
// tampered link's notice) moved to page-link.test.mjs. Figures (where the errors and the key
// numbers sit) go to the test's diagnostics; screenshots at 1280x800 and 390x844 to
// test-output/e2e/defects-*.png.
//   node --test tests/e2e/defects.test.mjs          (needs a build: dist/)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatPercent } from '../../web/shell/format.js';
import {
  DESKTOP,
  PHONE,
  clickAt,
  enter,
  notBusy,
  planeXY,
  scoreOf,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

const ONE_CLASS = '#data=points&points=0.5,0.5,1;0.2,0.3,1';
const ONE_CLASS_MESSAGE = 'Training needs points of at least two classes: add a point of another class.';
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
  const client = await planeXY(page, point.x, point.y); // scrolls the plane into view first
  const box = await page.locator('#plane').boundingBox();
  const [x, y] = client.map((v, i) => v - [box.x, box.y][i]);
  return page.evaluate(
    ([x, y]) => {
      const canvas = document.querySelector('perceptron-playground').shadowRoot.getElementById('plane');
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

const linkParams = (page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));

describe('issue 12: behaviour', () => {
  test('1. errors show next to their control, announced, without scrolling (1280x800 and 390x844)', async (t) => {
    for (const [name, options] of VIEWPORTS) {
      await withDemo(ONE_CLASS, options, async ({ page, button }) => {
        await page.evaluate(() => scrollTo(0, 0));
        await button('Train').click();
        const error = page.locator('#action-error');
        assert.equal(await error.textContent(), ONE_CLASS_MESSAGE);
        assert.equal(await error.getAttribute('role'), 'alert');
        const place = await placeOf(page, '#action-error');
        const buttons = await placeOf(page, '#clear');
        assert.ok(place.inView, `${name}: the error is in view: ${JSON.stringify(place)}`);
        assert.ok(place.y - buttons.bottom < 40, `${name}: the error is right under the buttons`);
        t.diagnostic(
          `${name}: the buttons end at y=${buttons.bottom}, the error at y=${place.y}..${place.bottom} (viewport height ${page.viewportSize().height})`,
        );
        await page.screenshot({ path: `${shots}/defects-01-error-${name}.png` });

        // An option's error: under its field, in view where the user is.
        await enter(page, 'Seed', '-1');
        const field = await placeOf(page, '[id$="opt-seed"]');
        const message = await placeOf(page, '[id$="err-seed"]');
        assert.equal(await page.locator('[id$="err-seed"]').getAttribute('role'), 'alert');
        assert.ok(message.inView, `${name}: the seed's error is in view: ${JSON.stringify(message)}`);
        assert.ok(message.y - field.bottom < 60, `${name}: the seed's error is under its field`);
        t.diagnostic(`${name}: seed field at y=${field.y}, its error at y=${message.y}..${message.bottom}`);
      });
    }
  });

  test('2. a refused option value: the field shows the value the model uses, with the message', async () => {
    await withDemo('', { viewport: DESKTOP }, async ({ page }) => {
      await enter(page, 'Seed', '3');
      await enter(page, 'Seed', '-1');
      const message = page.locator('[id$="err-seed"]');
      await message.waitFor({ state: 'visible' });
      assert.match(await message.textContent(), /^Not applied: .*seed.*-1.*The field shows the value still in use\.$/);
      assert.equal(await page.getByLabel('Seed', { exact: true }).inputValue(), '3', 'the field shows the seed in use');
      assert.equal((await linkParams(page)).seed, '3', 'and so does the link');
      await enter(page, 'Seed', '8');
      await message.waitFor({ state: 'hidden' });
      assert.equal((await linkParams(page)).seed, '8');
    });
  });

  test('5. Step, Epoch and Train refuse one-class data alike: same message, same place', async () => {
    await withDemo(ONE_CLASS, { viewport: DESKTOP }, async ({ page, state, button }) => {
      const error = page.locator('#action-error');
      const messages = [];
      for (const name of ['Step', 'Epoch', 'Train']) {
        await button(name).click();
        await notBusy(page);
        messages.push(await error.textContent());
      }
      assert.deepEqual(messages, [ONE_CLASS_MESSAGE, ONE_CLASS_MESSAGE, ONE_CLASS_MESSAGE]);
      assert.equal((await state()).t, 0);
      // Mid-run, the last point of a class removed: Step refuses too, rather than run on.
      await page.evaluate(() => {
        location.hash = '#data=points&points=0.5,0.5,1;-0.5,-0.5,-1;0.3,0.6,1';
      });
      await waitForState(page, (s) => s.points.length === 3);
      await button('Step').click();
      await button('Step').click();
      await clickAt(page, -0.5, -0.5); // removes the only point of class −1
      assert.equal((await state()).points.length, 2);
      await button('Step').click();
      assert.equal(await error.textContent(), ONE_CLASS_MESSAGE);
      assert.equal((await state()).t, 2);
    });
  });

  test('6. training accuracy beside the mistakes, and the misclassified points marked', async () => {
    await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
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
      const percent = formatPercent(1 - n / s.points.length);
      assert.equal(await accuracy.textContent(), `${percent} (${n} of ${s.points.length} wrong)`);
      // Beside the update count, in the same list.
      assert.equal(await page.locator('#status .numbers dd').nth(2).getAttribute('id'), 'status-mistakes');
      assert.equal(await page.locator('#status .numbers dd').nth(3).getAttribute('id'), 'status-accuracy');
      // On the plane: the mistake colour around a misclassified point, not around a right one
      // (one away from the ring of the step just taken).
      const lastIndex = s.points.length - 1;
      const right = wrong.findIndex((w, i) => !w && i !== lastIndex && i !== 0);
      const reds = [await redAround(page, s.points[wrong.indexOf(true)]), await redAround(page, s.points[right])];
      assert.ok(reds[0] > 0 && reds[1] === 0, `red pixels around a wrong / a right point: ${reds}`);
      await train(page);
      assert.equal((await state()).accuracy, 1);
      assert.equal(await accuracy.textContent(), '100% (0 of 40 wrong)');
    });
  });

  test('7. the key figures are within one screen of the canvas (390x844), and in view at 1280x800', async (t) => {
    const figures = ['#status-t', '#status-mistakes', '#status-accuracy', '#status-weights'];
    for (const [name, options] of VIEWPORTS) {
      await withDemo('', options, async ({ page }) => {
        await train(page);
        await page.evaluate(() => scrollTo(0, 0));
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
          assert.ok(
            top - plane.bottom < 200,
            `${name}: the figures start right after the canvas (${top - plane.bottom} px)`,
          );
          assert.ok(bottom - plane.y <= height, `${name}: canvas and figures fit one screen`);
          await page.evaluate((y) => scrollTo(0, y - 8), plane.y);
        }
        await page.screenshot({ path: `${shots}/defects-07-key-figures-${name}.png` });
      });
    }
  });

  test('8. points can be removed and moved, with the mouse and with the keyboard', async () => {
    await withDemo(
      '#data=points&points=0.9,-0.9,-1;0.9,0.9,1',
      { viewport: DESKTOP },
      async ({ page, state, button }) => {
        await clickAt(page, 0.5, 0.5); // the selected class, +1
        await clickAt(page, -0.5, -0.5, ['Shift']); // the other one, −1
        await clickAt(page, 0.2, 0.2);
        assert.deepEqual(
          (await state()).points.map((p) => p.label),
          [-1, 1, 1, -1, 1],
        );
        await clickAt(page, 0.505, 0.495); // on the point at (0.5, 0.5): removes it
        assert.deepEqual(
          (await state()).points.map((p) => p.label),
          [-1, 1, -1, 1],
        );
        // Drag the point at (0.2, 0.2) to (-0.3, 0.6).
        await page.mouse.move(...(await planeXY(page, 0.2, 0.2)));
        await page.mouse.down();
        await page.mouse.move(...(await planeXY(page, -0.3, 0.6)), { steps: 8 });
        await page.mouse.up();
        const moved = (await state()).points[3];
        assert.ok(Math.abs(moved.x + 0.3) < 0.02 && Math.abs(moved.y - 0.6) < 0.02, JSON.stringify(moved));
        assert.equal((await state()).points.length, 4, 'a drag adds nothing');
        await button('Step').click();
        assert.equal((await state()).t, 1);

        // Keyboard: two points at one spot (Enter twice), Delete removes one; M carries a point.
        await page.evaluate(() => {
          location.hash = '#data=points&points=0.9,-0.9,-1;0.9,0.9,1';
        });
        await waitForState(page, (s) => s.points.length === 2 && s.t === 0);
        await page.locator('#plane').focus();
        await page.keyboard.press('Enter'); // (0, 0), +1
        await page.keyboard.press('Enter'); // (0, 0) again
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Shift+Enter'); // (0.1, 0), class −1
        assert.equal((await state()).points.length, 5);
        assert.match(await page.locator('#plane-status').textContent(), /on point #5 of class −1: Delete removes it/);
        await page.keyboard.press('Delete');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Backspace'); // one of the two at (0, 0)
        assert.deepEqual((await state()).points.slice(2), [{ x: 0, y: 0, label: 1 }]);
        await page.keyboard.press('m');
        for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
        assert.match(await page.locator('#plane-status').textContent(), /carrying a point/);
        await page.keyboard.press('m');
        assert.deepEqual((await state()).points.slice(2), [{ x: 0, y: 0.2, label: 1 }]);
        await page.keyboard.press('m');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Escape'); // puts it back
        assert.deepEqual((await state()).points.slice(2), [{ x: 0, y: 0.2, label: 1 }]);
      },
    );
  });

  test('9. 100,000 loaded points: trained on, drawn as a sample, the link keeps 1,000 and says so', async (t) => {
    await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
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
      const link = await linkParams(page);
      assert.equal(link.points.split(';').length, 1000);
      t.diagnostic(`caption: ${caption}; link: ${(await page.evaluate(() => location.hash)).length} characters`);

      await button('Epoch').click();
      assert.equal((await summary()).t, 100_000);
      await train(page);
      const trained = await summary();
      assert.deepEqual([trained.converged, trained.accuracy], [true, 1]);
      assert.equal((await linkParams(page)).start, undefined, 'no model in a link without all its points');
      // Clicks keep their cap.
      await clickAt(page, 0.9, -0.9);
      assert.equal((await summary()).n, 100_000);
      assert.match(
        (await state()).lastError,
        /Clicking edits the points while there are at most 1,000; there are 100,000/,
      );
      await page.screenshot({ path: `${shots}/defects-09-100k.png` });
      // The link: the first 1,000 points, the options, no model.
      await withDemo(await page.evaluate(() => location.hash), { viewport: DESKTOP }, async (opened) => {
        const s = await opened.state();
        assert.deepEqual([s.points.length, s.t], [1000, 0]);
        await opened.page.locator('#plane').focus();
        await opened.page.keyboard.press('Enter');
        assert.match((await opened.state()).lastError, /Clicking adds points while there are fewer than 1,000/);
      });
      // ... and the page says that the link holds only the first 1,000 of the points.
      const text = await page.locator('perceptron-playground').evaluate((e) => e.shadowRoot.textContent);
      assert.ok(
        /first 1,000 of (these|the) 100,000 points/.test(text),
        'the page says the link keeps only the first 1,000 points',
      );
    });
  });

  test('10. Train shows its progress (epoch, mistakes so far) while the worker runs', async () => {
    const hash = '#data=points&points=0.5,0.5,1;0.5,0.5,-1;-0.5,0.2,1&model=Perceptron&epochs=1000000000';
    await withDemo(hash, { viewport: DESKTOP }, async ({ page, button }) => {
      await button('Train').click();
      const progress = page.locator('#progress');
      const pattern = /^Training: epoch ([\d,]+) of 1,000,000,000, ([\d,]+) mistakes so far$/;
      await page.waitForFunction(
        (source) =>
          new RegExp(source).test(
            document.querySelector('perceptron-playground').shadowRoot.getElementById('progress').textContent,
          ),
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
