// The train / validation / test split (issue 9, "Data"): the selects labelled 'Validation part'
// and 'Test part' hold rows out as pw.modelSelection.split(labels, {validation, test, seed: 0})
// does (rows sorted); Train fits on the training rows with the validation rows as fit's
// validation set, and the accuracies the page shows after Train (training, validation, test)
// equal the ones computed here in Node on the same split.
//   node --test tests/e2e/page-split.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPercent } from '../../web/shell/format.js';
import {
  DESKTOP,
  chooseDataset,
  control,
  loadPackage,
  matrixOf,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

/** The rows of `points` at `rows` as {X, y}. */
const take = (points, rows) => matrixOf(rows.map((r) => points[r]));

/** Node's split, fit and accuracies for the page's points and options. */
async function splitInNode(kind, options, points, validation, test) {
  const pw = await loadPackage();
  const labels = points.map((p) => p.label);
  const parts = pw.modelSelection.split(labels, {
    seed: 0,
    ...(validation ? { validation: validation / 100 } : {}),
    ...(test ? { test: test / 100 } : {}),
  });
  const sorted = (rows) => (rows ? [...rows].sort((a, b) => a - b) : null);
  const rows = { train: sorted(parts.train), validation: sorted(parts.validation), test: sorted(parts.test) };
  const train = take(points, rows.train);
  const model = new pw[kind](options);
  try {
    const held = rows.validation ? take(points, rows.validation) : null;
    const report = model.fit(train.X, train.y, held ? { validation: held } : {});
    const score = (part) => (part ? model.score(part.X, part.y) : null);
    return {
      rows,
      report,
      json: model.toJSON(),
      accuracy: score(train),
      validationAccuracy: score(held),
      testAccuracy: score(rows.test ? take(points, rows.test) : null),
    };
  } finally {
    model.dispose();
  }
}

const percent = (accuracy, wrong, total) => `${formatPercent(accuracy)} (${wrong} of ${total} wrong)`;

test('20% validation and 20% test on overlapping Gaussians: Train’s accuracies equal Node’s on the same split', async (t) => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseDataset(page, 'gaussians');
    await control(page, 'slider', 'Noise').fill('0.8');
    await waitForState(page, (s) => s.link.includes('noise=0.8'));
    await control(page, 'combobox', 'Validation part').selectOption('20');
    await control(page, 'combobox', 'Test part').selectOption('20');
    await waitForState(page, (s) => s.link.includes('&val=20&test=20&'));
    const s0 = await state();
    const node = await splitInNode(s0.model, s0.options, s0.points, 20, 20);
    const n = (rows) => rows.length;
    assert.deepEqual([n(node.rows.train), n(node.rows.validation), n(node.rows.test)], [60, 20, 20]);
    assert.match(await page.locator('#point-count').textContent(), /Split: 60 train, 20 validation, 20 test\.$/);
    assert.equal(await page.locator('#status-test').textContent(), '— (no step yet)');

    await train(page);
    const s = await state();
    assert.deepStrictEqual(s.modelJson, node.json, 'fit on the training rows, validated on the validation rows');
    assert.equal(s.t, node.report.steps);
    assert.equal(s.accuracy, node.accuracy);
    assert.equal(s.validationAccuracy, node.validationAccuracy);
    assert.equal(s.testAccuracy, node.testAccuracy);
    assert.ok(s.testAccuracy > 0.5 && s.testAccuracy < 1, `overlapping classes: ${s.testAccuracy}`);
    // Shown as the page says it: percent, and how many of the part's rows are wrong.
    const wrong = (accuracy, total) => Math.round((1 - accuracy) * total);
    assert.equal(
      await page.locator('#status-test').textContent(),
      percent(s.testAccuracy, wrong(s.testAccuracy, 20), 20),
    );
    assert.equal(
      await page.locator('#status-validation').textContent(),
      percent(s.validationAccuracy, wrong(s.validationAccuracy, 20), 20),
    );
    assert.equal(await page.locator('#status-accuracy').textContent(), percent(s.accuracy, wrong(s.accuracy, 60), 60));
    t.diagnostic(
      `train ${s.accuracy}, validation ${s.validationAccuracy}, test ${s.testAccuracy} after ${s.epoch} epochs`,
    );
    // The learning curve has the validation error of every epoch.
    assert.deepEqual(
      s.history.map((e) => e.validationError),
      node.report.history.map((e) => e.validationError),
    );
    await page.screenshot({ path: `${shots}/page-split-trained-1280.png` });
  });
});

test('a test part only, on Iris with the multi-class perceptron: test accuracy equals Node’s', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseDataset(page, 'iris');
    await control(page, 'combobox', 'Test part').selectOption('30');
    await waitForState(page, (s) => s.link.includes('&val=0&test=30&'));
    await train(page);
    const s = await state();
    const node = await splitInNode(s.model, s.options, s.points, 0, 30);
    assert.equal(node.rows.test.length, 45);
    assert.deepStrictEqual(s.modelJson, node.json);
    assert.equal(s.testAccuracy, node.testAccuracy);
    assert.equal(s.validationAccuracy, null);
    assert.equal(await page.locator('#status-validation').textContent(), '— (no validation part)');
  });
});

test('more than 80% held out is refused with a message; the split and the model stay', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await control(page, 'combobox', 'Validation part').selectOption('50');
    await waitForState(page, (s) => s.link.includes('&val=50&'));
    await button('Step').click();
    const before = await state();
    await control(page, 'combobox', 'Test part').selectOption('40');
    const error = page.locator('#data-error');
    assert.equal(
      await error.textContent(),
      'Validation and test together must leave at least 20% of the points to train.',
    );
    assert.equal(await control(page, 'combobox', 'Test part').inputValue(), '0', 'the select shows the part in use');
    const after = await state();
    assert.deepEqual([after.t, after.weights, after.link], [before.t, before.weights, before.link]);
  });
});
