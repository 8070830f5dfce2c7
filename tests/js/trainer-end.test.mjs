// The trainer's documented contract at the end of training, reached every way (step, finishEpoch,
// run, and mixes of them): state.done, step() and finishEpoch() null, fit's report and model;
// step() records with a validation set as fit's onStep gets them; one-vs-* partial reports and
// onEpoch.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { pw, rng, snapshot } from './helpers.mjs';
import { noisy, threeClasses, booleans } from './trainer-data.mjs';

// Few epochs on data no line separates: most runs end at maxEpochs (or the last 'sample' block).
const cases = [
  ...['classic', 'averaged', 'voted', 'pocket'].map((variant) => ['Perceptron', { variant }, noisy]),
  ['Perceptron', { earlyStopping: true, validationFraction: 0.25, patience: 3 }, noisy],
  ...['joint', 'ovr', 'ovo'].map((strategy) => ['MulticlassPerceptron', { strategy }, threeClasses]),
  ['MulticlassPerceptron', { strategy: 'ovr', earlyStopping: true, validationFraction: 0.3 }, threeClasses],
  ['KernelPerceptron', { budget: 8 }, noisy],
  ['Winnow', {}, booleans],
  ['PassiveAggressive', {}, threeClasses],
];

// Ways to drive a trainer: next(trainer, random) makes one call and returns its answer.
const drivers = {
  steps: (trainer) => trainer.step(),
  epochs: (trainer) => trainer.finishEpoch(),
  run: (trainer) => (trainer.run({ maxSteps: 7 }), trainer.state.done ? null : true),
  slices: (trainer, random) => (
    trainer.finishEpoch({ maxSteps: 1 + Math.floor(random() * 9) }),
    trainer.state.done ? null : true
  ),
  mix: (trainer, random) => {
    const pick = random();
    if (pick < 0.3) return trainer.step();
    if (pick < 0.6) return trainer.finishEpoch();
    trainer.run({ maxSteps: 1 + Math.floor(random() * 30) });
    return trainer.state.done ? null : true;
  },
};

// Drives to the end, checking after every call that once fit's last step is taken the trainer
// says done at once (not one call later).
function driveToEnd(trainer, next, seed, expected, label) {
  const random = rng(seed);
  for (let calls = 0; ; calls++) {
    const answer = next(trainer, random);
    const { t, done } = trainer.state;
    if (answer === null) assert.equal(done, true, `${label}: null only once training ended`);
    if (t === expected.steps) {
      assert.equal(done, true, `${label}: done as soon as the last step is taken (call ${calls})`);
      return;
    }
    assert.equal(done, false, `${label}: done before fit's last step`);
  }
}

// What the trainer's documentation promises once training ended.
function assertEnded(trainer, expected, label) {
  assert.equal(trainer.state.done, true, `${label}: state.done`);
  assert.equal(trainer.step(), null, `${label}: step() after the end`);
  assert.equal(trainer.finishEpoch(), null, `${label}: finishEpoch() after the end`);
  assert.deepEqual(trainer.run(), expected, `${label}: run() gives fit's report`);
}

describe('trainer: the end of training', () => {
  for (const [kind, options, data] of cases) {
    test(`${kind} ${JSON.stringify(options)}: every way to the end says done, gives null, and is fit's`, () => {
      let endedAtMaxEpochs = 0;
      for (const order of ['cyclic', 'shuffle', 'sample']) {
        for (const seed of [0, 7]) {
          const all = { ...options, order, seed, maxEpochs: 4 };
          const fitted = new pw[kind](all);
          const expected = fitted.fit(data.X, data.y);
          if (!expected.converged && !expected.stoppedEarly) endedAtMaxEpochs++;
          for (const [name, drive] of Object.entries(drivers)) {
            const driven = new pw[kind](all);
            const trainer = driven.trainer(data.X, data.y);
            driveToEnd(trainer, drive, seed + 1, expected, `${order} ${seed} ${name}`);
            const label = `${order} ${seed} ${name}`;
            // The model is fit's before anything else is called: the end happened inside the driver.
            assert.equal(snapshot(driven), snapshot(fitted), `${label}: the model at the end`);
            assertEnded(trainer, expected, label);
            driven.dispose();
          }
          fitted.dispose();
        }
      }
      assert.ok(endedAtMaxEpochs > 0, 'some runs end at maxEpochs');
    });
  }

  test("finishEpoch's epochs are fit's history, the last one included", () => {
    for (const order of ['cyclic', 'sample']) {
      const options = { order, maxEpochs: 5, seed: 3 };
      const expected = new pw.Perceptron(options).fit(noisy.X, noisy.y);
      assert.equal(expected.converged, false);
      const trainer = new pw.Perceptron(options).trainer(noisy.X, noisy.y);
      const epochs = [];
      for (let e = trainer.finishEpoch(); e !== null; e = trainer.finishEpoch()) epochs.push(e);
      assert.deepEqual(epochs, expected.history, order);
      assert.equal(trainer.state.done, true);
    }
  });
});

test("finishEpoch({maxSteps}) in slices: the epochs it returns are fit's history, null for a slice that ends none", () => {
  for (const [kind, options, data] of cases) {
    const all = { ...options, order: 'shuffle', seed: 2, maxEpochs: 4 };
    const expected = new pw[kind](all).fit(data.X, data.y);
    const trainer = new pw[kind](all).trainer(data.X, data.y);
    const random = rng(5);
    const epochs = [];
    let nulls = 0;
    while (!trainer.state.done) {
      const t = trainer.state.t;
      const maxSteps = 1 + Math.floor(random() * 9);
      const epoch = trainer.finishEpoch({ maxSteps });
      assert.ok(trainer.state.t - t <= maxSteps, `${kind}: at most maxSteps steps`);
      if (epoch === null) {
        nulls++;
        // lastEpoch is still the last one that ended (ovr/ovo: of its own binary model).
        assert.deepEqual(trainer.lastEpoch, epochs.at(-1) ?? null, `${kind}: lastEpoch`);
      } else epochs.push(epoch);
    }
    const label = `${kind} ${JSON.stringify(options)}`;
    // The epochs finishEpoch() gives whole: ovr/ovo's of every binary model, each with its model;
    // the other kinds' are fit's history.
    const whole = new pw[kind](all).trainer(data.X, data.y);
    const wholeEpochs = [];
    while (!whole.state.done) wholeEpochs.push(whole.finishEpoch());
    assert.deepEqual(epochs, wholeEpochs, label);
    if (!options.strategy || options.strategy === 'joint') assert.deepEqual(epochs, expected.history, label);
    else
      assert.ok(
        epochs.some((epoch) => epoch.model === 1),
        `${label}: the second binary model's epochs`,
      );
    assert.ok(nulls > 0, `${label}: some slices end no epoch`);
    assert.equal(trainer.finishEpoch({ maxSteps: 3 }), null, `${label}: null once ended`);
    assert.deepEqual(trainer.run(), expected, label);
  }
});

describe("trainer: step() records are fit's onStep records", () => {
  // patience 2 on noisy data: training stops epochs after its best one, which is put back.
  const validated = [
    ['Perceptron', { earlyStopping: true, validationFraction: 0.25, patience: 2, maxEpochs: 30 }, noisy],
    ['Perceptron', { variant: 'averaged', earlyStopping: true, patience: 2, maxEpochs: 30 }, noisy],
    ['MulticlassPerceptron', { earlyStopping: true, validationFraction: 0.3, patience: 2 }, threeClasses],
  ];
  for (const [kind, options, data] of validated) {
    test(`${kind} ${JSON.stringify(options)}: the last step shows the weights after it, not the best epoch's`, () => {
      const trace = [];
      const report = new pw[kind](options).fit(data.X, data.y, { onStep: (s) => trace.push(s) });
      assert.ok(report.bestEpoch < report.epochs, 'the best epoch is not the last');
      const model = new pw[kind](options);
      const trainer = model.trainer(data.X, data.y);
      const steps = [];
      for (let s = trainer.step(); s !== null; s = trainer.step()) steps.push(s);
      assert.deepEqual(steps, trace);
      const last = steps.at(-1);
      assert.notDeepEqual(last.weights, model.weights, 'the model holds the best epoch, the record the last step');
    });
  }

  test('a validation set given to fit: the same', () => {
    const validation = { X: noisy.X.slice(0, 10), y: noisy.y.slice(0, 10) };
    const options = { patience: 2, maxEpochs: 30 };
    const trace = [];
    const report = new pw.Perceptron(options).fit(noisy.X, noisy.y, { validation, onStep: (s) => trace.push(s) });
    assert.ok(report.bestEpoch < report.epochs);
    const trainer = new pw.Perceptron(options).trainer(noisy.X, noisy.y, { validation });
    const steps = [];
    for (let s = trainer.step(); s !== null; s = trainer.step()) steps.push(s);
    assert.deepEqual(steps, trace);
  });
});

describe('one-vs-* training: partial reports, epochs by binary model, onEpoch', () => {
  for (const strategy of ['ovr', 'ovo']) {
    const options = { strategy, maxEpochs: 6 };
    const models = strategy === 'ovr' ? 3 : 3; // 3 classes: 3 one-vs-rest, 3 pairs

    test(`${strategy}: run({maxSteps}) reports every binary model so far, converged only at the end`, () => {
      const expected = new pw.MulticlassPerceptron(options).fit(threeClasses.X, threeClasses.y);
      const trainer = new pw.MulticlassPerceptron(options).trainer(threeClasses.X, threeClasses.y);
      let reports = 0;
      while (!trainer.state.done) {
        const report = trainer.run({ maxSteps: 19 });
        const { t, mistakes, done } = trainer.state;
        assert.equal(report.steps, t);
        assert.equal(report.mistakes, mistakes);
        assert.equal(
          report.history.reduce((sum, e) => sum + e.steps, 0) <= t,
          true,
          'history counts finished epochs only',
        );
        if (!done) assert.equal(report.converged, false);
        reports++;
      }
      assert.ok(reports > 5);
      assert.deepEqual(trainer.run(), expected);
      assert.equal(expected.steps, trainer.state.t);
    });

    test(`${strategy}: steps and epochs say their binary model; epochs count from 1 in each`, () => {
      const events = [];
      const expected = new pw.MulticlassPerceptron(options).fit(threeClasses.X, threeClasses.y, {
        onEpoch: (e) => events.push(e),
      });
      const trainer = new pw.MulticlassPerceptron(options).trainer(threeClasses.X, threeClasses.y);
      const steps = [];
      for (let s = trainer.step(); s !== null; s = trainer.step()) steps.push(s);
      assert.deepEqual(
        [...new Set(steps.map((s) => s.model))],
        Array.from({ length: models }, (_, m) => m),
      );
      assert.deepEqual(
        steps.map((s) => s.t),
        steps.map((_, k) => k + 1),
      );
      // Epoch numbers restart at 1 with each binary model; the events are the epochs the steps made.
      const epochsOf = new Map();
      for (const s of steps) epochsOf.set(`${s.model}/${s.epoch}`, (epochsOf.get(`${s.model}/${s.epoch}`) ?? 0) + 1);
      assert.deepEqual(
        events.map((e) => [e.model, e.epoch, e.steps]),
        [...epochsOf].map(([key, n]) => [...key.split('/').map(Number), n]),
      );
      assert.equal(events[0].epoch, 1);
      assert.ok(
        events.some((e, k) => k > 0 && e.epoch === 1),
        'a later binary model starts again at epoch 1',
      );
      // The report's history sums each binary model's epoch e.
      for (const h of expected.history) {
        const same = events.filter((e) => e.epoch === h.epoch);
        assert.equal(
          same.reduce((sum, e) => sum + e.steps, 0),
          h.steps,
        );
        assert.equal(
          same.reduce((sum, e) => sum + e.mistakes, 0),
          h.mistakes,
        );
      }
      // finishEpoch gives the same epochs.
      const byEpoch = new pw.MulticlassPerceptron(options).trainer(threeClasses.X, threeClasses.y);
      const finished = [];
      for (let e = byEpoch.finishEpoch(); e !== null; e = byEpoch.finishEpoch()) finished.push(e);
      assert.deepEqual(finished, events);
      assert.equal(byEpoch.state.done, true);
    });

    test(`${strategy}: onEpoch returning false stops; the binary models after it stay untrained`, () => {
      const model = new pw.MulticlassPerceptron(options);
      const events = [];
      const report = model.fit(threeClasses.X, threeClasses.y, {
        onEpoch: (e) => {
          events.push(e);
          return !(e.model === 1 && e.epoch === 2);
        },
      });
      assert.equal(report.stopped, true);
      assert.equal(report.converged, false);
      assert.deepEqual(events.at(-1).model, 1);
      assert.equal(
        report.steps,
        events.reduce((sum, e) => sum + e.steps, 0),
      );
      const json = model.toJSON();
      assert.equal(json.steps, report.steps);
      assert.equal(json.models[2].steps, 0);
      assert.ok(json.models[2].weights.every((w) => w === 0));
      assert.ok(json.models[1].steps > 0);
    });
  }
});

test('onEpoch returning false after the last epoch: stopped, as the traced kinds say it', () => {
  for (const kind of ['Perceptron', 'KernelPerceptron', 'PassiveAggressive']) {
    const report = new pw[kind]({ maxEpochs: 2 }).fit(noisy.X, noisy.y, { onEpoch: (e) => e.epoch < 2 });
    assert.equal(report.epochs, 2, kind);
    assert.equal(report.stopped, true, kind);
  }
});
