// The upload panel's guesses for a file of documents (pure, tested in Node by
// tests/js/upload-text.test.mjs): which column holds them (upload-picker.js), and whether the
// first line names the columns (upload-read.js's previewOf), which the library can tell only by
// numbers below it, so "label,text" over documents reads as a row.

/** Cells this long on average make a column of distinct cells documents. */
export const TEXT_CELL_LENGTH = 25;

// The mean length of cells, when they read as documents: long on average, some with spaces,
// and mostly distinct (a column of a few long values is a label).
function documentLength(cells) {
  if (cells.length === 0) return 0;
  const mean = cells.reduce((n, cell) => n + cell.length, 0) / cells.length;
  const distinct = new Set(cells).size;
  const documents = mean >= TEXT_CELL_LENGTH && cells.some((cell) => /\s/.test(cell));
  return documents && distinct > 2 && distinct * 2 >= cells.length ? mean : 0;
}

/** The column of documents: the non-numeric one whose cells are the longest documents; else -1. */
export function guessTextColumn(preview) {
  let best = -1;
  let longest = 0;
  for (const column of preview.columns) {
    if (column.numeric) continue;
    const mean = documentLength(preview.rows.map((row) => row[column.index] ?? ''));
    if (mean > longest) [best, longest] = [column.index, mean];
  }
  return best;
}

/** Whether a preview read without a header starts with one: short names over a column of documents. */
export function namesOverText(preview) {
  const [first, ...rest] = preview.rows;
  if (!first || !first.every((cell) => /^[\p{L}_][\p{L}\p{N}_.-]{0,31}$/u.test(cell))) return false;
  return first.some((_, j) => documentLength(rest.map((row) => row[j] ?? '')) > 0);
}
