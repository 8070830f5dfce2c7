// The text mode's part of the link (state.js reads and writes it, url-keys.js declares the keys):
//   data=spam  ngram=1|2  binary=0|1  hbits=0|10..20   (the bag of words)
//   tsteps=<n> (n steps of Step/Epoch/Play from zero weights, replayed) | tsteps=train (Train's fit)
//   doc=<row>  (the document whose Contributions are shown, a row of the dataset)
// An upload is data=csv, as for dense data: the file is not in the link.

/** The bag of words the page starts with: unigrams, counts, no hashing. */
export const DEFAULT_BAG = Object.freeze({ ngram: 1, binary: false, bits: 0 });
/** The hashing sizes the page offers (bits; 0: no hashing, a vocabulary). */
export const HASH_BITS = Object.freeze([0, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);

/** The link's parts for text state {preset, bag, progress: {steps, trained} | null, doc}. */
export function serializeText({ preset, bag, progress, doc }) {
  const parts = [`data=${preset}`, `ngram=${bag.ngram}`, `binary=${bag.binary ? 1 : 0}`, `hbits=${bag.bits}`];
  if (progress?.trained) parts.push('tsteps=train');
  else if (progress?.steps > 0) parts.push(`tsteps=${progress.steps}`);
  if (doc !== null && doc !== undefined) parts.push(`doc=${doc}`);
  return parts;
}

/** What the link keeps of a text mode (text-mode.js's linkState): its text state, or an upload's data=csv. */
export function textLinkState({ spec, trained, steps, bag, doc }) {
  if (!spec?.preset) return { kind: 'csv' };
  const progress = trained ? { trained: true, steps: 0 } : steps > 0 ? { trained: false, steps } : null;
  return { kind: 'text', preset: spec.preset, bag: { ...bag }, progress, doc };
}

const INTEGER = /^\d{1,9}$/;

/** The text state a link's params describe; what it ignores goes to ignore(part, reason). */
export function parseText(preset, params, ignore) {
  const bag = { ...DEFAULT_BAG };
  const read = (key, ok, why, apply) => {
    if (!params.has(key)) return;
    const text = params.get(key);
    if (ok(text)) apply(text);
    else ignore(`${key}=${text}`, why);
  };
  read(
    'ngram',
    (t) => t === '1' || t === '2',
    'ngram must be 1 (words) or 2 (words and pairs); it stays 1',
    (t) => (bag.ngram = Number(t)),
  );
  read(
    'binary',
    (t) => t === '0' || t === '1',
    'binary must be 0 or 1; it stays 0',
    (t) => (bag.binary = t === '1'),
  );
  read(
    'hbits',
    (t) => INTEGER.test(t) && HASH_BITS.includes(Number(t)),
    'hbits must be 0 (no hashing) or 10 to 20; it stays 0',
    (t) => (bag.bits = Number(t)),
  );
  let progress = null;
  read(
    'tsteps',
    (t) => t === 'train' || INTEGER.test(t),
    'tsteps must be a number of steps or train; the weights start at zero',
    (t) => {
      progress = t === 'train' ? { trained: true, steps: 0 } : { trained: false, steps: Number(t) };
    },
  );
  let doc = null;
  read(
    'doc',
    (t) => INTEGER.test(t),
    'doc must be a row number (0 or more)',
    (t) => (doc = Number(t)),
  );
  return { kind: 'text', preset, bag, progress, doc };
}
