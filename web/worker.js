// Train runs here (model.trainer, the loop fit runs), off the main thread, so the page stays
// responsive even for maxEpochs = 100000 on points no line separates. A module worker: import
// maps do not apply in workers, so the package is imported by its served URL (the dev server
// mounts dist/ at /pkg/).
//
// Request:  {id, options, X: {data: Float64Array, rows, cols}, y}
// Progress: {id, progress: {epoch, t, mistakes}} at most every PROGRESS_MS while training
// Reply:    {id, ok: true, report, model: toJSON(), frames: [{epoch, weights, bias}]}
//        or {id, ok: false, error: {name, message}}
// frames are the weights at the end of (up to ~MAX_FRAMES evenly spaced) epochs, for the replay.
import load from './pkg/index.js';

const MAX_FRAMES = 240;
const PROGRESS_MS = 100;
const ready = load();

self.onmessage = async ({ data: { id, options, X, y } }) => {
  let model;
  try {
    const pw = await ready;
    // warmStart as the page's session has it, so that Step continues from the trained weights.
    model = new pw.Perceptron({ ...options, warmStart: true });
    const stride = Math.max(1, Math.ceil(options.maxEpochs / MAX_FRAMES));
    const frames = [];
    // fit's training driven epoch by epoch (model.trainer), to keep the weights of some epochs
    // and to tell the page how far it got.
    const trainer = model.trainer(X, y);
    let posted = performance.now();
    for (let ended = trainer.finishEpoch(); ended !== null; ended = trainer.finishEpoch()) {
      if (ended.epoch % stride === 0 || ended.epoch === 1) {
        frames.push({ epoch: ended.epoch, weights: model.weights, bias: model.bias });
      }
      const now = performance.now();
      if (now - posted >= PROGRESS_MS) {
        posted = now;
        const { epoch, t, mistakes } = trainer.state;
        self.postMessage({ id, progress: { epoch, t, mistakes } });
      }
    }
    const report = trainer.run();
    const final = { epoch: report.epochs, weights: model.weights, bias: model.bias };
    if (frames.at(-1)?.epoch !== final.epoch) frames.push(final);
    self.postMessage({ id, ok: true, report, model: model.toJSON(), frames });
  } catch (error) {
    self.postMessage({
      id,
      ok: false,
      error: { name: error?.name ?? 'Error', message: error?.message ?? String(error) },
    });
  } finally {
    model?.dispose();
  }
};
