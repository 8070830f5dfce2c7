// The page part of the bench (`node bench/run.mjs page`): frame times on the demo page while
// the Worker trains on 100,000 rows. The dev server (scripts/serve.mjs) and Debian's Chromium
// (playwright-core, headless, as the e2e tests start it) open the demo page at 1280 x 800; it
// gets 100,000 points through window.perceptronDemo.loadPoints (two overlapping Gaussians, so
// no line separates them and every epoch runs), Max epochs is set, and the button named Train
// is clicked. requestAnimationFrame's intervals on the page are recorded from the click until
// Train is enabled again, split where the worker's fit result reaches the page (the page's
// Worker is wrapped by an init script that only timestamps fit results), and compared with the
// same page left idle. Nothing is asserted: the figures are printed.
//
// Two Trains of 50 epochs come first: the first starts the worker (it loads the package and
// receives the points), the second times an epoch, which sets the epochs of the measured Train
// so that it lasts about TARGET_SECONDS. Long tasks (PerformanceObserver 'longtask': main-thread
// tasks over 50 ms) are counted with the frames: slow frames without long tasks were lost to
// other processes on the machine, not to the page's own work.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';
import { LAUNCH } from '../tests/e2e/browser.mjs';
import { randomStream } from './data.mjs';

const ROWS = 100_000;
const SEED = 9;
const IDLE_MS = 3000;
const CALIBRATION_EPOCHS = 50;
const TARGET_SECONDS = 4;
const SLOW_FRAME_MS = 50;
export const VIEWPORT = { width: 1280, height: 800 };
const root = fileURLToPath(new URL('..', import.meta.url));

const count = (n) => n.toLocaleString('en-US');

// Two Gaussian clouds in [-1, 1]^2, labels -1 and +1, centres (-0.25, -0.15) and (0.25, 0.15),
// standard deviation 0.35: they overlap, so the perceptron never converges.
export function overlappingGaussians(rows, seed) {
  const random = randomStream(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const clamp = (v) => Math.max(-1, Math.min(1, v));
  return Array.from({ length: rows }, (_, i) => {
    const label = i % 2 === 0 ? 1 : -1;
    return { x: clamp(0.25 * label + 0.35 * normal()), y: clamp(0.15 * label + 0.35 * normal()), label };
  });
}

// Percentiles (nearest rank) and counts of a list of frame intervals in ms.
export function frameStats(intervals) {
  const sorted = [...intervals].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] : NaN);
  return {
    frames: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? NaN,
    slow: sorted.filter((v) => v > SLOW_FRAME_MS).length,
  };
}

export const describeFrames = (s, tasks) =>
  `${count(s.frames)} frames; interval p50 ${s.p50.toFixed(1)}, p95 ${s.p95.toFixed(1)}, ` +
  `p99 ${s.p99.toFixed(1)}, max ${s.max.toFixed(1)} ms; ${s.slow} over ${SLOW_FRAME_MS} ms; ` +
  `long tasks: ${tasks.length}${tasks.length ? `, longest ${Math.max(...tasks.map((t) => t.duration)).toFixed(0)} ms` : ''}`;

// The long tasks that started in [from, to).
export const tasksIn = (tasks, from, to) => tasks.filter((t) => t.start >= from && t.start < to);

// In the page: every fit result the package's worker sends, timestamped (nothing else changes).
export function watchFits() {
  const Native = window.Worker;
  window.__fits = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => {
        if (data?.type === 'result' && data.value?.modelKind && data.value.report) {
          const { epochs, steps } = data.value.report;
          window.__fits.push({ at: performance.now(), epochs, steps });
        }
      });
    }
  };
}

// In the page: rAF timestamps for `ms`, or (train given) from clicking it until it is enabled
// again; the long tasks (main-thread tasks over 50 ms) meanwhile, to tell the page's own work
// from frames lost to other processes; then the fit results seen meanwhile.
export function recordFrames({ train, ms }) {
  return new Promise((resolve) => {
    const times = [];
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    });
    observer.observe({ type: 'longtask' });
    const fits = window.__fits.length;
    const start = performance.now();
    const tick = (now) => {
      times.push(now);
      // Train's end: its fit result arrived and the button is enabled again.
      const over = train ? window.__fits.length > fits && !train.disabled : now - start >= ms;
      if (!over) {
        requestAnimationFrame(tick);
        return;
      }
      for (const entry of observer.takeRecords()) longTasks.push({ start: entry.startTime, duration: entry.duration });
      observer.disconnect();
      resolve({ start, end: performance.now(), times, longTasks, clickMs, fits: window.__fits.slice(fits) });
    };
    requestAnimationFrame(tick);
    // The page's own work on the click (Train's handler, up to its first await), timed apart.
    const clicked = performance.now();
    train?.click();
    const clickMs = performance.now() - clicked;
  });
}

async function setMaxEpochs(page, epochs) {
  const field = page.getByLabel('Max epochs', { exact: true });
  await field.fill(String(epochs));
  await field.press('Tab');
}

/**
 * The demo page at `url` in a new context of `browser` at 1280 x 800, once the playground is
 * ready: {context, page, errors} (errors: the page's uncaught errors and console errors, as they
 * come). `initScript` (watchFits, say) runs in the page before its own scripts.
 */
export async function openDemoPage(browser, url, { initScript } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 });
  return { context, page, errors };
}

export const intervalsOf = (times) => times.slice(1).map((t, k) => t - times[k]);

/**
 * Runs the page bench; progress(text) reports its steps. Resolves to {rows, notes} for
 * bench/run.mjs's table ([measure, result, '', ''] rows), or a skipped row when Chromium or
 * dist/ is missing.
 */
export async function pageBench({ progress }) {
  const label = `Demo page frames while the Worker trains ${count(ROWS)} rows`;
  const executable = LAUNCH.executablePath;
  if (!existsSync(executable) || !existsSync(`${root}dist/worker-client.js`)) {
    const why = existsSync(executable) ? 'no dist/: run `npm run build` first' : `no Chromium at ${executable}`;
    return { rows: [[label, 'skipped', '', '']], notes: [`${label}: ${why} (CHROMIUM_PATH sets another).`] };
  }
  const server = await startServer({ port: 0, quiet: true });
  const browser = await chromium.launch(LAUNCH);
  try {
    const { context, page, errors } = await openDemoPage(browser, server.url, { initScript: watchFits });

    progress(`page: ${count(ROWS)} points through perceptronDemo.loadPoints`);
    const points = overlappingGaussians(ROWS, SEED);
    const loaded = await page.evaluate((list) => window.perceptronDemo.loadPoints(list), points);
    if (loaded !== ROWS) throw new Error(`bench page: loadPoints kept ${loaded} of ${ROWS} points`);
    const train = await page.getByRole('button', { name: 'Train', exact: true }).elementHandle();

    progress(`page: two Trains of ${CALIBRATION_EPOCHS} epochs (the first starts the worker)`);
    await setMaxEpochs(page, CALIBRATION_EPOCHS);
    const cold = await page.evaluate(recordFrames, { train });
    const warm = await page.evaluate(recordFrames, { train });
    const coldFit = cold.fits.at(-1);
    const warmFit = warm.fits.at(-1);
    if (!coldFit || !warmFit) {
      throw new Error(`bench page: a first Train gave no fit result (${errors.join('; ') || 'no error'})`);
    }
    const perEpochMs = (warmFit.at - warm.start) / warmFit.epochs;
    const epochs = Math.max(CALIBRATION_EPOCHS, Math.min(100_000, Math.round((TARGET_SECONDS * 1000) / perEpochMs)));

    progress(`page: idle for ${IDLE_MS / 1000} s`);
    await page.waitForTimeout(500);
    const idle = await page.evaluate(recordFrames, { ms: IDLE_MS });

    progress(`page: Train of ${count(epochs)} epochs, frames recorded`);
    await setMaxEpochs(page, epochs);
    await page.waitForTimeout(500);
    const run = await page.evaluate(recordFrames, { train });
    const fit = run.fits.at(-1);
    if (!fit) throw new Error(`bench page: the Train gave no fit result (${errors.join('; ') || 'no error'})`);
    if (errors.length) throw new Error(`bench page: the page reported errors: ${errors.join('; ')}`);
    const during = run.times.filter((t) => t <= fit.at);
    const after = run.times.filter((t) => t >= during.at(-1));
    const trainSeconds = (fit.at - run.start) / 1000;
    const afterSeconds = (run.end - fit.at) / 1000;

    const idleStats = frameStats(intervalsOf(idle.times));
    const duringStats = frameStats(intervalsOf(during));
    const afterStats = frameStats(intervalsOf(after));
    const rows = [
      [
        `Demo page idle, ${count(ROWS)} points loaded (${IDLE_MS / 1000} s)`,
        describeFrames(idleStats, idle.longTasks),
        '',
        '',
      ],
      [
        `${label} (${count(fit.epochs)} epochs, ${trainSeconds.toFixed(2)} s)`,
        describeFrames(duringStats, tasksIn(run.longTasks, run.start + run.clickMs, fit.at)),
        '',
        '',
      ],
      [
        `Demo page after that Train: its result adopted and replayed (${afterSeconds.toFixed(2)} s)`,
        describeFrames(afterStats, tasksIn(run.longTasks, fit.at, Infinity)),
        '',
        '',
      ],
    ];
    const clickTasks = tasksIn(run.longTasks, -Infinity, run.start + run.clickMs);
    const notes = [
      `Clicking Train ran ${run.clickMs.toFixed(0)} ms of the page's own work at once (its handler up to the ` +
        `worker call: ${clickTasks.length ? `a long task of ${Math.max(...clickTasks.map((t) => t.duration)).toFixed(0)} ms` : 'no long task'}, ` +
        `left out of the row's long tasks); the frames from the click to the result include it.`,
      `Page bench: Chromium ${browser.version()} headless at ${VIEWPORT.width}x${VIEWPORT.height}; ${count(ROWS)} points, ` +
        `two overlapping Gaussians (centres ±(0.25, 0.15), sd 0.35, seed ${SEED}), Perceptron with the page's default options.`,
      `The measured Train: ${count(fit.steps)} steps in ${trainSeconds.toFixed(2)} s from the click to the worker's result ` +
        `(${((fit.steps / trainSeconds) * 1e-6).toFixed(1)} M steps/s, with the training error of every epoch and the ` +
        `weights of the replay's epochs); the first Train of ${CALIBRATION_EPOCHS} epochs (worker start, package load, ` +
        `points sent) took ${((coldFit.at - cold.start) / 1000).toFixed(2)} s, the second ` +
        `${((warmFit.at - warm.start) / 1000).toFixed(2)} s.`,
    ];
    await context.close();
    return { rows, notes };
  } finally {
    await browser.close();
    await server.close();
  }
}
