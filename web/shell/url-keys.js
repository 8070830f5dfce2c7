// The state table: every key the playground reads from or writes to a URL, in one place. `in`
// says where it lives: the link's hash (#…, the session a shared link restores: state.js reads
// and writes it) or the page's query string (?…, read by element.js for <perceptron-playground
// sync-url>). `part` groups the hash keys as state.js's state has them; an option key carries the
// library's option `name` (models.js gives each model's fields their key from here). A key that
// is not in this table is one the page neither reads nor writes.

const hash = (part, holds, extra = {}) => Object.freeze({ in: 'hash', part, holds, ...extra });
const option = (name) => hash('option', `the model option ${name}`, { option: name });

export const URL_KEYS = Object.freeze({
  // The data (a preset and its parameters, or the points themselves).
  data: hash('data', 'the dataset: a preset name (spam: text), points, or csv (an upload, not in the link)'),
  dseed: hash('data', "a generated preset's data seed"),
  n: hash('data', "a generated preset's number of points"),
  dmargin: hash('data', "the separable preset's margin"),
  noise: hash('data', "a noisy preset's noise"),
  features: hash('data', "the Iris preset's two columns, i,j"),
  points: hash('data', 'data=points: x,y,label;x,y,label…'),
  labels: hash('data', 'data=points: text when the labels are text'),
  // The text mode's data (text-link.js): the bag of words, its session and the document shown.
  ngram: hash('text', 'text: 1 (words) or 2 (words and pairs of words)'),
  binary: hash('text', 'text: 1 when the bag holds 0/1 (binary) rather than counts'),
  hbits: hash('text', 'text: hashing bits (10..20), or 0 for a vocabulary'),
  tsteps: hash('text', "text and tagging: the steps taken from zero weights, or train (Train's fit)"),
  doc: hash('text', 'text: the row of the document whose Contributions are shown'),
  // The model and its options (a key is only read for a model that has that option).
  model: hash('model', 'the model kind'),
  epochs: option('maxEpochs'),
  seed: option('seed'),
  prep: option('preprocess'),
  early: option('earlyStopping'),
  vfrac: option('validationFraction'),
  patience: option('patience'),
  rule: option('mistakeRule'),
  order: option('order'),
  lr: option('learningRate'),
  margin: option('margin'),
  intercept: option('fitIntercept'),
  variant: option('variant'),
  strategy: option('strategy'),
  kernel: option('kernel'),
  degree: option('degree'),
  gamma: option('gamma'),
  coef0: option('coef0'),
  budget: option('budget'),
  balanced: option('balanced'),
  alpha: option('alpha'),
  demotion: option('demotion'),
  theta: option('threshold'),
  mode: option('mode'),
  C: option('C'),
  // The split (percent of the rows held out).
  val: hash('split', 'the validation part, percent'),
  test: hash('split', 'the test part, percent'),
  // The view toggles and the class new points get.
  heatmap: hash('view', 'the heatmap, 0 or 1'),
  discrete: hash('view', 'the heatmap in two colours, 0 or 1'),
  band: hash('view', 'the margin band, 0 or 1'),
  colour: hash('view', 'points coloured by their true or predicted class'),
  class: hash('class', 'the class of new points'),
  // The model's progress (session.js's snapshot).
  start: hash('progress', 'the model at the start of the run, its JSON in base64url'),
  base: hash('progress', 't,epoch,mistakes when the run started'),
  conv: hash('progress', 'whether the last epoch converged, 0 or 1'),
  trained: hash('progress', 'the model was trained by Train, 1'),
  run: hash('progress', 'k steps of the current run, and ,1 when it is the last'),
  runs: hash('progress', "the runs since zero weights (train: Train's, then each run's steps), or lost-<why>"),
  // The page's query string.
  hide: Object.freeze({ in: 'search', part: 'page', holds: 'controls to hide (classroom mode), with sync-url' }),
  quiz: Object.freeze({
    in: 'search',
    part: 'page',
    holds: 'quiz mode: ?quiz (or quiz=1; quiz=0 is off), with sync-url',
  }),
});

/** The keys of one part of the hash state (data, model, option, split, view, class, progress). */
export const keysOf = (part) => Object.keys(URL_KEYS).filter((key) => URL_KEYS[key].part === part);

/** The hash key of the library's option `name` (throws for an option the table lacks). */
export function optionKey(name) {
  const key = Object.keys(URL_KEYS).find((k) => URL_KEYS[k].option === name);
  if (key === undefined) throw new Error(`url-keys.js has no key for the option ${name}`);
  return key;
}
