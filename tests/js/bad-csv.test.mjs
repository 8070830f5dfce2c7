// Bad input for CSV: Dataset.fromCsv, pw.csv.parse and pw.csv.preview (a table: the class, a
// message naming the option or argument, the line and column of a file error, and no wasm memory
// kept), and Dataset.fromStream's bad sources, options and streams (plain async tests).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { badInputTable } from './bad-input.mjs';
import { CRASH, pw } from './helpers.mjs';

const fromCsv = (...args) => pw.Dataset.fromCsv(...args);
const parse = (...args) => pw.csv.parse(...args);
const preview = (...args) => pw.csv.preview(...args);
const bytes = (...values) => Uint8Array.from(values);
const latin1 = (text) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const GOOD = 'x,y,label\n1,2,a\n3,4,b\n';

// A CsvError's line and column, as its properties and in its message.
const at = (line, column) => new RegExp(`: line ${line}, column ${column}: `);

const cases = [
  // fromCsv: the input
  [
    'fromCsv a number',
    () => fromCsv(42),
    TypeError,
    /Dataset\.fromCsv: input must be a string, a Uint8Array or an ArrayBuffer; received 42/,
  ],
  ['fromCsv null', () => fromCsv(null), TypeError, /Dataset\.fromCsv: input must be/, /null/],
  ['fromCsv undefined', () => fromCsv(), TypeError, /Dataset\.fromCsv: input must be/, /undefined/],
  ['fromCsv an object', () => fromCsv({ text: GOOD }), TypeError, /Dataset\.fromCsv: input must be/, /an object/],
  ['fromCsv an array of lines', () => fromCsv(GOOD.split('\n')), TypeError, /Dataset\.fromCsv: input must be/],
  ['fromCsv a Blob', () => fromCsv(new Blob([GOOD])), TypeError, /Dataset\.fromCsv: input must be/],
  // fromCsv: the options
  ['fromCsv options a string', () => fromCsv(GOOD, ','), TypeError, /Dataset\.fromCsv: options must be a plain object/],
  ['fromCsv options null', () => fromCsv(GOOD, null), TypeError, /Dataset\.fromCsv: options must be a plain object/],
  [
    'fromCsv an unknown option',
    () => fromCsv(GOOD, { sep: ';' }),
    TypeError,
    /Dataset\.fromCsv: unknown option "sep"; known options are delimiter, header, label/,
  ],
  [
    'fromCsv a stream option (onProgress)',
    () => fromCsv(GOOD, { onProgress: () => {} }),
    TypeError,
    /Dataset\.fromCsv: unknown option "onProgress"/,
  ],
  [
    'fromCsv a parse option (maxRows)',
    () => fromCsv(GOOD, { maxRows: 1 }),
    TypeError,
    /Dataset\.fromCsv: unknown option "maxRows"/,
  ],
  [
    'fromCsv delimiter ":"',
    () => fromCsv(GOOD, { delimiter: ':' }),
    RangeError,
    /Dataset\.fromCsv: delimiter must be one of ",", ";", "\\t" or "\|"; received ":"/,
  ],
  ['fromCsv delimiter of two characters', () => fromCsv(GOOD, { delimiter: ',,' }), RangeError, /delimiter/, /",,"/],
  ['fromCsv delimiter empty', () => fromCsv(GOOD, { delimiter: '' }), RangeError, /Dataset\.fromCsv: .*delimiter/],
  ['fromCsv delimiter a quote', () => fromCsv(GOOD, { delimiter: '"' }), RangeError, /delimiter must be one of/],
  ['fromCsv delimiter a number', () => fromCsv(GOOD, { delimiter: 44 }), TypeError, /option delimiter/, /44/],
  ['fromCsv delimiter null', () => fromCsv(GOOD, { delimiter: null }), TypeError, /option delimiter/, /null/],
  ['fromCsv delimiter an array', () => fromCsv(GOOD, { delimiter: [','] }), TypeError, /option delimiter/],
  [
    'fromCsv header "yes"',
    () => fromCsv(GOOD, { header: 'yes' }),
    RangeError,
    /Dataset\.fromCsv: option header must be true, false or 'auto'; received the string "yes"/,
  ],
  ['fromCsv header 1', () => fromCsv(GOOD, { header: 1 }), TypeError, /option header/, /received 1/],
  ['fromCsv header null', () => fromCsv(GOOD, { header: null }), TypeError, /option header/, /null/],
  [
    'fromCsv label negative',
    () => fromCsv(GOOD, { label: -1 }),
    RangeError,
    /Dataset\.fromCsv: option label must be a column name \(string\) or a 0-based column index; received -1/,
  ],
  ['fromCsv label fractional', () => fromCsv(GOOD, { label: 1.5 }), RangeError, /option label/, /1\.5/],
  ['fromCsv label NaN', () => fromCsv(GOOD, { label: NaN }), RangeError, /option label/, /NaN/],
  ['fromCsv label an object', () => fromCsv(GOOD, { label: {} }), TypeError, /option label/, /an object/],
  ['fromCsv label true', () => fromCsv(GOOD, { label: true }), TypeError, /option label/, /true/],
  [
    'fromCsv label names no column',
    () => fromCsv(GOOD, { label: 'z' }),
    pw.CsvError,
    at(1, 1),
    /label names no column of the file \("z"\); the file has 3 columns: "x" "y" "label"/,
  ],
  [
    'fromCsv label index past the last column',
    () => fromCsv(GOOD, { label: 3 }),
    pw.CsvError,
    at(1, 1),
    /label names no column of the file/,
    /the file has 3 columns/,
  ],
  [
    'fromCsv label by name without a header',
    () => fromCsv('1,2,3\n4,5,6\n', { label: 'y', header: false }),
    pw.CsvError,
    at(1, 1),
    /label names no column/,
    /and no header/,
  ],
  [
    'fromCsv features empty',
    () => fromCsv(GOOD, { features: [] }),
    TypeError,
    /Dataset\.fromCsv: option features must be a non-empty array of column names or indices/,
  ],
  ['fromCsv features a string', () => fromCsv(GOOD, { features: 'x' }), TypeError, /option features/],
  ['fromCsv features [null]', () => fromCsv(GOOD, { features: [null] }), TypeError, /features\[0\] must be a column/],
  ['fromCsv features [0, -1]', () => fromCsv(GOOD, { features: [0, -1] }), RangeError, /features\[1\] must be/, /-1/],
  [
    'fromCsv features with a hole',
    () => fromCsv(GOOD, { features: [, 1] }),
    TypeError,
    /Dataset\.fromCsv: option features\[0\] must be a column name \(string\) or a 0-based column index; received undefined$/,
  ],
  [
    'fromCsv features naming no column',
    () => fromCsv(GOOD, { features: ['x', 'w'] }),
    pw.CsvError,
    at(1, 1),
    /features\[1\] names no column of the file \("w"\)/,
  ],
  [
    'fromCsv features naming the label',
    () => fromCsv(GOOD, { features: ['x', 'label'] }),
    pw.CsvError,
    at(1, 3),
    /features\[1\] names column 3 .*which is the label/,
  ],
  [
    'fromCsv features naming a column twice',
    () => fromCsv(GOOD, { features: [0, 'x'] }),
    pw.CsvError,
    at(1, 1),
    /features\[1\] names column 1 .*which is already a feature/,
  ],
  [
    'fromCsv missing "skip"',
    () => fromCsv(GOOD, { missing: 'skip' }),
    RangeError,
    /Dataset\.fromCsv: option missing must be 'error' or 'drop'; received the string "skip"/,
  ],
  ['fromCsv missing true', () => fromCsv(GOOD, { missing: true }), TypeError, /option missing/, /true/],
  [
    'fromCsv dtype int8',
    () => fromCsv(GOOD, { dtype: 'int8' }),
    RangeError,
    /Dataset\.fromCsv: option dtype must be 'float64' or 'float32'; received the string "int8"/,
  ],
  ['fromCsv dtype 32', () => fromCsv(GOOD, { dtype: 32 }), TypeError, /option dtype/, /32/],
  // fromCsv: the file
  [
    'an empty file',
    () => fromCsv(''),
    pw.CsvError,
    /^Dataset\.fromCsv: line 1, column 1: the file is empty; expected a header or rows of data$/,
  ],
  ['a file of blank lines', () => fromCsv('\n \r\n\t\n'), pw.CsvError, at(1, 1), /the file is empty/],
  ['a BOM alone', () => fromCsv(bytes(0xef, 0xbb, 0xbf)), pw.CsvError, at(1, 1), /the file is empty/],
  [
    'a header alone',
    () => fromCsv('x,y\n'),
    pw.CsvError,
    /^Dataset\.fromCsv: line 2, column 1: expected rows of data after the header, found the end of the file$/,
  ],
  ['a header alone after a BOM, no line end', () => fromCsv('\ufeffx,y'), pw.CsvError, at(2, 1), /expected rows/],
  [
    'a non-numeric cell',
    () => fromCsv('x,y,label\n1,2,a\n3,abc,b\n'),
    pw.CsvError,
    /^Dataset\.fromCsv: line 3, column 2: expected a number, found "abc"$/,
  ],
  ['a number with two points', () => fromCsv('x,y,l\n1.5.2,2,a\n'), pw.CsvError, at(2, 1), /expected a number/],
  ['Infinity', () => fromCsv('x,y,l\n1,2,a\n3,Infinity,b\n'), pw.CsvError, at(3, 2), /expected a finite number/],
  ['-Infinity', () => fromCsv('x,y,l\n-Infinity,2,a\n'), pw.CsvError, at(2, 1), /finite number, found "-Infinity"/],
  ['1e999', () => fromCsv('x,y,l\n1,1e999,a\n'), pw.CsvError, at(2, 2), /expected a finite number, found "1e999"/],
  [
    'NaN as a missing feature',
    () => fromCsv('x,y,l\n1,NaN,a\n'),
    pw.CsvError,
    at(2, 2),
    /missing value \("NaN"\); expected a number \(missing: 'drop' drops such rows\)/,
  ],
  ['an empty feature', () => fromCsv('x,y,l\n1,2,a\n,2,b\n'), pw.CsvError, at(3, 1), /missing value/],
  [
    'every row dropped for a missing value',
    () => fromCsv('x,y\nNA,1\n?,2\n', { missing: 'drop' }),
    pw.CsvError,
    at(2, 1),
    /every row \(2\) has a missing value and was dropped; expected at least one complete row/,
  ],
  [
    'header false with a text first row',
    () => fromCsv('a,b\nc,d\n', { header: false }),
    pw.CsvError,
    at(1, 1),
    /expected a number, found "a"/,
  ],
  [
    'a missing label',
    () => fromCsv('x,y,l\n1,2,a\n1,2,?\n'),
    pw.CsvError,
    at(3, 3),
    /missing label \("\?"\); expected a value/,
  ],
  [
    'a short row',
    () => fromCsv('x,y,label\n1,2,a\n3,4\n'),
    pw.CsvError,
    /^Dataset\.fromCsv: line 3, column 3: expected 3 fields \(as on line 1\), found 2$/,
  ],
  ['a long row', () => fromCsv('x,y,label\n1,2,a\n3,4,b,5\n'), pw.CsvError, at(3, 4), /expected 3 fields/, /found 4/],
  [
    'a short row after blank lines and CRLFs',
    () => fromCsv('x,y,l\r\n1,2,a\r\n\r\n\r\n3\r\n'),
    pw.CsvError,
    at(5, 2),
    /expected 3 fields \(as on line 1\), found 1/,
  ],
  ['an error on a CR-only line', () => fromCsv('x,y,l\r1,2,a\rq,2,b\r'), pw.CsvError, at(3, 1), /found "q"/],
  [
    'an error after a thousand rows',
    () => fromCsv('x,y\n' + '1,2\n'.repeat(1000) + 'z,1\n'),
    pw.CsvError,
    at(1002, 1),
    /expected a number, found "z"/,
  ],
  [
    'a duplicate column name',
    () => fromCsv('x,x,label\n1,2,a\n'),
    pw.CsvError,
    at(1, 2),
    /duplicate column name "x" \(also column 1\); expected distinct names/,
  ],
  [
    'an unterminated quote',
    () => fromCsv('x,y,label\n1,"2\n\n,a\n'),
    pw.CsvError,
    /^Dataset\.fromCsv: line 2, column 2: found a quoted field that is never closed \(its quote opens on this line\)$/,
  ],
  [
    'an unterminated quote in the header',
    () => fromCsv('x,"y,label\n1,2,a\n'),
    pw.CsvError,
    at(1, 2),
    /quoted field that is never closed/,
  ],
  [
    'text after a closing quote',
    () => fromCsv('x,y,l\n"1"x,2,a\n'),
    pw.CsvError,
    at(2, 1),
    /expected a delimiter or a line end after the closing quote/,
  ],
  [
    'a quoted field spanning lines, then a bad number',
    () => fromCsv('x,y,label\n"1\n2",3,a\n'),
    pw.CsvError,
    at(2, 1),
    /expected a number, found "1\n2"/,
  ],
  [
    'invalid UTF-8 in a label',
    () => fromCsv(latin1('x,y,label\n1,2,a\n\n\n4,5,\xff\n')),
    pw.CsvError,
    at(5, 3),
    /found invalid UTF-8 \(byte 0xFF\); expected UTF-8 text/,
  ],
  [
    'UTF-8 cut inside a character at the end',
    () => fromCsv(latin1('x,y,label\n1,2,caf\xc3')),
    pw.CsvError,
    at(2, 3),
    /the text ends inside a character/,
  ],
  ['a NUL byte', () => fromCsv(bytes(0x78, 0x2c, 0x79, 0x0a, 0x31, 0x00)), pw.CsvError, at(2, 1), /binary data/],
  ['a zip file', () => fromCsv(bytes(0x50, 0x4b, 3, 4, 0, 0)), pw.CsvError, at(1, 1), /binary data/],
  [
    'a single column (the label)',
    () => fromCsv('y\n1\n2\n'),
    pw.CsvError,
    at(1, 1),
    /expected at least one feature column; the file has 1 column, the label/,
  ],
  [
    'the wrong delimiter given',
    () => fromCsv('a;b\n1;2\n', { delimiter: ',' }),
    pw.CsvError,
    at(1, 1),
    /expected at least one feature column/,
  ],
  [
    'float32 beyond its range',
    () => fromCsv('x,y\n1e39,1\n', { dtype: 'float32' }),
    pw.CsvError,
    at(2, 1),
    /expected a number within float32's range \(dtype: 'float32'\), found "1e39"/,
  ],
  // pw.csv.parse
  [
    'parse a number',
    () => parse(42),
    TypeError,
    /csv\.parse: input must be a string, a Uint8Array or an ArrayBuffer; received 42/,
  ],
  ['parse null', () => parse(null), TypeError, /csv\.parse: input must be/, /null/],
  ['parse an object', () => parse({}), TypeError, /csv\.parse: input must be/],
  ['parse options a number', () => parse(GOOD, 5), TypeError, /csv\.parse: options must be a plain object/],
  [
    'parse a Dataset option',
    () => parse(GOOD, { label: 'x' }),
    TypeError,
    /csv\.parse: unknown option "label"; known options are delimiter, header, maxRows/,
  ],
  ['parse delimiter ":"', () => parse(GOOD, { delimiter: ':' }), RangeError, /csv\.parse: delimiter must be one of/],
  ['parse delimiter a number', () => parse(GOOD, { delimiter: 9 }), TypeError, /csv\.parse: option delimiter/],
  ['parse header "auto-detect"', () => parse(GOOD, { header: 'auto-detect' }), RangeError, /csv\.parse: option header/],
  [
    'parse maxRows negative',
    () => parse(GOOD, { maxRows: -1 }),
    RangeError,
    /csv\.parse: option maxRows must be a non-negative integer or Infinity; received -1/,
  ],
  ['parse maxRows fractional', () => parse(GOOD, { maxRows: 2.5 }), RangeError, /option maxRows/, /2\.5/],
  ['parse maxRows NaN', () => parse(GOOD, { maxRows: NaN }), RangeError, /option maxRows/, /NaN/],
  ['parse maxRows a string', () => parse(GOOD, { maxRows: '5' }), TypeError, /option maxRows/, /the string "5"/],
  [
    'parse an unterminated quote',
    () => parse('a,b\n1,"2\n3,4\n'),
    pw.CsvError,
    /^csv\.parse: line 2, column 2: found a quoted field that is never closed/,
  ],
  ['parse text after a closing quote', () => parse('a,b\n1,"2" 3\n'), pw.CsvError, /^csv\.parse: line 2, column 2: /],
  [
    'parse invalid UTF-8 bytes',
    () => parse(latin1('a,b\n1,\xc0\n')),
    pw.CsvError,
    /^csv\.parse: line 2, column 2: found invalid UTF-8/,
  ],
  ['parse a NUL byte', () => parse(bytes(0x61, 0x0a, 0x00)), pw.CsvError, /^csv\.parse: line 2, column 1: /, /binary/],
  // pw.csv.preview
  ['preview undefined', () => preview(), TypeError, /csv\.preview: input must be/, /undefined/],
  ['preview a number', () => preview(1), TypeError, /csv\.preview: input must be/],
  ['preview maxRows negative', () => preview(GOOD, { maxRows: -5 }), RangeError, /csv\.preview: option maxRows/],
  ['preview maxRows null', () => preview(GOOD, { maxRows: null }), TypeError, /csv\.preview: option maxRows/, /null/],
  [
    'preview an unknown option',
    () => preview(GOOD, { columns: 2 }),
    TypeError,
    /csv\.preview: unknown option "columns"/,
  ],
  ['preview header 0', () => preview(GOOD, { header: 0 }), TypeError, /csv\.preview: option header/],
  [
    'preview an unterminated quote',
    () => preview('a,b\n1,2\n"3,4\n'),
    pw.CsvError,
    /^csv\.preview: line 3, column 1: found a quoted field that is never closed/,
  ],
  [
    'preview invalid UTF-8 in the rows read',
    () => preview(latin1('a,b\n\xfe,2\n')),
    pw.CsvError,
    /^csv\.preview: line 2, column 1: found invalid UTF-8/,
  ],
];

badInputTable('CSV: Dataset.fromCsv, pw.csv.parse, pw.csv.preview', { cases });

describe('CsvError', () => {
  test('a file error carries the line and column of its message as properties', () => {
    for (const [call, line, column] of [
      [() => fromCsv('x,y,label\n1,2,a\n3,abc,b\n'), 3, 2],
      [() => fromCsv('x,y\n'), 2, 1],
      [() => parse('a,b\n1,"2\n'), 2, 2],
      [() => preview(latin1('a,b\n\xfe,2\n')), 2, 1],
    ]) {
      assert.throws(call, (e) => {
        assert.ok(e instanceof pw.CsvError && e instanceof RangeError, `${e.name}: ${e.message}`);
        assert.equal(e.name, 'CsvError');
        assert.equal(e.line, line);
        assert.equal(e.column, column);
        assert.match(e.message, at(line, column));
        return true;
      });
    }
  });
});

describe('strings with a lone surrogate', () => {
  // A lone half of a UTF-16 pair is not UTF-8: fromCsv reads it as U+FFFD (TextEncoder), and
  // pw.csv must not read it differently (nor join it with the delimiter after it).
  test('csv.parse and csv.preview keep the fields around it, as fromCsv does', () => {
    const text = 'a,b\n\ud800,1\n';
    const d = pw.Dataset.fromCsv('a,b\n1,\ud800\n');
    assert.deepEqual(d.labels, ['\ufffd']);
    d.dispose();
    for (const read of [parse, preview]) {
      // 'a,b' is the header: its column b holds a number below.
      const { header, rows } = read(text);
      assert.deepEqual(header, ['a', 'b']);
      assert.deepEqual(rows, [['\ufffd', '1']]);
    }
  });
});

// Dataset.fromStream: everything is a rejected promise, and nothing is kept.
describe('Dataset.fromStream bad input', () => {
  const text = 'x,y,label\n1,2,a\n3,4,b\n';
  const stream = (...chunks) =>
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
  const encode = (s) => new TextEncoder().encode(s);

  // Rejects as `expected` says, twice (the first warms up any cache), the second keeping no
  // wasm memory.
  async function rejectsClean(make, expected) {
    await assert.rejects(make(), expected);
    const before = pw.memory().inUse;
    await assert.rejects(make(), expected);
    assert.equal(pw.memory().inUse, before, 'no wasm memory kept');
  }

  const cases = [
    ['a string source', () => pw.Dataset.fromStream(text), TypeError, /Dataset\.fromStream: source must be a Readable/],
    ['a null source', () => pw.Dataset.fromStream(null), TypeError, /Dataset\.fromStream: source must be/],
    ['a Uint8Array source', () => pw.Dataset.fromStream(encode(text)), TypeError, /Dataset\.fromStream: source/],
    ['no source', () => pw.Dataset.fromStream(), TypeError, /Dataset\.fromStream: source must be/],
    [
      'onProgress a string',
      () => pw.Dataset.fromStream(new Blob([text]), { onProgress: 'log' }),
      TypeError,
      /Dataset\.fromStream: option onProgress must be a function; received the string "log"/,
    ],
    [
      'signal a string',
      () => pw.Dataset.fromStream(new Blob([text]), { signal: 'stop' }),
      TypeError,
      /Dataset\.fromStream: option signal must be an AbortSignal/,
    ],
    [
      'signal null',
      () => pw.Dataset.fromStream(new Blob([text]), { signal: null }),
      TypeError,
      /option signal must be an AbortSignal; received null/,
    ],
    [
      'totalBytes negative',
      () => pw.Dataset.fromStream(new Blob([text]), { totalBytes: -1 }),
      RangeError,
      /Dataset\.fromStream: option totalBytes must be a non-negative integer/,
    ],
    [
      'totalBytes a string',
      () => pw.Dataset.fromStream(new Blob([text]), { totalBytes: '20' }),
      TypeError,
      /option totalBytes/,
    ],
    [
      'an unknown option',
      () => pw.Dataset.fromStream(new Blob([text]), { maxRows: 2 }),
      TypeError,
      /Dataset\.fromStream: unknown option "maxRows"/,
    ],
    [
      'a bad dataset option',
      () => pw.Dataset.fromStream(new Blob([text]), { label: -2 }),
      RangeError,
      /Dataset\.fromStream: option label/,
    ],
    [
      'a bad delimiter',
      () => pw.Dataset.fromStream(new Blob([text]), { delimiter: 'ab' }),
      RangeError,
      /Dataset\.fromStream: delimiter must be one of/,
    ],
    [
      'a stream giving numbers',
      () => pw.Dataset.fromStream(stream(encode('x,y\n'), 42)),
      TypeError,
      /Dataset\.fromStream: a chunk of the stream must be a string, a Uint8Array or an ArrayBuffer; received 42/,
    ],
    [
      'a stream giving null in a Node-style iterable',
      () =>
        pw.Dataset.fromStream({
          async *[Symbol.asyncIterator]() {
            yield 'x,y\n1,2\n';
            yield null;
          },
        }),
      TypeError,
      /a chunk of the stream must be a string, a Uint8Array or an ArrayBuffer; received null/,
    ],
    [
      'a file error in the second chunk',
      () => pw.Dataset.fromStream(stream(encode('x,y,label\n1,2,a\n3,'), encode('q,b\n'))),
      pw.CsvError,
      /^Dataset\.fromStream: line 3, column 2: expected a number, found "q"$/,
    ],
    [
      'an unterminated quote at the end of the stream',
      () => pw.Dataset.fromStream(new Blob(['x,y\n1,"2\n', '3,4\n'])),
      pw.CsvError,
      /^Dataset\.fromStream: line 2, column 2: found a quoted field that is never closed/,
    ],
    [
      'an empty stream',
      () => pw.Dataset.fromStream(stream()),
      pw.CsvError,
      /^Dataset\.fromStream: line 1, column 1: the file is empty/,
    ],
  ];
  for (const [name, make, ErrorClass, ...patterns] of cases) {
    test(`${name}: ${ErrorClass.name}`, async () => {
      await rejectsClean(make, (e) => {
        assert.ok(e instanceof ErrorClass, `expected ${ErrorClass.name}, got ${e?.name}: ${e?.message}`);
        for (const pattern of patterns) assert.match(e.message, pattern);
        assert.doesNotMatch(e.message, CRASH);
        return true;
      });
    });
  }

  test('option errors are rejections, not synchronous throws', () => {
    const promise = pw.Dataset.fromStream(new Blob([text]), { onProgress: 1 });
    assert.ok(promise instanceof Promise);
    return assert.rejects(promise, TypeError);
  });

  test('an onProgress that throws rejects with its error and frees what was read', async () => {
    const boom = new Error('boom');
    const big = encode('x,y\n' + '1,2\n'.repeat(10_000));
    const make = () =>
      pw.Dataset.fromStream(stream(big.subarray(0, 20_000), big.subarray(20_000)), {
        onProgress: () => {
          throw boom;
        },
      });
    await rejectsClean(make, (e) => e === boom);
  });

  test('a stream that errors rejects with its error and frees what was read', async () => {
    const failure = new Error('disk gone');
    const make = () =>
      pw.Dataset.fromStream(
        new ReadableStream({
          start(controller) {
            controller.enqueue(encode('x,y\n' + '1,2\n'.repeat(5000)));
            controller.error(failure);
          },
        }),
      );
    await rejectsClean(make, (e) => e === failure);
  });

  test('an already aborted signal rejects with an AbortError before reading', async () => {
    const controller = new AbortController();
    controller.abort();
    const source = stream(encode(text));
    await rejectsClean(() => pw.Dataset.fromStream(source, { signal: controller.signal }), { name: 'AbortError' });
    assert.equal(source.locked, false, 'the stream was not read');
  });
});
