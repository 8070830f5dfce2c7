// The browser-only ```js blocks of README.md and the guides in docs/ (`runs: browser` in their
// readme-test comment: perceptron-wasm/worker needs a module Web Worker) run in a blank page of
// the dev server, under its CSP, with the package from /pkg/; tests/js/readme.test.mjs runs the
// others under Node. One browser for the whole file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserProgram, documentedBlocks } from '../js/readme-blocks.mjs';
import { useBrowser, withFixture } from './browser.mjs';

const blocks = documentedBlocks().filter((block) => block.runs === 'browser');

describe('README and guide examples that need a browser', () => {
  useBrowser();

  it('there are some', () => assert.ok(blocks.length >= 2));

  for (const block of blocks) {
    const name = `${block.file} line ${block.line}`;
    it(`${name} runs in Chromium and gives what it says`, async () => {
      await withFixture({}, async ({ page }) => {
        const body = browserProgram(block);
        // A string, which Playwright evaluates through the devtools protocol: the page's CSP
        // (no 'unsafe-eval') does not apply to it, as it does not to page.evaluate's functions.
        const outcome = await page.evaluate(`(async () => {\n${body}\n})().then(
          () => 'ok',
          (error) => error.name + ': ' + error.message + '\\n' + error.stack,
        )`);
        assert.equal(outcome, 'ok', `${name}:\n${body}`);
      });
    });
  }
});
