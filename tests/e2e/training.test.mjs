// web/shell/training.js in headless Chromium, on the blank fixture page under the page's CSP: Train
// through the package's own worker (perceptron-wasm/worker). Every result is compared with the
// same training on the page (new pw[kind](options).fit(X, y)), bit for bit; the trace and the
// history of a small example are the ones computed by hand below; Stop, library errors, the
// Dataset kept in the worker between trains, progress, and the replay.
//   node --test tests/e2e/training.test.mjs          (needs a build: dist/)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useBrowser, withFixture } from './browser.mjs';

useBrowser();

// Loads the package and training.js into the fixture page, with helpers: sameBits(a, b) (the
// path where a and b first differ, numbers by Object.is, or null) and data(kind, rows, seed,
// noise) (a generated set as {X: {data, rows, cols}, y}).
async function setup(page) {
  await page.evaluate(async () => {
    const { default: load } = await import('/pkg/index.js');
    window.pw = await load();
    window.training = await import('/shell/training.js');
    window.sameBits = (await import('/test/same-bits.js')).sameBits;
    window.data = (kind, rows, seed, noise) => {
      const d = window.pw.Dataset.generate(kind, { rows, seed, noise });
      const out = { X: d.toArray(), y: d.labels };
      d.dispose();
      return out;
    };
    window.rejection = async (promise) => {
      try {
        await promise;
        return null;
      } catch (error) {
        return { name: error.name, message: error.message, isDOMException: error instanceof DOMException };
      }
    };
  });
}

describe('web/shell/training.js: WorkerTraining', () => {
  test("every model kind: the worker's model and report are fit's on the page, bit for bit", async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        const { pw, sameBits } = window;
        const sets = { two: window.data('gaussians', 300, 4, 0.5), three: window.data('blobs', 240, 6, 0.6) };
        const cases = [
          ['Perceptron', { maxEpochs: 50, order: 'shuffle', seed: 3 }, 'two'],
          ['Perceptron', { variant: 'averaged', mistakeRule: 'strict', maxEpochs: 30 }, 'two'],
          ['MulticlassPerceptron', { maxEpochs: 20 }, 'three'],
          ['MulticlassPerceptron', { strategy: 'ovr', maxEpochs: 8 }, 'three'],
          ['KernelPerceptron', { kernel: 'rbf', maxEpochs: 3 }, 'two'],
          ['Winnow', { balanced: true, maxEpochs: 25, order: 'shuffle', seed: 1 }, 'two'],
          ['PassiveAggressive', { mode: 'PA-II', C: 0.5, maxEpochs: 12 }, 'two'],
          ['PassiveAggressive', { maxEpochs: 6 }, 'three'],
        ];
        const training = new window.training.WorkerTraining();
        const results = [];
        for (const [kind, options, set] of cases) {
          const { X, y } = sets[set];
          const result = await training.train({ kind, options, X, y, validation: null, trace: false });
          const model = new pw[kind](options);
          const report = model.fit(X, y);
          const last = result.frames.at(-1);
          let lastLine = null;
          if (last) {
            const line =
              kind === 'Winnow'
                ? { weights: model.weights.map((w, j) => w - model.negativeWeights[j]), bias: -model.threshold }
                : { weights: model.weights, bias: model.bias };
            lastLine = sameBits({ weights: last.weights, bias: last.bias }, line);
          }
          results.push({
            kind,
            options,
            modelSame: sameBits(result.model, model.toJSON()),
            reportSame: sameBits(result.report, report),
            historySame: sameBits(
              result.history.map(({ epoch, steps, mistakes }) => ({ epoch, steps, mistakes })),
              report.history,
            ),
            keys: Object.keys(result.history[0]),
            trainErrors: result.history.map((h) => h.trainError),
            frames: result.frames.map((f) => f.epoch),
            epochs: report.epochs,
            lastLine,
            trace: result.trace,
          });
          model.dispose();
        }
        training.dispose();
        return results;
      });
      for (const r of out) {
        const label = `${r.kind} ${JSON.stringify(r.options)}`;
        assert.equal(r.modelSame, null, `${label}: toJSON() is the page's`);
        assert.equal(r.reportSame, null, `${label}: the report is the page's`);
        assert.equal(r.historySame, null, `${label}: one history entry per epoch of the report`);
        assert.deepEqual(r.keys, ['epoch', 'steps', 'mistakes', 'trainError'], `${label}: no validationError`);
        assert.equal(r.trace, null);
        const binaryLine = ['Perceptron', 'Winnow'].includes(r.kind) || (r.kind === 'PassiveAggressive' && r.options.C);
        if (r.kind === 'MulticlassPerceptron' && r.options.strategy === 'ovr') {
          assert.ok(
            r.trainErrors.every((e) => e === null),
            `${label}: no trainError (epochs of the binary models)`,
          );
        } else {
          assert.ok(
            r.trainErrors.every((e) => e >= 0 && e <= 1),
            `${label}: a trainError every epoch`,
          );
        }
        if (binaryLine) {
          assert.equal(r.frames[0], 1, `${label}: frames from epoch 1`);
          assert.equal(r.frames.at(-1), r.epochs, `${label}: to the last epoch`);
          assert.equal(r.lastLine, null, `${label}: the last frame is the final model's line`);
        } else {
          assert.deepEqual(r.frames, [], `${label}: no frames`);
        }
      }
    });
  });

  test('the trace and history of a small example, as computed by hand', async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        // Classic perceptron, margin rule, eta 1, cyclic, from w = 0, b = 0.
        const X = { data: Float64Array.from([2, 1, -1, -2, 1, -1]), rows: 3, cols: 2 };
        const y = [1, -1, -1];
        const training = new window.training.WorkerTraining();
        const result = await training.train({ kind: 'Perceptron', options: {}, X, y, trace: true });
        const steps = [];
        const model = new window.pw.Perceptron({});
        model.fit(X, y, { onStep: (s) => void steps.push(s) });
        training.dispose();
        return { result, traceSame: window.sameBits(result.trace, steps), weights: model.weights, bias: model.bias };
      });
      const { result } = out;
      // t1: x1 = (2, 1), score 0, y s = 0 <= 0: w = (2, 1), b = 1.  t2: x2 = (-1, -2), score -3: right.
      // t3: x3 = (1, -1), score 2 for y = -1: w = (2, 1) - (1, -1) = (1, 2), b = 0.
      // Epoch 2: scores 4, -5, -1, all right: converged. After epoch 1 every point is right.
      assert.deepEqual(
        result.trace.map(({ t, epoch, index, score, mistake, weights, bias }) => [
          t,
          epoch,
          index,
          score,
          mistake,
          weights,
          bias,
        ]),
        [
          [1, 1, 0, 0, true, [2, 1], 1],
          [2, 1, 1, -3, false, [2, 1], 1],
          [3, 1, 2, 2, true, [1, 2], 0],
          [4, 2, 0, 4, false, [1, 2], 0],
          [5, 2, 1, -5, false, [1, 2], 0],
          [6, 2, 2, -1, false, [1, 2], 0],
        ],
      );
      assert.equal(out.traceSame, null, "the trace is fit's onStep records");
      assert.equal(result.traceTruncated, false);
      assert.deepEqual(result.history, [
        { epoch: 1, steps: 3, mistakes: 2, trainError: 0 },
        { epoch: 2, steps: 3, mistakes: 0, trainError: 0 },
      ]);
      assert.deepEqual(result.frames, [
        { epoch: 1, weights: [1, 2], bias: 0 },
        { epoch: 2, weights: [1, 2], bias: 0 },
      ]);
      assert.deepEqual([result.model.weights, result.model.bias], [[1, 2], 0]);
      assert.deepEqual(result.report, {
        epochs: 2,
        steps: 6,
        mistakes: 2,
        converged: true,
        stopped: false,
        history: [
          { epoch: 1, steps: 3, mistakes: 2 },
          { epoch: 2, steps: 3, mistakes: 0 },
        ],
      });
    });
  });

  test("history trainError is model.score's error of each epoch's weights; frames evenly spaced", async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        const { pw, sameBits } = window;
        const { X, y } = window.data('gaussians', 200, 11, 0.8);
        const options = { maxEpochs: 1000 };
        const training = new window.training.WorkerTraining();
        const result = await training.train({ kind: 'Perceptron', options, X, y });
        training.dispose();
        // On the page: fit's onEpoch weights, each scored by a model holding them.
        const epochs = [];
        const model = new pw.Perceptron(options);
        model.fit(X, y, { onEpoch: ({ epoch, weights, bias }) => void epochs.push({ epoch, weights, bias }) });
        const json = model.toJSON();
        const errors = epochs.map(({ weights, bias }) => {
          const at = pw.Perceptron.fromJSON({ ...json, weights, bias });
          const error = 1 - at.score(X, y);
          at.dispose();
          return error;
        });
        model.dispose();
        const byEpoch = new Map(epochs.map((e) => [e.epoch, e]));
        return {
          epochs: epochs.length,
          errorsSame: sameBits(
            result.history.map((h) => h.trainError),
            errors,
          ),
          distinct: new Set(errors).size,
          frameEpochs: result.frames.map((f) => f.epoch),
          framesSame: sameBits(
            result.frames,
            result.frames.map(({ epoch }) => ({
              epoch,
              weights: byEpoch.get(epoch).weights,
              bias: byEpoch.get(epoch).bias,
            })),
          ),
        };
      });
      assert.equal(out.epochs, 1000, 'overlapping classes: every epoch runs');
      assert.equal(out.errorsSame, null, 'trainError per epoch = 1 - score of that epoch’s weights');
      assert.ok(out.distinct > 5, `the error changes from epoch to epoch (${out.distinct} values)`);
      const frames = out.frameEpochs;
      assert.ok(frames.length <= 240 && frames.length >= 100, `${frames.length} frames`);
      assert.equal(frames[0], 1);
      assert.equal(frames.at(-1), 1000);
      const gaps = new Set(frames.slice(1).map((e, k) => e - frames[k]));
      assert.deepEqual(
        [...gaps].sort((a, b) => a - b),
        [7, 8],
        'evenly spaced (8 epochs apart, 1 -> 8 first)',
      );
      assert.equal(out.framesSame, null, "each frame holds that epoch's weights");
    });
  });

  test("a validation set: fit's validation, its errors per epoch, the kept model", async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        const { pw, sameBits } = window;
        const train = window.data('gaussians', 300, 2, 0.8);
        const held = window.data('gaussians', 100, 3, 0.8);
        const options = { maxEpochs: 200, patience: 6 };
        const training = new window.training.WorkerTraining();
        const result = await training.train({ kind: 'Perceptron', options, ...train, validation: held });
        const model = new pw.Perceptron(options);
        const report = model.fit(train.X, train.y, { validation: held });
        const out = {
          modelSame: sameBits(result.model, model.toJSON()),
          historySame: sameBits(result.history, report.history),
          bestEpoch: report.bestEpoch,
          epochs: report.epochs,
          last: sameBits(result.frames.at(-1), { epoch: report.epochs, weights: model.weights, bias: model.bias }),
          datasets: (await training.client.memory()).datasets,
        };
        await training.train({ kind: 'Perceptron', options, ...train });
        out.datasetsAfter = (await training.client.memory()).datasets;
        model.dispose();
        training.dispose();
        return out;
      });
      assert.equal(out.modelSame, null, 'the model kept is the page’s');
      assert.equal(out.historySame, null, 'trainError and validationError per epoch are fit’s');
      assert.ok(out.bestEpoch < out.epochs, `stopped after the best epoch (${out.bestEpoch} of ${out.epochs})`);
      assert.equal(out.last, null, "the last frame is the kept model's line");
      assert.equal(out.datasets, 2, 'training and validation sets in the worker');
      assert.equal(out.datasetsAfter, 1, 'the validation set freed when no longer given');
    });
  });

  test('the training set stays in the worker while X is the same object; replaced when it changes', async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        const first = window.data('gaussians', 500, 1, 0.3);
        const second = window.data('xor', 400, 1, 0.1);
        const training = new window.training.WorkerTraining();
        const started = training.client;
        const options = { maxEpochs: 5 };
        await training.train({ kind: 'Perceptron', options, ...first });
        const client = training.client;
        let loads = 0;
        const load = client.loadArrays.bind(client);
        client.loadArrays = (...args) => {
          loads += 1;
          return load(...args);
        };
        const counts = [];
        await training.train({ kind: 'Perceptron', options, ...first });
        await training.train({ kind: 'Winnow', options: { balanced: true }, ...first });
        counts.push(loads, (await client.memory()).datasets);
        await training.train({ kind: 'Perceptron', options, ...second });
        counts.push(loads, (await client.memory()).datasets);
        // The same X with other labels: a new Dataset.
        await training.train({ kind: 'Perceptron', options, X: second.X, y: second.y.map((v) => -v) });
        counts.push(loads, (await client.memory()).datasets);
        training.dispose();
        return { started, counts, after: training.client };
      });
      assert.equal(out.started, null, 'the worker starts on the first train()');
      assert.deepEqual(out.counts, [0, 1, 1, 1, 2, 1], 'loads and Datasets in the worker');
      assert.equal(out.after, null, 'dispose() terminates it');
    });
  });

  test('stop() mid-training rejects at once with AbortError; the next train works', async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        const X = { data: Float64Array.from([0, 0, 1, 1, 0, 1, 1, 0]), rows: 4, cols: 2 };
        const y = [-1, -1, 1, 1];
        const training = new window.training.WorkerTraining();
        const noneYet = training.stop();
        const progress = [];
        const running = training.train({
          kind: 'Perceptron',
          options: { maxEpochs: 1e6 },
          X,
          y,
          onProgress: (p) => progress.push(p),
        });
        // Under way: a few progress calls (the worker may take a while to start on a busy machine).
        const waitStart = performance.now();
        while (progress.length < 3 && performance.now() - waitStart < 15_000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const stoppedAt = performance.now();
        const stopped = training.stop();
        const error = await window.rejection(running);
        const rejectedAfter = performance.now() - stoppedAt;
        const again = training.stop();
        let memory = await training.client.memory();
        while (memory.requests > 0 && performance.now() - stoppedAt < 3000) memory = await training.client.memory();
        const stoppedAfter = performance.now() - stoppedAt;
        const next = await training.train({ kind: 'Perceptron', options: { maxEpochs: 7 }, X, y });
        training.dispose();
        return {
          noneYet,
          stopped,
          error,
          rejectedAfter,
          again,
          stoppedAfter,
          progress,
          nextEpochs: next.report.epochs,
        };
      });
      assert.equal(out.noneYet, false, 'nothing to stop before a train');
      assert.equal(out.stopped, true);
      assert.deepEqual(out.error, {
        name: 'AbortError',
        message: 'Training stopped; the model is as it was before Train.',
        isDOMException: true,
      });
      assert.ok(out.rejectedAfter < 100, `rejected ${out.rejectedAfter.toFixed(1)} ms after stop()`);
      assert.ok(out.stoppedAfter < 1000, `the worker stopped ${out.stoppedAfter.toFixed(0)} ms after stop()`);
      assert.equal(out.again, false, 'nothing left to stop');
      assert.ok(out.progress.length >= 2, `progress while training (${out.progress.length} calls)`);
      for (let k = 1; k < out.progress.length; k++) {
        assert.deepEqual(Object.keys(out.progress[k]), ['epoch', 't', 'mistakes']);
        assert.ok(out.progress[k].t > out.progress[k - 1].t, 'progress goes forward');
        assert.equal(out.progress[k].t, out.progress[k].epoch * 4, 'XOR: 4 steps an epoch, paused at epoch ends');
      }
      assert.equal(out.nextEpochs, 7, 'the next train runs (XOR: never converges)');
    });
  });

  test("the library's errors come with their message; a failed train changes nothing", async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        const { pw } = window;
        const three = window.data('blobs', 60, 1);
        const two = window.data('gaussians', 60, 1, 0.2);
        const training = new window.training.WorkerTraining();
        const onPage = (fn) => {
          try {
            fn();
            return null;
          } catch (error) {
            return { name: error.name, message: error.message, isDOMException: false };
          }
        };
        const cases = {
          threeClasses: [
            await window.rejection(training.train({ kind: 'Perceptron', options: {}, ...three })),
            onPage(() => new pw.Perceptron({}).fit(three.X, three.y)),
          ],
          badOption: [
            await window.rejection(training.train({ kind: 'Perceptron', options: { maxEpochs: 0 }, ...two })),
            onPage(() => new pw.Perceptron({ maxEpochs: 0 })),
          ],
          basicWinnow: [
            await window.rejection(training.train({ kind: 'Winnow', options: {}, ...two })),
            onPage(() => new pw.Winnow({}).fit(two.X, two.y)),
          ],
          nan: [
            await window.rejection(
              training.train({
                kind: 'Perceptron',
                options: {},
                X: { data: Float64Array.of(1, NaN), rows: 1, cols: 2 },
                y: [1],
              }),
            ),
            null,
          ],
        };
        const after = await training.train({ kind: 'Perceptron', options: { maxEpochs: 3 }, ...two });
        const datasets = (await training.client.memory()).datasets;
        training.dispose();
        return { cases, afterEpochs: after.report.epochs, datasets };
      });
      for (const key of ['threeClasses', 'badOption', 'basicWinnow']) {
        const [worker, page_] = out.cases[key];
        assert.ok(page_, `${key}: the page refuses it too`);
        assert.deepEqual(worker, page_, `${key}: the same error as on the page`);
      }
      assert.match(out.cases.threeClasses[0].message, /two classes|2 classes|binary/i);
      assert.equal(out.cases.nan[0].name, 'RangeError');
      assert.match(out.cases.nan[0].message, /^loadArrays: X/);
      assert.ok(out.afterEpochs >= 1);
      assert.equal(out.datasets, 1, 'a refused X keeps no Dataset');
    });
  });

  test('trace keeps the first 10,000 steps of a long run and says so', async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        const { X, y } = window.data('xor', 40, 3, 0.2);
        const training = new window.training.WorkerTraining();
        const result = await training.train({ kind: 'Perceptron', options: { maxEpochs: 400 }, X, y, trace: true });
        const steps = [];
        const model = new window.pw.Perceptron({ maxEpochs: 400 });
        model.fit(X, y, { onStep: (s) => void (steps.length < 10_000 && steps.push(s)) });
        training.dispose();
        return {
          length: result.trace.length,
          truncated: result.traceTruncated,
          steps: result.report.steps,
          same: window.sameBits(result.trace, steps),
          max: window.training.TRACE_MAX_STEPS,
        };
      });
      assert.deepEqual(out, { length: 10_000, truncated: true, steps: 16_000, same: null, max: 10_000 });
    });
  });

  test('replayFrames shows the frames in order within a second; none with reduced motion', async () => {
    await withFixture({}, async ({ page }) => {
      await setup(page);
      const out = await page.evaluate(async () => {
        const { replayFrames } = window.training;
        const frames = Array.from({ length: 30 }, (_, k) => ({ epoch: k + 1, weights: [k, 1], bias: 0 }));
        const shown = [];
        const start = performance.now();
        await replayFrames(frames, { show: (f) => shown.push(f), skip: () => false, reducedMotion: false });
        const seconds = (performance.now() - start) / 1000;
        const reduced = [];
        await replayFrames(frames, { show: (f) => reduced.push(f), skip: () => false, reducedMotion: true });
        const skipped = [];
        await replayFrames(frames, {
          show: (f) => skipped.push(f),
          skip: () => skipped.length >= 3,
          reducedMotion: false,
        });
        return {
          epochs: shown.map((f) => f.epoch),
          of: [...new Set(shown.map((f) => f.of))],
          seconds,
          reduced: reduced.length,
          skipped: skipped.length,
        };
      });
      assert.ok(out.epochs.length >= 3, `${out.epochs.length} frames shown`);
      assert.ok(
        out.epochs.every((e, k) => k === 0 || e >= out.epochs[k - 1]),
        'in order',
      );
      assert.deepEqual(out.of, [30], 'each frame knows the last epoch');
      assert.ok(out.seconds < 1.6, `about a second (${out.seconds.toFixed(2)} s)`);
      assert.equal(out.reduced, 0);
      assert.equal(out.skipped, 3);
    });
  });
});
