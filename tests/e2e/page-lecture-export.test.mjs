// The page's Export control for lecture notes (issue 28, item 5): "Trace as Markdown" and
// "Trace as LaTeX" download exactly what perceptron-wasm/course's traceMarkdown and traceLatex
// write for the same records (fit's onStep in Node on the page's points and options) with the
// Digits asked; "Plane as SVG" downloads exactly planeSvg's text for the same state (the data,
// w and b, the last step and its update, the theory's max-margin line and support points, the
// wrong points; a kernel perceptron's score heatmap), and rasterized in Chromium it matches the
// canvas pixel for pixel within a stated tolerance, as does planeSvg's text made in Node (text
// measured by the approximation there); "Curve as SVG" downloads curveSvg's text for the page's
// history, or says there is no finished epoch yet. Also: the clipboard, the
// keyboard, the phone layout, classroom mode's hide=export, and no CSP violation (blob: downloads).
//   node --test tests/e2e/page-lecture-export.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { curveSvg, planeSvg, traceLatex, traceMarkdown } from '../../dist/course/index.js';
import {
  DESKTOP,
  PHONE,
  chooseModel,
  downloaded,
  loadPackage,
  matrixOf,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

const button = (page, name) => page.getByRole('button', { name, exact: true });
const save = (page, name) => downloaded(page, () => button(page, name).click());
const rowsOf = (points) => points.map((p) => [p.x, p.y]);

/**
 * Pixel equivalence: each image drawn at the canvas's backing size in a page without a CSP (data:
 * images), compared channel by channel with the canvas. A pixel differs when a channel differs by
 * more than 32 of 255 (anti-aliasing of text and edges differs a little between the two
 * rasterizers); `images` may differ from the canvas in at most 0.5% of the pixels, with a mean
 * difference under 1 of 255 a channel.
 */
async function compareWithCanvas(page, images) {
  const canvas = await page.evaluate(() => {
    const plane = document.querySelector('perceptron-playground').shadowRoot.getElementById('plane');
    return { url: plane.toDataURL('image/png'), width: plane.width, height: plane.height };
  });
  const blank = await page.context().newPage();
  try {
    await blank.setContent('<!doctype html><body style="margin:0"></body>');
    return await blank.evaluate(
      async ({ canvas, images }) => {
        const pixels = async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          const c = document.createElement('canvas');
          [c.width, c.height] = [canvas.width, canvas.height];
          const ctx = c.getContext('2d');
          ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
          return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        };
        const reference = await pixels(canvas.url);
        const svgUrl = (text) =>
          `data:image/svg+xml;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(text)))}`;
        const results = {};
        for (const [name, text] of Object.entries(images)) {
          const data = await pixels(svgUrl(text));
          let differing = 0;
          let sum = 0;
          for (let i = 0; i < data.length; i += 4) {
            let most = 0;
            for (let k = 0; k < 4; k++) most = Math.max(most, Math.abs(data[i + k] - reference[i + k]));
            if (most > 32) differing++;
            sum += most;
          }
          const n = data.length / 4;
          results[name] = { differing: differing / n, mean: sum / n, pixels: n };
        }
        return results;
      },
      { canvas, images },
    );
  } finally {
    await blank.close();
  }
}

async function withinTolerance(page, images) {
  const results = await compareWithCanvas(page, images);
  for (const [name, { differing, mean }] of Object.entries(results)) {
    assert.ok(differing <= 0.005, `${name}: ${(differing * 100).toFixed(3)}% of the pixels differ from the canvas's`);
    assert.ok(mean < 1, `${name}: mean difference ${mean.toFixed(3)} of 255`);
  }
  return results;
}

/** A PNG screenshot of an SVG text, as a browser renders it, into test-output/e2e/. */
async function shootSvg(page, text, file) {
  const blank = await page.context().newPage();
  try {
    await blank.setContent(`<!doctype html><body style="margin:0">${text.replace(/^<\?xml[^>]*>\s*/, '')}</body>`);
    await blank.locator('svg').screenshot({ path: `${shots}/${file}` });
  } finally {
    await blank.close();
  }
}

test('Trace as Markdown and as LaTeX: traceMarkdown and traceLatex of the same records, with the Digits', async () => {
  await withDemo('#data=gaussians&dseed=4&n=24&noise=0.4', { viewport: DESKTOP }, async ({ page, state }) => {
    // Nothing to export before a step: said in the alert, nothing downloaded.
    await button(page, 'Trace as Markdown').click();
    assert.equal(
      await page.locator('#lecture-export-error').textContent(),
      'The trace is empty: Step, Epoch or Train first.',
    );
    await train(page);
    const s = await state();
    const pw = await loadPackage();
    const { X, y } = matrixOf(s.points);
    const model = new pw.Perceptron(s.options);
    const records = [];
    model.fit(X, y, {
      onStep: (step) => void records.push({ ...step, x: [X.data[2 * step.index], X.data[2 * step.index + 1]] }),
    });
    model.dispose();
    assert.equal(records.length, s.trace, 'the page holds every step of Train');
    assert.ok(records.some((r) => r.mistake) && records.some((r) => !r.mistake));

    const markdown = await save(page, 'Trace as Markdown');
    assert.equal(markdown.name, 'gaussians-trace.md');
    assert.equal(markdown.text, traceMarkdown(records, { digits: 3 }));
    assert.match(
      markdown.text,
      /^\| +t \| epoch \| row \| x +\| label \| +score \| prediction \| mistake \| w +\| +b \|\n/,
    );
    assert.equal(
      await page.locator('#lecture-export-status').textContent(),
      `Saved gaussians-trace.md (${records.length} steps).`,
    );

    await page.getByLabel('Digits', { exact: true }).fill('2');
    const latex = await save(page, 'Trace as LaTeX');
    assert.equal(latex.name, 'gaussians-trace.tex');
    assert.equal(latex.text, traceLatex(records, { digits: 2 }));
    assert.ok(latex.text.startsWith('\\begin{tabular}{rrrlrrrclr}\n\\toprule\n'));

    // A Digits the tables do not take: said, nothing downloaded.
    await page.getByLabel('Digits', { exact: true }).fill('16');
    await button(page, 'Trace as LaTeX').click();
    assert.equal(
      await page.locator('#lecture-export-error').textContent(),
      'Digits must be a whole number from 0 to 15; received 16.',
    );
    await page.locator('.lecture-exports').screenshot({ path: `${shots}/lecture-export-desktop.png` });
  });
});

test('Plane as SVG after three Steps: planeSvg’s text for the same state, and the canvas’s pixels', async () => {
  await withDemo('#data=separable&dseed=2&n=16', { viewport: DESKTOP }, async ({ page, state }) => {
    for (let k = 0; k < 3; k++) await button(page, 'Step').click();
    await waitForState(page, (s) => s.t === 3);
    const s = await state();
    const pw = await loadPackage();
    const { X, y } = matrixOf(s.points);
    // The same three steps in Node: the last is highlighted, its update drawn when a mistake.
    const model = new pw.Perceptron(s.options);
    const trainer = model.trainer(X, y);
    const steps = [trainer.step(), trainer.step(), trainer.step()];
    model.dispose();
    const last = steps[2];
    assert.deepEqual([last.weights, last.bias], [s.weights, s.bias]);
    const box = await page.locator('#plane').boundingBox();
    const options = {
      X: rowsOf(s.points),
      y,
      classes: s.classes,
      weights: s.weights,
      bias: s.bias,
      band: await page.getByLabel('Margin band', { exact: true }).isChecked(),
      step: { index: last.index, mistake: last.mistake, score: last.score },
      separability: pw.analysis.separability(X, y, { fitIntercept: s.options.fitIntercept ?? true }),
      misclassified: s.misclassified,
      width: box.width,
      height: box.height,
    };
    if (last.mistake) options.update = { from: steps[1].weights, to: last.weights };

    const file = await save(page, 'Plane as SVG');
    assert.equal(file.name, 'separable-plane.svg');
    // planeSvg in the page (the package's course bundle; text measured by the page's canvas): the same text.
    const inPage = await page.evaluate(async (o) => {
      const { planeSvg: draw } = await import('/pkg/course/index.js');
      return draw(o);
    }, options);
    assert.equal(file.text, inPage);
    assert.match(file.text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // A parser's view: well-formed, and the page's plane title.
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        title: doc.querySelector('title')?.textContent,
      };
    }, file.text);
    assert.deepEqual(parsed, { error: null, title: 'The data plane' });
    // planeSvg in Node (the approximation's text layout) and the page's file, against the canvas.
    const inNode = planeSvg({ ...options, measure: 'approximate' });
    const results = await withinTolerance(page, { page: file.text, node: inNode });
    console.log(`plane vs canvas: ${JSON.stringify(results)}`);
    await shootSvg(page, file.text, 'lecture-export-plane.png');
    await page.locator('#plane').screenshot({ path: `${shots}/lecture-export-canvas.png` });
  });
});

test('Plane as SVG of a kernel perceptron: its score heatmap (a PNG in the SVG) as planeSvg draws it', async () => {
  await withDemo('#data=xor&dseed=1&n=40', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseModel(page, 'KernelPerceptron');
    await train(page);
    const s = await state();
    const box = await page.locator('#plane').boundingBox();
    const heatmap = (await page.getByLabel('Discretize', { exact: true }).isChecked()) ? 'discrete' : true;
    assert.ok(await page.getByLabel('Score heatmap', { exact: true }).isChecked());
    const file = await save(page, 'Plane as SVG');
    const inPage = await page.evaluate(
      async ({ s, box, heatmap }) => {
        const { default: load } = await import('/pkg/index.js');
        const { planeSvg: draw } = await import('/pkg/course/index.js');
        const pw = await load();
        const X = s.points.map((p) => [p.x, p.y]);
        const y = s.points.map((p) => p.label);
        const model = new pw.KernelPerceptron(s.options);
        model.fit(X, y);
        const svg = draw({
          X,
          y,
          classes: s.classes,
          model,
          heatmap,
          separability: pw.analysis.separability(X, y),
          misclassified: s.misclassified,
          width: box.width,
          height: box.height,
        });
        model.dispose();
        return svg;
      },
      { s, box, heatmap },
    );
    assert.equal(file.text, inPage);
    assert.equal((file.text.match(/<image /g) ?? []).length, 1, 'the heatmap: one image');
    console.log(`kernel plane SVG: ${file.text.length} bytes`);
    const results = await withinTolerance(page, { page: file.text });
    console.log(`kernel plane vs canvas: ${JSON.stringify(results)}`);
    await shootSvg(page, file.text, 'lecture-export-kernel-plane.png');
  });
});

test('copy to the clipboard, the curve (none before an epoch, then curveSvg of its history), the keyboard, the phone, and hide=export', async () => {
  await withDemo('#data=separable&dseed=2&n=16', { viewport: PHONE }, async ({ page, context, state }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await button(page, 'Step').click();
    await waitForState(page, (st) => st.t === 1);
    // Every control of the group inside the phone's width.
    for (const name of ['Trace as Markdown', 'Trace as LaTeX', 'Plane as SVG', 'Curve as SVG']) {
      const b = await button(page, name).boundingBox();
      assert.ok(b.x >= 0 && b.x + b.width <= PHONE.width, `${name} fits the phone's width`);
    }
    await page.getByLabel('Copy too', { exact: true }).check();
    // By the keyboard: focus the button, press Enter.
    await button(page, 'Trace as Markdown').focus();
    const file = await downloaded(page, () => page.keyboard.press('Enter'));
    await page.waitForFunction(() =>
      document
        .querySelector('perceptron-playground')
        .shadowRoot.getElementById('lecture-export-status')
        .textContent.includes('copied'),
    );
    assert.equal(
      await page.locator('#lecture-export-status').textContent(),
      'Saved separable-trace.md (1 step) and copied it to the clipboard.',
    );
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), file.text);
    // The one step, as Node's trainer takes it on the page's points and options.
    const s = await state();
    const pw = await loadPackage();
    const { X, y } = matrixOf(s.points);
    const model = new pw.Perceptron(s.options);
    const step = model.trainer(X, y).step();
    model.dispose();
    const x = [X.data[2 * step.index], X.data[2 * step.index + 1]];
    assert.equal(file.text, traceMarkdown([{ ...step, x }]));
    // No finished epoch: the curve says so in place.
    await button(page, 'Curve as SVG').click();
    assert.equal(
      await page.locator('#lecture-export-error').textContent(),
      'The curve has no finished epoch yet: Epoch or Train first.',
    );
    // After the epoch: curveSvg's text for that history, at the width the page's curve has.
    await button(page, 'Epoch').click();
    await waitForState(page, (st) => st.epoch === 1);
    const ended = await state();
    const width = await page.locator('#curve canvas').evaluate((canvas) => canvas.getBoundingClientRect().width);
    const curve = await downloaded(page, () => button(page, 'Curve as SVG').click());
    const history = [{ epoch: 1, mistakes: ended.mistakes, trainError: 1 - ended.accuracy }];
    // curveSvg in the page (text measured by the page's canvas): the same text; in Node (the
    // approximation's text metrics), the same but for the text's baselines.
    const inPage = await page.evaluate(
      async ([h, w]) => (await import('/pkg/course/index.js')).curveSvg({ history: h, width: w }),
      [history, width],
    );
    assert.equal(curve.text, inPage);
    const baselinesApart = (text) => text.replace(/(<text x="[\d.]+" y=")[\d.]+/g, '$1');
    assert.equal(baselinesApart(curve.text), baselinesApart(curveSvg({ history, width })));
    assert.match(curve.text, /<title>Learning curve: epoch 1, /);
    await page.locator('.lecture-exports').scrollIntoViewIfNeeded();
    await page.locator('.lecture-exports').screenshot({ path: `${shots}/lecture-export-phone.png` });
  });
  await withDemo('?hide=export#data=separable', { viewport: DESKTOP }, async ({ page }) => {
    assert.equal(await button(page, 'Trace as Markdown').count(), 0, 'no visible button');
    assert.equal(await page.locator('.lecture-exports').isHidden(), true);
  });
});
