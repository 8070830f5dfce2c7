// CSV cells as the page writes them (the trace and points exports) and reads them back (an
// upload): RFC 4180 quoting, and text that a spreadsheet would run as a formula kept as text.
// Imports nothing (the trace table and Node tests load it alone).
//
// OWASP's advice on CSV injection: a text cell that starts with =, +, -, @, tab or carriage
// return gets a single quote in front, and is quoted. Numbers are left alone (-1, +2, 1e-3 read
// as numbers, not formulas). So that export then import gives back the exact text, the quote is
// taken off again on reading (csvCellText), and a text that already starts with quotes before one
// of those characters ("'=y") gets one more on writing: writing adds exactly one quote to every
// text matching /^'*[=+\-@\t\r]/ and reading removes exactly one from every cell matching
// /^'+[=+\-@\t\r]/, which undoes it. A cell of another tool's file that starts with ' before one
// of those characters therefore loses that quote too, as a spreadsheet would show it.

const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;
// A decimal number as the package's CSV reader and a spreadsheet read it: left as it is.
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// RFC 4180 quotes a field with a comma, a quote, CR or LF; edge spaces are kept by quoting too.
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A number as CSV text that reads back (Number()) to the same double, -0 included; '' when absent. */
export const csvNumber = (v) => (typeof v !== 'number' ? '' : Object.is(v, -0) ? '-0' : String(v));

/** A text cell: quoted when RFC 4180 needs it, and a formula's start neutralised (see above). */
export function csvText(text) {
  let s = String(text);
  const formula = FORMULA_START.test(s) && !NUMBER.test(s);
  if (formula) s = `'${s}`;
  return formula || NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A label or other value: a number as csvNumber writes it, text as csvText, '' when absent. */
export const csvValue = (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? csvNumber(v) : csvText(v));

/** A text cell as the page read it from a CSV file, the quote csvText added taken off. */
export const csvCellText = (cell) => (typeof cell === 'string' && ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell);
