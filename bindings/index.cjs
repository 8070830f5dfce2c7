// perceptron-wasm for CommonJS: `require('perceptron-wasm')` returns load(), the function the
// ES module entry (index.js) exports by default, so `const pw = await require('perceptron-wasm')()`.
// It imports that entry on first call (import() works in CommonJS from Node 18 on): one
// implementation, one compiled module, shared with ES module importers in the same process.
// The error classes and format constants are on the loaded API (pw.NotFittedError, pw.FORMAT...).
'use strict';

function load(options) {
  return import('./index.js').then((entry) => entry.default(options));
}
load.default = load;
module.exports = load;
