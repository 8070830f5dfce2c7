// Text on the page (issue 29): the "Spam messages (text)" preset and an uploaded CSV with a text
// column, trained by the page's text mode (web/text), shown in the regions Top words, Last step,
// Contributions and the table Confusion matrix; every number compared with the library's results
// in Node on the same data with the same options (pw.text.bagOfWords, the page's split: seed 0,
// rows ascending, the trainer and fit).
//   node --test tests/e2e/page-text.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DESKTOP, chooseCsv, loadPackage, openDemo, shots, useBrowser, waitForState, withDemo } from './browser.mjs';
import { num } from '../../web/text/text-render.js';

useBrowser();

const SPAM = readFileSync(new URL('../../data/spam.csv', import.meta.url), 'utf8');
const PHONE_375 = { width: 375, height: 812 };

const getState = (page) => page.evaluate(() => window.perceptronDemo.getState());
// Waits for the page's state; on a timeout, says what the page showed.
const waitText = (page, predicate, arg = null) =>
  waitForState(page, predicate, arg, 15_000).catch(async (error) => {
    const state = await getState(page);
    const said = await page.locator('#action-error, #data-error, .upload-alert, #notice').allTextContents();
    throw new Error(`${error.message}\n${JSON.stringify({ text: state.text, model: state.model, said })}`);
  });
const region = (page, name) => page.getByRole('region', { name, exact: true });
const button = (page, name) => page.getByRole('button', { name, exact: true });

// The bag, the split and a model's weights in Node, as the page computes them.
function reference(pw, texts, labels, { test = 0, ngram = 1, binary = false } = {}) {
  const bag = pw.text.bagOfWords(texts, { labels, ngram: [1, ngram], binary });
  const all = Array.from({ length: texts.length }, (_, i) => i);
  const parts = test ? pw.modelSelection.split(labels, { seed: 0, test: test / 100 }) : { train: all };
  const sorted = (rows) => (rows ? [...rows].sort((a, b) => a - b) : null);
  const take = (rows) =>
    rows
      ? pw.text.bagOfWords(
          rows.map((r) => texts[r]),
          { labels: rows.map((r) => labels[r]), ngram: [1, ngram], binary, vocabulary: bag.featureNames },
        )
      : null;
  const train = sorted(parts.train);
  const held = sorted(parts.test);
  return { names: bag.featureNames, train, test: held, trainX: take(train), testX: take(held) };
}

// The Top words as the page lists them: largest positive weights and largest negative ones.
function topOf(weights, names, k = 10) {
  const order = [...weights.keys()];
  const positive = order.filter((i) => weights[i] > 0).sort((a, b) => weights[b] - weights[a] || a - b);
  const negative = order.filter((i) => weights[i] < 0).sort((a, b) => weights[a] - weights[b] || a - b);
  const line = (i) => `${names[i]} ${num(weights[i])}`;
  return { positive: positive.slice(0, k).map(line), negative: negative.slice(0, k).map(line) };
}

async function confusionCells(page) {
  const table = page.getByRole('table', { name: 'Confusion matrix' });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => Number(td.textContent.replace(/,/g, '')))),
    );
}

test("spam preset: Train equals fit in Node (Top words, Confusion matrix, accuracy, a document's Contributions and score); Step shows the changed words", async () => {
  const pw = await loadPackage();
  const table = pw.csv.parse(SPAM, { header: true });
  const labels = table.rows.map((row) => row[0]);
  await withDemo('#data=spam&model=Perceptron&order=shuffle&test=20', { viewport: DESKTOP }, async ({ page }) => {
    await waitText(page, (s) => s.text && s.text.rows === 900 && s.text.parts.test === 180);
    const texts = table.rows.map((row) => row[1]);
    const ref = reference(pw, texts, labels, { test: 20 });
    const state = await getState(page);
    assert.equal(state.dataset, 'spam');
    assert.equal(state.text.thread, 'worker'); // the playground's one Worker (pg.worker())
    assert.equal(state.text.cols, ref.names.length);
    assert.equal(await page.getByLabel('Dataset').locator('option:checked').textContent(), 'Spam messages (text)');

    // Train: fit from zero weights on the training part, in Node the same.
    await button(page, 'Train').click();
    await waitText(page, (s) => s.text.trained && !s.text.busy);
    const model = new pw.Perceptron(state.options);
    model.fit(ref.trainX);
    assert.equal(
      await page.locator('#status-weights').textContent(),
      `${ref.names.length.toLocaleString('en-US')} weights (Top words below)`,
    );
    const weights = model.weights;
    const top = topOf(weights, ref.names);
    const lists = region(page, 'Top words').locator('ol');
    const shown = await lists.evaluateAll((ols) => ols.map((ol) => [...ol.children].map((li) => li.textContent)));
    assert.deepEqual(shown, [top.positive, top.negative]);
    assert.match(
      await region(page, 'Top words').textContent(),
      /positive weights: towards spam.*negative weights: towards ham/,
    );

    // The Confusion matrix and the accuracy on the test part.
    const predicted = model.predict(ref.testX);
    const classes = ['ham', 'spam'];
    const counts = classes.map((t) =>
      classes.map((p) => predicted.filter((q, i) => q === p && labels[ref.test[i]] === t).length),
    );
    assert.deepEqual(
      await confusionCells(page),
      counts.map((row) => [...row, row[0] + row[1]]),
    );
    const right = counts[0][0] + counts[1][1];
    assert.match(
      await page.locator('.text-accuracy').textContent(),
      new RegExp(`test accuracy ${((100 * right) / 180).toFixed(1)}% \\(${right} of 180 right\\)`),
    );
    assert.equal(await page.locator('#status-test').textContent(), `${((100 * right) / 180).toFixed(1)}%`);

    // Contributions of the test part's third document: w_i x_i sorted, the score = bias + their sum.
    await button(page, 'Next').click();
    await button(page, 'Next').click();
    await waitText(page, (s) => s.text.doc === 2 && !s.text.busy);
    const row = ref.test[2];
    const x = pw.text.bagOfWords([texts[row]], { vocabulary: ref.names }).toSparse();
    const terms = [...x.indices].map((column, p) => ({ column, contribution: weights[column] * x.values[p] }));
    terms.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.column - b.column);
    const sum = terms.reduce((s, t) => s + t.contribution, 0);
    const score = model.bias + sum;
    const contributions = region(page, 'Contributions');
    const firstRows = await contributions
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.slice(0, 8).map((tr) => [tr.querySelector('th').textContent, tr.lastElementChild.textContent]),
      );
    const sign = (v) => (v > 0 ? `+${num(v)}` : num(v));
    assert.deepEqual(
      firstRows,
      terms.slice(0, 8).map((t) => [ref.names[t.column], sign(t.contribution)]),
    );
    const scoreLine = await contributions.locator('.contrib-score').textContent();
    assert.ok(
      scoreLine.startsWith(`score = bias ${num(model.bias)} + sum of contributions ${num(sum)} = ${num(score)}`),
      scoreLine,
    );
    assert.ok(
      Math.abs(score - model.decisionFunction(pw.text.bagOfWords([texts[row]], { vocabulary: ref.names }))[0]) < 1e-9,
    );
    // Every highlighted word carries its contribution as text for screen readers.
    const marks = await contributions.locator('mark').count();
    assert.ok(marks > 5);
    assert.ok((await contributions.locator('.contrib-legend').textContent()).includes('towards ham'));
    await page.screenshot({ path: `${shots}/text-spam-desktop.png`, fullPage: true });

    // The link restores the data, the bag, the model and Train's session.
    const link = (await getState(page)).link;
    assert.match(link, /data=spam&ngram=1&binary=0&hbits=0/);
    assert.match(link, /tsteps=train/);
    assert.match(link, /doc=2/);

    // Reset, then one Step: the first document of the shuffled order, a mistake at zero weights,
    // and the words whose weights changed by exactly what the trainer changed them.
    await button(page, 'Reset').click();
    await waitText(page, (s) => s.text.state.t === 0 && !s.text.trained && !s.text.busy);
    await button(page, 'Step').click();
    await waitText(page, (s) => s.text.state.t === 1 && !s.text.busy);
    const trainer = new pw.Perceptron(state.options).trainer(ref.trainX);
    const step = trainer.step();
    const after = trainer.state && new pw.Perceptron(state.options);
    after.dispose();
    const head = await region(page, 'Last step').locator('.step-head').textContent();
    assert.match(
      head,
      new RegExp(
        `training document ${step.index + 1}: true ${step.label}, predicted ${step.prediction}.*${step.mistake ? 'a mistake' : 'no mistake'}`,
      ),
    );
    const changed = await region(page, 'Last step').locator('.step-changes li').allTextContents();
    const stepX = pw.text.bagOfWords([texts[ref.train[step.index]]], { vocabulary: ref.names }).toSparse();
    const lr = state.options.learningRate ?? 1;
    const y = step.label === 'spam' ? 1 : -1;
    const deltas = [...stepX.indices].map((column, p) => ({ column, delta: lr * y * stepX.values[p] }));
    deltas.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.column - b.column);
    assert.ok(step.mistake);
    assert.deepEqual(
      changed,
      deltas
        .slice(0, 20)
        .map((d) => `${ref.names[d.column]} 0 → ${num(d.delta)} (${d.delta > 0 ? '+' : ''}${num(d.delta)})`),
    );
    assert.deepEqual(
      [...step.weights.keys()].filter((i) => step.weights[i] !== 0).sort((a, b) => a - b),
      deltas.map((d) => d.column).sort((a, b) => a - b),
    );
    model.dispose();
  });
});

test('a link restores the text session (Winnow: binary forced, 1-2-grams, 40 steps) at 375 px; the Confusion matrix on the validation part', async () => {
  const pw = await loadPackage();
  const table = pw.csv.parse(SPAM, { header: true });
  const labels = table.rows.map((row) => row[0]);
  const link = '#data=spam&model=Winnow&ngram=2&binary=0&hbits=0&val=20&tsteps=40&doc=1';
  await withDemo(link, { viewport: PHONE_375, isMobile: true }, async ({ page }) => {
    await waitText(page, (s) => s.text && s.text.state.t === 40 && !s.text.busy);
    const state = await getState(page);
    assert.deepEqual(state.text.bag, { ngram: 2, binary: false, bits: 0, effectiveBinary: true });
    assert.deepEqual(state.text.parts, { train: 720, validation: 180, test: 0 });
    assert.equal(state.model, 'Winnow');
    assert.match(await page.locator('#text-bag-note').textContent(), /Winnow learns from 0\/1 features/);
    assert.ok(await page.getByLabel('Binary (0/1, not counts)').isChecked());
    assert.ok(await page.getByLabel('Binary (0/1, not counts)').isDisabled());
    // Node: the same bag (binary, words and pairs), the page's validation split, 40 trainer steps.
    const texts = table.rows.map((row) => row[1]);
    const bag = pw.text.bagOfWords(texts, { labels, ngram: [1, 2], binary: true });
    const names = bag.featureNames;
    assert.equal(state.text.cols, names.length);
    const parts = pw.modelSelection.split(labels, { seed: 0, validation: 0.2 });
    const rowsOf = (rows) => [...rows].sort((a, b) => a - b);
    const subset = (rows) =>
      pw.text.bagOfWords(
        rows.map((r) => texts[r]),
        { labels: rows.map((r) => labels[r]), ngram: [1, 2], binary: true, vocabulary: names },
      );
    const [train, validation] = [rowsOf(parts.train), rowsOf(parts.validation)];
    const model = new pw.Winnow(state.options);
    const trainer = model.trainer(subset(train), undefined, { validation: { X: subset(validation) } });
    for (let k = 0; k < 40; k++) trainer.step();
    const negative = model.negativeWeights; // basic Winnow: []
    const weights = model.weights.map((w, i) => w - (negative[i] ?? 0));
    const top = topOf(weights, names);
    const lists = await region(page, 'Top words')
      .locator('ol')
      .evaluateAll((ols) => ols.map((ol) => [...ol.children].map((li) => li.textContent)));
    assert.deepEqual(
      lists,
      [top.positive, top.negative].filter((side) => side.length > 0),
    ); // an empty side says "none yet"
    // The validation part's Confusion matrix.
    const predicted = model.predict(subset(validation));
    const classes = ['ham', 'spam'];
    const counts = classes.map((t) =>
      classes.map((p) => predicted.filter((q, i) => q === p && labels[validation[i]] === t).length),
    );
    assert.deepEqual(
      await confusionCells(page),
      counts.map((row) => [...row, row[0] + row[1]]),
    );
    assert.match(await page.locator('.text-accuracy').textContent(), /^validation accuracy/);
    // The document of the link, its score as Node computes it: bias -threshold + sum of w_i x_i.
    assert.equal(state.text.doc, 1);
    const x = subset([validation[1]]);
    const score = model.decisionFunction(x)[0];
    const line = await region(page, 'Contributions').locator('.contrib-score').textContent();
    assert.match(
      line,
      new RegExp(
        `^score = bias ${num(-model.threshold)} \\+ sum of contributions .* = ${num(score).replace('.', '\\.')}`,
      ),
    );
    // The phone layout: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 375, `the page is ${overflow} px wide`);
    await page.screenshot({ path: `${shots}/text-spam-phone.png`, fullPage: true });
    // Two screens of the text regions, to look at.
    for (const [k, y] of [0, 1100, 2200].entries()) {
      const clip = { x: 0, y, width: 375, height: 1100 };
      await page.screenshot({ path: `${shots}/text-spam-phone-${k + 1}.png`, fullPage: true, clip });
    }
    model.dispose();
  });
});

test('an uploaded CSV with a text column: guessed, three classes, MulticlassPerceptron; Train equals fit in Node', async () => {
  const pw = await loadPackage();
  const topics = {
    cooking: [
      'simmer the onions in butter',
      'bake the bread for an hour',
      'season the soup with salt',
      'whisk eggs and sugar',
    ],
    sports: [
      'the striker scored a late goal',
      'the team won the final match',
      'a record time in the sprint',
      'the keeper saved a penalty',
    ],
    tech: [
      'the compiler emits fast code',
      'install the package and run tests',
      'the server crashed after the update',
      'a new chip with more cores',
    ],
  };
  const rows = [];
  let id = 0;
  for (let round = 0; round < 3; round++) {
    for (const [topic, lines] of Object.entries(topics)) {
      for (const [k, line] of lines.entries())
        rows.push([++id, `${line} ${lines[(k + round + 1) % lines.length]}`, topic]);
    }
  }
  const csv = `id,message,topic\n${rows.map(([i, text, topic]) => `${i},"${text}",${topic}`).join('\n')}\n`;
  await withDemo('', { viewport: DESKTOP }, async ({ page }) => {
    await chooseCsv(page, 'topics.csv', csv);
    assert.equal(await page.getByLabel('Text column').locator('option:checked').textContent(), 'message');
    assert.match(await page.getByLabel('Label', { exact: true }).locator('option:checked').textContent(), /^topic /);
    await page.getByRole('button', { name: 'Load data', exact: true }).click();
    await waitText(page, (s) => s.text && s.text.rows === 36 && s.model === 'MulticlassPerceptron' && !s.text.busy);
    const state = await getState(page);
    assert.equal(state.dataset, 'csv');
    assert.deepEqual(state.text.classes, ['cooking', 'sports', 'tech']);
    assert.equal(await page.getByLabel('Dataset').locator('option:checked').textContent(), 'Uploaded: topics.csv');
    await button(page, 'Train').click();
    await waitText(page, (s) => s.text.trained && !s.text.busy);
    const texts = rows.map((r) => r[1]);
    const labels = rows.map((r) => r[2]);
    const bag = pw.text.bagOfWords(texts, { labels });
    const model = new pw.MulticlassPerceptron(state.options);
    model.fit(bag);
    // Top words: each class's largest weights.
    const names = bag.featureNames;
    const shown = await region(page, 'Top words')
      .locator('ol')
      .evaluateAll((ols) => ols.map((ol) => [...ol.children].map((li) => li.textContent)));
    assert.deepEqual(
      shown,
      model.weights.map((row) => topOf(row, names).positive),
    );
    // The Confusion matrix on the training part (nothing held out).
    const predicted = model.predict(bag);
    const classes = ['cooking', 'sports', 'tech'];
    const counts = classes.map((t) =>
      classes.map((p) => predicted.filter((q, i) => q === p && labels[i] === t).length),
    );
    assert.deepEqual(
      await confusionCells(page),
      counts.map((row) => [...row, row.reduce((a, b) => a + b, 0)]),
    );
    assert.match(await page.locator('.text-accuracy').textContent(), /^training accuracy/);
    await page.screenshot({ path: `${shots}/text-upload-desktop.png`, fullPage: true });
    // Reset, Epoch: one pass over the 36 documents with the trainer's mistakes.
    await button(page, 'Reset').click();
    await waitText(page, (s) => s.text.state.t === 0 && !s.text.busy);
    await button(page, 'Epoch').click();
    await waitText(page, (s) => s.text.state.epoch === 1 && !s.text.busy);
    const stepper = new pw.MulticlassPerceptron(state.options);
    const epoch = stepper.trainer(bag).finishEpoch();
    const after = await getState(page);
    assert.deepEqual([after.text.state.t, after.text.state.mistakes], [epoch.steps, epoch.mistakes]);
    stepper.dispose();
    // Words and pairs: the bag again (Node's 1-2-gram columns), the weights back to zero.
    await page.getByLabel('Terms').selectOption('2');
    await waitText(page, (s) => s.text.bag.ngram === 2 && !s.text.busy);
    const pairs = pw.text.bagOfWords(texts, { labels, ngram: [1, 2] });
    assert.equal((await getState(page)).text.cols, pairs.cols);
    assert.equal((await getState(page)).text.state.t, 0);
    assert.match((await getState(page)).link, /^#data=csv&/); // an upload: the file cannot be in the link
    // Play steps on until Pause.
    await button(page, 'Play').click();
    await waitText(page, (s) => s.text.state.t > 0);
    await button(page, 'Pause').click();
    await waitText(page, (s) => !s.text.busy);
    assert.equal(await button(page, 'Play').getAttribute('aria-pressed'), 'false');
    model.dispose();
  });
});

test('the spam preset without data/spam.csv (the npm package): said in place, the data stays', async () => {
  const { context, page, problems, violations } = await openDemo('', { viewport: DESKTOP });
  try {
    await page.route('**/data/spam.csv', (route) => route.fulfill({ status: 404, body: 'not here' }));
    await page.getByLabel('Dataset').selectOption('spam');
    const error = page.locator('#data-error');
    await error.filter({ hasText: /spam/ }).waitFor();
    assert.match(
      await error.textContent(),
      /The spam messages are not here \(data\/spam\.csv: HTTP 404\)\. They ship with the site.*not with the npm package/,
    );
    const state = await getState(page);
    assert.equal(state.dataset, 'separable');
    assert.equal(state.text, undefined);
    assert.equal(await page.getByLabel('Dataset').locator('option:checked').textContent(), 'Linearly separable');
    assert.deepEqual(problems, [
      'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    assert.deepEqual(await violations(), []);
  } finally {
    await context.close();
  }
});
