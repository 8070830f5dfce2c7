// The tagging mode's learning curve: token accuracy (0 to 100%) per finished epoch, as an SVG
// line with its points (presentation attributes only: the page's CSP allows no style
// attribute), named for screen readers by the last epoch's value; the list of epochs under it
// says every value. curvePoints is the plain geometry (Node tests read it).
import { formatCount, formatPercent } from '../shell/format.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The drawing's size in its own units (it scales to the region's width). */
export const CURVE_BOX = Object.freeze({ width: 320, height: 150, left: 40, right: 10, top: 10, bottom: 26 });

/** Each epoch's point: {epoch, accuracy, x, y} in CURVE_BOX's units (y: 100% at the top). */
export function curvePoints(history, box = CURVE_BOX) {
  const n = history.length;
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  return history.map((e, i) => ({
    epoch: e.epoch,
    accuracy: e.tokenAccuracy,
    x: box.left + (n === 1 ? plotWidth / 2 : (i * plotWidth) / (n - 1)),
    y: box.top + (1 - e.tokenAccuracy) * plotHeight,
  }));
}

/** The curve's accessible name. */
export function curveName(history) {
  if (history.length === 0) return 'Token accuracy per epoch: no finished epoch yet';
  const last = history.at(-1);
  return `Token accuracy per epoch: ${formatPercent(last.tokenAccuracy)} after epoch ${formatCount(last.epoch)}`;
}

/** The SVG in `container` (replacing its content). */
export function renderAccuracyCurve(container, history) {
  const doc = container.ownerDocument;
  const node = (tag, attributes, text) => {
    const el = doc.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
    if (text !== undefined) el.textContent = text;
    return el;
  };
  const box = CURVE_BOX;
  const svg = node('svg', { viewBox: `0 0 ${box.width} ${box.height}`, class: 'accuracy-curve', role: 'img' });
  svg.setAttribute('aria-label', curveName(history));
  const bottom = box.height - box.bottom;
  for (const level of [0, 0.5, 1]) {
    const y = box.top + (1 - level) * (bottom - box.top);
    svg.append(
      node('line', { x1: box.left, x2: box.width - box.right, y1: y, y2: y, stroke: '#d9d9d9' }),
      node(
        'text',
        { x: box.left - 4, y: y + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#555' },
        `${level * 100}%`,
      ),
    );
  }
  const points = curvePoints(history, box);
  if (points.length > 0) {
    svg.append(
      node('polyline', {
        points: points.map((p) => `${p.x},${p.y}`).join(' '),
        fill: 'none',
        stroke: '#1565c0',
        'stroke-width': 2,
      }),
    );
    for (const p of points) svg.append(node('circle', { cx: p.x, cy: p.y, r: 3, fill: '#1565c0' }));
    const first = points[0];
    const last = points.at(-1);
    svg.append(
      node(
        'text',
        { x: first.x, y: bottom + 14, 'text-anchor': 'middle', 'font-size': 10, fill: '#555' },
        formatCount(first.epoch),
      ),
    );
    if (last !== first)
      svg.append(
        node(
          'text',
          { x: last.x, y: bottom + 14, 'text-anchor': 'middle', 'font-size': 10, fill: '#555' },
          formatCount(last.epoch),
        ),
      );
  }
  svg.append(
    node(
      'text',
      {
        x: (box.left + box.width - box.right) / 2,
        y: box.height - 2,
        'text-anchor': 'middle',
        'font-size': 10,
        fill: '#555',
      },
      'Epoch',
    ),
  );
  container.replaceChildren(svg);
}
