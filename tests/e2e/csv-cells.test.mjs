// The page's CSV cells (web/shell/csv.js, issue 25, item 7), in Node: text a spreadsheet would run as
// a formula is written with a quote in front and quoted, numbers are left as they are, and
// reading takes the quote off again, so that every text comes back exactly.
//   node --test tests/e2e/csv-cells.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvCellText, csvNumber, csvText, csvValue } from '../../web/shell/csv.js';

test('a text that starts a formula gets a quote in front and is quoted', () => {
  assert.equal(csvText('=1+1'), `"'=1+1"`);
  assert.equal(csvText('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
  assert.equal(csvText('@SUM(A1)'), `"'@SUM(A1)"`);
  assert.equal(csvText('+x'), `"'+x"`);
  assert.equal(csvText('-x'), `"'-x"`);
  assert.equal(csvText('\tx'), `"'\tx"`);
  assert.equal(csvText('\rx'), `"'\rx"`);
  assert.equal(csvText('=col'), `"'=col"`);
  assert.equal(csvText('-Infinity'), `"'-Infinity"`);
  // Already a quote before a formula's start: one more, so that reading gives it back.
  assert.equal(csvText("'=y"), `"''=y"`);
  assert.equal(csvText("''@y"), `"'''@y"`);
});

test('numbers and other texts are written as they are (RFC 4180 quoting only)', () => {
  for (const text of ['-1', '+2', '-0.5', '1e-3', '-1E+5', '+.5', '-7.', 'setosa', "'quoted", "it's", 'a=b', 'x-1']) {
    assert.equal(csvText(text), text);
  }
  assert.equal(csvText('a,b'), '"a,b"');
  assert.equal(csvText('say "hi"'), '"say ""hi"""');
  assert.equal(csvText(' edge'), '" edge"');
  assert.equal(csvText('two\nlines'), '"two\nlines"');
  assert.equal(csvNumber(-1), '-1');
  assert.equal(csvNumber(-0), '-0');
  assert.equal(csvNumber(0.1 + 0.2), '0.30000000000000004');
  assert.equal(csvNumber(undefined), '');
  assert.equal(csvValue(-1), '-1');
  assert.equal(csvValue('=1'), `"'=1"`);
  assert.equal(csvValue(null), '');
});

test('reading takes off exactly the quote writing added: every text comes back', () => {
  const texts = ['=1+1', '@x', '-1', '+x', "'=y", "''=y", "'''+z", "'", "''", "'x", "it's", '-', '=', '\t', '\r\n', ''];
  for (const text of texts) {
    // The cell as a CSV reader gives it: the field without its RFC 4180 quotes.
    const field = csvText(text);
    const cell = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
    assert.equal(csvCellText(cell), text, JSON.stringify(text));
  }
  assert.equal(csvCellText("'=1+1"), '=1+1');
  assert.equal(csvCellText("'x"), "'x");
  assert.equal(csvCellText(-1), -1, 'a number read as a number stays one');
});
