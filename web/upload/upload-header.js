// The upload panel's header guess for text files (upload-read.js's previewOf): pure, so that it
// is tested in Node (tests/js/upload-preview.test.mjs).

// Whether a file whose columns are all text starts with a header anyway: the library can tell a
// header only by numbers below it, so "label,text" over documents reads as a row. It is a header
// when each first cell is one short name and some column's cells below it are documents (on
// average at least 25 characters, with spaces).
export function namesOverText(preview) {
  const [first, ...rest] = preview.rows;
  if (!first || rest.length === 0 || !first.every((cell) => /^[\p{L}_][\p{L}\p{N}_.-]{0,31}$/u.test(cell)))
    return false;
  return first.some((_, j) => {
    const cells = rest.map((row) => row[j] ?? '');
    const mean = cells.reduce((n, cell) => n + cell.length, 0) / cells.length;
    return mean >= 25 && cells.some((cell) => /\s/.test(cell));
  });
}
