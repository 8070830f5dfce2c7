// The learning curve on the page: a figure with a caption, the plot on a canvas (drawn by
// curve-draw.js where curve-layout.js says: the drawing perceptron-wasm/course's curveSvg makes
// SVG of), the empty state, a text legend with the values at the cursor, and why a link lost
// epochs. Built inside the container it is given (a shadow root's element): no document-wide
// lookups, no shared state between instances. Under the page's CSP: no style attribute (the
// canvas's width is set through the CSSOM, its height is in curve.css); the legend's line
// samples are SVG presentation attributes.
//
// Cheap per epoch: update() only records the history; at the next animation frame (once for
// any number of calls before it) the new epochs are appended to the columns (those it shares
// with the last history are kept) and the canvas is drawn again. Beyond 4,096 epochs the
// drawing gets each line's lowest and highest value per bucket of epochs narrower than a pixel
// (curve-columns.js), so a redraw costs about the same at 100,000.
import { Columns } from './curve-columns.js';
import { drawCurve } from './curve-draw.js';
import { svgOfColumns } from './curve-svg.js';
import { CURVE_HEIGHT, CURVE_MAX_WIDTH, CURVE_SERIES, curveLabel, curveLayout, nearestIndex } from './curve-layout.js';
import { fitToDisplay } from '../plane/canvas.js';
import { formatCount as count, formatPercent } from '../shell/format.js';

export { CURVE_HEIGHT, CURVE_MAX_WIDTH, CURVE_SERIES };

// The columns hold error rates as percentages: back to a rate to write it.
const percentText = (p) => formatPercent(p / 100);

const element = (tag, className, text) => {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text) el.textContent = text;
  return el;
};
const svg = (tag, attributes) => {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
};

export class LearningCurve {
  #figure;
  #area; // role="img": the canvas and the empty-state text
  #canvas;
  #empty;
  #note; // why the curve lacks epochs a link could not hold (session.curveNote)
  #epochCell;
  #items = []; // per series: {item (li), value (span)}
  #observer;
  #columns = new Columns();
  #layout = null; // what the last drawing put where (curve-draw.js's curveLayout)
  #pointer = null; // {x, y} in the canvas's CSS pixels, or null
  #cursor = null; // the index in the drawn columns nearest to the pointer, or null
  #draws = 0;
  #pending = null;
  #frame = 0;
  #destroyed = false;

  /**
   * @param {HTMLElement} container an empty element (in a shadow root that links curve.css);
   *   the chart takes its width, up to CURVE_MAX_WIDTH.
   */
  constructor(container) {
    const figure = (this.#figure = element('figure', 'curve'));
    const area = (this.#area = element('div', 'curve-plot'));
    area.setAttribute('role', 'img');
    this.#canvas = element('canvas', 'curve-canvas');
    area.append(this.#canvas, (this.#empty = element('p', 'curve-empty', 'No finished epoch yet')));
    this.#note = element('p', 'curve-note');
    this.#note.hidden = true;
    figure.append(element('figcaption', 'curve-caption', 'Learning curve'), area, this.#buildLegend(), this.#note);
    container.append(figure);

    // The pointer over the plot shows its nearest epoch in the legend (the accessible name
    // keeps the latest).
    const move = (event) => {
      const box = this.#canvas.getBoundingClientRect();
      this.#pointAt({ x: event.clientX - box.left, y: event.clientY - box.top });
    };
    this.#canvas.addEventListener('pointermove', move);
    this.#canvas.addEventListener('pointerdown', move);
    this.#canvas.addEventListener('pointerleave', () => this.#pointAt(null));

    this.#fit(area.getBoundingClientRect().width);
    this.#draw();
    this.#showState();
    this.#observer = new ResizeObserver((entries) => {
      if (this.#fit(entries.at(-1).contentRect.width)) this.#draw();
    });
    this.#observer.observe(area);
  }

  /**
   * Draws `history`, the finished epochs in order: [{epoch, steps, mistakes, trainError?,
   * validationError?}] (mistakes in that epoch; errors are rates in [0, 1], absent when not
   * known). Call it after every epoch: the drawing happens at the next animation frame, once
   * however many calls came before it. Only what changed since the last history is read again
   * (the same array grown: its new epochs). `note`: why epochs before these are missing, or null.
   */
  update(history, note = null) {
    if (this.#destroyed) return;
    this.#note.textContent = note ?? '';
    this.#note.hidden = note === null;
    this.#pending = Array.isArray(history) ? history : [];
    if (!this.#frame) this.#frame = requestAnimationFrame(() => this.#flush());
  }

  /**
   * What is drawn, after any pending update: [epochs, train error %, validation error %,
   * cumulative mistakes] (copies; null where a value is not known). One entry per epoch up to
   * 4,096 epochs; beyond, two per bucket of epochs (its first and last epoch as x, and each
   * line's lowest and highest value in it, in their order).
   */
  get data() {
    this.#flush();
    return this.#columns.drawn().map((column) => column.slice());
  }

  /** The tick labels last drawn on each axis: {x, error, mistakes}, as text. */
  get ticks() {
    const { ticks } = this.view;
    return Object.fromEntries(Object.entries(ticks).map(([key, list]) => [key, list.map((t) => t.text)]));
  }

  /**
   * What the last drawing put where, after any pending update (curve-draw.js's curveLayout, a
   * copy): {width, height, plot: {left, top, width, height} | null, scales: {x, error,
   * mistakes} ([min, max] or null for an axis with no line), shown: [train, validation,
   * mistakes], ticks: {x, error, mistakes} ({value, text}[])}, in CSS pixels of the canvas.
   */
  get view() {
    this.#flush();
    return structuredClone(this.#layout);
  }

  /** The index in `data` of the point under the pointer (shown in the legend), or null. */
  get cursor() {
    return this.#cursor;
  }

  /** How many times the canvas has been drawn (a redraw for the same history never happens). */
  get draws() {
    return this.#draws;
  }

  /**
   * The curve as drawn now (after any pending update), as an SVG document's text: the same
   * drawing at the canvas's width (CURVE_MAX_WIDTH while it has none), the plot CURVE_HEIGHT
   * high, with `title` above it and the lines' `legend` under it (the page's legend is HTML).
   * Its <title> is the accessible name. Null while there is no finished epoch.
   * @param {{title?: string | null, legend?: boolean}} [options]
   * @returns {string | null}
   */
  toSvg({ title = null, legend = true } = {}) {
    this.#flush();
    if (this.#columns.full[0].length === 0) return null;
    const width = this.#layout?.width || CURVE_MAX_WIDTH;
    return svgOfColumns(this.#columns, { width, title, legend });
  }

  destroy() {
    if (this.#destroyed) return;
    this.#destroyed = true;
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#pending = null;
    this.#observer.disconnect();
    this.#figure.remove();
  }

  #buildLegend() {
    const list = element('ul', 'curve-legend');
    const epoch = element('li', 'curve-legend-epoch', 'Epoch ');
    epoch.append((this.#epochCell = element('span', 'curve-value')));
    list.append(epoch);
    for (const { label, stroke, dash } of CURVE_SERIES) {
      // The line's sample: its colour and dash pattern, as SVG attributes (no style).
      const sample = svg('svg', { class: 'curve-sample', width: 26, height: 10, 'aria-hidden': 'true' });
      const dasharray = dash.length ? dash.join(' ') : 'none';
      sample.append(
        svg('line', { x1: 1, y1: 5, x2: 25, y2: 5, stroke, 'stroke-width': 2, 'stroke-dasharray': dasharray }),
      );
      const item = element('li');
      const value = element('span', 'curve-value');
      item.append(sample, element('span', 'curve-label', label), ' ', value);
      list.append(item);
      this.#items.push({ item, value });
    }
    return list;
  }

  // Reads the pending history into the columns and draws them.
  #flush() {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    const history = this.#pending;
    this.#pending = null;
    if (!history || this.#destroyed) return;
    if (!this.#columns.read(history)) return; // the same epochs: nothing to redraw
    this.#draw();
    this.#showState();
  }

  // The canvas as wide as its box, in whole pixels (a fraction would blur it), at most
  // CURVE_MAX_WIDTH; set through the CSSOM (the CSP allows no style attribute). Whether it changed.
  #fit(boxWidth) {
    const width = Math.min(CURVE_MAX_WIDTH, Math.floor(boxWidth));
    if (!(width > 0) || width === this.#layout?.width) return false;
    this.#canvas.style.width = `${width}px`;
    return true;
  }

  // Draws the columns on the canvas at its CSS size (CURVE_HEIGHT high, as curve.css says),
  // with the cursor at the point nearest to the pointer when it is over the plot.
  #draw() {
    if (this.#destroyed) return;
    const { ctx, width } = fitToDisplay(this.#canvas);
    const size = { width, height: CURVE_HEIGHT };
    const columns = this.#columns.drawn();
    this.#cursor = this.#pointer ? this.#nearest(columns, curveLayout(columns, size)) : null;
    this.#layout = drawCurve(ctx, columns, { ...size, cursor: this.#cursor });
    this.#draws++;
  }

  // The index of the drawn point nearest to the pointer, or null when it is not over the plot.
  #nearest(columns, layout) {
    const at = this.#pointer;
    const { plot } = layout;
    const over = at && plot && at.y >= plot.top && at.y <= plot.top + plot.height;
    return over ? nearestIndex(columns, layout, at.x) : null;
  }

  // The pointer at `at` ({x, y} over the canvas, or null: away): the cursor and the legend.
  #pointAt(at) {
    if (this.#destroyed) return;
    this.#pointer = at;
    if (this.#layout && this.#nearest(this.#columns.drawn(), this.#layout) === this.#cursor) return;
    this.#draw();
    this.#showValues();
  }

  // The empty-state text, the accessible name and the legend's values (the latest epoch's).
  #showState() {
    const n = this.#columns.full[0].length;
    this.#empty.hidden = n > 0;
    this.#columns.known.forEach((known, i) => (this.#items[i].item.hidden = known === 0));
    this.#epochCell.parentElement.hidden = n === 0;
    this.#area.setAttribute('aria-label', curveLabel(this.#columns.full));
    this.#showValues();
  }

  // The legend's values at the cursor's point in the drawn data, or at the latest epoch.
  #showValues() {
    const [epochs, ...lines] = this.#columns.full;
    const idx = this.#cursor;
    const i = idx === null ? epochs.length - 1 : this.#columns.fullIndex(idx);
    this.#epochCell.textContent = i >= 0 ? count(epochs[i]) : '';
    lines.forEach((line, k) => {
      const v = i >= 0 ? line[i] : null;
      this.#items[k].value.textContent = v === null ? '—' : k === 2 ? count(v) : percentText(v);
    });
  }
}
