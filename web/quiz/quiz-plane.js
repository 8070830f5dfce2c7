// Quiz mode on the plane: the example asked about (a dashed ring), the answer's line w·x + b = 0
// (dashed) with its two handles, and dragging them. The w handle is w's tip drawn from the origin
// in the data's own units, so w ← w + η·y·x moves it by η·y·x; dragging it sets w (b kept).
// The line's handle, at the line's point closest to the view's centre, shifts the line: dragging
// it sets b so that the line passes under the pointer (w kept). Values snap to a step of the
// view (snapStep; Alt: a tenth of it), so round answers can be dragged exactly; the inputs take
// any other. Drawn over drawPlane's picture (the same canvas, its transform), in CSS pixels.
import { arrow, path, tag } from '../plane/plane-draw.js';
import { lineSegment, mapping, niceStep } from '../plane/geometry.js';

/** The quiz's colour on the plane (purple: 7.6:1 on white, clear of the class colours). */
export const QUIZ_COLOR = '#6a1b9a';
/** A press this close to a handle (CSS pixels) grabs it; this close to the line, the line. */
const HANDLE_RADIUS = 7;
const GRAB_HANDLE_PX = 14;
const GRAB_LINE_PX = 6;
/** Presses this close to a handle never reach the points' editing (a near miss adds no point). */
const GUARD_PX = 24;

/** The step answers snap to on this view: a nice step about 1/60 of its smaller side. */
export const snapStep = (view) => niceStep(Math.min(view.x1 - view.x0, view.y1 - view.y0) / 60);

/** `v` on the grid of `step`, without binary noise (0.30000000000000004 → 0.3). */
export const snap = (v, step) => Number((Math.round(v / step) * step).toPrecision(12)) || 0;

const clampTo = (view, [x, y]) => [Math.min(view.x1, Math.max(view.x0, x)), Math.min(view.y1, Math.max(view.y0, y))];

function handle(ctx, [x, y]) {
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.arc(x, y, HANDLE_RADIUS, 0, 2 * Math.PI);
  ctx.fillStyle = QUIZ_COLOR;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#fff';
  ctx.stroke();
}

/**
 * Draws the quiz's marks on `canvas` after drawPlane drew `view` (its returned, fitted view).
 * scene: {asked: [x, y] | null (the example, data units), answer: {weights, bias} | null (a
 * two-feature answer), handles: boolean (draggable: w's handle, else the line alone), shift:
 * boolean (the line's handle too: b is learned)}.
 * @returns {{w: [px, py] | null, shift: [px, py] | null, line: [[px, py], [px, py]] | null}}
 *   where the handles and the answer's line are, in CSS pixels of the canvas
 */
export function drawQuizMarks(canvas, view, { asked, answer, handles, shift }) {
  const rect = canvas.getBoundingClientRect();
  const [width, height] = [rect.width, rect.height];
  const ctx = canvas.getContext('2d'); // drawPlane's transform (CSS pixels) is still set
  const m = mapping(view, width, height);
  const toPixels = ([x, y]) => [m.px(x), m.py(y)];
  const drawn = { w: null, shift: null, line: null };
  if (asked) {
    const [x, y] = toPixels(asked);
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = QUIZ_COLOR;
    ctx.beginPath();
    ctx.arc(x, y, 15, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
    tag(ctx, '?', x + 18, y - 14, { color: QUIZ_COLOR, font: '700 13px system-ui, sans-serif', size: 13 });
  }
  if (!answer) return drawn;
  const { weights, bias } = answer;
  const segment = lineSegment(weights, bias, view);
  if (segment) {
    drawn.line = segment.map(toPixels);
    ctx.setLineDash([8, 5]);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = QUIZ_COLOR;
    path(ctx, drawn.line);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (!handles) return drawn;
  // w from the origin, in data units (its tip held inside the view).
  const origin = toPixels([0, 0]);
  drawn.w = toPixels(clampTo(view, weights));
  if (drawn.w[0] !== origin[0] || drawn.w[1] !== origin[1]) arrow(ctx, origin, drawn.w, QUIZ_COLOR, 2);
  handle(ctx, drawn.w);
  const n2 = weights[0] ** 2 + weights[1] ** 2;
  if (shift && segment && n2 > 0) {
    const c = [(view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2];
    const off = (weights[0] * c[0] + weights[1] * c[1] + bias) / n2;
    const foot = [c[0] - off * weights[0], c[1] - off * weights[1]];
    drawn.shift = toPixels(clampTo(view, foot));
    handle(ctx, drawn.shift);
  }
  return drawn;
}

// The distance from p to the segment [a, b] (pixels).
function toSegment([px, py], [[ax, ay], [bx, by]]) {
  const [dx, dy] = [bx - ax, by - ay];
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Wires dragging the handles. Listens on `box` (the canvas's parent) in the capture phase, so a
 * press on a handle never reaches the points' editing (plane/points.js) on the canvas. host:
 * marks() (drawQuizMarks's last result, or null when nothing is draggable), view() (the fitted
 * view drawn), answer() ({weights, bias}), set(weights, bias) (the answer dragged to).
 */
export function wireHandles(box, canvas, host) {
  let drag = null; // {pointerId, kind: 'w' | 'shift'}
  const local = (event) => {
    const rect = canvas.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };
  const toData = (event) => {
    const rect = canvas.getBoundingClientRect();
    const m = mapping(host.view(), rect.width, rect.height);
    const [x, y] = local(event);
    return [m.dx(x), m.dy(y)];
  };
  const move = (event) => {
    const view = host.view();
    const step = snapStep(view) / (event.altKey ? 10 : 1);
    const [x, y] = toData(event);
    const { weights, bias } = host.answer();
    if (drag.kind === 'w') host.set([snap(x, step), snap(y, step)], bias);
    else host.set(weights, snap(-(weights[0] * x + weights[1] * y), step));
  };
  box.addEventListener(
    'pointerdown',
    (event) => {
      const marks = host.marks();
      if (!marks || event.target !== canvas || event.button !== 0) return;
      const p = local(event);
      const near = (q) => (q ? Math.hypot(p[0] - q[0], p[1] - q[1]) : Infinity);
      let kind = null;
      if (near(marks.w) <= GRAB_HANDLE_PX) kind = 'w';
      else if (marks.shift && (near(marks.shift) <= GRAB_HANDLE_PX || toSegment(p, marks.line) <= GRAB_LINE_PX))
        kind = 'shift';
      if (kind === null && Math.min(near(marks.w), near(marks.shift)) > GUARD_PX) return;
      event.stopPropagation();
      event.preventDefault();
      if (kind === null) return; // a near miss: nothing happens
      drag = { pointerId: event.pointerId, kind };
      canvas.setPointerCapture(event.pointerId);
    },
    { capture: true },
  );
  for (const type of ['pointermove', 'pointerup']) {
    box.addEventListener(
      type,
      (event) => {
        if (drag?.pointerId !== event.pointerId) return;
        event.stopPropagation();
        move(event);
        if (type === 'pointerup') drag = null;
      },
      { capture: true },
    );
  }
  const stop = (event) => {
    if (drag?.pointerId === event.pointerId) drag = null;
  };
  box.addEventListener('pointercancel', stop, { capture: true });
  box.addEventListener('lostpointercapture', stop, { capture: true });
}
