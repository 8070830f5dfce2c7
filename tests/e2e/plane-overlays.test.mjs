// The data plane's overlays (web/plane/plane-overlays.js through web/plane/plot.js) in headless Chromium:
// the line and w stay visible, the margin band where γ puts it, the max-margin line, Step's
// update arrow, all read back from the canvas; and screenshots of the main scenes
// (test-output/e2e/plane-*.png).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { shots, useBrowser, withFixture } from './browser.mjs';
import { close, draw, inside, near, px } from './plane-scenes.mjs';

useBrowser();

describe('the separator and its overlays', () => {
  test('the line and w stay visible wherever the line falls', async () => {
    await withFixture({}, async ({ page }) => {
      const points = [
        { x: 0.2, y: 0.3, label: 1 },
        { x: -0.5, y: -0.4, label: -1 },
      ];
      const iris = [
        { x: 4.3, y: 2, label: 'setosa' },
        { x: 7.9, y: 4.4, label: 'versicolor' },
      ];
      const results = await draw(page, [
        // w = (0.504, 0.496), b = 1 touches only the corner (-1, -1).
        { scene: { points, linear: { weights: [0.504, 0.496], bias: 1 } } },
        // Far outside the square.
        { scene: { points, linear: { weights: [0, 1], bias: 5 } } },
        // Crossing near a corner, its closest point to the origin outside the square.
        { scene: { points, linear: { weights: [1, 1], bias: -1.8 } } },
        { scene: { points, linear: { weights: [1, -0.5], bias: 0.1 } } },
        // Iris's view [4, 9] x [1, 6]: the line x = 8.5 near the right edge, w pointing out.
        { scene: { points: iris, linear: { weights: [1, 0], bias: -8.5 } } },
        // ... and a line far away.
        { scene: { points: iris, linear: { weights: [1, 0], bias: 20 } } },
        { scene: { points, linear: { weights: [0, 0], bias: 0 } } },
      ]);
      assert.deepEqual(
        results.map((r) => r.shown.line),
        ['out of view', 'out of view', 'visible', 'visible', 'visible', 'out of view', 'none'],
      );
      for (const { shown } of results.slice(0, 6)) {
        assert.ok(inside(shown.w.from) && inside(shown.w.to) && inside(shown.w.label), JSON.stringify(shown.w));
        assert.ok(Math.hypot(shown.w.to[0] - shown.w.from[0], shown.w.to[1] - shown.w.from[1]) > 40);
      }
      // w = (0, 1) points up: the arrow's tip is above its start.
      assert.ok(results[1].shown.w.to[1] < results[1].shown.w.from[1]);
      // x = 8.5 on [4, 9]: 270 px; w = (1, 0) drawn backwards to end on the line.
      assert.ok(Math.abs(results[4].shown.w.to[0] - 270) < 1e-9, JSON.stringify(results[4].shown.w));
      assert.deepEqual(results[4].shown.view, { x0: 4, x1: 9, y0: 1, y1: 6 });
      assert.equal(results[6].shown.w, null);
    });
  });

  test('the "w" label keeps off the points', async () => {
    await withFixture({}, async ({ page }) => {
      // Points crowd where the label would go by default (just beyond the tip along w).
      const points = [];
      for (let k = 0; k < 6; k++) points.push({ x: 0.35 + 0.03 * k, y: 0.35 + 0.03 * k, label: 1 });
      const [{ shown }] = await draw(page, [
        { scene: { points, classes: [-1, 1], linear: { weights: [1, 1], bias: 0 } } },
      ]);
      const clearance = Math.min(
        ...points.map((p) => Math.hypot(px(p.x, p.y)[0] - shown.w.label[0], px(p.x, p.y)[1] - shown.w.label[1])),
      );
      assert.ok(clearance > shown.radius + 4, `the label is ${clearance.toFixed(1)} px from a point`);
    });
  });

  test('the margin band: lines w.x + b = ±γ||w|| where γ puts them, shaded between; none when γ <= 0', async () => {
    await withFixture({}, async ({ page }) => {
      // On [1, 3]^2 (no axes in view): w = (2, 0), b = -4.2, the line x = 2.1. Margins
      // y (w.x + b) / ||w||: (2.5, 2) of class 1: (5 - 4.2) / 2 = 0.4; (2.7, 1.8): 0.6; (1.5, 2.1)
      // of class -1: 0.6; (1.4, 2.3): 0.7. γ = 0.4: the band lines 2x - 4.2 = ±0.8, x = 2.5 and
      // x = 1.7, at (x - 1) / 2 * 300 = 225 px and 105 px; the line at 165 px.
      const points = [
        { x: 2.5, y: 2, label: 1 },
        { x: 2.7, y: 1.8, label: 1 },
        { x: 1.5, y: 2.1, label: -1 },
        { x: 1.4, y: 2.3, label: -1 },
      ];
      const view = { x0: 1, x1: 3, y0: 1, y1: 3 };
      const linear = { weights: [2, 0], bias: -4.2 };
      const [band, wrong] = await draw(page, [
        // The rows 235..245 (y about 1.4) hold no point and no label.
        {
          scene: { points, classes: [-1, 1], view, linear, band: true },
          rows: [235, 245],
          at: [
            [190, 240],
            [260, 240],
            [60, 240],
            [125, 240],
          ],
        },
        {
          scene: { points, classes: [-1, 1], view, linear: { weights: [1, 0], bias: -2.55 }, band: true },
          rows: [235, 245],
        },
      ]);
      assert.ok(Math.abs(band.shown.band.gamma - 0.4) < 1e-12, `γ = ${band.shown.band.gamma}`);
      // The +γ line first (classes[1]'s side), then the −γ line.
      const [plus, minus] = band.shown.band.lines;
      assert.ok(
        plus.every(([x]) => Math.abs(x - 225) < 1e-9) && minus.every(([x]) => Math.abs(x - 105) < 1e-9),
        JSON.stringify(band.shown.band.lines),
      );
      // Along the normal (a row of pixels): dark columns only at the band lines (105, 225) and
      // the separator (165); the grid lines and tints are far lighter.
      const dark = band.darkest.flatMap((v, i) => (v < 170 ? [i] : []));
      const runs = [];
      for (const i of dark)
        (runs.length && i - runs.at(-1).at(-1) <= 1 ? runs.at(-1) : runs[runs.push([]) - 1]).push(i);
      const middles = runs.map((r) => (r[0] + r.at(-1) + 1) / 2);
      assert.deepEqual(middles, [105, 165, 225], `dark columns ${JSON.stringify(runs)}`);
      // Shaded between the lines: darker than the same tint outside the band.
      const [inBand, outside, negOut, negIn] = band.at;
      assert.ok(
        inBand.every((v, i) => v < outside[i] - 5),
        `band ${inBand} vs ${outside}`,
      );
      assert.ok(
        negIn.every((v, i) => v < negOut[i] - 5),
        `band ${negIn} vs ${negOut}`,
      );
      // x = 2.55 misclassifies (2.5, 2): γ < 0, no band; only the line (232.5 px) is dark.
      assert.ok(wrong.shown.band.gamma < 0 && wrong.shown.band.lines === null);
      const wrongDark = wrong.darkest.flatMap((v, i) => (v < 170 ? [i] : []));
      assert.ok(
        wrongDark.every((i) => Math.abs(i + 0.5 - 232.5) <= 2),
        JSON.stringify(wrongDark),
      );
    });
  });

  test('the maximum-margin line: dashed, through the pixels its equation gives', async () => {
    await withFixture({}, async ({ page }) => {
      // x + y = 0.5 passes through (0.25, 0.25) -> (187.5, 112.5) and (0.75, -0.25) -> (262.5, 187.5).
      const along = [];
      for (let t = 0.1; t <= 0.9; t += 0.01) along.push(px(0.25 + t * 0.5, 0.25 - t * 0.5));
      // 6 px off it, along the normal (1, 1)/sqrt 2 in data: (+4.24, -4.24) px.
      const off = along.map(([x, y]) => [x + 4.24, y - 4.24]);
      const [{ shown, at }] = await draw(page, [
        {
          scene: { points: [], classes: [-1, 1], maxMargin: { weights: [1, 1], bias: -0.5 } },
          at: [...along, ...off],
        },
      ]);
      const ends = shown.maxMargin;
      // The line's ends on the view's border: (1, -0.5) -> (300, 225) and (-0.5, 1) -> (75, 0).
      const sorted = [...ends].sort((a, b) => a[0] - b[0]);
      assert.ok(close(sorted[0], [75, 0], 1e-9) && close(sorted[1], [300, 225], 1e-9), JSON.stringify(ends));
      const onLine = at.slice(0, along.length).filter((c) => Math.max(...c) < 90).length;
      const offLine = at.slice(along.length).filter((c) => Math.max(...c) < 90).length;
      // Dashes 9 on, 6 off: about 60% of the samples along the line are dark; none 6 px off it
      // (where the axes are a lighter grey).
      assert.ok(onLine > 0.4 * along.length && onLine < 0.85 * along.length, `${onLine} of ${along.length} dark`);
      assert.equal(offLine, 0);
    });
  });

  test("Step's update: old w dashed grey, new w solid, the change η·y·x in red from tip to tip", async () => {
    await withFixture({}, async ({ page }) => {
      // From (0, 0), one scale s = 0.3 * 2 / max(|from|, |to|) = 0.6 / 0.5 = 1.2 (|to| = 0.5).
      const from = [0.3, -0.1];
      const to = [0.3, 0.4];
      const s = 0.6 / Math.hypot(...to);
      const oldTip = px(s * from[0], s * from[1]);
      const newTip = px(s * to[0], s * to[1]);
      const mid = (a, b, t = 0.5) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      const [{ shown, colours }] = await draw(page, [
        {
          scene: {
            points: [{ x: 0, y: 0.5, label: 1 }],
            classes: [-1, 1],
            linear: { weights: to, bias: 0 },
            update: { from, to },
            last: { index: 0, mistake: true, score: -0.05 },
          },
          box: [
            [...mid(oldTip, newTip), 1.5],
            [...mid([150, 150], newTip, 0.4), 1.5],
            [...mid([150, 150], oldTip, 0.3), 3],
          ],
        },
      ]);
      assert.ok(close(shown.update.origin, [150, 150], 1e-9), JSON.stringify(shown.update));
      assert.ok(
        close(shown.update.from, oldTip, 1e-9) && close(shown.update.to, newTip, 1e-9),
        JSON.stringify(shown.update),
      );
      assert.ok(near(colours[0], '#d62728', 25), `the change arrow is red: ${colours[0]}`);
      assert.ok(near(colours[1], '#222222', 25), `the new w is dark: ${colours[1]}`);
      assert.ok(near(colours[2], '#6b6b6b', 25), `the old w is grey: ${colours[2]}`);
      // The new w replaces the usual w arrow; the score label sits beside the ring.
      assert.deepEqual(shown.w.to, shown.update.to);
      assert.equal(shown.score.text, 'score −0.05');
      assert.ok(inside([shown.score.box[0], shown.score.box[1]]));
    });
  });
});

describe('screenshots', () => {
  test('heatmaps, Iris with axes, band and max margin, a Step update (test-output/e2e/plane-*.png)', async () => {
    await withFixture({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
      // Scenes from the package: a multi-class perceptron on three blobs (its heatmap smooth and
      // discretized), Iris's sepal features, the maximum-margin separator of separable data.
      const scenes = await page.evaluate(async () => {
        const { heatmapFromScores, gridPoints, viewFor } = await import('/plane/plot.js');
        const { default: load } = await import('/pkg/index.js');
        const pw = await load();
        const pointsOf = (d, cols = [0, 1]) => {
          const { data, cols: n } = d.toArray();
          const labels = d.labels;
          return Array.from({ length: d.rows }, (_, i) => ({
            x: data[n * i + cols[0]],
            y: data[n * i + cols[1]],
            label: labels[i],
          }));
        };
        const blobs = pw.Dataset.generate('blobs', { rows: 120, seed: 4 });
        const points = pointsOf(blobs);
        const view = viewFor(points);
        const model = new pw.MulticlassPerceptron({ maxEpochs: 30 });
        model.fit(blobs);
        const grid = gridPoints(view, 80, 80);
        const h = heatmapFromScores(model.decisionFunction(grid), { rows: grid.rows, classes: model.classes });
        const heat = (discretize) => ({
          nx: 80,
          ny: 80,
          classIndex: Array.from(h.classIndex),
          strength: Array.from(h.strength),
          discretize,
        });
        const wrong = model.predict(blobs).map((p, i) => p !== points[i].label);
        const classes = model.classes;
        const blobScene = (discretize) => ({ points, classes, view, heatmap: heat(discretize), misclassified: wrong });

        const response = await fetch('/data/iris.csv');
        const iris = pw.Dataset.fromCsv(await response.text(), { label: 'species' });
        const irisPoints = pointsOf(iris, [0, 1]);
        const irisScene = {
          points: irisPoints,
          classes: iris.classes,
          axes: { x: iris.featureNames[0], y: iris.featureNames[1] },
        };

        const separable = pw.Dataset.generate('separable', { rows: 40, seed: 2, margin: 0.15 });
        const sepPoints = pointsOf(separable);
        const sep = pw.analysis.separability(separable);
        const perceptron = new pw.Perceptron({ maxEpochs: 50 });
        perceptron.fit(separable);
        const bandScene = {
          points: sepPoints,
          classes: separable.classes,
          linear: { weights: perceptron.weights, bias: perceptron.bias },
          band: true,
          maxMargin: { weights: sep.w, bias: sep.b },
          highlight: sep.support,
        };
        const stepScene = {
          points: sepPoints,
          classes: separable.classes,
          linear: { weights: [0.5, 0.9], bias: 0.1 },
          update: { from: [0.9, 0.3], to: [0.5, 0.9] },
          last: { index: 5, mistake: true, score: -0.4213 },
          misclassified: sepPoints.map((p) => (p.label > 0 ? 1 : -1) * (0.5 * p.x + 0.9 * p.y + 0.1) <= 0),
        };
        for (const d of [blobs, iris, separable, model, perceptron]) d.dispose();
        return {
          smooth: blobScene(false),
          discrete: blobScene(true),
          irisScene,
          bandScene,
          stepScene,
          sep,
          irisView: viewFor(irisPoints),
        };
      });
      const list = [
        { scene: scenes.smooth, caption: 'blobs, multi-class, smooth heatmap' },
        { scene: scenes.discrete, caption: 'discretized' },
        { scene: scenes.irisScene, caption: 'Iris (sepal), axes in cm' },
        { scene: scenes.bandScene, caption: 'band, max margin, support points' },
        { scene: scenes.stepScene, caption: 'Step: update arrow, score' },
        { scene: scenes.bandScene, size: 520, caption: '520 px' },
      ];
      const results = await draw(page, list, { remove: false });
      await page.screenshot({ path: `${shots}/plane-overlays.png`, fullPage: true });
      const canvases = page.locator('canvas');
      for (const [i, name] of ['heatmap-smooth', 'heatmap-discrete', 'iris', 'band', 'step', 'band-520'].entries()) {
        await canvases.nth(i).screenshot({ path: `${shots}/plane-${name}.png` });
      }
      assert.deepEqual(scenes.irisView, { x0: 4, x1: 9, y0: 1, y1: 6 });
      assert.deepEqual(
        results[2].shown.ticks.x.map((t) => t.text),
        ['5', '6', '7', '8'],
      );
      // The band's γ: the perceptron's margin on the points, as pw.analysis computes it, is
      // at most γ* (the max-margin separator's).
      assert.ok(results[3].shown.band.gamma > 0 && results[3].shown.band.gamma <= scenes.sep.margin + 1e-12);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${shots}/plane-phone.png`, fullPage: true });
    });
  });
});
