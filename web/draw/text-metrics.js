// How wide a text is and where its baselines are, for the SVG context (svg-context.js): a real
// canvas's measureText where there is one (a browser or a worker: the same layout as the page's
// canvas), else an approximation from fixed font metrics (Node).
//
// The approximation: DejaVu Sans (the usual sans-serif and system-ui on Linux, and wider than
// Arial, Helvetica or Segoe UI, so a label's white backing is never too narrow in those), its
// advance widths for printable ASCII and the few other characters the page draws (Greek
// letters, the minus sign, subscript digits, …), in thousandths of the font size; Book below
// weight 600, Bold from 600; italic as upright. No kerning. Other characters: 1 em for East
// Asian wide ones, 0 for combining marks, 0.6 em for the rest. The baselines are DejaVu Sans's
// (its OS/2 typo ascender 0.7598 em and descender 0.2402 em, as Chromium's canvas uses them).

// Printable ASCII (32 to 126), Book and Bold.
const ASCII = {
  regular:
    '318 401 460 838 636 950 780 275 390 390 500 838 318 361 318 337 636 636 636 636 636 636 636 636 636 636 337 337 838 838 838 531 1000 684 686 698 770 632 575 775 752 295 295 656 557 863 748 787 603 787 695 635 611 732 684 989 685 611 685 390 337 390 838 500 500 613 635 550 635 615 352 635 634 278 278 579 278 974 634 612 635 635 411 521 392 634 592 818 592 592 525 636 337 636 838',
  bold: '348 456 521 838 696 1002 872 306 457 457 523 838 380 415 380 365 696 696 696 696 696 696 696 696 696 696 400 400 838 838 838 580 1000 774 762 734 830 683 683 821 837 372 372 775 637 995 837 850 733 850 770 720 682 812 774 1103 771 724 725 457 365 457 838 500 500 675 716 593 716 678 435 716 712 343 343 665 343 1042 712 687 716 716 493 595 478 712 652 924 645 652 582 712 365 712 838',
};
// Other characters: [characters, Book widths, Bold widths].
const OTHERS = [
  ['−×±≤≥✗✓', 838, 838],
  ['…—', 1000, 1000],
  ['–‖°', 500, 500],
  ['·', 318, 380],
  ['₀₁₂₃₄₅₆₇₈₉²³', 401, 438],
  ['γ', 592, 681],
  ['ŷ', 592, 652],
  ['η', 634, 712],
  ['θ', 612, 687],
  ['τ', 602, 638],
  ['α', 659, 687],
  ['σ', 634, 779],
  ['Δ', 684, 774],
  ['Σ', 632, 683],
];

const TABLES = {};
for (const face of ['regular', 'bold']) {
  const table = new Map();
  ASCII[face].split(' ').forEach((w, k) => table.set(String.fromCharCode(32 + k), Number(w) / 1000));
  for (const [chars, regular, bold] of OTHERS) {
    for (const ch of chars) table.set(ch, (face === 'bold' ? bold : regular) / 1000);
  }
  TABLES[face] = table;
}

const wide = (code) =>
  (code >= 0x1100 && code <= 0x115f) ||
  (code >= 0x2e80 && code <= 0xa4cf) ||
  (code >= 0xac00 && code <= 0xd7a3) ||
  (code >= 0xf900 && code <= 0xfaff) ||
  (code >= 0xff00 && code <= 0xff60) ||
  (code >= 0xffe0 && code <= 0xffe6) ||
  code >= 0x20000;
const combining = (code) => (code >= 0x300 && code <= 0x36f) || (code >= 0x1ab0 && code <= 0x1aff);

/** The approximate advance width of `text` in a font of `size` px and `weight` (100 to 900). */
export function approximateWidth(text, size, weight = 400) {
  const table = weight >= 600 ? TABLES.bold : TABLES.regular;
  let em = 0;
  for (const ch of text) {
    const known = table.get(ch);
    if (known !== undefined) em += known;
    else {
      const code = ch.codePointAt(0);
      em += wide(code) ? 1 : combining(code) ? 0 : 0.6;
    }
  }
  return em * size;
}

/** Where the alphabetic baseline is below a canvas textBaseline, in ems (approximation). */
export const BASELINE_SHIFT = Object.freeze({
  top: 0.759766,
  hanging: 0.7424,
  middle: 0.259766,
  alphabetic: 0,
  ideographic: -0.236,
  bottom: -0.240234,
});
// The font's ascent and descent (fontBoundingBox), in ems.
const ASCENT = 0.928;
const DESCENT = 0.236;

/**
 * A TextMetrics-like object for `text` in the approximation: width, the font's bounding box
 * and the baselines relative to `baseline` (as a canvas's measureText gives them).
 */
export function approximateMetrics(text, font, baseline) {
  const width = approximateWidth(text, font.size, font.weight);
  const shift = (BASELINE_SHIFT[baseline] ?? 0) * font.size;
  return {
    width,
    actualBoundingBoxLeft: 0,
    actualBoundingBoxRight: width,
    fontBoundingBoxAscent: ASCENT * font.size - shift,
    fontBoundingBoxDescent: DESCENT * font.size + shift,
    actualBoundingBoxAscent: ASCENT * font.size - shift,
    actualBoundingBoxDescent: DESCENT * font.size + shift,
    alphabeticBaseline: -shift,
    hangingBaseline: (BASELINE_SHIFT.hanging - BASELINE_SHIFT[baseline]) * font.size,
    ideographicBaseline: (BASELINE_SHIFT.ideographic - BASELINE_SHIFT[baseline]) * font.size,
  };
}

let measuring; // a real canvas's 2D context, once looked for (null: there is none)

/** A real canvas's 2D context to measure with (OffscreenCanvas, else a document's canvas), or null. */
export function realCanvasContext() {
  if (measuring !== undefined) return measuring;
  measuring = null;
  try {
    if (typeof OffscreenCanvas === 'function') measuring = new OffscreenCanvas(1, 1).getContext('2d');
    else if (typeof document === 'object' && document?.createElement) {
      measuring = document.createElement('canvas').getContext('2d');
    }
  } catch {
    measuring = null;
  }
  return measuring;
}
