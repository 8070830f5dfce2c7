// Data that lives in the playground's worker (issue 29): a big upload's Dataset stays there (by
// its datasetId) and the page keeps only what it draws, a sample of rows with their plane
// coordinates (the worker's sample: two chosen columns, or the PCA computed over all rows in the
// worker). Its shape is data.js's, with `remote` added and no rows on the page:
//
//   { ...data.js's shape, remote: {datasetId, rows, cols, classes, droppedRows} (the upload's
//     summary), X: {data: empty, rows: 0, cols}, labels / points: the sample's (points[k] is row
//     sample.indices[k] of the upload), sample: {indices}, editable: false }
//
// The split is the worker's too (split: pw.modelSelection.split on the labels, as the page
// splits its own data), each part a Dataset of the worker trained on by its id.
import { MAX_CLASSES, sortClasses } from './data.js';

/** The rows the plane draws of an upload that stays in the worker (clicking works on them all). */
export const SAMPLE_ROWS = 1000;

/** The page's data for an upload in the worker: {fileName, featureNames, remote (summary), sample, plane}. */
export function fromSample({ fileName, featureNames, remote, sample, plane }) {
  const classes = sortClasses(remote.classes);
  if (classes.length > MAX_CLASSES) {
    throw new RangeError(`${fileName} has ${classes.length} classes; the playground shows at most ${MAX_CLASSES}`);
  }
  const labels = Array.from(sample.labels ?? []);
  const points = labels.map((label, k) => ({ x: sample.x[k], y: sample.y[k], label }));
  return {
    source: 'csv',
    fileName,
    featureNames,
    remote,
    sample: { indices: Array.from(sample.indices) },
    X: { data: new Float64Array(0), rows: 0, cols: remote.cols },
    labels,
    classes,
    plane,
    points,
    editable: false,
  };
}

// A part of the worker's split as the page's sets hold it: no rows on the page.
const part = (summary, cols) =>
  summary && { X: { data: new Float64Array(0), rows: 0, cols }, y: [], rows: null, remote: summary };

/** Why data kept in a worker that was since replaced (it crashed) cannot train. */
export const LOST_UPLOAD = 'The worker that held this upload stopped (it crashed): load the file again.';

/**
 * The page's data for an upload kept in the worker, split there; its Dataset freed on failure.
 * `generation`: the worker's (WorkerThreads.generation): a new worker holds none of its Datasets.
 */
export async function remoteData(client, upload, split, generation) {
  try {
    const data = fromSample(upload);
    data.generation = generation;
    data.remoteSets = await splitRemote(client, data, split);
    return data;
  } catch (error) {
    releaseRemote(client, null, { remote: upload.remote });
    throw error;
  }
}

/**
 * The worker's split of the upload ({validation, test} in percent): the page's sets {train,
 * validation, test}, each null or a part with `remote` (its Dataset's summary).
 */
export async function splitRemote(client, data, { validation, test }) {
  const { datasetId, cols } = data.remote;
  // Nothing held out: the upload itself trains (no copy of it in the worker).
  if (validation === 0 && test === 0)
    return { train: { ...part(data.remote, cols), shared: true }, validation: null, test: null };
  const parts = await client.split(datasetId, {
    validation: validation / 100,
    test: test / 100,
    seed: 0,
  });
  return { train: part(parts.train, cols), validation: part(parts.validation, cols), test: part(parts.test, cols) };
}

/**
 * Frees the worker's Datasets of these sets (and of the upload itself when `data` is given),
 * once `after` (the closing of the session that trained on them) has settled.
 */
export async function releaseRemote(client, sets, data = null, after = null) {
  await Promise.resolve(after).catch(() => {});
  const ids = [sets?.train, sets?.validation, sets?.test].filter((p) => p && !p.shared).map((p) => p.remote.datasetId);
  if (data?.remote) ids.push(data.remote.datasetId);
  for (const id of ids) client.dispose(id).catch(() => {});
}
