// Editing the points on the plane: add (click, or Enter at the keyboard cursor), remove (click
// on a point, or Delete/Backspace at the cursor), move (drag a point, or M to pick it up at the
// cursor, arrows to carry it, M/Enter/Space to drop it, Escape to put it back). The page's
// controller owns the points (`host`); this module turns pointer and key events into edits of
// them. Only clicked points have a cap; loaded data (loadPoints) may hold more.
import { clientToData } from './plot.js';
import { CLASSES, roundCoordinate } from './state.js';

/** Clicking adds points while there are fewer than this many. */
export const MAX_CLICKED_POINTS = 1000;
/** Loaded (uploaded or generated) data may hold up to this many points. */
export const MAX_DATA_POINTS = 1_000_000;
/** A press this close to a point (CSS pixels from its centre) is on it. */
const HIT_RADIUS_PX = 10;
/** A press that moves farther than this is a drag, not a click. */
const DRAG_THRESHOLD_PX = 4;

/**
 * The point within `radius` of (x, y) (data units), the topmost (last drawn) on ties; -1 if none.
 * Loaded data of more than MAX_CLICKED_POINTS is not edited point by point (most of it is not
 * even drawn): -1.
 */
export function pointAt(points, x, y, radius) {
  if (points.length > MAX_CLICKED_POINTS) return -1;
  let best = -1;
  let bestDistance = radius * radius;
  points.forEach((p, i) => {
    const d = (p.x - x) ** 2 + (p.y - y) ** 2;
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/**
 * Loaded points, checked and rounded as the link stores them: {x, y, label} with x and y finite
 * numbers in [-1, 1] and label 1 or -1. Throws a TypeError or RangeError naming the first bad one.
 */
export function checkPoints(list) {
  if (!Array.isArray(list)) throw new TypeError(`loadPoints: points must be an array; received ${typeof list}`);
  if (list.length > MAX_DATA_POINTS) {
    throw new RangeError(`loadPoints: at most ${MAX_DATA_POINTS} points; received ${list.length}`);
  }
  return list.map((p, i) => {
    const { x, y, label } = p ?? {};
    if (![x, y].every((v) => typeof v === 'number' && v >= -1 && v <= 1)) {
      throw new RangeError(`loadPoints: point ${i} must have x and y in [-1, 1]; received ${JSON.stringify(p)}`);
    }
    if (!CLASSES.includes(label)) {
      throw new RangeError(`loadPoints: point ${i} must have label 1 or -1; received ${JSON.stringify(label)}`);
    }
    return { x: roundCoordinate(x), y: roundCoordinate(y), label };
  });
}

const hitRadius = (canvas) => (HIT_RADIUS_PX / Math.max(1, canvas.getBoundingClientRect().width)) * 2;

/**
 * Wires the plane's pointer and keyboard input and makes the edits on host.points() (the live
 * array). `host`: points(), busy(), selectedClass(); edited(phase) after each edit ('add',
 * 'remove', 'drop'; 'live' while a point is dragged or carried, 'cancel' when it went back
 * where it was); refused(message) when a click would pass MAX_CLICKED_POINTS;
 * cursorMoved(cursor, carrying, index of the point under it or -1). Returns {cursor()}.
 */
export function wirePlane(canvas, host) {
  const add = (x, y, label) => {
    const points = host.points();
    if (points.length < MAX_CLICKED_POINTS) {
      points.push({ x, y, label });
      host.edited('add');
      return;
    }
    const [cap, n] = [MAX_CLICKED_POINTS, points.length].map((v) => v.toLocaleString('en-US'));
    host.refused(
      points.length > MAX_CLICKED_POINTS
        ? `Clicking edits the points while there are at most ${cap}; there are ${n}: press Clear to start over.`
        : `Clicking adds points while there are fewer than ${cap}: remove some (click one) or press Clear.`,
    );
  };
  const remove = (index) => {
    host.points().splice(index, 1);
    host.edited('remove');
  };
  const place = (index, x, y, phase) => {
    const points = host.points();
    points[index] = { ...points[index], x: roundCoordinate(x), y: roundCoordinate(y) };
    host.edited(phase);
  };

  let press = null; // {pointerId, clientX, clientY, x, y, index, origin, moved, shift}
  let cursor = null; // the keyboard cursor, in data coordinates, while the plane has focus
  let carried = null; // {index, origin} while a point is picked up with the keyboard

  const drop = () => {
    const { index } = carried;
    carried = null;
    place(index, cursor.x, cursor.y, 'drop');
  };
  const putBack = () => {
    const { index, origin } = carried;
    carried = null;
    place(index, origin.x, origin.y, 'cancel');
  };

  canvas.addEventListener('pointerdown', (event) => {
    if (host.busy() || event.button !== 0) return;
    if (carried) drop();
    const { x, y } = clientToData(canvas, event.clientX, event.clientY);
    const index = pointAt(host.points(), x, y, hitRadius(canvas));
    const origin = index >= 0 ? { ...host.points()[index] } : null;
    const { pointerId, clientX, clientY, shiftKey } = event;
    press = { pointerId, clientX, clientY, x, y, index, origin, moved: false, shift: shiftKey };
    canvas.setPointerCapture(pointerId); // the release comes here even off the plane
  });

  canvas.addEventListener('pointermove', (event) => {
    if (press?.pointerId !== event.pointerId || press.index < 0) return;
    const distance = Math.hypot(event.clientX - press.clientX, event.clientY - press.clientY);
    if (!press.moved && distance < DRAG_THRESHOLD_PX) return;
    press.moved = true;
    const { x, y } = clientToData(canvas, event.clientX, event.clientY);
    place(press.index, x, y, 'live');
  });

  canvas.addEventListener('pointerup', (event) => {
    if (press?.pointerId !== event.pointerId) return;
    const done = press;
    press = null;
    if (host.busy()) return;
    if (done.index < 0) {
      const selected = host.selectedClass();
      add(roundCoordinate(done.x), roundCoordinate(done.y), done.shift || event.shiftKey ? -selected : selected);
    } else if (done.moved) {
      const { x, y } = clientToData(canvas, event.clientX, event.clientY);
      place(done.index, x, y, 'drop');
    } else {
      remove(done.index);
    }
  });

  // A touch that turns into scrolling, or a lost capture: the drag is undone.
  const cancel = (event) => {
    if (press?.pointerId !== event.pointerId) return;
    const { index, origin, moved } = press;
    press = null;
    if (moved) place(index, origin.x, origin.y, 'cancel');
  };
  canvas.addEventListener('pointercancel', cancel);
  canvas.addEventListener('lostpointercapture', cancel);

  canvas.addEventListener('keydown', (event) => {
    if (host.busy()) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    cursor ??= { x: 0, y: 0 };
    const under = () => pointAt(host.points(), cursor.x, cursor.y, hitRadius(canvas));
    const key = event.key;
    if (key in moves) {
      const [dx, dy] = moves[key];
      const stepSize = event.altKey ? 0.01 : 0.05;
      cursor = { x: roundCoordinate(cursor.x + dx * stepSize), y: roundCoordinate(cursor.y + dy * stepSize) };
      if (carried) place(carried.index, cursor.x, cursor.y, 'live');
    } else if (key === 'Enter' || key === ' ') {
      if (carried) drop();
      else add(cursor.x, cursor.y, event.shiftKey ? -host.selectedClass() : host.selectedClass());
    } else if (key === 'Delete' || key === 'Backspace') {
      const index = carried ? -1 : under();
      if (index >= 0) remove(index);
    } else if (key === 'm' || key === 'M') {
      if (carried) drop();
      else {
        const index = under();
        if (index >= 0) {
          const p = host.points()[index];
          carried = { index, origin: { x: p.x, y: p.y } };
          cursor = { x: p.x, y: p.y };
        }
      }
    } else if (key === 'Escape' && carried) {
      putBack();
    } else {
      return;
    }
    event.preventDefault();
    host.cursorMoved(cursor, carried !== null, under());
  });

  canvas.addEventListener('blur', () => {
    if (carried) putBack();
    cursor = null;
    host.cursorMoved(null, false, -1);
  });

  return { cursor: () => cursor };
}
