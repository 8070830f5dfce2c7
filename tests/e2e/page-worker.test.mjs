// One PerceptronWorker per playground (web/shell/worker-thread.js, issue 29): the upload panel's
// big files and Train share it (pg.worker()); a crashed Worker is replaced; where the page
// refuses the Worker (a stand-in that fails to start, as a CSP's worker-src does), Train and the
// uploads run on the page's thread with the same results.
//   node --test tests/e2e/page-worker.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseCsv,
  loadPackage,
  notBusy,
  planeXY,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

/** A file of `rows` rows: three features, labels a / b by the sign of a fixed linear score (seeded). */
function threeFeatureCsv(rows, seed = 5) {
  let s = seed;
  const next = () => ((s = (s * 16807) % 2147483647) / 2147483647) * 4 - 2;
  const lines = ['p,q,r,label'];
  for (let i = 0; i < rows; i++) {
    const x = [next(), next(), next()].map((v) => Number(v.toFixed(3)));
    lines.push(`${x.join(',')},${0.8 * x[0] - 0.5 * x[1] + 0.3 * x[2] + 0.1 > 0 ? 'a' : 'b'}`);
  }
  return `${lines.join('\n')}\n`;
}

// In the page: Workers counted from now on (the playground starts its worker on first use), and
// the playground's upload panel told to read files over `limit` bytes in the worker.
const watchWorkers = (page, limit) =>
  page.evaluate((limit) => {
    const pg = document.querySelector('perceptron-playground').playground;
    pg.dataControls.upload.workerLimit = limit;
    const Native = window.Worker;
    window.__workers = 0;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        window.__workers += 1;
      }
    };
  }, limit);

async function loadUpload(page, name, text) {
  await chooseCsv(page, name, text);
  await page.getByRole('button', { name: 'Load data', exact: true }).click();
  // The upload panel's status names the file once the playground shows it.
  await page
    .getByText(new RegExp(`^Loaded [\\d,]+ rows × \\d+ features? from ${name.replace('.', '\\.')}\\.$`))
    .waitFor();
  await waitForState(
    page,
    (s, n) => s.dataset === 'csv' && !s.busy && s.points.length === n,
    text.split('\n').length - 2,
  );
}

test('the upload and Train share one Worker; a crashed one is replaced', async () => {
  const text = threeFeatureCsv(60);
  const pw = await loadPackage();
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await watchWorkers(page, 100);
    await loadUpload(page, 'three.csv', text);
    await page.getByLabel('Max epochs', { exact: true }).fill('20');
    await page.getByLabel('Max epochs', { exact: true }).press('Tab');
    await train(page);
    await loadUpload(page, 'again.csv', text);
    await train(page);
    const s = await state();
    assert.equal(await page.evaluate(() => window.__workers), 1, 'one Worker for two uploads and two Trains');
    // The same model as fit in Node on the file's rows.
    const d = pw.Dataset.fromCsv(text, { label: 3 });
    const model = new pw.Perceptron({ maxEpochs: 20 });
    model.fit(d.toArray(), d.labels);
    assert.deepEqual(s.modelJson.weights, model.toJSON().weights);
    model.dispose();
    d.dispose();
    // The worker crashes (its Worker errors): the upload it held is gone, Train says so; the
    // file loaded again goes to a new worker and trains as before.
    await page.evaluate(() => {
      const pg = document.querySelector('perceptron-playground').playground;
      window.__crashed = pg.worker();
      window.__crashed.worker.dispatchEvent(new ErrorEvent('error', { message: 'crashed for the test' }));
    });
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    await notBusy(page);
    assert.equal(
      (await state()).lastError,
      'The worker that held this upload stopped (it crashed): load the file again.',
    );
    await loadUpload(page, 'third.csv', text);
    await train(page);
    const after = await page.evaluate(() => {
      const pg = document.querySelector('perceptron-playground').playground;
      return { workers: window.__workers, replaced: pg.worker() !== window.__crashed };
    });
    assert.deepEqual(after, { workers: 2, replaced: true });
    assert.equal((await state()).lastError, null);
    assert.deepEqual((await state()).modelJson.weights, s.modelJson.weights);
    await page.evaluate(() => window.__crashed.terminate());
  });
});

test('a page that refuses the Worker: Train and a big upload run on the page, with the note', async () => {
  const text = threeFeatureCsv(40, 9);
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await page.evaluate(() => {
      const pg = document.querySelector('perceptron-playground').playground;
      pg.dataControls.upload.workerLimit = 100;
      // As Chromium does under worker-src 'none': the constructor returns, then an error event.
      window.Worker = class extends EventTarget {
        constructor() {
          super();
          setTimeout(() => this.dispatchEvent(new Event('error')));
        }
        postMessage() {}
        terminate() {}
      };
    });
    await train(page);
    const note = page.getByText("Training runs on this page: the page's Content-Security-Policy", { exact: false });
    assert.equal(await note.isVisible(), true);
    const trained = await state();
    assert.equal(trained.lastError, null);
    assert.ok(trained.modelJson, 'trained on the page');
    await loadUpload(page, 'onpage.csv', text);
    assert.equal((await state()).points.length, 40);
    await train(page);
    assert.equal((await state()).lastError, null);
  });
});

// The Contributions region's view, and the point's features as the file has them.
const shownContributions = (page) =>
  page.evaluate(() => {
    const pg = document.querySelector('perceptron-playground').playground;
    return pg.contributions.shown;
  });

test('Contributions: a clicked point and a point chosen by number, their terms summing to decisionFunction', async () => {
  const text = threeFeatureCsv(30, 3);
  const pw = await loadPackage();
  const d = pw.Dataset.fromCsv(text, { label: 3 });
  const X = d.toArray();
  const row = (r) => Array.from(X.data.subarray(r * 3, r * 3 + 3));
  d.dispose();
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await loadUpload(page, 'three.csv', text);
    const region = page.getByRole('region', { name: 'Contributions' });
    assert.match(await region.textContent(), /Click a point on the plane/);
    await page.getByLabel('Max epochs', { exact: true }).fill('20');
    await page.getByLabel('Max epochs', { exact: true }).press('Tab');
    await train(page);
    const json = (await state()).modelJson;
    const model = pw.Perceptron.fromJSON(json);
    const check = (shown, r) => {
      assert.equal(shown.row, r);
      const x = row(r);
      const score = model.decisionFunction({ data: Float64Array.from(x), rows: 1, cols: 3 })[0];
      const sum = shown.contributions.reduce((s, c) => s + c.contribution, 0) + shown.bias;
      assert.ok(Math.abs(sum - score) < 1e-12, `sum ${sum} = decisionFunction ${score}`);
      assert.ok(Math.abs(shown.score - score) < 1e-12);
      const expected = x
        .map((v, j) => ({
          column: j,
          name: ['p', 'q', 'r'][j],
          value: v,
          weight: json.weights[j],
          contribution: json.weights[j] * v,
        }))
        .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.column - b.column);
      assert.deepEqual(shown.contributions, expected);
      assert.equal(shown.bias, json.bias);
      assert.equal(shown.predicted, model.predict({ data: Float64Array.from(x), rows: 1, cols: 3 })[0]);
    };
    // A click on point 7 of the plane (a PCA projection: the points cannot be edited).
    const target = await page.evaluate(() => {
      const pg = document.querySelector('perceptron-playground').playground;
      const { x, y } = pg.data.points[6];
      return { x, y, view: pg.views.view };
    });
    await page.mouse.click(...(await planeXY(page, target.x, target.y, target.view)));
    // The worker explains the point: its answer comes back after the click.
    await page.waitForFunction(
      () => document.querySelector('perceptron-playground').playground.contributions.shown?.row === 6,
    );
    check(await shownContributions(page), 6);
    assert.equal(await page.getByLabel('Point', { exact: true }).inputValue(), '7');
    const table = region.getByRole('table');
    assert.match(await table.locator('caption').textContent(), /^Point 7 \(class [ab], predicted [ab]\): score /);
    assert.deepEqual(await table.locator('thead th').allTextContents(), ['Feature', 'xi', 'wi', 'wi xi']);
    assert.equal(await table.locator('tbody tr').count(), 3);
    // Two classes: one score, no class to choose.
    assert.equal(await page.getByLabel('Class explained', { exact: true }).isVisible(), false);
    // The Point field: point 12.
    await page.getByLabel('Point', { exact: true }).fill('12');
    await page.getByLabel('Point', { exact: true }).press('Tab');
    await page.waitForFunction(
      () => document.querySelector('perceptron-playground').playground.contributions.shown?.row === 11,
    );
    check(await shownContributions(page), 11);
    await region.screenshot({ path: `${shots}/contributions-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/contributions-375.png` });
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    // A bad number: said in place; the model and the data are as they were.
    await page.getByLabel('Point', { exact: true }).fill('31');
    await page.getByLabel('Point', { exact: true }).press('Tab');
    assert.match(await region.textContent(), /Point must be a whole number from 1 to 30; received 31\./);
    model.dispose();
  });
});

test('Contributions of a multi-class model: the predicted class, or the class chosen, summing to its score', async () => {
  const pw = await loadPackage();
  await withDemo('#data=blobs&model=MulticlassPerceptron', { viewport: DESKTOP }, async ({ page, state }) => {
    await train(page);
    const s = await state();
    const model = pw.MulticlassPerceptron.fromJSON(s.modelJson);
    const { points, xs } = await page.evaluate(() => {
      const pg = document.querySelector('perceptron-playground').playground;
      const { X } = pg.data;
      return { points: pg.data.labels, xs: Array.from(X.data) };
    });
    const x = (r) => Float64Array.from(xs.slice(r * 2, r * 2 + 2));
    const region = page.getByRole('region', { name: 'Contributions' });
    const classSelect = page.getByLabel('Class explained', { exact: true });
    const field = page.getByLabel('Point', { exact: true });
    const shownFor = async (r, label) => {
      await page.waitForFunction(
        ([r, label]) => {
          const shown = document.querySelector('perceptron-playground').playground.contributions.shown;
          return shown?.row === r && (label === null || String(shown.explained) === label);
        },
        [r, label],
      );
      return shownContributions(page);
    };
    const check = (shown, r, label) => {
      const scores = model.decisionFunction({ data: x(r), rows: 1, cols: 2 })[0];
      const [predicted] = model.predict({ data: x(r), rows: 1, cols: 2 });
      const explained = label ?? predicted;
      const k = model.classes.indexOf(explained);
      assert.equal(shown.predicted, predicted);
      assert.equal(shown.explained, explained);
      assert.equal(shown.label, points[r]);
      assert.equal(shown.score, scores[k]);
      assert.equal(shown.bias, s.modelJson.biases[k]);
      const expected = [0, 1]
        .map((j) => ({
          column: j,
          name: ['x₁', 'x₂'][j],
          value: x(r)[j],
          weight: s.modelJson.weights[k][j],
          contribution: s.modelJson.weights[k][j] * x(r)[j],
        }))
        .filter((c) => c.value !== 0)
        .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.column - b.column);
      assert.deepEqual(shown.contributions, expected);
      const sum = shown.contributions.reduce((acc, c) => acc + c.contribution, 0) + shown.bias;
      assert.ok(Math.abs(sum - scores[k]) < 1e-12, `sum ${sum} = class ${explained}'s score ${scores[k]}`);
    };
    await field.fill('5');
    await field.press('Tab');
    const first = await shownFor(4, null);
    assert.equal(await classSelect.isVisible(), true);
    check(first, 4, undefined);
    assert.match(
      await region.getByRole('table').locator('caption').textContent(),
      new RegExp(`^Point 5 \\(class \\S+, predicted ${first.predicted}\\): score of class ${first.predicted} `),
    );
    assert.deepEqual(await classSelect.locator('option').allTextContents(), [
      'Predicted class',
      ...model.classes.map((c) => `Class ${c}`),
    ]);
    // Every class in turn: its own weights and bias, the same point.
    for (const label of model.classes) {
      await classSelect.selectOption({ label: `Class ${label}` });
      check(await shownFor(4, String(label)), 4, label);
    }
    await region.screenshot({ path: `${shots}/contributions-multiclass-1280.png` });
    // A strategy without one weight vector per class: said in place, nothing else moves.
    await page.getByLabel('Strategy', { exact: true }).selectOption('ovr');
    await page.waitForFunction(() =>
      /linear models, whose score is w·x \+ b/.test(
        document.querySelector('perceptron-playground').playground.contributions.shown?.message ?? '',
      ),
    );
    model.dispose();
  });
});

test('an upload of at most 1,000 rows stays on the page; one row more goes to the worker', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page }) => {
    const where = () =>
      page.evaluate(() => {
        const pg = document.querySelector('perceptron-playground').playground;
        return { remote: pg.data.remote?.rows ?? null, onPage: pg.data.X.rows, points: pg.data.points.length };
      });
    await loadUpload(page, 'thousand.csv', threeFeatureCsv(1000));
    assert.deepEqual(await where(), { remote: null, onPage: 1000, points: 1000 });
    const more = threeFeatureCsv(1001);
    await chooseCsv(page, 'more.csv', more);
    await page.getByRole('button', { name: 'Load data', exact: true }).click();
    await page.waitForFunction(() => {
      const { data } = document.querySelector('perceptron-playground').playground;
      return data.fileName === 'more.csv' && data.remote && data.points.length === 1000;
    });
    assert.deepEqual(await where(), { remote: 1001, onPage: 0, points: 1000 });
  });
});

/** `rows` rows of five features and a label 'up' / 'down' by a fixed linear score with noise (seeded). */
function fiveFeatureCsv(rows, seed = 17) {
  let s = seed;
  const next = () => ((s = (s * 16807) % 2147483647) / 2147483647) * 4 - 2;
  const lines = ['a,b,c,d,e,kind'];
  for (let i = 0; i < rows; i++) {
    const x = Array.from({ length: 5 }, () => Number(next().toFixed(3)));
    const score = 0.9 * x[0] - 0.6 * x[1] + 0.4 * x[2] - 0.2 * x[3] + 0.1 * x[4] + 0.3 * next();
    lines.push(`${x.join(',')},${score > 0 ? 'up' : 'down'}`);
  }
  return `${lines.join('\n')}\n`;
}

test('a big upload stays in the worker: a sample with the PCA of all rows, Train and Step on the worker split, Contributions', async () => {
  const text = fiveFeatureCsv(1500);
  const pw = await loadPackage();
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    const keeps = await page.evaluate(() => {
      const pg = document.querySelector('perceptron-playground').playground;
      // A 60 kB file, read on the page (under 4 MB), goes to the worker by its 1,500 rows.
      const client = pg.worker();
      // Every call the page makes to its worker, by name (read must never be one).
      window.__calls = [];
      for (const name of ['loadCsv', 'read', 'sample', 'split', 'fit', 'session', 'advance', 'evaluate', 'explain']) {
        const call = client[name]?.bind(client);
        if (call) client[name] = (...args) => (window.__calls.push(name), call(...args));
      }
      return typeof client.sample === 'function' && typeof client.session === 'function';
    });
    assert.ok(keeps, "the package's worker has sample and session");
    await chooseCsv(page, 'five.csv', text);
    await page.getByRole('button', { name: 'Load data', exact: true }).click();
    await waitForState(page, (s) => s.dataset === 'csv' && !s.busy && s.points.length > 0);
    const loaded = await page.evaluate(() => {
      const pg = document.querySelector('perceptron-playground').playground;
      return {
        remote: pg.data.remote && { rows: pg.data.remote.rows, cols: pg.data.remote.cols },
        indices: pg.data.sample.indices,
        points: pg.data.points,
        onPage: pg.data.X.data.length,
        calls: [...window.__calls],
      };
    });
    assert.deepEqual(loaded.remote, { rows: 1500, cols: 5 });
    assert.equal(loaded.onPage, 0, 'no rows on the page');
    assert.equal(loaded.points.length, 1000, 'the plane draws a sample of 1,000 rows');
    assert.deepEqual(loaded.calls, ['loadCsv', 'sample'], 'the matrix is never read back');
    // The sample: the rows at its indices, with pw.analysis.pca2d's coordinates over all 1,500 rows (Node).
    const d = pw.Dataset.fromCsv(text, { label: 5 });
    const X = d.toArray();
    const labels = d.labels;
    d.dispose();
    const { projected } = pw.analysis.pca2d(X);
    loaded.indices.forEach((r, k) => {
      const p = loaded.points[k];
      assert.deepEqual(
        [p.x, p.y, p.label],
        [projected[r][0], projected[r][1], labels[r]],
        `sample point ${k} (row ${r})`,
      );
    });

    // Validation 20%: the worker's split, as the page splits (seed 0, rows ascending).
    await page.getByRole('combobox', { name: 'Validation part', exact: true }).selectOption('20');
    await waitForState(page, (s) =>
      /1,200 train, 300 validation/.test(
        document.querySelector('perceptron-playground').shadowRoot.getElementById('point-count').textContent,
      ),
    );
    const parts = pw.modelSelection.split(labels, { seed: 0, validation: 0.2 });
    const take = (rows) => {
      const sorted = [...rows].sort((a, b) => a - b);
      const data = new Float64Array(sorted.length * 5);
      sorted.forEach((r, i) => data.set(X.data.subarray(r * 5, r * 5 + 5), i * 5));
      return { X: { data, rows: sorted.length, cols: 5 }, y: sorted.map((r) => labels[r]) };
    };
    const train = take(parts.train);
    const held = take(parts.validation);
    await page.getByLabel('Max epochs', { exact: true }).fill('7');
    await page.getByLabel('Max epochs', { exact: true }).press('Tab');
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    await notBusy(page);
    await waitForState(page, (s) => s.validationAccuracy !== null);
    const trained = await state();
    const model = new pw.Perceptron({ maxEpochs: 7 });
    const report = model.fit(train.X, train.y, { validation: held });
    assert.deepEqual(
      trained.modelJson.weights,
      model.toJSON().weights,
      "Train: fit's weights in Node on the same split",
    );
    assert.equal(trained.t, report.steps);
    assert.equal(trained.validationAccuracy, model.score(held.X, held.y));
    assert.equal(trained.accuracy, model.score(train.X, train.y));
    model.dispose();

    // Reset, three Steps: the trainer's steps in Node on the same rows.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await waitForState(page, (s) => s.t === 0);
    for (let k = 1; k <= 3; k++) {
      await page.getByRole('button', { name: 'Step', exact: true }).click();
      await waitForState(page, (s, k) => s.t === k, k);
    }
    const stepped = await state();
    const fresh = new pw.Perceptron({ maxEpochs: 7 });
    const trainer = fresh.trainer(train.X, train.y, { validation: held });
    const steps = [trainer.step(), trainer.step(), trainer.step()];
    assert.deepEqual(stepped.weights, [...fresh.weights], 'the weights after three steps');
    assert.equal(stepped.bias, fresh.bias);
    assert.equal(stepped.mistakes, steps.filter((s) => s.mistake).length);
    assert.equal(stepped.trace, 3, 'three rows in the trace');

    // Contributions of sample point 5 under the model after those steps, from the worker.
    await page.getByLabel('Point', { exact: true }).fill('5');
    await page.getByLabel('Point', { exact: true }).press('Tab');
    await page.waitForFunction(
      () => document.querySelector('perceptron-playground').playground.contributions.shown?.row === 4,
    );
    const shown = await shownContributions(page);
    const r = loaded.indices[4];
    const x = Float64Array.from(X.data.subarray(r * 5, r * 5 + 5));
    const score = fresh.decisionFunction({ data: x, rows: 1, cols: 5 })[0];
    const sum = shown.contributions.reduce((acc, c) => acc + c.contribution, 0) + shown.bias;
    assert.ok(Math.abs(sum - score) < 1e-12, `sum ${sum} = decisionFunction ${score}`);
    assert.deepEqual(shown.contributions.map((c) => c.name).sort(), ['a', 'b', 'c', 'd', 'e']);

    // Epoch: to the end of epoch 1 (1,200 steps); Play then Pause: the trainer's weights after as many steps.
    await page.getByRole('button', { name: 'Epoch', exact: true }).click();
    await waitForState(page, (s) => s.t === 1200);
    trainer.finishEpoch();
    assert.deepEqual((await state()).weights, [...fresh.weights], 'after Epoch');
    assert.equal((await state()).history.length, 1, 'the curve has epoch 1');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForState(page, (s) => s.t > 1205);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('perceptron-playground').playground.runner.remote.busy);
    const played = await state();
    while (fresh.steps < played.t) trainer.step();
    assert.equal(fresh.steps, played.t);
    assert.deepEqual(played.weights, [...fresh.weights], `after Play (${played.t} steps)`);
    fresh.dispose();
    assert.ok(!(await page.evaluate(() => window.__calls)).includes('read'), 'no read() at any point');
    await page.screenshot({ path: `${shots}/worker-upload-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shots}/worker-upload-375.png`, fullPage: true });
  });
});
