// The Theory region (web/theory/theory.js) in headless Chromium on hand-made data, numbers checked by
// hand from the lecture notes: R (of the augmented (x, 1) with an intercept), the current
// separator's margin, γ*, the maximum-margin line and Novikoff's (R/γ)²; XOR's certificate and
// Freund–Schapire's ((R + D)/γ)² recomputed here for the region's u and γ; fitIntercept;
// caching per data version; three classes; large data behind Compute; errors as text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, shots, useBrowser, withFixture } from './browser.mjs';

useBrowser();
const PHONE = { width: 375, height: 800 };

// Mounts a Theory in a region like the page's, with a pw whose separability counts its calls
// and can be made to throw (pw and pw.analysis are frozen: the stand-in wraps them).
async function mount(page) {
  await page.evaluate(async () => {
    const { Theory } = await import('/theory/theory.js');
    const { default: load } = await import('/pkg/index.js');
    const pw = await load();
    const spy = { calls: 0, fail: null };
    const separability = (...args) => {
      spy.calls++;
      if (spy.fail) throw spy.fail;
      return pw.analysis.separability(...args);
    };
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/theory/theory.css';
    const loaded = new Promise((resolve) => link.addEventListener('load', resolve));
    document.head.append(link);
    await loaded;
    const section = document.createElement('section');
    section.setAttribute('aria-labelledby', 'theory-title');
    const h2 = document.createElement('h2');
    h2.id = 'theory-title';
    h2.textContent = 'Theory';
    const body = document.createElement('div');
    section.append(h2, body);
    document.getElementById('fixture').append(section);
    const events = [];
    section.addEventListener('theorychange', (e) => events.push(e.detail));
    const theory = new Theory(body, { ...pw, analysis: { ...pw.analysis, separability } });
    const matrix = (rows) => ({ data: Float64Array.from(rows.flat()), rows: rows.length, cols: rows[0]?.length ?? 2 });
    // update() with X as rows; returns the result and the region's terms and values.
    const run = (rows, y, classes, fitIntercept, model, version) => {
      const result = theory.update({ X: matrix(rows), y, classes, fitIntercept, model, version });
      const figures = {};
      for (const dt of section.querySelectorAll('dt')) figures[dt.textContent] = dt.nextElementSibling.textContent;
      return {
        result,
        figures,
        scope: section.querySelector('.theory-scope').hidden ? '' : section.querySelector('.theory-scope').textContent,
      };
    };
    Object.assign(window, { pw, spy, run, events, section });
  });
}

const SHIFTED = [
  [3, 1],
  [3, -1],
  [1, 1],
  [1, -1],
];
const XOR = [
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
];
const Y = [1, 1, -1, -1];
const perceptron = (weights, bias, mistakes) => ({ kind: 'Perceptron', weights, bias, mistakes });

describe('the Theory region', () => {
  test('separable: R of (x, 1), the current margin, γ*, the max-margin line and Novikoff by hand', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await mount(page);
      const { result, figures } = await page.evaluate(
        ([X, y, model]) => run(X, y, [-1, 1], true, model, 1),
        [SHIFTED, Y, perceptron([1, 0], -1.5, 5)],
      );
      // R = max ||(x, 1)|| = ||(3, 1, 1)|| = √11; max ||x|| = √10.
      assert.match(figures['R (radius)'], /^3\.3166 = max ‖\(x, 1\)‖.*max ‖x‖ = 3\.1623/);
      // y(w·x + b)/||w|| with w = (1, 0), b = −1.5: 1.5, 1.5, 0.5, 0.5: the minimum at point #3.
      assert.match(figures['Margin of the current separator'], /= 0\.5, reached at point #3\./);
      // The classes sit at x₁ = 3 and x₁ = 1: the max-margin line is x₁ = 2, γ* = 1, all four support it.
      assert.match(figures['Linearly separable'], /^Yes: a line separates classes −1 and \+1\./);
      assert.match(figures['γ* (the data’s margin)'], /^1, the largest margin of any line, .*4 support points/);
      assert.match(figures['Maximum-margin separator'], /^x₁ − 2 = 0 .*w = \(1, 0\), b = −2/);
      // Novikoff on (x, 1) through the origin: min ||v|| with y v·(x, 1) >= 1 is v = (1, 0, −2)
      // (both 3a + c >= 1 and a + c <= −1 tight), so γ = 1/√5 and (R/γ)² = 11 · 5 = 55. The
      // Hacettepe form ((b*² + 1)(r² + 1))/ρ² = (4 + 1)(10 + 1)/1 = 55 as well.
      const novikoff = figures['Mistakes and Novikoff’s bound'];
      assert.match(novikoff, /^5 mistakes ≤ 55 \(Novikoff\)within the bound/);
      assert.match(novikoff, /R = 3\.3166, γ = 0\.4472: the margin of the points \(x, 1\)/);
      assert.match(novikoff, /\(\(b\*² \+ 1\)\(r² \+ 1\)\)\/ρ², ρ = γ\*, r = max ‖x‖: 55\./);
      assert.deepEqual(result, { separable: true, maxMargin: { weights: [1, 0], bias: -2 }, highlight: [0, 1, 2, 3] });
      // The bar: the fill (mistakes) at 5/55 of the track, the tick (the bound) at its end.
      const bar = await page.evaluate(() => {
        const track = section.querySelector('.theory-bar').getBoundingClientRect();
        const fill = section.querySelector('.theory-bar-fill').getBoundingClientRect();
        const tick = section.querySelector('.theory-bar-limit').getBoundingClientRect();
        return { fill: fill.width / track.width, tick: (tick.left + tick.width / 2 - track.left) / track.width };
      });
      assert.ok(Math.abs(bar.fill - 5 / 55) < 0.02, `fill ${bar.fill}`);
      assert.ok(Math.abs(bar.tick - 1) < 0.02, `tick ${bar.tick}`);
      await page.screenshot({ path: `${shots}/theory-separable-1280.png`, fullPage: true });
      // A run above the bound cannot happen with the perceptron; the verdict is still drawn.
      const above = await page.evaluate(
        ([X, y, m]) => run(X, y, [-1, 1], true, m, 1).figures,
        [SHIFTED, Y, perceptron([1, 0], -1.5, 60)],
      );
      assert.match(above['Mistakes and Novikoff’s bound'], /^60 mistakes > 55 \(Novikoff\)above the bound/);
    });
  });

  test('fitIntercept false: R = max ||x||, and no line through the origin separates the same points', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await mount(page);
      const { result, figures, certificate, gamma, u, value } = await page.evaluate(
        ([X, y, model]) => {
          const out = run(X, y, [-1, 1], false, model, 1);
          const dd = section.querySelector('.theory-bound');
          const certificate = pw.analysis.separability(X, y, { fitIntercept: false }).certificate;
          return {
            ...out,
            certificate,
            gamma: Number(dd.dataset.gamma),
            u: JSON.parse(dd.dataset.u),
            value: Number(dd.dataset.value),
          };
        },
        [SHIFTED, Y, perceptron([1, 0], 0, 3)],
      );
      assert.match(figures['R (radius)'], /^3\.1623 = max ‖x‖ \(no intercept/);
      assert.match(figures['Linearly separable'], /^No: no line through the origin separates/);
      // (3, ±1) positive and (1, ±1) negative: a·3 ± b > 0 and a ± b < 0 cannot both hold.
      // The certificate: c >= 0, Σ c = 1, Σ cᵢ yᵢ xᵢ = 0; the highlight is its positive rows.
      const sum = [0, 1].map((j) => certificate.reduce((s, c, i) => s + c * Y[i] * SHIFTED[i][j], 0));
      assert.ok(Math.hypot(...sum) < 1e-12, `Σ cᵢ yᵢ xᵢ = ${sum}`);
      assert.ok(Math.abs(certificate.reduce((s, c) => s + c, 0) - 1) < 1e-12);
      assert.deepEqual(
        result.highlight,
        certificate.flatMap((c, i) => (c > 0 ? [i] : [])),
      );
      assert.equal(result.separable, false);
      assert.equal(result.maxMargin, null);
      assert.match(figures.Certificate, /Σ cᵢ yᵢ xᵢ = 0/);
      // u = (1, 0) (the current separator and the class means agree); margins yᵢ u·xᵢ = 3, 3, −1, −1.
      assert.deepEqual(u, [1, 0]);
      const R = Math.sqrt(10);
      const fs = (g) =>
        ((R + Math.sqrt(SHIFTED.reduce((s, x, i) => s + Math.max(0, g - Y[i] * x[0]) ** 2, 0))) / g) ** 2;
      // The bound decreases on (0, R] here, so γ = R: D = √(2(R + 1)² + 2(R − 3)²).
      assert.ok(Math.abs(gamma - R) < 1e-9, `γ = ${gamma}`);
      assert.ok(Math.abs(value - fs(gamma)) < 1e-9 * value);
      assert.ok(Math.abs(value - ((R + Math.sqrt(2 * (R + 1) ** 2 + 2 * (R - 3) ** 2)) / R) ** 2) < 1e-9);
      assert.match(figures['Mistakes and Freund–Schapire’s bound'], new RegExp(`^3 mistakes ≤ ${value.toFixed(4)} `));
    });
  });

  test('XOR: the certificate points highlighted, Freund–Schapire recomputed for the region’s u and γ', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await mount(page);
      const { result, figures, gamma, u, value } = await page.evaluate(
        ([X, y, model]) => {
          const out = run(X, y, [-1, 1], true, model, 1);
          const dd = section.querySelector('.theory-bound');
          return {
            ...out,
            gamma: Number(dd.dataset.gamma),
            u: JSON.parse(dd.dataset.u),
            value: Number(dd.dataset.value),
          };
        },
        [XOR, Y, perceptron([1, 0], 0, 7)],
      );
      assert.deepEqual(result, { separable: false, maxMargin: null, highlight: [0, 1, 2, 3] });
      assert.match(figures['Linearly separable'], /^No: no line separates classes −1 and \+1\./);
      // Each class's two points average to (0, 0): in both hulls.
      assert.match(
        figures.Certificate,
        /the point \(0, 0\) is a weighted mean of points #3 and #4 \(class −1\) and also of points #1 and #2 \(class \+1\).*These 4 points are highlighted\./,
      );
      // u = (w, b)/||(w, b)|| = (1, 0, 0) (the class means coincide, so only the current
      // separator is a candidate); on (x, 1): R = √3, margins yᵢ u·(xᵢ, 1) = 1, −1, −1, 1.
      assert.deepEqual(u, [1, 0, 0]);
      const R = Math.sqrt(3);
      const margins = [1, -1, -1, 1];
      const fs = (g) => ((R + Math.sqrt(margins.reduce((s, m) => s + Math.max(0, g - m) ** 2, 0))) / g) ** 2;
      assert.ok(Math.abs(value - fs(gamma)) < 1e-9 * value, `${value} vs ${fs(gamma)}`);
      // γ minimises the bound over (0, R]: no point of a fine grid does better. Here the bound
      // decreases all the way (by hand: (√3 + √2(γ + 1))/γ, then √3/γ + 2√(1 + 1/γ²)), so γ = R,
      // D = √(2(√3 + 1)² + 2(√3 − 1)²) = 4 and the bound is (1 + 4/√3)² = 10.9521.
      for (let k = 1; k <= 1000; k++) assert.ok(fs((R * k) / 1000) >= value - 1e-9);
      assert.ok(Math.abs(gamma - R) < 1e-9);
      assert.ok(Math.abs(value - (1 + 4 / Math.sqrt(3)) ** 2) < 1e-9);
      const text = figures['Mistakes and Freund–Schapire’s bound'];
      assert.match(text, /^7 mistakes ≤ 10\.9521 \(Freund–Schapire, one pass\)within the one-pass bound/);
      assert.match(text, /Here it is at least 4, the most mistakes one pass over 4 points can make/);
      assert.match(text, /u = \(w, b\)\/‖\(w, b\)‖ of the current separator = \(1, 0, 0\), γ = 1\.7321, D = .* = 4\./);
      await page.screenshot({ path: `${shots}/theory-xor-1280.png`, fullPage: true });
      // More mistakes than one pass can make: the words say why.
      const more = await page.evaluate(
        ([X, y, m]) => run(X, y, [-1, 1], true, m, 1).figures,
        [XOR, Y, perceptron([1, 0], 0, 40)],
      );
      assert.match(
        more['Mistakes and Freund–Schapire’s bound'],
        /^40 mistakes > 10\.9521 .*training made more than one pass/,
      );
      // No model and coinciding class means: no u to measure by.
      const none = await page.evaluate(([X, y]) => run(X, y, [-1, 1], true, null, 1).figures, [XOR, Y]);
      assert.match(none['Mistakes and Freund–Schapire’s bound'], /^— \(no direction u/);
      assert.match(none['Margin of the current separator'], /^— \(no model yet\)/);
    });
  });

  test('the current separator’s margin: negative when it misclassifies, — for w = 0 and for a kernel', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await mount(page);
      const margin = (model) =>
        page.evaluate(
          ([X, y, m]) => run(X, y, [-1, 1], true, m, 1).figures['Margin of the current separator'],
          [SHIFTED, Y, model],
        );
      // w = (−1, 0), b = 2: y(−x₁ + 2) = −1, −1, −1, −1: −1 first reached at point #1.
      assert.match(await margin(perceptron([-1, 0], 2, 1)), /= −1, reached at point #1: negative, so it misclassifies/);
      // w = (3, 4), b = −10: y(3x₁ + 4x₂ − 10)/5 = 0.6, −1, 0.6, 2.2.
      assert.match(await margin(perceptron([3, 4], -10, 2)), /= −1, reached at point #2/);
      assert.match(await margin(perceptron([0, 0], 0, 0)), /^— \(w = 0/);
      assert.match(
        await margin({ kind: 'KernelPerceptron', weights: null, bias: 0, mistakes: 3 }),
        /^— \(a kernel model has no w/,
      );
      const kernel = await page.evaluate(
        ([X, y]) => run(X, y, [-1, 1], true, { kind: 'KernelPerceptron', weights: null, bias: 0, mistakes: 3 }, 1),
        [SHIFTED, Y],
      );
      assert.match(kernel.scope, /in the input space, so they do not bound its mistakes/);
      assert.match(
        kernel.figures['Mistakes and Novikoff’s bound'],
        /^55 \(Novikoff\); this model’s 3 updates are not compared/,
      );
    });
  });

  test('the separability answer is computed once per data version and fitIntercept', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await mount(page);
      const calls = await page.evaluate(
        ([X, y]) => {
          const seen = [];
          for (let t = 0; t < 5; t++)
            run(X, y, [-1, 1], true, { kind: 'Perceptron', weights: [t, 1], bias: -t, mistakes: t }, 7);
          seen.push(spy.calls);
          run(X, y, [-1, 1], false, null, 7);
          seen.push(spy.calls);
          run(X, y, [-1, 1], true, null, 7); // computed earlier for this version: kept
          seen.push(spy.calls);
          run(X, y, [-1, 1], true, null, 8);
          seen.push(spy.calls);
          return seen;
        },
        [SHIFTED, Y],
      );
      assert.deepEqual(calls, [1, 2, 2, 3]);
    });
  });

  test('three classes: a pair chosen in the region, labels shown as text', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await mount(page);
      const X = [
        [0, 0],
        [0, 1],
        [3, 0],
        [3, 1],
        [6, 0],
        [6, 1],
      ];
      const y = ['<b>a</b>', '<b>a</b>', 'b', 'b', 'c', 'c'];
      const classes = ['<b>a</b>', 'b', 'c'];
      const model = { kind: 'MulticlassPerceptron', weights: null, bias: 0, mistakes: 4 };
      const first = await page.evaluate(([X, y, c, m]) => run(X, y, c, true, m, 1), [X, y, classes, model]);
      assert.match(first.scope, /for two classes and the data has 3: choose the pair/);
      assert.match(first.scope, /The model learns all 3 classes, so its mistakes are not compared/);
      // a at x₁ = 0, b at x₁ = 3: the line x₁ = 1.5, γ* = 1.5, the four points of a and b support it.
      assert.deepEqual(first.result, {
        separable: true,
        maxMargin: { weights: [1, 0], bias: -1.5 },
        highlight: [0, 1, 2, 3],
      });
      assert.match(first.figures['Linearly separable'], /classes <b>a<\/b> and b\./);
      assert.equal(await page.locator('section b').count(), 0, 'labels are text, not markup');
      const select = page.getByLabel('Classes compared');
      assert.deepEqual(await select.locator('option').allTextContents(), [
        '<b>a</b> and b',
        '<b>a</b> and c',
        'b and c',
      ]);
      await select.selectOption({ label: 'b and c' });
      const after = await page.evaluate(() => ({
        event: events.at(-1),
        sep: section.querySelector('.theory-separable').textContent,
      }));
      assert.deepEqual(after.event, {
        separable: true,
        maxMargin: { weights: [1, 0], bias: -4.5 },
        highlight: [2, 3, 4, 5],
      });
      assert.match(after.sep, /classes b and c\./);
      // The pair stays chosen on the next update.
      const next = await page.evaluate(([X, y, c, m]) => run(X, y, c, true, m, 1), [X, y, classes, model]);
      assert.deepEqual(next.result.highlight, [2, 3, 4, 5]);
      assert.match(next.figures['Margin of the current separator'], /^— \(a multi-class model has one w per class\)/);
      await page.screenshot({ path: `${shots}/theory-3-classes-1280.png`, fullPage: true });
    });
  });

  test('errors are text: a RangeError from separability, one class, no points', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await mount(page);
      const out = await page.evaluate(
        ([X, y]) => {
          spy.fail = new RangeError(
            'analysis.separability: separability could not decide: the classes’ hulls are within rounding error of touching',
          );
          const failed = run(X, y, [-1, 1], true, null, 1);
          spy.fail = null;
          const one = run([[1, 2]], [1], [1], true, null, 2);
          const empty = run([], [], [], true, null, 3);
          return { failed, one, empty };
        },
        [SHIFTED, Y],
      );
      assert.deepEqual(out.failed.result, { separable: null, maxMargin: null, highlight: [] });
      assert.match(
        out.failed.figures['Linearly separable'],
        /^Could not tell: analysis\.separability: separability could not decide/,
      );
      assert.match(out.failed.figures['R (radius)'], /^3\.3166/, 'the other figures stay');
      assert.match(out.one.figures.Data, /^Only one class \(\+1\): R, the margins and the bounds need two classes\./);
      assert.match(out.empty.figures.Data, /^No points yet/);
      assert.deepEqual(out.one.result, { separable: null, maxMargin: null, highlight: [] });
      // Bad input that the package refuses (a NaN) is shown, not thrown.
      const bad = await page.evaluate(() =>
        run(
          [
            [NaN, 1],
            [0, 1],
          ],
          [1, -1],
          [-1, 1],
          true,
          null,
          4,
        ),
      );
      assert.match(bad.figures.Theory, /^Could not compute the figures: .*finite/);
    });
  });

  test('more than 20,000 rows: separability waits for Compute, then the plane hears of it', async () => {
    await withFixture({ viewport: DESKTOP }, async ({ page }) => {
      await mount(page);
      const before = await page.evaluate(() => {
        const rows = [];
        const y = [];
        for (let i = 0; i < 20_001; i++) {
          const positive = i % 2 === 0;
          rows.push([(positive ? 1 : -1) * (1 + (i % 7) / 10), ((i * 37) % 101) / 50 - 1]);
          y.push(positive ? 1 : -1);
        }
        window.big = { rows, y };
        return { ...run(rows, y, [-1, 1], true, null, 1), calls: spy.calls };
      });
      assert.equal(before.calls, 0);
      assert.deepEqual(before.result, { separable: null, maxMargin: null, highlight: [] });
      assert.match(
        before.figures['Linearly separable'],
        /^Not computed yet: with 20,001 points it runs only when asked/,
      );
      await page.screenshot({ path: `${shots}/theory-compute-1280.png`, fullPage: true });
      await page.getByRole('button', { name: 'Compute' }).click();
      await page.waitForFunction(() => events.length === 1);
      const after = await page.evaluate(() => ({
        event: events[0],
        calls: spy.calls,
        again: run(big.rows, big.y, [-1, 1], true, null, 1),
      }));
      assert.equal(after.calls, 1, 'computed once, then kept for this version');
      // x₁ >= 1 for +1 and <= −1 for −1: the line x₁ = 0 with γ* = 1.
      assert.equal(after.event.separable, true);
      assert.ok(Math.abs(after.event.maxMargin.weights[0] - 1) < 1e-9 && Math.abs(after.event.maxMargin.bias) < 1e-9);
      assert.deepEqual(after.again.result, after.event);
      assert.match(after.again.figures['γ* (the data’s margin)'], /^1, /);
      assert.equal(
        await page.evaluate(() => section.querySelector('.theory-separable') === section.getRootNode().activeElement),
        true,
        'focus on the answer',
      );
    });
  });

  test('screenshots at 375 px wide', async () => {
    await withFixture({ viewport: PHONE }, async ({ page }) => {
      await mount(page);
      await page.evaluate(([X, y, m]) => run(X, y, [-1, 1], true, m, 1), [SHIFTED, Y, perceptron([1, 0], -1.5, 5)]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `no horizontal scroll (${width})`);
      await page.screenshot({ path: `${shots}/theory-separable-375.png`, fullPage: true });
      await page.evaluate(([X, y, m]) => run(X, y, [-1, 1], true, m, 2), [XOR, Y, perceptron([1, 0], 0, 7)]);
      await page.screenshot({ path: `${shots}/theory-xor-375.png`, fullPage: true });
    });
  });
});
