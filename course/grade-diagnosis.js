// The diagnosis: the reference trace re-run under the other conventions, each a variant named by
// the code of the mix-up it stands for, and the submission's trace matched against them. The
// package itself runs every variant an option expresses (mistakeRule, fitIntercept false for a
// bias kept at 0, order 'cyclic', maxEpochs or maxSteps); the small loop of grade-loop.js runs
// the others (the bias step scaled apart from w's, training that does not stop after a clean
// epoch). The codes in order of precedence: the first that fits wins, and its message names the
// others that fit too.
import { referenceLoop } from './grade-loop.js';
import { sameTrace, updateText } from './grade-trace.js';
import { formatNumber as number } from './values.js';

/** The diagnosis codes, in order of precedence. */
export const CODES = ['tie-convention', 'bias-not-updated', 'learning-rate-on-bias', 'order', 'epoch-boundary'];

const RULES = {
  margin: 'a step updates iff y (w.x + b) <= 0, so a score of exactly 0 is always a mistake',
  sign: 'predict +1 iff w.x + b >= 0 and update iff the prediction is wrong, so a score of 0 is right on a +1 example',
  strict: 'predict +1 iff w.x + b > 0 and update iff the prediction is wrong, so a score of 0 is right on a -1 example',
};

/**
 * The package's trace of a Perceptron with these options: {trace, converged}, trace one record
 * per step (the trainer's: t, epoch, index, score, mistake, labelSign, predictionSign, weights,
 * bias), converged as the trainer's state says it at the end.
 */
export function packageTrace(pw, X, y, options) {
  const model = new pw.Perceptron(options);
  try {
    const trainer = model.trainer(X, y);
    const trace = [];
    for (let step = trainer.step(); step !== null; step = trainer.step()) trace.push(step);
    return { trace, converged: trainer.state.converged };
  } finally {
    model.dispose();
  }
}

/**
 * The visits a training may take at most: maxSteps for 'sample' (maxEpochs x rows unless
 * given), maxEpochs x rows otherwise.
 */
export function totalSteps({ order, maxEpochs, maxSteps }, rows) {
  return order === 'sample' && maxSteps !== undefined ? maxSteps : maxEpochs * rows;
}

/** The row of every visit, `count` of them, as the package visits them (pw.visitOrder). */
export const visits = (pw, { order, seed }, rows, count) => Array.from(pw.visitOrder({ order, seed, rows, count }));

// The variants, lazily: {code, text, trace()} in order of precedence.
function* variants(pw, { X, y, options }, reference) {
  const o = options;
  const n = X.length;
  const run = (changes) => packageTrace(pw, X, y, { ...o, ...changes }).trace;
  const total = totalSteps(o, n);
  const sampling = o.order === 'sample';
  const loop = (changes) => {
    const settings = { mistakeRule: o.mistakeRule, fitIntercept: o.fitIntercept, sampling, stopWhenClean: true };
    const all = { ...settings, weightRate: o.learningRate, biasRate: o.learningRate, total, ...changes };
    return referenceLoop(X, y, { ...all, rows: changes.rows ?? visits(pw, o, n, all.total) });
  };

  for (const rule of Object.keys(RULES)) {
    if (rule === o.mistakeRule) continue;
    yield {
      code: 'tie-convention',
      text:
        `your trace is the reference's under mistakeRule '${rule}' (${RULES[rule]}), ` +
        `where the assignment's is '${o.mistakeRule}' (${RULES[o.mistakeRule]})`,
      trace: () => run({ mistakeRule: rule }),
    };
  }
  if (o.fitIntercept) {
    yield {
      code: 'bias-not-updated',
      text: `your bias never changes: the trace is the reference's with b kept at 0; on a mistake, ${updateText(o)}`,
      trace: () => run({ fitIntercept: false }),
    };
  }
  if (o.fitIntercept && o.learningRate !== 1) {
    const eta = number(o.learningRate);
    yield {
      code: 'learning-rate-on-bias',
      text: `your bias step is not scaled by the learning rate (b += y); with eta = ${eta}, ${updateText(o)}`,
      trace: () => loop({ biasRate: 1 }),
    };
    yield {
      code: 'learning-rate-on-bias',
      text: `your learning rate scales the bias step only (w += y x, b += ${eta} y); it scales both: ${updateText(o)}`,
      trace: () => loop({ weightRate: 1 }),
    };
  }
  if (o.order !== 'cyclic') {
    const asked = `the assignment's order is '${o.order}' (seed ${o.seed}): visit row options.visitOrder[t - 1] at step t`;
    yield {
      code: 'order',
      text: `your trace visits the rows in their given order (cyclic), epoch after epoch; ${asked}`,
      trace: () => run({ order: 'cyclic' }),
    };
    if (sampling) {
      yield {
        code: 'order',
        text: `your trace visits the rows in their given order (cyclic) for the draws of 'sample'; ${asked}`,
        trace: () => loop({ rows: Array.from({ length: total }, (_, t) => t % n) }),
      };
    }
    yield {
      code: 'order',
      text: `your trace visits the rows of the first epoch in options.visitOrder in every epoch; ${asked}`,
      trace: () => {
        const first = visits(pw, o, n, n);
        return loop({ rows: Array.from({ length: total }, (_, t) => first[t % n]) });
      },
    };
  }
  yield* epochVariants(reference, o, n, run, loop, total);
}

// 'epoch-boundary': one epoch less, one epoch more, no stop after a clean epoch.
function* epochVariants({ trace: steps, converged }, o, n, run, loop, total) {
  const epochs = steps.at(-1)?.epoch ?? 0;
  const sampling = o.order === 'sample';
  const clean = sampling ? 'the block after which no row is a mistake' : 'the epoch without a mistake';
  const why = converged
    ? clean
    : sampling
      ? `the last of maxSteps = ${total} draws`
      : `the last of maxEpochs = ${o.maxEpochs}`;
  if (epochs >= 2) {
    yield {
      code: 'epoch-boundary',
      text: `your training stops one epoch early: after epoch ${epochs - 1}, where the reference goes on to epoch ${epochs}, ${why}`,
      trace: () => run(sampling ? { maxSteps: (epochs - 1) * n } : { maxEpochs: epochs - 1 }),
    };
  }
  yield {
    code: 'epoch-boundary',
    text: `your training runs one epoch too many: the reference stops after epoch ${epochs}, ${why}`,
    trace: () => {
      if (converged) return loop({ stopWhenClean: false, total: steps.length + n });
      return run(sampling ? { maxSteps: total + n } : { maxEpochs: epochs + 1 }); // a last block may be short
    },
  };
  if (converged && total > steps.length + n) {
    yield {
      code: 'epoch-boundary',
      text: `your training does not stop after epoch ${epochs}, ${clean}: it goes on to ${total} steps`,
      trace: () => loop({ stopWhenClean: false }),
    };
  }
}

/**
 * The diagnosis of a received trace that differs from the reference: null when no variant gives
 * it, else {code, message} for the first code whose variant does, the message naming the other
 * codes that fit too.
 */
export function diagnose(pw, assignment, reference, received) {
  const fits = [];
  for (const variant of variants(pw, assignment, reference)) {
    if (fits.some((fit) => fit.code === variant.code)) continue;
    let trace;
    try {
      trace = variant.trace();
    } catch {
      continue; // a variant the package refuses (a limit out of range) explains nothing
    }
    if (sameTrace(trace, received)) fits.push(variant);
  }
  if (fits.length === 0) return null;
  const [first, ...others] = fits;
  const also = others.map((other) => ` The trace fits '${other.code}' too: ${other.text}.`).join('');
  return { code: first.code, message: `${first.text[0].toUpperCase()}${first.text.slice(1)}.${also}` };
}
