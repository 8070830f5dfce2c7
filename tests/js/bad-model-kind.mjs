// The model kinds of the shared bad-input cases (bad-model-cases.mjs), and what their cases are
// written with: regexes of a kind's messages, bad data made from good data, and Datasets and
// models made for one call.
import { inspect } from 'node:util';

import { AND_X, AND_Y, pw } from './helpers.mjs';

const escape = (text) => String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** re`^${name}\.fit: X must be`: a RegExp of regex source, each inserted value matched as plain text. */
export const re = (strings, ...values) => new RegExp(String.raw(strings, ...values.map(escape)));

/** X with X[i][j] = value. */
export const put = (X, i, j, value) => X.map((row, r) => row.map((v, c) => (r === i && c === j ? value : v)));

/** The rows of X as typed arrays. */
export const rows = (X, Type) => X.map((row) => Type.from(row));

/** y with y[i] = value. */
export const set = (y, i, value) => y.map((label, k) => (k === i ? value : label));

/** {data, rows, cols} of zeros or of the given values. */
export const typed = (nRows, nCols, values = new Array(nRows * nCols).fill(0)) => ({
  data: Float64Array.from(values),
  rows: nRows,
  cols: nCols,
});

/** A Dataset for one call (disposed before it when asked), disposed whatever happens. */
export function withDataset(X, labels, fn, { disposed = false } = {}) {
  const data = pw.Dataset.fromArray(X, undefined, labels);
  if (disposed) data.dispose();
  try {
    return fn(data);
  } finally {
    data.dispose();
  }
}

/** Labels as the messages list them: [-1, 1], ["a", "b"]. */
const list = (labels) =>
  `[${labels.map((label) => (typeof label === 'string' ? JSON.stringify(label) : label)).join(', ')}]`;

/**
 * What the shared cases need to know of pw[name]:
 * - y: the labels it trains on over AND_X (the subject is fitted on them)
 * - binary: a binary kind names itself in "exactly two distinct classes for <binary>"; false for
 *   the kinds of two classes or more ("at least two distinct classes")
 * - listsOne: whether its "y must hold ... received 1" lists the class (PassiveAggressive does not)
 * - fitOptions, trainerOptions: the options fit and trainer know, as their messages list them
 * - onStep: fit takes onStep (every kind's fit calls onStep and onEpoch, ovr/ovo's too)
 * - fitFirst: what the message of an unfitted model says to call first
 * - getters: its own getters, which a disposed model refuses too
 * - zeroOne: it learns from features 0 and 1 only (basic Winnow)
 * - optionNames: its constructor options, as "unknown option" messages list them (the start of
 *   the list: options added later may follow); typos: options
 *   misspelled, [options, the option meant], which the message suggests; savedOptions: its own
 *   options of a bad value, which fromJSON refuses in a saved model, [options, error, message]
 * - options: the subject's constructor options; label: the subject in table titles
 */
export function modelKind(name, spec = {}) {
  const {
    y = AND_Y,
    binary = false,
    listsOne = true,
    fitOptions = 'onStep, onEpoch, signal, sampleWeight, validation',
    trainerOptions = 'sampleWeight, validation',
    onStep = true,
    fitFirst = 'fit(X, y)',
    getters = [],
    zeroOne = false,
    optionNames,
    typos = [],
    savedOptions = [],
    options,
    label = name,
  } = spec;
  const Model = pw[name];
  const classes = [...new Set(y)].sort((a, b) => a - b);
  const make = (more) => new Model({ ...options, ...more });
  return {
    name,
    label,
    Model,
    X: AND_X,
    y,
    classes,
    classList: list(classes),
    binary,
    fitOptions,
    trainerOptions,
    onStep,
    fitFirst,
    getters,
    zeroOne,
    optionNames,
    typos,
    savedOptions,
    knows: (option) => optionNames.split(', ').includes(option),
    make,
    fitted(more) {
      const model = make(more);
      model.fit(AND_X, y);
      return model;
    },
    /** Features made 0/1 for a zeroOne kind, where their values are not what the case is about. */
    features: (X) => (zeroOne ? X.map((row) => row.map((v) => (v === 0 ? 0 : 1))) : X),
    /** The message of a class count refused by method for field ("y", "classes", "field classes"). */
    count(method, field, labels) {
      const own = method === 'partialFit';
      const phrase = binary
        ? `exactly two distinct classes for ${own ? name : binary}`
        : 'at least two distinct classes';
      const n = labels.length;
      const listed = own || binary || (listsOne && n > 0);
      const received = listed ? `${n} ${n === 1 ? 'class' : 'classes'} ${list(labels)}` : `${n}`;
      return re`^${`${name}.${method}`}: ${field} must hold ${phrase}; received ${received}`;
    },
  };
}

/**
 * A call on a model of the kind's own, made for it and freed afterwards: of the subject's options
 * and these, or (onNew) of these alone.
 */
export const onFresh =
  (kind, fn, options, make = kind.make) =>
  () => {
    const model = make(options);
    try {
      return fn(model);
    } finally {
      model.dispose();
    }
  };

export const onNew = (kind, fn, options) => onFresh(kind, fn, options, (only) => new kind.Model(only));

/** A call on a fitted model of the kind's own (with options), freed afterwards. */
export const onFitted = (kind, fn, options) => () => {
  const model = kind.fitted(options);
  try {
    return fn(model);
  } finally {
    model.dispose();
  }
};

/** The patterns of a message "<at>: <text>...; received <got>": its start, and what it received. */
export const says = (at, text, got) => [re`^${at}: ${text}`, ...(got === undefined ? [] : [re`received ${got}`])];

/** The patterns of messages at `at`: a string is the start of the message (says), a RegExp itself. */
export const messages = (at, patterns) =>
  patterns.flatMap((pattern) => (typeof pattern === 'string' ? says(at, pattern) : [pattern]));

/** A call of a method with these arguments on the subject. */
export const call =
  (method, ...args) =>
  (m) =>
    m[method](...args);

/** A short picture of an argument, for case names. */
export const show = (value) => inspect(value, { breakLength: Infinity, depth: 3, maxArrayLength: 8 });
