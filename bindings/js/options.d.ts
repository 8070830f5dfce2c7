// Types of the options every model kind shares and pw.optionSchema's description of them (bindings/js/options.js).
// Re-exported by index.d.ts.
import type { Hashing } from './dataset.js';
import type { Perceptron } from './perceptron.js';

/**
 * When an example is a mistake (and triggers an update), and what is predicted.
 * - `'margin'`: update iff y * (w.x + b) <= 0, so a score of exactly 0 is always a mistake
 *   (Novikoff's proof; the CMU online algorithm). Predicts +1 iff w.x + b >= 0.
 * - `'sign'`: predict +1 iff w.x + b >= 0 (CMU's sign(a)); update iff prediction != y.
 * - `'strict'`: predict +1 iff w.x + b > 0 (Blum's w.x > 0); update iff prediction != y.
 */
export type MistakeRule = 'margin' | 'sign' | 'strict';

/**
 * The order in which `fit` visits the examples.
 * - `'cyclic'`: the given order, every epoch.
 * - `'shuffle'`: a new uniform permutation of 0..n-1 each epoch (Fisher-Yates from PCG32).
 * - `'sample'`: `maxSteps` uniform draws with replacement (IIIT-H notes' "draw at random
 *   for T steps"); reported in blocks of n draws called epochs.
 */
export type Order = 'cyclic' | 'shuffle' | 'sample';

/**
 * The member of the perceptron family: the training loop is the same, what predicts differs.
 * - `'classic'`: the current weights (Rosenblatt).
 * - `'averaged'`: the average of the weights after every step (the Paris-Sud notes' running
 *   sum a += w), kept with the counter trick: a correct step costs O(1).
 * - `'voted'`: every weight vector with its survival count; predicts by the count-weighted
 *   vote of their signs (Freund and Schapire 1999); see {@link Perceptron.votedVectors}. It
 *   keeps one vector per mistake, so its memory grows with the mistakes (the CMU notes' "memory
 *   intensive"); prefer 'averaged' for long runs on data no line separates.
 * - `'pocket'`: the weights with the longest run of correct steps whose training accuracy is
 *   strictly better than the pocket's (Gallant's pocket with ratchet); with learnOne (no
 *   training set) the run alone decides.
 */
export type Variant = 'classic' | 'averaged' | 'voted' | 'pocket';

/**
 * Options of `new Perceptron(options)`. Every option is optional; an unknown name, a wrong
 * type or an out-of-range value throws (TypeError for the name or type, RangeError for
 * the value), naming the option, what it expects and what it received. `undefined` means
 * the default.
 */
export interface PerceptronOptions {
  /** Default `'classic'`: Rosenblatt's perceptron, the last weights predict. */
  variant?: Variant;
  /** Default `'margin'`. See {@link MistakeRule}. */
  mistakeRule?: MistakeRule;
  /** Default `'cyclic'`. See {@link Order}. */
  order?: Order;
  /** Default 1. eta > 0, finite: on a mistake w += eta * y * x and b += eta * y. */
  learningRate?: number;
  /**
   * Default 0. tau >= 0, finite. When > 0, a step updates iff y * (w.x + b) <= tau (the margin
   * perceptron), whatever the mistake rule, which then only decides predictions.
   */
  margin?: number;
  /** Default true. Learn the bias b; false keeps b at its initial value (0), as in the CMU example. */
  fitIntercept?: boolean;
  /** Default 100. Integer from 1 to 2^53 - 1: at most this many epochs (passes). */
  maxEpochs?: number;
  /** Default maxEpochs * rows. Order `'sample'` only: the number of draws, integer >= 1. */
  maxSteps?: number;
  /**
   * Default 0. Integer from 0 to 2^53 - 1 seeding PCG32 (pcg32_srandom_r(seed,
   * 0xda3e39cb94b95bdb >> 1)), used by `'shuffle'` and `'sample'`. The same seed gives
   * bit-identical weights natively, in Node and in every browser.
   */
  seed?: number;
  /** Default false. When true, `fit` continues from the current weights and step count. */
  warmStart?: boolean;
  /**
   * Default false. Hold out `validationFraction` of the training data (stratified: that
   * fraction of each class, chosen by Fisher-Yates from PCG32(seed)), measure the training and
   * validation error after every epoch, keep the model of the epoch with the lowest validation
   * error (the earliest on ties) and stop after `patience` epochs without a lower one (the
   * Paris-Sud notes: keep the parameters with the lowest validation error). fit's
   * `validation` option gives the set explicitly instead.
   */
  earlyStopping?: boolean;
  /** Default 0.1. In (0, 1). */
  validationFraction?: number;
  /** Default 5. Integer >= 1: epochs without a lower validation error before stopping. */
  patience?: number;
  /**
   * Default `'float64'`: the weights and their updates in float64 (a float32 Dataset's scores
   * in float32 arithmetic, see the README's "float32 data"). `'float32'`: the weights and the
   * bias are float32 numbers, each update `w += s * x` (s = float32(learningRate * weight * y))
   * computed in float32, in a loop of its own: for float32 Datasets only (fit, partialFit,
   * trainer; learnOne and float64 X throw a TypeError) and the classic variant (another variant
   * throws a RangeError). Faster, and the same bits natively and in every engine. A warm start
   * rounds the current weights to float32 first.
   */
  precision?: 'float64' | 'float32';
  /**
   * Default none (every class 1). Per-label costs that scale the update of an example of that
   * class (with two classes: the false-negative / false-positive costs of the notes).
   * `{label: weight}` with finite weights >= 0 (object keys are strings: `{'-1': 1, 1: 5}`;
   * a key that is not a class throws at fit), or `'balanced'`: n / (2 * count of the class),
   * which learnOne refuses (it needs the whole training set).
   */
  classWeight?: 'balanced' | Readonly<Record<string, number>>;
  /**
   * Default none. Scale the features (every model kind takes it): fit fits a scaler on its X
   * ('standardize': (x - mean) / sd; 'minMax': into [0, 1]; 'unitBall': x / max ||x||; a
   * constant feature becomes 0), and every later input (predict, score, partialFit, learnOne,
   * a validation set) is scaled with it; toJSON saves it. partialFit fits it on the first batch
   * when fit has not; learnOne needs it fitted.
   */
  preprocess?: Scaling;
  /** Default none: named features (records) get a vocabulary at fit; with it, hashed columns. */
  hashing?: Hashing;
}

/**
 * The options of {@link PerceptronOptions} that Winnow and Passive-Aggressive take too, with the
 * same meaning and defaults: the order, the epochs and steps, the seed, early stopping, class
 * weights and hashing.
 */
export type SharedOptions = Pick<
  PerceptronOptions,
  | 'order'
  | 'maxEpochs'
  | 'maxSteps'
  | 'seed'
  | 'earlyStopping'
  | 'validationFraction'
  | 'patience'
  | 'classWeight'
  | 'hashing'
>;

/** The feature scalings of the preprocess option and pw.preprocessing. */
export type Scaling = 'standardize' | 'minMax' | 'unitBall';

/** Every option with its value in effect. `maxSteps` and `precision` are absent when they are the default. */
export type ResolvedOptions = Required<
  Omit<PerceptronOptions, 'maxSteps' | 'classWeight' | 'hashing' | 'precision'>
> & {
  maxSteps?: number;
  precision?: 'float32';
  classWeight?: PerceptronOptions['classWeight'];
  hashing?: Hashing;
};

/** The model kinds by name, as checkOptions and optionSchema take them. */
export type ModelKindName = 'Perceptron' | 'MulticlassPerceptron' | 'KernelPerceptron' | 'Winnow' | 'PassiveAggressive';

/** One option of pw.optionSchema(kind). */
export interface OptionSpec {
  name: string;
  /**
   * 'choice': one of `choices`; 'boolean'; 'integer' from `minimum` to `maximum`; 'number': a
   * finite number within the bounds, or one of `choices` (gamma's 'auto'); 'labelWeights': one of
   * `choices` ('balanced') or an object {label: weight}.
   */
  type: 'choice' | 'boolean' | 'integer' | 'number' | 'labelWeights';
  /** What the option must be, as the error messages say it ("a finite number > 0"). */
  expected: string;
  choices?: string[];
  minimum?: number;
  maximum?: number;
  /** true when the bound itself is refused (learningRate > 0). */
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  /** The value a new model has; absent when unset (maxSteps, budget, threshold, preprocess, classWeight). */
  default?: string | number | boolean;
  /** One line for a form's label or tooltip. */
  description: string;
}
