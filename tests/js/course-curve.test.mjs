// curveSvg (perceptron-wasm/course) in Node: the learning curve as SVG, drawn by the page's own
// drawing code (web/curve/curve-draw.js) on the SVG context. A hand-made history whose pixels
// are computed here by hand from the layout's rules, the ticks, the legend and the title, the
// accessible name of a real fit's history, 100,000 epochs kept small, and bad options.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { curveSvg } from '../../dist/course/index.js';
import { formatPercent } from '../../web/shell/format.js';
import { pw } from './helpers.mjs';

// A hand-made history: 4 epochs of 8 examples, validation on 4 (the page's e2e test's).
const HAND = [
  { epoch: 1, steps: 8, mistakes: 5, trainError: 0.5, validationError: 0.75 },
  { epoch: 2, steps: 8, mistakes: 3, trainError: 0.25, validationError: 0.5 },
  { epoch: 3, steps: 8, mistakes: 2, trainError: 0.125, validationError: 0.25 },
  { epoch: 4, steps: 8, mistakes: 1, trainError: 0.03125, validationError: 0.25 },
];
const COLOURS = { train: '#1565c0', validation: '#7b3fa0', mistakes: '#c62828' };

const unescape = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

// The SVG's elements ({tag, attrs, text}) after checking that it is well formed: one <svg> root,
// every tag closed in order, attributes quoted once each, nothing but markup and text.
function parseSvg(svg) {
  assert.match(svg, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const body = svg.slice(svg.indexOf('?>') + 2);
  const elements = [];
  const open = [];
  const token = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match;
  let end = 0;
  while ((match = token.exec(body))) {
    end = token.lastIndex;
    const [, closing, tag, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      if (open.length === 0) assert.match(text, /^\s*$/, 'no text outside <svg>');
      else if (text.trim()) elements.at(-1).text = unescape(text);
      continue;
    }
    if (closing) {
      assert.equal(open.pop(), tag, `</${tag}> closes the last open tag`);
      continue;
    }
    assert.ok(open.length > 0 || (tag === 'svg' && elements.length === 0), `<${tag}> inside the one <svg>`);
    const attrs = {};
    for (const [, name, value] of attributes.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      assert.ok(!(name in attrs), `<${tag}> has ${name} once`);
      attrs[name] = unescape(value);
    }
    elements.push({ tag, attrs });
    if (!selfClosing) open.push(tag);
  }
  assert.equal(end, body.length, `markup to the end (stopped at ${JSON.stringify(body.slice(end, end + 40))})`);
  assert.deepEqual(open, [], 'every tag closed');
  return elements;
}

// A path's points: [[x, y], ...] of its M and L commands (a path of lines only).
function points(d) {
  assert.match(d, /^(?:[ML]\s*-?[\d.]+[\s,]+-?[\d.]+\s*)+$/, `lines only: ${d.slice(0, 80)}`);
  return [...d.matchAll(/[ML]\s*(-?[\d.]+)[\s,]+(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

// The stroked lines of one colour that are not circles (the data points are arcs).
const linesOf = (elements, colour) =>
  elements.filter((e) => e.tag === 'path' && e.attrs.stroke === colour && !/[AC]/.test(e.attrs.d));
const texts = (elements) => elements.filter((e) => e.tag === 'text');
const errorTicks = (elements) => texts(elements).filter((t) => /%$/.test(t.text));
const mistakeTicks = (elements) => texts(elements).filter((t) => t.attrs.fill === COLOURS.mistakes);

// A tick label's value: '1,234' 1234, '12.5%' 12.5, '20K' 20,000, '1.5M' 1,500,000.
const tickValue = (text) => parseFloat(text.replace(/,/g, '')) * ({ K: 1e3, M: 1e6, B: 1e9 }[text.at(-1)] ?? 1);

// A y axis' value -> pixel, from its tick labels: 0 is at the x axis (y 176 in a figure without
// a title), and two labels give the pixels per unit (each label is the same distance from its tick).
function scaleOf(ticks) {
  const values = ticks.map((t) => [tickValue(t.text), Number(t.attrs.y)]);
  const [a, b] = [values[0], values.at(-1)]; // the farthest apart: the least rounding
  assert.equal(a[0], 0, 'the first tick is 0');
  const perUnit = (b[1] - a[1]) / (b[0] - a[0]);
  return (value) => 176 + perUnit * value;
}

const near = (a, b, what, tolerance = 0.01) =>
  assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} is not ${b} (± ${tolerance})`);

describe('curveSvg', () => {
  test('a hand-made history: the lines at the pixels the layout puts them', () => {
    const svg = curveSvg({ history: HAND, width: 600, height: 220, legend: false });
    const elements = parseSvg(svg);
    const root = elements[0];
    assert.deepEqual(root.attrs, {
      xmlns: 'http://www.w3.org/2000/svg',
      width: '600',
      height: '220',
      viewBox: '0 0 600 220',
      'stroke-miterlimit': '10',
    });
    // By hand, from curve-layout.js's rules: the error scale from 0 to 75% plus a tenth rounded
    // up to a whole percent, 83; ticks every 20% (the least step leaving 28 px: 83 × 28 / 166 =
    // 14 -> 20), labels '80%' at most: the left axis 14 + 7 × 3 = 35 px. Mistakes from 0 to
    // 11 × 1.1 rounded up, 13; ticks every 5; labels of 2 characters: 28 px on the right. The
    // plot: x from 35 to 572 (537 px), y from 10 to 176 (220 − 26 − 18; 166 px).
    const x = (epoch) => 35 + ((epoch - 1) / 3) * 537;
    const yError = (percent) => 176 - (percent / 83) * 166; // 176 − 2 × percent
    const yMistakes = (count) => 176 - (count / 13) * 166;
    const expected = {
      train: [50, 25, 12.5, 3.125].map((p, i) => [x(i + 1), yError(p)]),
      validation: [75, 50, 25, 25].map((p, i) => [x(i + 1), yError(p)]),
      mistakes: [5, 8, 10, 11].map((m, i) => [x(i + 1), yMistakes(m)]),
    };
    assert.deepEqual(
      expected.train.map(([px, py]) => [px, Number(py.toFixed(9))]),
      [
        [35, 76],
        [214, 126],
        [393, 151],
        [572, 169.75],
      ],
    );
    for (const [name, colour] of Object.entries(COLOURS)) {
      const lines = linesOf(elements, colour);
      assert.equal(lines.length, 1, `one ${name} line`);
      const got = points(lines[0].attrs.d);
      assert.equal(got.length, 4, name);
      got.forEach(([px, py], i) => {
        near(px, expected[name][i][0], `${name} x at epoch ${i + 1}`);
        near(py, expected[name][i][1], `${name} y at epoch ${i + 1}`);
      });
      assert.equal(lines[0].attrs['stroke-width'], '2', name);
      // A data point on each epoch (537 / 3 px apart, more than 10): four circles of its colour.
      const circles = elements.filter((e) => e.tag === 'path' && e.attrs.stroke === colour && /[AC]/.test(e.attrs.d));
      assert.equal(circles.length, 4, `${name}'s points`);
    }
    // The dash patterns: validation 8 4, mistakes 2 3, train solid.
    assert.equal(linesOf(elements, COLOURS.train)[0].attrs['stroke-dasharray'], undefined);
    assert.equal(linesOf(elements, COLOURS.validation)[0].attrs['stroke-dasharray'], '8 4');
    assert.equal(linesOf(elements, COLOURS.mistakes)[0].attrs['stroke-dasharray'], '2 3');

    // The tick labels, where the ticks are: x under the plot, the errors right-aligned 9 px left
    // of it, the mistakes 9 px right of it in the mistakes' colour.
    const labels = texts(elements);
    const at = (text) => labels.find((t) => t.text === text);
    for (const epoch of [1, 2, 3, 4]) {
      near(Number(at(String(epoch)).attrs.x), x(epoch), `x tick ${epoch}`);
      assert.equal(at(String(epoch)).attrs['text-anchor'], 'middle');
    }
    assert.deepEqual(
      errorTicks(elements).map((t) => t.text),
      ['0%', '20%', '40%', '60%', '80%'],
    );
    for (const t of errorTicks(elements)) {
      assert.equal(t.attrs.x, '26');
      assert.equal(t.attrs['text-anchor'], 'end');
    }
    assert.deepEqual(
      mistakeTicks(elements).map((t) => t.text),
      ['0', '5', '10'],
    );
    for (const t of mistakeTicks(elements)) assert.equal(t.attrs.x, '581');
    // Each label's baseline is a little under its tick (the text is centred on it): within the
    // font's size below.
    for (const [t, y] of [
      ...errorTicks(elements).map((t) => [t, yError(parseFloat(t.text))]),
      ...mistakeTicks(elements).map((t) => [t, yMistakes(Number(t.text))]),
    ]) {
      const below = Number(t.attrs.y) - y;
      assert.ok(below > 0 && below < 12, `${t.text}: baseline ${t.attrs.y}, tick at ${y}`);
    }
    assert.ok(at('Epoch'), 'the x axis title');
    // No legend and no title asked: none of their text.
    assert.equal(at('Train error'), undefined);
    // The accessible name: the latest epoch, as the page's aria-label says it.
    const title = elements.find((e) => e.tag === 'title');
    assert.equal(title.text, 'Learning curve: epoch 4, train error 3.1%, validation error 25%, 11 mistakes in all');
    // The same call, the same text.
    assert.equal(curveSvg({ history: HAND, width: 600, height: 220, legend: false }), svg);
  });

  test('the legend under the plot and a title above it; the height they need by default', () => {
    const elements = parseSvg(curveSvg({ history: HAND, title: 'Figure 3: the perceptron on AND' }));
    const root = elements[0];
    // 600 wide by default; 220 for the plot, 24 for the title, one legend row of 20 + 4.
    assert.equal(root.attrs.width, '600');
    assert.equal(root.attrs.height, String(220 + 24 + 24));
    const labels = texts(elements).map((t) => t.text);
    assert.ok(labels.includes('Figure 3: the perceptron on AND'));
    for (const label of ['Train error', 'Validation error', 'Mistakes in all'])
      assert.ok(labels.includes(label), label);
    // The plot moved down by the title: the train line starts 24 px lower than without.
    const train = points(linesOf(elements, COLOURS.train)[0].attrs.d);
    assert.deepEqual(train[0], [35, 100]);
    // Narrow: the legend takes two rows.
    const narrow = parseSvg(curveSvg({ history: HAND, width: 300 }))[0];
    assert.equal(narrow.attrs.height, String(220 + 2 * 20 + 4));
    // Without a validation set: no error line, axis or legend entry; the plot starts at 16 px.
    const plain = parseSvg(curveSvg({ history: HAND.map(({ epoch, mistakes }) => ({ epoch, mistakes })) }));
    const plainLabels = texts(plain).map((t) => t.text);
    assert.deepEqual(
      plainLabels.filter((t) => /%|error/.test(t)),
      [],
    );
    assert.ok(plainLabels.includes('Mistakes in all'));
    assert.equal(linesOf(plain, COLOURS.train).length, 0);
    assert.equal(points(linesOf(plain, COLOURS.mistakes)[0].attrs.d)[0][0], 16);
  });

  test("a real fit's report.history: the lines end at its last epoch, the name says its numbers", () => {
    const train = pw.Dataset.generate('gaussians', { rows: 200, seed: 7, noise: 0.7 });
    const valid = pw.Dataset.generate('gaussians', { rows: 100, seed: 8, noise: 0.7 });
    const report = new pw.Perceptron({ maxEpochs: 40, patience: 10 }).fit(train, undefined, {
      validation: { X: valid },
    });
    train.dispose();
    valid.dispose();
    const h = report.history;
    assert.ok(h.length >= 5, `${h.length} epochs`);
    const elements = parseSvg(curveSvg({ history: h }));
    const last = h.at(-1);
    assert.equal(
      elements.find((e) => e.tag === 'title').text,
      `Learning curve: epoch ${last.epoch}, train error ${formatPercent(last.trainError)}, ` +
        `validation error ${formatPercent(last.validationError)}, ${report.mistakes} mistakes in all`,
    );
    // The three lines through the same epochs, the last at the plot's right edge: the width less
    // the right axis, 14 px and 7 per character of its longest label.
    const lines = Object.values(COLOURS).map((colour) => points(linesOf(elements, colour)[0].attrs.d));
    const right = 14 + 7 * Math.max(...mistakeTicks(elements).map((t) => t.text.length));
    for (const line of lines) {
      assert.equal(line.length, h.length);
      assert.deepEqual(
        line.map(([px]) => px),
        lines[0].map(([px]) => px),
      );
      near(line.at(-1)[0], 600 - right, 'the last epoch at the right edge');
    }
    // Each line's last point at its value on its axis (the scale read from the tick labels).
    const error = scaleOf(errorTicks(elements));
    const mistakes = scaleOf(mistakeTicks(elements));
    near(lines[0].at(-1)[1], error(last.trainError * 100), 'the last train error');
    near(lines[1].at(-1)[1], error(last.validationError * 100), 'the last validation error');
    near(lines[2].at(-1)[1], mistakes(report.mistakes), 'the mistakes in all');
  });

  test('100,000 epochs: a few points per pixel column, the extremes kept', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const history = Array.from({ length: 100_000 }, (_, i) => ({
      epoch: i + 1,
      mistakes: Math.round((200 / Math.sqrt(i + 1)) * random()),
      trainError: Math.min(1, (0.4 / Math.sqrt(i + 1)) * (0.5 + random())),
    }));
    const svg = curveSvg({ history, legend: false, height: 220 });
    const elements = parseSvg(svg);
    assert.ok(svg.length < 150_000, `${svg.length} characters`);
    const total = history.reduce((t, e) => t + e.mistakes, 0);
    const train = points(linesOf(elements, COLOURS.train)[0].attrs.d);
    const columns = new Set(train.map(([px]) => px));
    console.log(
      `100,000 epochs: ${svg.length} characters, ${train.length} points of the train line in ${columns.size} columns`,
    );
    assert.ok(train.length <= 4 * columns.size, `${train.length} points in ${columns.size} columns`);
    // The highest and lowest train error are drawn, at their pixels; the mistakes end at the total.
    const error = scaleOf(errorTicks(elements));
    const rates = history.map((e) => e.trainError * 100);
    near(Math.min(...train.map(([, py]) => py)), error(Math.max(...rates)), 'the highest train error');
    near(Math.max(...train.map(([, py]) => py)), error(Math.min(...rates)), 'the lowest train error');
    const mistakes = points(linesOf(elements, COLOURS.mistakes)[0].attrs.d);
    near(mistakes.at(-1)[1], scaleOf(mistakeTicks(elements))(total), 'the mistakes in all');
    assert.ok(
      texts(elements).some((t) => t.text === '100K'),
      'x ticks in thousands',
    );
  });

  test('bad options: a clear error naming the option, and nothing changed', () => {
    const copy = structuredClone(HAND);
    const cases = [
      [undefined, TypeError, /^curveSvg: options must be an object .*; received undefined$/],
      [[], TypeError, /options must be an object .*; received an array of length 0$/],
      [
        { history: HAND, colour: 'red' },
        RangeError,
        /^curveSvg: unknown option "colour"; the options are history, width/,
      ],
      [{}, TypeError, /^curveSvg: options\.history must be an array of epochs .*; received undefined$/],
      [{ history: { history: HAND } }, TypeError, /options\.history must be an array .*received an object$/],
      [{ history: [] }, RangeError, /options\.history must hold at least one epoch; received none$/],
      [{ history: [1] }, TypeError, /options\.history\[0\] must be an object \{epoch, .*; received 1$/],
      [
        { history: [{ epoch: '1' }] },
        TypeError,
        /history\[0\]\.epoch must be a finite number; received the string "1"$/,
      ],
      [{ history: [{ epoch: NaN }] }, RangeError, /history\[0\]\.epoch must be a finite number; received NaN$/],
      [
        { history: [HAND[1], HAND[0]] },
        RangeError,
        /history\[1\]\.epoch must be greater than the epoch before it \(2\); received 1$/,
      ],
      [
        { history: [{ epoch: 1, mistakes: -1 }] },
        RangeError,
        /history\[0\]\.mistakes must be a number >= 0; received -1$/,
      ],
      [
        { history: [{ epoch: 1, trainError: 25 }] },
        RangeError,
        /history\[0\]\.trainError must be a rate from 0 to 1; received 25$/,
      ],
      [
        { history: [{ epoch: 1, validationError: '0.1' }] },
        TypeError,
        /validationError must be a rate from 0 to 1; received the string "0\.1"$/,
      ],
      [
        { history: HAND, width: 50 },
        RangeError,
        /^curveSvg: options\.width must be from 120 to 10000 pixels; received 50$/,
      ],
      [
        { history: HAND, width: '600' },
        TypeError,
        /options\.width must be from 120 to 10000 pixels; received the string "600"$/,
      ],
      [{ history: HAND, height: 110 }, RangeError, /options\.height must be from 124 to 10000 pixels; received 110$/],
      [{ history: HAND, title: 3 }, TypeError, /options\.title must be a string or null; received 3$/],
      [{ history: HAND, legend: 'yes' }, TypeError, /options\.legend must be a boolean; received the string "yes"$/],
    ];
    for (const [options, type, message] of cases) {
      assert.throws(
        () => curveSvg(options),
        (error) => error instanceof type && message.test(error.message),
        String(message),
      );
    }
    assert.deepEqual(HAND, copy, 'the history is left as it was');
  });
});
