// The data plane as SVG in Node (perceptron-wasm/course's planeSvg, drawn by the page's own
// web/plane code on web/draw/svg-context.js): well-formed; the CMU example's points at the pixels
// the axes' tick labels map them to, in their class's colour; the separator through the points
// where 3x₁ + x₂ = 0 meets the view's border; the half-plane tints; the heatmap as one PNG image
// or a few crisp rectangles; the same options, the same text; bad options refused.
//   node --test tests/js/course-plane.test.mjs
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { planeSvg } from '../../dist/course/index.js';
import { CMU_X, CMU_Y, pw } from './helpers.mjs';
import { elementsNamed, parseXml } from './xml-check.mjs';

const BLUE = '#0877bd'; // class +1 (web/plane/canvas.js's CLASS_COLORS)
const ORANGE = '#c25e00'; // class -1
const number = (text) => Number(text.replace('−', '-'));

/**
 * The data -> pixel mapping the SVG's tick labels state: x's labels are centred on their value
 * along the bottom, y's sit on white boxes centred on theirs along the left. A line through
 * every label, checked (each within 0.01 px of it).
 */
function axesOf(root) {
  const children = root.children;
  const ticks = { x: [], y: [] };
  children.forEach((element, k) => {
    if (element.name !== 'text' || element.attrs['font-size'] !== '11') return;
    const value = number(element.text);
    const box = children[k - 1]; // the label's white backing
    if (element.attrs['text-anchor'] === 'middle') ticks.x.push([value, Number(element.attrs.x)]);
    else ticks.y.push([value, Number(box.attrs.y) + Number(box.attrs.height) / 2]);
  });
  const fit = (pairs) => {
    assert.ok(pairs.length >= 3, `${pairs.length} tick labels`);
    const [[v0, p0], [v1, p1]] = [pairs[0], pairs.at(-1)];
    const a = (p1 - p0) / (v1 - v0);
    const b = p0 - a * v0;
    for (const [v, p] of pairs) assert.ok(Math.abs(a * v + b - p) < 0.01, `tick ${v} at ${p}`);
    return { a, b };
  };
  const x = fit(ticks.x);
  const y = fit(ticks.y);
  return {
    toPixel: ([u, v]) => [x.a * u + x.b, y.a * v + y.b],
    toData: ([px, py]) => [(px - x.b) / x.a, (py - y.b) / y.a],
    ticks,
  };
}

// The discs: paths that are two half-circle arcs; their centre, radius and fill.
function discsOf(root) {
  return elementsNamed(root, 'path')
    .map((path) => {
      const m = /^M([\d.-]+) ([\d.-]+)A([\d.]+) \3 0 0 1 ([\d.-]+) \2A\3 \3 0 0 1 \1 \2$/.exec(path.attrs.d);
      if (!m) return null;
      const [x0, y0, r, x1] = [m[1], m[2], m[3], m[4]].map(Number);
      return { centre: [(x0 + x1) / 2, y0], r, fill: path.attrs.fill, stroke: path.attrs.stroke };
    })
    .filter(Boolean);
}

test('the CMU example: points where the axes say, by class, and the line 3x₁ + x₂ = 0 across the view', () => {
  const svg = planeSvg({ X: CMU_X, y: CMU_Y, weights: [3, 1], bias: 0 });
  const root = parseXml(svg);
  assert.equal(root.name, 'svg');
  assert.deepEqual([root.attrs.width, root.attrs.height, root.attrs.viewBox], ['520', '520', '0 0 520 520']);
  assert.equal(elementsNamed(root, 'title')[0].text, 'The data plane');
  const axes = axesOf(root);
  // The view is [-3, 3]² (the points' box, padded, on whole steps): ticks -2 .. 2 on both axes.
  assert.deepEqual(
    axes.ticks.x.map(([v]) => v),
    [-2, -1, 0, 1, 2],
  );
  assert.ok(Math.abs(axes.toPixel([-3, 3])[0]) < 0.01 && Math.abs(axes.toPixel([3, -3])[1] - 520) < 0.01);

  // The six discs (radius 8 on a 520 px plane), centred on their points, orange for -1, blue for +1.
  const discs = discsOf(root).filter((d) => d.stroke === '#ffffff');
  assert.equal(discs.length, 6);
  CMU_X.forEach((x, i) => {
    const [px, py] = axes.toPixel(x);
    const disc = discs.find((d) => Math.hypot(d.centre[0] - px, d.centre[1] - py) < 0.01);
    assert.ok(disc, `a disc at (${px}, ${py}) for point ${i}`);
    assert.equal(disc.r, 8);
    assert.equal(disc.fill, CMU_Y[i] === 1 ? BLUE : ORANGE);
  });

  // The separator: a 2 px #333 segment whose ends are on 3x₁ + x₂ = 0 and on the view's border.
  const lines = elementsNamed(root, 'path').filter(
    (p) => p.attrs.stroke === '#333333' && p.attrs['stroke-width'] === '2',
  );
  assert.equal(lines.length, 1);
  const ends = lines[0].attrs.d
    .slice(1)
    .split('L')
    .map((pair) => axes.toData(pair.split(' ').map(Number)));
  assert.equal(ends.length, 2);
  for (const [u, v] of ends) {
    assert.ok(Math.abs(3 * u + v) < 1e-3, `(${u}, ${v}) is on the line`);
    assert.ok(Math.abs(Math.abs(v) - 3) < 1e-3, `(${u}, ${v}) is on the top or bottom edge`);
  }
  // The half-planes: class -1's tint everywhere, class +1's over w.x + b >= 0 (right of the line).
  const tints = [...elementsNamed(root, 'rect'), ...elementsNamed(root, 'path')].filter(
    (e) => e.attrs['fill-opacity'] === '0.13',
  );
  assert.deepEqual(
    tints.map((e) => e.attrs.fill),
    [ORANGE, BLUE],
  );
  const positive = tints[1].attrs.d
    .slice(1)
    .replace('Z', '')
    .split('L')
    .map((p) => axes.toData(p.split(' ').map(Number)));
  for (const [u, v] of positive) assert.ok(3 * u + v >= -1e-3, `(${u}, ${v}) has w.x + b >= 0`);
});

test('every option draws valid SVG; the same options give the same text', () => {
  const sep = pw.analysis.separability(CMU_X, CMU_Y, { fitIntercept: false });
  const options = {
    X: CMU_X,
    y: CMU_Y,
    weights: [2, -1],
    bias: 0.5,
    band: true,
    step: { index: 4, mistake: true, score: 0 },
    update: { from: [2, -1], to: [3, 1] },
    separability: sep,
    misclassified: [false, false, false, false, true, false],
    featureNames: ['petal_length & <width>', 'x₂'],
    title: 'CMU: step 5',
  };
  const svg = planeSvg(options);
  const root = parseXml(svg);
  assert.equal(planeSvg(options), svg);
  const texts = elementsNamed(root, 'text').map((t) => t.text);
  for (const label of ['score 0', 'η·y·x', 'max margin', 'w', 'old w', 'x₂']) assert.ok(texts.includes(label), label);
  assert.ok(texts.includes('petal_length & <width>'), 'the axis title, escaped in the XML and read back');
  assert.ok(svg.includes('petal_length &amp; &lt;width&gt;'));
  assert.equal(elementsNamed(root, 'title')[0].text, 'CMU: step 5');
  // Strings and three classes: shapes by class.
  const three = planeSvg({
    X: [
      [0, 0],
      [1, 1],
      [2, 0],
    ],
    y: ['a', 'b', 'c'],
  });
  assert.equal(parseXml(three).name, 'svg');
});

test('the heatmap: one 64 x 64 PNG when smoothed, a few crisp rectangles when discrete', () => {
  const model = new pw.Perceptron({ mistakeRule: 'sign', fitIntercept: false });
  model.fit(CMU_X, CMU_Y);
  const smooth = planeSvg({ X: CMU_X, y: CMU_Y, model, heatmap: true });
  const images = elementsNamed(parseXml(smooth), 'image');
  assert.equal(images.length, 1);
  const png = Buffer.from(images[0].attrs['xlink:href'].replace('data:image/png;base64,', ''), 'base64');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [64, 64], 'IHDR: 64 x 64');
  const discrete = planeSvg({ X: CMU_X, y: CMU_Y, model, heatmap: 'discrete' });
  const cells = elementsNamed(parseXml(discrete), 'rect').filter((r) => r.attrs['shape-rendering'] === 'crispEdges');
  // w = (3, 1) splits the 64 x 64 grid along a line: at most 2 runs a row, merged down the rows.
  assert.ok(cells.length >= 2 && cells.length <= 128, `${cells.length} rectangles`);
  assert.deepEqual([...new Set(cells.map((r) => r.attrs.fill))].sort(), [BLUE, ORANGE].sort());
  // Without a model, w.x + b scores it: the same picture as the model's (b = 0 here).
  const linear = planeSvg({ X: CMU_X, y: CMU_Y, weights: model.weights, heatmap: 'discrete' });
  const crisp = (svg) => svg.split('\n').filter((line) => line.includes('crispEdges'));
  assert.deepEqual(crisp(linear), crisp(discrete));
  model.dispose();
});

test('the page’s plane modules import in Node (no DOM at import time)', async () => {
  assert.equal(typeof document, 'undefined');
  const folder = new URL('../../web/plane/', import.meta.url);
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.js'))) {
    const module = await import(new URL(file, folder));
    assert.ok(Object.keys(module).length > 0, file);
  }
});

test('bad options: a TypeError or RangeError naming the option, the expected and the received value', () => {
  const cases = [
    [() => planeSvg(), TypeError, 'planeSvg: options must be an object with X and y; received undefined'],
    [
      () => planeSvg({ X: CMU_X, y: CMU_Y, colour: 'red' }),
      RangeError,
      /^planeSvg: unknown option "colour"; known options are X, y, classes, /,
    ],
    [
      () => planeSvg({ X: [[1, 2, 3]], y: [1] }),
      TypeError,
      'planeSvg: options.X[0] must be two finite numbers; received an array of length 3',
    ],
    [
      () => planeSvg({ X: CMU_X, y: [1, -1] }),
      RangeError,
      'planeSvg: options.y must have one label per row of X (6); received 2',
    ],
    [
      () => planeSvg({ X: CMU_X, y: CMU_Y, weights: [1] }),
      TypeError,
      'planeSvg: options.weights must be two finite numbers; received an array of length 1',
    ],
    [
      () => planeSvg({ X: CMU_X, y: CMU_Y, band: true }),
      RangeError,
      'planeSvg: options.band needs options.weights (the band is the separator’s)',
    ],
    [
      () => planeSvg({ X: CMU_X, y: CMU_Y, step: { index: 6 } }),
      RangeError,
      'planeSvg: options.step.index must be a row of X (an integer from 0 to 5); received 6',
    ],
    [
      () => planeSvg({ X: CMU_X, y: CMU_Y, heatmap: true }),
      RangeError,
      'planeSvg: options.heatmap needs options.model or options.weights (what scores the plane)',
    ],
    [
      () => planeSvg({ X: CMU_X, y: CMU_Y, width: 0 }),
      RangeError,
      'planeSvg: options.width must be a number of pixels from 1 to 10000; received 0',
    ],
    [
      () => planeSvg({ X: CMU_X, y: CMU_Y, view: { x0: 1, x1: 0, y0: 0, y1: 1 } }),
      RangeError,
      /^planeSvg: options.view must be \{x0, x1, y0, y1\}/,
    ],
  ];
  for (const [call, Error, message] of cases) {
    assert.throws(
      call,
      (error) =>
        error instanceof Error &&
        (typeof message === 'string' ? error.message === message : message.test(error.message)),
      String(message),
    );
  }
});
