// load({wasm}): every form of the option a host may have (a URL or path, a Response or a
// promise of one, bytes, a compiled WebAssembly.Module), the errors for the others, and the
// inlined copy the package falls back to when its .wasm file is not where it should be.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import load from '../../dist/index.js';
import { instantiateCore } from '../../dist/js/loading.js';
import { pw } from './helpers.mjs';

const wasmUrl = new URL('../../dist/perceptron-core.wasm', import.meta.url);
const bytes = readFileSync(wasmUrl);

// A core is usable when it trains: the bound Perceptron's weights on two points.
async function works(options) {
  const core = await instantiateCore(options);
  assert.equal(typeof core.memory, 'function');
  assert.ok(core.memory().heap > 0);
  assert.ok(core.optionNames().includes('learningRate'));
}

describe('load({wasm})', () => {
  const forms = [
    ['a file: URL', () => wasmUrl],
    ['a file: URL as a string', () => wasmUrl.href],
    ['an ArrayBuffer', () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)],
    ['a Uint8Array', () => new Uint8Array(bytes)],
    ['a compiled WebAssembly.Module', () => new WebAssembly.Module(bytes)],
    [
      'a Response served as application/wasm',
      () => new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } }),
    ],
    ['a Response of another type (compiled from its bytes)', () => new Response(bytes)],
    ['a promise of a Response, as fetch() returns', () => Promise.resolve(new Response(bytes))],
  ];
  for (const [name, make] of forms) {
    it(`accepts ${name}`, () => works({ wasm: make() }));
  }

  const bad = [
    [
      42,
      TypeError,
      /load: option wasm must be a URL, a string, a Response, an ArrayBuffer or typed array, or a WebAssembly\.Module; received 42/,
    ],
    [null, TypeError, /option wasm must be .*; received null/],
    [{ href: 'x' }, TypeError, /option wasm must be .*; received /],
    [
      Promise.resolve('perceptron-core.wasm'),
      TypeError,
      /load: option wasm, a promise, must resolve to a Response; received the string/,
    ],
    [new Response('nope', { status: 404 }), Error, /could not load options\.wasm: HTTP 404/],
    [new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]), Error, /options\.wasm is not the package's WebAssembly module/],
    [pathToFileURL('/nonexistent/perceptron-core.wasm'), Error, /ENOENT/],
  ];
  for (const [wasm, ErrorClass, pattern] of bad) {
    it(`refuses ${String(wasm?.constructor?.name ?? wasm)} ${pattern}`, async () => {
      await assert.rejects(
        instantiateCore({ wasm }),
        (error) => error instanceof ErrorClass && pattern.test(error.message),
      );
    });
  }

  it('refuses unknown options and non-objects, naming them', async () => {
    await assert.rejects(instantiateCore({ wsam: wasmUrl }), /load: unknown option "wsam"/);
    await assert.rejects(
      instantiateCore('perceptron-core.wasm'),
      (e) => e instanceof TypeError && /load: options must be a plain object/.test(e.message),
    );
  });

  it('compiles once: a second load() resolves to the same API, whatever it is given', async () => {
    assert.equal(await load(), pw);
    assert.equal(await load({ wasm: bytes }), pw);
    assert.equal(await load({ wasm: 'ignored' }), pw);
  });
});

describe('the inlined copy (dist/perceptron-core-inline.js)', () => {
  it('is the .wasm file, gzipped, byte for byte', async () => {
    const { gzipBase64 } = await import('../../dist/perceptron-core-inline.js');
    assert.deepEqual(gunzipSync(Buffer.from(gzipBase64, 'base64')), bytes);
  });
});
