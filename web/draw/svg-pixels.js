// Raster images for the SVG context (svg-context.js): the offscreen canvas that drawing code
// makes with ctx.canvas.ownerDocument.createElement('canvas') to put pixels into (as
// heatmap.js does), the pixels of whatever drawImage is given, and those pixels as SVG: a PNG
// image (smoothed when scaled, as a canvas smooths) or, without smoothing, rectangles (runs
// of equal pixels merged across rows and columns: a flat image is a few rectangles).

import { base64, encodePng } from './png.js';

/** A canvas that only holds pixels: getContext('2d') gives createImageData, putImageData and getImageData. */
export class PixelCanvas {
  #width;
  #height;
  #context = null;
  pixels;

  constructor(width = 300, height = 150) {
    this.#width = width;
    this.#height = height;
    this.pixels = new Uint8ClampedArray(width * height * 4);
  }

  get width() {
    return this.#width;
  }

  set width(value) {
    this.#width = Math.max(0, Math.floor(Number(value)) || 0);
    this.pixels = new Uint8ClampedArray(this.#width * this.#height * 4);
  }

  get height() {
    return this.#height;
  }

  set height(value) {
    this.#height = Math.max(0, Math.floor(Number(value)) || 0);
    this.pixels = new Uint8ClampedArray(this.#width * this.#height * 4);
  }

  getContext(type) {
    if (type !== '2d') return null;
    this.#context ??= new PixelContext(this);
    return this.#context;
  }
}

/** A document that only makes canvases (PixelCanvas): an SVG context's canvas.ownerDocument. */
export const PIXEL_DOCUMENT = Object.freeze({
  createElement(tag) {
    if (String(tag).toLowerCase() !== 'canvas') {
      throw new TypeError(`SvgContext: canvas.ownerDocument only makes canvases; received ${String(tag)}`);
    }
    return new PixelCanvas();
  },
});

/** ImageData's shape: {width, height, data} (RGBA, 4 bytes a pixel, rows top to bottom). */
export function imageData(width, height) {
  if (!(Number.isSafeInteger(width) && width > 0 && Number.isSafeInteger(height) && height > 0)) {
    throw new RangeError(`createImageData: width and height must be positive integers; received ${width} x ${height}`);
  }
  return { width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' };
}

class PixelContext {
  constructor(canvas) {
    this.canvas = canvas;
  }

  createImageData(width, height) {
    return typeof width === 'object' ? imageData(width.width, width.height) : imageData(width, height);
  }

  /** Copies `image` to (dx, dy) (no transform, no blending, as a canvas's putImageData). */
  putImageData(image, dx, dy) {
    const { width, height } = this.canvas;
    const target = this.canvas.pixels;
    for (let r = 0; r < image.height; r++) {
      const y = r + Math.trunc(dy);
      if (y < 0 || y >= height) continue;
      for (let c = 0; c < image.width; c++) {
        const x = c + Math.trunc(dx);
        if (x < 0 || x >= width) continue;
        const from = 4 * (r * image.width + c);
        target.set(image.data.subarray(from, from + 4), 4 * (y * width + x));
      }
    }
  }

  getImageData(sx, sy, sw, sh) {
    return crop({ width: this.canvas.width, height: this.canvas.height, data: this.canvas.pixels }, sx, sy, sw, sh);
  }
}

/** The part (sx, sy, sw, sh) of an image {width, height, data} (outside it: transparent). */
export function crop(image, sx, sy, sw, sh) {
  [sx, sy, sw, sh] = [sx, sy, sw, sh].map((v) => Math.round(v));
  if (sx === 0 && sy === 0 && sw === image.width && sh === image.height) return image;
  const out = imageData(sw, sh);
  for (let r = 0; r < sh; r++) {
    const y = sy + r;
    if (y < 0 || y >= image.height) continue;
    for (let c = 0; c < sw; c++) {
      const x = sx + c;
      if (x < 0 || x >= image.width) continue;
      const from = 4 * (y * image.width + x);
      out.data.set(image.data.subarray(from, from + 4), 4 * (r * sw + c));
    }
  }
  return out;
}

/**
 * The pixels of a drawImage source: a PixelCanvas, an ImageData (or {width, height, data}), or
 * in a browser a canvas, an OffscreenCanvas, an ImageBitmap or a loaded image (read through a
 * canvas). Throws a TypeError for anything else.
 */
export function pixelsOf(source) {
  if (source instanceof PixelCanvas) return { width: source.width, height: source.height, data: source.pixels };
  if (source && typeof source === 'object' && source.data?.length >= 0 && Number.isInteger(source.width)) {
    if (source.data.length !== source.width * source.height * 4) {
      throw new RangeError(
        `drawImage: an image of ${source.width} x ${source.height} needs ${source.width * source.height * 4} bytes; received ${source.data.length}`,
      );
    }
    return source;
  }
  const width = source?.naturalWidth || source?.videoWidth || source?.width;
  const height = source?.naturalHeight || source?.videoHeight || source?.height;
  if (typeof source?.getContext === 'function' && source.getContext('2d')?.getImageData) {
    return source.getContext('2d').getImageData(0, 0, width, height);
  }
  if (width > 0 && height > 0 && (typeof OffscreenCanvas === 'function' || typeof document === 'object')) {
    const canvas =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(width, height)
        : Object.assign(document.createElement('canvas'), { width, height });
    const ctx = canvas.getContext('2d');
    ctx.drawImage(source, 0, 0);
    return ctx.getImageData(0, 0, width, height);
  }
  throw new TypeError(
    'SvgContext.drawImage: the image must be an ImageData, a canvas (or one made by ctx.canvas.ownerDocument) or, in a browser, an image; received ' +
      (source === null ? 'null' : typeof source),
  );
}

/** The image as a data: URL of a PNG file. */
export const pngDataUrl = (image) =>
  `data:image/png;base64,${base64(encodePng(image.width, image.height, image.data))}`;

/**
 * The image's pixels as rectangles [column, row, columns, rows, r, g, b, a] (a from 0 to 255):
 * runs of equal pixels in a row, merged with the same run in the rows below. Transparent pixels
 * are left out.
 */
export function pixelRectangles(image) {
  const { width, height, data } = image;
  const done = [];
  let open = new Map(); // 'x0,x1,rgba' of the row above -> its rectangle
  for (let r = 0; r < height; r++) {
    const next = new Map();
    let c = 0;
    while (c < width) {
      const k = 4 * (r * width + c);
      const rgba = [data[k], data[k + 1], data[k + 2], data[k + 3]];
      let end = c + 1;
      while (end < width) {
        const j = 4 * (r * width + end);
        if (data[j] !== rgba[0] || data[j + 1] !== rgba[1] || data[j + 2] !== rgba[2] || data[j + 3] !== rgba[3]) break;
        end += 1;
      }
      if (rgba[3] > 0) {
        const key = `${c},${end},${rgba.join(',')}`;
        const above = open.get(key);
        if (above) {
          above[3] += 1;
          next.set(key, above);
          open.delete(key);
        } else {
          const rect = [c, r, end - c, 1, ...rgba];
          done.push(rect);
          next.set(key, rect);
        }
      }
      c = end;
    }
    open = next;
  }
  return done;
}
