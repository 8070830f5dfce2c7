// The trace as a table for lecture notes: traceMarkdown (a GitHub-flavoured Markdown table) and
// traceLatex (a booktabs tabular, numbers and vectors in math mode, optionally in a table with a
// caption and a label). Both take the package's step records (a fit's onStep or a trainer's
// steps, or the same as plain JSON) and write one row per step. Numbers are written with at
// most `digits` decimals, the same way everywhere (toFixed, trailing zeros dropped, never -0);
// text (string labels, feature names, headers, the caption) is escaped for the format.
// perceptron-wasm/course exports them (course/export-table.js); the page's Export control uses
// them on its trace (lecture-export.js).
import { describe } from '../shell/describe.js';

// The columns a record has, in their order: [key, Markdown header, LaTeX header].
const COLUMNS = [
  ['t', 't', '$t$'],
  ['epoch', 'epoch', 'epoch'],
  ['index', 'row', 'row'],
  ['x', 'x', '$\\mathbf{x}$'],
  ['label', 'label', '$y$'],
  ['score', 'score', 'score'],
  ['prediction', 'prediction', '$\\hat{y}$'],
  ['mistake', 'mistake', 'mistake'],
  ['weights', 'w', '$\\mathbf{w}$'],
  ['bias', 'b', '$b$'],
];
const COUNTS = new Set(['t', 'epoch', 'index']);
const MISTAKE_STYLES = ['column', 'bold', 'both', 'none'];
const OPTIONS = ['digits', 'columns', 'mistakes', 'mark', 'X', 'featureNames', 'headers', 'caption', 'trailingZeros'];

const MARKDOWN_SPECIAL = /[\\`*_|[\]<>&~$]/g;
const LATEX_SPECIAL = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};

/** Text as a Markdown table cell shows it: \ ` * _ | [ ] < > & ~ $ escaped, line breaks as spaces. */
export const escapeMarkdown = (text) =>
  String(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(MARKDOWN_SPECIAL, '\\$&');

/** Text as LaTeX typesets it in text mode: & % $ # _ { } ~ ^ \ < > | escaped, line breaks as spaces. */
export const escapeLatex = (text) =>
  String(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\&%$#_{}~^<>|]/g, (c) => LATEX_SPECIAL[c]);

// The two formats: how a number, a vector, text, a bold cell and the mark are written.
const FORMATS = {
  markdown: {
    name: 'traceMarkdown',
    text: escapeMarkdown,
    math: (s) => s,
    exponent: (mantissa, e) => `${mantissa}e${e < 0 ? '-' : '+'}${Math.abs(e)}`,
    nan: 'NaN',
    infinity: '∞',
    bold: (cell) => (cell === '' ? '' : `**${cell}**`),
    mark: '✗',
    header: 1,
  },
  latex: {
    name: 'traceLatex',
    text: escapeLatex,
    math: (s) => `$${s}$`,
    exponent: (mantissa, e) => `${mantissa} \\times 10^{${e}}`,
    nan: '\\mathrm{NaN}',
    infinity: '\\infty',
    bold: (cell) => (cell === '' ? '' : `\\bfseries\\boldmath ${cell}`),
    mark: '$\\times$',
    header: 2,
  },
};

/** `value` with at most `digits` decimals (toFixed), trailing zeros dropped unless kept; never '-0'. */
export function formatNumber(value, digits, format, trailingZeros = false) {
  if (Number.isNaN(value)) return format.nan;
  if (!Number.isFinite(value)) return `${value < 0 ? '-' : ''}${format.infinity}`;
  const strip = (s) => (trailingZeros || !s.includes('.') ? s : s.replace(/\.?0+$/, ''));
  if (Math.abs(value) >= 1e15) {
    const [mantissa, e] = value.toExponential(digits).split('e');
    return format.exponent(strip(mantissa), Number(e));
  }
  const text = strip(value.toFixed(digits));
  return Number(text) === 0 ? text.replace('-', '') : text;
}

const fail = (Error, where, message) => {
  throw new Error(`${where}: ${message}`);
};
const isLabel = (v) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v !== '');
const isNumbers = (v) =>
  (Array.isArray(v) || ArrayBuffer.isView(v)) &&
  Array.from(v).every((item) => typeof item === 'number' || isNumbers(item));

// options.X as rows of numbers: number[][] or the package's {data, rows, cols}.
function rowsOf(X, where) {
  if (Array.isArray(X)) {
    X.forEach((row, i) => {
      if (!isNumbers(row) || Array.from(row).some((v) => typeof v !== 'number')) {
        fail(TypeError, where, `options.X[${i}] must be an array of numbers; received ${describe(row)}`);
      }
    });
    return X.map((row) => Array.from(row));
  }
  const { data, rows, cols } = X ?? {};
  if (
    X === null ||
    typeof X !== 'object' ||
    !Number.isInteger(rows) ||
    !Number.isInteger(cols) ||
    data?.length !== rows * cols
  ) {
    fail(TypeError, where, `options.X must be an array of rows or {data, rows, cols}; received ${describe(X)}`);
  }
  return Array.from({ length: rows }, (_, r) => Array.from(data.slice(r * cols, (r + 1) * cols)));
}

// The field a column reads: score and bias are per class (scores, biases) in multi-class steps.
const PLURALS = { score: 'scores', bias: 'biases' };
const fieldOf = (record, key) =>
  record[key] !== undefined ? key : PLURALS[key] && record[PLURALS[key]] !== undefined ? PLURALS[key] : undefined;

// The options, checked, with their defaults.
function checkOptions(options, format, trace) {
  const where = format.name;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    fail(TypeError, where, `options must be an object; received ${describe(options)}`);
  }
  const known = format === FORMATS.latex ? [...OPTIONS, 'label'] : OPTIONS;
  for (const name of Object.keys(options)) {
    if (!known.includes(name))
      fail(RangeError, where, `unknown option ${JSON.stringify(name)}; known options are ${known.join(', ')}`);
  }
  const { digits = 3, mistakes = 'column', mark, X, featureNames, headers = {}, caption, label } = options;
  const trailingZeros = options.trailingZeros ?? false;
  if (typeof digits !== 'number')
    fail(TypeError, where, `options.digits must be a number; received ${describe(digits)}`);
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) {
    fail(RangeError, where, `options.digits must be an integer from 0 to 15; received ${digits}`);
  }
  if (!MISTAKE_STYLES.includes(mistakes)) {
    fail(
      RangeError,
      where,
      `options.mistakes must be one of ${MISTAKE_STYLES.map((s) => `'${s}'`).join(', ')}; received ${describe(mistakes)}`,
    );
  }
  for (const [name, value] of Object.entries({ mark, caption, label })) {
    if (value !== undefined && typeof value !== 'string') {
      fail(TypeError, where, `options.${name} must be a string; received ${describe(value)}`);
    }
  }
  if (label !== undefined && !/^[\w:.\-/+]+$/.test(label)) {
    fail(RangeError, where, `options.label must be letters, digits and : . - / + _ only; received ${describe(label)}`);
  }
  if (typeof trailingZeros !== 'boolean') {
    fail(TypeError, where, `options.trailingZeros must be a boolean; received ${describe(trailingZeros)}`);
  }
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) {
    fail(TypeError, where, `options.headers must be an object of column: text; received ${describe(headers)}`);
  }
  const rows = X === undefined ? null : rowsOf(X, where);
  const first = trace[0];
  const hasX = rows !== null || (first !== undefined && first.x !== undefined);
  if (featureNames !== undefined) {
    if (!Array.isArray(featureNames) || !featureNames.every((n) => typeof n === 'string')) {
      fail(TypeError, where, `options.featureNames must be an array of strings; received ${describe(featureNames)}`);
    }
  }
  let columns = options.columns;
  if (columns === undefined) {
    const has = (key) => first === undefined || (key === 'x' ? hasX : fieldOf(first, key) !== undefined);
    const marked = mistakes === 'column' || mistakes === 'both';
    columns = COLUMNS.map(([key]) => key).filter((key) =>
      key === 'mistake' ? marked && has(key) : key === 'x' ? hasX : has(key),
    );
  } else if (
    !Array.isArray(columns) ||
    columns.length === 0 ||
    !columns.every((c) => typeof c === 'string' && c !== '')
  ) {
    fail(TypeError, where, `options.columns must be a non-empty array of column names; received ${describe(columns)}`);
  } else {
    const twice = columns.find((c, i) => columns.indexOf(c) !== i);
    if (twice) fail(RangeError, where, `options.columns names ${JSON.stringify(twice)} twice`);
  }
  for (const name of Object.keys(headers)) {
    if (!columns.includes(name)) {
      fail(
        RangeError,
        where,
        `options.headers names ${JSON.stringify(name)}, which is not a column; the columns are ${columns.join(', ')}`,
      );
    }
    if (typeof headers[name] !== 'string') {
      fail(TypeError, where, `options.headers.${name} must be a string; received ${describe(headers[name])}`);
    }
  }
  if (columns.includes('x') && !hasX && trace.length > 0) {
    fail(
      RangeError,
      where,
      "column 'x' needs options.X (the rows of the features) or records with x; trace[0] has no x",
    );
  }
  return { digits, mistakes, mark, rows, featureNames, headers, caption, label, columns, trailingZeros };
}

// A record's value for a column, checked: a RangeError names the record and the field.
function valueOf(record, i, key, o, where) {
  if (key === 'x') {
    const x = record.x ?? o.rows?.[record.index];
    if (
      record.x === undefined &&
      o.rows &&
      !(Number.isInteger(record.index) && record.index >= 0 && record.index < o.rows.length)
    ) {
      fail(RangeError, where, `trace[${i}].index is ${describe(record.index)}; options.X has ${o.rows.length} rows`);
    }
    if (!isNumbers(x)) fail(TypeError, where, `trace[${i}].x must be an array of numbers; received ${describe(x)}`);
    if (o.featureNames && x.length !== o.featureNames.length) {
      fail(
        RangeError,
        where,
        `options.featureNames has ${o.featureNames.length} names; trace[${i}]'s x has ${x.length} features`,
      );
    }
    return Array.from(x);
  }
  const field = fieldOf(record, key) ?? key;
  const value = record[field];
  const ok = COUNTS.has(key)
    ? Number.isInteger(value) && value >= 0
    : key === 'label' || key === 'prediction'
      ? isLabel(value)
      : key === 'mistake'
        ? typeof value === 'boolean'
        : ['score', 'weights', 'bias'].includes(key)
          ? typeof value === 'number' || isNumbers(value)
          : typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' || isNumbers(value);
  if (!ok) {
    const expected = COUNTS.has(key)
      ? 'an integer >= 0'
      : key === 'label' || key === 'prediction'
        ? 'a label (a finite number or a non-empty string)'
        : key === 'mistake'
          ? 'a boolean'
          : 'a number or an array of numbers';
    fail(
      value === undefined ? RangeError : TypeError,
      where,
      `trace[${i}].${field} must be ${expected}; received ${describe(value)}`,
    );
  }
  return value;
}

// One value as a cell's text.
function cellOf(value, key, format, o) {
  const number = (v) => formatNumber(v, o.digits, format, o.trailingZeros);
  const inner = (v) => (typeof v === 'number' ? number(v) : `(${Array.from(v, inner).join(', ')})`);
  if (key === 'mistake') return value ? (o.mark === undefined ? format.mark : format.text(o.mark)) : '';
  if (COUNTS.has(key)) return String(value);
  // Labels are classes, not measurements: as given (-0 as 0).
  if ((key === 'label' || key === 'prediction') && typeof value === 'number') return format.math(String(value + 0));
  if (typeof value === 'string') return format.text(value);
  if (typeof value === 'boolean') return format.text(String(value));
  return format.math(inner(value));
}

// The table in a format: {columns: [{key, header, align ('l', 'c' or 'r')}], rows: [[cell]],
// caption, label}.
function tableOf(trace, options, format) {
  const where = format.name;
  if (!Array.isArray(trace))
    fail(TypeError, where, `trace must be an array of step records; received ${describe(trace)}`);
  trace.forEach((record, i) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      fail(TypeError, where, `trace[${i}] must be a step record (an object); received ${describe(record)}`);
    }
  });
  const o = checkOptions(options, format, trace);
  const header = (key) => {
    if (o.headers[key] !== undefined) return format.text(o.headers[key]);
    const known = COLUMNS.find(([k]) => k === key);
    return known ? known[format.header] : format.text(key);
  };
  const columns = [];
  const values = []; // per column: (record, i) => its value
  for (const key of o.columns) {
    if (key === 'x' && o.featureNames) {
      o.featureNames.forEach((name, j) => {
        columns.push({ key: 'feature', header: format.text(name), align: 'r' });
        values.push((record, i) => valueOf(record, i, 'x', o, where)[j]);
      });
      continue;
    }
    const align = key === 'mistake' ? 'c' : key === 'x' || key === 'weights' ? 'l' : 'r';
    columns.push({ key, header: header(key), align });
    values.push((record, i) => valueOf(record, i, key, o, where));
  }
  const bold = o.mistakes === 'bold' || o.mistakes === 'both';
  const rows = trace.map((record, i) => {
    if (bold) valueOf(record, i, 'mistake', o, where);
    const cells = columns.map((column, c) => {
      const value = values[c](record, i);
      if (typeof value === 'string' || typeof value === 'object') column.align = 'l'; // text, vectors
      return cellOf(value, column.key, format, o);
    });
    return bold && record.mistake ? cells.map(format.bold) : cells;
  });
  return { columns, rows, caption: o.caption, label: o.label };
}

const width = (text) => [...text].length;

/**
 * The trace as a GitHub-flavoured Markdown table: a header row, one row per record, cells
 * padded to their column's width; optionally a pandoc-style 'Table: caption' line after it.
 */
export function traceMarkdown(trace, options = {}) {
  const { columns, rows, caption } = tableOf(trace, options, FORMATS.markdown);
  const widths = columns.map((column, c) => Math.max(3, width(column.header), ...rows.map((row) => width(row[c]))));
  const pad = (text, c) => {
    const gap = widths[c] - width(text);
    const align = columns[c].align;
    if (align === 'r') return ' '.repeat(gap) + text;
    if (align === 'c') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(Math.ceil(gap / 2));
    return text + ' '.repeat(gap);
  };
  const line = (cells) => `| ${cells.map(pad).join(' | ')} |`;
  const rule = columns.map(({ align }, c) => {
    const w = widths[c];
    return align === 'r' ? `${'-'.repeat(w - 1)}:` : align === 'c' ? `:${'-'.repeat(w - 2)}:` : '-'.repeat(w);
  });
  const lines = [line(columns.map((column) => column.header)), `| ${rule.join(' | ')} |`, ...rows.map(line)];
  if (caption !== undefined) lines.push('', `Table: ${escapeMarkdown(caption)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The trace as a LaTeX booktabs tabular (\toprule, \midrule, \bottomrule; needs
 * \usepackage{booktabs}), inside a table environment with \caption and \label when either is
 * given.
 */
export function traceLatex(trace, options = {}) {
  const { columns, rows, caption, label } = tableOf(trace, options, FORMATS.latex);
  // Cells between ' & ' (an empty one as '&' alone), the row ended by \\.
  const line = (cells) =>
    `${cells.map((cell, c) => (c === 0 ? cell : cell === '' ? ' &' : ` & ${cell}`)).join('')} \\\\`;
  const body = [
    `\\begin{tabular}{${columns.map((column) => column.align).join('')}}`,
    '\\toprule',
    line(columns.map((column) => column.header)),
    '\\midrule',
    ...rows.map(line),
    '\\bottomrule',
    '\\end{tabular}',
  ];
  if (caption === undefined && label === undefined) return `${body.join('\n')}\n`;
  const lines = ['\\begin{table}[htbp]', '\\centering'];
  if (caption !== undefined) lines.push(`\\caption{${escapeLatex(caption)}}`);
  if (label !== undefined) lines.push(`\\label{${label}}`);
  return `${[...lines, ...body, '\\end{table}'].join('\n')}\n`;
}
