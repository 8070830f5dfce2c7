// What the playground shows: the plane (plot.js: points, the separator and its margin band, the
// score heatmap, the theory's max-margin line and highlighted points, Step's update arrow), the
// numbers, the class palette, the trace (trace.js), the learning curve (curve.js), the theory
// (theory.js) and the Export control for lecture notes (lecture-export.js). Computations go
// through the package's public API and are remembered until the data or the model change, so
// redrawing 100,000 points does not redo them.
import { drawMarker, drawPlane, gridPoints, heatmapFromScores, viewFor } from '../plane/plot.js';
import { formatCount } from './format.js';
import * as say from './report.js';
import { TraceTable } from '../trace/trace.js';
import { LearningCurve } from '../curve/curve.js';
import { Theory } from '../theory/theory.js';
import { LectureExports } from '../export/lecture-export.js';

const HEATMAP_CELLS = 64; // per side

export class Views {
  #pg;
  #predicted = { key: null, value: null }; // {labels, wrong: boolean[], accuracy per set}
  #heatmap = { key: null, value: null };
  #theory = { separable: null, maxMargin: null, highlight: [] };
  #drawing = null;
  #cursorText = '';

  constructor(playground) {
    this.#pg = playground;
    const $ = playground.$;
    this.trace = new TraceTable($('trace'));
    this.curve = new LearningCurve($('curve'));
    this.theory = new Theory($('theory'), playground.pw);
    this.exports = new LectureExports(playground);
    // Compute (large data) or another pair of classes: the plane shows the new answer.
    $('theory').addEventListener('theorychange', () => playground.render());
    const toggles = { 'view-heatmap': 'heatmap', 'view-discrete': 'discrete', 'view-band': 'band' };
    for (const [id, key] of Object.entries(toggles)) {
      $(id).addEventListener('change', () => {
        playground.ui.view[key] = $(id).checked;
        playground.writeHash();
        playground.render();
      });
    }
    $('view-colour').addEventListener('change', () => {
      playground.ui.view.colour = $('view-colour').value;
      playground.writeHash();
      playground.render();
    });
  }

  /** The plane's view: fixed per loaded data (edits keep it, so points stay under the pointer). */
  get view() {
    const data = this.#pg.data;
    data.view ??= viewFor(data.points);
    return data.view;
  }

  /** The scene the plane shows (plot.js's drawPlane's), for the Export control's Plane as SVG. */
  planeScene = null;

  /** A sentence about the trace (Train's was cut), shown under the numbers; null for none. */
  traceNote = null;

  resetTrace() {
    const pg = this.#pg;
    this.traceNote = null;
    this.trace.reset({ kind: pg.ui.model.kind, featureNames: pg.data.featureNames, classes: pg.data.classes });
  }

  appendTrace(rows) {
    this.trace.append(rows);
  }

  cursorMoved(cursor, carrying, index) {
    this.#cursorText = say.describeCursor(cursor, carrying, index, this.#pg.data);
    this.render();
  }

  // The model's predictions for every point, and the accuracy on each part of the split.
  #predictions() {
    const pg = this.#pg;
    const { session, data, sets, version } = pg;
    // Data in the worker: its accuracies from the worker's evaluate, no per-point predictions.
    if (session.remote) return session.accuracies;
    const key = `${version}|${session.t}|${session.trained}|${session.model.fitted}`;
    if (this.#predicted.key === key && this.#predicted.session === session) return this.#predicted.value;
    let value = null;
    if (session.model.fitted && data.X.rows > 0) {
      const labels = session.model.predict(data.X);
      const wrong = labels.map((label, i) => label !== data.labels[i]);
      const accuracyOf = (set) => {
        if (!set || set.rows.length === 0) return null;
        const errors = set.rows.reduce((n, r) => n + (wrong[r] ? 1 : 0), 0);
        return {
          wrong: errors,
          total: set.rows.length,
          accuracy: (set.rows.length - errors) / set.rows.length /* as model.score counts it */,
        };
      };
      value = {
        labels,
        wrong,
        train: accuracyOf(sets.train),
        validation: accuracyOf(sets.validation),
        test: accuracyOf(sets.test),
      };
    }
    this.#predicted = { key, session, value };
    return value;
  }

  // Whether the plane shows the model's own two features (so its line and scores can be drawn).
  #planeIsModelSpace() {
    const { data } = this.#pg;
    return data.X.cols === 2 && data.plane !== 'pca' && data.plane[0] === 0 && data.plane[1] === 1;
  }

  #heatmapScene(classes) {
    const pg = this.#pg;
    const { session, ui } = pg;
    if (!ui.view.heatmap || !session.model.fitted || !this.#planeIsModelSpace() || session.remote) return null;
    if (session.linear && !['KernelPerceptron', 'MulticlassPerceptron'].includes(session.kind)) return null;
    const view = this.view;
    const key = `${pg.version}|${session.t}|${session.trained}|${view.x0},${view.x1},${view.y0},${view.y1}`;
    if (this.#heatmap.key !== key || this.#heatmap.session !== session) {
      const grid = gridPoints(view, HEATMAP_CELLS, HEATMAP_CELLS);
      const modelClasses = session.model.classes ?? pg.data.classes;
      const scores = session.model.decisionFunction(grid);
      const map = heatmapFromScores(scores, { rows: grid.rows, classes: modelClasses.length });
      // The model's class order to the plane's colours (the palette's classes).
      const to = modelClasses.map((c) => classes.indexOf(c));
      for (let i = 0; i < map.classIndex.length; i++) map.classIndex[i] = to[map.classIndex[i]];
      this.#heatmap = { key, session, value: { nx: HEATMAP_CELLS, ny: HEATMAP_CELLS, ...map } };
    }
    return { ...this.#heatmap.value, discretize: ui.view.discrete };
  }

  #updateTheory() {
    const pg = this.#pg;
    const { session, sets, version } = pg;
    const linear = session.linear;
    this.#theory = this.theory.update({
      X: sets.train.X,
      y: sets.train.y,
      classes:
        [...new Set(sets.train.y)].length === pg.data.classes.length ? pg.data.classes : [...new Set(sets.train.y)],
      fitIntercept: session.options.fitIntercept ?? true,
      model: {
        kind: session.kind,
        weights: linear?.weights ?? null,
        bias: linear?.bias ?? 0,
        mistakes: session.mistakes,
      },
      version,
      remote: Boolean(pg.data.remote), // rows in the worker: nothing to compute on the page
    }) ?? { separable: null, maxMargin: null, highlight: [] };
  }

  render() {
    const pg = this.#pg;
    const { session, data, ui, runner, sets } = pg;
    const $ = pg.$;
    const frame = runner.frame;
    const classes = pg.paletteClasses();
    const predicted = frame ? null : this.#predictions();
    if (!frame && !runner.busy) this.#updateTheory();
    // Quiz mode's open question withholds the theory, the last step's marks and the rings of the
    // points misclassified now, which would give its verdict away (quiz/quiz.js).
    const asking = pg.quiz?.sync() ?? false;
    const modelSpace = this.#planeIsModelSpace();
    const linear = modelSpace ? (frame ?? session.linear) : null;
    const trainRows = sets.train.rows;
    const last = session.last && !frame && !runner.busy && !asking && !session.remote ? session.last : null;
    const byPrediction = ui.view.colour === 'predicted' && predicted?.labels;
    const points = byPrediction ? data.points.map((p, i) => ({ ...p, label: predicted.labels[i] })) : data.points;
    const scene = {
      points,
      classes,
      view: this.view,
      axes:
        data.plane === 'pca'
          ? { x: 'PC 1', y: 'PC 2' }
          : { x: data.featureNames[data.plane[0]], y: data.featureNames[data.plane[1]] },
      linear: linear && linear.weights.length === 2 ? { weights: linear.weights, bias: linear.bias } : null,
      band: ui.view.band,
      // The theory is about two classes: its line and points only when the data has two.
      maxMargin: modelSpace && data.classes.length === 2 && !asking ? this.#theory.maxMargin : null,
      highlight: data.classes.length === 2 && !asking ? (this.#theory.highlight ?? []).map((i) => trainRows[i]) : [],
      heatmap: frame ? null : this.#heatmapScene(classes),
      last: last ? { index: trainRows[last.index], mistake: last.mistake, score: last.score } : null,
      update: modelSpace && !frame && !asking ? runner.update : null,
      misclassified: predicted?.wrong && !byPrediction && !asking ? predicted.wrong : undefined,
      cursor: pg.plane.cursor(),
    };
    this.planeScene = scene;
    const shown = drawPlane($('plane'), scene);
    this.#drawing = shown ? { drawn: shown.drawn, total: shown.total } : null;
    this.curve.update(session.history, session.curveNote);
    this.#renderStatus(predicted, frame, linear);
    this.#renderPalette(classes);
    this.renderProgress();
    $('plane-status').textContent = this.#cursorText;
    $('point-count').textContent = say.describeData(data, sets, this.#drawing);

    const busy = runner.busy;
    const empty = data.points.length === 0;
    for (const id of ['step', 'epoch', 'train']) $(id).disabled = busy || empty;
    $('clear').disabled = busy || empty || !data.editable;
    $('reset').disabled = busy;
    $('play').disabled = busy || empty;
    $('play').textContent = runner.playing ? 'Pause' : 'Play';
    $('play').setAttribute('aria-pressed', String(runner.playing));
    $('stop').hidden = !busy;
    this.exports.render(busy);
    $('option-fields').disabled = busy;
    $('model').disabled = busy;
    $('plane').setAttribute('aria-disabled', String(busy));
    $('status').setAttribute('aria-busy', String(busy));
    $('view-heatmap').checked = ui.view.heatmap;
    $('view-discrete').checked = ui.view.discrete;
    $('view-discrete').disabled = !ui.view.heatmap;
    $('view-band').checked = ui.view.band;
    $('view-colour').value = ui.view.colour;
    $('erase').setAttribute('aria-pressed', String(ui.erase));
    for (const field of pg.fields) {
      const { help, control } = pg.parts[field.name];
      for (const item of help.querySelectorAll('li'))
        item.classList.toggle('selected', item.dataset.value === control.value);
    }
    pg.quiz?.drawn(shown, modelSpace);
  }

  #renderStatus(predicted, frame, linear) {
    const pg = this.#pg;
    const { session, runner } = pg;
    const $ = pg.$;
    $('status-t').textContent = frame ? '…' : formatCount(session.t);
    $('status-epoch').textContent = formatCount(frame ? frame.epoch : session.epoch);
    $('status-mistakes').textContent = frame ? '…' : formatCount(session.mistakes);
    $('status-accuracy').textContent = frame ? '…' : say.describeAccuracy(predicted?.train, session.model.fitted);
    $('status-validation').textContent = frame
      ? '…'
      : say.describeAccuracy(predicted?.validation, session.model.fitted, 'no validation part');
    $('status-test').textContent = frame
      ? '…'
      : say.describeAccuracy(predicted?.test, session.model.fitted, 'no test part');
    $('status-weights').textContent = say.describeWeights(session, frame ?? linear ?? session.linear);
    $('status-converged').textContent = runner.busy ? 'training…' : say.describeConverged(session);
    $('status-converged').dataset.value = String(session.converged);
    const note = this.traceNote && !runner.busy ? ` ${this.traceNote}` : '';
    const last = say.describeLastStep(session, pg.data, pg.sets.train.rows, { frame, busy: runner.busy });
    $('status-last').textContent = `${last}${note}`;
    $('status-last').classList.toggle('mistake', !runner.busy && !!session.last?.mistake);
  }

  #renderPalette(classes) {
    const pg = this.#pg;
    const palette = pg.$('palette');
    const selected = pg.selectedClass();
    const key = classes.map(String).join('\u0000');
    if (palette.dataset.key !== key) {
      palette.dataset.key = key;
      palette.replaceChildren(
        ...classes.map((label, i) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'class-toggle';
          const swatch = document.createElement('canvas');
          swatch.width = 16;
          swatch.height = 16;
          swatch.setAttribute('aria-hidden', 'true');
          drawMarker(swatch.getContext('2d'), 8, 8, 6, i, classes);
          button.append(swatch, ` Class ${say.fmtLabel(label, classes)}`);
          button.title = `New points get class ${say.fmtLabel(label, classes)} (key ${i + 1})`;
          button.addEventListener('click', () => pg.selectClass(label));
          return button;
        }),
      );
    }
    [...palette.children].forEach((button, i) => {
      button.setAttribute('aria-pressed', String(!pg.ui.erase && classes[i] === selected));
      button.disabled = pg.runner.busy;
    });
    pg.$('add-class').disabled = pg.runner.busy || classes.length >= 6;
  }

  /** Train's progress only: cheaper than a render, which redraws every point. */
  renderProgress() {
    const pg = this.#pg;
    const { runner } = pg;
    const progress = pg.$('progress');
    progress.hidden = !runner.busy || runner.frame !== null;
    progress.textContent = runner.busy
      ? say.describeProgress(runner.progress, pg.session.options.maxEpochs ?? 100)
      : '';
  }

  /** perceptronDemo.getState(): the read-only view for tests and the console. */
  state() {
    const pg = this.#pg;
    const { session, data } = pg;
    const predicted = session ? this.#predictions() : null;
    const linear = session?.linear;
    return {
      dataset: pg.dataSpec?.kind === 'preset' ? pg.dataSpec.preset.name : (pg.dataSpec?.kind ?? null),
      model: session?.kind ?? null,
      options: session ? { ...session.options } : null,
      points: data ? data.points.map(({ x, y, label }) => ({ x, y, label })) : [],
      classes: data ? [...data.classes] : [],
      weights: linear ? [...linear.weights] : null,
      bias: linear ? linear.bias : null,
      modelJson: session?.model.fitted ? session.toJSON() : null,
      t: session ? session.t : 0,
      epoch: session ? session.epoch : 0,
      mistakes: session ? session.mistakes : 0,
      converged: session ? session.converged : null,
      accuracy: predicted?.train?.accuracy ?? null,
      validationAccuracy: predicted?.validation?.accuracy ?? null,
      testAccuracy: predicted?.test?.accuracy ?? null,
      misclassified: predicted?.wrong ? [...predicted.wrong] : null,
      history: session ? session.history.map((e) => ({ ...e })) : [],
      trace: this.trace.length,
      link: pg.link,
      drawing: this.#drawing,
      busy: pg.runner.busy,
      playing: pg.runner.playing,
      lastError: pg.messages.lastError,
      quiz: pg.quiz?.state() ?? null,
    };
  }

  dispose() {
    this.curve.destroy();
  }
}
