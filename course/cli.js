#!/usr/bin/env node
// Placeholder: issue 28, item 3 (`npx perceptron-wasm grade`).
console.error('perceptron-wasm: not built yet');
process.exit(2);
