// The demo page's session (web/shell/session.js) on the library's trainer: Step and Epoch retrace fit
// step for step for every model kind; the link's snapshot/restore gives the same model and the
// same next steps; every kind's step record carries the score before the step, so the session
// never predicts; a Step after a long Train costs one step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pw, throwsWith } from './helpers.mjs';
import { Session } from '../../web/shell/session.js';
import { linearOf, trainingProblem } from '../../web/shell/models.js';

const rows = [
  [0.2, 0.9, 1],
  [-0.5, 0.1, -1],
  [0.8, -0.3, 1],
  [-0.1, -0.8, -1],
  [0.05, 0.05, -1],
  [0.6, 0.7, -1],
  [-0.7, -0.2, 1],
];
const matrix = (list) => ({ data: Float64Array.from(list.flatMap(([a, b]) => [a, b])), rows: list.length, cols: 2 });
const train = { X: matrix(rows), y: rows.map((r) => r[2]) };
const three = { X: train.X, y: [0, 1, 2, 0, 1, 2, 0] };
const KINDS = [
  ['Perceptron', {}, train],
  ['Perceptron', { variant: 'averaged' }, train],
  ['MulticlassPerceptron', {}, three],
  ['MulticlassPerceptron', { strategy: 'ovr' }, three],
  ['KernelPerceptron', { kernel: 'polynomial', degree: 2 }, train],
  ['Winnow', { balanced: true }, train],
  ['PassiveAggressive', {}, train],
];
// Which fits take onStep: the Perceptron and the joint multi-class perceptron.
const traced = (kind, extra) => kind === 'Perceptron' || (kind === 'MulticlassPerceptron' && !extra.strategy);
// The fields every trainer's step record has; the session adds label, score, prediction.
const core = ({ t, epoch, index, mistake }) => ({ t, epoch, index, mistake });

test('Step by Step and Epoch by Epoch retrace fit, for every kind and order', () => {
  for (const [kind, extra, data] of KINDS) {
    for (const order of ['cyclic', 'shuffle', 'sample']) {
      const options = { ...extra, order, seed: 4, maxEpochs: 12 };
      const what = `${kind} ${JSON.stringify(extra)} ${order}`;
      const fitted = new pw[kind](options);
      const trace = [];
      const report = fitted.fit(data.X, data.y, traced(kind, extra) ? { onStep: (s) => trace.push(s) } : {});
      const session = new Session(pw, kind, options, data);
      // A run ends with training; a Step after that would start a new run.
      const steps = [];
      while (steps.length < report.steps) steps.push(session.step());
      if (trace.length > 0) {
        assert.equal(steps.length, trace.length, what);
        steps.forEach((step, i) => assert.deepEqual(core(step), core(trace[i]), `${what}: step ${i + 1}`));
        if (kind === 'Perceptron')
          assert.deepEqual(
            steps,
            trace.map((s) => ({ ...s })),
            what,
          );
      }
      assert.equal(session.t, report.steps, what);
      // ovr/ovo train one binary model after the other, each from epoch 1; the report counts the longest.
      if (!extra.strategy) assert.equal(session.epoch, report.epochs, what);
      assert.equal(session.mistakes, report.mistakes, what);
      const summary = (history) => history.map(({ epoch, steps: n, mistakes }) => ({ epoch, steps: n, mistakes }));
      // ovr/ovo: the report merges the binary models' epochs; stepping lists each model's in turn.
      if (!extra.strategy) assert.deepEqual(summary(session.history), summary(report.history), what);
      assert.deepEqual(session.model.toJSON(), { ...fitted.toJSON(), options: session.model.toJSON().options }, what);
      session.reset();
      for (let guard = 0; session.t < report.steps && guard < 1000; guard++) session.finishEpoch();
      assert.equal(session.t, report.steps, `${what}: by epochs`);
      assert.deepEqual(session.model.toJSON().weights, fitted.toJSON().weights, `${what}: by epochs`);
      session.dispose();
      fitted.dispose();
    }
  }
});

test("every step records its label, and the score and prediction before the step: the trainer's record", () => {
  for (const [kind, extra] of [
    ['KernelPerceptron', {}],
    ['Winnow', { balanced: true }],
    ['PassiveAggressive', {}],
  ]) {
    for (const order of ['cyclic', 'shuffle']) {
      const options = { ...extra, order, seed: 9, maxEpochs: 3 };
      const session = new Session(pw, kind, options, train);
      const twin = new pw[kind](options); // stepped one behind, to ask for the score before each step
      const trainer = twin.trainer(train.X, train.y);
      for (let k = 0; k < 15; k++) {
        const step = session.step();
        const x = [session.rowOf(step.index)];
        const where = `${kind} ${order} step ${k + 1}`;
        assert.equal(step.label, train.y[step.index], `${where}: label`);
        const before = twin.fitted ? twin.decisionFunction(x)[0] : 0;
        const predicted = twin.fitted ? twin.predict(x)[0] : undefined;
        const record = trainer.step();
        // The trainer's record: the score that decided the step, which is decisionFunction's
        // (the kernel's running sums may differ from a fresh sum in the last bits).
        assert.ok(Object.is(step.score, record.score), `${where}: score ${step.score} vs ${record.score}`);
        assert.equal(step.prediction, record.prediction, `${where}: prediction`);
        if (kind === 'KernelPerceptron')
          assert.ok(Math.abs(step.score - before) <= 1e-12 * (1 + Math.abs(before)), where);
        else assert.ok(Object.is(step.score, before), `${where}: score ${step.score} vs ${before}`);
        // predict's answer too, but where the kernel's two sums straddle 0.
        const nearZero = kind === 'KernelPerceptron' && Math.abs(before) <= 1e-12;
        if (twin.fitted && !nearZero) assert.equal(step.prediction, predicted, `${where}: prediction`);
      }
      session.dispose();
      twin.dispose();
    }
  }
});

test('the session never predicts to show a step: every kind’s record carries label, score and prediction', () => {
  const kinds = [...KINDS, ['MulticlassPerceptron', { strategy: 'ovo' }, three]];
  // predict and decisionFunction live on the one Model class every kind extends.
  const owner = Object.getPrototypeOf(pw.Perceptron.prototype);
  assert.equal(typeof owner.predict, 'function');
  const original = { predict: owner.predict, decisionFunction: owner.decisionFunction };
  const calls = [];
  for (const name of Object.keys(original)) {
    owner[name] = function (...args) {
      calls.push(name);
      return original[name].apply(this, args);
    };
  }
  try {
    for (const [kind, extra, data] of kinds) {
      const what = `${kind} ${JSON.stringify(extra)}`;
      const session = new Session(pw, kind, { ...extra, maxEpochs: 3 }, data);
      for (let k = 0; k < 20; k++) {
        const step = session.step();
        if (step === null) break;
        assert.equal(step.label, data.y[step.index], what);
        assert.ok(step.prediction !== undefined, `${what}: prediction`);
        assert.ok(typeof step.score === 'number' || Array.isArray(step.scores), `${what}: score`);
      }
      assert.deepEqual(calls, [], `${what}: no predict or decisionFunction`);
      session.dispose();
    }
  } finally {
    Object.assign(owner, original);
  }
});

test('a Step after a long Train continues at once from its weights and counters', () => {
  const xor = {
    X: matrix([
      [0, 0, -1],
      [1, 1, -1],
      [0, 1, 1],
      [1, 0, 1],
    ]),
    y: [-1, -1, 1, 1],
  };
  const options = { order: 'shuffle', maxEpochs: 5_000_000 };
  const model = new pw.Perceptron({ ...options, warmStart: true });
  const report = model.fit(xor.X, xor.y);
  assert.equal(report.steps, 20_000_000); // beyond the old 2^24 visit-order limit
  const session = new Session(pw, 'Perceptron', options, xor);
  session.adoptTraining(model.toJSON(), report, report.history);
  const step = session.step();
  assert.equal(step.t, 20_000_001);
  assert.equal(session.t, 20_000_001);
  assert.equal(session.epoch, 5_000_001);
  session.finishEpoch();
  assert.equal(session.history.at(-1).epoch, 5_000_001);
  session.dispose();
});

test('trainingProblem says what to do', () => {
  const one = { X: matrix([[0, 0, 1]]), y: [1] };
  assert.match(trainingProblem(one, [1], true), /at least two classes/);
  assert.match(trainingProblem({ X: matrix([]), y: [] }, [], true), /no training points/);
  assert.match(trainingProblem(three, [0, 1, 2], true), /takes two classes; the data has 3/);
  assert.equal(trainingProblem(three, [0, 1, 2], false), null);
});

test("snapshot/restore (the page's link): the same model and counters, and the next steps too", () => {
  const other = { X: matrix(rows.slice(0, 5)), y: train.y.slice(0, 5) };
  for (const [kind, extra, data] of KINDS) {
    for (const order of ['cyclic', 'shuffle', 'sample']) {
      const options = { ...extra, order, seed: 11, maxEpochs: 40 };
      const what = `${kind} ${JSON.stringify(extra)} ${order}`;
      const sender = new Session(pw, kind, options, data);
      for (let i = 0; i < 7; i++) sender.step();
      if (kind === 'Perceptron') {
        sender.dataChanged(other); // points edited: a second run, from these weights …
        for (let i = 0; i < 3; i++) sender.step();
        sender.dataChanged(data); // … and a third, on the data the link holds
      }
      for (let i = 0; i < 4; i++) sender.step();
      const saved = JSON.parse(JSON.stringify(sender.snapshot())); // through text, as in a link
      assert.equal(saved.run.steps, kind === 'Perceptron' ? 4 : 11, what);
      const receiver = new Session(pw, kind, options, data);
      receiver.restore(saved);
      for (const key of ['t', 'epoch', 'mistakes', 'converged', 'last']) {
        assert.deepEqual(receiver[key], sender[key], `${what}: ${key}`);
      }
      assert.deepEqual(receiver.model.toJSON(), sender.model.toJSON(), `${what}: model`);
      for (let i = 0; i < 6; i++) assert.deepEqual(receiver.step(), sender.step(), `${what}: step ${i}`);
      sender.dispose();
      receiver.dispose();
    }
  }
});

test('a trained model goes through the link as its JSON', () => {
  const options = { kernel: 'rbf', maxEpochs: 30 };
  const model = new pw.KernelPerceptron(options);
  const report = model.fit(train.X, train.y);
  const sender = new Session(pw, 'KernelPerceptron', options, train);
  sender.adoptTraining(model.toJSON(), report, report.history);
  const saved = JSON.parse(JSON.stringify(sender.snapshot()));
  assert.equal(saved.run, null);
  assert.equal(saved.trained, true);
  const receiver = new Session(pw, 'KernelPerceptron', options, train);
  receiver.restore(saved);
  assert.deepEqual(receiver.model.toJSON(), model.toJSON());
  assert.deepEqual(Array.from(receiver.model.decisionFunction(train.X)), Array.from(model.decisionFunction(train.X)));
  assert.equal(receiver.t, report.steps);
  // The kernel perceptron has no warm start: its next Step starts over, and says so.
  const step = receiver.step();
  assert.equal(step.t, 1);
  assert.equal(receiver.restarted, true);
  for (const s of [sender, receiver, model]) s.dispose();
});

test('restore refuses a model of other options or a run past the end, and leaves a reset session', () => {
  const session = new Session(pw, 'Perceptron', { order: 'shuffle', seed: 2 }, train);
  for (let i = 0; i < 3; i++) session.step();
  session.dataChanged(train);
  session.step();
  const saved = session.snapshot();
  const receiver = new Session(pw, 'Perceptron', { order: 'shuffle', seed: 3 }, train);
  throwsWith(assert, () => receiver.restore(saved), RangeError, /trained with seed = 2, not 3/);
  assert.equal(receiver.t, 0);
  assert.equal(receiver.model.fitted, false);
  const short = new Session(pw, 'Perceptron', { maxEpochs: 1 }, train);
  throwsWith(
    assert,
    () =>
      short.restore({
        start: null,
        base: { t: 0, epoch: 0, mistakes: 0 },
        converged: null,
        trained: false,
        run: { steps: 50, last: false },
      }),
    RangeError,
    /does not give its step count/,
  );
  assert.equal(short.t, 0);
  for (const s of [session, receiver, short]) s.dispose();
});

test("the separator in the data's coordinates undoes the preprocess option's scaling", () => {
  const X = matrix(rows.map(([a, b, l]) => [a * 30 + 5, b * 0.01 - 2, l]));
  for (const preprocess of ['standardize', 'minMax', 'unitBall']) {
    const session = new Session(pw, 'Perceptron', { preprocess, maxEpochs: 20 }, { X, y: train.y });
    for (let k = 0; k < 25; k++) session.step();
    const { weights, bias } = session.linear;
    const scores = session.model.decisionFunction(X);
    for (let r = 0; r < X.rows; r++) {
      const raw = weights[0] * X.data[2 * r] + weights[1] * X.data[2 * r + 1] + bias;
      assert.ok(
        Math.abs(raw - scores[r]) <= 1e-9 * (1 + Math.abs(scores[r])),
        `${preprocess} row ${r}: ${raw} vs ${scores[r]}`,
      );
    }
    session.dispose();
  }
  const winnow = new pw.Winnow({ balanced: true });
  winnow.fit(train.X, train.y);
  const { weights, bias } = linearOf('Winnow', winnow);
  const scores = winnow.decisionFunction(train.X);
  for (let r = 0; r < train.X.rows; r++) {
    const raw = weights[0] * train.X.data[2 * r] + weights[1] * train.X.data[2 * r + 1] + bias;
    assert.ok(Math.abs(raw - scores[r]) <= 1e-12, `Winnow row ${r}`);
  }
  winnow.dispose();
});

// Issue 27, item 6: a link holds the runs since zero weights and rebuilds the learning curve.
const throughText = (value) => JSON.parse(JSON.stringify(value));

test('the link rebuilds the learning curve: Steps, Epochs and the runs after one ended, every kind', () => {
  for (const [kind, extra, data] of KINDS) {
    const options = { ...extra, order: 'shuffle', seed: 5, maxEpochs: 6 };
    const what = `${kind} ${JSON.stringify(extra)}`;
    const sender = new Session(pw, kind, options, data);
    for (let i = 0; i < 3; i++) sender.step();
    sender.finishEpoch();
    sender.finishEpoch();
    // To the end of the first run (maxEpochs 6 or converged); a step after it starts the next.
    for (let e = 0; e < 20 && sender.converged !== true && sender.history.length < 6; e++) sender.finishEpoch();
    // A second run (the Perceptron goes on, others start over): an epoch and a step into the next.
    for (let i = 0; i < 4; i++) sender.step();
    sender.finishEpoch();
    sender.step();
    const saved = throughText(sender.snapshot());
    assert.ok(Array.isArray(saved.runs), `${what}: runs ${JSON.stringify(saved.runs)}`);
    assert.ok(sender.history.length > 0, what);
    const receiver = new Session(pw, kind, options, data);
    receiver.restore(saved);
    assert.deepEqual(receiver.history, sender.history, `${what}: history`);
    assert.equal(receiver.curveNote, null, what);
    for (const key of ['t', 'epoch', 'mistakes', 'converged', 'last']) {
      assert.deepEqual(receiver[key], sender[key], `${what}: ${key}`);
    }
    assert.deepEqual(receiver.model.toJSON(), sender.model.toJSON(), `${what}: model`);
    // The runs go on alike, and their next link is the same.
    for (let i = 0; i < 5; i++) assert.deepEqual(receiver.step(), sender.step(), `${what}: step ${i}`);
    assert.deepEqual(throughText(receiver.snapshot()), throughText(sender.snapshot()), `${what}: next link`);
    sender.dispose();
    receiver.dispose();
  }
});

test("the link rebuilds a curve that begins with Train's: its history as Train gave it, then the Steps'", () => {
  const options = { order: 'shuffle', seed: 3, maxEpochs: 8, variant: 'averaged' };
  // Train's result as the page's worker gives it (web/shell/training.js): toJSON, the report and
  // its epochs with the training error.
  const trainAgain = () => {
    const model = new pw.Perceptron(options);
    const history = [];
    const report = model.fit(train.X, train.y, {
      onEpoch: (e) => {
        history.push({ epoch: e.epoch, steps: e.steps, mistakes: e.mistakes, trainError: 0.5 });
      },
    });
    const result = { model: model.toJSON(), report, history };
    model.dispose();
    return result;
  };
  const sender = new Session(pw, 'Perceptron', options, train);
  const trained = trainAgain();
  sender.adoptTraining(trained.model, trained.report, trained.history);
  for (let i = 0; i < 9; i++) sender.step();
  const saved = throughText(sender.snapshot());
  assert.equal(saved.runs[0], 'train');
  const receiver = new Session(pw, 'Perceptron', options, train);
  receiver.restore(saved, trainAgain());
  assert.deepEqual(receiver.history, sender.history);
  assert.equal(receiver.history.length, trained.history.length + 1, "Train's epochs and the Steps' one");
  assert.deepEqual(receiver.model.toJSON(), sender.model.toJSON());
  // Without Train's result the model still comes back (from its JSON), and the curve says why not.
  const bare = new Session(pw, 'Perceptron', options, train);
  bare.restore(saved);
  assert.deepEqual(bare.model.toJSON(), sender.model.toJSON());
  assert.match(
    bare.curveNote,
    /^This link does not hold the learning curve before it: Train's run could not be repeated here\.$/,
  );
  for (const s of [sender, receiver, bare]) s.dispose();
});

test('where the runs cannot rebuild the curve, the link says why and the restored curve shows it', () => {
  const imported = new Session(pw, 'Perceptron', {}, train);
  imported.step();
  const model = new pw.Perceptron({});
  model.fit(train.X, train.y);
  imported.adoptModel(model.toJSON());
  imported.step();
  assert.deepEqual(imported.snapshot().runs, { lost: 'imported' });
  const edited = new Session(pw, 'Perceptron', {}, train);
  edited.finishEpoch();
  edited.dataChanged(train);
  edited.step();
  const saved = throughText(edited.snapshot());
  assert.deepEqual(saved.runs, { lost: 'data' });
  const receiver = new Session(pw, 'Perceptron', {}, train);
  receiver.restore(saved);
  assert.equal(
    receiver.curveNote,
    'This link does not hold the learning curve before it: the data changed after training.',
  );
  assert.deepEqual(receiver.model.toJSON(), edited.model.toJSON());
  // A link without runs (made before links held them) restores as before, and says so.
  const old = new Session(pw, 'Perceptron', {}, train);
  const { runs, ...withoutRuns } = saved;
  old.restore(withoutRuns);
  assert.match(old.curveNote, /made before links held it\.$/);
  // Reset, or a new run of a kind without warm start, forgets the note.
  old.reset();
  assert.equal(old.curveNote, null);
  for (const s of [imported, edited, receiver, old, model]) s.dispose();
});

test('a link whose runs do not give its model comes back from its JSON, without the curve, and says why', () => {
  const sender = new Session(pw, 'Perceptron', { order: 'shuffle', seed: 2 }, train);
  sender.finishEpoch();
  sender.step();
  const saved = throughText(sender.snapshot());
  for (const runs of [[saved.runs[0] + 1], [3, 4], [2, saved.runs[0]]]) {
    const receiver = new Session(pw, 'Perceptron', { order: 'shuffle', seed: 2 }, train);
    receiver.restore({ ...saved, runs }, null);
    const what = JSON.stringify(runs);
    assert.deepEqual([receiver.t, receiver.epoch, receiver.mistakes], [sender.t, sender.epoch, sender.mistakes], what);
    assert.deepEqual(receiver.model.toJSON(), sender.model.toJSON(), what);
    // The run under way is replayed from the model it started from (zero weights here): its
    // epochs, each with its training error.
    assert.deepEqual(receiver.history, sender.history, what);
    assert.equal(
      receiver.curveNote,
      'This link does not hold the learning curve before it: replaying its runs does not give its model.',
    );
    assert.deepEqual(receiver.snapshot().runs, { lost: 'replay' }, `${what}: the next link says so too`);
    receiver.dispose();
  }
  // A model the library refuses is refused as before, and leaves a reset session.
  const receiver = new Session(pw, 'Perceptron', { order: 'shuffle', seed: 2 }, train);
  const bad = {
    ...saved,
    base: { t: 0, epoch: 0, mistakes: 0 },
    run: null,
    start: { ...sender.toJSON(), weights: [1, 'x'] },
  };
  throwsWith(assert, () => receiver.restore(bad), TypeError, /weights/);
  assert.equal(receiver.t, 0);
  assert.equal(receiver.model.fitted, false);
  receiver.dispose();
  sender.dispose();
});
