// Node's fs/promises, for the two places that read files in Node: loading.js (the .wasm from a
// file: URL) and csv.js (the size of the file a Node stream reads). The specifier is a variable
// and the import carries both magic comments, so that bundlers do not try to resolve a Node
// built-in for browsers. scripts/build.mjs copies this module unminified: minifying would drop
// the comments.
export function nodeFs() {
  const specifier = 'node:fs/promises';
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
}
