// The tagging mode's part of the link (url-keys.js declares the keys):
//   data=tagging  dseed=<corpus seed>  n=<sentences>  variant=classic|averaged  order=cyclic|shuffle
//   tsteps=<n> (n steps from zero weights, replayed) | tsteps=train (Train's run to the end)
// An upload is data=csv, as for other uploads: the file is not in the link.
import { CORPUS_LIMITS, DEFAULT_CORPUS } from './corpus.js';

const CHOICES = { variant: ['classic', 'averaged'], order: ['cyclic', 'shuffle'] };
const INTEGER = /^\d{1,9}$/;

/** The link's parts for tagging state {kind: 'tagging', seed, sentences, variant, order, t, trained}. */
export function serializeTagging({ seed, sentences, variant, order, t, trained }) {
  const parts = ['data=tagging', `dseed=${seed}`, `n=${sentences}`, `variant=${variant}`, `order=${order}`];
  if (trained) parts.push('tsteps=train');
  else if (t > 0) parts.push(`tsteps=${t}`);
  return parts;
}

/** The tagging state a link's params describe; what it ignores goes to ignore(part, reason). */
export function parseTagging(params, ignore) {
  const state = { kind: 'tagging', ...DEFAULT_CORPUS, variant: 'classic', order: 'cyclic', t: 0, trained: false };
  const read = (key, ok, why, apply) => {
    if (!params.has(key)) return;
    const text = params.get(key);
    if (ok(text)) apply(text);
    else ignore(`${key}=${text}`, why);
  };
  read(
    'dseed',
    (t) => INTEGER.test(t),
    `dseed must be a whole number; it stays ${DEFAULT_CORPUS.seed}`,
    (t) => (state.seed = Number(t)),
  );
  const { min, max } = CORPUS_LIMITS;
  read(
    'n',
    (t) => INTEGER.test(t) && Number(t) >= min && Number(t) <= max,
    `n (sentences) must be from ${min} to ${max}; it stays ${DEFAULT_CORPUS.sentences}`,
    (t) => (state.sentences = Number(t)),
  );
  for (const [key, choices] of Object.entries(CHOICES)) {
    read(
      key,
      (t) => choices.includes(t),
      `${key} must be ${choices.join(' or ')}; it stays ${state[key]}`,
      (t) => (state[key] = t),
    );
  }
  read(
    'tsteps',
    (t) => t === 'train' || INTEGER.test(t),
    'tsteps must be a number of steps or train; the weights start at zero',
    (t) => (t === 'train' ? (state.trained = true) : (state.t = Number(t))),
  );
  return state;
}
