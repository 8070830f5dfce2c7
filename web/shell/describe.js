// A received value in words, for error messages: the package's describe() (bindings/js/errors.js)
// for the page's modules, which cannot import the package's internals (they load the package by
// its URL) and for the code the page shares with perceptron-wasm/course. Imports nothing.

/** `value` in words: 'null', 'an array of length 3', 'the string "x"', '2', 'an object', … */
export function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (typeof DataView === 'function' && value instanceof DataView) return `a DataView of ${value.byteLength} bytes`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of length ${value.length}`;
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value)}`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `the bigint ${value}n`;
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}
