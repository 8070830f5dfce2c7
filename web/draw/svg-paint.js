// What the SVG context (svg-context.js) writes besides geometry: colours as SVG 1.1 reads them
// (#rrggbb with a separate opacity: some renderers and editors do not read rgba()), CSS fonts,
// numbers rounded to a fixed number of decimals, and XML-escaped text.
import { describe } from '../shell/describe.js';

// The CSS 2.1 colour names (and 'transparent'); a browser's canvas normalizes any other.
const NAMES = {
  black: '#000000',
  silver: '#c0c0c0',
  gray: '#808080',
  grey: '#808080',
  white: '#ffffff',
  maroon: '#800000',
  red: '#ff0000',
  purple: '#800080',
  fuchsia: '#ff00ff',
  green: '#008000',
  lime: '#00ff00',
  olive: '#808000',
  yellow: '#ffff00',
  navy: '#000080',
  blue: '#0000ff',
  teal: '#008080',
  aqua: '#00ffff',
  orange: '#ffa500',
};

const hex2 = (n) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');
const clamp01 = (a) => Math.min(1, Math.max(0, a));

// A CSS number or percentage of `whole`.
function component(text, whole) {
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?%?$/i.test(t)) return NaN;
  return t.endsWith('%') ? (parseFloat(t) / 100) * whole : parseFloat(t);
}

function hslToRgb(h, s, l) {
  const f = (n) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/**
 * A CSS colour as {hex: '#rrggbb', alpha} (alpha 0 to 1), or null when this parser does not read
 * it: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() and hsl()/hsla() (comma or space syntax),
 * 'transparent' and the CSS 2.1 names.
 */
export function parseColor(text) {
  if (typeof text !== 'string') return null;
  const s = text.trim().toLowerCase();
  if (s === 'transparent') return { hex: '#000000', alpha: 0 };
  if (NAMES[s]) return { hex: NAMES[s], alpha: 1 };
  let m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(s);
  if (m) {
    let h = m[1];
    if (h.length <= 4) h = [...h].map((c) => c + c).join('');
    const alpha = h.length === 8 ? parseInt(h.slice(6), 16) / 255 : 1;
    return { hex: `#${h.slice(0, 6)}`, alpha };
  }
  m = /^(rgba?|hsla?)\(([^()]*)\)$/.exec(s);
  if (!m) return null;
  const [body, slashAlpha] = m[2].split('/');
  const parts = body.includes(',') ? body.split(',') : body.trim().split(/\s+/);
  if (slashAlpha !== undefined && body.includes(',')) return null;
  if (slashAlpha !== undefined) parts.push(slashAlpha);
  if (parts.length !== 3 && parts.length !== 4) return null;
  const alpha = parts.length === 4 ? component(parts[3], 1) : 1;
  let rgb;
  if (m[1].startsWith('rgb')) rgb = parts.slice(0, 3).map((p) => component(p, 255));
  else {
    const h = parseFloat(parts[0]);
    const [sat, light] = [parts[1], parts[2]].map((p) => (p.trim().endsWith('%') ? component(p, 1) : NaN));
    if (!Number.isFinite(h)) return null;
    rgb = hslToRgb(((h % 360) + 360) % 360, clamp01(sat), clamp01(light));
  }
  if (![...rgb, alpha].every(Number.isFinite)) return null;
  return { hex: `#${rgb.map(hex2).join('')}`, alpha: clamp01(alpha) };
}

const WEIGHTS = { normal: 400, bold: 700, bolder: 700, lighter: 100 };
const UNITS = { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, em: 10, rem: 10 };

/**
 * A CSS font shorthand ('italic 600 12px system-ui, sans-serif') as {style, weight, size (px),
 * family, css}, or null when it is not one. Relative sizes (em, rem, %) are of 10 px, a
 * canvas's default font size.
 */
export function parseFont(text) {
  if (typeof text !== 'string') return null;
  const m =
    /^\s*((?:(?:normal|italic|oblique|small-caps|bold|bolder|lighter|[1-9]00|(?:semi-|extra-|ultra-)?(?:condensed|expanded))\s+)*)([+]?(?:\d+\.?\d*|\.\d+))(px|pt|pc|in|cm|mm|q|em|rem|%)(?:\s*\/\s*\S+)?\s+(\S.*?)\s*$/i.exec(
      text,
    );
  if (!m) return null;
  let style = 'normal';
  let weight = 400;
  for (const word of m[1].trim().split(/\s+/).filter(Boolean)) {
    const w = word.toLowerCase();
    if (w === 'italic' || w === 'oblique') style = w;
    else if (WEIGHTS[w]) weight = WEIGHTS[w];
    else if (/^[1-9]00$/.test(w)) weight = Number(w);
  }
  const unit = m[3].toLowerCase();
  const size = unit === '%' ? (parseFloat(m[2]) / 100) * 10 : parseFloat(m[2]) * UNITS[unit];
  if (!(size > 0)) return null;
  return { style, weight, size, family: m[4], css: text.trim() };
}

/** `value` rounded to `decimals` decimals, without trailing zeros; never '-0'. */
export function fixed(value, decimals) {
  const rounded = Number(value.toFixed(decimals));
  return String(rounded === 0 ? 0 : rounded);
}

// Characters XML 1.0 does not allow (controls other than tab, newline and return; U+FFFE and
// U+FFFF; lone surrogates) become U+FFFD.
const INVALID =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML character data. */
export const xmlText = (text) =>
  String(text).replace(INVALID, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text as a double-quoted XML attribute value. */
export const xmlAttribute = (text) => xmlText(text).replace(/"/g, '&quot;');

/**
 * A colour as a canvas takes it: {css, hex, alpha}, or null when it would ignore the value. A
 * real canvas's context (`real`, in a browser) reads what parseColor does not (other named
 * colours, lab(), …). Anything but a string (a gradient, a pattern) is a TypeError of `where`.
 */
export function colourOf(value, where, real) {
  if (typeof value !== 'string') {
    throw new TypeError(
      `${where} must be a CSS colour string (gradients and patterns are not supported); received ${describe(value)}`,
    );
  }
  let parsed = parseColor(value);
  if (!parsed && real) {
    real.fillStyle = '#010203';
    real.fillStyle = value;
    parsed = real.fillStyle === '#010203' ? null : parseColor(real.fillStyle);
  }
  return parsed && { css: value, ...parsed };
}

/** SvgContext's arguments, checked: its options with their defaults. */
export function checkOptions(width, height, options) {
  for (const [name, value] of Object.entries({ width, height })) {
    if (typeof value !== 'number')
      throw new TypeError(`SvgContext: ${name} must be a number; received ${describe(value)}`);
    if (!(Number.isFinite(value) && value > 0)) {
      throw new RangeError(`SvgContext: ${name} must be a finite number > 0; received ${value}`);
    }
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`SvgContext: options must be an object; received ${describe(options)}`);
  }
  const { decimals = 2, measure = 'auto', title, idPrefix = 'clip' } = options;
  if (!(Number.isInteger(decimals) && decimals >= 0 && decimals <= 6)) {
    throw new RangeError(`SvgContext: options.decimals must be an integer from 0 to 6; received ${describe(decimals)}`);
  }
  if (!['auto', 'canvas', 'approximate'].includes(measure)) {
    throw new RangeError(
      `SvgContext: options.measure must be 'auto', 'canvas' or 'approximate'; received ${describe(measure)}`,
    );
  }
  if (title !== undefined && typeof title !== 'string') {
    throw new TypeError(`SvgContext: options.title must be a string; received ${describe(title)}`);
  }
  if (typeof idPrefix !== 'string' || !/^[A-Za-z_][\w.-]*$/.test(idPrefix)) {
    throw new RangeError(`SvgContext: options.idPrefix must be an XML name; received ${describe(idPrefix)}`);
  }
  return { decimals, measure, title, idPrefix };
}
