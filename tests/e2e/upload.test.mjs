// The CSV upload panel (web/upload/upload.js) on the blank fixture page, under the page's CSP, driven by
// accessible names: files up to 4 MB (read on the main thread), the column picker, errors, markup
// in a file, drag and drop, and the panel at 375 px. Files over 4 MB: upload-worker.test.mjs.
// The CSV files are made here and checked value for value against this file's own split of them.
//   node --test tests/e2e/upload.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shots, useBrowser, withFixture } from './browser.mjs';
import { DESKTOP, PHONE, csvFile, irisCsv, loaded, setup, split } from './upload-fixture.mjs';

useBrowser();

test('a good CSV: preview, guessed columns, and the data onLoad gets equal to the text', async () => {
  await withFixture(DESKTOP, async ({ page }) => {
    await setup(page);
    const text = irisCsv(30);
    const { head, rows } = split(text);
    const before = await page.evaluate(() => window.pw.memory().inUse);
    await page.getByLabel('CSV file').setInputFiles(csvFile('iris-like.csv', text));
    await page.getByRole('button', { name: 'Load data' }).waitFor();

    assert.match(await page.locator('.upload-dialect').textContent(), /comma-separated, header row; 5 columns/);
    // The preview: the header and the first 8 rows, as text.
    const table = await page.locator('.upload-table').evaluate((t) => ({
      head: [...t.querySelectorAll('th')].map((th) => th.textContent),
      rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent)),
      caption: t.caption.textContent,
    }));
    assert.deepEqual(table.head, head);
    assert.deepEqual(table.rows, rows.slice(0, 8));
    assert.equal(table.caption, 'The first 8 rows of iris-like.csv');
    // The guesses: 'species' is the label (by its name); the four numeric columns are features.
    assert.equal(await page.getByLabel('Label', { exact: true }).inputValue(), '2');
    for (const name of ['sepal length', 'sepal width', 'petal length', 'petal width']) {
      assert.equal(await page.getByLabel(name, { exact: true }).isChecked(), true, name);
    }
    assert.equal(await page.getByLabel('species', { exact: true }).isDisabled(), true);
    // Four features: the plane shows their PCA.
    assert.equal(await page.getByLabel('PCA of all features (2-D projection)').isChecked(), true);
    assert.equal(await page.getByLabel('Plane x').isDisabled(), true);

    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => window.loads.length === 1);
    const data = await loaded(page, 0);
    assert.equal(data.fileName, 'iris-like.csv');
    assert.equal(data.labelName, 'species');
    assert.deepEqual(data.featureNames, ['sepal length', 'sepal width', 'petal length', 'petal width']);
    assert.equal(data.plane, 'pca');
    assert.equal(data.droppedRows, 0);
    assert.deepEqual(
      { rows: data.X.rows, cols: data.X.cols, float64: data.X.float64 },
      { rows: 30, cols: 4, float64: true },
    );
    assert.deepEqual(
      data.X.data,
      rows.flatMap((row) => [row[0], row[1], row[3], row[4]].map(Number)),
    );
    assert.deepEqual(
      data.labels,
      rows.map((row) => row[2]),
    );
    assert.equal(await page.getByRole('status').textContent(), 'Loaded 30 rows × 4 features from iris-like.csv.');
    assert.equal(await page.getByRole('alert').textContent(), '');
    // Every Dataset made was freed; nothing went to the worker for a small file.
    assert.equal(await page.evaluate(() => window.pw.memory().inUse), before);
    assert.deepEqual(await page.evaluate(() => [window.busy, window.worker === undefined]), [[], true]);

    await page.screenshot({ path: `${shots}/upload-preview-1280.png`, fullPage: true });
  });
});

test('the column picker: label, features and plane axes change what is loaded', async () => {
  await withFixture(DESKTOP, async ({ page }) => {
    await setup(page);
    const text = irisCsv(12, 3);
    const { rows } = split(text);
    await page.getByLabel('CSV file').setInputFiles(csvFile('iris-like.csv', text));
    // A numeric label: 'petal width'. 'species' (text) stays unavailable as a feature.
    await page.getByLabel('Label', { exact: true }).selectOption({ label: 'petal width (numbers)' });
    assert.equal(await page.getByLabel('petal width', { exact: true }).isDisabled(), true);
    assert.match(
      await page.locator('.upload-feature', { hasText: 'species' }).textContent(),
      /not numeric \(“setosa”\)/,
    );
    assert.equal(await page.getByLabel('PCA of all features (2-D projection)').isChecked(), true);
    // Two features left: the plane shows those two, not a PCA.
    await page.getByLabel('sepal width', { exact: true }).uncheck();
    assert.equal(await page.getByLabel('PCA of all features (2-D projection)').isChecked(), false);
    assert.deepEqual(
      [await page.getByLabel('Plane x').inputValue(), await page.getByLabel('Plane y').inputValue()],
      ['0', '3'],
    );
    // Plane x takes plane y's feature: the axes swap.
    await page.getByLabel('Plane x').selectOption({ label: 'petal length' });
    assert.equal(await page.getByLabel('Plane y').inputValue(), '0');
    // No feature: Load says why and does nothing.
    await page.getByRole('button', { name: 'None' }).click();
    const load = page.getByRole('button', { name: 'Load data' });
    assert.equal(await load.getAttribute('aria-disabled'), 'true');
    assert.equal(await page.locator('.upload-why').textContent(), 'Choose one feature column at least.');
    await load.click({ force: true }); // aria-disabled: it stays focusable, and does nothing
    assert.equal(await page.evaluate(() => window.loads.length), 0);
    await page.getByRole('button', { name: 'All numeric' }).click();
    await page.getByLabel('sepal width', { exact: true }).uncheck();
    await page.getByLabel('Plane x').selectOption({ label: 'petal length' });
    assert.equal(await load.getAttribute('aria-disabled'), 'false');
    await load.click();
    await page.waitForFunction(() => window.loads.length === 1);
    const data = await loaded(page, 0);
    assert.equal(data.labelName, 'petal width');
    assert.deepEqual(data.featureNames, ['sepal length', 'petal length']);
    assert.deepEqual(data.plane, [1, 0]);
    assert.deepEqual(
      data.X.data,
      rows.flatMap((row) => [Number(row[0]), Number(row[3])]),
    );
    assert.deepEqual(
      data.labels,
      rows.map((row) => Number(row[4])),
    );

    // A semicolon-separated file without a header: x1, x2, ...; the last column is the label.
    const plain = '1.5;2;3;-1\n4;5.25;6;1\n7;8;9.5;1\n';
    await page.getByLabel('CSV file').setInputFiles(csvFile('plain.csv', plain));
    await page.waitForFunction(() => /semicolon/.test(document.querySelector('.upload-dialect').textContent));
    assert.equal(
      await page.locator('.upload-dialect').textContent(),
      'Detected: semicolon-separated, no header row (columns named x1, x2, …); 4 columns.',
    );
    assert.equal(await page.getByLabel('First row is a header').isChecked(), false);
    assert.equal(await page.getByLabel('Label', { exact: true }).inputValue(), '3');
    assert.equal(await page.getByLabel('PCA of all features (2-D projection)').isChecked(), true);
    await page.getByLabel('x2', { exact: true }).uncheck();
    await load.click();
    await page.waitForFunction(() => window.loads.length === 2);
    const plainData = await loaded(page, 1);
    assert.deepEqual(
      [plainData.labelName, plainData.featureNames, plainData.plane, plainData.X.data, plainData.labels],
      ['x4', ['x1', 'x3'], [0, 1], [1.5, 3, 4, 6, 7, 9.5], [-1, 1, 1]],
    );
    // The header checkbox corrects the guess: the first row becomes the names.
    await page.getByLabel('First row is a header').check();
    assert.deepEqual(await page.locator('.upload-table th').allTextContents(), ['1.5', '2', '3', '-1']);
    assert.equal(await page.locator('.upload-table tbody tr').count(), 2);
  });
});

test('a bad CSV: the alert names the line and column, onLoad is not called, the panel keeps working', async () => {
  await withFixture(DESKTOP, async ({ page }) => {
    await setup(page);
    const load = page.getByRole('button', { name: 'Load data' });
    await page.getByLabel('CSV file').setInputFiles(csvFile('good.csv', irisCsv(9)));
    await load.click();
    await page.waitForFunction(() => window.loads.length === 1);
    const before = await page.evaluate(() => window.pw.memory().inUse);

    // A missing value at line 5, column 3 (the preview's guesses allow missing values).
    const text = 'a,b,c,label\n1,2,3,x\n4,5,6,y\n7,8,9,x\n10,11,NA,y\n13,14,15,x\n';
    await page.getByLabel('CSV file').setInputFiles(csvFile('bad.csv', text));
    await load.click();
    const alert = page.getByRole('alert');
    await page.waitForFunction(() => document.querySelector('[role=alert]').textContent !== '');
    assert.equal(
      await alert.textContent(),
      'Could not read bad.csv: line 5, column 3: missing value ("NA"); expected a number ' +
        '(tick “Leave out rows with a missing value” to skip such rows) (column 3 is “c”)',
    );
    assert.equal(await page.evaluate(() => window.loads.length), 1);
    assert.equal(await page.getByRole('status').textContent(), '');
    // Leaving such rows out loads the rest.
    await page.getByLabel('Leave out rows with a missing value (empty, NA, NaN, ?)').check();
    await load.click();
    await page.waitForFunction(() => window.loads.length === 2);
    const dropped = await loaded(page, 1);
    assert.deepEqual([dropped.X.rows, dropped.droppedRows, dropped.labels], [4, 1, ['x', 'y', 'x', 'x']]);
    assert.equal(await alert.textContent(), '');
    assert.match(
      await page.getByRole('status').textContent(),
      /Loaded 4 rows × 3 features .*1 row with a missing value left out/,
    );

    // A non-number past the rows the preview looks at: line 250, column 3.
    const lines = ['p,q,r,s,class'];
    for (let i = 2; i <= 300; i++)
      lines.push(`${i},${i + 1},${i === 250 ? '3.1.4' : i * 2},${-i},${i % 2 ? 'odd' : 'even'}`);
    await page.getByLabel('CSV file').setInputFiles(csvFile('late.csv', `${lines.join('\n')}\n`));
    await load.click();
    await page.waitForFunction(() => /line 250/.test(document.querySelector('[role=alert]').textContent));
    assert.equal(
      await alert.textContent(),
      'Could not read late.csv: line 250, column 3: expected a number, found "3.1.4" (column 3 is “r”)',
    );
    assert.equal(await page.evaluate(() => window.loads.length), 2);
    await page.screenshot({ path: `${shots}/upload-error-1280.png`, fullPage: true });

    // onLoad refuses the data (the lead's check): its message, the panel as it was.
    await page.getByLabel('CSV file').setInputFiles(csvFile('good.csv', irisCsv(9)));
    await page.evaluate(() => (window.refuse = 'the page shows 6 classes at most; this file has 9'));
    await load.click();
    await page.waitForFunction(() => /was not loaded/.test(document.querySelector('[role=alert]').textContent));
    assert.equal(
      await alert.textContent(),
      'good.csv was not loaded: the page shows 6 classes at most; this file has 9',
    );
    assert.equal(await page.locator('.upload-details').isVisible(), true);
    assert.equal(await page.evaluate(() => window.loads.length), 2);

    // Not CSV at all: a PNG's bytes, an empty file, one column.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await page.getByLabel('CSV file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await page.waitForFunction(() => /photo/.test(document.querySelector('[role=alert]').textContent));
    assert.equal(
      await alert.textContent(),
      'Could not read photo.png: line 1, column 1: found invalid UTF-8 (byte 0x89); expected UTF-8 text',
    );
    assert.equal(await page.locator('.upload-details').isVisible(), false);
    await page.getByLabel('CSV file').setInputFiles(csvFile('empty.csv', ''));
    await page.waitForFunction(() => /empty\.csv/.test(document.querySelector('[role=alert]').textContent));
    assert.equal(
      await alert.textContent(),
      'Could not read empty.csv: line 1, column 1: the file is empty; expected a header or rows of data',
    );
    await page.getByLabel('CSV file').setInputFiles(csvFile('notes.txt', 'just some words\nand more\n', 'text/plain'));
    await page.waitForFunction(() => /notes\.txt/.test(document.querySelector('[role=alert]').textContent));
    assert.match(
      await alert.textContent(),
      /^Could not read notes\.txt: line 1: found 1 column .*expected two at least/,
    );
    assert.equal(await page.evaluate(() => window.loads.length), 2);
    assert.equal(await page.evaluate(() => window.pw.memory().inUse), before);
  });
});

test('a CSV whose header and labels are markup: shown as text, never run', async () => {
  await withFixture(DESKTOP, async ({ page }) => {
    await setup(page);
    const evil = '<img src=x onerror="window.__pwned=1">';
    const quote = (s) => `"${s.replaceAll('"', '""')}"`;
    const text =
      `${quote(evil)},b,${quote(`<b>${evil}</b>`)}\n` +
      `1,2,${quote(evil)}\n3,4,<script>window.__pwned=2</script>\n5,6,${quote(evil)}\n`;
    await page.getByLabel('CSV file').setInputFiles(csvFile(`${evil}.csv`, text));
    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => window.loads.length === 1);
    const seen = await page.evaluate(() => ({
      images: document.querySelectorAll('img').length,
      scripts: document.querySelectorAll('script').length,
      bold: document.querySelectorAll('#fixture b').length,
      pwned: window.__pwned,
      head: [...document.querySelectorAll('.upload-table th')].map((th) => th.textContent),
      cell: document.querySelector('.upload-table td:last-child').textContent,
      label: [...document.querySelectorAll('.upload select')].find((s) => s.labels[0].textContent === 'Label')
        .selectedOptions[0].text,
      status: document.querySelector('[role=status]').textContent,
    }));
    assert.deepEqual(seen, {
      images: 0,
      scripts: 0,
      bold: 0,
      pwned: undefined,
      head: [evil, 'b', `<b>${evil}</b>`],
      cell: evil,
      label: `<b>${evil}</b> (text, 2 values)`,
      status: `Loaded 3 rows × 2 features from ${evil}.csv.`,
    });
    assert.equal(await page.getByLabel(evil, { exact: true }).isChecked(), true);
    const data = await loaded(page, 0);
    assert.deepEqual(data.labels, [evil, '<script>window.__pwned=2</script>', evil]);
    assert.deepEqual(data.featureNames, [evil, 'b']);
  });
});

test('drag and drop on the panel and on the plane, with a visible drag-over state', async () => {
  await withFixture(DESKTOP, async ({ page }) => {
    await setup(page);
    const drop = (target, name, text) =>
      page.evaluate(
        ({ target, name, text }) => {
          const element = target === 'plane' ? window.plane : document.querySelector('.upload');
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], name, { type: 'text/csv' }));
          const fire = (type) =>
            element.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
          fire('dragenter');
          fire('dragover');
          const during = element.classList.contains('upload-drop-active');
          const accepted = !fire('drop'); // the drop was taken (preventDefault)
          return { during, after: element.classList.contains('upload-drop-active'), accepted };
        },
        { target, name, text },
      );
    // The drag-over state, as it looks.
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['a'], 'a.csv'));
      window.plane.dispatchEvent(
        new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    });
    await page.screenshot({ path: `${shots}/upload-dragover-1280.png` });
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['a'], 'a.csv'));
      window.plane.dispatchEvent(new DragEvent('dragleave', { dataTransfer: transfer, bubbles: true }));
    });
    assert.equal(await page.evaluate(() => window.plane.classList.contains('upload-drop-active')), false);

    assert.deepEqual(await drop('plane', 'dropped.csv', 'u,v,y\n1,2,a\n3,4,b\n'), {
      during: true,
      after: false,
      accepted: true,
    });
    await page.getByRole('button', { name: 'Load data' }).waitFor();
    assert.equal(await page.locator('.upload-table caption').textContent(), 'The first 2 rows of dropped.csv');
    // The input shows the dropped file too.
    assert.equal(await page.evaluate(() => window.upload.input.files[0].name), 'dropped.csv');
    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => window.loads.length === 1);
    assert.deepEqual((await loaded(page, 0)).X.data, [1, 2, 3, 4]);

    assert.deepEqual(await drop('panel', 'second.csv', 'u,v,w,y\n1,2,3,p\n'), {
      during: true,
      after: false,
      accepted: true,
    });
    await page.waitForFunction(() => /second\.csv/.test(document.querySelector('.upload-table caption').textContent));
    // openFile, the lead's own way in.
    await page.evaluate(() => window.upload.openFile(new File(['m,n\n5,6\n7,8\n'], 'api.csv')));
    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => window.loads.length === 2);
    const data = await loaded(page, 1);
    assert.deepEqual(
      [data.fileName, data.labelName, data.X.data, data.labels, data.plane],
      ['api.csv', 'n', [5, 7], [6, 8], [0, 0]],
    );
  });
});

test('at 375 px wide: the preview scrolls inside its box, the page does not', async () => {
  await withFixture(PHONE, async ({ page }) => {
    await setup(page);
    const names = [
      'sepal length (cm)',
      'sepal width (cm)',
      'petal length (cm)',
      'petal width (cm)',
      'stem',
      'leaf',
      'variety',
    ];
    const lines = [names.join(',')];
    for (let i = 0; i < 20; i++)
      lines.push(
        `${5 + (i % 7) / 10},${3 + (i % 5) / 10},${1 + (i % 9) / 10},${(i % 4) / 10},${i},${i * 2},${['Setosa', 'Versicolor', 'Virginica'][i % 3]}`,
      );
    await page.getByLabel('CSV file').setInputFiles(csvFile('iris-with-a-long-name.csv', `${lines.join('\n')}\n`));
    await page.getByRole('button', { name: 'Load data' }).waitFor();
    assert.equal(await page.getByLabel('Label', { exact: true }).inputValue(), '6');
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      wrap: document.querySelector('.upload-table-wrap').clientWidth,
      table: document.querySelector('.upload-table').scrollWidth,
    }));
    assert.ok(widths.page <= 375, `page ${widths.page} px wide`);
    assert.ok(widths.table > widths.wrap, 'the table scrolls in its box');
    await page.screenshot({ path: `${shots}/upload-preview-375.png`, fullPage: true });
    lines[4] = lines[4].replace(/,[^,]+$/, ''); // line 5: six fields of seven
    await page.getByLabel('CSV file').setInputFiles(csvFile('iris-with-a-long-name.csv', `${lines.join('\n')}\n`));
    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => document.querySelector('[role=alert]').textContent !== '');
    assert.match(
      await page.getByRole('alert').textContent(),
      /^Could not read iris-with-a-long-name\.csv: line 5, column 7: expected 7 fields \(as on line 1\), found 6/,
    );
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375));
    await page.screenshot({ path: `${shots}/upload-error-375.png`, fullPage: true });
  });
});
