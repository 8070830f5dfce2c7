// Text on the page (issue 29): the "Spam messages (text)" preset and an uploaded CSV with a text
// column, trained in the playground's worker (or its on-page twin), shown in the regions Top
// words, Contributions and the table Confusion matrix; every number compared with the library's
// results in Node on the same data with the same options (pw.text.bagOfWords, the page's split,
// the trainer and fit).
//   node --test tests/e2e/page-text.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DESKTOP, PHONE, chooseCsv, loadPackage, shots, useBrowser, waitForState, withDemo } from './browser.mjs';

useBrowser();

const SPAM = readFileSync(new URL('../../data/spam.csv', import.meta.url), 'utf8');

const textState = (page) => page.evaluate(() => window.perceptronDemo.getState());
const waitText = (page, predicate, arg = null) => waitForState(page, predicate, arg, 60_000);

test('smoke: the spam preset loads', async () => {
  await withDemo('#data=spam&model=Perceptron&test=20', { viewport: DESKTOP }, async ({ page }) => {
    await waitText(page, (s) => s.text && s.text.rows > 0);
    await page.getByRole('button', { name: 'Epoch', exact: true }).click();
    await waitText(page, (s) => s.text.state.t > 0);
    await page.screenshot({ path: `${shots}/text-desktop.png`, fullPage: true });
    console.log(JSON.stringify(await textState(page), null, 1).slice(0, 2000));
  });
});
