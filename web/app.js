// The demo page's controller: wires the DOM to the session (session.js), the point edits
// (points.js), the report on the model (report.js), the drawing (plot.js), the URL-hash state
// (state.js) and Train's worker (training.js, worker.js). It imports the package exactly as a
// user would, through the import map in index.html.
import load from 'perceptron-wasm';
import { linkHoldsAll, MAX_LINK_POINTS, parse, serialize } from './state.js';
import { buildPanel, pageFields } from './options.js';
import { pointMatrix, Session, trainingProblem } from './session.js';
import { drawHistory, drawPlane } from './plot.js';
import { checkPoints, wirePlane } from './points.js';
import * as say from './report.js';
import { replayFrames, TrainingWorker } from './training.js';
import { Messages } from './messages.js';

const $ = (id) => document.getElementById(id);
// Every element the page drives, by id: els.pointCount is #point-count, els.statusT #status-t.
const els = Object.fromEntries(
  ['plane', 'history', 'point-count', 'plane-status', 'step', 'epoch', 'train', 'stop', 'reset', 'clear']
    .concat(['action-error', 'progress', 'load-error', 'notice', 'notice-title', 'notice-list', 'notice-dismiss'])
    .concat(['status', 'status-t', 'status-epoch', 'status-mistakes', 'status-accuracy', 'status-weights'])
    .concat(['status-bias', 'status-converged', 'status-separable', 'status-last', 'options', 'option-fields'])
    .map((id) => [id.replace(/-(\w)/g, (_, c) => c.toUpperCase()), $(id)]),
);
els.classToggles = [...document.querySelectorAll('.class-toggle')];
const messages = new Messages(els);
const control = (name) => els.options.elements.namedItem(name);

let pw = null;
let report = null; // report.js's Report: remembered accuracy and separability
/** The options the panel shows, with the library's schema entries (options.js). */
let fields = [];
const fieldOf = (name) => fields.find((field) => field.name === name);
let session = null;
/** The state table's values (state.js): options (all valid), selectedClass, points. */
let ui = null;
let pointsVersion = 0; // changes whenever the points do (remembered results depend on it)
let busy = false;
let progress = null; // Train's last progress message
let frame = null; // {epoch, weights, bias, of} while Train's epochs are replayed
let skipReplay = false;
let fit = null; // the accuracy shown: {misclassified, wrong, accuracy} or null
let drawing = null; // drawPlane's {drawn, total}
let plane = null; // points.js's input on the plane: {cursor()}
let writtenHash = null;
const worker = new TrainingWorker();

// ---------------------------------------------------------------------------------------------
// Read-only view for tests and the console, and loadPoints for data the page did not click.

function getState() {
  return {
    points: ui ? ui.points.map(({ x, y, label }) => ({ x, y, label })) : [],
    weights: session ? [...session.weights] : [0, 0],
    bias: session ? session.bias : 0,
    t: session ? session.t : 0,
    epoch: session ? session.epoch : 0,
    mistakes: session ? session.mistakes : 0,
    converged: session ? session.converged : null,
    accuracy: fit ? fit.accuracy : null,
    misclassified: fit ? [...fit.misclassified] : null,
    drawing,
    busy,
    lastError: messages.lastError,
  };
}

/**
 * Replaces the points with uploaded or generated data ({x, y, label}, x and y in [-1, 1],
 * label 1 or -1; up to points.js's MAX_DATA_POINTS) and zeroes the weights. Returns the count.
 */
function loadPoints(points) {
  if (busy) throw new Error('loadPoints: Train is running; press Stop first');
  const checked = checkPoints(points);
  ui.points.length = 0; // the session reads this very array
  for (const p of checked) ui.points.push(p);
  session.reset();
  pointsEdited();
  if (!linkHoldsAll(ui.points)) {
    const total = ui.points.length.toLocaleString('en-US');
    messages.notice(`The link keeps the first ${MAX_LINK_POINTS.toLocaleString('en-US')} of these ${total} points.`, [
      { reason: 'A link must stay short enough to share: one opened from the address bar has those points only.' },
      { reason: 'It keeps the options but not the model, which was trained on all of them.' },
    ]);
  }
  return ui.points.length;
}
window.perceptronDemo = Object.freeze({ getState, loadPoints });

// ---------------------------------------------------------------------------------------------
// Rendering.

function render() {
  if (!session) return;
  const weights = frame ? frame.weights : session.weights;
  const bias = frame ? frame.bias : session.bias;
  fit = frame ? null : report.accuracy(session, ui.points, pointsVersion);
  const shown = drawPlane(els.plane, {
    points: ui.points,
    weights: weights.length === 2 ? weights : [0, 0],
    bias,
    last: frame || busy ? null : session.last,
    cursor: plane.cursor(),
    misclassified: fit?.misclassified, // none marked while the predictions are not known
  });
  drawing = shown ? { drawn: shown.drawn, total: shown.total } : null;
  drawHistory(els.history, session.history);

  els.statusT.textContent = frame ? '…' : String(session.t);
  els.statusEpoch.textContent = String(frame ? frame.epoch : session.epoch);
  els.statusMistakes.textContent = frame ? '…' : String(session.mistakes);
  els.statusAccuracy.textContent = frame ? '…' : say.describeAccuracy(fit, ui.points);
  els.statusWeights.textContent = `(${say.fmt(weights[0] ?? 0)}, ${say.fmt(weights[1] ?? 0)})`;
  els.statusBias.textContent = say.fmt(bias);
  els.statusConverged.textContent = busy ? 'training…' : say.describeConverged(session);
  els.statusConverged.dataset.value = String(session.converged);
  els.statusSeparable.textContent = report.separability(ui.points, pointsVersion, ui.options.fitIntercept);
  els.statusLast.textContent = say.describeLastStep(session, ui.points, { frame, busy });
  els.statusLast.classList.toggle('mistake', !busy && !!session.last?.mistake);
  els.pointCount.textContent = say.describePoints(ui.points, drawing);
  renderProgress();

  const empty = ui.points.length === 0;
  for (const button of [els.step, els.epoch, els.train, els.clear]) button.disabled = busy || empty;
  els.reset.disabled = busy;
  els.stop.hidden = !busy;
  els.optionFields.disabled = busy;
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

// Train's progress only: cheaper than a render, which redraws every point.
function renderProgress() {
  els.progress.hidden = !busy || frame !== null;
  els.progress.textContent = busy ? say.describeProgress(progress, session.options.maxEpochs) : '';
}

// ---------------------------------------------------------------------------------------------
// URL hash.

function writeHash() {
  writtenHash = `#${serialize({ ...ui, model: session.snapshot() }, fields)}`;
  if (location.hash !== writtenHash) history.replaceState(null, '', writtenHash);
}

function setControl(name, value) {
  const element = control(name);
  if (fieldOf(name).spec.type === 'boolean') element.checked = value;
  else element.value = String(value);
}

// The model in a link: its run replayed, or else its weights as they are, or else nothing.
function restoreModel(saved, problems) {
  if (saved.run) {
    try {
      session.restore(saved);
      return;
    } catch (error) {
      const reason = `the run under way: ${error.message}; the weights are loaded as they are, Step starts a new run`;
      problems.push({ part: `run=${saved.run.steps} steps`, reason });
    }
  }
  try {
    session.restore({ ...saved, run: null });
  } catch (error) {
    const part = `t=${saved.t}, w=(${saved.weights.join(', ')}), b=${saved.bias}`;
    problems.push({ part, reason: `the trained model: ${error.message}; the weights start at zero` });
  }
}

function applyHash(hash) {
  const { state, problems } = parse(hash, fields);
  ui = state;
  pointsVersion += 1;
  session?.dispose();
  session = new Session(pw, ui.options, ui.points);
  if (ui.model) restoreModel(ui.model, problems);
  delete ui.model; // from here on the session is the model's state
  messages.clearActionError();
  for (const { name } of fields) {
    setControl(name, ui.options[name]);
    messages.clearFieldError(name);
  }
  if (problems.length > 0) messages.notice('Parts of this link were ignored:', problems);
  else messages.hideNotice();
  writeHash();
}

// ---------------------------------------------------------------------------------------------
// Actions.

/** The points changed (added, removed, moved, replaced): the run ends; link and view follow. */
function pointsEdited() {
  pointsVersion += 1;
  session.pointsChanged();
  messages.clearActionError();
  writeHash();
  render();
}

const pointsHost = {
  points: () => ui.points,
  busy: () => busy,
  selectedClass: () => ui.selectedClass,
  edited(phase) {
    if (phase !== 'live' && phase !== 'cancel') {
      pointsEdited();
      return;
    }
    pointsVersion += 1; // a point on the move, or back where it was: the run goes on
    render();
  },
  refused(message) {
    messages.actionError(message);
    render();
  },
  cursorMoved(cursor, carrying, index) {
    els.planeStatus.textContent = say.describeCursor(cursor, carrying, index, ui.points);
    render();
  },
};

function runAction(action) {
  if (busy) return;
  try {
    action();
    messages.clearActionError();
  } catch (error) {
    messages.actionError(error.message);
  }
  writeHash();
  render();
}

function readControl(name) {
  const element = control(name);
  const { type } = fieldOf(name).spec;
  if (type === 'boolean') return element.checked;
  if (type === 'integer' || type === 'number') return element.value.trim() === '' ? NaN : Number(element.value);
  return element.value;
}

// An option changed: the library checks the new set. If it refuses, the field goes back to the
// value the model still uses and the library's message goes under it; the model, the points
// and the link stay exactly as they were.
function changeOption(name) {
  if (busy) return;
  const candidate = { ...ui.options, [name]: readControl(name) };
  let next;
  try {
    next = new Session(pw, candidate, ui.points);
  } catch (error) {
    setControl(name, ui.options[name]);
    messages.fieldError(name, `Not applied: ${error.message}. The field shows the value still in use.`);
    render();
    return;
  }
  messages.clearFieldError(name);
  messages.clearActionError();
  session.dispose();
  session = next;
  ui.options = candidate;
  writeHash();
  render();
}

async function train() {
  if (busy) return;
  // The same check, and so the same message in the same place, as Step and Epoch.
  const problem = trainingProblem(ui.points);
  if (problem) {
    messages.actionError(problem);
    render();
    return;
  }
  busy = true;
  progress = null;
  skipReplay = false;
  messages.clearActionError();
  render();
  els.stop.focus();
  const trainedSession = session;
  try {
    const message = { options: { ...session.options }, X: pointMatrix(ui.points), y: ui.points.map((p) => p.label) };
    const reply = await worker.train(message, (update) => {
      progress = update;
      renderProgress();
    });
    if (!reply.ok) throw new Error(reply.error.message);
    const show = (shown) => {
      frame = shown;
      render();
    };
    await replayFrames(reply.frames, { show, skip: () => skipReplay, reducedMotion: reducedMotion.matches });
    if (session === trainedSession) session.adoptTraining(reply.model, reply.report);
  } catch (error) {
    messages.actionError(error.message);
  } finally {
    frame = null;
    busy = false;
    progress = null;
    writeHash();
    render();
    els.train.focus();
  }
}

function stopTraining() {
  if (frame) skipReplay = true;
  else worker.stop();
}

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

// ---------------------------------------------------------------------------------------------
// Events.

function wireEvents() {
  plane = wirePlane(els.plane, pointsHost);

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
      ui.points.length = 0; // the session reads this very array
      pointsVersion += 1;
      session.reset();
    }),
  );
  els.train.addEventListener('click', train);
  els.stop.addEventListener('click', stopTraining);

  for (const { name } of fields) {
    control(name).addEventListener('change', () => changeOption(name));
  }
  // Enter in a number field commits it rather than submitting anything.
  els.options.addEventListener('submit', (event) => {
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
  report = new say.Report(pw);
  fields = pageFields(pw.optionSchema('Perceptron'));
  buildPanel(els.optionFields, fields);
  wireEvents();
  applyHash(location.hash);
  render();
  document.body.dataset.ready = 'true';
}

main();
