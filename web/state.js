// All UI state, serialized to the URL hash so a shared link reproduces the session (TensorFlow
// Playground's approach). Reading the hash validates every field and falls back to the default
// on anything malformed, so a hand-edited or truncated link never breaks the page.
//
// The options' fields come from web/options.js (pageFields): each has its hash key and the
// library's schema entry (pw.optionSchema), which says its type, choices, range and default, so
// a value read from a link is one the library accepts.
//
// Hash format:  #rule=margin&order=cyclic&lr=1&epochs=100&seed=0&intercept=1&class=1&points=x,y,l;x,y,l
// (points: coordinates with at most 3 decimals, label 1 or -1; an empty `points=` is an empty
// canvas, no `points` key at all is the default dataset).
import { DEFAULT_POINTS } from './datasets.js';

export const CLASSES = Object.freeze([-1, 1]);
export const MAX_POINTS = 1000;
const DECIMALS = 3;

export function defaultOptions(fields) {
  return Object.fromEntries(fields.map((field) => [field.name, field.spec.default]));
}

export function defaultState(fields) {
  return {
    options: defaultOptions(fields),
    selectedClass: 1,
    points: DEFAULT_POINTS.map((p) => ({ ...p })),
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

function parsePoint(text) {
  const parts = text.split(',');
  if (parts.length !== 3) return undefined;
  const [x, y] = parts.slice(0, 2).map((s) => parseValue(COORDINATE, s));
  const label = Number(parts[2]);
  if (x === undefined || y === undefined) return undefined;
  if (!CLASSES.includes(label)) return undefined;
  return { x: roundCoordinate(x), y: roundCoordinate(y), label };
}

/** The hash text (without '#') for a state. */
export function serialize(state, fields) {
  const parts = fields.map((field) => `${field.key}=${formatValue(field.spec, state.options[field.name])}`);
  parts.push(`class=${state.selectedClass}`);
  parts.push(`points=${state.points.map((p) => `${p.x},${p.y},${p.label}`).join(';')}`);
  return parts.join('&');
}

/**
 * The state a hash describes: every field that is present and well-formed, defaults for the
 * rest. Points that are malformed or outside [-1, 1]^2 are dropped (at most MAX_POINTS kept).
 * Returns {state, problems}: problems lists what was ignored, for the console.
 */
export function parse(hash, fields) {
  const state = defaultState(fields);
  const problems = [];
  let params;
  try {
    params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  } catch {
    return { state, problems: ['the hash is not a query string'] };
  }
  for (const field of fields) {
    if (!params.has(field.key)) continue;
    const value = parseValue(field.spec, params.get(field.key));
    if (value === undefined) {
      problems.push(`${field.key}=${params.get(field.key)} (${field.name} must be ${field.spec.expected})`);
    } else {
      state.options[field.name] = value;
    }
  }
  if (params.has('class')) {
    const selected = Number(params.get('class'));
    if (CLASSES.includes(selected) && params.get('class').trim() !== '') state.selectedClass = selected;
    else problems.push(`class=${params.get('class')}`);
  }
  if (params.has('points')) {
    const text = params.get('points');
    const entries = text === '' ? [] : text.split(';');
    state.points = [];
    for (const entry of entries) {
      const point = parsePoint(entry);
      if (point === undefined) problems.push(`point ${entry}`);
      else if (state.points.length < MAX_POINTS) state.points.push(point);
    }
  }
  return { state, problems };
}
