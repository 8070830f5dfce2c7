// A CanvasRenderingContext2D that writes SVG, so that drawing code made for the page's canvases
// draws a vector figure unchanged: one drawing path, two targets.
//
//   const ctx = new SvgContext(520, 520, { title: 'The data plane' });
//   drawSomething(ctx);           // as on canvas.getContext('2d')
//   const text = ctx.toSvg();     // '<?xml …?><svg …>…</svg>\n'
//
// Deterministic: coordinates rounded to `decimals` (default 2, never '-0'), attributes in a
// fixed order; with measure: 'approximate' the same text in Node and in every browser.
//
// The subset of the canvas API it implements:
//   state       save, restore, reset; fillStyle, strokeStyle (CSS colours; no gradients or
//               patterns), globalAlpha, lineWidth, lineCap, lineJoin, miterLimit, setLineDash,
//               getLineDash, lineDashOffset, font, textAlign, textBaseline, direction,
//               imageSmoothingEnabled, imageSmoothingQuality
//   transforms  setTransform (6 numbers, {a, b, c, d, e, f} or none), getTransform,
//               resetTransform, transform, translate, scale, rotate
//   paths       beginPath, moveTo, lineTo, closePath, rect, arc, quadraticCurveTo,
//               bezierCurveTo; fill ('nonzero' or 'evenodd'), stroke, clip
//   rectangles  fillRect, strokeRect, clearRect (of the whole drawing: erases it; of a part:
//               paints it white, as a cleared canvas shows on a white page)
//   text        fillText, strokeText (maxWidth by textLength), measureText
//   images      drawImage (3, 5 or 9 arguments), createImageData, putImageData; ctx.canvas is
//               {width, height, ownerDocument} and ownerDocument.createElement('canvas') makes a
//               canvas that holds pixels (as heatmap.js uses it)
// A value a canvas would ignore is ignored; what SVG cannot do (gradients, Path2D, getImageData)
// throws a TypeError. Text is measured by a real canvas where there is one (the page's layout)
// and by text-metrics.js's approximation in Node, and set on its alphabetic baseline (renderers
// need no dominant-baseline). A smoothed image is a PNG <image>, an unsmoothed one rectangles.

import { approximateMetrics, realCanvasContext } from './text-metrics.js';
import { describe } from '../shell/describe.js';
import { checkOptions, colourOf, fixed, parseFont } from './svg-paint.js';
import { SvgPath, multiply } from './svg-path.js';
import { PIXEL_DOCUMENT, imageData } from './svg-pixels.js';
import { imageElements, paintAttributes, rectShape, serialize, strokeAttributes, textElement } from './svg-elements.js';

const BLACK = Object.freeze({ css: '#000000', hex: '#000000', alpha: 1 });
const initial = () => ({
  fill: BLACK,
  stroke: BLACK,
  globalAlpha: 1,
  lineWidth: 1,
  lineCap: 'butt',
  lineJoin: 'miter',
  miterLimit: 10,
  lineDash: [],
  lineDashOffset: 0,
  font: parseFont('10px sans-serif'),
  textAlign: 'start',
  textBaseline: 'alphabetic',
  direction: 'ltr',
  imageSmoothingEnabled: true,
  imageSmoothingQuality: 'low',
  matrix: [1, 0, 0, 1, 0, 0],
  clip: null,
});
const finite = (...values) => values.every(Number.isFinite);

export class SvgContext {
  #width;
  #height;
  #n; // a number as the SVG writes it
  #real; // a real canvas's context to measure with, or null
  #title;
  #idPrefix;
  #state = initial();
  #stack = [];
  #path = new SvgPath();
  #elements = [];
  #defs = [];
  #clips = 0;

  /**
   * @param {number} width  the drawing's width in CSS pixels (> 0): the SVG's width and viewBox
   * @param {number} height  its height
   * @param {{decimals?: number, measure?: 'auto' | 'canvas' | 'approximate', title?: string,
   *   idPrefix?: string}} [options]  decimals: of coordinates (an integer from 0 to 6, default
   *   2); measure: how text is measured ('auto', the default: a real canvas where there is one,
   *   else the approximation); title: the SVG's <title>, its accessible name; idPrefix: of the
   *   clip paths' ids (default 'clip'), to keep ids apart when several SVGs share a page
   */
  constructor(width, height, options = {}) {
    const { decimals, measure, title, idPrefix } = checkOptions(width, height, options);
    this.#real = measure === 'approximate' ? null : realCanvasContext();
    if (measure === 'canvas' && !this.#real) {
      throw new RangeError(
        "SvgContext: options.measure 'canvas' needs a canvas (a browser or a worker); there is none",
      );
    }
    this.#width = width;
    this.#height = height;
    this.#n = (v) => fixed(v, decimals);
    this.#title = title;
    this.#idPrefix = idPrefix;
    this.canvas = Object.freeze({ width, height, ownerDocument: PIXEL_DOCUMENT });
  }

  // ---------------------------------------------------------------------------------------------
  // State: each property is set as a canvas sets it (a value it would not take is ignored).

  static {
    const number = (ok) => (value) => (Number.isFinite(value) && ok(value) ? value : undefined);
    const oneOf =
      (...names) =>
      (value) =>
        names.includes(value) ? value : undefined;
    const state = (key) => ({ key, read: (value) => value });
    const properties = {
      globalAlpha: { ...state('globalAlpha'), take: number((v) => v >= 0 && v <= 1) },
      lineWidth: { ...state('lineWidth'), take: number((v) => v > 0) },
      lineCap: { ...state('lineCap'), take: oneOf('butt', 'round', 'square') },
      lineJoin: { ...state('lineJoin'), take: oneOf('miter', 'round', 'bevel') },
      miterLimit: { ...state('miterLimit'), take: number((v) => v > 0) },
      lineDashOffset: { ...state('lineDashOffset'), take: number(() => true) },
      textAlign: { ...state('textAlign'), take: oneOf('start', 'end', 'left', 'right', 'center') },
      textBaseline: {
        ...state('textBaseline'),
        take: oneOf('top', 'hanging', 'middle', 'alphabetic', 'ideographic', 'bottom'),
      },
      direction: { ...state('direction'), take: oneOf('ltr', 'rtl', 'inherit') },
      imageSmoothingEnabled: { ...state('imageSmoothingEnabled'), take: (value) => Boolean(value) },
      imageSmoothingQuality: { ...state('imageSmoothingQuality'), take: oneOf('low', 'medium', 'high') },
      // Colours and fonts keep the text they were set to (parsed, and checked by a real canvas).
      fillStyle: { key: 'fill', read: (v) => v.css, take: (value, ctx) => ctx.#colour(value, 'fillStyle') },
      strokeStyle: { key: 'stroke', read: (v) => v.css, take: (value, ctx) => ctx.#colour(value, 'strokeStyle') },
      font: { key: 'font', read: (v) => v.css, take: (value) => parseFont(value) ?? undefined },
    };
    for (const [name, { key, read, take }] of Object.entries(properties)) {
      Object.defineProperty(SvgContext.prototype, name, {
        get() {
          return read(this.#state[key]);
        },
        set(value) {
          const taken = take(value, this);
          if (taken !== undefined) this.#state[key] = taken;
        },
        enumerable: true,
      });
    }
  }

  #colour(value, name) {
    return colourOf(value, `SvgContext: ${name}`, this.#real) ?? undefined;
  }

  save() {
    this.#stack.push({ ...this.#state, lineDash: [...this.#state.lineDash], matrix: [...this.#state.matrix] });
  }

  restore() {
    if (this.#stack.length > 0) this.#state = this.#stack.pop();
  }

  /** Back to a blank drawing and the initial state (a canvas's reset()). */
  reset() {
    this.#state = initial();
    this.#stack = [];
    this.#elements = [];
    this.#defs = [];
    this.beginPath();
  }

  setLineDash(segments) {
    if (segments === null || typeof segments !== 'object' || typeof segments.length !== 'number') {
      throw new TypeError(
        `SvgContext.setLineDash: segments must be an array of numbers; received ${describe(segments)}`,
      );
    }
    const list = Array.from(segments, Number);
    if (!list.every((v) => Number.isFinite(v) && v >= 0)) return;
    this.#state.lineDash = list.length % 2 === 1 ? [...list, ...list] : list;
  }

  getLineDash() {
    return [...this.#state.lineDash];
  }

  // ---------------------------------------------------------------------------------------------
  // Transforms.

  setTransform(a, b, c, d, e, f) {
    if (a === undefined) return this.resetTransform();
    if (typeof a === 'object' && a !== null) ({ a = 1, b = 0, c = 0, d = 1, e = 0, f = 0 } = a);
    if (finite(a, b, c, d, e, f)) this.#state.matrix = [a, b, c, d, e, f];
  }

  /** The current matrix as {a, b, c, d, e, f} (a plain object, not a DOMMatrix). */
  getTransform() {
    const [a, b, c, d, e, f] = this.#state.matrix;
    return { a, b, c, d, e, f };
  }

  resetTransform() {
    this.#state.matrix = [1, 0, 0, 1, 0, 0];
  }

  transform(a, b, c, d, e, f) {
    if (!finite(a, b, c, d, e, f)) return;
    this.#state.matrix = multiply(this.#state.matrix, [a, b, c, d, e, f]);
  }

  translate(x, y) {
    this.transform(1, 0, 0, 1, x, y);
  }

  scale(x, y) {
    this.transform(x, 0, 0, y, 0, 0);
  }

  rotate(angle) {
    if (Number.isFinite(angle))
      this.transform(Math.cos(angle), Math.sin(angle), -Math.sin(angle), Math.cos(angle), 0, 0);
  }

  // ---------------------------------------------------------------------------------------------
  // Paths (svg-path.js).

  beginPath() {
    this.#path = new SvgPath();
  }

  // moveTo, lineTo, closePath, rect, quadraticCurveTo, bezierCurveTo and arc: as a canvas's, on
  // the current path under the current matrix.
  static {
    for (const name of ['moveTo', 'lineTo', 'closePath', 'rect', 'quadraticCurveTo', 'bezierCurveTo', 'arc']) {
      Object.defineProperty(SvgContext.prototype, name, {
        value: {
          [name](...args) {
            this.#path[name](this.#state.matrix, ...args);
          },
        }[name],
        writable: true,
        configurable: true,
      });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Painting.

  #visible(style) {
    return style.alpha * this.#state.globalAlpha > 0;
  }

  #emit(element) {
    if (this.#state.clip) element.attrs.push(['clip-path', `url(#${this.#state.clip})`]);
    this.#elements.push(element);
  }

  fill(rule = 'nonzero') {
    if (typeof rule !== 'string') throw new TypeError('SvgContext.fill: Path2D is not supported');
    const d = this.#path.data(this.#n);
    if (!d || !this.#visible(this.#state.fill)) return;
    const attrs = [['d', d], ...paintAttributes('fill', this.#state.fill, this.#state.globalAlpha)];
    if (rule === 'evenodd') attrs.push(['fill-rule', 'evenodd']);
    this.#emit({ tag: 'path', attrs });
  }

  stroke(path) {
    if (path !== undefined) throw new TypeError('SvgContext.stroke: Path2D is not supported');
    const d = this.#path.data(this.#n);
    if (!d || !this.#visible(this.#state.stroke)) return;
    const stroke = strokeAttributes(this.#state, this.#n);
    // Filled just before with the same path and clip: one element (SVG fills, then strokes).
    const last = this.#elements.at(-1);
    const clip = this.#state.clip ? `url(#${this.#state.clip})` : undefined;
    const lastClip = last?.attrs.find(([name]) => name === 'clip-path')?.[1];
    if (last?.tag === 'path' && last.attrs[0][1] === d && !last.stroked && lastClip === clip) {
      last.attrs = [...last.attrs.filter(([name]) => name !== 'clip-path'), ...stroke];
      if (clip) last.attrs.push(['clip-path', clip]);
      last.stroked = true;
      return;
    }
    this.#emit({ tag: 'path', attrs: [['d', d], ['fill', 'none'], ...stroke], stroked: true });
  }

  clip(rule = 'nonzero') {
    if (typeof rule !== 'string') throw new TypeError('SvgContext.clip: Path2D is not supported');
    const d = this.#path.data(this.#n) ?? 'M0 0Z';
    const id = `${this.#idPrefix}${++this.#clips}`;
    const outer = this.#state.clip ? ` clip-path="url(#${this.#state.clip})"` : '';
    const clipRule = rule === 'evenodd' ? ' clip-rule="evenodd"' : '';
    this.#defs.push(`<clipPath id="${id}"${outer}><path d="${d}"${clipRule}/></clipPath>`);
    this.#state.clip = id;
  }

  fillRect(x, y, w, h) {
    if (!finite(x, y, w, h) || w === 0 || h === 0 || !this.#visible(this.#state.fill)) return;
    const shape = rectShape(this.#state, x, y, w, h, this.#n);
    shape.attrs.push(...paintAttributes('fill', this.#state.fill, this.#state.globalAlpha));
    this.#emit(shape);
  }

  strokeRect(x, y, w, h) {
    if (!finite(x, y, w, h) || !this.#visible(this.#state.stroke)) return;
    const shape = rectShape(this.#state, x, y, w, h, this.#n);
    shape.attrs.push(['fill', 'none'], ...strokeAttributes(this.#state, this.#n));
    this.#emit(shape);
  }

  clearRect(x, y, w, h) {
    if (!finite(x, y, w, h)) return;
    const shape = rectShape(this.#state, x, y, w, h, this.#n);
    const [left, top, width, height] = shape.tag === 'rect' ? shape.attrs.map(([, v]) => Number(v)) : [0, 0, 0, 0];
    const whole =
      !this.#state.clip && left <= 0 && top <= 0 && left + width >= this.#width && top + height >= this.#height;
    if (whole) this.#elements = [];
    else this.#emit({ tag: shape.tag, attrs: [...shape.attrs, ['fill', '#ffffff']] });
  }

  // ---------------------------------------------------------------------------------------------
  // Text.

  /**
   * The text's metrics: a real canvas's TextMetrics (same font and baseline) where text is
   * measured by one, else text-metrics.js's approximation (width, the font's bounding box and
   * the baselines).
   */
  measureText(text) {
    const s = String(text);
    if (this.#real) {
      this.#real.font = this.#state.font.css;
      this.#real.textBaseline = this.#state.textBaseline;
      this.#real.direction = this.#state.direction;
      return this.#real.measureText(s);
    }
    return approximateMetrics(s, this.#state.font, this.#state.textBaseline);
  }

  #text(kind, text, x, y, maxWidth) {
    if (!finite(x, y) || (maxWidth !== undefined && !(Number.isFinite(maxWidth) && maxWidth > 0))) return;
    const style = kind === 'fill' ? this.#state.fill : this.#state.stroke;
    const s = String(text).replace(/[\t\n\f\r]/g, ' ');
    if (s === '' || !this.#visible(style)) return;
    const metrics = this.measureText(s);
    // Where the alphabetic baseline is, below the textBaseline's (0 for 'alphabetic').
    const baseline = metrics.alphabeticBaseline ?? approximateMetrics(s, this.#state.font, this.#state.textBaseline);
    const shift = -(typeof baseline === 'number' ? baseline : baseline.alphabeticBaseline);
    const options = { width: metrics.width, shift, maxWidth, kind };
    this.#emit(textElement(this.#state, s, x, y, options, this.#n));
  }

  fillText(text, x, y, maxWidth) {
    this.#text('fill', text, x, y, maxWidth);
  }

  strokeText(text, x, y, maxWidth) {
    this.#text('stroke', text, x, y, maxWidth);
  }

  // ---------------------------------------------------------------------------------------------
  // Images.

  drawImage(image, ...args) {
    const elements = imageElements(this.#state, image, args, this.#n);
    for (const element of elements) this.#emit(element);
  }

  createImageData(width, height) {
    return imageData(...(typeof width === 'object' && width !== null ? [width.width, width.height] : [width, height]));
  }

  /** The pixels at (dx, dy) in drawing coordinates, 1:1 and unblended: crisp rectangles. */
  putImageData(image, dx, dy) {
    this.save();
    Object.assign(this.#state, { matrix: [1, 0, 0, 1, 0, 0], globalAlpha: 1, imageSmoothingEnabled: false });
    try {
      this.drawImage(image, dx, dy);
    } finally {
      this.restore();
    }
  }

  getImageData() {
    throw new TypeError('SvgContext.getImageData: an SVG drawing has no pixels to read');
  }

  // ---------------------------------------------------------------------------------------------
  // The SVG.

  /** The drawing as an SVG file's text (UTF-8; ends with a newline). */
  toSvg() {
    const n = this.#n;
    const [w, h] = [n(this.#width), n(this.#height)];
    const elements = this.#elements.map(serialize);
    const xlink = elements.some((e) => e.includes(' xlink:href=')) ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : '';
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<svg xmlns="http://www.w3.org/2000/svg"${xlink} width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" stroke-miterlimit="10">`,
    ];
    if (this.#title !== undefined) lines.push(serialize({ tag: 'title', attrs: [], text: this.#title }));
    if (this.#defs.length > 0) lines.push(`<defs>${this.#defs.join('')}</defs>`);
    lines.push(...elements, '</svg>', '');
    return lines.join('\n');
  }
}
