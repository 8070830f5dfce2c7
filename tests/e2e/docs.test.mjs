// The API reference (issue 10): TypeDoc's pages from the package's types (scripts/docs.mjs,
// build/docs), served by npm start's server at /docs/ under the page's CSP plus the hashes of
// their own inline scripts, linked from the page, readable and searchable in Chromium.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PAGE_POLICY, shots, useBrowser, withDemo, withPage } from './browser.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the API reference at /docs/', () => {
  useBrowser();

  it('is built from the types: every model kind has a page, with the options the .d.ts documents', () => {
    const page = (file) => readFileSync(`${root}build/docs/${file}`, 'utf8');
    for (const kind of ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive']) {
      assert.match(page(`interfaces/perceptron-wasm.${kind}.html`), new RegExp(`<h1>Interface ${kind}`));
    }
    const fitOptions = page('interfaces/perceptron-wasm.FitOptions.html');
    for (const option of ['onStep', 'onEpoch', 'signal', 'initialWeights', 'sampleWeight', 'validation']) {
      assert.match(fitOptions, new RegExp(`id="${option.toLowerCase()}"`), option);
    }
    assert.match(page('classes/perceptron-wasm_worker.PerceptronWorker.html'), /<h1>Class PerceptronWorker/);
  });

  it('the page links it; it shows (its inline script allowed by hash), with no CSP violation', async () => {
    await withDemo('', {}, async ({ page }) => {
      const link = page.getByRole('link', { name: 'its API reference' });
      const [response] = await Promise.all([page.waitForNavigation(), link.click()]);
      assert.equal(new URL(page.url()).pathname, '/docs/');
      const policy = response.headers()['content-security-policy'];
      const html = readFileSync(`${root}build/docs/index.html`, 'utf8');
      const inline = html.match(/<script>([\s\S]+?)<\/script>/)[1];
      const hash = createHash('sha256').update(inline, 'utf8').digest('base64');
      assert.equal(
        policy,
        `${PAGE_POLICY.replace("'wasm-unsafe-eval'", `'wasm-unsafe-eval' 'sha256-${hash}'`)}; ` +
          "style-src 'self' 'unsafe-inline'",
      );
      // TypeDoc hides the body until its script shows the page: visible means the script ran.
      await page.waitForFunction(() => getComputedStyle(document.body).display !== 'none', null, { timeout: 5000 });
      assert.match(await page.title(), /perceptron-wasm/);
      await page.screenshot({ path: `${shots}/docs-index.png` });
    });
  });

  it('the guides of docs/ are rendered beside it, their links between guides kept, with no CSP violation', async () => {
    await withPage('docs/documents/analysis.html', {}, async ({ page }) => {
      await page.waitForFunction(() => getComputedStyle(document.body).display !== 'none', null, { timeout: 5000 });
      const text = await page.locator('body').innerText();
      assert.match(text, /Block \(1962\), Novikoff \(1962\)/);
      assert.match(text, /pw\.analysis\.novikoffBound/);
      const link = page.locator('a[href="models.html"]').first();
      const [response] = await Promise.all([page.waitForNavigation(), link.click()]);
      assert.equal(response.status(), 200);
      assert.equal(new URL(page.url()).pathname, '/docs/documents/models.html');
    });
  });

  it("a model's page reads as the .d.ts says, and the search finds the kinds", async () => {
    await withPage('docs/interfaces/perceptron-wasm.FitOptions.html', {}, async ({ page }) => {
      await page.waitForFunction(() => getComputedStyle(document.body).display !== 'none', null, { timeout: 5000 });
      const text = await page.locator('body').innerText();
      assert.match(text, /signal\?: AbortSignal/);
      assert.match(text, /Aborts training: fit throws the signal's reason/);
      await page.locator('#tsd-search-trigger, #tsd-search .field input, [id="tsd-search-field"]').first().click();
      await page.keyboard.type('Winnow');
      const results = page.locator('#tsd-search-results li, .results li');
      await results.first().waitFor({ timeout: 5000 });
      const found = await results.allInnerTexts();
      assert.ok(
        found.some((entry) => /Winnow/.test(entry)),
        `search results: ${found.join(' | ')}`,
      );
      await page.screenshot({ path: `${shots}/docs-fit-options.png` });
    });
  });
});
