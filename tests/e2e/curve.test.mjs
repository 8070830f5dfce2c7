// The learning curve (web/curve/curve.js, drawn by curve-draw.js) in headless Chromium, in a
// shadow root under the page's CSP: the numbers drawn for a hand-made history and for a real
// fit's report.history, the axes' tick labels and ranges, the accessible name, hidden lines, the
// empty state, the width following the container (600 -> 300 px), two instances side by side,
// 100,000 epochs (timed, printed), the colours' contrast, curveSvg of the same history
// rasterized against the canvas, and screenshots at 1280 and 375 wide.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, shots, useBrowser, withFixture } from './browser.mjs';
import { formatPercent } from '../../web/shell/format.js';

useBrowser();
const PHONE_375 = { width: 375, height: 740 };

// Defines window.mountCurve(width, id) on the fixture page: a host element `width` px wide
// (null: as wide as the page) with an open shadow root that links base.css (the font, as the
// playground links it first) and curve.css, and a LearningCurve in an empty
// <div class="playground"> in it (the font stack is the playground's). Curves are kept in window.curves.
async function setUp(page) {
  await page.evaluate(() => {
    window.curves = {};
    window.mountCurve = async (width, id) => {
      const host = document.createElement('section');
      host.className = 'curve-host';
      if (width != null) host.style.width = `${width}px`;
      host.style.padding = '8px 16px';
      host.style.boxSizing = 'border-box';
      document.getElementById('fixture').append(host);
      const root = host.attachShadow({ mode: 'open' });
      const links = ['/shell/base.css', '/curve/curve.css'].map((href) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        return link;
      });
      root.append(...links);
      await Promise.all(links.map((l) => new Promise((ok, fail) => ((l.onload = ok), (l.onerror = fail)))));
      const container = document.createElement('div');
      container.className = 'playground';
      root.append(container);
      const { LearningCurve } = await import('/curve/curve.js');
      window.curves[id] = { host, root, container, curve: new LearningCurve(container) };
      return id;
    };
    // What a test reads back: the data, the ticks, the scales, the label, the legend's text.
    window.readCurve = (id) => {
      const { root, curve } = window.curves[id];
      const view = curve.view;
      const area = root.querySelector('[role="img"]');
      const visible = (el) => el && !el.hidden && el.getClientRects().length > 0;
      return {
        data: curve.data,
        ticks: curve.ticks,
        scales: view.scales,
        shown: view.shown,
        label: area.getAttribute('aria-label'),
        caption: root.querySelector('figcaption').textContent,
        empty: visible(root.querySelector('.curve-empty')),
        legend: [...root.querySelectorAll('.curve-legend li')].filter(visible).map((li) => li.textContent),
        width: view.width,
        bboxLeft: view.plot?.left,
      };
    };
  });
}

const mount = (page, width, id) => page.evaluate(([w, i]) => window.mountCurve(w, i), [width, id]);
const read = (page, id) => page.evaluate((i) => window.readCurve(i), id);
const update = (page, id, history) => page.evaluate(([i, h]) => window.curves[i].curve.update(h), [id, history]);

// A hand-made history: 4 epochs of 8 examples, validation on 4.
const HAND = [
  { epoch: 1, steps: 8, mistakes: 5, trainError: 0.5, validationError: 0.75 },
  { epoch: 2, steps: 8, mistakes: 3, trainError: 0.25, validationError: 0.5 },
  { epoch: 3, steps: 8, mistakes: 2, trainError: 0.125, validationError: 0.25 },
  { epoch: 4, steps: 8, mistakes: 1, trainError: 0.03125, validationError: 0.25 },
];

// WCAG's contrast ratio of a '#rrggbb' colour against white.
function contrastOnWhite(hex) {
  const channel = (i) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const L = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (L + 0.05);
}

describe('the learning curve', () => {
  test('draws a hand-made history: data, ticks, scales, legend and accessible name', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await setUp(page);
      await mount(page, 632, 'a'); // 600 px of content
      await update(page, 'a', HAND);
      const r = await read(page, 'a');
      assert.equal(r.caption, 'Learning curve');
      assert.deepEqual(r.data, [
        [1, 2, 3, 4],
        [50, 25, 12.5, 3.125],
        [75, 50, 25, 25],
        [5, 8, 10, 11],
      ]);
      assert.deepEqual(r.shown, [true, true, true]);
      assert.equal(r.label, 'Learning curve: epoch 4, train error 3.1%, validation error 25%, 11 mistakes in all');
      assert.deepEqual(r.legend, ['Epoch 4', 'Train error 3.1%', 'Validation error 25%', 'Mistakes in all 11']);
      assert.equal(r.empty, false);
      assert.equal(r.width, 600);
      // The scales cover the data: x the epochs, error from 0 to at least 75%, at most 100%;
      // mistakes from 0 to at least 11.
      assert.ok(r.scales.x[0] <= 1 && r.scales.x[1] >= 4, `x ${r.scales.x}`);
      assert.equal(r.scales.error[0], 0);
      assert.ok(r.scales.error[1] >= 75 && r.scales.error[1] <= 100, `error ${r.scales.error}`);
      assert.equal(r.scales.mistakes[0], 0);
      assert.ok(r.scales.mistakes[1] >= 11, `mistakes ${r.scales.mistakes}`);
      // The tick labels drawn: whole epochs 1..4, percentages from 0%, whole counts from 0.
      console.log(`ticks: ${JSON.stringify(r.ticks)}`);
      assert.deepEqual(r.ticks.x, ['1', '2', '3', '4']);
      assert.equal(r.ticks.error[0], '0%');
      assert.ok(r.ticks.error.length >= 3 && r.ticks.error.every((t) => /^\d+(\.\d+)?%$/.test(t)));
      assert.ok(r.ticks.error.map(parseFloat).at(-1) >= 60);
      assert.equal(r.ticks.mistakes[0], '0');
      assert.ok(r.ticks.mistakes.length >= 3 && r.ticks.mistakes.every((t) => /^\d+$/.test(t)));
      // Each line's colour is on the canvas (antialiased: within 40 per channel).
      const colours = await page.evaluate(async () => {
        const { CURVE_SERIES } = await import('/curve/curve.js');
        const canvas = window.curves.a.root.querySelector('canvas');
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        const stroke = CURVE_SERIES.map((s) => s.stroke);
        const hex = (h, i) => parseInt(h.slice(1 + 2 * i, 3 + 2 * i), 16);
        return stroke.map((c) => {
          let n = 0;
          for (let k = 0; k < data.length; k += 4) {
            if ([0, 1, 2].every((i) => Math.abs(data[k + i] - hex(c, i)) <= 40) && data[k + 3] > 200) n++;
          }
          return n;
        });
      });
      assert.ok(
        colours.every((n) => n > 50),
        `pixels of each line's colour: ${colours}`,
      );
      await page.screenshot({ path: `${shots}/curve-desktop.png` });
    });
  });

  test('hovering shows that epoch in the legend; the colours and dashes', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await setUp(page);
      await mount(page, 632, 'a');
      await update(page, 'a', HAND);
      await read(page, 'a');
      // Epoch 2's pixel, from the x scale and the plot's box.
      const box = await page.evaluate(() => {
        const { plot, scales } = window.curves.a.curve.view;
        const r = window.curves.a.root.querySelector('canvas').getBoundingClientRect();
        const [min, max] = scales.x;
        return {
          x: r.left + plot.left + ((2 - min) / (max - min)) * plot.width,
          y: r.top + plot.top + plot.height / 2,
        };
      });
      await page.mouse.move(box.x, box.y);
      await page.waitForFunction(() => window.curves.a.curve.cursor === 1);
      assert.deepEqual((await read(page, 'a')).legend, [
        'Epoch 2',
        'Train error 25%',
        'Validation error 50%',
        'Mistakes in all 8',
      ]);
      // The accessible name keeps the latest epoch.
      assert.match((await read(page, 'a')).label, /^Learning curve: epoch 4,/);
      await page.screenshot({ path: `${shots}/curve-hover.png` });
      await page.mouse.move(1, 1);
      await page.waitForFunction(() => window.curves.a.curve.cursor == null);
      assert.equal((await read(page, 'a')).legend[0], 'Epoch 4');

      const { CURVE_SERIES } = await page.evaluate(async () => ({ ...(await import('/curve/curve.js')) }));
      for (const s of CURVE_SERIES) {
        assert.ok(contrastOnWhite(s.stroke) >= 3, `${s.label} ${s.stroke}: ${contrastOnWhite(s.stroke).toFixed(2)}:1`);
      }
      // The right axis' tick text is in the mistakes' colour: text contrast, 4.5:1.
      assert.ok(contrastOnWhite(CURVE_SERIES[2].stroke) >= 4.5);
      assert.equal(new Set(CURVE_SERIES.map((s) => s.dash.join(' '))).size, 3, 'three different dash patterns');
      // The legend's line samples carry the same dash patterns.
      const dashes = await page.evaluate(() =>
        [...window.curves.a.root.querySelectorAll('.curve-sample line')].map((l) => l.getAttribute('stroke-dasharray')),
      );
      assert.deepEqual(dashes, ['none', '8 4', '2 3']);
    });
  });

  test('empty history, and lines with no value hidden with their legend entries', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await setUp(page);
      await mount(page, 632, 'a');
      let r = await read(page, 'a');
      assert.equal(r.empty, true);
      assert.equal(r.label, 'Learning curve: no finished epoch yet');
      assert.deepEqual(r.legend, []);
      assert.deepEqual(r.data, [[], [], [], []]);
      const text = await page.evaluate(() => window.curves.a.root.querySelector('.curve-empty').textContent);
      assert.equal(text, 'No finished epoch yet');
      // Nothing is drawn under it: no grid line or axis crosses the text.
      const inked = await page.evaluate(() => {
        const canvas = window.curves.a.root.querySelector('canvas');
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let k = 0; k < data.length; k += 4) if (data[k] < 255 || data[k + 1] < 255 || data[k + 2] < 255) n++;
        return n;
      });
      assert.equal(inked, 0, 'the empty canvas is white');
      await page.screenshot({ path: `${shots}/curve-empty.png` });

      // Without a validation set: mistakes only; the error lines, their legend entries and
      // the error axis go (the plot starts further left).
      await update(page, 'a', HAND);
      const withErrors = (await read(page, 'a')).bboxLeft;
      const plain = HAND.map(({ epoch, steps, mistakes }) => ({ epoch, steps, mistakes }));
      await update(page, 'a', plain);
      r = await read(page, 'a');
      assert.deepEqual(r.data, [
        [1, 2, 3, 4],
        [null, null, null, null],
        [null, null, null, null],
        [5, 8, 10, 11],
      ]);
      assert.deepEqual(r.shown, [false, false, true]);
      assert.deepEqual(r.legend, ['Epoch 4', 'Mistakes in all 11']);
      assert.equal(r.label, 'Learning curve: epoch 4, 11 mistakes in all');
      assert.ok(r.bboxLeft < withErrors, `plot left ${r.bboxLeft} < ${withErrors}`);
      await page.screenshot({ path: `${shots}/curve-mistakes-only.png` });

      // Train error only, one mistake: singular.
      await update(page, 'a', [{ epoch: 1, steps: 3, mistakes: 1, trainError: 1 / 3 }]);
      r = await read(page, 'a');
      assert.deepEqual(r.shown, [true, false, true]);
      assert.equal(r.label, 'Learning curve: epoch 1, train error 33.3%, 1 mistake in all');
      assert.deepEqual(r.data, [[1], [(1 / 3) * 100], [null], [1]]);

      // Back to empty.
      await update(page, 'a', []);
      r = await read(page, 'a');
      assert.equal(r.empty, true);
      assert.deepEqual(r.legend, []);
      assert.equal(r.label, 'Learning curve: no finished epoch yet');
    });
  });

  test('a history copied, changed, cut or replaced is drawn as it is now', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await setUp(page);
      await mount(page, 632, 'a');
      const copy = (h) => h.map((e) => ({ ...e }));
      // A copy grown by one epoch (as from a worker message).
      await update(page, 'a', HAND.slice(0, 3));
      await update(page, 'a', copy(HAND));
      assert.deepEqual((await read(page, 'a')).data[3], [5, 8, 10, 11]);
      // Another run: epoch 2 differs (fresh objects, same length and same last entry).
      const other = copy(HAND);
      other[1] = { ...other[1], mistakes: 4, trainError: 0.375 };
      other[3] = { ...other[3] };
      await update(page, 'a', other);
      let r = await read(page, 'a');
      assert.deepEqual(r.data[1], [50, 37.5, 12.5, 3.125]);
      assert.deepEqual(r.data[3], [5, 9, 11, 12]);
      assert.match(r.label, /, 12 mistakes in all$/);
      // Cut to two epochs, then a longer run without errors.
      await update(page, 'a', other.slice(0, 2));
      assert.deepEqual((await read(page, 'a')).data[0], [1, 2]);
      await update(
        page,
        'a',
        [1, 2, 3, 4, 5].map((epoch) => ({ epoch, steps: 8, mistakes: 6 - epoch })),
      );
      r = await read(page, 'a');
      assert.deepEqual(r.data[3], [5, 9, 12, 14, 15]);
      assert.deepEqual(r.shown, [false, false, true]);

      // Past 4,096 epochs the lines are drawn per bucket; going back under it, or from 100,000
      // to 5,000 epochs, redraws at the new length.
      const lengths = await page.evaluate(() => {
        const { curve } = window.curves.a;
        const make = (n, scale) =>
          Array.from({ length: n }, (_, i) => ({ epoch: i + 1, steps: 4, mistakes: (i * scale) % 3 }));
        const drawnLength = (h) => {
          curve.update(h);
          const data = curve.data;
          const total = h.reduce((t, e) => t + e.mistakes, 0);
          return [data[0].length, data[0].at(-1), data[3].at(-1) === total];
        };
        return [
          drawnLength(make(4096, 1)),
          drawnLength(make(4097, 1)),
          drawnLength(make(100_000, 1)),
          drawnLength(make(5000, 2)),
          drawnLength(make(300, 1)),
        ];
      });
      assert.deepEqual(lengths, [
        [4096, 4096, true], // one point per epoch
        [2050, 4097, true], // 1,025 buckets of 4 epochs (the last has one), 2 points each
        [3126, 100_000, true], // 1,563 buckets of 64
        [2500, 5000, true], // 1,250 buckets of 4
        [300, 300, true],
      ]);
    });
  });

  test("a real fit's report.history with a validation set", async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await setUp(page);
      await mount(page, 632, 'a');
      const result = await page.evaluate(async () => {
        const { default: load } = await import('/pkg/index.js');
        const pw = await load();
        const train = pw.Dataset.generate('gaussians', { rows: 200, seed: 7, noise: 0.7 });
        const valid = pw.Dataset.generate('gaussians', { rows: 100, seed: 8, noise: 0.7 });
        const model = new pw.Perceptron({ maxEpochs: 40, patience: 10 });
        const report = model.fit(train, undefined, { validation: { X: valid } });
        // The kept model's error on the validation set, computed here from its predictions.
        const labels = valid.labels;
        const predicted = model.predict(valid);
        const wrong = predicted.filter((p, i) => p !== labels[i]).length;
        const { curve } = window.curves.a;
        curve.update(report.history);
        return { report, keptError: wrong / labels.length, data: curve.data, label: window.readCurve('a').label };
      });
      const { report, data } = result;
      const h = report.history;
      console.log(
        `fit: ${h.length} epochs, ${report.mistakes} mistakes, best epoch ${report.bestEpoch}, ` +
          `validation error there ${h[report.bestEpoch - 1].validationError}`,
      );
      assert.ok(h.length >= 5, 'several epochs');
      assert.ok(h.every((e) => typeof e.trainError === 'number' && typeof e.validationError === 'number'));
      let total = 0;
      const cumulative = h.map((e) => (total += e.mistakes));
      assert.deepEqual(data, [
        h.map((e) => e.epoch),
        h.map((e) => e.trainError * 100),
        h.map((e) => e.validationError * 100),
        cumulative,
      ]);
      assert.equal(data[3].at(-1), report.mistakes, 'the last cumulative count is the fit’s mistakes');
      assert.ok(
        Math.abs(h[report.bestEpoch - 1].validationError - result.keptError) < 1e-12,
        `the kept epoch’s validation error ${h[report.bestEpoch - 1].validationError} is its model's: ${result.keptError}`,
      );
      const last = h.at(-1);
      assert.equal(
        result.label,
        `Learning curve: epoch ${last.epoch}, train error ${formatPercent(last.trainError)}, ` +
          `validation error ${formatPercent(last.validationError)}, ${report.mistakes} mistakes in all`,
      );
      await page.screenshot({ path: `${shots}/curve-fit.png` });
    });
  });

  test('follows its container from 600 to 300 px wide, and stays at most 600', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await setUp(page);
      await mount(page, 800, 'a'); // 768 px of content: the chart stays at 600
      await update(page, 'a', HAND);
      assert.equal((await read(page, 'a')).width, 600);
      for (const hostWidth of [632, 332, 375, 632]) {
        await page.evaluate((w) => (window.curves.a.host.style.width = `${w}px`), hostWidth);
        const inner = hostWidth - 32;
        await page.waitForFunction((w) => window.curves.a.curve.view.width === w, inner);
        const boxes = await page.evaluate(() => {
          const { container, root } = window.curves.a;
          const rect = (el) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          };
          return {
            container: rect(container),
            parts: ['figure', '.curve-plot', 'canvas', '.curve-legend'].map((s) => rect(root.querySelector(s))),
            legendItems: [...root.querySelectorAll('.curve-legend li')].map(rect),
          };
        });
        for (const part of [...boxes.parts, ...boxes.legendItems]) {
          assert.ok(
            part.left >= boxes.container.left - 0.5 && part.right <= boxes.container.right + 0.5,
            `inside at ${hostWidth}: ${JSON.stringify(part)} in ${JSON.stringify(boxes.container)}`,
          );
        }
        const r = await read(page, 'a');
        assert.equal(r.width, inner);
        assert.deepEqual(r.ticks.x.length > 0 && r.ticks.error.length > 0, true);
      }
    });
  });

  test('two instances update independently, and destroy leaves the other working', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await setUp(page);
      await mount(page, 632, 'a');
      await mount(page, 632, 'b');
      await update(page, 'a', HAND);
      await update(page, 'b', HAND.slice(0, 2));
      const [a, b] = [await read(page, 'a'), await read(page, 'b')];
      assert.deepEqual(a.data[0], [1, 2, 3, 4]);
      assert.deepEqual(b.data, [
        [1, 2],
        [50, 25],
        [75, 50],
        [5, 8],
      ]);
      assert.match(a.label, /epoch 4,/);
      assert.equal(b.label, 'Learning curve: epoch 2, train error 25%, validation error 50%, 8 mistakes in all');
      // Growing b's history (the same objects, a new array) leaves a alone.
      await update(page, 'b', HAND.slice(0, 3));
      assert.deepEqual((await read(page, 'b')).data[3], [5, 8, 10]);
      assert.deepEqual((await read(page, 'a')).data[3], [5, 8, 10, 11]);
      await page.screenshot({ path: `${shots}/curve-two.png`, fullPage: true });
      await page.evaluate(() => window.curves.a.curve.destroy());
      assert.equal(await page.evaluate(() => window.curves.a.root.querySelector('figure')), null);
      await update(page, 'b', HAND);
      assert.deepEqual((await read(page, 'b')).data[3], [5, 8, 10, 11]);
    });
  });

  test('100,000 epochs: a new epoch redraws quickly (timed, printed)', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await setUp(page);
      await mount(page, 632, 'a');
      const timing = await page.evaluate(async () => {
        const { curve } = window.curves.a;
        // A noisy decaying curve: mistakes and errors from a fixed LCG.
        let seed = 12345;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
        const history = [];
        const epoch = (k) => {
          const decay = 1 / Math.sqrt(k);
          return {
            epoch: k,
            steps: 1000,
            mistakes: Math.round(200 * decay * random()),
            trainError: Math.min(1, 0.4 * decay * (0.5 + random())),
            validationError: Math.min(1, 0.05 + 0.4 * decay * (0.5 + random())),
          };
        };
        for (let k = 1; k <= 100_000; k++) history.push(epoch(k));
        window.lastHistory = history;
        // The first draw of all of it (after update, the next frame would draw; view flushes).
        let t0 = performance.now();
        curve.update(history);
        curve.view;
        const first = performance.now() - t0;
        // Then one epoch at a time, as training goes: the same array grown.
        const each = [];
        for (let i = 0; i < 30; i++) {
          history.push(epoch(history.length + 1));
          t0 = performance.now();
          curve.update(history);
          curve.view;
          each.push(performance.now() - t0);
        }
        // A fresh copy of the whole history each time (as from a worker message).
        const copies = [];
        for (let i = 0; i < 5; i++) {
          history.push(epoch(history.length + 1));
          const copy = history.map((e) => ({ ...e }));
          t0 = performance.now();
          curve.update(copy);
          curve.view;
          copies.push(performance.now() - t0);
        }
        // Many updates within one frame draw once, at the frame.
        const drawsBefore = curve.draws;
        for (let i = 0; i < 50; i++) {
          history.push(epoch(history.length + 1));
          curve.update(history);
        }
        await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
        const drawsOnce = curve.draws - drawsBefore;
        // The same history again (as a render that did not end an epoch): no redraw.
        curve.update(history);
        curve.update(history.slice());
        await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
        const draws = [drawsOnce, curve.draws - drawsBefore];
        const median = (xs) => [...xs].sort((p, q) => p - q)[xs.length >> 1];
        // What is drawn against the history, computed here from the history itself.
        const data = curve.data;
        let total = 0;
        const cumulative = history.map((e) => (total += e.mistakes));
        const full = [
          history.map((e) => e.epoch),
          history.map((e) => e.trainError * 100),
          history.map((e) => e.validationError * 100),
          cumulative,
        ];
        const extremes = (xs) => [Math.min(...xs), Math.max(...xs)];
        // Every drawn point is an epoch's value, in the bucket its x says (first..last epoch).
        let outside = 0;
        for (let j = 0; j < data[0].length; j += 2) {
          const [a, b] = [data[0][j] - 1, data[0][j + 1] - 1];
          for (let k = 1; k < 4; k++) {
            const slice = full[k].slice(a, b + 1);
            if (!slice.includes(data[k][j]) || !slice.includes(data[k][j + 1])) outside++;
            const [low, high] = extremes(slice);
            if (Math.min(data[k][j], data[k][j + 1]) !== low || Math.max(data[k][j], data[k][j + 1]) !== high)
              outside++;
          }
        }
        return {
          first,
          each: median(each),
          eachMin: Math.min(...each),
          eachMax: Math.max(...each),
          copies: median(copies),
          copiesMin: Math.min(...copies),
          draws,
          n: full[0].length,
          drawn: data[0].length,
          xs: [data[0][0], data[0].at(-1)],
          outside,
          extremes: [1, 2, 3].map((k) => [extremes(full[k]), extremes(data[k])]),
          ticks: curve.ticks,
          label: window.readCurve('a').label,
          lastEntry: history.at(-1),
          total,
        };
      });
      console.log(
        `100,000 epochs: first draw ${timing.first.toFixed(1)} ms; one more epoch (same array) median ` +
          `${timing.each.toFixed(1)} ms (min ${timing.eachMin.toFixed(1)}, max ${timing.eachMax.toFixed(1)}); ` +
          `a fresh copy each time median ${timing.copies.toFixed(1)} ms (min ${timing.copiesMin.toFixed(1)}); 50 updates in one frame drew ${timing.draws[0]} time(s); ` +
          `${timing.drawn} points drawn per line; x ticks ${timing.ticks.x.join(' ')}`,
      );
      assert.equal(timing.n, 100_085);
      assert.ok(timing.drawn <= 2 * 2048, `${timing.drawn} points drawn`);
      assert.deepEqual(timing.xs, [1, 100_085], 'the drawn x runs from the first epoch to the last');
      assert.equal(timing.outside, 0, 'each drawn pair is its bucket’s lowest and highest value');
      for (const [full, drawn] of timing.extremes) assert.deepEqual(drawn, full);
      assert.equal(timing.extremes[2][1][1], timing.total, 'the cumulative count ends at the total');
      const e = timing.lastEntry;
      assert.equal(
        timing.label,
        `Learning curve: epoch 100,085, train error ${formatPercent(e.trainError)}, validation error ` +
          `${formatPercent(e.validationError)}, ${timing.total.toLocaleString('en-US')} mistakes in all`,
      );
      assert.ok(timing.ticks.x.includes('100K') || timing.ticks.x.some((t) => /K$/.test(t)), `${timing.ticks.x}`);
      assert.deepEqual(timing.draws, [1, 1], 'one draw for 50 updates in a frame, none for the same history');
      // Under the cursor: the legend shows that epoch's own values.
      const hover = await page.evaluate(() => {
        const { plot } = window.curves.a.curve.view;
        const r = window.curves.a.root.querySelector('canvas').getBoundingClientRect();
        return { x: r.left + plot.left + plot.width * 0.37, y: r.top + plot.top + plot.height / 2 };
      });
      await page.mouse.move(hover.x, hover.y);
      await page.waitForFunction(() => window.curves.a.curve.cursor != null);
      const legend = (await read(page, 'a')).legend;
      const epoch = Number(legend[0].replace(/^Epoch /, '').replaceAll(',', ''));
      const entry = await page.evaluate((k) => window.lastHistory[k - 1], epoch);
      assert.ok(epoch > 30_000 && epoch < 45_000, legend[0]);
      assert.deepEqual(legend.slice(1, 3), [
        `Train error ${formatPercent(entry.trainError)}`,
        `Validation error ${formatPercent(entry.validationError)}`,
      ]);
      await page.screenshot({ path: `${shots}/curve-100k.png` });
    });
  });

  // One drawing path, two targets: curveSvg (perceptron-wasm/course, in Node) of the hand-made
  // history, rasterized by Chromium from the page's origin, against the page's canvas.
  for (const [width, viewport, name] of [
    [600, DESKTOP, 'desktop'],
    [343, PHONE_375, 'phone'],
  ]) {
    test(`curveSvg of a history and the page's canvas agree, ${width} px wide`, async () => {
      const { curveSvg } = await import('../../dist/course/index.js');
      const svg = curveSvg({ history: HAND, width, height: 220, legend: false });
      await withFixture({ viewport }, async ({ page }) => {
        await page.route('**/test/curve.svg', (route) =>
          route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg }),
        );
        await setUp(page);
        await mount(page, width + 32, 'a');
        await update(page, 'a', HAND);
        assert.equal((await read(page, 'a')).width, width);
        const result = await page.evaluate(async () => {
          const canvas = window.curves.a.root.querySelector('canvas');
          const { width: w, height: h } = canvas;
          const mine = canvas.getContext('2d').getImageData(0, 0, w, h).data;
          const image = new Image();
          image.src = '/test/curve.svg';
          await image.decode();
          const other = document.createElement('canvas');
          [other.width, other.height] = [w, h];
          const ctx = other.getContext('2d');
          ctx.drawImage(image, 0, 0);
          const theirs = ctx.getImageData(0, 0, w, h).data;
          // Per pixel, the largest difference of a channel; and the pixels of each line's colour.
          let differ = 0;
          let total = 0;
          const inked = [0, 0];
          for (let k = 0; k < mine.length; k += 4) {
            const d = Math.max(...[0, 1, 2].map((i) => Math.abs(mine[k + i] - theirs[k + i])));
            total += d;
            if (d > 64) differ++;
            if (mine[k] < 250 || mine[k + 2] < 250) inked[0]++;
            if (theirs[k] < 250 || theirs[k + 2] < 250) inked[1]++;
          }
          const size = [image.naturalWidth, image.naturalHeight];
          // The SVG under the page's curve, for the screenshot.
          image.alt = 'curveSvg';
          document.getElementById('fixture').append(image);
          return { pixels: w * h, differ, mean: total / (w * h), inked, size, canvas: [w, h] };
        });
        console.log(
          `${name}: canvas ${result.canvas.join('×')}, SVG ${result.size.join('×')}; ` +
            `${result.differ} of ${result.pixels} pixels differ by more than 64 (${((100 * result.differ) / result.pixels).toFixed(2)}%), ` +
            `mean difference ${result.mean.toFixed(2)} / 255; inked pixels ${result.inked.join(' vs ')}`,
        );
        await page.screenshot({ path: `${shots}/curve-svg-${name}.png`, fullPage: true });
        // The page's own export (LearningCurve.toSvg) is that SVG: the same shapes, the same
        // text; only the text's baseline may differ (measured by the page's canvas here, by the
        // documented approximation in Node).
        const fromPage = await page.evaluate(() => window.curves.a.curve.toSvg({ legend: false }));
        const shapes = (text) => text.split('\n').filter((line) => !line.startsWith('<text'));
        const words = (text) => [...text.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
        assert.deepEqual(shapes(fromPage), shapes(svg));
        assert.deepEqual(words(fromPage), words(svg));
        assert.deepEqual(result.size, result.canvas);
        // Tolerance: at most 0.1% of the pixels differ by more than a quarter of the range (the
        // antialiasing of text and of dashed lines, rasterized by two paths), the mean difference
        // under a quarter of a level in 255, and as many inked pixels within 1%.
        assert.ok(result.differ <= 0.001 * result.pixels, `${result.differ} pixels differ`);
        assert.ok(result.mean < 0.25, `mean difference ${result.mean}`);
        assert.ok(Math.abs(result.inked[0] - result.inked[1]) <= 0.01 * result.inked[0], `inked ${result.inked}`);
      });
    });
  }

  test('at 375 px wide (a phone)', async () => {
    await withFixture({ viewport: PHONE_375 }, async ({ page }) => {
      await setUp(page);
      await mount(page, null, 'a');
      await update(page, 'a', HAND);
      const r = await read(page, 'a');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.equal(overflow, 0, 'no horizontal scroll');
      assert.ok(r.width <= 343 && r.width >= 300, `width ${r.width}`);
      assert.deepEqual(r.data[3], [5, 8, 10, 11]);
      await page.screenshot({ path: `${shots}/curve-phone.png` });
    });
  });
});
