// From the .wasm file to a running core (the Embind module instance): compiled here, by the
// means the environment has (fs under Node, streaming fetch elsewhere), then handed to the
// Emscripten loader. The files sit one folder up, next to the package entry (dist/).
import createPerceptronCore from '../perceptron-core.mjs';
import { checkOptionsObject } from './convert.js';

const isNode =
  typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';

async function compileWasm(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source ?? new URL('../perceptron-core.wasm', import.meta.url);
  if (isNode && String(url).startsWith('file:')) {
    // A variable specifier keeps bundlers from trying to resolve a Node built-in for browsers.
    const fsModule = 'node:fs/promises';
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule);
    return WebAssembly.compile(await readFile(url));
  }
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // Served without the application/wasm type: compile from the bytes below.
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`perceptron-wasm: could not load ${url}: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Compiles the wasm and instantiates the Embind module; load()'s options are checked here.
 * @param {{wasm?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module}} [options]
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
      // Hands over the module compiled above, so the loader's own fetch/fs code never runs.
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), fail);
        return {};
      },
    }),
    failed,
  ]);
}
