// The browser-only ```js blocks of README.md and the guides in docs/ (`runs: browser` in their
// readme-test comment: perceptron-wasm/worker needs a module Web Worker) run in a blank page of
// the dev server, under its CSP, with the package from /pkg/; tests/js/readme.test.mjs runs the
// others under Node. The ```html blocks (the playground guide's embedding snippets) are put into
// a blank page of the same server, their scripts resolved as web/embed.html resolves them: every
// <perceptron-playground> they hold must draw. One browser for the whole file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { browserProgram, documentedBlocks, documentedFences } from '../js/readme-blocks.mjs';
import { useBrowser, withFixture } from './browser.mjs';

const blocks = documentedBlocks().filter((block) => block.runs === 'browser');
const htmlBlocks = documentedFences('html');

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

  it('the guides have HTML snippets', () => assert.ok(htmlBlocks.length >= 1));

  it('the Content-Security-Policy the playground guide lists is the one the server sends', async () => {
    const guide = readFileSync(new URL('../../docs/playground.md', import.meta.url), 'utf8');
    const listed = /^Content-Security-Policy: (.+)$/m.exec(guide)?.[1];
    assert.ok(listed, 'docs/playground.md lists no Content-Security-Policy header');
    await withFixture({}, async ({ page }) => {
      for (const path of ['/', '/embed.html', '/shell/element.js', '/pkg/perceptron-core.wasm']) {
        const sent = await page.evaluate(
          (url) => fetch(url).then((response) => response.headers.get('content-security-policy')),
          path,
        );
        assert.equal(sent, listed, path);
      }
    });
  });

  for (const block of htmlBlocks) {
    const name = `${block.file} line ${block.line}`;
    it(`${name} (html) gives working playgrounds in a page`, async () => {
      await withFixture({}, async ({ page }) => {
        // The CDN snippet's package (https://cdn.example/npm/perceptron-wasm@<version>/) is the
        // server's own build here; tests/pack/cdn.test.mjs serves it from another origin.
        const html = block.code.replace(/https:\/\/cdn\.example\/npm\/perceptron-wasm@[^/]+\/dist\//g, '/pkg/');
        const count = await page.evaluate((html) => {
          const template = document.createElement('template');
          template.innerHTML = html;
          // Scripts parsed by innerHTML never run: each becomes a new element, its src resolved
          // against /embed.html's URL (web/), where the guide's snippet comes from.
          for (const script of template.content.querySelectorAll('script')) {
            const fresh = document.createElement('script');
            for (const { name, value } of script.attributes) fresh.setAttribute(name, value);
            if (script.hasAttribute('src'))
              fresh.src = new URL(script.getAttribute('src'), `${location.origin}/embed.html`).href;
            script.replaceWith(fresh);
          }
          document.getElementById('fixture').append(template.content);
          return document.querySelectorAll('perceptron-playground').length;
        }, html);
        assert.ok(count >= 1, `${name} holds no <perceptron-playground>`);
        await page.waitForFunction(
          () => [...document.querySelectorAll('perceptron-playground')].every((el) => el.dataset.ready === 'true'),
          null,
          { timeout: 20_000 },
        );
      });
    });
  }
});
