// The mistakes-per-epoch chart under the data plane.
import { COLORS, fitToDisplay } from './canvas.js';

/**
 * Mistakes per epoch as a small line chart; long histories are reduced to one maximum per
 * pixel column so 100000 epochs still draw in a blink.
 * @param {HTMLCanvasElement} canvas
 * @param {{epoch: number, mistakes: number}[]} history
 */
export function drawHistory(canvas, history) {
  const { ctx, width, height } = fitToDisplay(canvas);
  ctx.clearRect(0, 0, width, height);
  const left = 30;
  const bottom = height - 16;
  const top = 8;
  const right = width - 8;
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = COLORS.label;
  ctx.strokeStyle = COLORS.axis;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left, bottom);
  ctx.lineTo(right, bottom);
  ctx.stroke();
  if (history.length === 0) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('mistakes per epoch appear here', (left + right) / 2, (top + bottom) / 2);
    return;
  }
  const columns = Math.max(1, Math.floor(right - left));
  const perColumn = Math.max(1, Math.ceil(history.length / columns));
  const values = [];
  for (let i = 0; i < history.length; i += perColumn) {
    let max = 0;
    for (let k = i; k < Math.min(history.length, i + perColumn); k++) max = Math.max(max, history[k].mistakes);
    values.push(max);
  }
  const peak = Math.max(1, ...values);
  const x = (i) => left + (values.length === 1 ? 0 : (i / (values.length - 1)) * (right - left));
  const y = (v) => bottom - (v / peak) * (bottom - top);
  ctx.strokeStyle = COLORS.mistake;
  ctx.fillStyle = COLORS.mistake;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  if (values.length === 1) {
    ctx.arc(x(0), y(values[0]), 3, 0, 2 * Math.PI);
    ctx.fill();
  } else {
    values.forEach((v, i) => (i === 0 ? ctx.moveTo(x(i), y(v)) : ctx.lineTo(x(i), y(v))));
    ctx.stroke();
  }
  ctx.fillStyle = COLORS.label;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(peak), left - 4, top + 2);
  ctx.fillText('0', left - 4, bottom);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText('epoch 1', left, bottom + 3);
  if (history.length > 1) {
    ctx.textAlign = 'right';
    ctx.fillText(String(history.at(-1).epoch), right, bottom + 3);
  }
}
