// The learning curve: train and validation error per epoch (left axis, %) and the mistakes
// made so far (right axis, a count) against the epoch, drawn by uPlot (node_modules/uplot,
// served by the dev server at /vendor/uplot/, no CDN). Built inside the container it is given
// (a shadow root's element): no document-wide lookups, no shared state between instances.
// Under the page's CSP: uPlot sets element.style through the CSSOM only; the legend's line
// samples are SVG presentation attributes; the rest of the look is in curve.css.
//
// Cheap per epoch: update() only records the history; at the next animation frame (once for
// any number of calls before it) the new epochs are appended to the columns (those it shares
// with the last history are kept) and uPlot.setData redraws the same chart. Beyond 4,096
// epochs uPlot gets each line's lowest and highest value per bucket of epochs narrower than a
// pixel (curve-columns.js), so a redraw costs about the same at 100,000.
import uPlot from '../vendor/uplot/uPlot.esm.js';
import { Columns } from './curve-columns.js';
import { formatCount as count, formatPercent } from '../shell/format.js';

/** The plot's height in CSS pixels (axes included; the legend is under it). */
export const CURVE_HEIGHT = 220;
/** The widest the plot gets; it follows its container's width below that. */
export const CURVE_MAX_WIDTH = 600;

const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MUTED = '#666'; // 5.7:1 on white
const GRID = '#e6e6e6';
const TICK = '#d9d9d9';
const AXIS_LINE = '#999';

/**
 * The three lines, in uPlot's series order (after x). Each colour is at least 3:1 on white
 * (the tests compute it), and each line has its own dash pattern, so they differ without
 * colour too. `dash` is in CSS pixels: [] solid.
 */
export const CURVE_SERIES = Object.freeze([
  { key: 'trainError', label: 'Train error', scale: 'error', stroke: '#1565c0', dash: [] },
  { key: 'validationError', label: 'Validation error', scale: 'error', stroke: '#7b3fa0', dash: [8, 4] },
  { key: 'mistakes', label: 'Mistakes in all', scale: 'mistakes', stroke: '#c62828', dash: [2, 3] },
]);

// Ticks at whole epochs and whole mistakes: 1, 2, 5, 10, 20, 50, ...
const WHOLE_STEPS = [];
for (let p = 1; p <= 1e9; p *= 10) WHOLE_STEPS.push(p, 2 * p, 5 * p);

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const countTick = (n) => (Math.abs(n) >= 10_000 ? compact.format(n) : count(n));
// A percentage tick (splits are percentages with float noise, e.g. 0.30000000000000004).
const percentTick = (p) => `${Number(p.toFixed(6))}%`;
// The columns hold error rates as percentages (uPlot's scale): back to a rate to write it.
const percentText = (p) => formatPercent(p / 100);
const mistakesText = (n) => `${count(n)} ${n === 1 ? 'mistake' : 'mistakes'} in all`;

// A scale from 0 to a little above its largest value (uPlot's nice rounding), at most `cap`.
// No data (no line shown on it): no range, and uPlot hides the axis.
const fromZero = (cap) => (u, min, max) => {
  if (max == null || !Number.isFinite(max)) return [null, null];
  if (!(max > 0)) return [0, 1];
  const top = uPlot.rangeNum(0, max, 0.1, true)[1];
  return [0, Math.min(cap, top > max ? top : max + 1)];
};

// Horizontal grid lines but at 0, where one would cover the x axis' line (drawn before).
const notAtZero = (u, splits) => splits.map((v) => (v === 0 ? null : v));

// An axis wide enough for its longest tick label (about 7 px per character at 12 px).
const fitLabels = (u, values) => (values ? 14 + 7 * Math.max(1, ...values.map((v) => String(v).length)) : 30);

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
  #area; // role="img": uPlot's root and the empty-state text
  #empty;
  #note; // why the curve lacks epochs a link could not hold (session.curveNote)
  #epochCell;
  #items = []; // per series: {item (li), value (span)}
  #plot; // the uPlot instance
  #observer;
  #ticks = { x: [], error: [], mistakes: [] };
  #columns = new Columns();
  #pending = null;
  #frame = 0;

  /**
   * @param {HTMLElement} container an empty element (in a shadow root that links
   *   uPlot.min.css and curve.css); the chart takes its width, up to CURVE_MAX_WIDTH.
   */
  constructor(container) {
    const figure = (this.#figure = element('figure', 'curve'));
    const area = (this.#area = element('div', 'curve-plot'));
    area.setAttribute('role', 'img');
    area.append((this.#empty = element('p', 'curve-empty', 'No finished epoch yet')));
    this.#note = element('p', 'curve-note');
    this.#note.hidden = true;
    figure.append(element('figcaption', 'curve-caption', 'Learning curve'), area, this.#buildLegend(), this.#note);
    container.append(figure);

    const width = Math.min(CURVE_MAX_WIDTH, Math.floor(container.clientWidth) || CURVE_MAX_WIDTH);
    this.#plot = new uPlot(this.#options(width), this.#columns.drawn(), area);
    this.#plot.root.classList.add('curve-uplot');
    this.#showState();

    this.#observer = new ResizeObserver((entries) => {
      const inner = Math.floor(entries.at(-1).contentRect.width);
      const fit = Math.min(CURVE_MAX_WIDTH, inner);
      if (fit > 0 && fit !== this.#plot.width) this.#plot.setSize({ width: fit, height: CURVE_HEIGHT });
    });
    this.#observer.observe(container);
  }

  /**
   * Draws `history`, the finished epochs in order: [{epoch, steps, mistakes, trainError?,
   * validationError?}] (mistakes in that epoch; errors are rates in [0, 1], absent when not
   * known). Call it after every epoch: the drawing happens at the next animation frame, once
   * however many calls came before it. Only what changed since the last history is read again
   * (the same array grown: its new epochs). `note`: why epochs before these are missing, or null.
   */
  update(history, note = null) {
    if (!this.#plot) return;
    this.#note.textContent = note ?? '';
    this.#note.hidden = note === null;
    this.#pending = Array.isArray(history) ? history : [];
    if (!this.#frame) this.#frame = requestAnimationFrame(() => this.#flush());
  }

  /**
   * What uPlot draws, after any pending update: [epochs, train error %, validation error %,
   * cumulative mistakes] (copies; null where a value is not known). One entry per epoch up to
   * 4,096 epochs; beyond, two per bucket of epochs (its first and last epoch as x, and each
   * line's lowest and highest value in it, in their order).
   */
  get data() {
    this.#flush();
    return this.#columns.drawn().map((column) => column.slice());
  }

  /** The tick labels uPlot last drew on each axis: {x, error, mistakes}, as text. */
  get ticks() {
    this.#flush();
    return structuredClone(this.#ticks);
  }

  /** The uPlot instance (after any pending update), for its scales, series and size. */
  get chart() {
    this.#flush();
    return this.#plot;
  }

  destroy() {
    if (!this.#plot) return;
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#pending = null;
    this.#observer.disconnect();
    this.#plot.destroy();
    this.#plot = null;
    this.#figure.remove();
  }

  #options(width) {
    const record = (key, format) => (u, splits) => (this.#ticks[key] = splits.map(format));
    const axis = {
      font: FONT,
      labelFont: FONT,
      stroke: MUTED,
      ticks: { stroke: TICK, width: 1, size: 4 },
      border: { show: true, stroke: AXIS_LINE, width: 1 },
    };
    return {
      width,
      height: CURVE_HEIGHT,
      legend: { show: false }, // ours is text under the plot, with the dash patterns
      cursor: {
        y: false,
        drag: { x: false, y: false, setScale: false },
        points: { size: 7, width: 2 },
      },
      scales: {
        x: {
          time: false,
          range: (u, min, max) => (min == null ? [null, null] : [min, Math.max(max, min + 1)]),
        },
        error: { range: fromZero(100) },
        mistakes: { range: fromZero(Infinity) },
      },
      series: [
        { label: 'Epoch' },
        ...CURVE_SERIES.map(({ label, scale, stroke, dash }) => ({
          label,
          scale,
          show: false, // until it has a value
          stroke,
          dash,
          width: 2,
          spanGaps: false,
          points: { size: 5, width: 1.5, fill: '#fff' },
        })),
      ],
      axes: [
        {
          ...axis,
          scale: 'x',
          label: 'Epoch',
          labelSize: 18,
          labelGap: 0,
          size: 26,
          space: 48,
          incrs: WHOLE_STEPS,
          grid: { stroke: GRID, width: 1 },
          values: record('x', countTick),
        },
        {
          ...axis,
          scale: 'error',
          side: 3,
          space: 28,
          size: fitLabels,
          grid: { stroke: GRID, width: 1, filter: notAtZero },
          values: record('error', percentTick),
        },
        {
          ...axis,
          scale: 'mistakes',
          side: 1,
          space: 28,
          size: fitLabels,
          stroke: CURVE_SERIES[2].stroke, // its ticks in the line's colour (5.6:1 on white)
          incrs: WHOLE_STEPS,
          grid: { show: false, stroke: GRID, width: 1, filter: notAtZero }, // shown without errors
          values: record('mistakes', countTick),
        },
      ],
      hooks: { setCursor: [(u) => this.#showValues(u.cursor.idx)] },
    };
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

  // Reads the pending history into the columns and hands uPlot what to draw.
  #flush() {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    const history = this.#pending;
    this.#pending = null;
    if (!history || !this.#plot) return;
    const columns = this.#columns;
    if (!columns.read(history)) return; // the same epochs: nothing to redraw
    // uPlot's batch draws now rather than at the next microtask. The data goes first: a line
    // shown or hidden rescales its axis from the data there is at that moment. A line with no
    // value is hidden (its legend entry too; uPlot hides an axis left without a line).
    this.#plot.batch((u) => {
      u.setData(columns.drawn());
      columns.known.forEach((known, i) => {
        if (u.series[i + 1].show !== known > 0) u.setSeries(i + 1, { show: known > 0 });
      });
      // The mistakes' axis draws the horizontal grid when there is no error axis.
      u.axes[2].grid.show = !columns.known[0] && !columns.known[1];
    });
    this.#showState();
  }

  // The empty-state text, the accessible name and the legend's values (the latest epoch's).
  #showState() {
    const [epochs, train, validation, cumulative] = this.#columns.full;
    const n = epochs.length;
    this.#empty.hidden = n > 0;
    this.#columns.known.forEach((known, i) => (this.#items[i].item.hidden = known === 0));
    this.#epochCell.parentElement.hidden = n === 0;
    if (n === 0) {
      this.#area.setAttribute('aria-label', 'Learning curve: no finished epoch yet');
    } else {
      const parts = [`epoch ${count(epochs[n - 1])}`];
      if (train[n - 1] !== null) parts.push(`train error ${percentText(train[n - 1])}`);
      if (validation[n - 1] !== null) parts.push(`validation error ${percentText(validation[n - 1])}`);
      parts.push(mistakesText(cumulative[n - 1]));
      this.#area.setAttribute('aria-label', `Learning curve: ${parts.join(', ')}`);
    }
    this.#showValues(this.#plot?.cursor.idx);
  }

  // The legend's values at the cursor's point `idx` in the drawn data, or at the latest epoch.
  #showValues(idx) {
    const [epochs, ...lines] = this.#columns.full;
    const i = idx == null || idx < 0 ? epochs.length - 1 : this.#columns.fullIndex(idx);
    this.#epochCell.textContent = i >= 0 ? count(epochs[i]) : '';
    lines.forEach((line, k) => {
      const v = i >= 0 ? line[i] : null;
      this.#items[k].value.textContent = v === null ? '—' : k === 2 ? count(v) : percentText(v);
    });
  }
}
