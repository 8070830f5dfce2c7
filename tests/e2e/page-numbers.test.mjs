// How the page writes numbers (issue 25): an accuracy never reads 100% while a point is wrong
// (item 4), and every count on the page is written in one en-US format, 145,766 (item 5).
//   node --test tests/e2e/page-numbers.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, chooseCsv, loadPackage, shots, useBrowser, waitForState, withDemo } from './browser.mjs';

useBrowser();

/** A model that predicts the sign of x (w = (2, 0), b = 0), as pw.Perceptron saves it. */
async function signOfXModel() {
  const pw = await loadPackage();
  const model = new pw.Perceptron();
  try {
    model.fit(
      [
        [1, 0],
        [-1, 0],
      ],
      [1, -1],
    );
    assert.deepEqual([model.weights, model.bias], [[2, 0], 0]);
    return JSON.stringify(model.toJSON());
  } finally {
    model.dispose();
  }
}

async function importModel(page, text) {
  await page.getByLabel('Import model JSON', { exact: true }).setInputFiles({
    name: 'sign.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text, 'utf8'),
  });
  await waitForState(page, (s) => s.modelJson !== null);
}

test('item 4: 1 of 2,000 points wrong reads 99.95%, not 100%', async () => {
  // 2,000 points labelled by the sign of x, but one.
  const rows = [];
  for (let k = 1; k <= 1000; k++) rows.push(`${k / 1000},${(k % 7) / 10},1`, `${-k / 1000},${(k % 5) / 10},-1`);
  rows[0] = '0.001,0.1,-1';
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseCsv(page, 'almost.csv', `x,y,label\n${rows.join('\n')}\n`);
    await page.getByRole('button', { name: 'Load data', exact: true }).click();
    await waitForState(page, (s) => s.dataset === 'csv' && s.points.length === 2000);
    await importModel(page, await signOfXModel());
    const s = await state();
    assert.equal(s.misclassified.filter(Boolean).length, 1);
    assert.equal(s.accuracy, 1999 / 2000);
    assert.equal(await page.locator('#status-accuracy').textContent(), '99.95% (1 of 2,000 wrong)');
    await page.screenshot({ path: `${shots}/page-numbers-accuracy.png` });
  });
});
