// Quiz mode's rules, without the DOM: which models it asks about, the update rule it states, the
// next example's row (pw.visitOrder, which every run of the trainer follows from its start),
// reading a typed answer and scoring it against the step record the package gives. Node tests
// and the page import it alike.
import { close } from '../shell/tolerance.js';

/** Quiz mode asks about data of at most this many features (one input per weight). */
export const MAX_QUIZ_FEATURES = 10;

/** A number exactly as JavaScript writes it back (the shortest that round-trips), with '−' for minus. */
export const exact = (v) => (Object.is(v, -0) ? '0' : String(v).replace(/^-/, '−'));

/** The subscript of w's i-th weight (0-based i): w₁, w₂, …, w₁₀. */
export const weightName = (i) => `w${String(i + 1).replace(/\d/g, (d) => String.fromCharCode(0x2080 + Number(d)))}`;

/**
 * Why quiz mode cannot ask about this model's steps, or null when it can. It asks about the
 * steps whose records carry the new weights and bias, and whose updated weights are the ones the
 * plane draws and the model predicts with: the classic Perceptron on the data's own coordinates.
 * @param kind the model kind; options its options in effect (model.options); cols the features
 */
export function unsupportedReason(kind, options, cols) {
  if (kind !== 'Perceptron') {
    return 'Quiz mode asks about the Perceptron’s steps (their records carry the new w and b); this model’s steps run as usual. Choose the Perceptron to be quizzed.';
  }
  if (options.variant !== 'classic') {
    return `Quiz mode asks about the classic variant: the ${options.variant} variant predicts (and the plane draws) other weights than the ones each step updates. Choose the classic variant to be quizzed.`;
  }
  if (options.preprocess) {
    return 'Quiz mode works in the data’s own coordinates: set Preprocessing to none to be quizzed.';
  }
  if (options.earlyStopping) {
    return 'Quiz mode needs Early stopping off: it holds out rows, so the next example is not known before the step.';
  }
  if (cols > MAX_QUIZ_FEATURES) {
    return `Quiz mode asks about data of at most ${MAX_QUIZ_FEATURES} features; this data has ${cols}.`;
  }
  return null;
}

/**
 * The update rule quiz mode expects, in one line, from the model's options (mistakeRule,
 * margin, learningRate, fitIntercept) and its two classes (sorted: the second is y = +1).
 */
export function ruleLine(options, classes) {
  const eta = exact(options.learningRate);
  const tau = options.margin ?? 0;
  const when =
    tau > 0
      ? `Mistake (an update) iff y·(w·x + b) ≤ τ = ${exact(tau)} (margin ${exact(tau)}; the rule ${options.mistakeRule} only predicts)`
      : {
          margin: 'Mistake iff y·(w·x + b) ≤ 0 (mistakeRule margin: a score of 0 is a mistake)',
          sign: 'Mistake iff the prediction is wrong, predicting +1 iff w·x + b ≥ 0 (mistakeRule sign)',
          strict: 'Mistake iff the prediction is wrong, predicting +1 iff w·x + b > 0 (mistakeRule strict)',
        }[options.mistakeRule];
  const update = options.fitIntercept
    ? `then w ← w + η·y·x and b ← b + η·y, with η = ${eta}`
    : `then w ← w + η·y·x with η = ${eta}; b stays (fitIntercept false)`;
  const signs =
    classes.length === 2 && !(classes[0] === -1 && classes[1] === 1)
      ? `; y = +1 for class ${classes[1]}, −1 for class ${classes[0]}`
      : '';
  return `${when}; ${update}${signs}.`;
}

/**
 * The training row the next step visits: the trainer visits pw.visitOrder's rows from the start
 * of each run, so after `runSteps` steps of the current run (0 when Step starts a new one) it is
 * the order's entry runSteps.
 */
export function nextRow(pw, { order, seed }, rows, runSteps) {
  if (order === 'cyclic') return runSteps % rows;
  const visits = pw.visitOrder({ order, seed, rows, count: runSteps + 1 });
  return visits[runSteps];
}

// A typed number: the page writes minus as '−'; an empty field or anything else is not a number.
function readNumber(text) {
  const trimmed = text.trim().replace(/^[−–]/, '-');
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return NaN;
  return Number(trimmed);
}

/**
 * A typed answer, checked: {answer: {mistake, weights, bias}} or {errors: [{field, message}]}
 * naming each field at fault with what it expects and what it received. `form`: {verdict:
 * 'mistake' | 'correct' | null, weights: string[], bias: string}. The weights and bias are read
 * only for a mistake (a step without one leaves them as they are).
 */
export function readAnswer(form) {
  const errors = [];
  if (form.verdict !== 'mistake' && form.verdict !== 'correct') {
    errors.push({ field: 'verdict', message: 'Say whether this step is a mistake: choose Mistake or No mistake.' });
  }
  const fields = [...form.weights.map((text, i) => [weightName(i), text]), ['b', form.bias]];
  const values = fields.map(([name, text]) => {
    const value = readNumber(text);
    if (!Number.isFinite(value)) {
      const received = text.trim() === '' ? 'an empty field' : JSON.stringify(text);
      errors.push({ field: name, message: `${name} must be a number; received ${received}.` });
    }
    return value;
  });
  if (errors.length > 0) return { errors };
  return { answer: { mistake: form.verdict === 'mistake', weights: values.slice(0, -1), bias: values.at(-1) } };
}

/**
 * Why the step is a mistake or not, from its record (score w·x + b before it, labelSign y,
 * predictionSign) and the options: 'y·(w·x + b) = −1 × 0 = 0 ≤ 0: a mistake (margin rule)'.
 */
export function verdictReason(record, options) {
  const { score, labelSign: y, predictionSign } = record;
  const tau = options.margin ?? 0;
  const product = y * score;
  const yText = y > 0 ? '+1' : '−1';
  if (tau > 0 || options.mistakeRule === 'margin') {
    const bound = tau > 0 ? `τ = ${exact(tau)}` : '0';
    const sense = product <= tau ? `≤ ${bound}: a mistake` : `> ${bound}: no mistake`;
    return `y·(w·x + b) = ${yText} × ${exact(score)} = ${exact(product)} ${sense}.`;
  }
  const cut = options.mistakeRule === 'sign' ? '≥' : '>';
  const predicted = predictionSign > 0 ? '+1' : '−1';
  const verdict = predictionSign === y ? 'no mistake' : 'a mistake';
  return `w·x + b = ${exact(score)}, so the prediction is ${predicted} (+1 iff w·x + b ${cut} 0) and y = ${yText}: ${verdict}.`;
}

/**
 * Scores an answer against the step's record (the package's, after the step): right when the
 * verdict is the record's and every weight and the bias are within the course tools' tolerance (web/shell/tolerance.js) of the record's. A
 * "no mistake" answer says w and b stay: it gives `before` ({weights, bias} before the step), so
 * on a step without a mistake only its verdict counts. Returns {correct, rows: [{name, given,
 * expected, wrong}] (the verdict, then each weight and b, as text), reasons: sentences on what
 * was wrong}.
 */
export function scoreAnswer(answer, record, before, options) {
  const verdictWrong = answer.mistake !== record.mistake;
  const said = (mistake) => (mistake ? 'Mistake' : 'No mistake');
  const rows = [{ name: 'Mistake?', given: said(answer.mistake), expected: said(record.mistake), wrong: verdictWrong }];
  const reasons = [];
  if (verdictWrong) reasons.push(`Mistake or not: ${verdictReason(record, options)}`);
  const expected = [...record.weights, record.bias];
  const given = answer.mistake ? [...answer.weights, answer.bias] : [...before.weights, before.bias];
  const names = [...record.weights.map((_, i) => weightName(i)), 'b'];
  names.forEach((name, i) => {
    const wrong = !close(expected[i], given[i]);
    rows.push({ name, given: exact(given[i]), expected: exact(expected[i]), wrong });
    if (wrong && !verdictWrong) {
      reasons.push(`${name}: you gave ${exact(given[i])}; the update gives ${exact(expected[i])}.`);
    }
  });
  if (verdictWrong) {
    reasons.push(
      record.mistake
        ? 'So w and b change: the right values are in the table.'
        : 'So there is no update: w and b stay as they were.',
    );
  }
  return { correct: !rows.some((row) => row.wrong), rows, reasons };
}
