// Sharing (issue 9, "Sharing and teaching"): the URL hash holds the whole state, so the link
// (getState().link, also the address bar) opened in a fresh page gives the same data, model,
// options, weights, counters, and the same next Step, after Steps and after Train. Values read
// from a link are validated: malformed or out-of-range ones are listed in the notice (as text,
// never markup) and replaced by the defaults.
//   node --test tests/e2e/page-link.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseDataset,
  clickAt,
  control,
  enter,
  loadPackage,
  shots,
  train,
  useBrowser,
  waitForState,
  withDemo,
} from './browser.mjs';

useBrowser();

// What a shared link must reproduce, the learning curve's epochs included (the trace table is a
// view of the run, rebuilt by the next steps; `drawing` depends on the window).
const KEYS = ['dataset', 'model', 'options', 'points', 'classes', 'weights', 'bias', 'modelJson', 't', 'epoch', 'mistakes', 'converged', 'accuracy', 'history', 'link']; // prettier-ignore
const shared = (s) => Object.fromEntries(KEYS.map((key) => [key, s[key]]));

test('after Steps (shuffled, seed 9): the link gives the same weights, and both pages take the same next steps', async (t) => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await page.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
    await enter(page, 'Seed', '9');
    await waitForState(page, (s) => s.options.seed === 9);
    for (let i = 0; i < 5; i++) await button('Step').click();
    const mine = await state();
    assert.equal(mine.t, 5);
    assert.ok(mine.weights.some((w) => w !== 0));
    assert.equal(await page.evaluate(() => location.hash), mine.link, 'the address bar holds the link');
    t.diagnostic(`link after 5 steps: ${mine.link}`);
    await withDemo(mine.link, { viewport: DESKTOP }, async (other) => {
      assert.deepStrictEqual(shared(await other.state()), shared(mine));
      assert.equal(await other.page.locator('#notice').isHidden(), true, 'no notice for a good link');
      for (const action of ['Step', 'Step', 'Epoch', 'Step']) {
        await button(action).click();
        await other.button(action).click();
        assert.deepStrictEqual(shared(await other.state()), shared(await state()), `after ${action}`);
      }
    });
  });
});

test('after Train: the link gives the trained model (modelJson), t and epoch, and the same next Step', async (t) => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await train(page);
    const trained = await state();
    assert.ok(trained.t > 0 && trained.weights.some((w) => w !== 0));
    assert.equal(trained.converged, true);
    t.diagnostic(`Perceptron after Train: w = [${trained.weights}], b = ${trained.bias}, t = ${trained.t}`);
    await withDemo(trained.link, { viewport: DESKTOP }, async (other) => {
      // Step continues from Train's weights (the Perceptron's warm start): they separate the
      // points, so the next step is no mistake and nothing moves, on both pages.
      for (const demo of [{ page, state, button }, other]) {
        await demo.button('Step').click();
        const s = await demo.state();
        assert.equal(s.t, trained.t + 1);
        assert.deepStrictEqual(
          [s.weights, s.bias, s.mistakes],
          [trained.weights, trained.bias, trained.mistakes],
          'Step after Train continues from its weights',
        );
        await demo.button('Reset').click();
      }
    });
    await train(page);
    await withDemo(trained.link, { viewport: DESKTOP }, async (other) => {
      assert.deepStrictEqual(shared(await other.state()), shared(trained));
      await button('Step').click();
      await other.button('Step').click();
      assert.deepStrictEqual(shared(await other.state()), shared(await state()), 'the next Step');
    });

    // Train, then Steps from its weights (a second run), then the link.
    await train(page);
    for (let i = 0; i < 3; i++) await button('Step').click();
    await withDemo((await state()).link, { viewport: DESKTOP }, async (other) => {
      assert.deepStrictEqual(shared(await other.state()), shared(await state()));
      await button('Epoch').click();
      await other.button('Epoch').click();
      assert.deepStrictEqual(shared(await other.state()), shared(await state()));
    });
  });
});

test('a kernel perceptron trained on XOR and a multi-class one on blobs come back from their links', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    for (const preset of ['xor', 'blobs']) {
      await chooseDataset(page, preset);
      await enter(page, 'Points', '50');
      await waitForState(page, (s) => s.points.length === 50);
      await train(page);
      const trained = await state();
      assert.ok(trained.modelJson !== null);
      await withDemo(trained.link, { viewport: DESKTOP }, async (other) => {
        assert.deepStrictEqual(shared(await other.state()), shared(trained), preset);
        // The same predictions: the same training accuracy on the same points.
        await button('Step').click();
        await other.button('Step').click();
        assert.deepStrictEqual(shared(await other.state()), shared(await state()), `${preset}: the next Step`);
      });
    }
  });
});

test('malformed and out-of-range link values are listed in the notice and replaced by the defaults', async () => {
  const markup = '<img src=x onerror="window.__pwned=1">';
  const link =
    '#data=xor&dseed=-4&n=3&noise=abc&model=Perceptron&rule=nope&lr=' +
    encodeURIComponent(markup) +
    '&seed=-3&val=15&heatmap=2&start=!!!&base=1,2&bogus=1';
  await withDemo(link, { viewport: DESKTOP }, async ({ page, state, button }) => {
    const notice = page.locator('#notice');
    await notice.waitFor({ state: 'visible' });
    assert.equal(await notice.getAttribute('role'), 'status');
    assert.equal(await page.locator('#notice-title').textContent(), 'Parts of this link were ignored:');
    const items = await page.locator('#notice li').allTextContents();
    const expected = [
      /^dseed=-4: the data seed must be an integer from 0 to 4294967295; it stays the default$/,
      /^n=3: the number of points must be an integer from 4 to 5,000; it stays the default$/,
      /^noise=abc: the noise must be a number from 0 to 1; it stays the default$/,
      /^rule=nope: Mistake rule must be .*margin.*sign.*strict.*; it stays margin$/,
      /^lr=<img src=x onerror="window.__pwned=1">: Learning rate η must be .*; it stays 1$/,
      /^seed=-3: Seed must be .*; it stays 0$/,
      /^val=15: the validation part must be one of 0, 10, 20, 30, 40, 50 \(percent\); it stays 0$/,
      /^heatmap=2: heatmap must be 0 or 1$/,
      /^start=!!!&base=1,2: the trained model: start is not a model saved by the page; the weights start at zero$/,
      /^bogus=1: the page has no such setting \(for this model\)$/,
    ];
    assert.equal(items.length, expected.length, items.join('\n'));
    items.forEach((item, i) => assert.match(item, expected[i]));
    // Quoted as text: no element came from the link, and nothing ran.
    assert.equal(await page.locator('#notice img, img').count(), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);

    // The defaults in their place: XOR's own (100 points, seed 1, noise 0.1); margin rule, η 1, seed 0.
    const s = await state();
    const pw = await loadPackage();
    const xor = pw.Dataset.generate('xor', { rows: 100, seed: 1, noise: 0.1 });
    const { data } = xor.toArray();
    assert.deepStrictEqual(
      s.points,
      xor.labels.map((label, r) => ({ x: data[2 * r], y: data[2 * r + 1], label })),
    );
    xor.dispose();
    assert.deepEqual([s.options.mistakeRule, s.options.learningRate, s.options.seed], ['margin', 1, 0]);
    assert.deepEqual([s.t, s.weights], [0, [0, 0]]);
    assert.equal(await page.getByRole('checkbox', { name: 'Score heatmap' }).isChecked(), true);
    // The corrected link replaces the address: nothing of the bad values is kept.
    assert.match(
      s.link,
      /^#data=xor&dseed=1&n=100&noise=0\.1&model=Perceptron&.*&rule=margin&.*&lr=1&.*&seed=0&.*&val=0&/,
    );
    assert.doesNotMatch(s.link, /bogus|start=|img/);
    await page.screenshot({ path: `${shots}/page-link-notice-1280.png` });

    await button('Dismiss').click();
    await notice.waitFor({ state: 'hidden' });
    // A link edited by hand later gets its own notice; a clean one none.
    await page.evaluate(() => {
      location.hash = '#data=points&points=0.1,0.1,1;0.2,0.2,-1&class=7';
    });
    await notice.waitFor({ state: 'visible' });
    assert.deepEqual(await page.locator('#notice li').allTextContents(), [
      'class=7: the data has no such class; new points get the first class',
    ]);
    assert.deepEqual((await state()).points, [
      { x: 0.1, y: 0.1, label: 1 },
      { x: 0.2, y: 0.2, label: -1 },
    ]);
    await page.evaluate(() => {
      location.hash = '#data=points&points=0.2,0.1,1';
    });
    await notice.waitFor({ state: 'hidden' });
  });
});

test('a tampered trained model in the link is refused: the weights start at zero, the rest is kept', async () => {
  await withDemo('', { viewport: DESKTOP }, async ({ page, state }) => {
    await train(page);
    const link = (await state()).link;
    const start = new URLSearchParams(link.slice(1)).get('start');
    const json = JSON.parse(Buffer.from(start, 'base64url').toString('utf8'));
    json.weights = [1, 'x'];
    const tampered = link.replace(start, Buffer.from(JSON.stringify(json)).toString('base64url'));
    await withDemo(tampered, { viewport: DESKTOP }, async (other) => {
      await other.page.locator('#notice').waitFor({ state: 'visible' });
      const [item] = await other.page.locator('#notice li').allTextContents();
      assert.match(item, /^start\/base\/run: the trained model: .*weights.*; the weights start at zero$/);
      const s = await other.state();
      assert.deepEqual([s.t, s.weights, s.bias, s.modelJson], [0, [0, 0], 0, null]);
      assert.deepStrictEqual(s.points, (await state()).points);
    });
  });
});

// Issue 27, item 6: the learning curve comes back with the link (its runs replayed, Train's run
// in the worker as Train runs it), and where a link cannot hold it the curve says why.
test('a shared link restores the learning curve, and says so where it cannot', async () => {
  const empty = (page) => page.locator('perceptron-playground .curve-empty');
  const note = (page) => page.locator('perceptron-playground .curve-note');
  await withDemo('', { viewport: DESKTOP }, async ({ page, state, button }) => {
    await chooseDataset(page, 'gaussians');
    await control(page, 'combobox', 'Validation part').selectOption('20');
    await waitForState(page, (s) => s.link.includes('&val=20&'));
    await train(page);
    for (let i = 0; i < 3; i++) await button('Step').click();
    await button('Epoch').click();
    const mine = await state();
    assert.ok(mine.history.length >= 3, `${mine.history.length} epochs`);
    assert.ok(mine.history.every((e) => typeof e.trainError === 'number' && 'validationError' in e));
    assert.match(mine.link, /[#&]runs=train,\d+/);
    await withDemo(mine.link, { viewport: DESKTOP }, async (other) => {
      assert.deepStrictEqual((await other.state()).history, mine.history);
      assert.equal(await empty(other.page).isHidden(), true, 'the curve is drawn');
      assert.equal(await note(other.page).isHidden(), true);
      await other.page.locator('perceptron-playground figure.curve').screenshot({ path: `${shots}/link-curve.png` });
    });
    // A point added after training: the runs since zero weights are on other data.
    await clickAt(page, 0.9, -0.9);
    await waitForState(page, (s, t) => s.t === t && s.converged === null, mine.t);
    await button('Step').click();
    const edited = await state();
    assert.match(edited.link, /[#&]runs=lost-data(&|$)/);
    await withDemo(edited.link, { viewport: DESKTOP }, async (other) => {
      assert.deepStrictEqual(shared(await other.state()), { ...shared(edited), history: [] });
      assert.equal(
        await note(other.page).textContent(),
        'This link does not hold the learning curve before it: the data changed after training.',
      );
      assert.equal(await note(other.page).isVisible(), true);
      await other.page
        .locator('perceptron-playground figure.curve')
        .screenshot({ path: `${shots}/link-curve-lost.png` });
    });
  });
});
