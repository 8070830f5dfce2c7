// Step, Epoch and Play on the page's own data (`node bench/run.mjs play`, issue 29): the page
// keeps the rows it draws (presets, clicked points, uploads of at most SAMPLE_ROWS rows; bigger
// uploads stay in the Worker and step there), and steps them on its own thread. This part shows
// what that costs on the demo page in headless Chromium at 1280 x 800, for SAMPLE_ROWS points
// (the most an upload leaves on the page) and for the Spiral preset (200 points): one Epoch
// click (its handler and the frame after it), and Play at the top speed (1,000 steps per second)
// for PLAY_MS: the frame intervals, the long tasks, and the share of the page's time spent in the
// session's step() (the trainer and the step's trace record) against the whole frame, the rest
// being the page's drawing, which it does wherever the trainer runs. Nothing is asserted.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';
import { LAUNCH } from '../tests/e2e/browser.mjs';
import { SAMPLE_ROWS } from '../web/shell/remote-data.js';
import {
  describeFrames,
  frameStats,
  intervalsOf,
  openDemoPage,
  overlappingGaussians,
  recordFrames,
  watchFits,
} from './page.mjs';

const PLAY_MS = 4000;
const SEED = 9;
const root = fileURLToPath(new URL('..', import.meta.url));
const count = (n) => n.toLocaleString('en-US');

// In the page: the session's step() timed (the page's own trainer: core step, record, counters),
// and the trace's append, until `done` is called; the top speed set.
function instrument() {
  const pg = document.querySelector('perceptron-playground').playground;
  const speed = pg.$('speed');
  speed.value = speed.max;
  speed.dispatchEvent(new Event('input', { bubbles: true }));
  window.__stepMs = 0;
  window.__steps = 0;
  const session = pg.session;
  const step = session.step.bind(session);
  session.step = () => {
    const t = performance.now();
    const out = step();
    window.__stepMs += performance.now() - t;
    window.__steps += 1;
    return out;
  };
}

// In the page: one click on Epoch, timed to its handler's end and to the next frame.
const clickEpoch = () =>
  new Promise((resolve) => {
    const pg = document.querySelector('perceptron-playground').playground;
    const start = performance.now();
    pg.$('epoch').click();
    const handler = performance.now() - start;
    requestAnimationFrame(() => resolve({ handler, frame: performance.now() - start, t: pg.session.t }));
  });

async function measure(page, label) {
  await page.evaluate(instrument);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  const epoch = await page.evaluate(clickEpoch);
  await page.evaluate(() => {
    window.__stepMs = 0;
    window.__steps = 0;
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const run = await page.evaluate(recordFrames, { ms: PLAY_MS });
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const { stepMs, steps } = await page.evaluate(() => ({ stepMs: window.__stepMs, steps: window.__steps }));
  const seconds = (run.end - run.start) / 1000;
  return [
    [
      `${label}: one Epoch click (${count(epoch.t)} steps)`,
      `${epoch.handler.toFixed(0)} ms of handler, ${epoch.frame.toFixed(0)} ms to the next frame`,
      '',
      '',
    ],
    [
      `${label}: Play at the top speed (${PLAY_MS / 1000} s, ${count(steps)} steps)`,
      `${describeFrames(frameStats(intervalsOf(run.times)), run.longTasks)}; step() ${(stepMs / seconds / 10).toFixed(1)}% of the time (${((stepMs / Math.max(1, steps)) * 1000).toFixed(0)} µs a step)`,
      '',
      '',
    ],
  ];
}

/** Runs this part; progress(text) reports its steps. Resolves to {rows, notes} for bench/run.mjs. */
export async function pagePlayBench({ progress }) {
  const label = 'Step, Epoch and Play on the page';
  if (!existsSync(LAUNCH.executablePath) || !existsSync(`${root}dist/worker-client.js`)) {
    return {
      rows: [[label, 'skipped', '', '']],
      notes: [`${label}: no Chromium or no dist/ (run \`npm run build\`).`],
    };
  }
  const server = await startServer({ port: 0, quiet: true });
  const browser = await chromium.launch(LAUNCH);
  try {
    const { context, page, errors } = await openDemoPage(browser, server.url, { initScript: watchFits });
    const rows = [];
    progress(`play: ${count(SAMPLE_ROWS)} page points`);
    await page.evaluate((list) => window.perceptronDemo.loadPoints(list), overlappingGaussians(SAMPLE_ROWS, SEED));
    rows.push(...(await measure(page, `${count(SAMPLE_ROWS)} points (the most an upload leaves on the page)`)));
    progress('play: the Spiral preset');
    await page.getByRole('combobox', { name: 'Dataset', exact: true }).selectOption('spiral');
    rows.push(...(await measure(page, 'Spiral preset (200 points)')));
    if (errors.length) throw new Error(`bench play: the page reported errors: ${errors.join('; ')}`);
    await context.close();
    const notes = [
      `Play bench: Chromium ${browser.version()} headless at 1280x800, the page's default model (Perceptron); ` +
        `${count(SAMPLE_ROWS)} points: two overlapping Gaussians (seed ${SEED}), so every epoch has mistakes. ` +
        "step() is the page session's step (the core trainer's step, its record and the counters); the rest of each " +
        "frame is the page's drawing of the plane, curve and trace, which a Worker-side trainer would not remove.",
    ];
    return { rows, notes };
  } finally {
    await browser.close();
    await server.close();
  }
}
