// Types of exercise() (course/exercise.js): perceptron exercises made from a seed, with their
// statements, answer keys, traces and checks. Re-exported by index.d.ts.
import type { Inseparable, MistakeRule, Order, Separable } from '../bindings/index.js';

/**
 * - `'epoch'`: one epoch of the perceptron by hand: w and b after each step.
 * - `'mistakes'`: the number of mistakes (updates) before the perceptron converges.
 * - `'weightsAt'`: w and b after step t (counted from 1, across epochs).
 * - `'margin'`: the geometric margin min_i y_i (w.x_i + b) / ||w|| of the (w, b) where the
 *   perceptron converges.
 * - `'separable'`: whether the two classes are linearly separable, with a certificate.
 */
export type ExerciseKind = 'epoch' | 'mistakes' | 'weightsAt' | 'margin' | 'separable';

/**
 * Options of {@link exercise}. Every option is optional. A wrong type or an unknown name (or one
 * the kind does not take) rejects with a TypeError, a value out of range or options no data can
 * meet with a RangeError, naming the option, what it expects and what it received.
 */
export interface ExerciseOptions {
  /** Default 0. Integer from 0 to 2^53 - 1: the same seed and options give the same exercise everywhere. */
  seed?: number;
  /**
   * Default none: the rows are drawn. Rows to use instead (an instructor's, a lecture's): X with 2
   * to 50 rows of 1 to 10 finite numbers, y one label per row, 1 or -1, both present. rows,
   * dimension, range and decimals then do not apply, and mistakes defaults to any number. With
   * the order 'cyclic' the rows give one exercise, which meets the options or rejects; otherwise
   * the order is redrawn until it does.
   */
  data?: { X: number[][]; y: number[] };
  /** Default 6. Integer from 2 to 50: the number of rows (examples). */
  rows?: number;
  /** Default 2. Integer from 1 to 10: the number of coordinates of each row. */
  dimension?: number;
  /** Default 5. Integer from 1 to 1000: the coordinates lie from -range to range. */
  range?: number;
  /** Default 0: integer coordinates; 1: multiples of 0.1 (one decimal). */
  decimals?: 0 | 1;
  /**
   * Not for `'separable'`. The number of mistakes (updates) in the trace: an integer (exactly), or
   * [least, most] (inclusive). Default [2, 2 x rows], within what the kind can make. The trace is
   * the epoch for `'epoch'`, steps 1 to t for `'weightsAt'`, the run to convergence for
   * `'mistakes'` and `'margin'`. A count no run can make (more than the trace's steps; 0 where the
   * first step or the first epoch always errs) is refused at once.
   */
  mistakes?: number | [number, number];
  /**
   * Not for `'separable'`. Default either. true: some step after the first (t >= 2) of the trace
   * has a score w.x + b of exactly 0, where the mistake rules disagree, so the exercise tests the
   * convention; false: no step after the first has. (The first step's score is always 0: w = 0, b = 0.)
   */
  zeroScore?: boolean;
  /** `'weightsAt'` only. Integer from 1 to rows x maxEpochs: the step t asked about. Default: drawn from 2 to the run's last step, at most 2 x rows. */
  step?: number;
  /** `'separable'` only. Whether the classes are to be separable. Default: drawn from the seed, each with probability 1/2. */
  separable?: boolean;
  /**
   * Default `'margin'`, as for the Perceptron: `'margin'` (a mistake iff y (w.x + b) <= 0),
   * `'sign'` (predict +1 iff w.x + b >= 0; a mistake iff the prediction differs from y),
   * `'strict'` (predict +1 iff w.x + b > 0).
   */
  mistakeRule?: MistakeRule;
  /**
   * Default `'cyclic'`, as for the Perceptron: `'shuffle'` (a new permutation each epoch) and
   * `'sample'` (uniform draws with replacement, rows x maxEpochs of them) are drawn from the
   * exercise's seed, and the statement writes the visit order out.
   */
  order?: Order;
  /** Default 1. A finite number > 0: on a mistake w += eta y x and b += eta y. */
  learningRate?: number;
  /** Default true. false: b stays 0 (and `'separable'` asks for a hyperplane through the origin). */
  fitIntercept?: boolean;
  /** Default 100 (1 for `'epoch'`, which takes no other value). Integer from 1 to 1000: at most this many epochs. */
  maxEpochs?: number;
}

/**
 * The options in effect (a copy): every option with its value, mistakes with its default range
 * (unless data is given). Drawn rows have their rows, dimension, range and decimals; with data,
 * those are left out (data gives the rows, and takes none of them). exercise(kind, these) makes
 * the same exercise again.
 */
export type ResolvedExerciseOptions = Required<
  Omit<
    ExerciseOptions,
    'zeroScore' | 'step' | 'separable' | 'mistakes' | 'data' | 'rows' | 'dimension' | 'range' | 'decimals'
  >
> &
  Pick<ExerciseOptions, 'zeroScore' | 'step' | 'separable' | 'mistakes'> &
  (
    | { data?: undefined; rows: number; dimension: number; range: number; decimals: 0 | 1 }
    | {
        data: { X: number[][]; y: number[] };
        rows?: undefined;
        dimension?: undefined;
        range?: undefined;
        decimals?: undefined;
      }
  );

/** The Perceptron options of the exercise's run: `new pw.Perceptron(options).fit(X, y)` gives its trace. */
export interface ExercisePerceptronOptions {
  mistakeRule: MistakeRule;
  order: Order;
  learningRate: number;
  fitIntercept: boolean;
  maxEpochs: number;
  /** The seed of the order, when it is not cyclic (derived from the exercise's seed). */
  seed?: number;
}

/** What the student is given. */
export interface ExerciseStatement {
  /**
   * The statement in plain text: the title, the rows (numbered from 0), the conventions (start
   * w = 0, b = 0; the score; the mistake rule and what a score of 0 does; the update and the
   * learning rate; the visit order, written out when not cyclic; when training stops), and the
   * question with the answer's shape. `'separable'` states the data and the question only.
   */
  text: string;
  X: number[][];
  /** The labels, +1 or -1. */
  y: number[];
  options: ExercisePerceptronOptions;
  /** The rows of the steps the question needs, as pw.visitOrder gives them; only when the order is not cyclic. */
  visitOrder?: number[];
}

/** One step of the run, as the package's Perceptron records it (a plain object). */
export interface ExerciseStep {
  t: number;
  epoch: number;
  index: number;
  /** w.x + b before the update. */
  score: number;
  prediction: number;
  label: number;
  predictionSign: 1 | -1;
  labelSign: 1 | -1;
  mistake: boolean;
  /** After the step. */
  weights: number[];
  bias: number;
}

/** What check(answer) says: `message` names what is wrong and where ("step 3: bias is 1, expected 0"). */
export interface CheckResult {
  correct: boolean;
  message: string;
}

/** w and b (after a step); without an intercept the bias may be left out. */
export interface WeightsAnswer {
  weights: number[];
  bias: number;
}

/** The answer to `'separable'`: a separator, or a certificate that no hyperplane separates. */
export type SeparableAnswer =
  { separable: true; w: number[]; b?: number } | { separable: false; certificate: number[] };

/** pw.analysis.separability's answer (see bindings/js/analysis.d.ts), as plain JSON. */
export type SeparabilityKey = Separable | Inseparable;

interface ExerciseBase<Kind extends ExerciseKind, Key, Statement = ExerciseStatement> {
  kind: Kind;
  seed: number;
  /** exercise(kind, options) with these makes the same exercise again. */
  options: ResolvedExerciseOptions;
  statement: Statement;
  /** The answer key, computed by the package; check accepts it. */
  answer: Key;
  /** The full trace of the steps the answer rests on (see each kind). */
  trace: ExerciseStep[];
  /**
   * Checks an answer; numbers are equal within 1e-9 x max(1, |expected|). Never throws: a
   * malformed answer is `{correct: false}` with a message naming the shape expected.
   */
  check(answer: unknown): CheckResult;
}

/**
 * One epoch by hand. `answer`: {mistake, weights, bias} after each step. check accepts that list
 * (mistake optional in each): right, its message is 'correct: all 6 steps are right'; or the final
 * {weights, bias} alone: right, its message says that only they were checked ('correct: the final
 * w and b are right (only they were given; the steps were not checked)'). `trace`: the epoch's steps.
 */
export type EpochExercise = ExerciseBase<'epoch', Array<WeightsAnswer & { mistake: boolean }>>;
/** The mistakes before convergence. `answer`: their number. check accepts a number or {mistakes}. `trace`: the run to convergence. */
export type MistakesExercise = ExerciseBase<'mistakes', number>;
/** w and b after step `statement.step`. check accepts {weights, bias}. `trace`: steps 1 to t. */
export type WeightsAtExercise = ExerciseBase<'weightsAt', WeightsAnswer, ExerciseStatement & { step: number }>;
/**
 * The margin of `statement.weights` and `statement.bias` (where the run converges, to 12
 * significant digits). `answer`: {margin, row}, row a row reaching it (pw.analysis.margin).
 * check accepts a number or {margin, row?} (any row reaching the margin). `trace`: the run.
 */
export type MarginExercise = ExerciseBase<
  'margin',
  { margin: number; row: number },
  ExerciseStatement & { weights: number[]; bias: number }
>;
/**
 * Separable or not. `answer`: pw.analysis.separability's, with the max-margin separator or the
 * certificate. check accepts {separable: true, w, b} with any (w, b) putting every row strictly
 * on its side (every y (w.x + b) / ||w|| > 1e-9 x max(1, max ||x||)), or {separable: false,
 * certificate} with any weights c_i >= 0 summing to 1 over each class (over all rows without an
 * intercept) whose weighted sums coincide (sum_i c_i y_i x_i = 0), each within 1e-9. `trace`:
 * the Perceptron's run under the conventions (it converges only on separable data).
 */
export type SeparableExercise = ExerciseBase<'separable', SeparabilityKey>;

export interface ExerciseByKind {
  epoch: EpochExercise;
  mistakes: MistakesExercise;
  weightsAt: WeightsAtExercise;
  margin: MarginExercise;
  separable: SeparableExercise;
}

/** An exercise; all but `check` survives JSON.stringify (plain arrays and finite numbers). */
export type Exercise<Kind extends ExerciseKind = ExerciseKind> = ExerciseByKind[Kind];

/**
 * A perceptron exercise of `kind`, made from `options.seed`: its statement (text and data, every
 * convention spelled out), its answer key and trace computed by the package (a Perceptron's run,
 * pw.analysis for margins and separability), and check(answer). Runs in Node and in browsers.
 * The data are drawn from the core's generator and redrawn until they meet the options, at most
 * 1000 times with seeds derived from the exercise's, and within a bound on the training the
 * attempts run in all: 2,000,000 steps at the core's speed (a run stops once it has too many
 * mistakes) and 100,000 recorded step by step (only runs that can still meet the options are);
 * then it rejects with a RangeError saying the options cannot be met. So a call takes a second or
 * two at most on a laptop, whatever the options (it runs on the calling thread). The bounds are
 * counted in steps, not time: the same seed and options give the same exercise, or the same
 * rejection, on every machine.
 *
 * @example
 * const e = await exercise('epoch', { seed: 7, mistakeRule: 'sign', zeroScore: true });
 * console.log(e.statement.text);
 * e.check(e.answer); // {correct: true, message: 'correct: all 6 steps are right'}
 */
export declare function exercise<Kind extends ExerciseKind>(
  kind: Kind,
  options?: ExerciseOptions,
): Promise<Exercise<Kind>>;
