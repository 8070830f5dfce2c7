// grade(submission, assignment): a student's perceptron trace against the package's, with the
// first step that differs, a diagnosis of the convention mixed up, and a score. Split by concern:
//   grade-trace.js      comparing traces (the shape, the tolerance, the first difference in words)
//   grade-diagnosis.js  the reference re-run under the other conventions, and the matching
//   grade-loop.js       the small reference loop for the variants no option expresses
//   grade-run.js        running a submission's module in a child process (Node only)
//   grade-formats.js    Gradescope's and PrairieLearn's results (the command's --format)
// An array of step records is graded anywhere; a module (path, URL or source) needs Node, whose
// modules grade-run.js imports only when it runs.
import { describe } from '../bindings/js/errors.js';
import { diagnose, packageTrace, totalSteps, visits } from './grade-diagnosis.js';
import { checkTrace, compareTraces, differenceText } from './grade-trace.js';
import { library } from './library.js';
import { plainObject } from './values.js';

/** The Perceptron options an assignment may set; the others keep the package's defaults. */
const ASSIGNMENT_OPTIONS = ['mistakeRule', 'learningRate', 'order', 'seed', 'maxEpochs', 'maxSteps', 'fitIntercept'];
/** The most steps an assignment's training may take (maxEpochs x rows, or maxSteps). */
const MAX_STEPS = 2 ** 20;
/** The most numbers a trace may hold (steps x (features + 1)): 128 MiB of doubles. */
const MAX_VALUES = 2 ** 24;
const DEFAULT_LIMITS = { timeout: 10_000, memory: 512 };

// The submission's kind: 'records' (an array), 'module' (a path, URL or {source}); a TypeError otherwise.
function kindOf(submission) {
  if (Array.isArray(submission)) return 'records';
  if ((typeof submission === 'string' && submission !== '') || submission instanceof URL) return 'module';
  if (plainObject(submission) && typeof submission.source === 'string') return 'module';
  throw new TypeError(
    'grade: submission must be the path or URL of an ES module exporting perceptron(X, y, options), ' +
      `{source} (the module's text) or an array of step records {weights, bias}; received ${describe(submission)}`,
  );
}

// The assignment, checked: {X, y, options} with every option resolved (the package's defaults).
function checkAssignment(pw, assignment) {
  const where = 'grade: assignment';
  if (!plainObject(assignment))
    throw new TypeError(`${where} must be an object {X, y, options}; received ${describe(assignment)}`);
  for (const key of Object.keys(assignment)) {
    if (!['X', 'y', 'options'].includes(key))
      throw new TypeError(`${where}: unknown key "${key}"; expected X, y and options`);
  }
  const { X, y, options = {} } = assignment;
  if (!Array.isArray(X) || X.length === 0) {
    throw new TypeError(`${where}.X must be a non-empty array of rows (arrays of numbers); received ${describe(X)}`);
  }
  const d = Array.isArray(X[0]) ? X[0].length : 0;
  X.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== d || d === 0) {
      throw new TypeError(
        `${where}.X[${i}] must be an array of ${d || 'at least 1'} finite numbers; received ${describe(row)}`,
      );
    }
    const j = row.findIndex((value) => !Number.isFinite(value));
    if (j >= 0) {
      const ErrorClass = typeof row[j] === 'number' ? RangeError : TypeError;
      throw new ErrorClass(`${where}.X[${i}][${j}] must be a finite number; received ${describe(row[j])}`);
    }
  });
  if (!Array.isArray(y) || y.length !== X.length) {
    throw new TypeError(
      `${where}.y must be an array of ${X.length} labels (one per row of X); received ${describe(y)}`,
    );
  }
  y.forEach((label, i) => {
    if (label !== 1 && label !== -1)
      throw new TypeError(`${where}.y[${i}] must be +1 or -1; received ${describe(label)}`);
  });
  if (!y.includes(1) || !y.includes(-1)) {
    throw new RangeError(`${where}.y must hold both labels, +1 and -1; received only ${y[0] > 0 ? '+1' : '-1'}`);
  }
  if (!plainObject(options)) throw new TypeError(`${where}.options must be an object; received ${describe(options)}`);
  for (const name of Object.keys(options)) {
    if (!ASSIGNMENT_OPTIONS.includes(name)) {
      throw new TypeError(
        `${where}.options: unknown option "${name}"; the grader takes ${ASSIGNMENT_OPTIONS.join(', ')}`,
      );
    }
  }
  let resolved;
  try {
    const model = new pw.Perceptron(options);
    resolved = model.options;
    model.dispose();
  } catch (error) {
    throw new error.constructor(`${where}.options: ${error.message.replace(/^new Perceptron: /, '')}`);
  }
  const { mistakeRule, learningRate, order, seed, maxEpochs, fitIntercept } = resolved;
  const settings = { mistakeRule, learningRate, order, seed, maxEpochs, fitIntercept };
  if (order === 'sample') settings.maxSteps = options.maxSteps ?? maxEpochs * X.length;
  const total = totalSteps(settings, X.length);
  if (total > MAX_STEPS) {
    const what = order === 'sample' ? `maxSteps = ${total}` : `maxEpochs x rows = ${total}`;
    throw new RangeError(`${where}.options: training may take at most ${MAX_STEPS} steps to grade; ${what}`);
  }
  if (total * (d + 1) > MAX_VALUES) {
    throw new RangeError(
      `${where}: a trace may hold at most ${MAX_VALUES} numbers to grade (steps x (features + 1)); ` +
        `received up to ${total} steps of ${d} features`,
    );
  }
  return { X, y, options: settings };
}

// The time limit (ms) and memory limit (MB) of a submission's process, checked.
function checkLimits(limits = {}) {
  if (!plainObject(limits))
    throw new TypeError(`grade: limits must be an object {timeout, memory}; received ${describe(limits)}`);
  const { timeout = DEFAULT_LIMITS.timeout, memory = DEFAULT_LIMITS.memory, ...rest } = limits;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new TypeError(`grade: unknown limit "${unknown}"; expected timeout and memory`);
  for (const [name, value, least, unit] of [
    ['timeout', timeout, 1, 'ms'],
    ['memory', memory, 64, 'MB'],
  ]) {
    if (!Number.isSafeInteger(value) || value < least || value > 2 ** 31 - 1) {
      const ErrorClass = typeof value === 'number' ? RangeError : TypeError;
      throw new ErrorClass(
        `grade: limits.${name} must be an integer from ${least} to 2^31 - 1 (${unit}); received ${describe(value)}`,
      );
    }
  }
  return { timeout, memory };
}

/**
 * Grades a submission against the package's trace of the assignment. See grade.d.ts: the result
 * is {score, steps, matched, firstDifference, diagnosis, error, output}.
 */
export async function grade(submission, assignment, limits) {
  const kind = kindOf(submission);
  const pw = await library();
  const task = checkAssignment(pw, assignment);
  const { timeout, memory } = checkLimits(limits);
  const { X, y, options } = task;
  const reference = packageTrace(pw, X, y, options);
  const steps = reference.trace.length;

  let received = null;
  let error = null;
  let output = null;
  if (kind === 'records') {
    let checked;
    try {
      checked = checkTrace(submission, X[0].length);
    } catch (thrown) {
      checked = { error: { code: 'threw', message: `reading the records threw ${thrown}` } }; // a getter, a Proxy
    }
    error = checked.error ?? null;
    if (!error) received = { records: checked.records, length: checked.records.length };
  } else {
    if (typeof process === 'undefined' || !process.versions?.node) {
      throw new TypeError(
        'grade: running a module needs Node (a child process); here, grade the array of step records',
      );
    }
    const given = { ...options };
    if (options.order !== 'cyclic') given.visitOrder = visits(pw, options, X.length, totalSteps(options, X.length));
    const keep = totalSteps(options, X.length) + X.length;
    const { runSubmission } = await import('./grade-run.js');
    ({ received, error, output } = await runSubmission(
      submission,
      { X, y, options: given, keep },
      { timeout, memory },
    ));
  }
  if (error) return { score: 0, steps, matched: 0, firstDifference: null, diagnosis: null, error, output };

  const { matched, difference } = compareTraces(reference.trace, received);
  const firstDifference = difference && {
    ...difference,
    message: differenceText(difference, reference.trace, received, task),
  };
  const diagnosis = difference && diagnose(pw, task, reference, received);
  const score = difference ? matched / Math.max(steps, received.length) : 1;
  return { score, steps, matched, firstDifference, diagnosis, error: null, output };
}
