// All UI state, serialized to the URL hash so a shared link reproduces the session (TensorFlow
// Playground's approach). Reading the hash validates every field and falls back to the default
// on anything malformed, so a hand-edited or truncated link never breaks the page; what it
// ignored comes back as `problems`, which the page lists in a notice.
//
// The options' fields come from web/options.js (pageFields): each has its hash key and the
// library's schema entry (pw.optionSchema), which says its type, choices, range and default, so
// a value read from a link is one the library accepts.
//
// Hash format:  #rule=margin&order=cyclic&lr=1&epochs=100&seed=0&intercept=1&class=1&points=x,y,l;x,y,l
//   then, once the model has learned and the link holds every point, the model (session.js's
//   snapshot): &t=37&epoch=3&mistakes=5&w=2.84,0.1&b=-1[&conv=1][&trained=1][&run=k,w1,w2,b[,1]]
// (points: coordinates with at most 3 decimals, label 1 or -1; an empty `points=` is an empty
// canvas, no `points` key at all is the default dataset. Weights are written as JS writes a
// number, which reads back to the same double. `run`: the current run took k steps from the
// weights w1, w2, b; a trailing 1 says its last step was a Step, whose ring is shown.)
import { DEFAULT_POINTS } from './datasets.js';

export const CLASSES = Object.freeze([-1, 1]);
/** The link holds at most this many points (the first ones): a link must stay shareable. */
export const MAX_LINK_POINTS = 1000;
const DECIMALS = 3;
const MODEL_KEYS = ['t', 'epoch', 'mistakes', 'w', 'b', 'conv', 'trained', 'run'];

export function defaultOptions(fields) {
  return Object.fromEntries(fields.map((field) => [field.name, field.spec.default]));
}

export function defaultState(fields) {
  return {
    options: defaultOptions(fields),
    selectedClass: 1,
    points: DEFAULT_POINTS.map((p) => ({ ...p })),
    model: null,
  };
}

/** Rounds a coordinate the way the hash stores it, so a reload gives back the same numbers. */
export function roundCoordinate(v) {
  const clamped = Math.min(1, Math.max(-1, v));
  return Number(clamped.toFixed(DECIMALS)) || 0; // `|| 0` turns -0 into 0
}

function formatValue(spec, value) {
  if (spec.type === 'boolean') return value ? '1' : '0';
  return String(value);
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

// Whether a number is within the schema entry's range.
function inRange(spec, value) {
  if (!Number.isFinite(value)) return false;
  if (spec.type === 'integer' && !Number.isInteger(value)) return false;
  if (spec.minimum !== undefined && (spec.exclusiveMinimum ? value <= spec.minimum : value < spec.minimum))
    return false;
  if (spec.maximum !== undefined && (spec.exclusiveMaximum ? value >= spec.maximum : value > spec.maximum))
    return false;
  return true;
}

// The value of one option read from the hash, or undefined when its schema entry refuses it.
export function parseValue(spec, text) {
  switch (spec.type) {
    case 'choice':
      return spec.choices.includes(text) ? text : undefined;
    case 'boolean':
      return text === '1' || text === 'true' ? true : text === '0' || text === 'false' ? false : undefined;
    case 'integer':
    case 'number': {
      if (spec.choices?.includes(text)) return text;
      if (!NUMBER.test(text)) return undefined;
      const value = Number(text) + 0; // -0 becomes 0
      return inRange(spec, value) ? value : undefined;
    }
    default:
      return undefined;
  }
}

const COORDINATE = { type: 'number', minimum: -1, maximum: 1 };
const REAL = { type: 'number' };
const COUNT = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };

function parsePoint(text) {
  const parts = text.split(',');
  if (parts.length !== 3) return undefined;
  const [x, y] = parts.slice(0, 2).map((s) => parseValue(COORDINATE, s));
  const label = Number(parts[2]);
  if (x === undefined || y === undefined) return undefined;
  if (!CLASSES.includes(label)) return undefined;
  return { x: roundCoordinate(x), y: roundCoordinate(y), label };
}

// A list of numbers of a given length, or undefined.
function parseNumbers(text, length, spec = REAL) {
  const parts = text.split(',');
  if (parts.length !== length) return undefined;
  const values = parts.map((s) => parseValue(spec, s));
  return values.includes(undefined) ? undefined : values;
}

// The model part of a link (see the format above): a snapshot for Session.restore, or a reason.
function parseModel(params) {
  const counts = parseNumbers(['t', 'epoch', 'mistakes'].map((key) => params.get(key) ?? '').join(','), 3, COUNT);
  if (counts === undefined) return { reason: 't, epoch and mistakes must be counts (integers ≥ 0)' };
  const [t, epoch, mistakes] = counts;
  if (epoch > t || mistakes > t) return { reason: 'an epoch has at least one step and a mistake is a step' };
  const weights = parseNumbers(params.get('w') ?? '', 2);
  const [bias] = parseNumbers(params.get('b') ?? '', 1) ?? [];
  if (weights === undefined || bias === undefined) return { reason: 'w must be two numbers and b a number' };
  const flags = { conv: ['0', '1'], trained: ['1'] };
  for (const [key, allowed] of Object.entries(flags)) {
    if (params.has(key) && !allowed.includes(params.get(key)))
      return { reason: `${key} must be ${allowed.join(' or ')}` };
  }
  const converged = params.has('conv') ? params.get('conv') === '1' : null;
  const model = { t, epoch, mistakes, weights, bias, converged, trained: params.has('trained'), run: null };
  if (params.has('run')) {
    const parts = params.get('run').split(',');
    const last = parts.length === 5 && parts[4] === '1';
    const steps = parseValue(COUNT, parts[0]);
    const start = parseNumbers(parts.slice(1, 4).join(','), 3);
    if (!(parts.length === 4 || last) || steps === undefined || steps < 1 || steps > t || start === undefined) {
      return { reason: 'run must be k,w1,w2,b (k ≥ 1 steps of the current run, at most t) and an optional ,1' };
    }
    model.run = { steps, weights: start.slice(0, 2), bias: start[2], last };
  }
  return { model };
}

function serializeModel(model) {
  const parts = [`t=${model.t}`, `epoch=${model.epoch}`, `mistakes=${model.mistakes}`];
  parts.push(`w=${model.weights.map(String).join(',')}`, `b=${model.bias}`);
  if (model.converged !== null) parts.push(`conv=${model.converged ? 1 : 0}`);
  if (model.trained) parts.push('trained=1');
  const { run } = model;
  if (run) parts.push(`run=${[run.steps, ...run.weights, run.bias].join(',')}${run.last ? ',1' : ''}`);
  return parts;
}

/** Whether a link can hold every point (and so the model trained on them). */
export const linkHoldsAll = (points) => points.length <= MAX_LINK_POINTS;

/**
 * The hash text (without '#') for a state: its options, selected class, its first
 * MAX_LINK_POINTS points and, when the link holds every point, its model (null: untrained).
 */
export function serialize(state, fields) {
  const parts = fields.map((field) => `${field.key}=${formatValue(field.spec, state.options[field.name])}`);
  parts.push(`class=${state.selectedClass}`);
  const kept = state.points.slice(0, MAX_LINK_POINTS);
  parts.push(`points=${kept.map((p) => `${p.x},${p.y},${p.label}`).join(';')}`);
  if (state.model && linkHoldsAll(state.points)) parts.push(...serializeModel(state.model));
  return parts.join('&');
}

// At most this much of an ignored part is quoted back to the user.
const shorten = (text) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/**
 * The state a hash describes: every field that is present and well-formed, defaults for the
 * rest. Points that are malformed or outside [-1, 1]^2 are dropped (at most MAX_LINK_POINTS
 * kept). Returns {state, problems}: problems lists what was ignored and why, as
 * {part, reason} (plain text, for the page's notice: never markup).
 */
export function parse(hash, fields) {
  const state = defaultState(fields);
  const problems = [];
  const ignore = (part, reason) => problems.push({ part: shorten(part), reason });
  let params;
  try {
    params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  } catch {
    return { state, problems: [{ part: shorten(String(hash)), reason: 'the link is not a query string' }] };
  }
  for (const field of fields) {
    if (!params.has(field.key)) continue;
    const text = params.get(field.key);
    const value = parseValue(field.spec, text);
    if (value === undefined) {
      ignore(`${field.key}=${text}`, `${field.label} must be ${field.spec.expected}; it stays ${field.spec.default}`);
    } else {
      state.options[field.name] = value;
    }
  }
  if (params.has('class')) {
    const selected = Number(params.get('class'));
    if (CLASSES.includes(selected) && params.get('class').trim() !== '') state.selectedClass = selected;
    else ignore(`class=${params.get('class')}`, 'the class of new points must be 1 or -1; it stays 1');
  }
  if (params.has('points')) {
    const text = params.get('points');
    const entries = text === '' ? [] : text.split(';');
    state.points = [];
    for (const entry of entries) {
      const point = parsePoint(entry);
      if (point === undefined)
        ignore(`point ${entry}`, 'a point is x,y,label with x and y in [-1, 1] and label 1 or -1');
      else state.points.push(point);
    }
    if (state.points.length > MAX_LINK_POINTS) {
      ignore(
        `${state.points.length - MAX_LINK_POINTS} points after the first ${MAX_LINK_POINTS}`,
        `a link holds at most ${MAX_LINK_POINTS} points`,
      );
      state.points.length = MAX_LINK_POINTS;
    }
  }
  if (MODEL_KEYS.some((key) => params.has(key))) {
    const { model, reason } = parseModel(params);
    const part = MODEL_KEYS.filter((key) => params.has(key))
      .map((key) => `${key}=${params.get(key)}`)
      .join('&');
    if (model && state.points.length === 0) ignore(part, 'a trained model needs its points; the weights start at zero');
    else if (model) state.model = model;
    else ignore(part, `the trained model: ${reason}; the weights start at zero`);
  }
  return { state, problems };
}
