// Compiled with `tsc --noEmit` by tests/js/types.test.mjs: perceptron-wasm/worker's declarations
// for text, sequences, samples, sessions and inspection accept the documented uses and reject
// wrong ones (the @ts-expect-error lines).
import {
  createWorker,
  type WorkerAdvanceResult,
  type WorkerAnySummary,
  type WorkerExplanation,
  type WorkerTextSummary,
  type WorkerTopFeatures,
} from 'perceptron-wasm/worker';

export async function textAndSessions(file: File): Promise<number> {
  const w = createWorker();
  const text: WorkerTextSummary = await w.loadText(file, {
    text: 'text',
    label: 'label',
    ngram: [1, 2],
    onProgress: (p) => void p.bytesRead,
  });
  const kind: 'text' = text.kind;
  const parts = await w.split(text, { validation: 0.2, test: 0.2 });
  const train: WorkerAnySummary = parts.train;
  const session = await w.session('Perceptron', { maxEpochs: 5 }, train, { validation: parts.validation ?? undefined });
  const out: WorkerAdvanceResult = await w.advance(session, {
    steps: 10,
    records: 5,
    signal: new AbortController().signal,
  });
  const changed: number[] = out.records.flatMap((r) => (r.changes && 'columns' in r.changes ? r.changes.columns : []));
  const evaluation = await w.evaluate(session, parts.test ?? train);
  const top = (await w.topFeatures(session, { k: 5 })) as WorkerTopFeatures;
  const why: WorkerExplanation = await w.explain(session, { datasetId: train, row: 0 });
  const again = await w.explain({ model: { format: 'perceptron-wasm/Perceptron' } }, { x: [1, 0, 2] });
  const doc = await w.document(text, 3);
  const short: WorkerExplanation = await w.explain(session, text, 0);
  void short;
  await w.reset(session);
  await w.closeSession(session);
  // @ts-expect-error: advance's steps is a number
  void w.advance(session, { steps: '3' });
  // @ts-expect-error: a text load's label is a column name or index
  void w.loadText(file, { label: true });
  void kind;
  return changed.length + evaluation.accuracy + top.positive.length + why.score + again.bias + doc.words.length;
}

export async function sequencesAndSamples(conll: string): Promise<number> {
  const w = createWorker();
  const tagged = await w.loadSequences(conll, { features: ['word', 'suffix2', 'prev'] });
  const arrays = await w.loadSequences({ sequences: [[['w=a'], { 'w=b': 1 }]], tags: [['D', 'N']] });
  const sentence = await w.sentence(tagged, 0);
  const session = await w.session('StructuredPerceptron', { maxEpochs: 3 }, tagged);
  const lattice = await w.lattice(session, tagged, 0);
  const fitted = await w.fit('StructuredPerceptron', { variant: 'averaged' }, arrays, {
    onEpoch: (e) => void e.tokenAccuracy,
  });
  const matrix = await w.loadCsv(conll);
  const sample = await w.sample(matrix, { max: 500, projection: 'pca' });
  // @ts-expect-error: the feature names are the documented ones
  void w.loadSequences(conll, { features: ['suffix'] });
  // @ts-expect-error: a projection is 'pca' or two columns
  void w.sample(matrix, { projection: [1] });
  return sentence.words.length + lattice.score + fitted.report.steps + sample.x.length + (sample.pca?.variance[0] ?? 0);
}

export async function sparseArrays(): Promise<number> {
  const w = createWorker();
  const sparse = await w.loadArrays({ indptr: [0, 1, 2], indices: [0, 2], values: [1, -1], cols: 3 }, [1, -1]);
  return sparse.cols;
}

export async function recordsArrays(): Promise<number> {
  const w = createWorker();
  const records = await w.loadArrays([{ red: 1, big: 2 }, { blue: 1 }], ['a', 'b']);
  const kind: 'records' = records.kind;
  const fitted = await w.fit('Perceptron', { hashing: { bits: 8 } }, records);
  // @ts-expect-error: records need their labels
  void w.loadArrays([{ red: 1 }]);
  return records.cols + fitted.report.steps + kind.length;
}
