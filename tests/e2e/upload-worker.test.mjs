// The CSV upload panel (web/upload/upload.js) with files over 4 MB: read in the worker (loadCsv, read,
// dispose) with a progress bar and Cancel, on the blank fixture page under the page's CSP.
//   node --test tests/e2e/upload-worker.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shots, useBrowser, withFixture } from './browser.mjs';
import { DESKTOP, bigCsv, csvFile, irisCsv, setup, watchProgress } from './upload-fixture.mjs';

useBrowser();

test('a file over 4 MB is read in the worker, with progress, equal to the main-thread read', async () => {
  await withFixture(DESKTOP, async ({ page }) => {
    await setup(page);
    const { text, rows } = bigCsv(5_300_000);
    assert.ok(text.length > 4_000_000);
    const before = await page.evaluate(() => window.pw.memory().inUse);
    await page.getByLabel('CSV file').setInputFiles(csvFile('big.csv', text));
    await page.getByRole('button', { name: 'Load data' }).waitFor();
    assert.equal(await page.locator('.upload-file-line').textContent(), 'big.csv: 5.3 MB (read in the background)');
    assert.equal(await page.getByLabel('Label', { exact: true }).inputValue(), '6');
    assert.equal(await page.locator('.upload-table tbody tr').count(), 8);
    await watchProgress(page);
    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => window.loads.length === 1, null, { timeout: 60_000 });

    // The progress bar said how far the worker had read, in MB of the file's size.
    const seen = await page.evaluate(() => window.progressSeen);
    const sizes = seen.filter((s) => /MB of 5\.3 MB, [\d,]+ rows$/.test(s.text));
    assert.ok(sizes.length >= 1, JSON.stringify(seen.slice(0, 5)));
    assert.ok(
      seen.some((s) => s.max === text.length && s.value === text.length),
      'the bar reached the end',
    );
    assert.ok(seen.some((s) => s.text === `5.3 MB of 5.3 MB, ${rows.toLocaleString('en-US')} rows`));
    assert.ok(seen.some((s) => /^Copying [\d,]+ rows from the worker…$/.test(s.text)));
    assert.equal(await page.locator('.upload-progress').isVisible(), false);

    // The same values and labels as pw.Dataset.fromCsv of the same text on the page.
    const check = await page.evaluate(async () => {
      const data = window.loads[0];
      const text = await window.upload.input.files[0].text();
      const d = window.pw.Dataset.fromCsv(text, { label: 6 });
      const { data: expected } = d.toArray();
      const labels = d.labels;
      d.dispose();
      let differ = 0;
      for (let i = 0; i < expected.length; i++) if (expected[i] !== data.X.data[i]) differ++;
      let labelsDiffer = 0;
      for (let i = 0; i < labels.length; i++) if (labels[i] !== data.labels[i]) labelsDiffer++;
      return {
        rows: data.X.rows,
        cols: data.X.cols,
        length: data.X.data.length,
        float64: data.X.data instanceof Float64Array,
        differ,
        labelsDiffer,
        labels: data.labels.length,
        names: data.featureNames,
        first: Array.from(data.X.data.slice(0, 7)),
        plane: data.plane,
      };
    });
    const first = text.split('\n')[1].split(',').slice(0, 6).map(Number);
    assert.deepEqual(check, {
      rows,
      cols: 6,
      length: rows * 6,
      float64: true,
      differ: 0,
      labelsDiffer: 0,
      labels: rows,
      names: ['f1', 'f2', 'f3', 'f4', 'f5', 'f6'],
      first: [...first, text.split('\n')[2].split(',').map(Number)[0]],
      plane: 'pca',
    });
    assert.deepEqual(await page.evaluate(() => window.busy), [true, false]);
    assert.match(await page.getByRole('status').textContent(), /^Loaded [\d,]+ rows × 6 features from big\.csv\.$/);
    // The worker's Dataset was disposed; the page's wasm memory is as before.
    await page.waitForFunction(async () => (await window.worker.memory()).datasets === 0);
    assert.equal(await page.evaluate(() => window.pw.memory().inUse), before);
  });
});

test('Cancel during a big read: nothing loaded, the worker stops and frees what it read', async () => {
  await withFixture(DESKTOP, async ({ page }) => {
    await setup(page);
    await page.getByLabel('CSV file').setInputFiles(csvFile('small.csv', irisCsv(6)));
    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => window.loads.length === 1);
    // An 80 MB file made in the page (one ~1 MB block repeated), given through openFile.
    await page.evaluate(async () => {
      const rows = [];
      for (let i = 0; rows.length * 40 < 1e6; i++)
        rows.push(`${i % 97},${(i * 7) % 13},${(i * 3) % 11},${i % 2 ? 'a' : 'b'}\n`);
      const block = rows.join('');
      const parts = Array.from({ length: Math.ceil(80e6 / block.length) }, () => block);
      await window.upload.openFile(new File(['w,x,z,y\n', ...parts], 'huge.csv', { type: 'text/csv' }));
    });
    assert.match(
      await page.locator('.upload-file-line').textContent(),
      /^huge\.csv: 8\d\.\d MB \(read in the background\)$/,
    );
    await page.getByRole('button', { name: 'Load data' }).click();
    const bar = page.getByRole('progressbar', { name: 'Reading progress' });
    await page.waitForFunction(() => document.querySelector('.upload progress').value > 0);
    assert.match(
      await page.locator('.upload-progress-text').textContent(),
      /^[\d.]+ (kB|MB) of 8\d\.\d MB, [\d,]+ rows$/,
    );
    assert.match(await bar.getAttribute('aria-valuetext'), / of 8\d\.\d MB/);
    await page.screenshot({ path: `${shots}/upload-progress-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('[role=status]').textContent !== '');
    assert.equal(await page.getByRole('status').textContent(), 'Cancelled; the previous data is still loaded.');
    assert.equal(await page.getByRole('alert').textContent(), '');
    assert.equal(await bar.isVisible(), false);
    assert.deepEqual(await page.evaluate(() => [window.loads.length, window.busy]), [1, [true, false]]);
    // The worker stopped reading and holds no Dataset.
    await page.waitForFunction(async () => {
      const m = await window.worker.memory();
      return m.requests === 0 && m.datasets === 0;
    });
    // The panel still works: a small file loads.
    await page.getByLabel('CSV file').setInputFiles(csvFile('again.csv', 'u,v,y\n1,2,a\n3,4,b\n'));
    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => window.loads.length === 2);
    assert.deepEqual(await page.evaluate(() => Array.from(window.loads[1].X.data)), [1, 2, 3, 4]);
  });
});

test('without a worker, a big file is streamed on the page (fromStream): the same data', async () => {
  await withFixture(DESKTOP, async ({ page }) => {
    await setup(page, { worker: false });
    const { text, rows } = bigCsv(4_200_000, 5);
    const before = await page.evaluate(() => window.pw.memory().inUse);
    await page.getByLabel('CSV file').setInputFiles(csvFile('big.csv', text));
    await watchProgress(page);
    await page.getByRole('button', { name: 'Load data' }).click();
    await page.waitForFunction(() => window.loads.length === 1, null, { timeout: 60_000 });
    const seen = await page.evaluate(() => window.progressSeen);
    assert.ok(seen.some((s) => s.text === `Copying ${rows.toLocaleString('en-US')} rows…`));
    const check = await page.evaluate(async () => {
      const data = window.loads[0];
      const d = window.pw.Dataset.fromCsv(await window.upload.input.files[0].text(), { label: 6 });
      const expected = d.toArray().data;
      const labels = d.labels;
      d.dispose();
      let differ = 0;
      for (let i = 0; i < expected.length; i++) if (expected[i] !== data.X.data[i]) differ++;
      for (let i = 0; i < labels.length; i++) if (labels[i] !== data.labels[i]) differ++;
      return { rows: data.X.rows, cols: data.X.cols, differ, worker: window.worker };
    });
    assert.deepEqual(check, { rows, cols: 6, differ: 0, worker: undefined });
    assert.deepEqual(await page.evaluate(() => window.busy), [true, false]);
    assert.equal(await page.evaluate(() => window.pw.memory().inUse), before);
  });
});
