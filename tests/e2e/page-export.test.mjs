// Export and import (issue 9, "Sharing and teaching"): 'Export model as JSON' downloads the
// model's toJSON(); the 'Import model JSON' file input reads it back (in another page too) and
// the page then predicts exactly what pw[kind].fromJSON(json).predict gives in Node; bad files
// are refused with a message and change nothing. 'Download points as CSV' gives the points at
// full precision.
//   node --test tests/e2e/page-export.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
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
