// Every model of the select labelled Model (issue 9, "Models"), trained with Train (fit in the
// package's Web Worker): the page's model (getState().modelJson) equals
// new pw[kind](options).fit(X, y).toJSON() computed here in Node on the same points, and so do
// the counters, the report's convergence and the training accuracy. Each model shows only its
// own options (the Degree only for the polynomial kernel, early stopping's fields only with it).
//   node --test tests/e2e/page-models.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseDataset,
  chooseModel,
  control,
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

/** fit in Node on the page's points with the page's options: {json, report, accuracy}. */
async function fitInNode(kind, options, points) {
  const pw = await loadPackage();
  const { X, y } = matrixOf(points);
  const model = new pw[kind](options);
  try {
    const report = model.fit(X, y);
    // The separator w·x + b = 0 the plane draws: Winnow's is (w⁺ − w⁻)·x − θ = 0.
    const line =
      kind === 'Winnow'
        ? { weights: model.weights.map((w, j) => w - (model.negativeWeights[j] ?? 0)), bias: -model.threshold }
        : { weights: model.weights, bias: model.bias };
    return { json: model.toJSON(), report, accuracy: model.score(X, y), line };
  } finally {
    model.dispose();
  }
}

/** Trains on the page and checks everything against Node's fit. */
async function trainedLikeNode(page, state, t, what) {
  await train(page);
  const s = await state();
  assert.equal(s.lastError, null, `${what}: no error`);
  const node = await fitInNode(s.model, s.options, s.points);
  assert.deepStrictEqual(s.modelJson, node.json, `${what}: the model equals fit's in Node`);
  assert.equal(s.t, node.report.steps, `${what}: steps`);
  assert.equal(s.epoch, node.report.epochs, `${what}: epochs`);
  assert.equal(s.mistakes, node.report.mistakes, `${what}: mistakes`);
  assert.equal(s.converged, node.report.converged, `${what}: converged`);
  assert.equal(s.accuracy, node.accuracy, `${what}: training accuracy`);
  assert.deepEqual(
    s.history.map((e) => [e.epoch, e.steps, e.mistakes]),
    node.report.history.map((e) => [e.epoch, e.steps, e.mistakes]),
    `${what}: the learning curve's epochs`,
  );
  t.diagnostic(
    `${what}: ${node.report.epochs} epochs, ${node.report.steps} steps, ${node.report.mistakes} mistakes, ` +
      `converged ${node.report.converged}, training accuracy ${node.accuracy}`,
  );
  return { ...s, node };
}

test('the Model select offers the five models', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page }) => {
    const options = await control(page, 'combobox', 'Model')
      .locator('option')
      .evaluateAll((list) => list.map((o) => [o.value, o.textContent]));
    assert.deepEqual(options, [
      ['Perceptron', 'Perceptron'],
      ['MulticlassPerceptron', 'Multi-class perceptron'],
      ['KernelPerceptron', 'Kernel perceptron'],
      ['Winnow', 'Winnow'],
      ['PassiveAggressive', 'Passive-Aggressive'],
    ]);
  });
});

test('the Perceptron (classic, then averaged and shuffled) trained by Train equals fit in Node', async (t) => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    const s = await trainedLikeNode(page, state, t, 'Perceptron, classic');
    assert.equal(s.converged, true, 'the default data is separable');
    assert.deepEqual([s.weights, s.bias], [s.node.line.weights, s.node.line.bias], "the plane's line");
    await page.getByLabel('Variant', { exact: true }).selectOption('averaged');
    await page.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
    await enter(page, 'Seed', '3');
    await enter(page, 'Learning rate η', '0.5');
    await waitForState(page, (st) => st.options.seed === 3 && st.options.learningRate === 0.5 && st.t === 0);
    const averaged = await trainedLikeNode(page, state, t, 'Perceptron, averaged, shuffle, seed 3, η 0.5');
    assert.deepEqual(
      [averaged.options.variant, averaged.options.order, averaged.modelJson.options.seed],
      ['averaged', 'shuffle', 3],
    );
  });
});

test('the multi-class perceptron on three blobs (joint, then one-vs-rest) equals fit in Node', async (t) => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseDataset(page, 'blobs');
    assert.equal((await state()).model, 'MulticlassPerceptron');
    const joint = await trainedLikeNode(page, state, t, 'MulticlassPerceptron, joint');
    assert.deepEqual(joint.modelJson.classes, [0, 1, 2]);
    assert.equal(joint.modelJson.weights.length, 3);
    await page.screenshot({ path: `${shots}/page-models-blobs-trained-1280.png` });
    await page.getByLabel('Strategy', { exact: true }).selectOption('ovr');
    await waitForState(page, (st) => st.options.strategy === 'ovr');
    const ovr = await trainedLikeNode(page, state, t, 'MulticlassPerceptron, ovr');
    assert.equal(ovr.modelJson.models.length, 3);
  });
});

test('the kernel perceptron on XOR (RBF, then polynomial of degree 2) equals fit in Node; its options', async (t) => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseDataset(page, 'xor');
    assert.equal((await state()).model, 'KernelPerceptron');
    const names = ['Kernel', 'Degree d', 'γ (kernel width)', 'c₀', 'Budget (max support vectors)'];
    const shown = async () => {
      const result = [];
      for (const name of names) if (await page.getByLabel(name, { exact: true }).isVisible()) result.push(name);
      return result;
    };
    const seen = {}; // the options shown per kernel, checked at the end (after the numbers)
    seen.rbf = await shown();
    const rbf = await trainedLikeNode(page, state, t, 'KernelPerceptron, rbf');
    assert.equal(rbf.accuracy > 0.9, true, `RBF separates XOR: ${rbf.accuracy}`);
    assert.equal(rbf.weights, null, 'no explicit w in dual form');
    await page.screenshot({ path: `${shots}/page-models-xor-kernel-1280.png` });

    await page.getByLabel('Kernel', { exact: true }).selectOption('polynomial');
    seen.polynomial = await shown();
    await enter(page, 'Degree d', '2');
    await waitForState(page, (st) => st.options.kernel === 'polynomial' && st.options.degree === 2);
    const poly = await trainedLikeNode(page, state, t, 'KernelPerceptron, polynomial degree 2');
    assert.equal(poly.modelJson.options.degree, 2);
    await page.getByLabel('Kernel', { exact: true }).selectOption('linear');
    seen.linear = await shown();
    // RBF: γ applies, the degree and c₀ do not; polynomial: all three; linear: none of them.
    assert.deepEqual(seen, {
      rbf: ['Kernel', 'γ (kernel width)', 'Budget (max support vectors)'],
      polynomial: names,
      linear: ['Kernel', 'Budget (max support vectors)'],
    });
  });
});

test('Winnow (balanced) and Passive-Aggressive (PA-II, C = 0.5) equal fit in Node', async (t) => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await chooseModel(page, 'Winnow');
    assert.equal((await state()).options.balanced, true, "the page's Winnow starts balanced (any real features)");
    const winnow = await trainedLikeNode(page, state, t, 'Winnow, balanced');
    assert.deepEqual(winnow.weights, winnow.node.line.weights, 'the line is (w⁺ − w⁻)·x − θ = 0');
    assert.equal(winnow.bias, winnow.node.line.bias);

    await chooseModel(page, 'PassiveAggressive');
    await page.getByLabel('Mode', { exact: true }).selectOption('PA-II');
    await enter(page, 'Aggressiveness C', '0.5');
    await waitForState(page, (st) => st.options.mode === 'PA-II' && st.options.C === 0.5);
    const pa = await trainedLikeNode(page, state, t, 'PassiveAggressive, PA-II, C 0.5');
    assert.deepEqual([pa.weights, pa.bias], [pa.node.line.weights, pa.node.line.bias], "the plane's line");
  });
});

test('each model shows only its own options; early stopping shows its fields only when on', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page }) => {
    const visibleLabels = () =>
      page
        .locator('#option-fields label')
        .evaluateAll((labels) => labels.filter((l) => l.checkVisibility()).map((l) => l.textContent.trim()));
    const common = ['Max epochs', 'Seed', 'Preprocessing', 'Early stopping (on a held-out part of the training rows)'];
    const expected = {
      Perceptron: [
        'Variant',
        'Mistake rule',
        'Order of examples',
        'Learning rate η',
        'Margin (update when y·score ≤ margin)',
        'Fit intercept (learn the bias b)',
        ...common,
      ],
      MulticlassPerceptron: [
        'Strategy',
        'Variant',
        'Mistake rule',
        'Order of examples',
        'Learning rate η',
        'Margin (update when y·score ≤ margin)',
        'Fit intercept (learn the bias b)',
        ...common,
      ],
      KernelPerceptron: [
        'Kernel',
        'γ (kernel width)',
        'Budget (max support vectors)',
        'Mistake rule',
        'Order of examples',
        'Learning rate η',
        'Fit intercept (learn the bias b)',
        ...common,
      ],
      Winnow: [
        'Balanced (w⁺ and w⁻: any real features)',
        'Promotion factor α',
        'Demotion',
        'Threshold θ (empty: the number of features)',
        'Order of examples',
        ...common,
      ],
      PassiveAggressive: [
        'Mode',
        'Aggressiveness C',
        'Order of examples',
        'Fit intercept (learn the bias b)',
        ...common,
      ],
    };
    for (const [kind, labels] of Object.entries(expected)) {
      await chooseModel(page, kind);
      assert.deepEqual(await visibleLabels(), labels, kind);
    }
    await page.getByLabel('Early stopping (on a held-out part of the training rows)', { exact: true }).check();
    assert.deepEqual((await visibleLabels()).slice(-2), [
      'Early stopping: held-out fraction',
      'Early stopping: patience (epochs)',
    ]);
  });
});
