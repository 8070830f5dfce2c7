// Editing the points on the plane: add (click, or Enter at the keyboard cursor) a point of the
// selected class, remove (click on a point, or Delete/Backspace at the cursor; in erase mode a
// click or a drag removes every point it passes over), move (drag a point, or M to pick it up at
// the cursor, arrows to carry it, M/Enter/Space to drop it, Escape to put it back); keys 1-6
// choose the class of new points and E toggles erase mode. The playground owns the points
// (`host`); this module turns pointer and key events into edits of them. Only clicked points
// have a cap; loaded data (loadPoints) may hold more.
import { formatCount } from '../shell/format.js';
import { clientToData } from './plot.js';

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

/** A clicked coordinate as the page keeps it: 3 decimals (the link's), -0 as 0. */
export const roundCoordinate = (v) => Number(v.toFixed(3)) || 0;

/**
 * Loaded points, checked: {x, y, label} with x and y finite numbers and a label that is a finite
 * number or a non-empty string. Throws a TypeError or RangeError naming the first bad one.
 */
export function checkPoints(list) {
  if (!Array.isArray(list)) throw new TypeError(`loadPoints: points must be an array; received ${typeof list}`);
  if (list.length > MAX_DATA_POINTS) {
    throw new RangeError(`loadPoints: at most ${MAX_DATA_POINTS} points; received ${list.length}`);
  }
  return list.map((p, i) => {
    const { x, y, label } = p ?? {};
    if (![x, y].every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw new RangeError(`loadPoints: point ${i} must have finite numbers x and y; received ${JSON.stringify(p)}`);
    }
    const labelOk =
      (typeof label === 'number' && Number.isFinite(label)) || (typeof label === 'string' && label !== '');
    if (!labelOk) {
      throw new RangeError(
        `loadPoints: point ${i} must have a label (a finite number or a string); received ${JSON.stringify(label)}`,
      );
    }
    return { x: x + 0, y: y + 0, label };
  });
}

// The hit radius in data units for the view shown.
const hitRadius = (canvas, view) =>
  (HIT_RADIUS_PX / Math.max(1, canvas.getBoundingClientRect().width)) * (view.x1 - view.x0);

/**
 * Wires the plane's pointer and keyboard input and makes the edits on host.points() (the live
 * array). `host`: points(), view() (the plane's view), editable() (false: the data cannot be
 * edited on the plane: refused), busy(), selectedClass(), otherClass() (Shift's class, or the
 * selected one), erasing(), selectClassAt(i), toggleErase(); edited(phase) after each edit ('add',
 * 'remove', 'drop'; 'live' while a point is dragged or carried, 'cancel' when it went back where
 * it was); refused(message); cursorMoved(cursor, carrying, index of the point under it or -1);
 * inspect(index) (optional): a point of data that cannot be edited was clicked (or Enter at the cursor).
 * Returns {cursor()}.
 */
export function wirePlane(canvas, host) {
  const toData = (event) => clientToData(canvas, host.view(), event.clientX, event.clientY);
  const clampToView = (x, y) => {
    const view = host.view();
    return {
      x: roundCoordinate(Math.min(view.x1, Math.max(view.x0, x))),
      y: roundCoordinate(Math.min(view.y1, Math.max(view.y0, y))),
    };
  };
  const add = (x, y, label) => {
    const points = host.points();
    if (points.length < MAX_CLICKED_POINTS) {
      points.push({ x, y, label });
      host.edited('add');
      return;
    }
    const [cap, n] = [MAX_CLICKED_POINTS, points.length].map(formatCount);
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
    points[index] = { ...points[index], ...clampToView(x, y) };
    host.edited(phase);
  };
  // Erase mode: every point within reach of (x, y) goes.
  const eraseAt = (x, y) => {
    const points = host.points();
    const radius = hitRadius(canvas, host.view());
    let index = pointAt(points, x, y, radius);
    let removed = false;
    while (index >= 0) {
      points.splice(index, 1);
      removed = true;
      index = pointAt(points, x, y, radius);
    }
    if (removed) host.edited('remove');
  };
  const notEditable = () =>
    host.refused(
      'These points cannot be edited on the plane: it shows a projection of more features. Choose a preset or two plane features to click.',
    );

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
    if (!host.editable()) {
      // A click on a point of data that cannot be edited chooses it for the Contributions.
      const { x, y } = toData(event);
      const index = pointAt(host.points(), x, y, hitRadius(canvas, host.view()));
      if (index >= 0 && host.inspect) host.inspect(index);
      else notEditable();
      return;
    }
    if (carried) drop();
    const { x, y } = toData(event);
    if (host.erasing()) {
      press = { pointerId: event.pointerId, erase: true };
      canvas.setPointerCapture(event.pointerId);
      eraseAt(x, y);
      return;
    }
    const index = pointAt(host.points(), x, y, hitRadius(canvas, host.view()));
    const origin = index >= 0 ? { ...host.points()[index] } : null;
    const { pointerId, clientX, clientY, shiftKey } = event;
    press = { pointerId, clientX, clientY, x, y, index, origin, moved: false, shift: shiftKey };
    canvas.setPointerCapture(pointerId); // the release comes here even off the plane
  });

  canvas.addEventListener('pointermove', (event) => {
    if (press?.erase && press.pointerId === event.pointerId) {
      const { x, y } = toData(event);
      eraseAt(x, y);
      return;
    }
    if (press?.pointerId !== event.pointerId || press.index < 0) return;
    const distance = Math.hypot(event.clientX - press.clientX, event.clientY - press.clientY);
    if (!press.moved && distance < DRAG_THRESHOLD_PX) return;
    press.moved = true;
    const { x, y } = toData(event);
    place(press.index, x, y, 'live');
  });

  canvas.addEventListener('pointerup', (event) => {
    if (press?.pointerId !== event.pointerId) return;
    const done = press;
    press = null;
    if (host.busy() || done.erase) return;
    if (done.index < 0) {
      const { x, y } = clampToView(done.x, done.y);
      add(x, y, done.shift || event.shiftKey ? host.otherClass() : host.selectedClass());
    } else if (done.moved) {
      const { x, y } = toData(event);
      place(done.index, x, y, 'drop');
    } else {
      remove(done.index);
    }
  });

  // A touch that turns into scrolling, or a lost capture: the drag is undone.
  const cancel = (event) => {
    if (press?.pointerId !== event.pointerId) return;
    const { index, origin, moved, erase } = press;
    press = null;
    if (moved && !erase) place(index, origin.x, origin.y, 'cancel');
  };
  canvas.addEventListener('pointercancel', cancel);
  canvas.addEventListener('lostpointercapture', cancel);

  canvas.addEventListener('keydown', (event) => {
    if (host.busy() || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const view = host.view();
    cursor ??= clampToView((view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2);
    const under = () => pointAt(host.points(), cursor.x, cursor.y, hitRadius(canvas, host.view()));
    const key = event.key;
    const editing = key in moves || ['Enter', ' ', 'Delete', 'Backspace', 'm', 'M'].includes(key);
    if (editing && !host.editable() && !(key in moves)) {
      // Enter on a point of data that cannot be edited chooses it for the Contributions.
      if ((key === 'Enter' || key === ' ') && under() >= 0 && host.inspect) host.inspect(under());
      else notEditable();
      event.preventDefault();
      return;
    }
    if (key in moves) {
      const [dx, dy] = moves[key];
      const stepSize = (event.altKey ? 0.005 : 0.025) * (view.x1 - view.x0);
      cursor = clampToView(cursor.x + dx * stepSize, cursor.y + dy * stepSize);
      if (carried) place(carried.index, cursor.x, cursor.y, 'live');
    } else if (/^[1-6]$/.test(key)) {
      host.selectClassAt(Number(key) - 1);
    } else if (key === 'e' || key === 'E') {
      host.toggleErase();
    } else if (key === 'Enter' || key === ' ') {
      if (carried) drop();
      else if (host.erasing()) eraseAt(cursor.x, cursor.y);
      else add(cursor.x, cursor.y, event.shiftKey ? host.otherClass() : host.selectedClass());
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
