// The custom element and classroom mode (issue 9, "Sharing and teaching"): web/embed.html's two
// <perceptron-playground> elements take their dataset, model and hidden controls from their
// attributes and work independently (a Step in one leaves the other as it was); an element added
// by a script works too; on the site's page, ?hide=upload,options hides those controls.
//   node --test tests/e2e/page-element.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, loadPackage, shots, useBrowser, withDemo, withPage } from './browser.mjs';

useBrowser();

/** Every <perceptron-playground> on the page has started. */
const allReady = (page, count) =>
  page.waitForFunction(
    (n) => {
      const elements = [...document.querySelectorAll('perceptron-playground')];
      return elements.length === n && elements.every((e) => e.dataset.ready === 'true');
    },
    count,
    { timeout: 20_000 },
  );

/** getState() of the playground with this id (no window.perceptronDemo on embed.html). */
const stateOf = (page, id) => page.evaluate((which) => document.getElementById(which).playground.getState(), id);

/** The points pw.Dataset.generate gives in Node for the element's defaults (each preset's own rows and noise, seed 1). */
async function preset(kind, options) {
  const pw = await loadPackage();
  const dataset = pw.Dataset.generate(kind, options);
  const { data } = dataset.toArray();
  const points = dataset.labels.map((label, r) => ({ x: data[2 * r], y: data[2 * r + 1], label }));
  dataset.dispose();
  return points;
}

test('embed.html: two playgrounds, their attributes applied, each working on its own', async () => {
  await withPage('embed.html', { viewport: DESKTOP }, async ({ page }) => {
    await allReady(page, 2);
    const first = page.locator('#first');
    const second = page.locator('#second');
    let [a, b] = [await stateOf(page, 'first'), await stateOf(page, 'second')];
    // dataset="separable" model="Perceptron"; dataset="xor" model="KernelPerceptron".
    assert.deepEqual([a.dataset, a.model, b.dataset, b.model], ['separable', 'Perceptron', 'xor', 'KernelPerceptron']);
    assert.deepStrictEqual(a.points, await preset('separable', { rows: 40, seed: 1, margin: 0.1 }));
    assert.deepStrictEqual(b.points, await preset('xor', { rows: 100, seed: 1, noise: 0.1 }));
    assert.equal(await first.getByRole('combobox', { name: 'Model', exact: true }).inputValue(), 'Perceptron');
    assert.equal(await second.getByRole('combobox', { name: 'Model', exact: true }).inputValue(), 'KernelPerceptron');
    // hide="upload export split" and, for the second, data too (checked at the end, after the
    // numbers: a failure here must not hide the rest).
    const visibility = [];
    for (const element of [first, second]) {
      visibility.push({
        upload: await element.getByText('Upload a CSV file', { exact: true }).isVisible(),
        export: await element.getByRole('button', { name: 'Export model as JSON' }).isVisible(),
        split: await element.getByRole('combobox', { name: 'Test part' }).isVisible(),
        data: await element.getByRole('combobox', { name: 'Dataset' }).isVisible(),
        step: await element.getByRole('button', { name: 'Step', exact: true }).isVisible(),
      });
    }
    // Ids are per element: each label names its own control.
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('perceptron-playground')].map(
        (e) => e.shadowRoot.querySelector('select[name=variant], select[name=kernel]').id,
      ),
    );
    assert.notEqual(ids[0], ids[1]);

    // Step in the first: the second is unchanged; then the second, twice.
    await first.getByRole('button', { name: 'Step', exact: true }).click();
    [a, b] = [await stateOf(page, 'first'), await stateOf(page, 'second')];
    assert.deepEqual([a.t, b.t, b.modelJson], [1, 0, null]);
    await second.getByRole('button', { name: 'Step', exact: true }).click();
    await second.getByRole('button', { name: 'Step', exact: true }).click();
    [a, b] = [await stateOf(page, 'first'), await stateOf(page, 'second')];
    assert.deepEqual([a.t, b.t], [1, 2]);
    // Train in the second (its own worker); the first keeps its step.
    await second.getByRole('button', { name: 'Train', exact: true }).click();
    await page.waitForFunction(() => {
      const s = document.getElementById('second').playground.getState();
      return !s.busy && s.modelJson !== null && s.converged !== null && s.t > 2;
    });
    [a, b] = [await stateOf(page, 'first'), await stateOf(page, 'second')];
    assert.equal(a.t, 1);
    assert.ok(b.accuracy > 0.9, `the kernel separates XOR: ${b.accuracy}`);
    // Options of one do not reach the other.
    await first.getByLabel('Order of examples', { exact: true }).selectOption('shuffle');
    assert.equal((await stateOf(page, 'second')).options.order, 'cyclic');
    // No element syncs the address: the page's URL has no hash.
    assert.equal(await page.evaluate(() => location.hash), '');
    await page.screenshot({ path: `${shots}/page-element-embed-1280.png`, fullPage: true });
    assert.deepEqual(visibility, [
      { upload: false, export: false, split: false, data: true, step: true },
      { upload: false, export: false, split: false, data: false, step: true },
    ]);
  });
});

test('an element added by a script: its attributes (dataset, model, hide) applied; unknown names reported', async () => {
  await withPage('embed.html', { viewport: DESKTOP }, async ({ page }) => {
    await allReady(page, 2);
    await page.evaluate(() => {
      const element = document.createElement('perceptron-playground');
      element.id = 'third';
      element.setAttribute('dataset', 'blobs');
      element.setAttribute('model', 'MulticlassPerceptron');
      element.setAttribute('hide', 'trace,theory nonsense');
      document.body.append(element);
    });
    await allReady(page, 3);
    const third = page.locator('#third');
    const s = await stateOf(page, 'third');
    assert.deepEqual([s.dataset, s.model, s.classes], ['blobs', 'MulticlassPerceptron', [0, 1, 2]]);
    assert.deepStrictEqual(s.points, await preset('blobs', { rows: 90, seed: 1, noise: 0.2 }));
    assert.equal(await third.getByRole('table', { name: 'Trace' }).isVisible(), false);
    assert.equal(await third.getByRole('region', { name: 'Theory' }).isVisible(), false);
    const notice = third.getByRole('status').filter({ hasText: 'Some controls to hide are unknown' });
    assert.match(await notice.textContent(), /nonsense: the names are data, upload, split/);
    await third.getByRole('button', { name: 'Epoch', exact: true }).click();
    assert.equal((await stateOf(page, 'third')).t, 90);
    assert.equal((await stateOf(page, 'first')).t, 0);
  });
});

test('classroom mode: /?hide=upload,options hides those controls and keeps the rest', async () => {
  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ]) {
    await withDemo('?hide=upload,options', { viewport }, async ({ page, state, button }) => {
      assert.equal(await page.getByText('Upload a CSV file', { exact: true }).isVisible(), false, 'no upload');
      assert.equal(await page.getByLabel('CSV file', { exact: true }).isVisible(), false);
      assert.equal(await page.getByRole('region', { name: 'Options' }).isVisible(), false, 'no options');
      assert.equal(await page.getByLabel('Learning rate η', { exact: true }).isVisible(), false);
      assert.equal(
        await page.getByRole('button', { name: 'Export model as JSON' }).isVisible(),
        false,
        'export is in the options column',
      );
      for (const visible of ['Step', 'Epoch', 'Train', 'Reset'])
        assert.equal(await button(visible).isVisible(), true, visible);
      assert.equal(await page.getByRole('combobox', { name: 'Dataset', exact: true }).isVisible(), true);
      assert.equal(await page.getByRole('combobox', { name: 'Model', exact: true }).isVisible(), true);
      await button('Step').click();
      assert.equal((await state()).t, 1);
      // The link keeps the session, and the address keeps ?hide=.
      assert.match(page.url(), /\?hide=upload,options#data=separable&/);
      await page.screenshot({ path: `${shots}/page-element-classroom-${name}.png`, fullPage: true });
    });
  }
});
