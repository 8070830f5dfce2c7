// Comparing traces: what a submission's trace must look like (one {weights, bias} per step), the
// equality of two numbers (within 1e-9 x max(1, |expected|)), the first step where a trace leaves
// the reference's, and that step told in words. The child process a submission runs in checks
// the shape with the same function (run-submission.js), so both say the same thing.
import { describe } from '../bindings/js/errors.js';
import { close } from '../web/shell/tolerance.js';
import { formatNumber } from './values.js';

const finite = (v) => typeof v === 'number' && Number.isFinite(v);

/**
 * A submission's trace, checked: {records} (copies, {weights: number[], bias}) or {error} with
 * code 'bad-shape' naming the first step and field that is not what it should be. `features` is
 * the number of weights every step must have.
 */
export function checkTrace(value, features) {
  const bad = (message) => ({ error: { code: 'bad-shape', message } });
  if (!Array.isArray(value)) {
    return bad(
      `perceptron(X, y, options) must return an array with one {weights, bias} per step; received ${describe(value)}`,
    );
  }
  const records = new Array(value.length);
  for (let k = 0; k < value.length; k++) {
    const record = value[k];
    const where = `step ${k + 1} (element ${k} of the returned array)`;
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      return bad(`${where} must be an object {weights, bias}; received ${describe(record)}`);
    }
    const { weights, bias } = record;
    if (!Array.isArray(weights) && !(ArrayBuffer.isView(weights) && !(weights instanceof DataView))) {
      return bad(`${where}: weights must be an array of ${features} numbers; received ${describe(weights)}`);
    }
    if (weights.length !== features) {
      return bad(
        `${where}: weights must have ${features} numbers, one per feature (column of X); received ${weights.length}`,
      );
    }
    for (let j = 0; j < features; j++) {
      if (!finite(weights[j])) {
        return bad(`${where}: weights[${j}] must be a finite number; received ${describe(weights[j])}`);
      }
    }
    if (!finite(bias)) return bad(`${where}: bias must be a finite number; received ${describe(bias)}`);
    records[k] = { weights: Array.from(weights), bias };
  }
  return { records };
}

/**
 * The first difference between the reference trace and a received one ({records, length}: the
 * records may be the first ones of a longer trace of `length` steps): {matched, difference},
 * matched the number of steps equal before it, difference null or {step, field, expected,
 * received} with step 1-based and field 'weights[j]', 'bias' or 'steps' (the trace's length:
 * expected and received are then the two lengths).
 */
export function compareTraces(reference, { records, length }) {
  const common = Math.min(reference.length, length);
  for (let k = 0; k < common; k++) {
    const want = reference[k];
    const got = records[k];
    for (let j = 0; j < want.weights.length; j++) {
      if (!close(want.weights[j], got.weights[j])) {
        const difference = { step: k + 1, field: `weights[${j}]`, expected: want.weights[j], received: got.weights[j] };
        return { matched: k, difference };
      }
    }
    if (!close(want.bias, got.bias)) {
      return { matched: k, difference: { step: k + 1, field: 'bias', expected: want.bias, received: got.bias } };
    }
  }
  if (reference.length === length) return { matched: common, difference: null };
  const difference = { step: common + 1, field: 'steps', expected: reference.length, received: length };
  return { matched: common, difference };
}

/** Whether two traces are the same (a variant's and a submission's), step for step. */
export function sameTrace(variant, received) {
  return variant.length === received.length && compareTraces(variant, received).difference === null;
}

const number = formatNumber;
const vector = (v) => `[${v.map(number).join(',')}]`;
const show = (record) => `w = ${vector(record.weights)}, b = ${number(record.bias)}`;
const sign = (s) => (s > 0 ? '+1' : '-1');

/** The update the conventions make on a mistake, as the notes write it: 'w += y x, b += y'. */
export function updateText({ learningRate, fitIntercept }) {
  const eta = learningRate === 1 ? '' : `${number(learningRate)} `;
  return fitIntercept ? `w += ${eta}y x, b += ${eta}y` : `w += ${eta}y x (b stays 0)`;
}

// What the reference step decided and why, under the assignment's mistake rule.
function decision(step, options) {
  const update = `so ${updateText(options)}`;
  if (options.mistakeRule === 'margin') {
    const margin = number(step.labelSign * step.score);
    return step.mistake
      ? `a mistake: y (w.x + b) = ${margin} <= 0, ${update}`
      : `no mistake: y (w.x + b) = ${margin} > 0`;
  }
  const predicts = `w.x + b = ${number(step.score)} predicts ${sign(step.predictionSign)}`;
  return step.mistake ? `a mistake: ${predicts}, ${update}` : `no mistake: ${predicts}`;
}

/**
 * The first difference in words, over lines: the step (its epoch, row, example and what the
 * reference decided), then what was expected and what was received.
 */
export function differenceText(difference, reference, received, { X, options }) {
  const { step } = difference;
  const want = reference[step - 1];
  if (!want) {
    const last = reference.at(-1);
    const end = last ? ` (epoch ${last.epoch})` : '';
    return `step ${step}: expected training to stop after ${reference.length} steps${end}, received ${received.length} steps`;
  }
  const got = received.records[step - 1];
  return (
    `step ${step} differs (epoch ${want.epoch}, row ${want.index}: x = ${vector(X[want.index])}, ` +
    `y = ${sign(want.labelSign)}; ${decision(want, options)})\n` +
    `    expected ${show(want)}\n` +
    `    received ${got ? show(got) : `nothing: the submission stopped after ${received.length} steps`}`
  );
}
