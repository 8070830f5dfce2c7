// The data plane's geometry and heatmap (web/plane/geometry.js, web/plane/heatmap.js through web/plane/plot.js)
// in headless Chromium: views for any data, the client <-> data mapping, the heatmap grid,
// heatmapFromScores by hand and on each model kind's decisionFunction, cells' colours read back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useBrowser, withFixture } from './browser.mjs';
import { CLASS_COLORS, close, draw, over, px, rgbOf } from './plane-scenes.mjs';

useBrowser();

describe('views and coordinates', () => {
  test('viewFor: [-1, 1]^2 for data inside it, a padded nice square around other data', async () => {
    await withFixture({}, async ({ page }) => {
      const views = await page.evaluate(async () => {
        const { viewFor } = await import('/plane/plot.js');
        return {
          unit: viewFor([
            { x: -1, y: 1 },
            { x: 0.3, y: -0.99 },
          ]),
          none: viewFor([]),
          // Iris: sepal length 4.3 .. 7.9 cm, sepal width 2.0 .. 4.4 cm.
          sepal: viewFor([
            { x: 4.3, y: 2.0 },
            { x: 7.9, y: 4.4 },
            { x: 5.8, y: 3.0 },
          ]),
          // Iris: petal length 1 .. 6.9 cm, petal width 0.1 .. 2.5 cm.
          petal: viewFor([
            { x: 1, y: 0.1 },
            { x: 6.9, y: 2.5 },
          ]),
          one: viewFor([{ x: 5, y: 3 }]),
          constant: viewFor([
            { x: 2, y: 0 },
            { x: 2, y: 0.5 },
          ]),
          same: viewFor([
            { x: -40, y: -40 },
            { x: -40, y: -40 },
          ]),
        };
      });
      const unit = { x0: -1, x1: 1, y0: -1, y1: 1 };
      assert.deepEqual(views.unit, unit);
      assert.deepEqual(views.none, unit);
      // Sepal: span max(3.6, 2.4) = 3.6, half-width 0.58 * 3.6 = 2.088 around (6.1, 3.2), step
      // the nice value above 4.176 / 8 = 0.522, i.e. 1: x [4.012, 8.188] -> [4, 9], y
      // [1.112, 5.288] -> [1, 6]: both 5 wide already.
      assert.deepEqual(views.sepal, { x0: 4, x1: 9, y0: 1, y1: 6 });
      // Petal: span 5.9, half 3.422 around (3.95, 1.3), step above 0.8555: 1; x [0.528, 7.372]
      // -> [0, 8]; y [-2.122, 4.722] -> [-3, 5]: 8 wide each.
      assert.deepEqual(views.petal, { x0: 0, x1: 8, y0: -3, y1: 5 });
      // One point (5, 3): span max(1, 0.5 * 5) = 2.5, half 1.45, step above 0.3625: 0.5;
      // x [3.55, 6.45] -> [3.5, 6.5], y [1.55, 4.45] -> [1.5, 4.5].
      assert.deepEqual(views.one, { x0: 3.5, x1: 6.5, y0: 1.5, y1: 4.5 });
      for (const [name, view, points] of [
        [
          'sepal',
          views.sepal,
          [
            [4.3, 2],
            [7.9, 4.4],
          ],
        ],
        [
          'petal',
          views.petal,
          [
            [1, 0.1],
            [6.9, 2.5],
          ],
        ],
        [
          'constant',
          views.constant,
          [
            [2, 0],
            [2, 0.5],
          ],
        ],
        ['same', views.same, [[-40, -40]]],
      ]) {
        const w = view.x1 - view.x0;
        assert.ok(
          w > 0 && Math.abs(w - (view.y1 - view.y0)) < 1e-9 * w,
          `${name} is a square: ${JSON.stringify(view)}`,
        );
        const xs = points.map((p) => p[0]);
        const ys = points.map((p) => p[1]);
        const pad = 0.08 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
        assert.ok(view.x0 <= Math.min(...xs) - pad && view.x1 >= Math.max(...xs) + pad, `${name}: x padded`);
        assert.ok(view.y0 <= Math.min(...ys) - pad && view.y1 >= Math.max(...ys) + pad, `${name}: y padded`);
        assert.ok(view.x0 < Math.min(...xs) && view.y0 < Math.min(...ys), `${name}: not degenerate`);
      }
      // The constant column x = 2 (y 0 .. 0.5): span 0.5, step 0.1; x [1.71, 2.29] -> [1.7, 2.3],
      // y [-0.04, 0.54] -> [-0.1, 0.6]: x grows by the one step it lacks, on the right.
      assert.deepEqual(views.constant, { x0: 1.7, x1: 2.4, y0: -0.1, y1: 0.6 });
    });
  });

  test('dataToClient and clientToData: the view on the canvas, equal units, each the inverse of the other', async () => {
    await withFixture({}, async ({ page }) => {
      const r = await page.evaluate(async () => {
        const { clientToData, dataToClient } = await import('/plane/plot.js');
        const make = (w, h) => {
          const canvas = document.createElement('canvas');
          canvas.style.position = 'absolute';
          canvas.style.left = '37px';
          canvas.style.top = '53px';
          canvas.style.width = `${w}px`;
          canvas.style.height = `${h}px`;
          document.getElementById('fixture').append(canvas);
          return canvas;
        };
        const square = make(300, 300);
        const view = { x0: 4, x1: 9, y0: 1, y1: 6 };
        const trips = [];
        for (const [x, y] of [
          [4.3, 2],
          [7.9, 4.4],
          [6.5, 3.5],
          [-3.25, 100],
        ]) {
          const c = dataToClient(square, view, x, y);
          const d = clientToData(square, view, c.x, c.y);
          trips.push([x, y, d.x, d.y]);
        }
        square.remove();
        const wide = make(400, 200);
        return {
          trips,
          corner: dataToClient(make(300, 300), view, 4, 6),
          centre: dataToClient(make(300, 300), view, 6.5, 3.5),
          click: clientToData(make(300, 300), view, 37 + 60, 53 + 240),
          // A 400 x 200 canvas shows [-1, 1]^2 widened to [-2, 2] x [-1, 1] (equal units).
          wide: [
            dataToClient(wide, { x0: -1, x1: 1, y0: -1, y1: 1 }, 1, 1),
            dataToClient(wide, { x0: -1, x1: 1, y0: -1, y1: 1 }, 0, 0),
          ],
        };
      });
      for (const [x, y, dx, dy] of r.trips) {
        assert.ok(Math.abs(dx - x) < 1e-9 && Math.abs(dy - y) < 1e-9, `(${x}, ${y}) came back as (${dx}, ${dy})`);
      }
      assert.deepEqual(r.corner, { x: 37, y: 53 });
      assert.deepEqual(r.centre, { x: 37 + 150, y: 53 + 150 });
      // 60 px right of the left edge is 60 / 300 * 5 = 1 cm: x = 5; 240 px down is 4 cm: y = 2.
      assert.ok(Math.abs(r.click.x - 5) < 1e-12 && Math.abs(r.click.y - 2) < 1e-12, JSON.stringify(r.click));
      assert.deepEqual(r.wide, [
        { x: 37 + 300, y: 53 },
        { x: 37 + 200, y: 53 + 100 },
      ]);
    });
  });

  test('gridPoints: cell centres row by row from the top, left to right', async () => {
    await withFixture({}, async ({ page }) => {
      const grid = await page.evaluate(async () => {
        const { gridPoints } = await import('/plane/plot.js');
        const g = gridPoints({ x0: 0, x1: 4, y0: 0, y1: 2 }, 4, 2);
        return { data: Array.from(g.data), rows: g.rows, cols: g.cols, type: g.data.constructor.name };
      });
      assert.equal(grid.type, 'Float64Array');
      assert.equal(grid.rows, 8);
      assert.equal(grid.cols, 2);
      // Cells 1 x 1: the top row's centres at y = 1.5, the bottom row's at 0.5.
      assert.deepEqual(grid.data, [0.5, 1.5, 1.5, 1.5, 2.5, 1.5, 3.5, 1.5, 0.5, 0.5, 1.5, 0.5, 2.5, 0.5, 3.5, 0.5]);
    });
  });
});

describe('the heatmap', () => {
  test('heatmapFromScores: sign or argmax, and strength, by hand', async () => {
    await withFixture({}, async ({ page }) => {
      const r = await page.evaluate(async () => {
        const { heatmapFromScores } = await import('/plane/plot.js');
        const plain = (h) => ({ classIndex: Array.from(h.classIndex), strength: Array.from(h.strength) });
        const three = [
          [1, 2, 3],
          [5, 1, 1],
          [2, 2, 0],
          [0, 0, 0],
        ];
        let error = null;
        try {
          heatmapFromScores(new Float64Array(5), { rows: 4, classes: [0, 1] });
        } catch (e) {
          error = `${e.name}: ${e.message}`;
        }
        return {
          binary: plain(heatmapFromScores(new Float64Array([2, -1, 0, -4]), { rows: 4, classes: [-1, 1] })),
          nested: plain(heatmapFromScores(three, { rows: 4, classes: ['a', 'b', 'c'] })),
          flat: plain(heatmapFromScores(new Float64Array(three.flat()), { rows: 4, classes: [0, 1, 2] })),
          // The classes' count does as well as the classes.
          count: plain(heatmapFromScores(new Float64Array(three.flat()), { rows: 4, classes: 3 })),
          zero: plain(heatmapFromScores([0, 0], { rows: 2, classes: [0, 1] })),
          error,
        };
      });
      // Binary: the sign (0 counts as classes[1]); |score| / max |score| = / 4.
      assert.deepEqual(r.binary, { classIndex: [1, 0, 1, 0], strength: [0.5, 0.25, 0, 1] });
      // Three classes: argmax (ties to the lowest index); top-two gaps 1, 4, 0, 0 over 4.
      assert.deepEqual(r.nested, { classIndex: [2, 0, 0, 0], strength: [0.25, 1, 0, 0] });
      assert.deepEqual(r.flat, r.nested);
      assert.deepEqual(r.count, r.nested);
      assert.deepEqual(r.zero, { classIndex: [1, 1], strength: [0, 0] });
      assert.match(r.error, /RangeError: .*4 scores .* or 8 .*received 5/);
    });
  });

  test("the package's models: each kind's decisionFunction gives the classes predict gives", async () => {
    await withFixture({}, async ({ page }) => {
      const r = await page.evaluate(async () => {
        const { heatmapFromScores, gridPoints, viewFor } = await import('/plane/plot.js');
        const { default: load } = await import('/pkg/index.js');
        const pw = await load();
        const blobs = pw.Dataset.generate('blobs', { rows: 90, seed: 3 });
        const xor = pw.Dataset.generate('xor', { rows: 80, seed: 1 });
        const pointsOf = (d) => {
          const { data } = d.toArray();
          return Array.from({ length: d.rows }, (_, i) => ({ x: data[2 * i], y: data[2 * i + 1] }));
        };
        const agree = (model, data) => {
          const grid = gridPoints(viewFor(pointsOf(data)), 20, 20);
          model.fit(data);
          const scores = model.decisionFunction(grid);
          const h = heatmapFromScores(scores, { rows: grid.rows, classes: model.classes });
          const predicted = model.predict(grid);
          const wrong = predicted.filter((label, i) => model.classes[h.classIndex[i]] !== label).length;
          const shape = Array.isArray(scores) ? `rows of ${scores[0].length}` : scores.constructor.name;
          model.dispose();
          return { wrong, shape, max: Math.max(...h.strength), classes: new Set(h.classIndex).size };
        };
        const out = {
          multiclass: agree(new pw.MulticlassPerceptron({ maxEpochs: 20 }), blobs),
          ovo: agree(new pw.MulticlassPerceptron({ maxEpochs: 20, strategy: 'ovo' }), blobs),
          pa3: agree(new pw.PassiveAggressive({ maxEpochs: 20 }), blobs),
          kernel: agree(new pw.KernelPerceptron({ kernel: 'rbf', gamma: 2, maxEpochs: 20 }), xor),
          perceptron: agree(new pw.Perceptron({ maxEpochs: 20 }), xor),
        };
        blobs.dispose();
        xor.dispose();
        return out;
      });
      for (const [name, { wrong, max }] of Object.entries(r)) {
        assert.equal(wrong, 0, `${name}: heatmap classes = predict`);
        assert.equal(max, 1, `${name}: the most confident cell has strength 1`);
      }
      assert.equal(r.multiclass.shape, 'rows of 3');
      assert.equal(r.ovo.shape, 'rows of 3');
      assert.equal(r.pa3.shape, 'rows of 3');
      assert.equal(r.kernel.shape, 'Float64Array');
      assert.equal(r.perceptron.shape, 'Float64Array');
      assert.equal(r.multiclass.classes, 3);
      assert.equal(r.kernel.classes, 2);
    });
  });

  test('cells drawn in their class colour: flat when discretized, alpha 0.2·sqrt(strength) when smooth', async () => {
    await withFixture({}, async ({ page }) => {
      // 2 x 2 cells over [-1, 1]^2: top-left class 0, top-right 1, bottom-left 2, bottom-right 3.
      const heat = (discretize, strength) => ({ nx: 2, ny: 2, classIndex: [0, 1, 2, 3], strength, discretize });
      const probes = [px(-0.6, 0.6), px(0.6, 0.6), px(-0.6, -0.6), px(0.6, -0.65)];
      const [flat, smooth] = await draw(page, [
        { scene: { points: [], classes: [0, 1, 2, 3], heatmap: heat(true, [1, 0.5, 0.25, 0]) }, at: probes },
        // A smooth 10 x 10 heatmap all of class 2 at strength 0.25: alpha 0.2 * 0.5 = 0.1.
        {
          scene: {
            points: [],
            classes: [0, 1, 2],
            heatmap: {
              nx: 10,
              ny: 10,
              classIndex: Array(100).fill(2),
              strength: Array(100).fill(0.25),
              discretize: false,
            },
          },
          at: [px(-0.6, 0.6), px(0.3, -0.3)],
        },
      ]);
      const alphaOf = (a) => Math.round(a * 255) / 255; // the image stores alpha in 8 bits
      flat.at.forEach((c, i) => {
        const want = over(rgbOf(CLASS_COLORS[i]), alphaOf(0.13));
        assert.ok(close(c, want, 2), `discretized cell ${i}: ${c} vs ${want.map(Math.round)}`);
      });
      for (const c of smooth.at) {
        const want = over(rgbOf(CLASS_COLORS[2]), alphaOf(0.1));
        assert.ok(close(c, want, 2), `smooth cell: ${c} vs ${want.map(Math.round)}`);
      }
    });
  });
});
