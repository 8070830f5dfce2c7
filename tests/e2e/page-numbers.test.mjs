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
  await withDemo('', { viewport: DESKTOP }, async ({ page }) => {
    await chooseCsv(page, 'almost.csv', `x,y,label\n${rows.join('\n')}\n`);
    await page.getByRole('button', { name: 'Load data', exact: true }).click();
    // 2,000 rows: more than the page keeps, so the Worker holds them and the page draws 1,000.
    await waitForState(page, (s) => s.dataset === 'csv' && !s.busy && s.points.length === 1000);
    await importModel(page, await signOfXModel());
    // The accuracy of all 2,000 rows, from the Worker's evaluate.
    const accuracy = page.locator('#status-accuracy');
    await accuracy.filter({ hasText: '99.95% (1 of 2,000 wrong)' }).waitFor();
    assert.equal(await accuracy.textContent(), '99.95% (1 of 2,000 wrong)');
    await page.screenshot({ path: `${shots}/page-numbers-accuracy.png` });
  });
});

// A figure as the page must write it: en-US, thousands grouped ('500,000').
const grouped = (n) => n.toLocaleString('en-US');

test('item 5: the status panel, the trace, the curve and the theory write large counts as 145,766', async () => {
  await withDemo('#data=gaussians&dseed=2&n=5000&noise=1', { viewport: DESKTOP }, async ({ page, state }) => {
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    await waitForState(page, (s) => !s.busy && s.t > 0, null, 60_000);
    const s = await state();
    assert.ok(s.t >= 100_000 && s.mistakes >= 1000, `large counts: t ${s.t}, mistakes ${s.mistakes}`);
    const text = (selector) => page.locator(selector).textContent();
    assert.equal(await text('#status-t'), grouped(s.t));
    assert.match(await text('#status-t'), /^\d{1,3}(,\d{3})+$/);
    assert.equal(await text('#status-mistakes'), grouped(s.mistakes));
    assert.match(await text('#status-mistakes'), /^\d{1,3}(,\d{3})+$/);
    assert.equal(await text('#status-epoch'), grouped(s.epoch));
    assert.match(await text('#status-last'), new RegExp(`\\(${grouped(s.t)} steps\\)`));
    // The trace: Train's steps, the last row's t and row as counts.
    const table = page.getByRole('table', { name: 'Trace' });
    const names = (await table.locator('thead th').allTextContents()).map((name) => name.trim());
    const rows = table.locator('tbody tr.trace-row');
    await table.scrollIntoViewIfNeeded();
    await table.locator('..').evaluate((scroll) => (scroll.scrollTop = scroll.scrollHeight));
    await page.waitForTimeout(200);
    const cells = await rows
      .nth((await rows.count()) - 1)
      .locator('td')
      .allTextContents();
    const t = cells[names.indexOf('t')].replace(/^\D+/, '');
    assert.match(t, /^\d{1,3}(,\d{3})+$/, `the last trace row's t: ${t}`);
    assert.equal(
      cells[names.indexOf('row')],
      grouped(Number(cells[names.indexOf('row')].replaceAll(',', ''))),
      'the row as a count',
    );
    // The curve's legend and the theory's sentences.
    assert.match(await page.locator('#curve').textContent(), new RegExp(`Mistakes in all\\s*${grouped(s.mistakes)}`));
    const theory = await page.locator('[data-control="theory"]').textContent();
    assert.match(theory, new RegExp(`${grouped(s.mistakes)} mistakes > \\d{1,3}(,\\d{3})*(\\.\\d+)? \\(`));
    // No whole part of 4 digits or more left ungrouped (R, γ, the bound, the points' numbers).
    assert.doesNotMatch(theory, /(?<![\d.,])\d{4,}/);
    await page.locator('#status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-numbers-status.png` });
  });
});
