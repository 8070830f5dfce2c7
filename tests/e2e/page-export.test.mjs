// Export and import (issue 9, "Sharing and teaching"): 'Export model as JSON' downloads the
// model's toJSON(); the 'Import model JSON' file input reads it back (in another page too) and
// the page then predicts exactly what pw[kind].fromJSON(json).predict gives in Node; bad files
// are refused with a message and change nothing. 'Download points as CSV' gives the points at
// full precision. Both CSV exports write text that a spreadsheet would run as a formula as text
// (issue 25, item 7), and the page reads its own points file back to the exact labels and names.
//   node --test tests/e2e/page-export.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseCsv,
  chooseDataset,
  downloaded,
  loadPackage,
  matrixOf,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

const exportModel = (page) =>
  downloaded(page, () => page.getByRole('button', { name: 'Export model as JSON', exact: true }).click());

async function importModel(page, name, text) {
  await page.getByLabel('Import model JSON', { exact: true }).setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text, 'utf8'),
  });
}

/** Which of the page's points the model saved as `json` gets wrong, by Node's predict. */
async function wrongInNode(kind, json, points) {
  const pw = await loadPackage();
  const model = pw[kind].fromJSON(json);
  try {
    const predicted = model.predict(matrixOf(points).X);
    return predicted.map((label, i) => label !== points[i].label);
  } finally {
    model.dispose();
  }
}

test('export a trained Perceptron as JSON, import it into a fresh page: same weights, same predictions', async () => {
  await withDemo('#data=gaussians&dseed=3&n=120&noise=0.6', { viewport: DESKTOP }, async ({ page, state }) => {
    // Nothing learned yet: export says so.
    await page.getByRole('button', { name: 'Export model as JSON', exact: true }).click();
    assert.equal(
      await page.locator('#export-error').textContent(),
      'The model has not learned anything yet: Step or Train first.',
    );
    await train(page);
    const trained = await state();
    const file = await exportModel(page);
    assert.equal(file.name, 'Perceptron.json');
    assert.deepStrictEqual(JSON.parse(file.text), trained.modelJson);
    assert.ok(trained.accuracy < 1, 'overlapping classes: some points are wrong');
    assert.deepEqual(trained.misclassified, await wrongInNode('Perceptron', trained.modelJson, trained.points));

    await withDemo('#data=gaussians&dseed=3&n=120&noise=0.6', { viewport: DESKTOP }, async (other) => {
      await importModel(other.page, 'Perceptron.json', file.text);
      await waitForState(other.page, (s) => s.modelJson !== null);
      const imported = await other.state();
      assert.deepEqual([imported.weights, imported.bias], [trained.weights, trained.bias]);
      assert.deepEqual(imported.misclassified, trained.misclassified, 'the same predictions');
      assert.equal(imported.accuracy, trained.accuracy);
      assert.equal(await other.page.locator('#export-error').textContent(), '');
    });
  });
});

test('export and import a kernel perceptron (XOR) and a multi-class one (blobs): same predictions', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    for (const [preset, kind] of [
      ['xor', 'KernelPerceptron'],
      ['blobs', 'MulticlassPerceptron'],
    ]) {
      await chooseDataset(page, preset);
      await train(page);
      const trained = await state();
      assert.equal(trained.model, kind);
      const file = await exportModel(page);
      assert.equal(file.name, `${kind}.json`);
      assert.deepStrictEqual(JSON.parse(file.text), trained.modelJson);
      await button('Reset').click();
      assert.equal((await state()).modelJson, null);
      await importModel(page, file.name, file.text);
      await waitForState(page, (s) => s.modelJson !== null);
      const imported = await state();
      assert.deepEqual(imported.misclassified, await wrongInNode(kind, JSON.parse(file.text), imported.points), kind);
      assert.deepEqual(imported.misclassified, trained.misclassified, `${kind}: the same predictions as before`);
      assert.equal(imported.accuracy, trained.accuracy);
    }
  });
});

test('bad model files are refused with a message; the model stays as it was', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    for (let i = 0; i < 3; i++) await button('Step').click();
    const before = await state();
    const message = page.locator('#export-error');
    await importModel(page, 'notes.json', 'this is not JSON');
    await page.waitForFunction(() =>
      /notes\.json/.test(
        document.querySelector('perceptron-playground').shadowRoot.getElementById('export-error').textContent,
      ),
    );
    assert.match(await message.textContent(), /^notes\.json: not JSON \(.*\)\. The model stays as it was\.$/);
    assert.equal(await message.getAttribute('role'), 'alert');
    await importModel(page, 'other.json', '{"format": "something/else"}');
    await page.waitForFunction(() =>
      /other\.json/.test(
        document.querySelector('perceptron-playground').shadowRoot.getElementById('export-error').textContent,
      ),
    );
    assert.equal(
      await message.textContent(),
      'other.json: not a model saved by perceptron-wasm (format "something/else"). The model stays as it was.',
    );
    // A model of three features for data of two.
    const pw = await loadPackage();
    const model = new pw.Perceptron();
    model.fit({ data: Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1, -1, -1, -1]), rows: 4, cols: 3 }, [1, 1, -1, -1]);
    await importModel(page, 'three.json', JSON.stringify(model.toJSON()));
    model.dispose();
    await page.waitForFunction(() =>
      /three\.json/.test(
        document.querySelector('perceptron-playground').shadowRoot.getElementById('export-error').textContent,
      ),
    );
    assert.equal(
      await message.textContent(),
      'three.json: the model has 3 features; the data has 2. The model stays as it was.',
    );
    // A tampered model: the library's message.
    const tampered = { ...before.modelJson, weights: [1, 'x'] };
    await importModel(page, 'tampered.json', JSON.stringify(tampered));
    await page.waitForFunction(() =>
      /tampered\.json/.test(
        document.querySelector('perceptron-playground').shadowRoot.getElementById('export-error').textContent,
      ),
    );
    assert.match(await message.textContent(), /^tampered\.json: .*weights.*The model stays as it was\.$/);
    const after = await state();
    assert.deepEqual(
      [after.t, after.weights, after.bias, after.modelJson],
      [before.t, before.weights, before.bias, before.modelJson],
    );
  });
});

test('Download points as CSV: the points at full precision, the labels, a header', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    const s = await state();
    const file = await downloaded(page, () =>
      page.getByRole('button', { name: 'Download points as CSV', exact: true }).click(),
    );
    assert.equal(file.name, 'separable-points.csv');
    const [header, ...lines] = file.text.trimEnd().split('\n');
    assert.equal(header, 'x₁,x₂,label');
    assert.deepStrictEqual(
      lines.map((line) => {
        const [x, y, label] = line.split(',').map(Number);
        return { x, y, label };
      }),
      s.points,
    );
    // Text labels (Iris), named after the features.
    await chooseDataset(page, 'iris');
    const iris = await downloaded(page, () =>
      page.getByRole('button', { name: 'Download points as CSV', exact: true }).click(),
    );
    assert.equal(iris.name, 'iris-points.csv');
    const rows = iris.text.trimEnd().split('\n');
    assert.equal(rows[0], 'petal length,petal width,label');
    assert.equal(rows.length, 151);
    assert.equal(rows[1], '1.4,0.2,setosa');
  });
});

// Issue 25, item 7: labels and headers that a spreadsheet would run as formulas.
const FORMULA_LABELS = ['=1+1', '@x', '-1', '+x', "'=y", '-0.5'];
// Each label as the export must write it: a quote in front and quoted, numbers as they are.
const ESCAPED = ['"\'=1+1"', '"\'@x"', '-1', '"\'+x"', '"\'\'=y"', '-0.5'];
const formulaPoints = FORMULA_LABELS.flatMap((label, k) => [
  { x: k / 10, y: 0.5, label },
  { x: k / 10, y: -0.5, label },
]);
const formulaLink = `#data=points&labels=text&points=${formulaPoints
  .map((p) => `${p.x},${p.y},${encodeURIComponent(p.label)}`)
  .join(';')}`;
const downloadPoints = (page) =>
  downloaded(page, () => page.getByRole('button', { name: 'Download points as CSV', exact: true }).click());

async function upload(page, name, text, rows) {
  await chooseCsv(page, name, text);
  await page.getByRole('button', { name: 'Load data', exact: true }).click();
  await waitForState(page, (s, [file, n]) => s.dataset === 'csv' && s.points.length === n && s.link, [name, rows]);
  await page
    .getByRole('status')
    .filter({ hasText: `from ${name}` })
    .waitFor();
}

test('points CSV: formula labels written as text, and read back by the page exactly', async () => {
  await withDemo(formulaLink, { viewport: DESKTOP }, async ({ page, state }) => {
    const s = await state();
    assert.deepStrictEqual(
      s.points.map((p) => p.label),
      formulaPoints.map((p) => p.label),
    );
    const file = await downloadPoints(page);
    assert.equal(
      file.text,
      `x₁,x₂,label\n${formulaPoints.map((p, i) => `${p.x},${p.y},${ESCAPED[Math.floor(i / 2)]}`).join('\n')}\n`,
    );
    await upload(page, file.name, file.text, formulaPoints.length);
    const read = await state();
    assert.deepStrictEqual(read.points, formulaPoints, 'the exact labels, as strings');
    // The same file again: export after import changes nothing.
    assert.equal((await downloadPoints(page)).text, file.text);
  });
});

test('points CSV: a header that starts a formula, written as text and read back exactly', async () => {
  const original = '=col,@y,label\n0.1,0.2,=a\n0.3,0.4,-b\n-0.1,-0.2,-1\n';
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await upload(page, 'mine.csv', original, 3);
    assert.deepStrictEqual(
      (await state()).points.map((p) => p.label),
      ['=a', '-b', '-1'],
    );
    const file = await downloadPoints(page);
    assert.equal(file.name, 'mine-points.csv');
    assert.equal(file.text, `"'=col","'@y",label\n0.1,0.2,"'=a"\n0.3,0.4,"'-b"\n-0.1,-0.2,-1\n`);
    await upload(page, file.name, file.text, 3);
    // The picker shows the names as they were, and the page writes them out again the same.
    const preview = page.getByRole('table', { name: /The first \d+ rows of mine-points\.csv/ });
    assert.deepEqual((await preview.locator('th').allTextContents()).slice(0, 3), ['=col', '@y', 'label']);
    assert.deepEqual(
      (await state()).points.map((p) => p.label),
      ['=a', '-b', '-1'],
    );
    assert.equal((await downloadPoints(page)).text, file.text);
  });
});

test('trace CSV: formula labels in the label and prediction columns written as text', async () => {
  const link = `#data=points&labels=text&points=0.5,0.5,${encodeURIComponent('=1+1')};-0.5,-0.5,-1`;
  await withDemo(link, { viewport: DESKTOP }, async ({ page, button }) => {
    await button('Step').click();
    await button('Step').click();
    const { name, text } = await downloaded(page, () =>
      page.getByRole('button', { name: 'Export trace as CSV', exact: true }).click(),
    );
    assert.equal(name, 'trace.csv');
    const [header, ...rows] = text.trimEnd().split('\r\n');
    const names = header.split(',');
    assert.deepEqual(names.slice(0, 6), ['t', 'epoch', 'index', 'x[x₁]', 'x[x₂]', 'label']);
    const column = (key) => rows.map((line) => line.split(',')[names.indexOf(key)]);
    assert.deepEqual(column('label'), ['"\'=1+1"', '-1']);
    assert.ok(
      column('prediction').every((cell) => cell === '"\'=1+1"' || cell === '-1'),
      `predictions: ${column('prediction')}`,
    );
    assert.doesNotMatch(text, /(^|,)[=+@]/m, 'no cell starts a formula');
  });
});
