// The table named Trace: one line per training step (t, epoch, row, x, label, score, prediction,
// mistake, w, b, and each kind's own numbers), as the package's trainer or fit's onStep records
// it, exportable as CSV at full precision. Virtual scrolling: the rows live in a ring buffer (the
// last maxRows, trace-rows.js), and only the rows in view (plus a few) are in the DOM, between two
// spacer rows whose heights stand for the others; every row has the same height.
// Builds everything inside the container it is given (no document-wide lookups, no shared
// state between instances); data (labels, feature names) is only ever set as text.
import { formatCount as count } from '../shell/format.js';
import { KINDS, columnsFor, csvHeaderLine, csvLine } from './trace-columns.js';
import { TraceRows } from './trace-rows.js';
import { download } from '../export/download.js';

const OVERSCAN = 8; // rows rendered above and below the viewport
const DEFAULT_ROW_HEIGHT = 28; // px; trace.css gives the rows this height, and render() measures it

let instances = 0;

export class TraceTable {
  #doc;
  #root;
  #countLine;
  #exportButton;
  #scroll;
  #table;
  #colgroup;
  #headRow;
  #tbody;
  #topSpacer;
  #bottomSpacer;
  #note;
  #pool = []; // the <tr>s in view, in order
  #rows;
  #ctx = { kind: 'Perceptron', featureNames: null, classes: null, d: 0, K: 0, perClass: false, binary: false };
  #columns = [];
  #rowHeight = DEFAULT_ROW_HEIGHT;
  #follow = true; // keep the newest row in view (the user is at the bottom)
  #scheduled = false;
  #rendered = { first: 0, last: 0, version: -1 }; // the rows in the DOM, and for which content
  #version = 0; // bumped when a row's place no longer holds the same step (reset, clear, drops)
  #measured = false;

  /**
   * @param container an empty element to build the table in
   * @param options {maxRows = 100_000}: past it, the oldest rows are dropped
   */
  constructor(container, options = {}) {
    const { maxRows = 100_000 } = options;
    if (!Number.isSafeInteger(maxRows) || maxRows < 1) {
      throw new RangeError(`TraceTable: maxRows must be an integer >= 1; received ${String(maxRows)}`);
    }
    this.#rows = new TraceRows(maxRows);
    this.#doc = container.ownerDocument;
    const id = `trace-${++instances}`;
    const el = (tag, className, text) => {
      const node = this.#doc.createElement(tag);
      if (className) node.className = className;
      if (text !== undefined) node.textContent = text;
      return node;
    };

    this.#root = el('div', 'trace');
    const bar = el('div', 'trace-bar');
    this.#countLine = el('p', 'trace-count');
    this.#countLine.id = `${id}-count`;
    this.#exportButton = el('button', 'trace-export', 'Export trace as CSV');
    this.#exportButton.type = 'button';
    this.#exportButton.addEventListener('click', () => this.#download());
    bar.append(this.#countLine, this.#exportButton);

    this.#scroll = el('div', 'trace-scroll');
    this.#scroll.tabIndex = 0;
    this.#scroll.setAttribute('role', 'region');
    this.#scroll.setAttribute('aria-label', 'Trace');
    this.#scroll.setAttribute('aria-describedby', this.#countLine.id);
    this.#table = el('table', 'trace-table');
    const caption = el('caption', 'trace-caption', 'Trace');
    this.#colgroup = el('colgroup');
    const thead = el('thead');
    this.#headRow = el('tr');
    thead.append(this.#headRow);
    this.#tbody = el('tbody');
    this.#topSpacer = this.#spacer(el);
    this.#bottomSpacer = this.#spacer(el);
    this.#tbody.append(this.#topSpacer, this.#bottomSpacer);
    this.#table.append(caption, this.#colgroup, thead, this.#tbody);
    this.#scroll.append(this.#table);
    this.#note = el('p', 'trace-note');
    this.#root.append(bar, this.#scroll, this.#note);
    container.append(this.#root);

    this.#scroll.addEventListener(
      'scroll',
      () => {
        const s = this.#scroll;
        this.#follow = s.scrollTop + s.clientHeight >= s.scrollHeight - this.#rowHeight / 2;
        this.#schedule();
      },
      { passive: true },
    );
    new ResizeObserver(() => this.#schedule()).observe(this.#scroll);
    this.reset({ kind: 'Perceptron' });
  }

  /**
   * Empties the table and sets its columns for a model kind.
   * @param kind 'Perceptron' | 'MulticlassPerceptron' | 'KernelPerceptron' | 'Winnow' | 'PassiveAggressive'
   * @param featureNames one name per feature (default: x1, x2, ... from the first row)
   * @param classes the model's classes, sorted as the package sorts them (default: from the steps)
   */
  reset({ kind, featureNames, classes } = {}) {
    if (!KINDS.includes(kind)) {
      throw new RangeError(`TraceTable.reset: kind must be one of ${KINDS.join(', ')}; received ${String(kind)}`);
    }
    if (featureNames != null && !Array.isArray(featureNames)) {
      throw new TypeError('TraceTable.reset: featureNames must be an array of strings');
    }
    if (classes != null && !Array.isArray(classes)) {
      throw new TypeError('TraceTable.reset: classes must be an array of labels');
    }
    const K = classes?.length ?? 0;
    this.#ctx = {
      kind,
      featureNames: featureNames ? featureNames.map(String) : null,
      classes: classes ? [...classes] : null,
      d: featureNames?.length ?? 0,
      K,
      perClass: kind === 'MulticlassPerceptron' || (kind === 'PassiveAggressive' && K > 2),
      binary: false, // ovr/ovo steps: a binary model's, learned from the first row
    };
    this.#rebuildColumns();
    this.clear();
  }

  /**
   * Appends steps in order. rows: [{step, x}] with step exactly as the trainer's step() or fit's
   * onStep gave it and x the example's features (number[] or a typed array). A step that does not
   * carry a field (the kernel perceptron's, Winnow's and Passive-Aggressive's have no weights)
   * takes it from the row when given: label, score, prediction, weights, bias, threshold. The
   * rows are kept by reference. A bad row throws and appends nothing.
   */
  append(rows) {
    if (!Array.isArray(rows)) throw new TypeError('TraceTable.append: rows must be an array of {step, x}');
    const n = rows.length;
    if (n === 0) return;
    const d = this.#ctx.d || rows[0]?.x?.length;
    for (let i = 0; i < n; i++) {
      const row = rows[i];
      // x null: the features are not on the page (data kept in the worker): shown as '—'.
      if (typeof row?.step?.t !== 'number' || (row.x !== null && typeof row.x?.length !== 'number')) {
        throw new TypeError(
          `TraceTable.append: rows[${i}] must be {step, x} with step.t a number and x an array or null`,
        );
      }
      if (row.x !== null && row.x.length !== d) {
        throw new RangeError(`TraceTable.append: rows[${i}].x has ${row.x.length} values; the table has ${d} features`);
      }
    }
    if (this.#rows.total === 0) this.#learnShape(rows[0], d);
    if (this.#rows.append(rows)) this.#version++; // rows dropped: every place holds another step
    this.#changed();
  }

  /** Removes every row (the columns stay). */
  clear() {
    this.#rows.clear();
    this.#follow = true;
    this.#scroll.scrollTop = 0;
    this.#version++;
    this.#changed();
  }

  /** The number of rows held (at most maxRows). */
  get length() {
    return this.#rows.length;
  }

  /** The rows held, oldest first: [{step, x}] as appended (the records kept by reference). */
  rows() {
    return Array.from({ length: this.length }, (_, i) => this.#rows.at(i));
  }

  /** The CSV text: a header line and one line per held row, CRLF-terminated (RFC 4180). */
  toCsv() {
    const lines = new Array(this.length + 1);
    lines[0] = csvHeaderLine(this.#columns);
    for (let i = 0; i < this.length; i++) lines[i + 1] = csvLine(this.#columns, this.#rows.at(i));
    return `${lines.join('\r\n')}\r\n`;
  }

  #spacer(el) {
    const tr = el('tr', 'trace-spacer');
    tr.setAttribute('aria-hidden', 'true');
    tr.append(el('td'));
    tr.hidden = true;
    return tr;
  }

  // The first rows tell what reset could not: the number of features and of per-class vectors,
  // and whether the steps are a binary model's (ovr/ovo).
  #learnShape(row, d) {
    const ctx = this.#ctx;
    const step = row.step;
    let changed = ctx.d !== d || ctx.binary !== (step.model !== undefined);
    ctx.d = d;
    ctx.binary = step.model !== undefined;
    const perClassData = Array.isArray(step.scores ?? row.scores) || Array.isArray((step.weights ?? row.weights)?.[0]);
    if (ctx.kind === 'PassiveAggressive' && ctx.classes === null && perClassData !== ctx.perClass) {
      ctx.perClass = perClassData;
      changed = true;
    }
    if (ctx.perClass && ctx.K === 0) {
      ctx.K = (step.scores ?? row.scores ?? step.weights ?? row.weights ?? []).length;
      changed = true;
    }
    if (changed) this.#rebuildColumns();
  }

  #rebuildColumns() {
    const ctx = this.#ctx;
    this.#columns = columnsFor(ctx);
    const el = (tag) => this.#doc.createElement(tag);
    this.#colgroup.replaceChildren();
    this.#headRow.replaceChildren();
    let widthCh = 0;
    for (const column of this.#columns) {
      const col = el('col');
      col.className = `trace-col-${column.key}`;
      col.style.width = `calc(${column.width}ch + 1rem)`;
      widthCh += column.width;
      this.#colgroup.append(col);
      const th = el('th');
      th.scope = 'col';
      th.className = `trace-h-${column.key}`;
      th.textContent = column.name;
      th.title = column.title;
      this.#headRow.append(th);
    }
    this.#table.style.width = `calc(${widthCh}ch + ${this.#columns.length}rem)`;
    this.#topSpacer.firstChild.colSpan = this.#columns.length;
    this.#bottomSpacer.firstChild.colSpan = this.#columns.length;
    for (const tr of this.#pool) tr.remove();
    this.#pool = [];

    const notes = [];
    if (ctx.perClass && ctx.K > 0) {
      const names = Array.from({ length: ctx.K }, (_, k) => `${k + 1} = ${String(ctx.classes?.[k] ?? k + 1)}`);
      notes.push(`Classes: ${names.join(', ')}.`);
    }
    if (ctx.kind === 'KernelPerceptron') {
      notes.push('Δα: no weight vector; a mistake on row i adds η·y to its dual coefficient αᵢ.');
    }
    if (ctx.kind === 'Winnow') notes.push('θ: the threshold (positive iff w·x ≥ θ); Winnow has no bias.');
    if (ctx.kind === 'PassiveAggressive') notes.push('loss: the hinge loss before the update; τ: the step size taken.');
    if (ctx.binary) {
      notes.push(
        'The binary models train one after the other: model names the one that stepped, its score decides its update; score and prediction are the whole model’s.',
      );
    }
    this.#note.textContent = notes.join(' ');
    this.#note.hidden = notes.length === 0;
    this.#version++;
  }

  #changed() {
    const n = this.length;
    this.#countLine.textContent =
      n === 0
        ? 'No steps yet'
        : n < this.#rows.total
          ? `Showing the last ${count(n)} of ${count(this.#rows.total)} steps`
          : `${count(n)} step${n === 1 ? '' : 's'}`;
    this.#exportButton.disabled = n === 0;
    this.#table.setAttribute('aria-rowcount', String(n + 1));
    this.#schedule();
  }

  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    requestAnimationFrame(() => this.#render());
  }

  // Puts the rows in view (and OVERSCAN more each side) between the spacers.
  #render() {
    this.#scheduled = false;
    const n = this.length;
    const s = this.#scroll;
    const rowH = this.#rowHeight;
    const viewport = s.clientHeight;
    const headH = this.#headRow.offsetHeight;
    const visible = viewport > 0 ? Math.ceil(viewport / rowH) + 1 : 20;
    const top = this.#follow ? Math.max(0, headH + n * rowH - viewport) : s.scrollTop;
    const first = Math.max(0, Math.min(n - visible - OVERSCAN, Math.floor((top - headH) / rowH) - OVERSCAN));
    const last = Math.min(n, first + visible + 2 * OVERSCAN);
    const r = this.#rendered;
    if (r.first !== first || r.last !== last || r.version !== this.#version) {
      this.#fill(first, last);
      this.#rendered = { first, last, version: this.#version };
    }
    this.#setSpacer(this.#topSpacer, first * rowH);
    this.#setSpacer(this.#bottomSpacer, (n - last) * rowH);
    if (this.#follow && n > 0) s.scrollTop = s.scrollHeight;
    // The rows' real height (fonts, zoom), measured once: rendered again if it is not the CSS's.
    if (!this.#measured && this.#pool.length > 0) {
      const measured = this.#pool[0].getBoundingClientRect().height;
      if (measured > 0) {
        this.#measured = true;
        if (Math.abs(measured - rowH) > 0.01) {
          this.#rowHeight = measured;
          this.#schedule();
        }
      }
    }
  }

  // The rows first..last-1 in the DOM: those already there stay (a scroll by a few rows fills only
  // the rows that came into view), the others are reused or made.
  #fill(first, last) {
    const r = this.#rendered;
    const valid = r.version === this.#version;
    const keepFrom = valid ? Math.max(first, r.first) : 0;
    const keepTo = valid ? Math.min(last, r.last) : 0;
    const pool = new Array(last - first);
    const free = [];
    this.#pool.forEach((tr, i) => {
      const at = r.first + i;
      if (at >= keepFrom && at < keepTo) pool[at - first] = tr;
      else free.push(tr);
    });
    const beforeKept = keepTo > keepFrom ? pool[keepFrom - first] : this.#bottomSpacer;
    for (let at = first; at < last; at++) {
      if (at >= keepFrom && at < keepTo) continue;
      const tr = free.pop() ?? this.#newRow();
      this.#fillRow(tr, at);
      this.#tbody.insertBefore(tr, at < keepFrom ? beforeKept : this.#bottomSpacer);
      pool[at - first] = tr;
    }
    for (const tr of free) tr.remove();
    this.#pool = pool;
  }

  #newRow() {
    const tr = this.#doc.createElement('tr');
    tr.className = 'trace-row';
    for (const column of this.#columns) {
      const td = this.#doc.createElement('td');
      td.className = `trace-c-${column.key}`;
      tr.append(td);
    }
    return tr;
  }

  #fillRow(tr, at) {
    const row = this.#rows.at(at);
    const columns = this.#columns;
    tr.setAttribute('aria-rowindex', String(at + 2));
    tr.classList.toggle('trace-mistake', Boolean(row.step.mistake));
    const cells = tr.children;
    for (let c = 0; c < columns.length; c++) {
      const text = columns[c].text(row);
      cells[c].textContent = text;
      cells[c].title = text.length > columns[c].width ? text : '';
    }
  }

  #setSpacer(tr, height) {
    tr.hidden = height === 0;
    tr.firstChild.style.height = `${height}px`;
  }

  #download() {
    if (this.length > 0) download(this.#root, 'trace.csv', this.toCsv(), 'text/csv;charset=utf-8');
  }
}
