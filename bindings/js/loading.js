// From the .wasm file to a running core (the Embind module instance): compiled here, by the
// means the environment has (fs under Node, streaming fetch elsewhere), then handed to the
// Emscripten loader. The files sit one folder up, next to the package entry (dist/).
//
// Where the bytes come from, in order:
//   1. load({wasm}) when given: a URL or string, a Response (or a promise of one), bytes, or a
//      compiled WebAssembly.Module. Its failure is the caller's error: nothing else is tried.
//   2. new URL('../perceptron-core.wasm', import.meta.url): the file next to the package, which
//      Vite, webpack 5 and Rollup copy into a build as an asset and rewrite the URL to.
//   3. ../perceptron-core-inline.js, the same bytes gzipped as base64 text, imported only when 2
//      fails: for bundlers that neither copy the file nor keep import.meta.url (esbuild, whose
//      bundles then hold it), and dev servers that serve something else at that URL.
import createPerceptronCore from '../perceptron-core.mjs';
import { checkOptionsObject } from './convert.js';
import { describe } from './errors.js';
import { nodeFs } from './node-fs.js';

const isNode =
  typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';

const isResponse = (value) => typeof Response === 'function' && value instanceof Response;

// How a browser refuses WebAssembly under a Content-Security-Policy whose script-src lacks
// 'wasm-unsafe-eval': a CompileError (Chromium, Firefox) or an EvalError (Safari) whose message
// names the policy. Such a refusal is not a bad file, and no other source of the bytes helps.
const refusedByPolicy = (error) =>
  (error instanceof WebAssembly.CompileError || error instanceof EvalError) &&
  /content security policy|\bCSP\b|unsafe-eval/i.test(error.message);

// The policy leads the message, as it is what the user has to change; `earlier` is an attempt
// that failed first for a lesser reason (esbuild left the file behind: HTTP 404).
function policyError(refusal, earlier) {
  const first = earlier ? `; the .wasm next to the package could not be read either: ${earlier.message}` : '';
  return new Error(
    "perceptron-wasm: the page's Content-Security-Policy does not allow WebAssembly: add 'wasm-unsafe-eval' " +
      `to its script-src (the browser said: ${refusal.message})${first}`,
    { cause: refusal },
  );
}

const namingPolicy = (error) => (refusedByPolicy(error) ? policyError(error) : error);

async function compileBytes(bytes, from) {
  try {
    return await WebAssembly.compile(bytes);
  } catch (error) {
    if (refusedByPolicy(error)) throw policyError(error);
    throw new Error(`perceptron-wasm: ${from} is not the package's WebAssembly module: ${error.message}`, {
      cause: error,
    });
  }
}

async function compileResponse(response, from) {
  if (!response.ok) throw new Error(`perceptron-wasm: could not load ${from}: HTTP ${response.status}`);
  if (typeof WebAssembly.compileStreaming === 'function' && !response.bodyUsed) {
    const type = response.headers.get('content-type') ?? '';
    // Streaming compilation needs the application/wasm type; otherwise compile from the bytes.
    if (type.split(';')[0].trim() === 'application/wasm') {
      return WebAssembly.compileStreaming(response).catch((error) => {
        throw namingPolicy(error);
      });
    }
  }
  return compileBytes(await response.arrayBuffer(), from);
}

async function compileUrl(url) {
  if (isNode && String(url).startsWith('file:')) {
    const { readFile } = await nodeFs();
    return compileBytes(await readFile(new URL(url)), String(url));
  }
  return compileResponse(await fetch(url), String(url));
}

// The bytes shipped inside the package as text (3. above).
async function compileInline() {
  const { gzipBase64 } = await import('../perceptron-core-inline.js');
  const gzipped = Uint8Array.from(atob(gzipBase64), (c) => c.charCodeAt(0));
  const stream = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip'));
  return compileBytes(await new Response(stream).arrayBuffer(), 'perceptron-core-inline.js');
}

async function compileDefault() {
  try {
    return await compileUrl(new URL('../perceptron-core.wasm', import.meta.url));
  } catch (error) {
    if (refusedByPolicy(error.cause)) throw error; // the inlined copy would be refused as well
    try {
      return await compileInline();
    } catch (fallback) {
      // The most telling cause: a policy refusing WebAssembly outranks the file left behind;
      // otherwise the package's own file could not be read, which says more than the fallback.
      if (refusedByPolicy(fallback.cause)) throw policyError(fallback.cause, error);
      throw error;
    }
  }
}

const EXPECTED_WASM = 'a URL, a string, a Response, an ArrayBuffer or typed array, or a WebAssembly.Module';

function compileWasm(source) {
  if (source === undefined) return compileDefault();
  if (source instanceof WebAssembly.Module) return Promise.resolve(source);
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return compileBytes(source, 'options.wasm');
  if (typeof source === 'string' || source instanceof URL) return compileUrl(source);
  if (isResponse(source)) return compileResponse(source, source.url || 'options.wasm');
  if (typeof source?.then === 'function') {
    return Promise.resolve(source).then((response) => {
      if (!isResponse(response)) {
        throw new TypeError(`load: option wasm, a promise, must resolve to a Response; received ${describe(response)}`);
      }
      return compileResponse(response, response.url || 'options.wasm');
    });
  }
  throw new TypeError(`load: option wasm must be ${EXPECTED_WASM}; received ${describe(source)}`);
}

/**
 * Compiles the wasm and instantiates the Embind module; load()'s options are checked here.
 * @param {import('../index.js').LoadOptions} [options]
 * @returns {Promise<object>} the core
 */
export async function instantiateCore(options) {
  checkOptionsObject(options, 'load', ['wasm']);
  const module = await compileWasm(options?.wasm);
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  return Promise.race([
    createPerceptronCore({
      // The loader's own guess at the file, new URL(..., import.meta.url), throws where a bundle
      // has no import.meta.url (esbuild's IIFE); it is never used, as instantiateWasm below is.
      locateFile: (path) => path,
      // Hands over the module compiled above, so the loader's own fetch/fs code never runs.
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then(
          (instance) => receive(instance, module),
          (error) => fail(namingPolicy(error)),
        );
        return {};
      },
    }),
    failed,
  ]);
}
