// The score heatmap under the plane: which class a model predicts over a grid of the view
// (gridPoints), and how sure it is, turned into one tinted image.

import { FLAT_ALPHA, HEAT_ALPHA, rgbOf } from './canvas.js';

/**
 * Each grid cell's predicted class and confidence from the model's scores on the grid.
 * @param {Float64Array | number[] | number[][]} scores  model.decisionFunction(grid):
 *   - two classes, one score per row (Perceptron, KernelPerceptron, Winnow, PassiveAggressive):
 *     score > 0 -> index 1, score < 0 -> index 0, 0 -> index 1;
 *   - K >= 2 classes, one array of K per row (MulticlassPerceptron: class scores or ovo votes;
 *     PassiveAggressive with K > 2), or the same flattened row-major (rows * K numbers):
 *     the argmax, ties to the lowest index.
 * @param {{rows: number, classes: Array<number|string> | number}} shape  the grid's row count,
 *   and the model's classes (or their count)
 * @returns {{classIndex: Uint8Array, strength: Float32Array}}  strength in [0, 1] grows with
 *   confidence: |score| over the largest |score| in the grid (one score per row), or the gap
 *   between the two top scores over the largest such gap (K per row). All 0 when every score
 *   (or gap) is 0. Non-finite scores count as 0 (NaN) or as the extreme they are (±Infinity is
 *   capped at the largest finite magnitude).
 */
export function heatmapFromScores(scores, { rows, classes }) {
  const k = typeof classes === 'number' ? classes : classes.length;
  const classIndex = new Uint8Array(rows);
  const strength = new Float32Array(rows);
  const nested = rows > 0 && typeof scores[0] === 'object' && scores[0] !== null;
  if (!nested && scores.length !== rows && scores.length !== rows * k) {
    throw new RangeError(
      `heatmapFromScores: expected ${rows} scores (one per row) or ${rows * k} (${k} per row), received ${scores.length}`,
    );
  }
  if (nested && scores.length !== rows) {
    throw new RangeError(`heatmapFromScores: expected ${rows} rows of scores, received ${scores.length}`);
  }
  const confidence = new Float64Array(rows);
  if (!nested && scores.length === rows) {
    for (let i = 0; i < rows; i++) {
      const s = Number.isNaN(scores[i]) ? 0 : scores[i];
      classIndex[i] = s < 0 ? 0 : 1;
      confidence[i] = Math.abs(s);
    }
  } else {
    const row = (i) =>
      nested ? scores[i] : scores.subarray ? scores.subarray(i * k, i * k + k) : scores.slice(i * k, i * k + k);
    for (let i = 0; i < rows; i++) {
      const r = row(i);
      let best = 0;
      let top = -Infinity;
      let second = -Infinity;
      for (let c = 0; c < r.length; c++) {
        const s = Number.isNaN(r[c]) ? 0 : r[c];
        if (s > top) {
          second = top;
          top = s;
          best = c;
        } else if (s > second) {
          second = s;
        }
      }
      classIndex[i] = best;
      const gap = top - second;
      confidence[i] = r.length < 2 ? 0 : Number.isNaN(gap) ? 0 : gap;
    }
  }
  let largest = 0;
  for (let i = 0; i < rows; i++) if (Number.isFinite(confidence[i]) && confidence[i] > largest) largest = confidence[i];
  for (let i = 0; i < rows; i++) {
    const c = Math.min(confidence[i], largest);
    strength[i] = largest > 0 ? c / largest : 0;
  }
  return { classIndex, strength };
}

/** The alpha of a heatmap cell: HEAT_ALPHA * sqrt(strength), or FLAT_ALPHA when discretized. */
export const heatAlpha = (strength, discretize) => (discretize ? FLAT_ALPHA : HEAT_ALPHA * Math.sqrt(strength));

/**
 * Draws the heatmap over the pixel rectangle (left, top, width, height): an nx x ny image (cell
 * (r, c) at row r from the top, column c from the left), each cell its class colour with
 * heatAlpha's alpha, scaled with smoothing (none when discretized: flat cells).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{nx: number, ny: number, classIndex: ArrayLike<number>, strength?: ArrayLike<number>,
 *          discretize?: boolean}} heatmap
 */
export function drawHeatmap(ctx, heatmap, [left, top, width, height]) {
  const { nx, ny, classIndex, strength, discretize = false } = heatmap;
  if (!(nx > 0 && ny > 0) || classIndex.length < nx * ny) return;
  const image = ctx.canvas.ownerDocument.createElement('canvas');
  image.width = nx;
  image.height = ny;
  const ictx = image.getContext('2d');
  const pixels = ictx.createImageData(nx, ny);
  const palette = new Map();
  for (let i = 0; i < nx * ny; i++) {
    const index = classIndex[i];
    if (!palette.has(index)) palette.set(index, rgbOf(index));
    const [r, g, b] = palette.get(index);
    const alpha = heatAlpha(strength ? Math.min(1, Math.max(0, strength[i])) : 1, discretize);
    pixels.data.set([r, g, b, Math.round(alpha * 255)], 4 * i);
  }
  ictx.putImageData(pixels, 0, 0);
  ctx.save();
  ctx.imageSmoothingEnabled = !discretize;
  if (!discretize) ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, left, top, width, height);
  ctx.restore();
}
