// The SVG elements the SVG context (svg-context.js) writes for what a canvas paints: paint and
// stroke attributes from the context's state, rectangles, text and images, and their XML.
// An element is {tag, attrs: [[name, value], ...], text?}; attributes keep their order.

import { apply, scaleOf } from './svg-path.js';
import { fixed, xmlAttribute, xmlText } from './svg-paint.js';
import { crop, pixelRectangles, pixelsOf, pngDataUrl } from './svg-pixels.js';

/** fill or stroke with its opacity (the colour's alpha times globalAlpha) when below 1. */
export function paintAttributes(kind, style, globalAlpha) {
  const alpha = style.alpha * globalAlpha;
  const attrs = [[kind, style.hex]];
  if (alpha < 1) attrs.push([`${kind}-opacity`, fixed(alpha, 4)]);
  return attrs;
}

/** A stroke's attributes (those that differ from SVG's defaults, the root's miter limit of 10). */
export function strokeAttributes(state, n, scale = scaleOf(state.matrix)) {
  const attrs = paintAttributes('stroke', state.stroke, state.globalAlpha);
  if (state.lineWidth * scale !== 1) attrs.push(['stroke-width', n(state.lineWidth * scale)]);
  if (state.lineCap !== 'butt') attrs.push(['stroke-linecap', state.lineCap]);
  if (state.lineJoin !== 'miter') attrs.push(['stroke-linejoin', state.lineJoin]);
  else if (state.miterLimit !== 10) attrs.push(['stroke-miterlimit', n(state.miterLimit)]);
  if (state.lineDash.some((v) => v > 0)) {
    attrs.push(['stroke-dasharray', state.lineDash.map((v) => n(v * scale)).join(' ')]);
    if (state.lineDashOffset !== 0) attrs.push(['stroke-dashoffset', n(state.lineDashOffset * scale)]);
  }
  return attrs;
}

/** The matrix as a transform attribute (its linear part to 6 decimals). */
export const matrixText = (m, n) => `matrix(${[...m.slice(0, 4).map((v) => fixed(v, 6)), n(m[4]), n(m[5])].join(' ')})`;

/** The rectangle (x, y, w, h) under the state's matrix: a <rect> while axis-aligned, else a path. */
export function rectShape(state, x, y, w, h, n) {
  const m = state.matrix;
  const corners = [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ].map(([u, v]) => apply(m, u, v));
  if (m[1] === 0 && m[2] === 0) {
    const [[x0, y0], , [x1, y1]] = corners;
    return {
      tag: 'rect',
      attrs: [
        ['x', n(Math.min(x0, x1))],
        ['y', n(Math.min(y0, y1))],
        ['width', n(Math.abs(x1 - x0))],
        ['height', n(Math.abs(y1 - y0))],
      ],
    };
  }
  const d = corners.map(([u, v], k) => `${k === 0 ? 'M' : 'L'}${n(u)} ${n(v)}`).join('');
  return { tag: 'path', attrs: [['d', `${d}Z`]] };
}

/**
 * fillText's or strokeText's element: at (x, y) with the alphabetic baseline `shift` below the
 * textBaseline's, anchored by textAlign; `width` is the measured width, squeezed to maxWidth.
 */
export function textElement(state, text, x, y, { width, shift, maxWidth, kind }, n) {
  const { font, matrix: m } = state;
  const rtl = state.direction === 'rtl';
  const align = { start: rtl ? 'right' : 'left', end: rtl ? 'left' : 'right' }[state.textAlign] ?? state.textAlign;
  // Translated and uniformly scaled: device coordinates; otherwise the matrix as a transform.
  const plain = m[1] === 0 && m[2] === 0 && m[0] === m[3] && m[0] > 0;
  const scale = plain ? m[0] : 1;
  const [px, py] = plain ? apply(m, x, y + shift) : [x, y + shift];
  const attrs = [
    ['x', n(px)],
    ['y', n(py)],
    ['font-family', font.family],
    ['font-size', n(font.size * scale)],
  ];
  if (font.weight !== 400) attrs.push(['font-weight', String(font.weight)]);
  if (font.style !== 'normal') attrs.push(['font-style', font.style]);
  if (align !== 'left') attrs.push(['text-anchor', align === 'center' ? 'middle' : 'end']);
  if (kind === 'fill') attrs.push(...paintAttributes('fill', state.fill, state.globalAlpha));
  else attrs.push(['fill', 'none'], ...strokeAttributes(state, n, scale));
  if (maxWidth !== undefined && width > maxWidth) {
    attrs.push(['textLength', n(maxWidth * scale)], ['lengthAdjust', 'spacingAndGlyphs']);
  }
  if (!plain) attrs.push(['transform', matrixText(m, n)]);
  if (/^\s|\s$|\s\s/.test(text)) attrs.push(['xml:space', 'preserve']);
  return { tag: 'text', attrs, text };
}

/**
 * drawImage's elements for `source` and its arguments after the image ((dx, dy), (dx, dy, dw,
 * dh) or (sx, sy, sw, sh, dx, dy, dw, dh)): a PNG <image> when smoothing is on, else the
 * pixels as rectangles (crisp, as a canvas draws them unsmoothed).
 */
export function imageElements(state, source, args, n) {
  const image = pixelsOf(source);
  let [sx, sy, sw, sh] = [0, 0, image.width, image.height];
  let dx, dy, dw, dh;
  if (args.length === 2) [dx, dy, dw, dh] = [...args, sw, sh];
  else if (args.length === 4) [dx, dy, dw, dh] = args;
  else if (args.length === 8) [sx, sy, sw, sh, dx, dy, dw, dh] = args;
  else throw new TypeError(`SvgContext.drawImage: expected 3, 5 or 9 arguments; received ${args.length + 1}`);
  if (![sx, sy, sw, sh, dx, dy, dw, dh].every(Number.isFinite) || !sw || !sh || !dw || !dh) return [];
  if (sw < 0) [sx, sw] = [sx + sw, -sw];
  if (sh < 0) [sy, sh] = [sy + sh, -sh];
  if (dw < 0) [dx, dw] = [dx + dw, -dw];
  if (dh < 0) [dy, dh] = [dy + dh, -dh];
  const part = crop(image, sx, sy, sw, sh);
  const m = state.matrix;
  if (state.imageSmoothingEnabled) {
    const upright = m[1] === 0 && m[2] === 0 && m[0] > 0 && m[3] > 0;
    const [x0, y0] = upright ? apply(m, dx, dy) : [dx, dy];
    const [x1, y1] = upright ? apply(m, dx + dw, dy + dh) : [dx + dw, dy + dh];
    const attrs = [
      ['x', n(x0)],
      ['y', n(y0)],
      ['width', n(x1 - x0)],
      ['height', n(y1 - y0)],
      ['preserveAspectRatio', 'none'],
    ];
    if (state.globalAlpha < 1) attrs.push(['opacity', fixed(state.globalAlpha, 4)]);
    if (!upright) attrs.push(['transform', matrixText(m, n)]);
    attrs.push(['xlink:href', pngDataUrl(part)]);
    return [{ tag: 'image', attrs }];
  }
  const [cw, ch] = [dw / part.width, dh / part.height];
  return pixelRectangles(part).map(([column, row, w, h, r, g, b, a]) => {
    const shape = rectShape(state, dx + column * cw, dy + row * ch, w * cw, h * ch, n);
    const hex = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    const fill = paintAttributes('fill', { hex, alpha: a / 255 }, state.globalAlpha);
    return { tag: shape.tag, attrs: [...shape.attrs, ...fill, ['shape-rendering', 'crispEdges']] };
  });
}

/** An element as XML. */
export function serialize({ tag, attrs, text }) {
  const list = attrs.map(([name, value]) => ` ${name}="${xmlAttribute(value)}"`).join('');
  return text === undefined ? `<${tag}${list}/>` : `<${tag}${list}>${xmlText(text)}</${tag}>`;
}
