// What the text mode shows of its model, asked of the worker (pg.worker()) and made plain data by
// text-views.js for text-controls.js to draw: after the model changed, the accuracies, the
// Confusion matrix and the Top words; the chosen document of the evaluated part with the list
// around it and its Contributions; and a step's document with the weights its update changed.
import { confusionView, contributionsView, stepChanges, topWordsView } from './text-views.js';

const TOP_K = 10;

/** After the model changed: its numbers, Top words (none before it has learned) and the chosen document. */
export async function refreshView(mode, worker) {
  const id = mode.sessionId;
  const classes = mode.base.classes;
  const fitted = mode.fitted;
  const { train, validation, test } = mode.parts;
  const accuracies = {};
  let confusion = null;
  if (fitted) {
    for (const [name, set] of Object.entries({ training: train, validation, test })) {
      if (!set) continue;
      const answer = await worker.evaluate(id, set.datasetId);
      accuracies[name] = answer;
      if (mode.evaluated.set === set) confusion = confusionView(answer, name);
    }
  }
  const top = fitted ? topWordsView(await worker.topFeatures(id, { k: TOP_K }), classes) : [];
  mode.view = { ...mode.view, top, confusion, accuracies };
  await documentView(mode, worker, mode.doc);
}

/** The document `row` of the evaluated part (clamped) as mode.doc, in Contributions and the list around it. */
export async function documentView(mode, worker, row) {
  const { set } = mode.evaluated;
  const doc = Math.min(Math.max(0, row | 0), set.rows - 1);
  const listed = [];
  const first = Math.max(0, Math.min(doc - 2, set.rows - 8));
  for (let r = first; r < Math.min(set.rows, first + 8); r++)
    listed.push({ ...(await worker.document(set.datasetId, r)), row: r });
  const shown = listed.find((d) => d.row === doc);
  let contributions = null;
  if (mode.fitted) {
    const explanation = await worker.explain(mode.sessionId, { datasetId: set.datasetId, row: doc });
    contributions = contributionsView(shown, explanation);
  }
  mode.doc = doc;
  mode.view = { ...mode.view, docs: listed, contributions, document: shown };
}

/** A step's record as the Last step region shows it: its document and what its update changed. */
export async function stepView(mode, worker, record) {
  const trainId = mode.parts.train.datasetId;
  const doc = await worker.document(trainId, record.index);
  const explanation = await worker.explain(mode.sessionId, { datasetId: trainId, row: record.index });
  return {
    record,
    doc: { ...doc, row: record.index },
    changes: stepChanges(record.changes, explanation),
  };
}
