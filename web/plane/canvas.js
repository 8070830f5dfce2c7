// What the page's canvases share: the colours, the class markers and sizing the backing store
// for the screen. No state: every function draws on the context it is given.

/**
 * The classes' colours, by index in the sorted classes (numbers ascending, strings by code
 * point): 0 is class −1 of ±1 data, 1 is class +1. Each is at least 4.2:1 on white and at least
 * 3:1 on every class tint up to HEAT_ALPHA (graphics, WCAG AA).
 */
export const CLASS_COLORS = Object.freeze([
  '#c25e00', // orange (class −1)
  '#0877bd', // blue (class +1)
  '#2e7d32', // green
  '#7b3fa0', // purple
  '#c2185b', // magenta
  '#5d4037', // brown
]);

/** A point whose label is not among the classes. */
export const UNKNOWN_CLASS_COLOR = '#616161';

/** The heatmap's most opaque tint (strength 1): class markers keep 3:1 over it. */
export const HEAT_ALPHA = 0.2;
/** The flat tint of a discretized heatmap and of the linear separator's half-planes. */
export const FLAT_ALPHA = 0.13;

// Colours meet WCAG AA on white and on the tints: dots and lines at least 3:1 (graphics),
// labels at least 4.5:1 (they also get a white backing on the plane).
export const COLORS = Object.freeze({
  positive: CLASS_COLORS[1], // class +1 (blue)
  negative: CLASS_COLORS[0], // class -1 (orange)
  positiveTint: tint(1, FLAT_ALPHA),
  negativeTint: tint(0, FLAT_ALPHA),
  axis: 'rgba(0, 0, 0, 0.5)',
  grid: 'rgba(0, 0, 0, 0.07)',
  label: 'rgba(0, 0, 0, 0.72)', // 7:1 or more on white and the tints
  tick: '#3b3b3b',
  backing: 'rgba(255, 255, 255, 0.85)',
  line: '#333',
  arrow: '#222',
  old: '#6b6b6b', // the old w of an update: 5.3:1 on white
  band: '#4a4a4a',
  bandFill: 'rgba(0, 0, 0, 0.06)',
  maxMargin: '#1b1b1b',
  highlight: '#ffb000',
  highlightEdge: '#5c3d00',
  ring: '#111',
  mistake: '#d62728',
  cursor: 'rgba(0, 0, 0, 0.55)',
});

/** Class `index`'s colour as 'rgba(r, g, b, alpha)' (grey for -1: a label outside the classes). */
export function tint(index, alpha) {
  const [r, g, b] = rgbOf(index);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Class `index`'s colour as [r, g, b] (0..255). */
export function rgbOf(index) {
  const hex = CLASS_COLORS[index] ?? UNKNOWN_CLASS_COLOR;
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

/** True for the classes [-1, 1] exactly (numbers): their points are discs with a white + or −. */
export const isSignClasses = (classes) => classes?.length === 2 && classes[0] === -1 && classes[1] === 1;

// The shapes by class index, as unit outlines (radius 1, y down), so the classes differ without
// colour: circle, square, triangle, diamond, inverted triangle, pentagon. Polygons are scaled so
// their area is close to the circle's; triangles are centred on their bounding box (as
// matplotlib's are), so every shape stays within 1.2 radius of its point on both axes.
const polygon = (n, start, scale) =>
  Array.from({ length: n }, (_, k) => {
    const a = start + (2 * Math.PI * k) / n;
    return [scale * Math.cos(a), scale * Math.sin(a)];
  });
const SHAPES = [
  null, // circle
  [
    [-0.89, -0.89],
    [0.89, -0.89],
    [0.89, 0.89],
    [-0.89, 0.89],
  ],
  polygon(3, -Math.PI / 2, 1.35).map(([x, y]) => [x, y + 1.35 / 4]),
  polygon(4, -Math.PI / 2, 1.2),
  polygon(3, Math.PI / 2, 1.35).map(([x, y]) => [x, y - 1.35 / 4]),
  polygon(5, -Math.PI / 2, 1.1),
];

function shapePath(ctx, x, y, radius, shape) {
  ctx.beginPath();
  if (!shape) {
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    return;
  }
  shape.forEach(([u, v], k) => (k === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, x + u * radius, y + v * radius));
  ctx.closePath();
}

/**
 * One point's marker, centred on (x, y) (CSS pixels): with the classes [-1, 1], a disc in its
 * colour with a white + (class 1) or − (class −1), as the page always drew them; otherwise the
 * shape of its class index (circle, square, triangle, diamond, inverted triangle, pentagon)
 * filled in CLASS_COLORS[classIndex]. A white outline unless `plain` (tiny markers of dense data).
 * classIndex -1 (a label outside the classes) is a grey circle. The marker with its outline stays
 * within 1.2 * radius + 0.75 px of (x, y) on both axes: radius 6 fits a 16 px swatch.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} radius  in CSS pixels
 * @param {number} classIndex  the label's position in `classes`
 * @param {Array<number|string>} classes  the sorted classes
 * @param {{plain?: boolean}} [options]
 */
export function drawMarker(ctx, x, y, radius, classIndex, classes, { plain = false } = {}) {
  const signs = isSignClasses(classes);
  const known = classIndex >= 0 && classIndex < CLASS_COLORS.length;
  ctx.fillStyle = known ? CLASS_COLORS[classIndex] : UNKNOWN_CLASS_COLOR;
  shapePath(ctx, x, y, radius, signs || !known ? null : SHAPES[classIndex]);
  ctx.fill();
  if (plain) return;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1.5;
  ctx.lineJoin = 'round';
  ctx.stroke();
  if (!signs) return;
  ctx.lineWidth = 1.6;
  ctx.beginPath();
  const arm = radius * 0.5;
  ctx.moveTo(x - arm, y);
  ctx.lineTo(x + arm, y);
  if (classIndex === 1) {
    ctx.moveTo(x, y - arm);
    ctx.lineTo(x, y + arm);
  }
  ctx.stroke();
}

/** Sizes a canvas's backing store for its CSS size and the device pixel ratio; returns the CSS size. */
export function fitToDisplay(canvas) {
  const dpr = window.devicePixelRatio || 1;
  const rect = canvas.getBoundingClientRect();
  const width = Math.max(1, Math.round(rect.width * dpr));
  const height = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(width / rect.width || dpr, 0, 0, height / rect.height || dpr, 0, 0);
  return { ctx, width: rect.width, height: rect.height };
}
