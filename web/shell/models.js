// The models the page offers and, for each, the options its panel shows. Everything about an
// option other than its label, its key in the link and when it applies comes from the library's
// schema (pw.optionSchema, read in options.js): its control, choices, range, default and
// description, so the panel and the link reader accept exactly what the library accepts. An
// option's key in the link is the state table's (url-keys.js).
import { optionKey } from './url-keys.js';

/** Lecture notes per choice, shown under the option's select. */
const RULE_HELP = {
  margin: "update iff y·(w·x+b) ≤ 0; a point on the line is a mistake (Novikoff's proof).",
  sign: "predict +1 iff w·x+b ≥ 0, update iff the prediction is wrong (the lecture's sign).",
  strict: 'predict +1 iff w·x+b > 0, update iff the prediction is wrong.',
};
const ORDER_HELP = {
  cyclic: 'the points in their order, every epoch.',
  shuffle: 'a new random permutation every epoch (seeded).',
  sample: 'n random draws with replacement per epoch (seeded).',
};
const VARIANT_HELP = {
  classic: 'the last weights predict.',
  averaged: 'the average of the weights over all steps predicts.',
  voted: 'every weight vector votes, weighted by how long it survived.',
  pocket: 'the weights that made the longest run of correct predictions predict.',
};

const always = () => true;
const earlyStopping = (options) => options.earlyStopping === true;

// One entry per option: name (the library's), key (in the link, url-keys.js), label, and optionally
// choiceHelp and shown(options) (whether it applies given the other options).
const COMMON_TAIL = [
  { name: 'maxEpochs', key: optionKey('maxEpochs'), label: 'Max epochs' },
  { name: 'seed', key: optionKey('seed'), label: 'Seed' },
  { name: 'preprocess', key: optionKey('preprocess'), label: 'Preprocessing' },
  {
    name: 'earlyStopping',
    key: optionKey('earlyStopping'),
    label: 'Early stopping (on a held-out part of the training rows)',
  },
  {
    name: 'validationFraction',
    key: optionKey('validationFraction'),
    label: 'Early stopping: held-out fraction',
    shown: earlyStopping,
  },
  { name: 'patience', key: optionKey('patience'), label: 'Early stopping: patience (epochs)', shown: earlyStopping },
];
const RULE = { name: 'mistakeRule', key: optionKey('mistakeRule'), label: 'Mistake rule', choiceHelp: RULE_HELP };
const ORDER = { name: 'order', key: optionKey('order'), label: 'Order of examples', choiceHelp: ORDER_HELP };
const RATE = { name: 'learningRate', key: optionKey('learningRate'), label: 'Learning rate η' };
const MARGIN = { name: 'margin', key: optionKey('margin'), label: 'Margin (update when y·score ≤ margin)' };
const INTERCEPT = { name: 'fitIntercept', key: optionKey('fitIntercept'), label: 'Fit intercept (learn the bias b)' };
const VARIANT = { name: 'variant', key: optionKey('variant'), label: 'Variant', choiceHelp: VARIANT_HELP };

const usesDegree = (options) => options.kernel === 'polynomial';
const usesGamma = (options) => options.kernel !== 'linear';

/**
 * The models, in the Model select's order. binary: whether it takes two classes only (the page
 * says so before the library does); defaults: the page's own starting values where the
 * library's would not work on the page's data (basic Winnow needs 0/1 features).
 */
export const MODELS = Object.freeze([
  {
    kind: 'Perceptron',
    label: 'Perceptron',
    binary: true,
    fields: [VARIANT, RULE, ORDER, RATE, MARGIN, INTERCEPT, ...COMMON_TAIL],
  },
  {
    kind: 'MulticlassPerceptron',
    label: 'Multi-class perceptron',
    binary: false,
    fields: [
      {
        name: 'strategy',
        key: optionKey('strategy'),
        label: 'Strategy',
        choiceHelp: {
          joint:
            'one weight vector per class; predict the highest score; a mistake moves the true and the predicted class.',
          ovr: 'one binary perceptron per class against the rest.',
          ovo: 'one binary perceptron per pair of classes; the most votes win.',
        },
      },
      VARIANT,
      RULE,
      ORDER,
      RATE,
      MARGIN,
      INTERCEPT,
      ...COMMON_TAIL,
    ],
  },
  {
    kind: 'KernelPerceptron',
    label: 'Kernel perceptron',
    binary: true,
    fields: [
      {
        name: 'kernel',
        key: optionKey('kernel'),
        label: 'Kernel',
        choiceHelp: {
          linear: 'k(x, z) = x·z: the perceptron in dual form.',
          polynomial: 'k(x, z) = (γ·x·z + c₀)^d.',
          rbf: 'k(x, z) = exp(−γ·‖x − z‖²).',
        },
      },
      { name: 'degree', key: optionKey('degree'), label: 'Degree d', shown: usesDegree },
      { name: 'gamma', key: optionKey('gamma'), label: 'γ (kernel width)', shown: usesGamma },
      { name: 'coef0', key: optionKey('coef0'), label: 'c₀', shown: usesDegree },
      { name: 'budget', key: optionKey('budget'), label: 'Budget (max support vectors)' },
      RULE,
      ORDER,
      RATE,
      INTERCEPT,
      ...COMMON_TAIL,
    ],
  },
  {
    kind: 'Winnow',
    label: 'Winnow',
    binary: true,
    defaults: { balanced: true },
    fields: [
      { name: 'balanced', key: optionKey('balanced'), label: 'Balanced (w⁺ and w⁻: any real features)' },
      { name: 'alpha', key: optionKey('alpha'), label: 'Promotion factor α' },
      { name: 'demotion', key: optionKey('demotion'), label: 'Demotion' },
      { name: 'threshold', key: optionKey('threshold'), label: 'Threshold θ (empty: the number of features)' },
      ORDER,
      ...COMMON_TAIL,
    ],
  },
  {
    kind: 'PassiveAggressive',
    label: 'Passive-Aggressive',
    binary: false,
    fields: [
      {
        name: 'mode',
        key: optionKey('mode'),
        label: 'Mode',
        choiceHelp: {
          PA: 'τ = loss / ‖x‖²: the smallest step that fixes the example.',
          'PA-I': 'τ = min(C, loss / ‖x‖²).',
          'PA-II': 'τ = loss / (‖x‖² + 1/(2C)).',
        },
      },
      { name: 'C', key: optionKey('C'), label: 'Aggressiveness C' },
      ORDER,
      INTERCEPT,
      ...COMMON_TAIL,
    ],
  },
]);

export const modelOf = (kind) => MODELS.find((model) => model.kind === kind);

/** Whether an option applies under these options (e.g. the degree only for a polynomial kernel). */
export const applies = (field, options) => (field.shown ?? always)(options);

/** Why training cannot start on these rows, or null: the one check Step, Epoch and Train share. */
export function trainingProblem(train, classes, binary) {
  if (train.X.rows === 0) return 'There are no training points: add some, or choose a dataset.';
  if (classes.length < 2) return 'Training needs points of at least two classes: add a point of another class.';
  if (binary && classes.length > 2) {
    return `This model takes two classes; the data has ${classes.length}: choose the multi-class perceptron or Passive-Aggressive.`;
  }
  return null;
}

/** The separator w·x + b = 0 of a binary linear model, or null (kernel, multi-class, unfitted shapes). */
export function linearOf(kind, model) {
  if (kind === 'Perceptron') return { weights: model.weights, bias: model.bias };
  if (kind === 'PassiveAggressive' && typeof model.bias === 'number')
    return { weights: model.weights, bias: model.bias };
  if (kind === 'Winnow') {
    // decisionFunction is w·x − θ (balanced: (w⁺ − w⁻)·x − θ).
    const negative = model.negativeWeights;
    const weights = model.weights.map((w, i) => w - (negative[i] ?? 0));
    return { weights, bias: -model.threshold };
  }
  return null;
}

/**
 * The binary linear separator in the data's coordinates (undoing the preprocess option's
 * scaling), or null (see linearOf); zero weights before any training.
 */
export function separatorOf(kind, model, preprocess, cols) {
  if (!model.fitted) {
    return ['Perceptron', 'PassiveAggressive', 'Winnow'].includes(kind)
      ? { weights: new Array(cols).fill(0), bias: 0 }
      : null;
  }
  const linear = linearOf(kind, model);
  if (!linear || !preprocess) return linear;
  // The model sees x' = (x − shift) / scale: w'·x' + b is w·x + b with w = w' / scale and
  // b = b − Σ w'·shift / scale, the same separator in the data's own coordinates.
  const { shift, scale } = model.toJSON().preprocess;
  const weights = linear.weights.map((w, i) => w / scale[i]);
  const bias = linear.bias - linear.weights.reduce((sum, w, i) => sum + (w * shift[i]) / scale[i], 0);
  return { weights, bias };
}
