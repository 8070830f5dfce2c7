// The data plane's points (web/plane/plot.js, web/plane/canvas.js, web/plane/plane-axes.js) in headless Chromium:
// class colours and shapes read back from the canvas, coincident, misclassified and highlighted
// points, the sample of big data, tick labels that fit and do not overlap, and WCAG AA contrast
// computed here from the colours in use.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { shots, useBrowser, withFixture } from './browser.mjs';
import { CLASS_COLORS, close, contrast, draw, near, over, rgbOf } from './plane-scenes.mjs';

useBrowser();

describe('points and markers', () => {
  test('each class its colour and shape; ±1 data as discs with a white sign', async () => {
    await withFixture({}, async ({ page }) => {
      // On a 520 px canvas (radius 8), each marker centred on a pixel's centre (k + 0.5).
      const data = (k) => (k + 0.5) / 260 - 1;
      const columns = [60, 140, 220, 300, 380, 460];
      const row = 200;
      const spots = columns.map((k) => ({ x: data(k), y: -data(row) }));
      const centre = (k) => [k + 0.5, row + 0.5];
      const [six, signs] = await draw(page, [
        {
          size: 520,
          scene: {
            points: spots.map((p, i) => ({ ...p, label: `c${i}` })),
            classes: ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'],
          },
          // The centre, then probes 6 px down-right, 6 px up-left and 8 px right: inside a
          // square at both corners, a triangle at the lower, an inverted triangle at the upper, a
          // diamond 8 px right; outside a circle or a pentagon at all three.
          at: columns.flatMap((k) => {
            const [x, y] = centre(k);
            return [
              [x, y],
              [x + 6, y + 6],
              [x - 6, y - 6],
              [x + 8, y],
            ];
          }),
        },
        {
          size: 520,
          scene: {
            points: [
              { x: data(140), y: -data(row), label: -1 },
              { x: data(380), y: -data(row), label: 1 },
            ],
            classes: [-1, 1],
          },
          at: [
            centre(140),
            centre(380),
            [centre(140)[0] - 4, centre(140)[1] - 4],
            [centre(380)[0], centre(380)[1] - 3],
          ],
        },
      ]);
      assert.equal(six.shown.radius, 8);
      const white = [255, 255, 255];
      const shapes = ['circle', 'square', 'triangle', 'diamond', 'inverted triangle', 'pentagon'];
      const filled = [
        [false, false, false],
        [true, true, false],
        [true, false, false],
        [false, false, true],
        [false, true, false],
        [false, false, false],
      ];
      for (let i = 0; i < 6; i++) {
        const [middle, ...probes] = six.at.slice(4 * i, 4 * i + 4);
        assert.ok(close(middle, rgbOf(CLASS_COLORS[i]), 3), `class ${i} at its centre: ${middle}`);
        assert.deepEqual(
          probes.map((c) => !close(c, white, 40)),
          filled[i],
          `${shapes[i]}: ${JSON.stringify(probes)}`,
        );
      }
      const [negative, positive, negativeDisc, plusArm] = signs.at;
      // ±1: the centre is the white sign; off it, the class colour; the + has a vertical arm.
      assert.ok(close(negative, white, 10) && close(positive, white, 10), `${negative} ${positive}`);
      assert.ok(close(negativeDisc, rgbOf(CLASS_COLORS[0]), 3), `${negativeDisc}`);
      assert.ok(close(plusArm, white, 10), `the + has its vertical arm: ${plusArm}`);
    });
  });

  test('drawMarker fits a 16 px legend swatch at radius 6, centred, in the class colour', async () => {
    await withFixture({}, async ({ page }) => {
      const swatches = await page.evaluate(async () => {
        const { drawMarker } = await import('/plane/plot.js');
        const classes = ['a', 'b', 'c', 'd', 'e', 'f'];
        const row = document.createElement('p');
        document.getElementById('fixture').append(row);
        return [...classes.keys(), -1].map((i) => {
          // The swatch as the page draws it (16 x 16, radius 6), for the screenshot; and the same
          // marker at the centre of a 32 x 32 canvas, to measure how far it reaches.
          const swatch = document.createElement('canvas');
          swatch.width = 16;
          swatch.height = 16;
          row.append(swatch);
          drawMarker(swatch.getContext('2d'), 8, 8, 6, i, i === -1 ? ['x'] : classes);
          const big = document.createElement('canvas');
          big.width = 32;
          big.height = 32;
          const ctx = big.getContext('2d');
          drawMarker(ctx, 16, 16, 6, i, i === -1 ? ['x'] : classes);
          const data = ctx.getImageData(0, 0, 32, 32).data;
          const reach = [32, 32, -1, -1]; // the painted pixels' columns and rows, min and max
          for (let y = 0; y < 32; y++) {
            for (let x = 0; x < 32; x++) {
              if (data[4 * (32 * y + x) + 3] === 0) continue;
              reach[0] = Math.min(reach[0], x);
              reach[1] = Math.min(reach[1], y);
              reach[2] = Math.max(reach[2], x);
              reach[3] = Math.max(reach[3], y);
            }
          }
          const c = 4 * (32 * 16 + 16);
          return { reach, centre: [data[c], data[c + 1], data[c + 2], data[c + 3]] };
        });
      });
      await page.locator('#fixture p').screenshot({ path: `${shots}/plane-swatches.png` });
      swatches.forEach(({ reach, centre }, i) => {
        // Within the 16 px square around the centre (16, 16): columns and rows 8 .. 23.
        assert.ok(reach[0] >= 8 && reach[1] >= 8 && reach[2] <= 23 && reach[3] <= 23, `swatch ${i} reaches ${reach}`);
        const want = i < 6 ? rgbOf(CLASS_COLORS[i]) : [0x61, 0x61, 0x61];
        assert.ok(close(centre.slice(0, 3), want, 3) && centre[3] === 255, `swatch ${i}: ${centre}`);
      });
    });
  });
});

describe('points: coincident, misclassified, highlighted, many', () => {
  test('coincident points both show, with their count; misclassified and highlighted points are ringed', async () => {
    await withFixture({}, async ({ page }) => {
      const [stacked, marked] = await draw(page, [
        {
          scene: {
            points: [
              { x: 0.5, y: 0.5, label: 1 },
              { x: 0.5, y: 0.5, label: -1 },
            ],
          },
          box: [[225, 75, 14]],
        },
        {
          scene: {
            points: [
              { x: -0.5, y: 0.5, label: 'a' },
              { x: 0.5, y: -0.5, label: 'b' },
              { x: -0.5, y: -0.5, label: 'c' },
              { x: 0.5, y: 0.5, label: 'a' },
            ],
            classes: ['a', 'b', 'c'],
            misclassified: [true, false, true, false],
            highlight: [2, 3],
          },
          box: [
            [75, 75, 12],
            [225, 225, 12],
            [75, 225, 16],
            [225, 75, 12],
          ],
        },
      ]);
      assert.ok(near(stacked.colours[0], CLASS_COLORS[1], 10), 'the class +1 point shows');
      assert.ok(near(stacked.colours[0], CLASS_COLORS[0], 10), 'the class -1 point at the same spot shows too');
      const [wrong, right, both, support] = marked.colours;
      assert.ok(near(wrong, '#d62728', 20), 'a misclassified point has a red ring');
      assert.ok(!near(right, '#d62728', 40) && !near(right, '#ffb000', 30), 'a correct point has none');
      assert.ok(near(support, '#ffb000', 12) && !near(support, '#d62728', 40), 'a highlighted point: an amber ring');
      assert.ok(near(both, '#ffb000', 12) && near(both, '#d62728', 20), 'highlighted and misclassified: both rings');
    });
  });

  test('more than 5,000 points: a fixed sample keeps the example just processed and the highlighted ones', async () => {
    await withFixture({}, async ({ page }) => {
      const results = await page.evaluate(async () => {
        const { drawPlane } = await import('/plane/plot.js');
        const points = Array.from({ length: 20_000 }, (_, i) => ({
          x: 3 + Math.sin(i) * 2,
          y: Math.cos(i * 1.3) * 2,
          label: i % 3,
        }));
        const canvas = document.createElement('canvas');
        canvas.style.width = '300px';
        canvas.style.height = '300px';
        document.getElementById('fixture').append(canvas);
        const scene = { points, classes: [0, 1, 2], last: { index: 12_345, mistake: true }, highlight: [17, 19_999] };
        const a = drawPlane(canvas, scene);
        const first = canvas.toDataURL();
        const b = drawPlane(canvas, scene);
        // The same points, 500 of them: all drawn, full-size markers with outlines.
        const few = drawPlane(document.createElement('canvas'), { points: points.slice(0, 500), classes: [0, 1, 2] });
        return { a, same: first === canvas.toDataURL(), b, few };
      });
      assert.equal(results.a.drawn, 5000);
      assert.equal(results.a.total, 20_000);
      assert.ok(results.same, 'the same sample on every frame');
      assert.deepEqual(results.a.view, { x0: 0, x1: 6, y0: -3, y1: 3 });
      assert.equal(results.a.radius, 2.5);
      assert.equal(results.few.drawn, 500);
      await page
        .locator('canvas')
        .first()
        .screenshot({ path: `${shots}/plane-sample.png` });
    });
  });
});

describe('tick labels and colours', () => {
  test('tick labels on nice steps, inside the canvas, none overlapping, at 300 px', async () => {
    await withFixture({}, async ({ page }) => {
      const views = [
        { x0: -1, x1: 1, y0: -1, y1: 1 },
        { x0: 4, x1: 9, y0: 1, y1: 6 },
        { x0: 0, x1: 8, y0: -3, y1: 5 },
        { x0: 700000, x1: 1300000, y0: 700000, y1: 1300000 },
        { x0: 0, x1: 0.001, y0: -0.0005, y1: 0.0005 },
        { x0: -1234.5, x1: 1234.5, y0: -1234.5, y1: 1234.5 },
      ];
      const results = await draw(
        page,
        views.map((view) => ({
          scene: { points: [], view, axes: { x: 'a rather long feature name', y: 'petal_width_cm' } },
        })),
      );
      const texts = results.map((r) => [r.shown.ticks.x.map((t) => t.text), r.shown.ticks.y.map((t) => t.text)]);
      assert.deepEqual(texts[0], [
        ['−0.5', '0', '0.5'],
        ['−0.5', '0', '0.5'],
      ]);
      assert.deepEqual(texts[1], [
        ['5', '6', '7', '8'],
        ['2', '3', '4', '5'],
      ]);
      // Petal's 8 cm at 300 px: at most 5 intervals, so a 2 cm step.
      assert.deepEqual(texts[2], [
        ['2', '4', '6'],
        ['−2', '0', '2', '4'],
      ]);
      for (const [i, { shown }] of results.entries()) {
        const boxes = [...shown.ticks.titles, ...shown.ticks.x, ...shown.ticks.y].map((t) => t.box);
        for (const [k, box] of boxes.entries()) {
          assert.ok(
            box[0] >= 0 && box[1] >= 0 && box[0] + box[2] <= 300 && box[1] + box[3] <= 300,
            `view ${i}: ${box} inside`,
          );
          for (const other of boxes.slice(k + 1)) {
            const apart =
              box[0] + box[2] <= other[0] ||
              other[0] + other[2] <= box[0] ||
              box[1] + box[3] <= other[1] ||
              other[1] + other[3] <= box[1];
            assert.ok(apart, `view ${i}: ${box} and ${other} overlap`);
          }
        }
        assert.ok(shown.ticks.x.length >= 3 && shown.ticks.y.length >= 3, `view ${i}: ${texts[i]}`);
        // The values are on one step, and each label reads its value.
        const values = shown.ticks.x.map((t) => t.value);
        const step = values[1] - values[0];
        values.forEach((v, k) => assert.ok(Math.abs(v - values[0] - k * step) < 1e-9 * Math.abs(step) * 1e3 || k > 0));
        for (const t of [...shown.ticks.x, ...shown.ticks.y]) {
          assert.ok(
            Math.abs(Number(t.text.replace('−', '-')) - t.value) <= Math.abs(t.value) * 1e-3 + 1e-12,
            `${t.text} for ${t.value}`,
          );
        }
      }
      assert.match(results[0].shown.ticks.titles[0].text, /^a rather long .*…$/);
      assert.equal(results[0].shown.ticks.titles[1].text, 'petal_width_cm');
      assert.ok(results[0].shown.ticks.titles[0].box[2] <= 0.45 * 300 + 4, 'a long title is shortened');
    });
  });

  test('contrast (WCAG AA): markers and lines at least 3:1, labels at least 4.5:1, on white and on every tint', async () => {
    await withFixture({}, async ({ page }) => {
      const c = await page.evaluate(async () => {
        const m = await import('/plane/canvas.js');
        const plot = await import('/plane/plot.js');
        return {
          COLORS: { ...m.COLORS },
          CLASS_COLORS: [...m.CLASS_COLORS],
          frozen: Object.isFrozen(m.CLASS_COLORS),
          HEAT_ALPHA: m.HEAT_ALPHA,
          FLAT_ALPHA: m.FLAT_ALPHA,
          same: plot.COLORS === m.COLORS && plot.CLASS_COLORS === m.CLASS_COLORS,
        };
      });
      assert.deepEqual(c.CLASS_COLORS, CLASS_COLORS);
      assert.ok(c.frozen && c.same);
      assert.equal(c.COLORS.negative, CLASS_COLORS[0]);
      assert.equal(c.COLORS.positive, CLASS_COLORS[1]);
      // Every background a marker or a line can be on: white, and each class's tint at the
      // heatmap's strongest and at the flat alpha.
      const backgrounds = [[255, 255, 255]];
      for (const hex of CLASS_COLORS)
        for (const a of [c.HEAT_ALPHA, c.FLAT_ALPHA]) backgrounds.push(over(rgbOf(hex), a));
      for (const bg of backgrounds) {
        for (const hex of CLASS_COLORS)
          assert.ok(contrast(rgbOf(hex), bg) >= 3, `class ${hex} on ${bg.map(Math.round)}`);
        for (const name of ['line', 'arrow', 'mistake', 'maxMargin', 'band', 'highlightEdge', 'old', 'ring']) {
          assert.ok(contrast(rgbOf(c.COLORS[name]), bg) >= 3, `${name} on ${bg.map(Math.round)}`);
        }
        // Labels sit on a white backing (COLORS.backing) over the background.
        const [r, g, b, a] = c.COLORS.backing.match(/[\d.]+/g).map(Number);
        const backing = over([r, g, b], a, bg);
        const label = c.COLORS.label.match(/[\d.]+/g).map(Number);
        assert.ok(
          contrast(over(label.slice(0, 3), label[3], backing), backing) >= 4.5,
          `labels on ${bg.map(Math.round)}`,
        );
        for (const hex of [
          c.COLORS.tick,
          c.COLORS.band,
          c.COLORS.maxMargin,
          c.COLORS.old,
          c.COLORS.mistake,
          c.COLORS.arrow,
          '#b71c1c',
        ]) {
          assert.ok(contrast(rgbOf(hex), backing) >= 4.5, `label ${hex} on ${backing.map(Math.round)}`);
        }
      }
    });
  });
});
