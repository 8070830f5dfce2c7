// planeSvg: the data plane as SVG for lecture notes, drawn by the page's own drawing code
// (web/plane/plot.js's drawPlaneOn on web/draw/svg-context.js, through web/plane/plane-svg.js):
// the options become the scene the page would draw for the same data and model, so the same
// state gives the same picture as the playground's canvas and its "Plane as SVG".
import { describe } from '../bindings/js/errors.js';
import { gridPoints, heatmapFromScores, viewFor } from '../web/plane/plot.js';
import { PLANE_TITLE, planeToSvg } from '../web/plane/plane-svg.js';

const OPTIONS = [
  'X',
  'y',
  'classes',
  'weights',
  'bias',
  'band',
  'step',
  'update',
  'separability',
  'maxMargin',
  'highlight',
  'misclassified',
  'heatmap',
  'model',
  'view',
  'featureNames',
  'width',
  'height',
  'title',
  'measure',
];
const HEATMAP_CELLS = 64; // per side, as the page's
const WHERE = 'planeSvg';

const fail = (Error, message) => {
  throw new Error(`${WHERE}: ${message}`);
};
const isFiniteNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const isLabel = (v) => isFiniteNumber(v) || (typeof v === 'string' && v !== '');
const listOf = (v) => Array.isArray(v) || ArrayBuffer.isView(v);

function vector2(value, name) {
  if (!listOf(value) || value.length !== 2 || !Array.from(value).every(isFiniteNumber)) {
    fail(TypeError, `${name} must be two finite numbers; received ${describe(value)}`);
  }
  return [value[0], value[1]];
}

function finiteNumber(value, name) {
  if (!isFiniteNumber(value)) fail(TypeError, `${name} must be a finite number; received ${describe(value)}`);
  return value;
}

// X as points {x, y}: number[][] of pairs or {data, rows, cols: 2}.
function pointsOf(X) {
  if (Array.isArray(X)) return X.map((row, i) => vector2(row, `options.X[${i}]`));
  const { data, rows, cols } = X ?? {};
  if (X === null || typeof X !== 'object' || !Number.isInteger(rows) || data?.length !== rows * cols) {
    fail(TypeError, `options.X must be an array of [x1, x2] rows or {data, rows, cols}; received ${describe(X)}`);
  }
  if (cols !== 2) fail(RangeError, `options.X must have 2 columns (the plane's two features); received ${cols}`);
  return Array.from({ length: rows }, (_, r) => vector2([data[2 * r], data[2 * r + 1]], `options.X row ${r}`));
}

function indexIn(value, n, name) {
  if (!Number.isInteger(value) || value < 0 || value >= n) {
    fail(RangeError, `${name} must be a row of X (an integer from 0 to ${n - 1}); received ${describe(value)}`);
  }
  return value;
}

// The options, checked, as the scene plot.js draws.
function sceneOf(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    fail(TypeError, `options must be an object with X and y; received ${describe(options)}`);
  }
  for (const name of Object.keys(options)) {
    if (!OPTIONS.includes(name)) {
      fail(RangeError, `unknown option ${JSON.stringify(name)}; known options are ${OPTIONS.join(', ')}`);
    }
  }
  const o = options;
  const xy = pointsOf(o.X);
  const n = xy.length;
  if (!listOf(o.y)) fail(TypeError, `options.y must be an array of labels; received ${describe(o.y)}`);
  if (o.y.length !== n) fail(RangeError, `options.y must have one label per row of X (${n}); received ${o.y.length}`);
  const labels = Array.from(o.y);
  labels.forEach((label, i) => {
    if (!isLabel(label)) {
      fail(
        TypeError,
        `options.y[${i}] must be a label (a finite number or a non-empty string); received ${describe(label)}`,
      );
    }
  });
  const points = xy.map(([x, y], i) => ({ x, y, label: labels[i] }));
  let classes;
  if (o.classes !== undefined) {
    if (!Array.isArray(o.classes) || !o.classes.every(isLabel) || new Set(o.classes).size !== o.classes.length) {
      fail(TypeError, `options.classes must be an array of distinct labels; received ${describe(o.classes)}`);
    }
    classes = [...o.classes];
  }
  const linear = o.weights === undefined ? null : { weights: vector2(o.weights, 'options.weights'), bias: 0 };
  if (o.bias !== undefined) {
    if (!linear) fail(RangeError, 'options.bias needs options.weights (the separator w.x + b = 0)');
    linear.bias = finiteNumber(o.bias, 'options.bias');
  }
  for (const name of ['band']) {
    if (o[name] !== undefined && typeof o[name] !== 'boolean') {
      fail(TypeError, `options.${name} must be a boolean; received ${describe(o[name])}`);
    }
  }
  if (o.band && !linear) fail(RangeError, 'options.band needs options.weights (the band is the separator’s)');
  let view;
  if (o.view !== undefined) {
    const { x0, x1, y0, y1 } = o.view ?? {};
    if (![x0, x1, y0, y1].every(isFiniteNumber) || !(x0 < x1 && y0 < y1)) {
      fail(
        RangeError,
        `options.view must be {x0, x1, y0, y1}, finite, with x0 < x1 and y0 < y1; received ${JSON.stringify(o.view)}`,
      );
    }
    view = { x0, x1, y0, y1 };
  } else view = viewFor(points);
  const scene = { points, classes, view, linear, band: o.band === true, highlight: [], last: null, update: null };
  if (o.featureNames !== undefined) {
    if (
      !Array.isArray(o.featureNames) ||
      o.featureNames.length !== 2 ||
      !o.featureNames.every((s) => typeof s === 'string')
    ) {
      fail(
        TypeError,
        `options.featureNames must be two strings (the axes' titles); received ${describe(o.featureNames)}`,
      );
    }
    scene.axes = { x: o.featureNames[0], y: o.featureNames[1] };
  }
  if (o.step !== undefined) {
    const step = o.step;
    if (step === null || typeof step !== 'object') {
      fail(TypeError, `options.step must be a step record {index, mistake, score}; received ${describe(step)}`);
    }
    if (step.mistake !== undefined && typeof step.mistake !== 'boolean') {
      fail(TypeError, `options.step.mistake must be a boolean; received ${describe(step.mistake)}`);
    }
    if (step.score !== undefined) finiteNumber(step.score, 'options.step.score');
    const last = { index: indexIn(step.index, n, 'options.step.index'), mistake: step.mistake === true };
    if (step.score !== undefined) last.score = step.score;
    scene.last = last;
  }
  if (o.update !== undefined) {
    const { from, to } = o.update ?? {};
    scene.update = { from: vector2(from, 'options.update.from'), to: vector2(to, 'options.update.to') };
  }
  if (o.separability !== undefined && o.maxMargin !== undefined) {
    fail(RangeError, 'give options.separability or options.maxMargin, not both');
  }
  const sep = o.separability;
  if (sep !== undefined) {
    if (sep === null || typeof sep !== 'object' || typeof sep.separable !== 'boolean') {
      fail(TypeError, `options.separability must be pw.analysis.separability's result; received ${describe(sep)}`);
    }
    if (sep.separable) {
      scene.maxMargin = {
        weights: vector2(sep.w, 'options.separability.w'),
        bias: finiteNumber(sep.b, 'options.separability.b'),
      };
      scene.highlight = Array.from(sep.support ?? [], (i, k) => indexIn(i, n, `options.separability.support[${k}]`));
    } else {
      if (!listOf(sep.certificate) || sep.certificate.length !== n) {
        fail(
          RangeError,
          `options.separability.certificate must have one weight per row of X (${n}); received ${describe(sep.certificate)}`,
        );
      }
      scene.highlight = Array.from(sep.certificate).flatMap((c, i) => (c > 0 ? [i] : []));
    }
  }
  if (o.maxMargin !== undefined) {
    const { weights, bias = 0 } = o.maxMargin ?? {};
    scene.maxMargin = {
      weights: vector2(weights, 'options.maxMargin.weights'),
      bias: finiteNumber(bias, 'options.maxMargin.bias'),
    };
  }
  if (o.highlight !== undefined) {
    if (!Array.isArray(o.highlight))
      fail(TypeError, `options.highlight must be an array of rows; received ${describe(o.highlight)}`);
    scene.highlight = o.highlight.map((i, k) => indexIn(i, n, `options.highlight[${k}]`));
  }
  if (o.misclassified !== undefined) {
    if (
      !Array.isArray(o.misclassified) ||
      o.misclassified.length !== n ||
      !o.misclassified.every((v) => typeof v === 'boolean')
    ) {
      fail(
        TypeError,
        `options.misclassified must be one boolean per row of X (${n}); received ${describe(o.misclassified)}`,
      );
    }
    scene.misclassified = [...o.misclassified];
  }
  scene.heatmap = heatmapOf(o, scene, linear);
  return scene;
}

// The score heatmap over the view, as the page computes it: the model's decisionFunction (its
// classes mapped to the plane's colours), or w.x + b.
function heatmapOf(o, scene, linear) {
  if (o.heatmap === undefined || o.heatmap === false) {
    if (o.model !== undefined)
      fail(RangeError, 'options.model is for the heatmap: give heatmap: true or "discrete" too');
    return null;
  }
  if (o.heatmap !== true && o.heatmap !== 'discrete') {
    fail(RangeError, `options.heatmap must be true, false or 'discrete'; received ${describe(o.heatmap)}`);
  }
  const grid = gridPoints(scene.view, HEATMAP_CELLS, HEATMAP_CELLS);
  const classes = scene.classes ?? sortedLabels(scene.points);
  let map;
  if (o.model !== undefined) {
    if (typeof o.model?.decisionFunction !== 'function' || !Array.isArray(o.model.classes)) {
      fail(
        TypeError,
        `options.model must be a fitted model of the package (decisionFunction, classes); received ${describe(o.model)}`,
      );
    }
    const modelClasses = o.model.classes;
    map = heatmapFromScores(o.model.decisionFunction(grid), { rows: grid.rows, classes: modelClasses.length });
    const to = modelClasses.map((c) => classes.indexOf(c));
    for (let i = 0; i < map.classIndex.length; i++) map.classIndex[i] = to[map.classIndex[i]];
  } else if (linear) {
    const [w1, w2] = linear.weights;
    const scores = new Float64Array(grid.rows);
    for (let i = 0; i < grid.rows; i++) scores[i] = w1 * grid.data[2 * i] + w2 * grid.data[2 * i + 1] + linear.bias;
    map = heatmapFromScores(scores, { rows: grid.rows, classes: 2 });
  } else fail(RangeError, 'options.heatmap needs options.model or options.weights (what scores the plane)');
  return { nx: HEATMAP_CELLS, ny: HEATMAP_CELLS, ...map, discretize: o.heatmap === 'discrete' };
}

// The labels as the library sorts them (numbers ascending, strings by code point): plot.js's order.
const sortedLabels = (points) =>
  [...new Set(points.map((p) => p.label))].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : a < b ? -1 : a > b ? 1 : 0,
  );

/**
 * The data plane as an SVG file's text, drawn as the playground draws it: the points by class,
 * the separator w.x + b = 0 with its half-planes, the axes and ticks, and optionally the score
 * heatmap, the margin band, the maximum-margin separator with its support points, the
 * highlighted step and Step's update. See course/export.d.ts for the options.
 */
export function planeSvg(options) {
  const scene = sceneOf(options);
  const { width = 520, height = 520, title = PLANE_TITLE, measure = 'auto' } = options;
  for (const [name, value] of Object.entries({ width, height })) {
    if (!isFiniteNumber(value) || value <= 0 || value > 10_000) {
      fail(
        typeof value === 'number' ? RangeError : TypeError,
        `options.${name} must be a number of pixels from 1 to 10000; received ${describe(value)}`,
      );
    }
  }
  if (typeof title !== 'string') fail(TypeError, `options.title must be a string; received ${describe(title)}`);
  if (!['auto', 'canvas', 'approximate'].includes(measure)) {
    fail(RangeError, `options.measure must be 'auto', 'canvas' or 'approximate'; received ${describe(measure)}`);
  }
  return planeToSvg(scene, { width, height, title, measure });
}
