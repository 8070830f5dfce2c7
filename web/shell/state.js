// The playground's whole state in the URL hash, so a shared link reproduces the session
// (TensorFlow Playground's approach): the data (a preset and its seed, or the points), the model
// and its options, the split, the view toggles, and the model's progress (session.js's
// snapshot). Reading validates every field and falls back to the default on anything malformed,
// so a hand-edited or truncated link never breaks the page; what it ignored comes back as
// `problems` ({part, reason}, plain text), which the page lists in a notice.
//
// Format (every key optional; each is declared in the state table, url-keys.js):
//   data=separable|gaussians|xor|circles|spiral|blobs|iris  dseed=1 n=40 dmargin=0.1 noise=0.1 features=2,3
//   data=points  points=x,y,label;x,y,label  [labels=text]   (an upload of two columns too)
//   data=spam    ngram=1 binary=0 hbits=0 tsteps=<n>|train doc=<row>   (text: text-link.js)
//   data=tagging dseed=1 n=60 variant=classic order=cyclic tsteps=<n>|train   (tagging-link.js;
//                written alone: its variant and order are the structured perceptron's)
//   data=csv     an upload the plane shows a projection of (the file cannot be in the link)
//   model=Perceptron  and that model's options by their keys (web/shell/models.js: rule=margin lr=1 …)
//   val=20 test=20   (percent of the rows held out for validation and for test)
//   heatmap=1 discrete=0 band=1 colour=true|predicted   class=<label of new points>
//   start=<model JSON, base64url> base=t,epoch,mistakes conv=0|1 trained=1 run=k[,1]
import { formatCount } from './format.js';
import { DEFAULT_PRESET, IRIS_FEATURES, PRESET_ROWS, presetDefaults, presetOf } from './data.js';
import { modelOf } from './models.js';
import { initialOptions } from './options.js';
import { keysOf, URL_KEYS } from './url-keys.js';
import { LOST_CURVE, MAX_LINK_RUNS } from './link-runs.js';
import { modePresetOf } from './mode-presets.js';
import { parseText, serializeText } from '../text/text-link.js';
import { parseTagging } from '../tagging/tagging-link.js';

/** The link holds at most this many points (the first ones): a link must stay shareable. */
export const MAX_LINK_POINTS = 1000;
/** A model's JSON longer than this (base64url characters) is left out of the link. */
export const MAX_LINK_MODEL = 200_000;
export const SPLITS = Object.freeze([0, 10, 20, 30, 40, 50]);
export const DEFAULT_VIEW = Object.freeze({ heatmap: true, discrete: false, band: true, colour: 'true' });
const PROGRESS_KEYS = keysOf('progress');

export function defaultState(fieldsOf) {
  return {
    data: { kind: 'preset', preset: { ...DEFAULT_PRESET } },
    model: { kind: 'Perceptron', options: initialOptions(fieldsOf('Perceptron')) },
    split: { validation: 0, test: 0 },
    view: { ...DEFAULT_VIEW },
    selectedClass: null,
    progress: null,
  };
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

// Whether a number is within a schema entry's range.
function inRange(spec, value) {
  if (!Number.isFinite(value)) return false;
  if (spec.type === 'integer' && !Number.isInteger(value)) return false;
  if (spec.minimum !== undefined && (spec.exclusiveMinimum ? value <= spec.minimum : value < spec.minimum))
    return false;
  if (spec.maximum !== undefined && (spec.exclusiveMaximum ? value >= spec.maximum : value > spec.maximum))
    return false;
  return true;
}

/** The value of one option read from text, or undefined when its schema entry refuses it. */
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

const formatValue = (value) => (value === true ? '1' : value === false ? '0' : String(value));
const REAL = { type: 'number' };
const COUNT = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };

function numbers(text, length, spec = REAL) {
  const parts = text.split(',');
  if (parts.length !== length) return undefined;
  const values = parts.map((s) => parseValue(spec, s));
  return values.includes(undefined) ? undefined : values;
}

// base64url of UTF-8 text, and back (undefined when malformed).
function toBase64url(text) {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64url(text) {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

function serializeProgress(progress) {
  if (!progress) return [];
  const parts = [];
  if (progress.start) {
    const encoded = toBase64url(JSON.stringify(progress.start));
    if (encoded.length > MAX_LINK_MODEL) return [];
    parts.push(`start=${encoded}`);
  }
  const { t, epoch, mistakes } = progress.base;
  parts.push(`base=${t},${epoch},${mistakes}`);
  if (progress.converged !== null) parts.push(`conv=${progress.converged ? 1 : 0}`);
  if (progress.trained) parts.push('trained=1');
  if (progress.run) parts.push(`run=${progress.run.steps}${progress.run.last ? ',1' : ''}`);
  if (progress.runs) parts.push(`runs=${progress.runs.lost ? `lost-${progress.runs.lost}` : progress.runs.join(',')}`);
  return parts;
}

function parseProgress(params) {
  let start = null;
  if (params.has('start')) {
    const text = fromBase64url(params.get('start'));
    try {
      start = JSON.parse(text);
    } catch {
      return { reason: 'start is not a model saved by the page' };
    }
    if (start === null || typeof start !== 'object' || Array.isArray(start)) {
      return { reason: 'start is not a model saved by the page' };
    }
  }
  const counts = numbers(params.get('base') ?? '', 3, COUNT);
  if (counts === undefined) return { reason: 'base must be t,epoch,mistakes (integers ≥ 0)' };
  const [t, epoch, mistakes] = counts;
  if (epoch > t || mistakes > t) return { reason: 'an epoch has at least one step and a mistake is a step' };
  if (params.has('conv') && !['0', '1'].includes(params.get('conv'))) return { reason: 'conv must be 0 or 1' };
  if (params.has('trained') && params.get('trained') !== '1') return { reason: 'trained must be 1' };
  let run = null;
  if (params.has('run')) {
    const parts = params.get('run').split(',');
    const steps = parseValue(COUNT, parts[0]);
    if (steps === undefined || steps < 1 || parts.length > 2 || (parts.length === 2 && parts[1] !== '1')) {
      return { reason: 'run must be k (k ≥ 1 steps of the current run) and an optional ,1' };
    }
    run = { steps, last: parts.length === 2 };
  }
  const runs = params.has('runs') ? parseRuns(params.get('runs')) : undefined;
  if (runs === null)
    return { reason: `runs must be train, then step counts (at most ${MAX_LINK_RUNS} runs), or lost-<why>` };
  if (!start && !run && t === 0) return { reason: 'it holds no model' };
  const converged = params.has('conv') ? params.get('conv') === '1' : null;
  return { progress: { start, base: { t, epoch, mistakes }, converged, trained: params.has('trained'), run, runs } };
}

// runs=train,12,40 (Train's fit, then each run's steps) or runs=lost-<a LOST_CURVE code>; null
// when malformed.
function parseRuns(text) {
  const lost = text.startsWith('lost-') ? text.slice(5) : null;
  if (lost !== null) return Object.hasOwn(LOST_CURVE, lost) ? { lost } : null;
  const runs = text.split(',').map((part, k) => (k === 0 && part === 'train' ? part : parseValue(COUNT, part)));
  return runs.length > MAX_LINK_RUNS || runs.includes(undefined) ? null : runs;
}

function serializeData(data, textLabels) {
  if (data.kind === 'preset') {
    const { name, seed, rows, margin, noise, features } = data.preset;
    const parts = [`data=${name}`, `dseed=${seed}`, `n=${rows}`];
    const { params } = presetOf(name);
    if (params.includes('margin')) parts.push(`dmargin=${margin}`);
    if (params.includes('noise')) parts.push(`noise=${noise}`);
    if (params.includes('features')) parts.push(`features=${features.join(',')}`);
    if (name === 'iris') parts.splice(1, 2); // Iris has neither a seed nor a size
    return parts;
  }
  if (data.kind === 'csv') return ['data=csv'];
  if (data.kind === 'text') return serializeText(data);
  const kept = data.points.slice(0, MAX_LINK_POINTS);
  const label = (l) => encodeURIComponent(String(l)).replace(/;/g, '%3B').replace(/,/g, '%2C');
  const parts = ['data=points', `points=${kept.map((p) => `${p.x},${p.y},${label(p.label)}`).join(';')}`];
  if (textLabels) parts.push('labels=text');
  return parts;
}

/**
 * The hash text (without '#') for a state: data ({kind: 'preset', preset} or {kind: 'points',
 * points}), model {kind, options}, split, view, selectedClass and progress (null: untrained;
 * kept only when the link holds every point).
 */
export function serialize(state, fieldsOf) {
  const textLabels = state.data.kind === 'points' && state.data.points.some((p) => typeof p.label === 'string');
  const parts = serializeData(state.data, textLabels);
  parts.push(`model=${state.model.kind}`);
  for (const field of fieldsOf(state.model.kind)) {
    const value = state.model.options[field.name];
    if (value !== undefined) parts.push(`${field.key}=${encodeURIComponent(formatValue(value))}`);
  }
  parts.push(`val=${state.split.validation}`, `test=${state.split.test}`);
  const { heatmap, discrete, band, colour } = state.view;
  parts.push(`heatmap=${heatmap ? 1 : 0}`, `discrete=${discrete ? 1 : 0}`, `band=${band ? 1 : 0}`, `colour=${colour}`);
  if (state.selectedClass !== null) parts.push(`class=${encodeURIComponent(String(state.selectedClass))}`);
  const { data } = state;
  const holdsAll = data.kind === 'preset' || (data.kind === 'points' && data.points.length <= MAX_LINK_POINTS);
  if (holdsAll) parts.push(...serializeProgress(state.progress));
  return parts.join('&');
}

const shorten = (text) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

function parsePreset(params, ignore) {
  const name = params.get('data');
  const preset = presetDefaults(name);
  const read = (key, spec, what, apply) => {
    if (!params.has(key)) return;
    const value = parseValue(spec, params.get(key));
    if (value === undefined) ignore(`${key}=${params.get(key)}`, `${what}; it stays the default`);
    else apply(value);
  };
  read(
    'dseed',
    { type: 'integer', minimum: 0, maximum: 2 ** 32 - 1 },
    'the data seed must be an integer from 0 to 4294967295',
    (v) => (preset.seed = v),
  );
  read(
    'n',
    { type: 'integer', ...PRESET_ROWS },
    `the number of points must be an integer from ${formatCount(PRESET_ROWS.minimum)} to ${formatCount(PRESET_ROWS.maximum)}`,
    (v) => (preset.rows = v),
  );
  read(
    'dmargin',
    { type: 'number', minimum: 0, maximum: 0.5 },
    'the margin must be a number from 0 to 0.5',
    (v) => (preset.margin = v),
  );
  read(
    'noise',
    { type: 'number', minimum: 0, maximum: 1 },
    'the noise must be a number from 0 to 1',
    (v) => (preset.noise = v),
  );
  if (params.has('features')) {
    const pair = numbers(params.get('features'), 2, { type: 'integer', minimum: 0, maximum: IRIS_FEATURES.length - 1 });
    if (pair === undefined || pair[0] === pair[1]) {
      ignore(
        `features=${params.get('features')}`,
        'features must be two different column numbers from 0 to 3; they stay 2,3',
      );
    } else preset.features = pair;
  }
  return preset;
}

function parsePoints(params, ignore) {
  const text = params.get('points') ?? '';
  const textLabels = params.get('labels') === 'text';
  const points = [];
  for (const entry of text === '' ? [] : text.split(';')) {
    const parts = entry.split(',');
    const [x, y] = parts.slice(0, 2).map((s) => parseValue(REAL, s ?? ''));
    let label;
    try {
      label = parts.length === 3 ? decodeURIComponent(parts[2]) : undefined;
    } catch {
      label = undefined;
    }
    if (label !== undefined && !textLabels) label = parseValue(REAL, label);
    if (x === undefined || y === undefined || label === undefined || label === '') {
      ignore(`point ${entry}`, 'a point is x,y,label with finite numbers x and y and a label');
    } else points.push({ x, y, label });
  }
  if (points.length > MAX_LINK_POINTS) {
    ignore(
      `${formatCount(points.length - MAX_LINK_POINTS)} points after the first ${formatCount(MAX_LINK_POINTS)}`,
      `a link holds at most ${formatCount(MAX_LINK_POINTS)} points`,
    );
    points.length = MAX_LINK_POINTS;
  }
  return points;
}

/**
 * The state a hash describes: every field that is present and well-formed, defaults for the rest.
 * fieldsOf(kind): the model's fields (options.js's pageFields). Returns {state, problems}.
 */
export function parse(hash, fieldsOf) {
  const state = defaultState(fieldsOf);
  const problems = [];
  const ignore = (part, reason) => problems.push({ part: shorten(part), reason });
  let params;
  try {
    params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  } catch {
    return { state, problems: [{ part: shorten(String(hash)), reason: 'the link is not a query string' }] };
  }
  if (params.has('data')) {
    const name = params.get('data');
    if (presetOf(name)) state.data = { kind: 'preset', preset: parsePreset(params, ignore) };
    else if (modePresetOf(name)?.mode === 'text') state.data = parseText(name, params, ignore);
    else if (modePresetOf(name)?.mode === 'sequences') state.data = parseTagging(params, ignore);
    else if (name === 'points') state.data = { kind: 'points', points: parsePoints(params, ignore) };
    else if (name === 'csv')
      ignore('data=csv', 'an uploaded file is not in the link: upload it again; the default dataset is shown');
    else ignore(`data=${name}`, `there is no dataset ${name}; the default dataset is shown`);
  }
  if (params.has('model')) {
    const kind = params.get('model');
    if (modelOf(kind)) state.model = { kind, options: initialOptions(fieldsOf(kind)) };
    else ignore(`model=${kind}`, `there is no model ${kind}; it stays ${state.model.kind}`);
  }
  for (const field of fieldsOf(state.model.kind)) {
    if (!params.has(field.key)) continue;
    const text = params.get(field.key);
    const value = parseValue(field.spec, text);
    if (value === undefined) {
      const stays = field.initial === undefined ? 'it stays unset' : `it stays ${field.initial}`;
      ignore(`${field.key}=${text}`, `${field.label} must be ${field.spec.expected}; ${stays}`);
    } else state.model.options[field.name] = value;
  }
  for (const [key, name] of [
    ['val', 'validation'],
    ['test', 'test'],
  ]) {
    if (!params.has(key)) continue;
    const value = Number(params.get(key));
    if (SPLITS.includes(value) && params.get(key).trim() !== '') state.split[name] = value;
    else
      ignore(`${key}=${params.get(key)}`, `the ${name} part must be one of ${SPLITS.join(', ')} (percent); it stays 0`);
  }
  if (state.split.validation + state.split.test > 80) {
    ignore(
      `val=${state.split.validation}&test=${state.split.test}`,
      'validation and test together must leave at least 20% to train; both stay 0',
    );
    state.split = { validation: 0, test: 0 };
  }
  for (const key of ['heatmap', 'discrete', 'band']) {
    if (!params.has(key)) continue;
    const value = parseValue({ type: 'boolean' }, params.get(key));
    if (value === undefined) ignore(`${key}=${params.get(key)}`, `${key} must be 0 or 1`);
    else state.view[key] = value;
  }
  if (params.has('colour')) {
    const colour = params.get('colour');
    if (colour === 'true' || colour === 'predicted') state.view.colour = colour;
    else ignore(`colour=${colour}`, 'colour must be true or predicted');
  }
  if (params.has('class')) state.selectedClass = params.get('class'); // matched against the data's classes later
  if (PROGRESS_KEYS.some((key) => params.has(key))) {
    const { progress, reason } = parseProgress(params);
    const part = PROGRESS_KEYS.filter((key) => params.has(key))
      .map((key) => `${key}=${params.get(key)}`)
      .join('&');
    if (progress) state.progress = progress;
    else ignore(part, `the trained model: ${reason}; the weights start at zero`);
  }
  // Every key of the state table (url-keys.js) in the hash, but a model's options only for this model.
  const known = new Set(
    Object.keys(URL_KEYS).filter((key) => URL_KEYS[key].in === 'hash' && URL_KEYS[key].part !== 'option'),
  );
  for (const field of fieldsOf(state.model.kind)) known.add(field.key);
  for (const key of new Set(params.keys())) {
    if (!known.has(key)) ignore(`${key}=${params.get(key)}`, 'the page has no such setting (for this model)');
  }
  return { state, problems };
}
