// The upload panel's header guess for text files (web/upload/upload-header.js, used by
// upload-read.js's previewOf): the library tells a header only by numbers below it, so a file of
// a label and a text column reads its "label,text" line as a row; the page takes it as a header
// when its cells are names over documents.
//   node --test tests/js/upload-preview.test.mjs
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pw } from './helpers.mjs';
import { namesOverText } from '../../web/upload/upload-header.js';

const DOCUMENTS = [
  'label,text',
  'spam,win a free prize now by calling this number today',
  'ham,are we still meeting for lunch at noon tomorrow',
  'spam,cheap offers on everything you never needed at all',
];
const preview = (lines) => pw.csv.preview(`${lines.join('\n')}\n`, { maxRows: 200 });

describe('upload header guess', () => {
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
