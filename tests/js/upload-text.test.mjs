// The upload panel's guesses for a file of documents (web/upload/upload-text.js): the column of
// documents, and a header the library cannot tell (it tells one only by numbers below it, so a
// file of a label and a text column reads its "label,text" line as a row).
//   node --test tests/js/upload-text.test.mjs
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pw } from './helpers.mjs';
import { guessTextColumn, namesOverText } from '../../web/upload/upload-text.js';

const DOCUMENTS = [
  'label,text',
  'spam,win a free prize now by calling this number today',
  'ham,are we still meeting for lunch at noon tomorrow',
  'spam,cheap offers on everything you never needed at all',
];
const preview = (lines) => pw.csv.preview(`${lines.join('\n')}\n`, { maxRows: 200 });

describe('upload text guesses', () => {
  it('the column of documents: long, spaced and mostly distinct cells; a few long values are a label', () => {
    const read = pw.csv.preview(`${DOCUMENTS.join('\n')}\n`, { maxRows: 200, header: true });
    assert.equal(guessTextColumn(read), 1);
    const label = '<b>a long label value, with spaces</b>';
    const twoValues = pw.csv.preview(`x,y,c\n1,2,${label}\n3,4,other\n5,6,${label}\n`, { maxRows: 200 });
    assert.equal(guessTextColumn(twoValues), -1);
    const short = pw.csv.preview('x,c\n1,ham\n2,spam\n3,eggs\n', { maxRows: 200 });
    assert.equal(guessTextColumn(short), -1);
  });

  it('the library reads names over documents as a row; the page takes them as a header', () => {
    const read = preview(DOCUMENTS);
    assert.equal(read.header, null);
    assert.deepEqual(read.rows[0], ['label', 'text']);
    assert.equal(namesOverText(read), true);
  });

  it('short words, a document first, or names over short cells stay rows', () => {
    assert.equal(namesOverText(preview(['a,b', 'c,d', 'e,f'])), false);
    assert.equal(namesOverText(preview(DOCUMENTS.slice(1))), false);
    assert.equal(namesOverText(preview(['label,text', 'spam,cheap', 'ham,lunch'])), false);
    assert.equal(namesOverText(preview(['label,text'])), false);
  });
});
