// The step-by-step trace (issue 9, "Views"): Step and Epoch on the page give exactly the steps
// the package's fit reports to onStep in Node on the same points and options, field for field
// at full precision (read back from the 'Export trace as CSV' download), and the table named
// Trace shows them (the last row's cells, by the page's number format). Also after Train (the
// worker's fit trace), for the multi-class perceptron (K scores, K weight vectors), for the
// kernel perceptron (its deltaAlpha), and every kind's own numbers from its step records.
//   node --test tests/e2e/page-trace.test.mjs
// The page's number format: at most 4 decimals, '−' for minus.
import { formatNumber as fmt } from '../../web/shell/format.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseDataset,
  downloaded,
  enter,
  loadPackage,
  matrixOf,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

/** fit's onStep records in Node for these points and options (the kind's own fields). */
async function fitTrace(kind, options, points) {
  const pw = await loadPackage();
  const { X, y } = matrixOf(points);
  const model = new pw[kind](options);
  const steps = [];
  try {
    model.fit(X, y, { onStep: (step) => void steps.push(step) });
  } finally {
    model.dispose();
  }
  return steps;
}

/** The 'Export trace as CSV' download, as header names and rows of fields. */
async function exportedTrace(page) {
  const { name, text } = await downloaded(page, () =>
    page.getByRole('button', { name: 'Export trace as CSV', exact: true }).click(),
  );
  assert.equal(name, 'trace.csv');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  return { header: header.split(','), rows: rows.map((line) => line.split(',')) };
}

const num = (field) => (field === '' ? undefined : Number(field));

/** Checks the CSV's rows against fit's Perceptron steps, field for field. */
function samePerceptronSteps(csv, steps, points) {
  assert.deepEqual(csv.header, [
    't',
    'epoch',
    'index',
    'x[x₁]',
    'x[x₂]',
    'label',
    'score',
    'prediction',
    'mistake',
    'w[x₁]',
    'w[x₂]',
    'b',
  ]);
  assert.equal(csv.rows.length, steps.length, 'as many rows as steps');
  csv.rows.forEach((f, i) => {
    const s = steps[i];
    const p = points[s.index];
    const expected = [
      s.t,
      s.epoch,
      s.index,
      p.x,
      p.y,
      s.label,
      s.score,
      s.prediction,
      String(s.mistake),
      ...s.weights,
      s.bias,
    ];
    const actual = [...f.slice(0, 8).map(num), f[8], ...f.slice(9).map(num)];
    assert.deepStrictEqual(actual, expected, `step ${s.t}`);
  });
}

/** The cells of the Trace table's last shown row, by column name. */
async function lastRowCells(page) {
  const table = page.getByRole('table', { name: 'Trace' });
  const names = await table.locator('thead th').allTextContents();
  const rows = table.locator('tbody tr.trace-row');
  const cells = await rows
    .nth((await rows.count()) - 1)
    .locator('td')
    .allTextContents();
  return Object.fromEntries(names.map((name, j) => [name.trim(), cells[j]]));
}

test('Step five times, then Epoch: the Trace equals fit’s onStep records (cyclic order)', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    const s0 = await state();
    const steps = await fitTrace('Perceptron', s0.options, s0.points);
    assert.equal(steps.length, 120, 'fit: 3 epochs of 40 steps');
    for (let i = 0; i < 5; i++) await button('Step').click();
    let s = await state();
    assert.deepEqual([s.t, s.trace, s.mistakes], [5, 5, steps.slice(0, 5).filter((x) => x.mistake).length]);
    assert.deepEqual(s.weights, steps[4].weights);
    assert.equal(s.bias, steps[4].bias);
    samePerceptronSteps(await exportedTrace(page), steps.slice(0, 5), s.points);
    // The table's last row, as the page writes numbers.
    const cells = await lastRowCells(page);
    const last = steps[4];
    assert.equal(cells.t, '5');
    assert.equal(cells.row, String(last.index));
    assert.equal(cells.score, fmt(last.score));
    assert.equal(cells.w, `(${last.weights.map(fmt).join(', ')})`);
    assert.equal(cells.b, fmt(last.bias));
    assert.equal(cells.mistake, last.mistake ? '✗ update' : '✓ no update');

    await button('Epoch').click(); // to the end of epoch 1
    s = await state();
    assert.deepEqual([s.t, s.epoch, s.trace], [40, 1, 40]);
    samePerceptronSteps(await exportedTrace(page), steps.slice(0, 40), s.points);
    await button('Epoch').click(); // epoch 2, whole
    s = await state();
    assert.deepEqual([s.t, s.epoch, s.trace], [80, 2, 80]);
    assert.deepEqual(s.weights, steps[79].weights);
    samePerceptronSteps(await exportedTrace(page), steps.slice(0, 80), s.points);
    await page.getByRole('table', { name: 'Trace' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-trace-1280.png` });
  });
});

test('shuffled order with a seed, and after Train: the Trace equals fit’s, step for step', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await page.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
    await enter(page, 'Seed', '5');
    await page.getByLabel('Mistake rule', { exact: true }).selectOption('sign');
    await waitForState(page, (s) => s.options.seed === 5 && s.options.mistakeRule === 'sign');
    const s0 = await state();
    const steps = await fitTrace('Perceptron', s0.options, s0.points);
    for (let i = 0; i < 7; i++) await button('Step').click();
    await button('Epoch').click();
    await button('Step').click();
    let s = await state();
    assert.equal(s.t, 41);
    samePerceptronSteps(await exportedTrace(page), steps.slice(0, 41), s.points);

    // Train runs fit in the worker: its trace replaces the table's, and is fit's whole trace.
    await train(page);
    s = await state();
    assert.equal(s.trace, steps.length);
    samePerceptronSteps(await exportedTrace(page), steps, s.points);
  });
});

test('the multi-class perceptron (joint): K scores, K weight vectors and biases per step, as fit gives them', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await chooseDataset(page, 'blobs');
    await enter(page, 'Points', '30');
    await waitForState(page, (s) => s.points.length === 30 && s.model === 'MulticlassPerceptron');
    const s0 = await state();
    const steps = await fitTrace('MulticlassPerceptron', s0.options, s0.points);
    await button('Epoch').click();
    await button('Step').click();
    const s = await state();
    assert.equal(s.t, 31);
    const csv = await exportedTrace(page);
    assert.deepEqual(csv.header, [
      't', 'epoch', 'index', 'x[x₁]', 'x[x₂]', 'label', 'score[0]', 'score[1]', 'score[2]', 'prediction', 'mistake',
      'w[0][x₁]', 'w[0][x₂]', 'w[1][x₁]', 'w[1][x₂]', 'w[2][x₁]', 'w[2][x₂]', 'b[0]', 'b[1]', 'b[2]',
    ]); // prettier-ignore
    csv.rows.forEach((f, i) => {
      const step = steps[i];
      const p = s.points[step.index];
      const expected = [
        step.t,
        step.epoch,
        step.index,
        p.x,
        p.y,
        step.label,
        ...step.scores,
        step.prediction,
        String(step.mistake),
        ...step.weights.flat(),
        ...step.biases,
      ];
      const actual = [...f.slice(0, 10).map(num), f[10], ...f.slice(11).map(num)];
      assert.deepStrictEqual(actual, expected, `step ${step.t}`);
    });
    assert.equal(csv.rows.length, 31);
  });
});

test('the kernel perceptron: each step’s row, label, score before the step and update, as the trainer gives them', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await chooseDataset(page, 'xor');
    await enter(page, 'Points', '24');
    await waitForState(page, (s) => s.points.length === 24 && s.model === 'KernelPerceptron');
    const s0 = await state();
    for (let i = 0; i < 30; i++) await button('Step').click();
    const s = await state();
    assert.equal(s.t, 30);
    // Node: the same trainer; its records hold the score that decided each step (the model's
    // decisionFunction just before it, up to the last bits of the kernel's running sums).
    const pw = await loadPackage();
    const { X, y } = matrixOf(s0.points);
    const model = new pw.KernelPerceptron(s0.options);
    const trainer = model.trainer(X, y);
    const order = pw.visitOrder({ order: 'cyclic', seed: 0, rows: 24, count: 30 });
    const expected = [];
    const deltas = [];
    for (let k = 0; k < 30; k++) {
      const row = order[k];
      const x = { data: X.data.subarray(2 * row, 2 * row + 2), rows: 1, cols: 2 };
      const before = model.fitted ? model.decisionFunction(x)[0] : 0;
      const step = trainer.step();
      assert.equal(step.index, row);
      assert.ok(Math.abs(step.score - before) <= 1e-12 * (1 + Math.abs(before)), `step ${k + 1}: score`);
      const { score, prediction, deltaAlpha } = step;
      deltas.push(deltaAlpha);
      expected.push([
        step.t,
        step.epoch,
        step.index,
        s0.points[row].x,
        s0.points[row].y,
        y[row],
        score,
        prediction,
        String(step.mistake),
      ]);
    }
    model.dispose();
    const csv = await exportedTrace(page);
    assert.deepEqual(csv.header, [
      't',
      'epoch',
      'index',
      'x[x₁]',
      'x[x₂]',
      'label',
      'score',
      'prediction',
      'mistake',
      'deltaAlpha',
      'b',
    ]);
    csv.rows.forEach((f, i) => {
      const actual = [...f.slice(0, 8).map(num), f[8]];
      assert.deepStrictEqual(actual, expected[i], `step ${i + 1}`);
      assert.equal(num(f[9]), deltas[i], `step ${i + 1}: deltaAlpha`);
    });
    const cells = await lastRowCells(page);
    assert.equal(
      cells['Δα'],
      expected[29][8] === 'true'
        ? `α${String(expected[29][2]).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[d])} += ${fmt(deltas[29])}`
        : '—',
    );
  });
});

// Each kind's own numbers in the Trace: Δα's value, θ, PA's loss and τ, and for one-vs-rest the
// binary model that stepped (its classes, its score, ±1 label and prediction) beside the whole
// model's scores and prediction, all from the step records (the page predicts nothing).
test('the Trace shows the kinds’ extras: Δα, θ, loss and τ, and the binary model of ovr', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    const model = page.getByRole('combobox', { name: 'Model', exact: true });
    const steps = async (kind, n, options = async () => {}) => {
      await model.selectOption(kind);
      await options();
      await waitForState(page, (s, k) => s.model === k && s.t === 0, kind);
      for (let i = 0; i < n; i++) await button('Step').click();
      await waitForState(page, (s, count) => s.t === count, n);
      const s = await state();
      const pw = await loadPackage();
      const { X, y } = matrixOf(s.points);
      const twin = new pw[kind](s.options);
      const trainer = twin.trainer(X, y);
      let record;
      for (let i = 0; i < n; i++) record = trainer.step();
      twin.dispose();
      return { cells: await lastRowCells(page), record, csv: await exportedTrace(page) };
    };
    const sign = (v) => (v > 0 ? '+1' : '−1');

    const pa = await steps('PassiveAggressive', 3);
    assert.equal(pa.cells.loss, fmt(pa.record.loss));
    assert.equal(pa.cells['τ'], fmt(pa.record.tau));
    assert.deepEqual(pa.csv.header.slice(9, 11), ['loss', 'tau']);
    assert.deepEqual(pa.csv.rows[2].slice(9, 11).map(num), [pa.record.loss, pa.record.tau]);

    const winnow = await steps('Winnow', 2);
    assert.equal(winnow.cells['θ'], fmt(winnow.record.threshold));

    const kernel = await steps('KernelPerceptron', 1);
    assert.equal(kernel.record.mistake, true, 'the first step of a kernel perceptron is a mistake');
    assert.match(kernel.cells['Δα'], new RegExp(` \\+= ${fmt(kernel.record.deltaAlpha)}$`));

    await chooseDataset(page, 'blobs');
    // (Choosing a model sets its default options: the strategy after it.)
    const ovr = await steps('MulticlassPerceptron', 4, async () => {
      await page.getByLabel('Strategy', { exact: true }).selectOption('ovr');
      await waitForState(page, (s) => s.options.strategy === 'ovr');
    });
    const r = ovr.record;
    assert.equal(ovr.cells.model, `${r.model + 1}: ${fmt(r.positive)} vs rest`);
    assert.equal(ovr.cells['its score'], `${fmt(r.score)} (y ${sign(r.labelSign)}, ŷ ${sign(r.predictionSign)})`);
    assert.equal(ovr.cells.score, `(${r.scores.map(fmt).join(', ')})`);
    assert.equal(ovr.cells.prediction, fmt(r.prediction));
    assert.deepEqual(
      ovr.csv.header.filter((h) =>
        ['model', 'positive', 'negative', 'binaryScore', 'labelSign', 'predictionSign'].includes(h),
      ),
      ['model', 'positive', 'negative', 'binaryScore', 'labelSign', 'predictionSign'],
    );
    await page.screenshot({ path: `${shots}/page-trace-ovr-extras-1280.png` });
  });
});
