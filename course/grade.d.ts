// Types of grade() (course/grade.js), re-exported by perceptron-wasm/course.
import type { MistakeRule, Order } from '../bindings/index.js';

/**
 * The Perceptron options an assignment sets (the others keep the package's defaults). Unknown
 * names throw a TypeError; values are checked as `new Perceptron(options)` checks them.
 */
export interface AssignmentOptions {
  /** Default 'margin'. */
  mistakeRule?: MistakeRule;
  /** Default 1: on a mistake w += eta y x and b += eta y. */
  learningRate?: number;
  /** Default 'cyclic'. Otherwise the submission gets the rows to visit as `options.visitOrder`. */
  order?: Order;
  /** Default 0: seeds 'shuffle' and 'sample'. */
  seed?: number;
  /** Default 100. */
  maxEpochs?: number;
  /** Order 'sample' only: the number of draws, default maxEpochs x rows. */
  maxSteps?: number;
  /** Default true. */
  fitIntercept?: boolean;
}

/**
 * What a submission is graded on. Training may take at most 2^20 steps (maxEpochs x rows, or
 * maxSteps): a RangeError otherwise.
 */
export interface Assignment {
  /** The rows, each an array of the same number (>= 1) of finite numbers. */
  X: number[][];
  /** One label per row, +1 or -1. */
  y: number[];
  options?: AssignmentOptions;
}

/** The options a submission's perceptron(X, y, options) receives: every option, resolved. */
export interface SubmissionOptions {
  mistakeRule: MistakeRule;
  learningRate: number;
  order: Order;
  seed: number;
  maxEpochs: number;
  fitIntercept: boolean;
  /** Order 'sample' only: the number of draws. */
  maxSteps?: number;
  /**
   * When the order is not 'cyclic': the row to visit at every step (visitOrder[t - 1] at step t),
   * as many as training may take, computed by pw.visitOrder as the package visits them.
   */
  visitOrder?: number[];
}

/** One step of a submission's trace: the weights and the bias after the step. */
export interface SubmittedStep {
  weights: number[] | Float64Array | Float32Array;
  bias: number;
}

/**
 * A submission:
 * - the path (from the working directory) or URL of an ES module exporting
 *   `perceptron(X, y, options)` that returns (or resolves to) one {weights, bias} per step;
 * - `{source}`, that module's text (imported from a data: URL, so it may import node: modules
 *   but nothing relative);
 * - an array of step records, graded as they are (no child process: this works in a browser too).
 * A module runs in a child process (Node only); a .js file with ES module syntax in a folder
 * whose package.json is not "type": "module" is loaded from its text.
 */
export type Submission = string | URL | { source: string } | ReadonlyArray<SubmittedStep>;

/** The limits of the child process a module runs in. */
export interface GradeLimits {
  /** Milliseconds before the child is killed (default 10000), Node's start included. */
  timeout?: number;
  /**
   * Megabytes of resident memory before the child is killed (default 512, at least 64); also
   * its heap limit (--max-old-space-size). The resident set is watched on Linux (/proc) and on
   * macOS and the BSDs (ps); on Windows only the heap limit holds.
   */
  memory?: number;
}

/** The first step where the submission's trace leaves the reference's. */
export interface TraceDifference {
  /** The trace's 1-based t. */
  step: number;
  /**
   * 'weights[j]' or 'bias' (the first that differs at that step, weights first), or 'steps'
   * when one trace ends before the other: expected and received are then the two lengths.
   */
  field: string;
  expected: number;
  received: number;
  /**
   * The step in words, over three lines: its epoch, row, example and what the reference decided
   * ("step 2 differs (epoch 1, row 1: x = [1,0], y = +1; a mistake: y (w.x + b) = 0 <= 0, so
   * w += y x, b += y)"), then the expected and the received w and b.
   */
  message: string;
}

/**
 * The conventions a diagnosis names, in order of precedence:
 * - 'tie-convention': the trace is the reference's under another mistakeRule;
 * - 'bias-not-updated': the reference's with b kept at 0;
 * - 'learning-rate-on-bias': the bias step not scaled by the learning rate (b += y), or scaled
 *   alone (w += y x, b += eta y), where the package scales both;
 * - 'order': rows visited cyclically where another order was asked, or only the first epoch of
 *   visitOrder used in every epoch;
 * - 'epoch-boundary': training stops an epoch early or late, or does not stop after an epoch
 *   without a mistake ('sample': a block after which no row is a mistake).
 */
export type DiagnosisCode =
  'tie-convention' | 'bias-not-updated' | 'learning-rate-on-bias' | 'order' | 'epoch-boundary';

/**
 * A convention the submission mixed up, found by re-running the reference under the other
 * conventions: the whole trace is the variant's. When several codes fit, the first in the order
 * of {@link DiagnosisCode} is given and the message names the others.
 */
export interface Diagnosis {
  code: DiagnosisCode;
  message: string;
}

/**
 * Why a submission gave no trace to compare: 'timeout' (killed at the time limit), 'memory'
 * (killed at the memory limit, out of heap, or an allocation that failed), 'threw' (the module or
 * perceptron threw, or its process ended without a trace), 'bad-shape' (no perceptron export, or
 * not an array of {weights, bias} with one finite weight per feature and a finite bias).
 */
export interface GradeError {
  code: 'timeout' | 'memory' | 'threw' | 'bad-shape';
  message: string;
}

/** What grade() found. */
export interface GradeResult {
  /**
   * From 0 to 1: 1 when the whole trace matches; otherwise matched / max(steps, the submission's
   * number of steps); 0 with an error.
   */
  score: number;
  /** The number of steps of the reference trace. */
  steps: number;
  /** The steps equal to the reference's before the first difference (all of them when none). */
  matched: number;
  firstDifference: TraceDifference | null;
  /** null when the traces match, or when no variant gives the submission's trace. */
  diagnosis: Diagnosis | null;
  error: GradeError | null;
  /** What the submission's process printed (its first 16 KiB each); null for an array of records. */
  output: { stdout: string; stderr: string } | null;
}

/**
 * Grades a submission: its trace against the package's (`new Perceptron(options).trainer(X, y)`),
 * step by step, numbers equal within 1e-9 x max(1, |expected|); the first difference; a diagnosis.
 * A submission that loops, throws, returns garbage or exhausts memory gets an error and a score
 * of 0: the promise does not reject for it. It rejects with a TypeError or RangeError, naming the
 * argument, for a bad submission argument, assignment or limits. The child process is not a
 * security sandbox: the student's code runs with the grader's rights.
 */
export declare function grade(
  submission: Submission,
  assignment: Assignment,
  limits?: GradeLimits,
): Promise<GradeResult>;
