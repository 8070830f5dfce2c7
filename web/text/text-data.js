// The text mode's data: the spam preset's file (data/spam.csv beside the package's folder, as
// Iris: shipped with the site, not in the npm package) or an uploaded file, read by the worker's
// loadText with the bag's options and split as the page splits (seed 0, rows ascending).

/** The model kinds the text mode trains (linear ones). */
export const TEXT_KINDS = Object.freeze(['Perceptron', 'PassiveAggressive', 'Winnow', 'MulticlassPerceptron']);
/** At most this many classes (the palette's colours, as data.js). */
const MAX_CLASSES = 6;

// Not new URL('<literal>', import.meta.url): bundlers (webpack, Vite) resolve that pattern at
// build time as an asset, and the npm package has no data/spam.csv (the build would fail); a
// path in a variable is left to the browser, which fetches it (or says in place that it is not there).
const SPAM_PATH = '../../data/spam.csv';
const spamUrl = () => new URL(SPAM_PATH, import.meta.url);

/** The text of the preset, or the uploaded file; a clear error when the preset's file is not there. */
export async function textSource(spec) {
  if (spec.upload) return spec.upload.file;
  const url = spamUrl();
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`Could not fetch the spam messages (${url.pathname}): ${error.message}`);
  }
  if (!response.ok) {
    throw new Error(
      `The spam messages are not here (data/spam.csv: HTTP ${response.status}). They ship with the site (npm run build:site), not with the npm package: upload a CSV with a text column instead.`,
    );
  }
  return response.text();
}

/**
 * The documents of `spec` in the worker as a bag of words (`bag`: loadText's options) and their
 * split by `split` ({validation, test} in percent): {base, parts: {train, validation, test}}.
 */
export async function loadTextData(worker, spec, bag, split) {
  const { upload } = spec;
  const source = await textSource(spec);
  const base = await worker.loadText(source, {
    text: upload ? upload.text : 'text',
    label: upload ? upload.label : 'label',
    ...(upload ? { header: upload.header, delimiter: upload.delimiter } : {}),
    ...bag,
  });
  if (base.classes.length > MAX_CLASSES) {
    worker.dispose(base.datasetId).catch(() => {});
    throw new RangeError(`The text has ${base.classes.length} classes; the playground shows at most ${MAX_CLASSES}`);
  }
  const { validation, test } = split;
  if (!(validation || test) || base.classes.length < 2)
    return { base, parts: { train: base, validation: null, test: null } };
  const parts = await worker.split(base.datasetId, {
    seed: 0,
    ...(validation ? { validation: validation / 100 } : {}),
    ...(test ? { test: test / 100 } : {}),
  });
  return { base, parts };
}
