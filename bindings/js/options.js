// Options as the core checks and describes them, for every model kind:
// - pw.checkOptions(kind, options): null when `new pw[kind](options)` would succeed, else the
//   message it would throw (LIBLINEAR's check_parameter): it makes the model and frees it, so
//   every check is the constructor's (the core's, classWeight's, a kind's own).
// - pw.optionSchema(kind): each option's name, type, default, choices or range as the core
//   checks them, with a one-line description (the one thing kept here: prose the core does not
//   need).
import { describe } from './errors.js';

/** One line per option; `byKind` overrides it where a kind reads it differently. */
const DESCRIPTIONS = {
  variant:
    'Which member of the perceptron family predicts: the last weights (classic), their average, ' +
    'a vote of every weight vector, or the best one seen (pocket).',
  mistakeRule:
    'When an example is a mistake: y(w·x + b) <= 0 (margin), a wrong prediction with +1 on ties ' +
    '(sign), or a wrong prediction with -1 on ties (strict).',
  order:
    'The order examples are visited in: as given every epoch (cyclic), a new permutation each ' +
    'epoch (shuffle), or draws with replacement (sample).',
  learningRate: 'η, the size of each update (it scales both w and b).',
  margin: 'τ: update whenever y(w·x + b) <= τ; 0 updates on mistakes only.',
  fitIntercept: 'Learn the bias b; off fixes b = 0.',
  maxEpochs: 'Passes over the data before training stops if it has not converged.',
  maxSteps: "Order 'sample' only: how many draws (unset: maxEpochs × rows).",
  seed: 'Seeds the shuffles, the draws and the validation split, so a run repeats exactly.',
  warmStart: 'fit continues from the weights the model has instead of starting from zero.',
  earlyStopping: 'Hold out validationFraction of the data and keep the epoch with the lowest validation error.',
  validationFraction: 'The share of the data held out (stratified, seeded) for early stopping.',
  patience: 'Epochs without a lower validation error before early stopping ends training.',
  classWeight:
    "Weights on the updates per class: 'balanced' (rows / (classes × rows of the class)) or " +
    '{label: weight} (a class not named weighs 1).',
  preprocess: 'Scale the features: fitted on the training data, applied to every later input (unset: no ' + 'scaling).',
  strategy:
    'How the classes are learned: one weight vector per class trained together (joint, which ' +
    'takes the classic and averaged variants), one-vs-rest (ovr) or one-vs-one (ovo).',
  kernel: 'k(x, z): x·z (linear), (γ x·z + coef0)^degree (polynomial) or exp(-γ‖x - z‖²) (rbf).',
  degree: "The polynomial kernel's degree.",
  gamma: "γ of the polynomial and rbf kernels; 'auto' is 1 / nFeatures.",
  coef0: "The polynomial kernel's constant term.",
  budget: 'At most this many support vectors: the oldest goes first (unset: no limit).',
  balanced: 'Balanced Winnow: positive and negative weights, for thresholds with negative terms.',
  alpha: "Basic Winnow's promotion factor (and its demotion factor with demotion 'divide').",
  demotion: 'Basic Winnow on a false positive: set the active weights to zero or divide them by alpha.',
  epsilon: "Balanced Winnow's update factor is 1 + epsilon.",
  threshold: 'The threshold θ (unset: nFeatures for basic Winnow, 0 for balanced).',
  mode: 'PA steps exactly to a margin of 1; PA-I caps the step at C; PA-II softens it by 1 / (2C).',
  C: 'The aggressiveness of PA-I and PA-II: larger steps for larger C.',
};
const BY_KIND = {
  KernelPerceptron: { variant: 'The kernel perceptron is classic: its prediction is the last sum.' },
  Winnow: {
    preprocess: "Scale the features first: basic Winnow reads 0/1 features, so only 'minMax' (balanced: any).",
  },
};

/**
 * @param core the Embind module instance
 * @param kinds Map from each model class to its name
 * @param others Map of the other classes checkOptions takes (StructuredPerceptron) to their names
 */
export function makeOptions(core, kinds, others = new Map()) {
  const kindName = (kind, where, all = kinds) => {
    const name = typeof kind === 'function' ? all.get(kind) : kind;
    if ([...all.values()].includes(name)) return name;
    const listed = [...all.values()];
    throw new TypeError(
      `${where}: kind must be one of ${listed.map((n) => JSON.stringify(n)).join(', ')} ` +
        `or one of those classes; received ${describe(kind)}`,
    );
  };
  const checkable = new Map([...kinds, ...others]);

  // Exactly the constructor's checks (the core's, classWeight's, a kind's own such as Winnow's
  // preprocess): a model is made and freed at once.
  function checkOptions(kind, options) {
    const name = kindName(kind, 'checkOptions', checkable);
    const Kind = [...checkable].find(([, n]) => n === name)[0];
    try {
      new Kind(options).dispose();
      return null;
    } catch (error) {
      return error.message;
    }
  }

  function optionSchema(kind) {
    const name = kindName(kind, 'optionSchema');
    return core.optionSchema(name).map((entry) => ({
      ...entry,
      description: BY_KIND[name]?.[entry.name] ?? DESCRIPTIONS[entry.name],
    }));
  }

  return { checkOptions, optionSchema };
}
