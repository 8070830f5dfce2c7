// A PNG encoder for small RGBA images (the plane's 64 x 64 heatmap), synchronous and the same
// bytes in every browser and in Node: no compression (stored deflate blocks), filter 0 on every
// row. A 64 x 64 image is 16.5 kB (22 kB in base64): the SVG's heatmap is small enough without
// a compressor, and needs no zlib or CompressionStream (which is asynchronous).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes, start, end) {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes) {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i++) {
    a = (a + bytes[i]) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const MAX_STORED = 65535; // the largest stored deflate block

/**
 * The PNG file of a width x height RGBA image (8 bits per channel, rows top to bottom).
 * @param {number} width
 * @param {number} height
 * @param {ArrayLike<number>} rgba  width * height * 4 bytes
 * @returns {Uint8Array}
 */
export function encodePng(width, height, rgba) {
  if (!(Number.isSafeInteger(width) && width > 0 && Number.isSafeInteger(height) && height > 0)) {
    throw new RangeError(`encodePng: width and height must be positive integers; received ${width} x ${height}`);
  }
  if (rgba.length !== width * height * 4) {
    throw new RangeError(`encodePng: expected ${width * height * 4} bytes of RGBA; received ${rgba.length}`);
  }
  // The raw scanlines: a filter byte (0) before each row.
  const bytes = ArrayBuffer.isView(rgba) ? rgba : Uint8Array.from(rgba);
  const stride = width * 4;
  const raw = new Uint8Array(height * (stride + 1));
  for (let r = 0; r < height; r++) raw.set(bytes.subarray(r * stride, (r + 1) * stride), r * (stride + 1) + 1);
  // zlib: header, stored blocks, Adler-32.
  const blocks = Math.max(1, Math.ceil(raw.length / MAX_STORED));
  const zlib = new Uint8Array(2 + raw.length + blocks * 5 + 4);
  zlib[0] = 0x78;
  zlib[1] = 0x01;
  let at = 2;
  for (let k = 0; k < blocks; k++) {
    const part = raw.subarray(k * MAX_STORED, Math.min(raw.length, (k + 1) * MAX_STORED));
    zlib[at] = k === blocks - 1 ? 1 : 0;
    zlib[at + 1] = part.length & 0xff;
    zlib[at + 2] = part.length >>> 8;
    zlib[at + 3] = ~part.length & 0xff;
    zlib[at + 4] = (~part.length >>> 8) & 0xff;
    zlib.set(part, at + 5);
    at += 5 + part.length;
  }
  writeUint32(zlib, at, adler32(raw));

  const header = new Uint8Array(13);
  writeUint32(header, 0, width);
  writeUint32(header, 4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter choice, no interlace
  const chunks = [chunk('IHDR', header), chunk('IDAT', zlib), chunk('IEND', new Uint8Array(0))];
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const png = new Uint8Array(8 + chunks.reduce((n, c) => n + c.length, 0));
  png.set(signature, 0);
  let offset = 8;
  for (const c of chunks) {
    png.set(c, offset);
    offset += c.length;
  }
  return png;
}

function writeUint32(bytes, at, value) {
  bytes[at] = value >>> 24;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}

function chunk(type, data) {
  const out = new Uint8Array(12 + data.length);
  writeUint32(out, 0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  writeUint32(out, 8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bytes as base64 (RFC 4648, with padding). */
export function base64(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += BASE64[n >>> 18] + BASE64[(n >>> 12) & 63];
    out += i + 1 < bytes.length ? BASE64[(n >>> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64[n & 63] : '=';
  }
  return out;
}
