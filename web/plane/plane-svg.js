// The data plane as SVG: plot.js's drawPlaneOn, the canvas's own drawing code, on an SVG context
// (web/draw/svg-context.js). The page's Export control and perceptron-wasm/course's planeSvg
// both draw through here: the same scene gives the same picture as the canvas.
import { SvgContext } from '../draw/svg-context.js';
import { drawPlaneOn } from './plot.js';

/** The SVG's title (its accessible name) unless one is given. */
export const PLANE_TITLE = 'The data plane';

/**
 * The scene (plot.js's drawPlane's) drawn on a width x height area, as an SVG file's text.
 * @param {object} scene
 * @param {{width?: number, height?: number, title?: string, measure?: 'auto' | 'canvas' | 'approximate'}} [options]
 *   width and height in CSS pixels (default 520 x 520, the page's plane on a desktop); measure:
 *   how text is measured (svg-context.js)
 */
export function planeToSvg(scene, { width = 520, height = 520, title = PLANE_TITLE, measure = 'auto' } = {}) {
  const ctx = new SvgContext(width, height, { title, measure });
  drawPlaneOn(ctx, width, height, scene);
  return ctx.toSvg();
}
