// The page's presets (issue 9, "Data"): each entry of the select labelled Dataset shows exactly
// the points pw.Dataset.generate gives in Node for the same kind, rows, seed and margin or noise
// (Iris: data/iris.csv's two chosen columns, read here by hand), bit for bit; Regenerate takes
// the next seed; the preset's own controls (Points, Margin, Noise, the Iris axes) apply.
//   node --test tests/e2e/page-data.test.mjs
import { presetDefaults } from '../../web/shell/data.js';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseDataset,
  control,
  enter,
  loadPackage,
  shots,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

/** The points pw.Dataset.generate gives in Node: [{x, y, label}]. */
async function generated(kind, options) {
  const pw = await loadPackage();
  const dataset = pw.Dataset.generate(kind, options);
  try {
    const { data, cols } = dataset.toArray();
    assert.equal(cols, 2);
    return dataset.labels.map((label, r) => ({ x: data[2 * r], y: data[2 * r + 1], label }));
  } finally {
    dataset.dispose();
  }
}

/** Iris's columns i and j and its species, read from the CSV text by hand (no CSV reader). */
function iris(i, j) {
  const lines = readFileSync(new URL('../../data/iris.csv', import.meta.url), 'utf8')
    .trim()
    .split(/\r?\n/);
  assert.match(lines[0], /^sepal_length_cm,sepal_width_cm,petal_length_cm,petal_width_cm,species$/);
  return lines.slice(1).map((line) => {
    const fields = line.split(',');
    return { x: Number(fields[i]), y: Number(fields[j]), label: fields[4] };
  });
}

// Bit for bit: Object.is on every coordinate (assert.deepStrictEqual compares numbers so).
function sameBits(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: number of points`);
  assert.deepStrictEqual(actual, expected, what);
  const bits = (v) => Buffer.from(new Float64Array([v]).buffer).toString('hex');
  for (let i = 0; i < expected.length; i++) {
    assert.equal(bits(actual[i].x), bits(expected[i].x), `${what}: x of point ${i}`);
    assert.equal(bits(actual[i].y), bits(expected[i].y), `${what}: y of point ${i}`);
  }
}

// The select's presets, their parameter (what the slider sets) and the classes they have.
const PRESETS = [
  ['separable', 'margin', [-1, 1]],
  ['gaussians', 'noise', [-1, 1]],
  ['xor', 'noise', [-1, 1]],
  ['circles', 'noise', [-1, 1]],
  ['spiral', 'noise', [-1, 1]],
  ['blobs', 'noise', [0, 1, 2]],
];

test('the first preset: 40 separable points of seed 1, margin 0.1, equal to pw.Dataset.generate', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    const s = await state();
    assert.equal(s.dataset, 'separable');
    assert.equal(await control(page, 'combobox', 'Dataset').inputValue(), 'separable');
    assert.equal(await page.getByLabel('Points', { exact: true }).inputValue(), '40');
    assert.equal(await page.getByLabel('Data seed', { exact: true }).inputValue(), '1');
    assert.equal(await control(page, 'slider', 'Margin').inputValue(), '0.1');
    sameBits(s.points, await generated('separable', { rows: 40, seed: 1, margin: 0.1 }), 'separable, 40 rows, seed 1');
    assert.deepEqual(s.classes, [-1, 1]);
    assert.match(s.link, /^#data=separable&dseed=1&n=40&dmargin=0\.1&model=Perceptron&/);
  });
});

test('every generated preset in the Dataset select equals pw.Dataset.generate; Regenerate takes the next seed', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    const options = await control(page, 'combobox', 'Dataset')
      .locator('option')
      .evaluateAll((list) => list.map((o) => [o.value, o.textContent]));
    assert.deepEqual(options, [
      ['separable', 'Linearly separable'],
      ['gaussians', 'Overlapping Gaussians'],
      ['xor', 'XOR'],
      ['circles', 'Two circles'],
      ['spiral', 'Spiral'],
      ['blobs', 'Three Gaussian blobs'],
      ['iris', 'Iris (two features)'],
      ['spam', 'Spam messages (text)'], // text: tests/e2e/page-text.test.mjs
      ['tagging', 'Tagged sentences'], // sequences: tests/e2e/page-tagging.test.mjs
      ['points', 'Your points (click to add)'],
    ]);
    for (const [kind, param, classes] of PRESETS) {
      await chooseDataset(page, kind);
      let s = await state();
      // A preset chosen in the select starts at its own size and noise (data.js), seed 1.
      const { rows, [param]: value } = presetDefaults(kind);
      sameBits(s.points, await generated(kind, { rows, seed: 1, [param]: value }), `${kind}, seed 1`);
      assert.deepEqual(s.classes, classes, `${kind}: classes`);
      assert.equal(await page.getByLabel('Data seed', { exact: true }).inputValue(), '1');
      // Only the preset's own slider is shown.
      const margin = page.getByRole('slider', { name: 'Margin', exact: true });
      const noise = page.getByRole('slider', { name: 'Noise', exact: true });
      assert.equal(await margin.isVisible(), param === 'margin', `${kind}: Margin shown iff it applies`);
      assert.equal(await noise.isVisible(), param === 'noise', `${kind}: Noise shown iff it applies`);
      assert.match(
        s.link,
        new RegExp(`data=${kind}&dseed=1&n=${rows}&${param === 'margin' ? 'dmargin' : 'noise'}=${value}&`),
      );

      const before = s.points;
      await button('Regenerate').click();
      await waitForState(page, (st) => st.link.includes('dseed=2&'));
      s = await state();
      assert.equal(await page.getByLabel('Data seed', { exact: true }).inputValue(), '2');
      sameBits(s.points, await generated(kind, { rows, seed: 2, [param]: value }), `${kind}, seed 2`);
      assert.notDeepEqual(s.points, before, `${kind}: Regenerate changes the points`);
      if (kind === 'blobs') await page.screenshot({ path: `${shots}/page-data-blobs-1280.png` });
      if (kind === 'spiral') await page.screenshot({ path: `${shots}/page-data-spiral-1280.png` });
    }
  });
});

test('the model follows the data: three blobs need the multi-class perceptron, XOR a kernel', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseDataset(page, 'blobs');
    assert.equal((await state()).model, 'MulticlassPerceptron');
    await control(page, 'combobox', 'Model').selectOption('Perceptron');
    await chooseDataset(page, 'xor');
    assert.equal((await state()).model, 'KernelPerceptron');
  });
});

test("a preset's Points, seed and Noise or Margin controls regenerate it", async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseDataset(page, 'circles');
    await enter(page, 'Points', '60');
    await waitForState(page, (s) => s.points.length === 60);
    await enter(page, 'Data seed', '17');
    await waitForState(page, (s) => s.link.includes('dseed=17&'));
    const noise = page.getByRole('slider', { name: 'Noise', exact: true });
    await noise.fill('0.35');
    await waitForState(page, (s) => s.link.includes('noise=0.35'));
    sameBits(
      (await state()).points,
      await generated('circles', { rows: 60, seed: 17, noise: 0.35 }),
      'circles 60/17/0.35',
    );

    await chooseDataset(page, 'separable');
    const margin = page.getByRole('slider', { name: 'Margin', exact: true });
    await margin.fill('0.25');
    await waitForState(page, (s) => s.link.includes('dmargin=0.25'));
    sameBits((await state()).points, await generated('separable', { rows: 40, seed: 1, margin: 0.25 }), 'margin 0.25');

    // A bad number of points: the message under the data controls, the data unchanged.
    const before = (await state()).points;
    await enter(page, 'Points', '3');
    const error = page.locator('#data-error');
    await page.waitForFunction(
      () => document.querySelector('perceptron-playground').shadowRoot.getElementById('data-error').textContent !== '',
    );
    assert.match(
      await error.textContent(),
      /Points must be an integer from 4 to 5,000; received 3\. The data stays as it was\./,
    );
    assert.equal(await error.getAttribute('role'), 'alert');
    assert.deepStrictEqual((await state()).points, before);
    assert.equal(
      await page.getByLabel('Points', { exact: true }).inputValue(),
      '40',
      'the field shows the value in use',
    );
  });
});

test('Iris: two chosen features of data/iris.csv, three species; the axes selects change the columns', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseDataset(page, 'iris');
    let s = await state();
    sameBits(s.points, iris(2, 3), 'Iris petal length / petal width');
    assert.deepEqual(s.classes, ['setosa', 'versicolor', 'virginica']);
    assert.equal(s.model, 'MulticlassPerceptron', 'three classes: the multi-class perceptron');
    assert.equal(await control(page, 'combobox', 'x-axis').inputValue(), '2');
    assert.equal(await control(page, 'combobox', 'y-axis').inputValue(), '3');
    assert.equal(await page.getByRole('button', { name: 'Regenerate' }).isVisible(), false, 'Iris has no seed');
    assert.equal(await page.getByLabel('Points', { exact: true }).isVisible(), false);
    await page.screenshot({ path: `${shots}/page-data-iris-1280.png` });

    await control(page, 'combobox', 'x-axis').selectOption('0');
    await control(page, 'combobox', 'y-axis').selectOption('1');
    await waitForState(page, (st) => st.link.includes('features=0,1'));
    s = await state();
    sameBits(s.points, iris(0, 1), 'Iris sepal length / sepal width');
    assert.match(s.link, /^#data=iris&features=0,1&model=/);
  });
});
