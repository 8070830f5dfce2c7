// The learning curve as SVG text: curve-draw.js's drawing on an SVG context
// (web/draw/svg-context.js) instead of the page's canvas. What curveSvg (perceptron-wasm/course)
// and the page's LearningCurve.toSvg both return; DOM-free.
import { drawCurve } from './curve-draw.js';
import { curveHeight, curveLabel } from './curve-layout.js';
import { SvgContext } from '../draw/svg-context.js';

/**
 * `columns` (a curve-columns.js Columns holding at least one epoch) drawn as an SVG document
 * `width` wide: the plot CURVE_HEIGHT high (the page's) unless `height` says otherwise, `title`
 * above it, the lines' `legend` under it. Its <title> is the curve's accessible name.
 * @param {import('./curve-columns.js').Columns} columns
 * @param {{width: number, height?: number, title?: string | null, legend?: boolean}} options
 * @returns {string}
 */
export function svgOfColumns(columns, { width, height, title = null, legend = true }) {
  const drawn = columns.drawn();
  const layout = { width, title: title || null, legend };
  const size = { ...layout, height: height ?? curveHeight(drawn, layout) };
  const ctx = new SvgContext(width, size.height, { title: curveLabel(columns.full) });
  drawCurve(ctx, drawn, size);
  return ctx.toSvg();
}
