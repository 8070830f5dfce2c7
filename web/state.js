// All UI state in one table, serialized to the URL hash so a shared link reproduces the session
// (TensorFlow Playground's approach). The table says, for each field, its hash key, its type and
// its default; reading the hash validates every field and falls back to the default on anything
// malformed, so a hand-edited or truncated link never breaks the page.
//
// Types are checked here; ranges (learningRate > 0, integer seed, ...) are the library's to
// judge, so app.js asks it (one source of truth for what an option may be).
//
// Hash format:  #rule=margin&order=cyclic&lr=1&intercept=1&seed=0&epochs=100&class=1&points=x,y,l;x,y,l
// (points: coordinates with at most 3 decimals, label 1 or -1; an empty `points=` is an empty
// canvas, no `points` key at all is the default dataset).
import { DEFAULT_POINTS } from './datasets.js';

/** Perceptron options the page exposes: name -> {key in the hash, type, default, choices}. */
export const OPTION_FIELDS = Object.freeze({
  mistakeRule: { key: 'rule', type: 'choice', choices: ['margin', 'sign', 'strict'], default: 'margin' },
  order: { key: 'order', type: 'choice', choices: ['cyclic', 'shuffle', 'sample'], default: 'cyclic' },
  learningRate: { key: 'lr', type: 'number', default: 1 },
  fitIntercept: { key: 'intercept', type: 'boolean', default: true },
  seed: { key: 'seed', type: 'number', default: 0 },
  maxEpochs: { key: 'epochs', type: 'number', default: 100 },
});

export const CLASSES = Object.freeze([-1, 1]);
export const MAX_POINTS = 1000;
const DECIMALS = 3;

export function defaultOptions() {
  return Object.fromEntries(Object.entries(OPTION_FIELDS).map(([name, field]) => [name, field.default]));
}

export function defaultState() {
  return {
    options: defaultOptions(),
    selectedClass: 1,
    points: DEFAULT_POINTS.map((p) => ({ ...p })),
  };
}

/** Rounds a coordinate the way the hash stores it, so a reload gives back the same numbers. */
export function roundCoordinate(v) {
  const clamped = Math.min(1, Math.max(-1, v));
  return Number(clamped.toFixed(DECIMALS)) || 0; // `|| 0` turns -0 into 0
}

function formatValue(field, value) {
  if (field.type === 'boolean') return value ? '1' : '0';
  return String(value);
}

// The value of one field read from the hash, or undefined when malformed.
function parseValue(field, text) {
  switch (field.type) {
    case 'choice':
      return field.choices.includes(text) ? text : undefined;
    case 'boolean':
      return text === '1' || text === 'true' ? true : text === '0' || text === 'false' ? false : undefined;
    case 'number': {
      if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
      const value = Number(text);
      return Number.isFinite(value) ? value : undefined;
    }
    default:
      return undefined;
  }
}

function parsePoint(text) {
  const parts = text.split(',');
  if (parts.length !== 3) return undefined;
  const [x, y] = parts.slice(0, 2).map((s) => parseValue({ type: 'number' }, s));
  const label = Number(parts[2]);
  if (x === undefined || y === undefined || Math.abs(x) > 1 || Math.abs(y) > 1) return undefined;
  if (!CLASSES.includes(label)) return undefined;
  return { x: roundCoordinate(x), y: roundCoordinate(y), label };
}

/** The hash text (without '#') for a state. */
export function serialize(state) {
  const parts = Object.entries(OPTION_FIELDS).map(
    ([name, field]) => `${field.key}=${formatValue(field, state.options[name])}`,
  );
  parts.push(`class=${state.selectedClass}`);
  parts.push(`points=${state.points.map((p) => `${p.x},${p.y},${p.label}`).join(';')}`);
  return parts.join('&');
}

/**
 * The state a hash describes: every field that is present and well-formed, defaults for the
 * rest. Points that are malformed or outside [-1, 1]^2 are dropped (at most MAX_POINTS kept).
 * Returns {state, problems}: problems lists what was ignored, for the console.
 */
export function parse(hash) {
  const state = defaultState();
  const problems = [];
  let params;
  try {
    params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  } catch {
    return { state, problems: ['the hash is not a query string'] };
  }
  for (const [name, field] of Object.entries(OPTION_FIELDS)) {
    if (!params.has(field.key)) continue;
    const value = parseValue(field, params.get(field.key));
    if (value === undefined) problems.push(`${field.key}=${params.get(field.key)}`);
    else state.options[name] = value;
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
