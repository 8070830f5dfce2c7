// The worker's training sessions (js/worker-host.js): a model and its trainer over a dataset of
// the worker, driven step by step from the page (Step, Epoch, Play) by advance. The trainer is
// model.trainer(), fit's own loop, so a session driven to its end leaves fit's weights; advance
// runs in slices of about SLICE_MS, yielding to the worker's messages between them (a cancel
// stops it there: the steps taken stay taken). Records are the trainer's step records; a step
// record of a wide dataset (a bag of words) leaves its weights out and says what the update
// changed instead (`changes`). Sequences sessions (the structured perceptron) are in
// worker-sequences.js, which hands its own trainer to the same loop.
import { abortError, throttled, yieldToMessages } from './worker-tools.js';
import { integerAtLeast } from './worker-data.js';
import { columnNames, inputOf, validationInput } from './worker-records.js';

export const MODEL_KINDS = ['Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow', 'PassiveAggressive'];
const MODEL_FIELDS = ['weights', 'bias', 'biases', 'negativeWeights', 'threshold'];
const SLICE_MS = 20;
const PROBE_STEPS = 1024;
/** Records and the model carry the weights for datasets of at most this many columns (option weights overrides). */
export const WEIGHTS_MAX_COLUMNS = 256;
const RECORDS_DEFAULT = 10000;
// A trainer's state before its first step.
const ZERO_STATE = Object.freeze({ t: 0, epoch: 0, mistakes: 0, converged: false, done: false });

const say = (value) => JSON.stringify(value) ?? String(value);

/** modelKind checked: one of `kinds`. */
export function checkKind(modelKind, kinds, where) {
  if (kinds.includes(modelKind)) return modelKind;
  throw new (typeof modelKind === 'string' ? RangeError : TypeError)(
    `${where}: modelKind must be one of ${kinds.join(', ')}; received ${say(modelKind)}`,
  );
}

// What the update of one step changed in a weight vector (prev -> next), at most every column.
function changed(prev, next, names, out, label) {
  for (let j = 0; j < next.length; j++) {
    const delta = next[j] - (prev ? prev[j] : 0);
    if (delta === 0) continue;
    out.columns.push(j);
    out.names.push(names[j] ?? `x${j + 1}`);
    out.deltas.push(delta);
    if (label !== undefined) out.classes.push(label);
  }
}

/** A linear model's update as {columns, names, deltas, bias} (multi-class: classes too, and biases' deltas). */
export function changesOf(prev, record, names, classes) {
  const { weights } = record;
  if (!Array.isArray(weights)) return undefined;
  const multi = Array.isArray(weights[0]);
  const out = { columns: [], names: [], deltas: [], ...(multi ? { classes: [] } : {}) };
  if (multi) weights.forEach((row, k) => changed(prev?.weights?.[k], row, names, out, classes[k]));
  else changed(prev?.weights, weights, names, out);
  if (typeof record.bias === 'number') out.bias = record.bias - (prev?.bias ?? 0);
  if (Array.isArray(record.biases)) out.biases = record.biases.map((b, k) => b - (prev?.biases?.[k] ?? 0));
  return out;
}

/** advance's options checked: {steps, epoch, records, weights}. */
export function advanceOptions(options, where) {
  const { steps, epoch = false, records = RECORDS_DEFAULT, weights, ...rest } = options ?? {};
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new TypeError(`${where}: unknown option ${say(unknown[0])} (steps, epoch, records, weights)`);
  if (steps !== undefined) integerAtLeast(steps, 0, where, 'option steps');
  if (typeof epoch !== 'boolean')
    throw new TypeError(`${where}: option epoch must be true or false; received ${say(epoch)}`);
  integerAtLeast(records, 0, where, 'option records');
  if (weights !== undefined && typeof weights !== 'boolean') {
    throw new TypeError(`${where}: option weights must be true or false; received ${say(weights)}`);
  }
  // Neither steps nor epoch: one step (Step). epoch: to the end of the epoch (at most steps, if given).
  return { steps: steps ?? (epoch ? Infinity : 1), epoch, records, weights };
}

/**
 * Drives `session` (its trainer, its `record(step)` and `ended(epochRecord)`) by advance's
 * options in slices, posting progress when asked. Returns {records, epochs, state, report?}.
 */
export async function drive(session, { steps, epoch, records: recordLimit }, controller, progress, where) {
  const { trainer } = session;
  const records = [];
  const epochs = [];
  let last = trainer.lastEpoch?.epoch ?? 0;
  let ended = false;
  const checkEnded = () => {
    const record = trainer.lastEpoch;
    if (record === null || record.epoch === last) return;
    last = record.epoch;
    ended = true;
    epochs.push(session.ended({ ...record }));
  };
  let taken = 0;
  let stepsPerMs = null;
  const going = () => !trainer.state.done && taken < steps && !(epoch && ended);
  while (going()) {
    const start = performance.now();
    const t0 = trainer.state.t;
    do {
      if (records.length < recordLimit) {
        const step = trainer.step();
        if (step === null) break;
        records.push(session.record(step));
        taken++;
      } else {
        const budget = Math.min(
          steps - taken,
          stepsPerMs === null ? PROBE_STEPS : Math.max(1, Math.floor(stepsPerMs * SLICE_MS)),
        );
        const before = trainer.state.t;
        if (session.tasks) trainer.run({ maxSteps: budget });
        else trainer.finishEpoch({ maxSteps: budget });
        taken += trainer.state.t - before;
        session.skipped();
      }
      checkEnded();
    } while (going() && performance.now() - start < SLICE_MS);
    const state = trainer.state;
    const elapsed = performance.now() - start;
    if (elapsed > 0 && state.t > t0) stepsPerMs = (state.t - t0) / elapsed;
    progress?.update({ t: state.t, epoch: state.epoch, mistakes: state.mistakes });
    if (!going()) break;
    await yieldToMessages();
    if (controller.signal.aborted) throw abortError(where);
  }
  progress?.flush();
  const out = { records, epochs, state: trainer.state };
  if (out.state.done) {
    out.report = trainer.run();
    if (session.tasks && !session.reported) {
      session.reported = true;
      out.epochs = out.report.history.map((record) => ({ ...record }));
    }
  }
  return out;
}

/** The sessions of one host: {create, advance, reset, adopt, close, get, clear}. */
export function makeSessions(pw, store, post, sequences) {
  const sessions = new Map();
  let next = 1;

  function get(sessionId, where) {
    const session = sessions.get(sessionId);
    if (session) return session;
    const message =
      Number.isInteger(sessionId) && sessionId > 0 && sessionId < next
        ? `sessionId ${sessionId} was closed`
        : `sessionId ${say(sessionId)} is not a session of this worker (ids come from session)`;
    throw new RangeError(`${where}: ${message}`);
  }

  // A linear (or kernel) model's session: its model, trainer, records and epochs as advance gives them.
  // hold: the model (from json) kept as it is, with no trainer until the next advance.
  // input, validation: {X, y, classes, cols} (worker-records.js's inputOf: a Dataset, or records).
  function linearSession(modelKind, options, input, validation, where, json, hold) {
    const model = json === undefined ? new pw[modelKind](options) : pw[modelKind].fromJSON(json);
    try {
      const trainerOptions = validation ? { validation: validationInput(validation) } : {};
      const trainer = hold ? null : model.trainer(input.X, input.y, trainerOptions);
      const tasks = modelKind === 'MulticlassPerceptron' && model.options.strategy !== 'joint';
      const validating = validation !== undefined || model.options.earlyStopping === true;
      const names = columnNames(input, model);
      const { classes } = input;
      const bits = model.options.hashing?.bits;
      const session = {
        model,
        trainer,
        tasks,
        prev: null, // the weights before the next step (null: zeros)
        wide: (bits === undefined ? input.cols : 2 ** bits) > WEIGHTS_MAX_COLUMNS,
        withWeights: false,
        record(step) {
          const prev = session.prev;
          session.prev = { weights: step.weights, bias: step.bias, biases: step.biases };
          // Winnow starts from weights that are not zeros: its first update's change is unknown.
          const unknown = tasks || modelKind === 'KernelPerceptron' || (prev === null && modelKind === 'Winnow');
          const changes = unknown ? undefined : changesOf(prev, step, names, classes);
          const record = { ...step };
          if (changes) record.changes = changes;
          if (!session.withWeights) for (const key of ['weights', 'biases', 'negativeWeights']) delete record[key];
          return record;
        },
        // The weights the next step starts from, read from the model (after steps taken without records).
        current() {
          if (tasks || modelKind === 'KernelPerceptron' || model.steps === 0) return null;
          const weights = modelKind === 'Perceptron' ? model.currentWeights : model.weights;
          const bias = modelKind === 'Perceptron' ? model.currentBias : model.bias;
          return { weights, bias, biases: model.biases };
        },
        skipped() {
          session.prev = session.current();
        },
        ended(record) {
          if (!validating && !tasks) record.trainError = 1 - model.score(input.X, input.y);
          return record;
        },
        state(withWeights) {
          const out = {};
          for (const key of MODEL_FIELDS) {
            if (!(key in model)) continue;
            if (!withWeights && ['weights', 'negativeWeights'].includes(key)) continue;
            out[key] = model[key];
          }
          return out;
        },
      };
      session.prev = session.current();
      return session;
    } catch (error) {
      model.dispose();
      throw error;
    }
  }

  function start(spec, where, json, hold = false) {
    const { modelKind, options, datasetId, validationId } = spec;
    if (modelKind === 'StructuredPerceptron') return sequences.session(spec, where, json, hold);
    const input = inputOf(store, datasetId, `${where}: datasetId`);
    const validation =
      validationId === undefined ? undefined : inputOf(store, validationId, `${where}: option validation`);
    return linearSession(modelKind, options, input, validation, where, json, hold);
  }

  function create({ modelKind, options, datasetId, sessionOptions }) {
    const where = 'session';
    checkKind(modelKind, [...MODEL_KINDS, 'StructuredPerceptron'], where);
    const { validation, ...rest } = sessionOptions ?? {};
    const unknown = Object.keys(rest);
    if (unknown.length > 0) throw new TypeError(`${where}: unknown option ${say(unknown[0])} (validation)`);
    const validationId =
      validation === undefined || validation === null ? undefined : (validation?.datasetId ?? validation);
    const spec = { modelKind, options, datasetId, validationId };
    const session = Object.assign(start(spec, where), { spec });
    const sessionId = next++;
    sessions.set(sessionId, session);
    for (const id of [datasetId, validationId]) if (id !== undefined) store.use(id, sessionId);
    return { sessionId, modelKind, datasetId, ...(validationId === undefined ? {} : { validation: validationId }) };
  }

  // A session's advance under way ({controller, finished}): a cancelled one (the page moved on)
  // is waited for by the next call on the session; a live one makes that call a TypeError,
  // unless `stop` (closeSession, reset, adopt), which cancels it and waits for it to stop.
  async function settled(session, sessionId, where, stop = false) {
    const { running } = session;
    if (!running) return;
    if (stop) running.controller.abort();
    else if (!running.controller.signal.aborted) {
      throw new TypeError(`${where}: session ${sessionId} is advancing already; wait for that advance (or cancel it)`);
    }
    await running.finished;
  }

  async function advance({ requestId, sessionId, options, progress: wantProgress }, controller) {
    const where = 'advance';
    const opts = advanceOptions(options, where);
    let session = get(sessionId, where);
    // No await between the check and session.running below unless one was under way.
    while (session.running) {
      await settled(session, sessionId, where);
      session = get(sessionId, where); // the same, or the one a reset made meanwhile
    }
    // An adopted model of a kind without warmStart: its training starts over from zero now.
    if (session.trainer === null) {
      swap(sessionId, where);
      session = get(sessionId, where);
    }
    session.withWeights = opts.weights ?? !session.wide;
    const progress = wantProgress ? throttled((value) => post({ requestId, type: 'progress', progress: value })) : null;
    const running = drive(session, opts, controller, progress, where);
    session.running = { controller, finished: running.catch(() => {}) };
    try {
      const out = await running;
      const model = session.state(session.withWeights);
      return model === null ? out : { ...out, model };
    } finally {
      session.running = null;
    }
  }

  // Replaces a session's model and trainer by start(...)'s; the old ones are freed only once the new ones stand.
  async function replace(sessionId, where, json, hold = false) {
    await settled(get(sessionId, where), sessionId, where, true);
    return swap(sessionId, where, json, hold);
  }

  function swap(sessionId, where, json, hold) {
    const session = get(sessionId, where);
    const fresh = Object.assign(start(session.spec, where, json, hold), { spec: session.spec });
    session.model.dispose();
    sessions.set(sessionId, fresh);
    const model = fresh.state(!fresh.wide);
    const state = fresh.trainer?.state ?? { ...ZERO_STATE };
    return { sessionId, state, ...(model === null ? {} : { model }) };
  }

  function reset({ sessionId }) {
    return replace(sessionId, 'reset');
  }

  // adopt(sessionId, modelJson): the session's model becomes the given one (Train's result):
  // evaluate, topFeatures, explain and lattice read it. The Perceptron's training goes on from its
  // weights (warmStart); the other kinds' trainers start from zero, at the next advance (as
  // Step after Train does on the page).
  function adopt({ sessionId, model }) {
    const where = 'adopt';
    const session = get(sessionId, where);
    const { modelKind } = session.spec;
    if (model === null || typeof model !== 'object' || Array.isArray(model)) {
      throw new TypeError(
        `${where}: model must be a model's JSON object (toJSON(), fit's result.model); received ${say(model)}`,
      );
    }
    if (modelKind !== 'Perceptron') return replace(sessionId, where, model, true);
    return replace(sessionId, where, { ...model, options: { ...(model.options ?? {}), warmStart: true } });
  }

  async function close({ sessionId }) {
    if (!sessions.has(sessionId)) return false;
    await settled(sessions.get(sessionId), sessionId, 'closeSession', true);
    const session = sessions.get(sessionId);
    if (!session) return false; // closed meanwhile
    sessions.delete(sessionId);
    session.model.dispose();
    for (const id of [session.spec.datasetId, session.spec.validationId]) {
      if (id !== undefined) store.release(id, sessionId);
    }
    return true;
  }

  // fit('StructuredPerceptron', options, datasetId): its trainer driven to the end in slices
  // (cancellable), the epochs (with tokenAccuracy) sent as fit sends them.
  async function fitSequences(message, controller) {
    const { requestId, options, datasetId, fitOptions, epochs: wantEpochs, progress: wantProgress } = message;
    const where = 'fit';
    const unknown = Object.keys(fitOptions ?? {});
    if (unknown.length > 0)
      throw new TypeError(`${where}: option ${say(unknown[0])} is not one the StructuredPerceptron's fit takes here`);
    const session = sequences.session({ modelKind: 'StructuredPerceptron', options, datasetId }, where);
    try {
      const queue = [];
      const send = throttled(() => post({ requestId, type: 'epochs', epochs: queue.splice(0) }));
      const ended = session.ended;
      session.ended = (record) => {
        if (!wantEpochs) return record;
        queue.push(ended(record));
        send.update(true);
        return record;
      };
      const progress = wantProgress
        ? throttled((value) => post({ requestId, type: 'progress', progress: value }))
        : null;
      const out = await drive(session, { steps: Infinity, epoch: false, records: 0 }, controller, progress, where);
      send.flush();
      return { modelKind: 'StructuredPerceptron', model: session.model.toJSON(), report: out.report };
    } finally {
      session.model.dispose();
    }
  }

  function clear() {
    for (const session of sessions.values()) session.model.dispose();
    sessions.clear();
  }

  return {
    create,
    advance,
    reset,
    adopt,
    close,
    get,
    clear,
    fitSequences,
    get size() {
      return sessions.size;
    },
  };
}
