// The SVG context (web/draw/svg-context.js), the page's 2D drawing code's second target: what it
// writes for each canvas call, to the character; numbers rounded, -0 as 0; text measured by the
// documented approximation in Node and placed on its alphabetic baseline; circles as arcs, and
// as Béziers on the ellipse under a non-uniform scale; images as a PNG that decodes to the same
// pixels, or as merged crisp rectangles; every output well-formed XML; bad input refused.
//   node --test tests/js/svg-context.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crc32, inflateSync } from 'node:zlib';
import { SvgContext } from '../../web/draw/svg-context.js';
import { approximateWidth } from '../../web/draw/text-metrics.js';
import { elementsNamed, parseXml } from './xml-check.mjs';

const HEAD = (w, h, xlink = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"${xlink} width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" stroke-miterlimit="10">`;
const svgOf = (w, h, ...lines) => [HEAD(w, h), ...lines, '</svg>', ''].join('\n');
const context = (w = 100, h = 50, options = {}) => new SvgContext(w, h, { measure: 'approximate', ...options });

test('rectangles, a dashed translucent line and a filled, stroked circle, to the character', () => {
  const ctx = context();
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 100, 50);
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.5)';
  ctx.lineWidth = 2;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(10, 10);
  ctx.lineTo(90.123, 40.006);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = '#0877bd';
  ctx.beginPath();
  ctx.arc(50, 25, 5, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1.5;
  ctx.stroke(); // the same path just filled: one element
  const svg = ctx.toSvg();
  assert.equal(
    svg,
    svgOf(
      100,
      50,
      '<rect x="0" y="0" width="100" height="50" fill="#ffffff"/>',
      '<path d="M10 10L90.12 40.01" fill="none" stroke="#000000" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="4 3"/>',
      '<path d="M55 25A5 5 0 0 1 45 25A5 5 0 0 1 55 25" fill="#0877bd" stroke="#ffffff" stroke-width="1.5"/>',
    ),
  );
  assert.equal(parseXml(svg).name, 'svg');
  assert.equal(ctx.toSvg(), svg, 'toSvg does not change the drawing');
});

test('text: escaped, anchored by textAlign, on the alphabetic baseline of textBaseline', () => {
  const ctx = context(200, 100, { title: 'Fish & <chips>' });
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#333';
  ctx.fillText('a<b & "c"', 50, 20);
  ctx.font = 'italic 10px "DejaVu Sans", sans-serif';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'top';
  ctx.globalAlpha = 0.5;
  ctx.fillText('x\u0001y', 100, 0);
  ctx.globalAlpha = 1;
  ctx.textAlign = 'start';
  ctx.textBaseline = 'bottom';
  ctx.font = '11px sans-serif';
  ctx.fillText('  two  spaces', 0, 100);
  const svg = ctx.toSvg();
  // middle: 0.259766 em above the alphabetic baseline; top 0.759766; bottom 0.240234 below.
  assert.equal(
    svg,
    svgOf(
      200,
      100,
      '<title>Fish &amp; &lt;chips&gt;</title>',
      '<text x="50" y="23.12" font-family="system-ui, sans-serif" font-size="12" font-weight="600" text-anchor="middle" fill="#333333">a&lt;b &amp; "c"</text>',
      '<text x="100" y="7.6" font-family="&quot;DejaVu Sans&quot;, sans-serif" font-size="10" font-style="italic" text-anchor="end" fill="#333333" fill-opacity="0.5">x\ufffdy</text>',
      '<text x="0" y="97.36" font-family="sans-serif" font-size="11" fill="#333333" xml:space="preserve">  two  spaces</text>',
    ),
  );
  const root = parseXml(svg);
  assert.deepEqual(
    elementsNamed(root, 'text').map((t) => t.text),
    ['a<b & "c"', 'x\ufffdy', '  two  spaces'],
  );
});

test('measureText in Node: DejaVu Sans advance widths, Book below weight 600 and Bold from it', () => {
  const ctx = context();
  ctx.font = '10px sans-serif';
  // H 752 + i 278 thousandths of an em (Book); H 837 + i 343 (Bold).
  assert.equal(ctx.measureText('Hi').width.toFixed(6), '10.300000');
  ctx.font = 'bold 10px sans-serif';
  assert.equal(ctx.measureText('Hi').width.toFixed(6), '11.800000');
  assert.equal(approximateWidth('−1', 11), (0.838 + 0.636) * 11);
  assert.equal(approximateWidth('中', 12), 12, 'East Asian wide: 1 em');
  ctx.font = '12px sans-serif';
  ctx.textBaseline = 'top';
  assert.equal(ctx.measureText('x').alphabeticBaseline, -0.759766 * 12);
});

test('numbers: rounded to the decimals asked, never -0', () => {
  const ctx = context(10, 10);
  ctx.fillRect(-0.001, 0.004, 1.005001, 2);
  const coarse = context(10, 10, { decimals: 0 });
  coarse.fillRect(1.4, 1.6, 3.5, 2);
  assert.match(ctx.toSvg(), /<rect x="0" y="0" width="1.01" height="2" fill="#000000"\/>/);
  assert.match(coarse.toSvg(), /<rect x="1" y="2" width="4" height="2" fill="#000000"\/>/);
});

test('transforms: translate and scale map coordinates and line widths; save and restore', () => {
  const ctx = context();
  ctx.save();
  ctx.translate(10, 20);
  ctx.scale(2, 2);
  ctx.fillRect(1, 1, 3, 4);
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(5, 0);
  ctx.stroke();
  ctx.font = '10px sans-serif';
  ctx.fillText('A', 0, 0);
  ctx.restore();
  assert.deepEqual(ctx.getTransform(), { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
  ctx.rotate(Math.PI / 2);
  ctx.fillRect(0, 0, 2, 1); // a quarter turn: (x, y) -> (-y, x)
  const lines = ctx.toSvg().split('\n');
  assert.deepEqual(lines.slice(2, -2), [
    '<rect x="12" y="22" width="6" height="8" fill="#000000"/>',
    '<path d="M10 20L20 20" fill="none" stroke="#000000" stroke-width="2"/>',
    '<text x="10" y="20" font-family="sans-serif" font-size="20" fill="#000000">A</text>',
    '<path d="M0 0L0 2L-1 2L-1 0Z" fill="#000000"/>',
  ]);
});

test('a circle under a non-uniform scale: cubic Béziers whose points lie on the ellipse', () => {
  const ctx = context();
  ctx.setTransform(20, 0, 0, 10, 50, 25);
  ctx.beginPath();
  ctx.arc(0, 0, 1, 0, 2 * Math.PI);
  ctx.stroke();
  const d = elementsNamed(parseXml(ctx.toSvg()), 'path')[0].attrs.d;
  const segments = d.split('C').slice(1);
  assert.equal(segments.length, 4, 'a quarter turn each');
  // Each cubic's midpoint (t = 1/2) lies on (x - 50)²/20² + (y - 25)²/10² = 1, to the rounding.
  let from = d.slice(1, d.indexOf('C')).split(' ').map(Number);
  for (const segment of segments) {
    const [x1, y1, x2, y2, x3, y3] = segment.split(' ').map(Number);
    const mx = (from[0] + 3 * x1 + 3 * x2 + x3) / 8;
    const my = (from[1] + 3 * y1 + 3 * y2 + y3) / 8;
    assert.ok(Math.abs(((mx - 50) / 20) ** 2 + ((my - 25) / 10) ** 2 - 1) < 2e-3, `${mx}, ${my} is on the ellipse`);
    assert.ok(Math.abs(((x3 - 50) / 20) ** 2 + ((y3 - 25) / 10) ** 2 - 1) < 1e-3);
    from = [x3, y3];
  }
});

test('arcs sweep as a canvas sweeps them: clockwise, counterclockwise, the long way round', () => {
  const ctx = context();
  ctx.beginPath();
  ctx.arc(50, 25, 10, 0, Math.PI / 2); // a quarter clockwise (y down): to (50, 35)
  ctx.moveTo(80, 25);
  ctx.arc(70, 25, 10, 0, Math.PI / 2, true); // three quarters counterclockwise: two pieces
  ctx.stroke();
  const d = elementsNamed(parseXml(ctx.toSvg()), 'path')[0].attrs.d;
  assert.equal(d, 'M60 25A10 10 0 0 1 50 35M80 25A10 10 0 0 0 62.93 17.93A10 10 0 0 0 70 35');
});

test('images: a smoothed one is a PNG of the same pixels; unsmoothed, merged crisp rectangles', () => {
  const ctx = context(20, 20);
  const image = ctx.canvas.ownerDocument.createElement('canvas');
  image.width = 2;
  image.height = 2;
  const ictx = image.getContext('2d');
  const pixels = ictx.createImageData(2, 2);
  pixels.data.set([255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 128]);
  ictx.putImageData(pixels, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(image, 0, 0, 20, 20);
  assert.deepEqual(ctx.toSvg().split('\n').slice(2, -2), [
    '<rect x="0" y="0" width="20" height="10" fill="#ff0000" shape-rendering="crispEdges"/>',
    '<rect x="0" y="10" width="10" height="10" fill="#ff0000" shape-rendering="crispEdges"/>',
    '<rect x="10" y="10" width="10" height="10" fill="#0000ff" fill-opacity="0.502" shape-rendering="crispEdges"/>',
  ]);

  ctx.reset();
  ctx.drawImage(image, 0, 0, 20, 20);
  const svg = ctx.toSvg();
  assert.ok(svg.startsWith(HEAD(20, 20, ' xmlns:xlink="http://www.w3.org/1999/xlink"')));
  const [element] = elementsNamed(parseXml(svg), 'image');
  assert.deepEqual(
    Object.entries(element.attrs).slice(0, 5),
    Object.entries({ x: '0', y: '0', width: '20', height: '20', preserveAspectRatio: 'none' }),
  );
  const png = Buffer.from(element.attrs['xlink:href'].replace('data:image/png;base64,', ''), 'base64');
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Chunks: IHDR (2 x 2, 8-bit RGBA), IDAT, IEND, each with its CRC-32.
  const chunks = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)), `${type}'s CRC`);
    chunks.push({ type, data });
    at += 12 + length;
  }
  assert.deepEqual(
    chunks.map((c) => c.type),
    ['IHDR', 'IDAT', 'IEND'],
  );
  assert.deepEqual([...chunks[0].data], [0, 0, 0, 2, 0, 0, 0, 2, 8, 6, 0, 0, 0]);
  const raw = inflateSync(chunks[1].data);
  assert.deepEqual([...raw], [0, ...pixels.data.slice(0, 8), 0, ...pixels.data.slice(8)]);
});

test('clip paths, clearRect of everything and of a part, ignored values, deterministic text', () => {
  const draw = () => {
    const ctx = context();
    ctx.fillRect(0, 0, 5, 5);
    ctx.clearRect(-1, -1, 200, 200); // the whole drawing: erased
    ctx.beginPath();
    ctx.rect(0, 0, 10, 10);
    ctx.clip();
    ctx.fillStyle = 'no such colour'; // ignored, as a canvas ignores it
    ctx.lineWidth = -1; // ignored
    ctx.font = 'not a font'; // ignored
    ctx.fillRect(0, 0, 100, 50);
    ctx.clearRect(1, 1, 2, 2);
    return ctx;
  };
  const svg = draw().toSvg();
  assert.equal(
    svg,
    svgOf(
      100,
      50,
      '<defs><clipPath id="clip1"><path d="M0 0L10 0L10 10L0 10ZM0 0"/></clipPath></defs>',
      '<rect x="0" y="0" width="100" height="50" fill="#000000" clip-path="url(#clip1)"/>',
      '<rect x="1" y="1" width="2" height="2" fill="#ffffff" clip-path="url(#clip1)"/>',
    ),
  );
  assert.equal(draw().toSvg(), svg, 'the same drawing, the same text');
  const ctx = draw();
  assert.equal(ctx.lineWidth, 1);
  assert.equal(ctx.font, '10px sans-serif');
  assert.equal(ctx.fillStyle, '#000000');
  ctx.setLineDash([1, 2, 3]);
  assert.deepEqual(ctx.getLineDash(), [1, 2, 3, 1, 2, 3], 'an odd list is repeated');
});

test('bad input is refused with the argument, the expected and the received value', () => {
  assert.throws(() => new SvgContext(0, 10), {
    name: 'RangeError',
    message: 'SvgContext: width must be a finite number > 0; received 0',
  });
  assert.throws(() => new SvgContext('10', 10), {
    name: 'TypeError',
    message: 'SvgContext: width must be a number; received the string "10"',
  });
  assert.throws(() => new SvgContext(10, 10, { decimals: 7 }), {
    name: 'RangeError',
    message: 'SvgContext: options.decimals must be an integer from 0 to 6; received 7',
  });
  assert.throws(() => new SvgContext(10, 10, { measure: 'canvas' }), {
    name: 'RangeError',
    message: "SvgContext: options.measure 'canvas' needs a canvas (a browser or a worker); there is none",
  });
  const ctx = context();
  assert.throws(() => (ctx.fillStyle = { addColorStop() {} }), {
    name: 'TypeError',
    message:
      'SvgContext: fillStyle must be a CSS colour string (gradients and patterns are not supported); received an object',
  });
  assert.throws(() => ctx.setLineDash('4 3'), {
    name: 'TypeError',
    message: 'SvgContext.setLineDash: segments must be an array of numbers; received the string "4 3"',
  });
  assert.throws(() => ctx.arc(0, 0, -1, 0, 1), {
    name: 'RangeError',
    message: 'SvgContext.arc: radius must be >= 0; received -1',
  });
  assert.throws(() => ctx.drawImage({}, 0, 0), { name: 'TypeError' });
  assert.throws(() => ctx.getImageData(0, 0, 1, 1), { name: 'TypeError' });
  assert.equal(ctx.toSvg(), svgOf(100, 50), 'nothing drawn');
});
