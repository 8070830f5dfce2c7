// How the bench reaches the package: the dist/ folder named by PW_DIST (to measure another
// build of the package), ../dist by default. Training goes through pw.Dataset when the package
// has it (X copied into wasm memory once, every fit reads it there) and through the
// {data, rows, cols} form of fit otherwise (fit copies X into wasm memory on every call).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const distDir = resolve(process.env.PW_DIST ?? fileURLToPath(new URL('../dist/', import.meta.url)));

export async function loadPackage(dir = distDir) {
  if (!existsSync(join(dir, 'index.js'))) {
    throw new Error(`bench: no package in ${dir}: run \`npm run build\` first, or set PW_DIST to a built dist/ folder`);
  }
  const { default: load } = await import(pathToFileURL(join(dir, 'index.js')).href);
  return load();
}

export const hasDataset = (pw) => typeof pw.Dataset?.fromArray === 'function';

export const apiName = (pw) =>
  hasDataset(pw)
    ? 'pw.Dataset.fromArray, then fit(dataset)'
    : 'fit({data, rows, cols}, y), which copies X on each call';

// X a row-major Float64Array of rows * cols values, y its +1/-1 labels: something that fits a
// model on them (and dispose(), which frees the wasm copy when there is one).
// dtype 'float32' stores the values rounded to float32 (a Dataset only).
export function trainingSet(pw, X, rows, cols, y, dtype = 'float64') {
  if (hasDataset(pw)) {
    const dataset = pw.Dataset.fromArray(X, { rows, cols }, Array.from(y), { dtype });
    return { fit: (model) => model.fit(dataset), dispose: () => dataset.dispose() };
  }
  const matrix = { data: X, rows, cols };
  return { fit: (model) => model.fit(matrix, y), dispose() {} };
}
