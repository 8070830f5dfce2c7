// The options of exercise(kind, options): their names, defaults and checks, and the checks that
// reject impossible combinations up front (before any attempt is drawn). Bad options throw a
// TypeError (a wrong type or name) or a RangeError (a value out of range), naming the option,
// what it expects and what it received; the conventions are checked by the package's own
// Perceptron constructor.
import { describe } from '../../bindings/js/errors.js';
import { readData } from './data.js';
import { plainObject } from '../values.js';

export const KINDS = ['epoch', 'mistakes', 'weightsAt', 'margin', 'separable'];

// Options every kind takes (and data, without a default: the rows to use instead of drawn ones):
// the drawn data's shape, then the conventions (the lecture's defaults).
const COMMON = {
  seed: 0,
  rows: 6,
  dimension: 2,
  range: 5,
  decimals: 0,
  mistakeRule: 'margin',
  order: 'cyclic',
  learningRate: 1,
  fitIntercept: true,
  maxEpochs: 100,
};
// The options that shape drawn data, which option data replaces.
const DRAWN = ['rows', 'dimension', 'range', 'decimals'];
// Options only some kinds take; undefined means "either way".
const OWN = {
  mistakes: ['epoch', 'mistakes', 'weightsAt', 'margin'],
  zeroScore: ['epoch', 'mistakes', 'weightsAt', 'margin'],
  step: ['weightsAt'],
  separable: ['separable'],
};
export const LIMITS = { rows: [2, 50], dimension: [1, 10], range: [1, 1000], maxEpochs: [1, 1000] };

const where = 'exercise';

/** The names of the options `kind` takes, in documentation order. */
export const optionNames = (kind) => [
  'data',
  ...Object.keys(COMMON),
  ...Object.keys(OWN).filter((name) => OWN[name].includes(kind)),
];

function integer(options, name, min, max) {
  const value = options[name];
  const expected = `an integer from ${min} to ${max}`;
  if (typeof value !== 'number') {
    throw new TypeError(`${where}: option ${name} must be ${expected}; received ${describe(value)}`);
  }
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${where}: option ${name} must be ${expected}; received ${describe(value)}`);
  }
}

function boolean(options, name) {
  const value = options[name];
  if (value !== undefined && typeof value !== 'boolean') {
    throw new TypeError(`${where}: option ${name} must be true, false or undefined; received ${describe(value)}`);
  }
}

/** The kind, checked: one of KINDS. */
export function checkKind(kind) {
  if (!KINDS.includes(kind)) {
    const listed = KINDS.map((name) => JSON.stringify(name)).join(', ');
    throw new TypeError(`${where}: kind must be one of ${listed}; received ${describe(kind)}`);
  }
  return kind;
}

/**
 * The options with their defaults, checked (pw checks the conventions): a plain object holding
 * every option that has a value, and with data the rows and dimension it gives (which the
 * attempts and checks read). givenOptions(it) is what exercise() returns as its options.
 */
export function resolveOptions(pw, kind, options) {
  if (options === undefined) options = {};
  if (!plainObject(options)) {
    throw new TypeError(`${where}: options must be a plain object; received ${describe(options)}`);
  }
  const known = optionNames(kind);
  for (const name of Object.keys(options)) {
    if (known.includes(name)) continue;
    const kinds = OWN[name]?.map((k) => `'${k}'`).join(', ');
    throw new TypeError(
      kinds
        ? `${where}: option ${name} applies to ${kinds} exercises only; received it for '${kind}'`
        : `${where}: unknown option ${JSON.stringify(name)}; the options of '${kind}' are ${known.join(', ')}`,
    );
  }
  const resolved = { ...COMMON, ...(kind === 'epoch' ? { maxEpochs: 1 } : {}) };
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined) resolved[name] = Array.isArray(value) ? [...value] : value;
  }

  if (options.data !== undefined) {
    const given = DRAWN.find((name) => options[name] !== undefined);
    if (given) throw new TypeError(`${where}: option ${given} does not apply with option data, which gives the rows`);
    resolved.data = readData(options.data, LIMITS);
    resolved.rows = resolved.data.X.length;
    resolved.dimension = resolved.data.X[0].length;
    delete resolved.range;
    delete resolved.decimals;
  }
  integer(resolved, 'seed', 0, Number.MAX_SAFE_INTEGER);
  for (const [name, [min, max]] of Object.entries(LIMITS)) {
    if (name in resolved) integer(resolved, name, min, max);
  }
  if ('decimals' in resolved && resolved.decimals !== 0 && resolved.decimals !== 1) {
    const received = describe(resolved.decimals);
    const Error = typeof resolved.decimals === 'number' ? RangeError : TypeError;
    throw new Error(
      `${where}: option decimals must be 0 (integer coordinates) or 1 (one decimal); received ${received}`,
    );
  }
  if (kind === 'epoch' && resolved.maxEpochs !== 1) {
    throw new RangeError(
      `${where}: option maxEpochs must be 1 or undefined for 'epoch' exercises (one epoch); received ${describe(resolved.maxEpochs)}`,
    );
  }
  const steps = resolved.rows * resolved.maxEpochs;
  if (resolved.step !== undefined) integer(resolved, 'step', 1, steps);
  if (resolved.mistakes !== undefined) checkMistakes(resolved.mistakes, steps);
  boolean(resolved, 'zeroScore');
  boolean(resolved, 'separable');
  checkConventions(pw, resolved);
  checkPossible(kind, resolved);
  return resolved;
}

/**
 * The options an exercise was made with, as exercise() returns them (a copy): with data, without
 * the rows and dimension resolveOptions took from it, which option data does not take; so that
 * exercise(kind, them) makes the same exercise again.
 */
export function givenOptions(resolved) {
  const copy = structuredClone(resolved);
  if (copy.data) {
    delete copy.rows;
    delete copy.dimension;
  }
  return copy;
}

// mistakeRule, order, learningRate and fitIntercept as `new pw.Perceptron` checks them.
function checkConventions(pw, { mistakeRule, order, learningRate, fitIntercept }) {
  let model;
  try {
    model = new pw.Perceptron({ mistakeRule, order, learningRate, fitIntercept });
  } catch (error) {
    const message = error.message.replace(/^new Perceptron: /, '');
    throw new (error instanceof RangeError ? RangeError : TypeError)(`${where}: ${message}`);
  }
  model.dispose();
}

// mistakes: an integer, or [least, most], from 0 to the steps a run can take.
function checkMistakes(mistakes, steps) {
  const expected = `an integer from 0 to ${steps}, or [least, most] with such integers and least <= most`;
  const fits = (v) => Number.isInteger(v) && v >= 0 && v <= steps;
  const range = Array.isArray(mistakes) && mistakes.length === 2 && mistakes.every(fits) && mistakes[0] <= mistakes[1];
  if (range || (typeof mistakes === 'number' && fits(mistakes))) return;
  const Error = typeof mistakes === 'number' || Array.isArray(mistakes) ? RangeError : TypeError;
  throw new Error(`${where}: option mistakes must be ${expected}; received ${shown(mistakes)}`);
}

// A received value in words, an array's items too.
const shown = (value) => (Array.isArray(value) ? `[${value.map(describe).join(', ')}]` : describe(value));

/** The option mistakes as [least, most] (undefined: any number). */
export const mistakeRange = (mistakes) =>
  mistakes === undefined ? [0, Infinity] : typeof mistakes === 'number' ? [mistakes, mistakes] : mistakes;

// The mistakes a trace can make, [fewest, most], whatever the data: the runs that converge make
// one at least (w = 0, b = 0 is wrong on some row), as does the first epoch (each class is visited,
// the first while w = 0) unless rows are drawn; under 'margin' the first step is a mistake.
function possibleMistakes(kind, { rows, maxEpochs, order, mistakeRule, step }) {
  const converges = kind === 'mistakes' || kind === 'margin';
  const fewest = converges || mistakeRule === 'margin' || (kind === 'epoch' && order !== 'sample') ? 1 : 0;
  const most =
    { epoch: rows, weightsAt: step ?? rows * maxEpochs }[kind] ?? rows * (maxEpochs - (order === 'sample' ? 0 : 1));
  return [fewest, most];
}

// The combinations no data can meet, refused before drawing any; the default of mistakes
// ([2, 2 x rows] within what the kind can make).
function checkPossible(kind, options) {
  const { rows, maxEpochs, order } = options;
  const refuse = (why) => {
    throw new RangeError(`${where}: these options cannot be met: ${why}`);
  };
  if ((kind === 'mistakes' || kind === 'margin') && order !== 'sample' && maxEpochs < 2) {
    refuse(
      `'${kind}' needs a run that converges, after an epoch without a mistake, so maxEpochs >= 2; received maxEpochs ${maxEpochs}`,
    );
  }
  if (kind === 'separable') {
    if (options.separable === false && !options.data && options.fitIntercept && rows < 3) {
      refuse(`two distinct rows are always separable with an intercept; received rows ${rows} and separable false`);
    }
    return;
  }
  const [fewest, most] = possibleMistakes(kind, options);
  if (options.mistakes === undefined) {
    if (options.data) return; // the given rows, whatever mistakes they make
    options.mistakes = [Math.max(fewest, Math.min(2, most)), Math.max(fewest, Math.min(2 * rows, most))];
    return;
  }
  const [least, upTo] = mistakeRange(options.mistakes);
  const span =
    { epoch: `one epoch of ${rows} rows`, weightsAt: `${most} steps` }[kind] ??
    `a run that converges within ${maxEpochs} epochs of ${rows} rows`;
  if (least > most) refuse(`${span} makes at most ${most} mistakes; received mistakes ${shown(options.mistakes)}`);
  if (upTo < fewest)
    refuse(
      `${span} makes at least ${fewest} mistake under these conventions; received mistakes ${shown(options.mistakes)}`,
    );
}
