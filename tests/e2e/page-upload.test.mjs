// The CSV upload on the page (issue 9, "Data"): files made here (never a repo file) chosen in
// the file input labelled 'CSV file', read, shown and trained on exactly as the package does in
// Node; a bad file's error in a role="alert" with its line and column while the previous data
// stays loaded; a file whose header and labels are markup shown as text, never run.
//   node --test tests/e2e/page-upload.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseCsv,
  countInPlayground,
  loadPackage,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

// A seeded generator (Park-Miller), so every run makes the same files.
function random(seed) {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) / 2147483647) * 2 - 1;
}

/** n rows of two features in [-2, 2], labelled north / south by the line y = 0.3x + 0.1 (margin kept). */
function twoFeatureRows(n) {
  const next = random(11);
  const rows = [];
  while (rows.length < n) {
    const [x, y] = [Number((2 * next()).toFixed(3)), Number((2 * next()).toFixed(3))];
    const d = y - 0.3 * x - 0.1;
    if (Math.abs(d) > 0.15) rows.push({ x, y, label: d > 0 ? 'north' : 'south' });
  }
  return rows;
}

const loadButton = (page) => page.getByRole('button', { name: 'Load data', exact: true });
const uploadAlert = (page) => page.locator('.upload-alert');

test('a good CSV of two features: the points are its rows, the select names the file, Train equals fit in Node', async () => {
  const rows = twoFeatureRows(30);
  const text = `east,north_m,side\n${rows.map((r) => `${r.x},${r.y},${r.label}`).join('\n')}\n`;
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseCsv(page, 'mine.csv', text);
    // The preview: the first rows as text, the label column guessed (the text column).
    const preview = page.getByRole('table', { name: /The first \d+ rows of mine\.csv/ });
    await preview.waitFor();
    assert.deepEqual((await preview.locator('th').allTextContents()).slice(0, 3), ['east', 'north_m', 'side']);
    assert.deepEqual(await preview.locator('tbody tr').first().locator('td').allTextContents(), [
      String(rows[0].x),
      String(rows[0].y),
      rows[0].label,
    ]);
    assert.match(
      await page.getByLabel('Label', { exact: true }).locator('option:checked').textContent(),
      /^side \(text, 2 values\)$/,
    );
    await page.screenshot({ path: `${shots}/page-upload-preview-1280.png` });
    await loadButton(page).click();
    await waitForState(page, (s) => s.dataset === 'csv');
    assert.equal(
      await page.getByRole('status').filter({ hasText: 'Loaded' }).textContent(),
      'Loaded 30 rows × 2 features from mine.csv.',
    );
    const s = await state();
    assert.deepStrictEqual(s.points, rows);
    assert.deepEqual(s.classes, ['north', 'south']);
    assert.equal(
      await page.getByRole('combobox', { name: 'Dataset', exact: true }).locator('option:checked').textContent(),
      'Uploaded: mine.csv',
    );
    assert.match(s.link, /^#data=points&points=/, 'the link holds the uploaded points');

    await train(page);
    const trained = await state();
    const pw = await loadPackage();
    const X = { data: Float64Array.from(rows.flatMap((r) => [r.x, r.y])), rows: 30, cols: 2 };
    const model = new pw.Perceptron(trained.options);
    model.fit(
      X,
      rows.map((r) => r.label),
    );
    assert.deepStrictEqual(trained.modelJson, model.toJSON());
    assert.equal(trained.accuracy, 1);
    model.dispose();
    await page.screenshot({ path: `${shots}/page-upload-trained-1280.png` });
  });
});

test('a CSV of four features and three classes: the plane shows its 2-D PCA, the multi-class model trains on all four', async () => {
  const next = random(5);
  const lines = ['a;b;c;d;kind'];
  const table = [];
  for (let i = 0; i < 45; i++) {
    const k = i % 3;
    const row = [0, 1, 2, 3].map((j) => Number((3 * k + (j === k ? 2 : 0) + next()).toFixed(2)));
    table.push({ row, label: ['p', 'q', 'r'][k] });
    lines.push(`${row.join(';')};${['p', 'q', 'r'][k]}`);
  }
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseCsv(page, 'four.csv', `${lines.join('\n')}\n`);
    await page.getByRole('table', { name: /four\.csv/ }).waitFor();
    assert.equal(await page.getByLabel('PCA of all features (2-D projection)', { exact: true }).isChecked(), true);
    await loadButton(page).click();
    await waitForState(page, (s) => s.dataset === 'csv');
    const s = await state();
    assert.equal(s.model, 'MulticlassPerceptron', 'three classes: the multi-class perceptron');
    const pw = await loadPackage();
    const X = { data: Float64Array.from(table.flatMap((t) => t.row)), rows: 45, cols: 4 };
    const { projected } = pw.analysis.pca2d(X);
    assert.deepStrictEqual(
      s.points,
      projected.map(([x, y], i) => ({ x, y, label: table[i].label })),
    );
    assert.match(await page.locator('#point-count').textContent(), /first two principal components of 4 features/);
    await train(page);
    const trained = await state();
    const model = new pw.MulticlassPerceptron(trained.options);
    model.fit(
      X,
      table.map((t) => t.label),
    );
    assert.deepStrictEqual(trained.modelJson, model.toJSON());
    assert.equal(trained.modelJson.nFeatures, 4);
    model.dispose();
    await page.screenshot({ path: `${shots}/page-upload-pca-1280.png` });
  });
});

test('a bad CSV: the alert names the line and column, the previous data stays loaded', async () => {
  const lines = ['p,q,r,class'];
  for (let i = 2; i <= 300; i++)
    lines.push(`${i / 100},${i === 250 ? '1.2.3' : -i / 100},${i % 7},${i % 2 ? 'odd' : 'even'}`);
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await button('Step').click();
    const before = await state();
    await chooseCsv(page, 'late.csv', `${lines.join('\n')}\n`);
    await loadButton(page).click();
    await page.waitForFunction(() =>
      /line 250/.test(
        document.querySelector('perceptron-playground').shadowRoot.querySelector('.upload-alert').textContent,
      ),
    );
    const alert = uploadAlert(page);
    assert.equal(await alert.getAttribute('role'), 'alert');
    assert.equal(
      await alert.textContent(),
      'Could not read late.csv: line 250, column 2: expected a number, found "1.2.3" (column 2 is “q”)',
    );
    const after = await state();
    assert.deepStrictEqual(after.points, before.points, 'the old points are kept');
    assert.deepEqual([after.dataset, after.t, after.weights], [before.dataset, before.t, before.weights]);
    await page.screenshot({ path: `${shots}/page-upload-error-1280.png` });

    // A file with one column and an empty file: their own messages, nothing changes.
    await chooseCsv(page, 'one.csv', 'x\n1\n2\n3\n');
    await page.waitForFunction(() =>
      /one\.csv/.test(
        document.querySelector('perceptron-playground').shadowRoot.querySelector('.upload-alert').textContent,
      ),
    );
    assert.match(await alert.textContent(), /^Could not read one\.csv: line \d+: found 1 column/);
    await chooseCsv(page, 'empty.csv', '');
    await page.waitForFunction(() =>
      /empty\.csv/.test(
        document.querySelector('perceptron-playground').shadowRoot.querySelector('.upload-alert').textContent,
      ),
    );
    assert.equal(
      await alert.textContent(),
      'Could not read empty.csv: line 1, column 1: the file is empty; expected a header or rows of data',
    );
    assert.deepStrictEqual((await state()).points, before.points);

    // Seven classes: more than the page shows; refused with the reason, old data kept.
    const seven = ['u,v,w', ...Array.from({ length: 14 }, (_, i) => `${i},${i * 2},c${i % 7}`)].join('\n');
    await chooseCsv(page, 'seven.csv', `${seven}\n`);
    await loadButton(page).click();
    await page.waitForFunction(() =>
      /seven\.csv/.test(
        document.querySelector('perceptron-playground').shadowRoot.querySelector('.upload-alert').textContent,
      ),
    );
    assert.match(await alert.textContent(), /seven\.csv.*7 classes; the playground shows at most 6/);
    assert.deepStrictEqual((await state()).points, before.points);
  });
});

test('a CSV whose header and labels are markup: shown as text, no element made, nothing run', async () => {
  const markup = '<img src=x onerror="window.__pwned=1">';
  const quoted = `"${markup.replace(/"/g, '""')}"`;
  const label2 = '<b>bold</b>';
  const rows = [`x,<i>y</i>,${quoted}`];
  for (let i = 0; i < 12; i++) rows.push(`${(i - 6) / 10},${i % 2 ? 0.5 : -0.5},${i % 2 ? quoted : label2}`);
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await chooseCsv(page, '<svg onload=alert(1)>.csv', `${rows.join('\n')}\n`);
    await page.getByRole('table', { name: /The first \d+ rows of/ }).waitFor();
    await page.getByLabel('Label', { exact: true }).selectOption('2');
    await loadButton(page).click();
    const said = () =>
      page.evaluate(() =>
        [
          ...document
            .querySelector('perceptron-playground')
            .shadowRoot.querySelectorAll('.upload-alert, .upload-why, .upload-status'),
        ].map((e) => e.textContent),
      );
    await waitForState(page, (s) => s.dataset === 'csv', null, 5000).catch(async (error) => {
      throw new Error(`${error.message}; the upload panel says ${JSON.stringify(await said())}`);
    });
    const s = await state();
    assert.deepEqual(s.classes, [label2, markup].sort());
    assert.equal(s.points.filter((p) => p.label === markup).length, 6);
    // The labels are in the palette, the Dataset select and the trace as text.
    await button(`Class ${markup}`).waitFor();
    // The header's markup as the plane's axis name and the trace's column, as text.
    assert.equal(await page.getByRole('table', { name: 'Trace' }).locator('thead th', { hasText: 'label' }).count(), 1);
    assert.equal(await page.locator('i', { hasText: /^y$/ }).count(), 0);
    await button('Step').click();
    await button('Step').click();
    assert.equal(
      (await page.getByRole('table', { name: 'Trace' }).locator('tbody td', { hasText: markup }).count()) > 0,
      true,
    );
    assert.match(
      await page.getByRole('combobox', { name: 'Dataset', exact: true }).locator('option:checked').textContent(),
      /^Uploaded: <svg onload=alert\(1\)>\.csv$/,
    );
    for (const selector of ['img', '[onerror]', '[onload]']) {
      assert.equal(await countInPlayground(page, selector), 0, `no ${selector} in the shadow root`);
      assert.equal(
        await page.evaluate((sel) => document.querySelectorAll(sel).length, selector),
        0,
        `no ${selector} in the document`,
      );
    }
    // <b> elements are the option panel's own; none holds the CSV's 'bold'.
    assert.equal(await page.locator('b', { hasText: /^bold$/ }).count(), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await page.screenshot({ path: `${shots}/page-upload-markup-1280.png`, fullPage: true });
  }); // withDemo: no dialog (alert) was opened, no console error
});
