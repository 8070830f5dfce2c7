// The playground's data: the presets (pw.Dataset.generate with a seed, and Iris from the
// package's data/iris.csv), points the user clicks, and uploaded CSV files, all as one shape:
//
//   { source: 'preset' | 'points' | 'csv', preset?: {name, seed, rows, margin, noise, features},
//     fileName?, featureNames: string[], X: {data: Float64Array, rows, cols}, labels: Label[],
//     classes: Label[] (sorted as the library sorts), plane: [i, j] | 'pca',
//     points: [{x, y, label}] (what the plane shows), editable: boolean }
//
// Editable data (two features, both on the plane: presets, Iris's two chosen features, clicked
// points, a two-column CSV) has its points as the source of truth: an edit changes `points` and
// X follows (withPoints). Other data (a CSV of more features) has X as the source and the points
// are its projection: two of its columns, or the 2-D PCA (pw.analysis.pca2d).
import { csvNumber, csvText, csvValue } from './csv.js';

/** The Dataset select's presets, in its order. params: the sliders that apply. */
export const PRESETS = Object.freeze([
  { name: 'separable', label: 'Linearly separable', params: ['margin'], rows: 40 },
  { name: 'gaussians', label: 'Overlapping Gaussians', params: ['noise'], rows: 100, noise: 0.5 },
  { name: 'xor', label: 'XOR', params: ['noise'], rows: 100 },
  { name: 'circles', label: 'Two circles', params: ['noise'], rows: 150 },
  { name: 'spiral', label: 'Spiral', params: ['noise'], rows: 200 },
  { name: 'blobs', label: 'Three Gaussian blobs', params: ['noise'], rows: 90, noise: 0.2 },
  { name: 'iris', label: 'Iris (two features)', params: ['features'], rows: 150 },
]);
export const presetOf = (name) => PRESETS.find((preset) => preset.name === name);

export const IRIS_FEATURES = Object.freeze(['sepal length', 'sepal width', 'petal length', 'petal width']);
/**
 * A preset's starting parameters: seed 1, its own number of points and noise (a link that leaves
 * one out gets the same), margin 0.1, and Iris's petal length and width.
 */
export function presetDefaults(name) {
  const { rows, noise = 0.1 } = presetOf(name);
  return { name, seed: 1, rows, margin: 0.1, noise, features: [2, 3] };
}
/** The page's first data: a separable preset, small enough to step through. */
export const DEFAULT_PRESET = Object.freeze(presetDefaults('separable'));
/** Limits of the preset controls (the library checks margin and noise itself). */
export const PRESET_ROWS = Object.freeze({ minimum: 4, maximum: 5000 });
/** At most this many classes (the palette's colours). */
export const MAX_CLASSES = 6;

/** The library's order of labels: numbers ascending, else strings by code point. */
export function sortClasses(labels) {
  const distinct = [...new Set(labels)];
  return distinct.every((v) => typeof v === 'number')
    ? distinct.sort((a, b) => a - b)
    : distinct.map(String).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function checkClasses(classes, what) {
  if (classes.length > MAX_CLASSES) {
    throw new RangeError(`${what} has ${classes.length} classes; the playground shows at most ${MAX_CLASSES}`);
  }
}

/** Data from plane points (clicked, edited, or a two-feature preset): editable. */
export function fromPoints(points, { source = 'points', preset, featureNames = ['x₁', 'x₂'] } = {}) {
  const data = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    data[2 * i] = p.x;
    data[2 * i + 1] = p.y;
  });
  const labels = points.map((p) => p.label);
  const classes = sortClasses(labels);
  checkClasses(classes, 'The data');
  return {
    source,
    preset,
    featureNames,
    X: { data, rows: points.length, cols: 2 },
    labels,
    classes,
    plane: [0, 1],
    points,
    editable: true,
  };
}

/** The same data after an edit of its points: it becomes the user's points (no longer the preset). */
export const withPoints = (data, points) => fromPoints(points, { featureNames: data.featureNames });

/**
 * Data from a matrix (an upload): X {data, rows, cols}, labels, the plane's two columns or 'pca'.
 * Editable only when the plane shows all of its (two) columns.
 */
export function fromMatrix(pw, { X, labels, featureNames, plane, source = 'csv', fileName, preset }) {
  const classes = sortClasses(labels);
  checkClasses(classes, fileName ? `${fileName}` : 'The data');
  let xs;
  let ys;
  if (plane === 'pca') {
    const { projected } = pw.analysis.pca2d(X);
    xs = projected.map((row) => row[0]);
    ys = projected.map((row) => row[1]);
  } else {
    const [i, j] = plane;
    xs = Array.from({ length: X.rows }, (_, r) => X.data[r * X.cols + i]);
    ys = Array.from({ length: X.rows }, (_, r) => X.data[r * X.cols + j]);
  }
  const points = labels.map((label, r) => ({ x: xs[r], y: ys[r], label }));
  const editable = plane !== 'pca' && X.cols === 2 && plane[0] === 0 && plane[1] === 1;
  return { source, fileName, preset, featureNames, X, labels, classes, plane, points, editable };
}

let irisText = null; // the file, fetched once per page

// The package's data/iris.csv, two folders above the built module (dist/playground/index.js),
// wherever the package is served; from web/shell/ at the dev server's root, the same path ends at
// its /data/ (a URL never climbs above the root).

// A bundler may inline the file as a data: URL (Vite does below 4 kB), which a page's
// connect-src refuses to fetch: its text is then decoded here, with no request at all.

function dataUrlText(href) {
  const comma = href.indexOf(',');
  const body = href.slice(comma + 1);
  if (!/;base64$/i.test(href.slice(0, comma))) return decodeURIComponent(body);
  return new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)));
}

async function irisTable(pw) {
  const url = new URL('../../data/iris.csv', import.meta.url);
  irisText ??=
    url.protocol === 'data:'
      ? Promise.resolve(dataUrlText(url.href))
      : fetch(url).then((response) => {
          if (!response.ok) throw new Error(`Could not load the Iris data (HTTP ${response.status})`);
          return response.text();
        });
  return pw.csv.parse(await irisText, { header: true });
}

/** A preset's data: {name, seed, rows, margin, noise, features ([i, j] of Iris's four)}. */
export async function presetData(pw, preset) {
  if (preset.name === 'iris') {
    const table = await irisTable(pw);
    const [i, j] = preset.features;
    const points = table.rows.map((row) => ({ x: Number(row[i]), y: Number(row[j]), label: row[4] }));
    return fromPoints(points, { source: 'preset', preset, featureNames: [IRIS_FEATURES[i], IRIS_FEATURES[j]] });
  }
  const { name, seed, rows, margin, noise } = preset;
  const options = { rows, seed, ...(presetOf(name).params.includes('margin') ? { margin } : { noise }) };
  const generated = pw.Dataset.generate(name, options);
  try {
    const { data } = generated.toArray();
    const labels = generated.labels;
    const points = labels.map((label, r) => ({ x: data[2 * r], y: data[2 * r + 1], label }));
    return fromPoints(points, { source: 'preset', preset });
  } finally {
    generated.dispose();
  }
}

/**
 * The points as CSV text (x, y and label columns; the feature names as the header), cells as
 * csv.js writes them: the page's upload reads the file back to the same labels and names.
 */
export function pointsCsv(data) {
  const header = [...data.featureNames, 'label'];
  const lines = [header.map(csvText).join(',')];
  for (let r = 0; r < data.X.rows; r++) {
    const row = Array.from(data.X.data.subarray(r * data.X.cols, (r + 1) * data.X.cols), csvNumber);
    lines.push([...row, csvValue(data.labels[r])].join(','));
  }
  return `${lines.join('\n')}\n`;
}
