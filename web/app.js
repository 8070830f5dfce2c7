// The demo page's controller: wires the DOM to the session (session.js), the drawing (plot.js),
// the URL-hash state (state.js) and the training worker (worker.js). It imports the package
// exactly as a user would, through the import map in index.html.
import load from 'perceptron-wasm';
import { MAX_POINTS, parse, roundCoordinate, serialize } from './state.js';
import { buildPanel, pageFields } from './options.js';
import { Session } from './session.js';
import { clientToData, drawHistory, drawPlane } from './plot.js';

const $ = (id) => document.getElementById(id);
const els = {
  plane: $('plane'),
  history: $('history'),
  pointCount: $('point-count'),
  classToggles: [...document.querySelectorAll('.class-toggle')],
  step: $('step'),
  epoch: $('epoch'),
  train: $('train'),
  stop: $('stop'),
  reset: $('reset'),
  clear: $('clear'),
  actionError: $('action-error'),
  loadError: $('load-error'),
  status: $('status'),
  t: $('status-t'),
  epochCount: $('status-epoch'),
  mistakes: $('status-mistakes'),
  weights: $('status-weights'),
  bias: $('status-bias'),
  converged: $('status-converged'),
  separable: $('status-separable'),
  lastStep: $('status-last'),
  form: $('options'),
  fields: $('option-fields'),
};
const control = (name) => els.form.elements.namedItem(name);

let pw = null;
/** The options the panel shows, with the library's schema entries (options.js). */
let fields = [];
const fieldOf = (name) => fields.find((field) => field.name === name);
let session = null;
/** The state table's values (state.js): options (all valid), selectedClass, points. */
let ui = null;
let busy = false;
let lastError = null;
let replayFrame = null; // {epoch, weights, bias, of} while Train's history is replayed
let cursor = null; // keyboard cursor on the plane, in data coordinates
let writtenHash = null;

// ---------------------------------------------------------------------------------------------
// Read-only view for tests and the console.

function getState() {
  const weights = session ? session.weights : [0, 0];
  return {
    points: ui ? ui.points.map(({ x, y, label }) => ({ x, y, label })) : [],
    weights: [...weights],
    bias: session ? session.bias : 0,
    t: session ? session.t : 0,
    epoch: session ? session.epoch : 0,
    mistakes: session ? session.mistakes : 0,
    converged: session ? session.converged : null,
    busy,
    lastError,
  };
}
window.perceptronDemo = Object.freeze({ getState });

// ---------------------------------------------------------------------------------------------
// Formatting.

const minus = (text) => text.replace(/^-/, '−');
const fmt = (v) => minus(String(Number(v.toFixed(4))));
const fmtLabel = (label) => (label > 0 ? '+1' : '−1');
const fmtPoint = (p) => `(${fmt(p.x)}, ${fmt(p.y)})`;

function describeConverged() {
  if (session.converged === true) return `yes, after ${session.epoch} epoch${session.epoch === 1 ? '' : 's'}`;
  if (session.converged === false) {
    return session.trained ? `no: stopped at maxEpochs = ${session.options.maxEpochs}` : 'no: mistakes in this epoch';
  }
  return 'not yet known';
}

function describeLastStep() {
  if (replayFrame) return `Replaying training: epoch ${replayFrame.epoch} of ${replayFrame.of}…`;
  if (busy) return 'Training…';
  const s = session.last;
  if (!s) {
    if (session.trained)
      return `Train ran fit() for ${session.epoch} epoch${session.epoch === 1 ? '' : 's'} (${session.t} steps); Step continues from these weights.`;
    const epoch = session.history.at(-1);
    if (epoch) {
      return `Epoch ${epoch.epoch} ended: ${epoch.mistakes} mistake${epoch.mistakes === 1 ? '' : 's'} in ${epoch.steps} steps.`;
    }
    return 'Weights are zero. Press Step to learn from the first example.';
  }
  const p = ui.points[s.index];
  const where = p ? `point #${s.index + 1} ${fmtPoint(p)}` : `point #${s.index + 1}`;
  const verdict = s.mistake
    ? `mistake → update w ← w ${s.label > 0 ? '+' : '−'} η·x${session.options.fitIntercept ? `, b ← b ${s.label > 0 ? '+' : '−'} η` : ''}`
    : 'correct, no update';
  return `Step ${s.t} (epoch ${s.epoch}): ${where}, label ${fmtLabel(s.label)}, score w·x+b = ${fmt(s.score)}, predicted ${fmtLabel(s.prediction)}: ${verdict}.`;
}

// The exact answer for the current points, and Novikoff's bound to set beside the mistakes:
// pw.analysis, recomputed only when the points or the intercept option change.
let separabilityMemo = { key: null, text: '—' };
function describeSeparability() {
  const fitIntercept = ui.options.fitIntercept;
  const key = `${fitIntercept}|${ui.points.map((p) => `${p.x},${p.y},${p.label}`).join(';')}`;
  if (separabilityMemo.key === key) return separabilityMemo.text;
  let text = '—';
  const X = ui.points.map((p) => [p.x, p.y]);
  const y = ui.points.map((p) => p.label);
  if (new Set(y).size === 2) {
    try {
      const s = pw.analysis.separability(X, y, { fitIntercept });
      if (s.separable) {
        const bound = pw.analysis.novikoffBound(X, y, { fitIntercept });
        // With an intercept the bound is on the augmented points (x, 1), the perceptron's own view.
        text = `yes, margin γ* = ${fmt(s.margin)}; Novikoff: at most ${Math.floor(bound.value)} mistakes ((R/γ)² = ${fmt(bound.value)})`;
      } else {
        text = fitIntercept ? 'no: the two classes’ convex hulls meet' : 'no line through the origin separates them';
      }
    } catch (error) {
      text = error.message;
    }
  }
  separabilityMemo = { key, text };
  return text;
}

// ---------------------------------------------------------------------------------------------
// Rendering.

function render() {
  if (!session) return;
  const weights = replayFrame ? replayFrame.weights : session.weights;
  const bias = replayFrame ? replayFrame.bias : session.bias;
  drawPlane(els.plane, {
    points: ui.points,
    weights: weights.length === 2 ? weights : [0, 0],
    bias,
    last: replayFrame || busy ? null : session.last,
    cursor,
  });
  drawHistory(els.history, session.history);

  els.t.textContent = replayFrame ? '…' : String(session.t);
  els.epochCount.textContent = String(replayFrame ? replayFrame.epoch : session.epoch);
  els.mistakes.textContent = replayFrame ? '…' : String(session.mistakes);
  els.weights.textContent = `(${fmt(weights[0] ?? 0)}, ${fmt(weights[1] ?? 0)})`;
  els.bias.textContent = fmt(bias);
  els.converged.textContent = busy ? 'training…' : describeConverged();
  els.converged.dataset.value = String(session.converged);
  els.separable.textContent = describeSeparability();
  els.lastStep.textContent = describeLastStep();
  els.lastStep.classList.toggle('mistake', !busy && !!session.last?.mistake);

  const positives = ui.points.filter((p) => p.label > 0).length;
  const n = ui.points.length;
  els.pointCount.textContent =
    n === 0
      ? 'No points yet: click the plane to add some.'
      : `${n} point${n === 1 ? '' : 's'}: ${positives} of class +1, ${n - positives} of class −1.`;

  const empty = n === 0;
  els.step.disabled = busy || empty;
  els.epoch.disabled = busy || empty;
  els.train.disabled = busy || empty;
  els.reset.disabled = busy;
  els.clear.disabled = busy || empty;
  els.stop.hidden = !busy;
  els.fields.disabled = busy;
  for (const button of els.classToggles) {
    button.disabled = busy;
    button.setAttribute('aria-pressed', String(Number(button.dataset.class) === ui.selectedClass));
  }
  els.plane.setAttribute('aria-disabled', String(busy));
  document.body.classList.toggle('busy', busy);
  els.status.setAttribute('aria-busy', String(busy));

  for (const { name } of fields) {
    for (const item of document.querySelectorAll(`#help-${name} li`)) {
      item.classList.toggle('selected', item.dataset.value === control(name).value);
    }
  }
}

function showActionError(message) {
  lastError = message;
  els.actionError.textContent = message;
  els.actionError.hidden = false;
}

function clearActionError() {
  lastError = null;
  els.actionError.hidden = true;
  els.actionError.textContent = '';
}

function showFieldError(name, message) {
  const box = $(`err-${name}`);
  box.textContent = message;
  box.hidden = false;
  control(name).setAttribute('aria-invalid', 'true');
  lastError = message;
}

function clearFieldError(name) {
  const box = $(`err-${name}`);
  box.hidden = true;
  box.textContent = '';
  control(name).removeAttribute('aria-invalid');
}

// ---------------------------------------------------------------------------------------------
// URL hash.

function writeHash() {
  writtenHash = `#${serialize(ui, fields)}`;
  if (location.hash !== writtenHash) history.replaceState(null, '', writtenHash);
}

function syncControls() {
  for (const { name, spec } of fields) {
    const element = control(name);
    if (spec.type === 'boolean') element.checked = ui.options[name];
    else element.value = String(ui.options[name]);
    clearFieldError(name);
  }
}

function applyHash(hash) {
  const { state, problems } = parse(hash, fields);
  if (problems.length > 0) console.warn(`perceptron demo: ignored parts of the link: ${problems.join('; ')}`);
  ui = state;
  session?.dispose();
  session = new Session(pw, ui.options, ui.points);
  cursor = null;
  clearActionError();
  syncControls();
  writeHash();
}

// ---------------------------------------------------------------------------------------------
// Actions.

function addPoint(x, y, label) {
  if (ui.points.length >= MAX_POINTS) {
    showActionError(`At most ${MAX_POINTS} points; press Clear to start over.`);
    render();
    return;
  }
  ui.points.push({ x: roundCoordinate(x), y: roundCoordinate(y), label });
  session.pointsAdded();
  clearActionError();
  writeHash();
  render();
}

function runAction(action) {
  if (busy) return;
  try {
    action();
    clearActionError();
  } catch (error) {
    showActionError(error.message);
  }
  render();
}

function readControl(name) {
  const element = control(name);
  const { type } = fieldOf(name).spec;
  if (type === 'boolean') return element.checked;
  if (type === 'integer' || type === 'number') return element.value.trim() === '' ? NaN : Number(element.value);
  return element.value;
}

// An option changed: the library checks the new set; if it refuses, its message goes next to
// the control and the model, points and link stay exactly as they were.
function changeOption(name) {
  if (busy) return;
  const candidate = { ...ui.options, [name]: readControl(name) };
  let next;
  try {
    next = new Session(pw, candidate, ui.points);
  } catch (error) {
    showFieldError(name, error.message);
    render();
    return;
  }
  clearFieldError(name);
  clearActionError();
  session.dispose();
  session = next;
  ui.options = candidate;
  writeHash();
  render();
}

// ---------------------------------------------------------------------------------------------
// Train, in the worker.

class Cancelled extends Error {}

let worker = null;
let pending = null;
let nextRequest = 1;

function startWorker() {
  const created = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  created.onmessage = ({ data }) => {
    if (pending?.id !== data.id) return;
    const { resolve } = pending;
    pending = null;
    resolve(data);
  };
  created.onerror = (event) => {
    event.preventDefault();
    created.terminate();
    if (worker === created) worker = null;
    const request = pending;
    pending = null;
    request?.reject(new Error(`The training worker failed${event.message ? `: ${event.message}` : ' to start'}`));
  };
  return created;
}

function trainInWorker(message) {
  worker ??= startWorker();
  return new Promise((resolve, reject) => {
    pending = { id: nextRequest++, resolve, reject };
    worker.postMessage({ id: pending.id, ...message });
  });
}

function stopTraining() {
  if (replayFrame) {
    replayFrame.skip = true;
    return;
  }
  if (!pending) return;
  worker.terminate();
  worker = null;
  const { reject } = pending;
  pending = null;
  reject(new Cancelled('Training stopped; the model is as it was before Train.'));
}

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

// Replays the epochs of a Train quickly (at most ~1 s), then leaves the final state.
function replay(frames) {
  if (frames.length < 2 || reducedMotion.matches) return Promise.resolve();
  const duration = Math.min(1000, frames.length * 40);
  const of = frames.at(-1).epoch;
  return new Promise((resolve) => {
    const start = performance.now();
    const finish = () => {
      replayFrame = null;
      resolve();
    };
    const tick = () => {
      // performance.now(), not rAF's timestamp: that one is the frame's start and can precede `start`.
      const progress = Math.min(1, Math.max(0, (performance.now() - start) / duration));
      if (progress >= 1 || replayFrame?.skip) {
        finish();
        return;
      }
      replayFrame = { ...frames[Math.round(progress * (frames.length - 1))], of };
      try {
        render();
      } catch (error) {
        finish(); // a drawing problem must never leave the page busy
        throw error;
      }
      requestAnimationFrame(tick);
    };
    replayFrame = { ...frames[0], of };
    tick();
  });
}

async function train() {
  if (busy) return;
  busy = true;
  clearActionError();
  render();
  els.stop.focus();
  const trainedSession = session;
  try {
    const reply = await trainInWorker({
      options: { ...session.options },
      X: ui.points.map((p) => [p.x, p.y]),
      y: ui.points.map((p) => p.label),
    });
    if (!reply.ok) throw new Error(reply.error.message);
    await replay(reply.frames);
    if (session === trainedSession) session.adoptTraining(reply.model, reply.report);
  } catch (error) {
    showActionError(error.message);
  } finally {
    replayFrame = null;
    busy = false;
    render();
    els.train.focus();
  }
}

// ---------------------------------------------------------------------------------------------
// Events.

function wireEvents() {
  els.plane.addEventListener('click', (event) => {
    if (busy) return;
    const { x, y } = clientToData(els.plane, event.clientX, event.clientY);
    addPoint(x, y, event.shiftKey ? -ui.selectedClass : ui.selectedClass);
  });

  els.plane.addEventListener('keydown', (event) => {
    if (busy) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    cursor ??= { x: 0, y: 0 };
    if (event.key in moves) {
      const [dx, dy] = moves[event.key];
      const stepSize = event.altKey ? 0.01 : 0.05;
      cursor = { x: roundCoordinate(cursor.x + dx * stepSize), y: roundCoordinate(cursor.y + dy * stepSize) };
    } else if (event.key === 'Enter' || event.key === ' ') {
      addPoint(cursor.x, cursor.y, event.shiftKey ? -ui.selectedClass : ui.selectedClass);
    } else {
      return;
    }
    event.preventDefault();
    render();
  });
  els.plane.addEventListener('blur', () => {
    cursor = null;
    render();
  });

  for (const button of els.classToggles) {
    button.addEventListener('click', () => {
      ui.selectedClass = Number(button.dataset.class);
      writeHash();
      render();
    });
  }

  els.step.addEventListener('click', () => runAction(() => session.step()));
  els.epoch.addEventListener('click', () => runAction(() => session.finishEpoch()));
  els.reset.addEventListener('click', () => runAction(() => session.reset()));
  els.clear.addEventListener('click', () =>
    runAction(() => {
      ui.points.splice(0); // the session reads this very array
      session.reset();
      writeHash();
    }),
  );
  els.train.addEventListener('click', train);
  els.stop.addEventListener('click', stopTraining);

  for (const { name } of fields) {
    control(name).addEventListener('change', () => changeOption(name));
  }
  // Enter in a number field commits it rather than submitting anything.
  els.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const active = document.activeElement;
    if (active?.name && fieldOf(active.name)) changeOption(active.name);
  });

  window.addEventListener('hashchange', () => {
    if (location.hash === writtenHash) return;
    if (busy) stopTraining();
    applyHash(location.hash);
    render();
  });

  new ResizeObserver(() => render()).observe(els.plane);
  window.addEventListener('resize', () => render()); // devicePixelRatio changes (zoom)
}

// ---------------------------------------------------------------------------------------------
// Start.

async function main() {
  try {
    pw = await load();
  } catch (error) {
    els.loadError.textContent = `Could not load perceptron-wasm: ${error.message}`;
    els.loadError.hidden = false;
    document.body.dataset.ready = 'error';
    throw error;
  }
  fields = pageFields(pw.optionSchema('Perceptron'));
  buildPanel(els.fields, fields);
  applyHash(location.hash);
  wireEvents();
  render();
  document.body.dataset.ready = 'true';
}

main();
