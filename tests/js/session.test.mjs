// The demo page's session (web/session.js) on the library's trainer: Step and Epoch retrace fit
// step for step, and a Step after a long Train costs one step (it used to rebuild the visit
// order of every epoch so far, and failed past 2^24 visits).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pw, throwsWith } from './helpers.mjs';
import { Session } from '../../web/session.js';

const points = [
  { x: 0.2, y: 0.9, label: 1 },
  { x: -0.5, y: 0.1, label: -1 },
  { x: 0.8, y: -0.3, label: 1 },
  { x: -0.1, y: -0.8, label: -1 },
  { x: 0.05, y: 0.05, label: -1 },
];
const X = points.map((p) => [p.x, p.y]);
const y = points.map((p) => p.label);

test("Step by Step and Epoch by Epoch retrace fit's trace, for each order", () => {
  for (const order of ['cyclic', 'shuffle', 'sample']) {
    const options = { order, seed: 4, maxEpochs: 40 };
    const trace = [];
    const fitted = new pw.Perceptron(options);
    const report = fitted.fit(X, y, { onStep: (s) => trace.push(s) });
    const session = new Session(pw, options, points);
    const steps = [];
    while (steps.length < trace.length) steps.push(session.step());
    assert.deepEqual(steps, trace, order);
    assert.deepEqual(session.history, report.history, order);
    assert.equal(session.converged, report.converged, order);
    session.reset();
    while (session.history.length < report.history.length) session.finishEpoch();
    assert.deepEqual(session.history, report.history, order);
    assert.deepEqual(session.weights, fitted.weights, order);
    assert.equal(session.bias, fitted.bias, order);
    session.dispose();
  }
});

test('a Step after a long Train continues at once from its weights and counters', () => {
  const xor = [
    { x: 0, y: 0, label: -1 },
    { x: 1, y: 1, label: -1 },
    { x: 0, y: 1, label: 1 },
    { x: 1, y: 0, label: 1 },
  ];
  const options = { order: 'shuffle', maxEpochs: 5_000_000 };
  const model = new pw.Perceptron({ ...options, warmStart: true });
  const report = model.fit(
    xor.map((p) => [p.x, p.y]),
    xor.map((p) => p.label),
  );
  assert.equal(report.steps, 20_000_000); // beyond the old 2^24 visit-order limit
  const session = new Session(pw, options, xor);
  session.adoptTraining(model.toJSON(), report);
  const step = session.step();
  assert.equal(step.t, 20_000_001);
  assert.equal(session.t, 20_000_001);
  assert.equal(session.epoch, 5_000_001);
  session.finishEpoch();
  assert.equal(session.history.at(-1).epoch, 5_000_001);
  session.dispose();
});

test('Step with points of one class says what to do', () => {
  const session = new Session(pw, {}, [{ x: 0, y: 0, label: 1 }]);
  throwsWith(assert, () => session.step(), RangeError, /both classes/);
  const empty = new Session(pw, {}, []);
  throwsWith(assert, () => empty.step(), RangeError, /no points/);
});

test("snapshot/restore (the page's link): the same weights and counters, and the next steps too", () => {
  for (const order of ['cyclic', 'shuffle', 'sample']) {
    const options = { order, seed: 11, maxEpochs: 40 };
    const sender = new Session(pw, options, points);
    for (let i = 0; i < 7; i++) sender.step();
    sender.pointsChanged(); // a second run, from these weights
    for (let i = 0; i < 4; i++) sender.step();
    const saved = JSON.parse(JSON.stringify(sender.snapshot())); // through text, as in a link
    assert.equal(saved.run.steps, 4, order);
    const receiver = new Session(pw, options, points);
    receiver.restore(saved);
    for (const key of ['t', 'epoch', 'mistakes', 'converged', 'weights', 'bias', 'last']) {
      assert.deepEqual(receiver[key], sender[key], `${order}: ${key}`);
    }
    for (let i = 0; i < 6; i++) assert.deepEqual(receiver.step(), sender.step(), `${order}: step ${i}`);
    sender.dispose();
    receiver.dispose();
  }
});

test('restore refuses a run that does not land on the weights it claims, and leaves a reset session', () => {
  const session = new Session(pw, { order: 'shuffle', seed: 2 }, points);
  for (let i = 0; i < 3; i++) session.step();
  const saved = session.snapshot();
  const tampered = { ...saved, weights: [saved.weights[0] + 1, saved.weights[1]] };
  const receiver = new Session(pw, { order: 'shuffle', seed: 2 }, points);
  throwsWith(assert, () => receiver.restore(tampered), RangeError, /replaying its run/);
  assert.equal(receiver.t, 0);
  assert.deepEqual(receiver.weights, [0, 0]);
  receiver.restore({ ...tampered, run: null }); // the weights as they are
  assert.deepEqual(receiver.weights, tampered.weights);
  assert.equal(receiver.t, 3);
  session.dispose();
  receiver.dispose();
});
