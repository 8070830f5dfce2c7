// Train runs here, off the main thread, so the page stays responsive even for maxEpochs = 100000
// on points no line separates. A module worker: import maps do not apply in workers, so the
// package is imported by its served URL (the dev server mounts dist/ at /pkg/).
//
// Request:  {id, options, X, y}
// Reply:    {id, ok: true, report, model: toJSON(), frames: [{epoch, weights, bias}]}
//        or {id, ok: false, error: {name, message}}
// frames are the weights at the end of (up to ~MAX_FRAMES evenly spaced) epochs, for the replay.
import load from './pkg/index.js';

const MAX_FRAMES = 240;
const ready = load();

self.onmessage = async ({ data: { id, options, X, y } }) => {
  let model;
  try {
    const pw = await ready;
    model = new pw.Perceptron(options);
    const stride = Math.max(1, Math.ceil(options.maxEpochs / MAX_FRAMES));
    const frames = [];
    const report = model.fit(X, y, {
      onEpoch({ epoch, weights, bias }) {
        if (epoch % stride === 0 || epoch === 1) frames.push({ epoch, weights, bias });
      },
    });
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
