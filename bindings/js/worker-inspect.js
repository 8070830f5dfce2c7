// Inspecting a model in the worker (js/worker-host.js): a session's model, or a model's JSON
// sent by the page ({model: json}). evaluate (accuracy and the confusion matrix on a dataset of
// the worker), topFeatures (the largest weights, named), explain (one row's contributions
// w_i x_i, which sum with the bias to the model's own decisionFunction score). Only these small
// answers cross to the page.
import { namesOf, rowOf } from './worker-data.js';
import { columnNames, inputOf, refuseHashing } from './worker-records.js';

const say = (value) => JSON.stringify(value) ?? String(value);

/**
 * The model a call inspects, with its dataset's column names when it has one: {model, names,
 * kind, done()} (done() frees a model built from JSON).
 */
export function modelOf(pw, target, where, sessions, store) {
  if (target !== null && typeof target === 'object' && !Array.isArray(target) && 'model' in target) {
    const json = target.model;
    const formats = {
      [pw.FORMAT]: 'Perceptron',
      [pw.MULTICLASS_FORMAT]: 'MulticlassPerceptron',
      [pw.KERNEL_FORMAT]: 'KernelPerceptron',
      [pw.WINNOW_FORMAT]: 'Winnow',
      [pw.PA_FORMAT]: 'PassiveAggressive',
      [pw.STRUCTURED_FORMAT]: 'StructuredPerceptron',
    };
    const format = typeof json === 'string' ? JSON.parse(json).format : json?.format;
    const kind = formats[format];
    if (!kind) {
      throw new TypeError(
        `${where}: model must be a saved model (toJSON()'s object, with a format such as ${say(pw.FORMAT)}); received format ${say(format)}`,
      );
    }
    const model = pw[kind].fromJSON(json);
    // A model trained on records names its columns by its vocabulary; else by the dataset's.
    const entry =
      target.datasetId === undefined
        ? null
        : store.entry(target.datasetId, `${where}: datasetId`, ['matrix', 'text', 'records']);
    const vocabulary = typeof json === 'string' ? JSON.parse(json).vocabulary : json.vocabulary;
    const names = vocabulary ?? (entry === null || entry.kind === 'records' ? null : namesOf(entry));
    return { model, kind, names, entry: null, done: () => model.dispose() };
  }
  if (typeof target !== 'number') {
    throw new TypeError(`${where}: the first argument must be a sessionId or {model: json}; received ${say(target)}`);
  }
  const session = sessions.get(target, where);
  const entry = session.spec.modelKind === 'StructuredPerceptron' ? null : store.entry(session.spec.datasetId, where);
  return {
    model: session.model,
    kind: session.spec.modelKind,
    names:
      entry === null ? null : entry.kind === 'records' ? columnNames({ records: true }, session.model) : namesOf(entry),
    entry,
    session,
    done() {},
  };
}

const inspecting = (pw, target, where, sessions, store, fn) => {
  const inspected = modelOf(pw, target, where, sessions, store);
  try {
    return fn(inspected);
  } finally {
    inspected.done();
  }
};

/** evaluate: accuracy and confusion (rows: true class, columns: predicted, in classes' order). */
export function evaluate(pw, { target, datasetId }, sessions, store, sequences) {
  const where = 'evaluate';
  return inspecting(pw, target, where, sessions, store, ({ model, kind }) => {
    if (kind === 'StructuredPerceptron') return sequences.evaluate(model, datasetId, where);
    const { X, y, labels: truth } = inputOf(store, datasetId, `${where}: datasetId`);
    if (truth === null) throw new TypeError(`${where}: datasetId ${datasetId} has no labels`);
    const predicted = model.predict(X);
    return confusionOf(model.score(X, y), model.classes, truth, predicted);
  });
}

/** {accuracy, classes, confusion}: the model's classes, then any other true label, sorted as the model sorts. */
export function confusionOf(accuracy, modelClasses, truth, predicted) {
  const classes = [...modelClasses];
  const index = new Map(classes.map((c, k) => [c, k]));
  for (const label of truth) if (!index.has(label)) index.set(label, classes.push(label) - 1);
  const confusion = classes.map(() => new Array(classes.length).fill(0));
  truth.forEach((label, i) => (confusion[index.get(label)][index.get(predicted[i])] += 1));
  return { accuracy, classes, confusion };
}

// A linear model's weights per class as the score uses them: [{label, weights, bias}] (one for
// a binary model: the positive class's), or a TypeError for a kind without them.
function linearOf(model, kind, where) {
  const refuse = (why) => {
    throw new TypeError(
      `${where}: ${why}; this call needs a linear model (Perceptron, PassiveAggressive, Winnow, MulticlassPerceptron 'joint')`,
    );
  };
  if (kind === 'KernelPerceptron') refuse('a KernelPerceptron has no weights over the features');
  if (kind === 'StructuredPerceptron') refuse('a StructuredPerceptron scores tag sequences (see lattice)');
  if (!model.fitted) refuse('the model is not trained yet (no step taken)');
  if (kind === 'Perceptron' && model.options.variant === 'voted')
    refuse("the 'voted' perceptron's score is a vote of its vectors, not one w.x + b");
  const classes = model.classes;
  if (kind === 'MulticlassPerceptron') {
    if (model.weights === null)
      refuse(
        `MulticlassPerceptron strategy '${model.options.strategy}' keeps binary models, not one weight vector per class`,
      );
    const { weights, biases } = model;
    if (weights.length === 2 && !Array.isArray(weights[0])) return [{ label: classes[1], weights, bias: biases ?? 0 }];
    return classes.map((label, k) => ({ label, weights: weights[k], bias: biases[k] }));
  }
  if (kind === 'Winnow') {
    const negative = model.negativeWeights;
    const weights = negative.length > 0 ? model.weights.map((w, j) => w - negative[j]) : model.weights;
    return [{ label: classes[classes.length - 1], weights, bias: -model.threshold }];
  }
  const { weights, bias } = model;
  if (Array.isArray(weights[0])) return classes.map((label, k) => ({ label, weights: weights[k], bias: bias[k] }));
  return [{ label: classes[classes.length - 1], weights, bias }];
}

const nameOf = (names, j) => names?.[j] ?? `x${j + 1}`;

/** topFeatures: the k largest positive and k most negative weights, named (ties by column); per class for more than two. */
export function topFeatures(pw, { target, options }, sessions, store) {
  const where = 'topFeatures';
  const { k = 10, ...rest } = options ?? {};
  if (Object.keys(rest).length > 0) throw new TypeError(`${where}: unknown option ${say(Object.keys(rest)[0])} (k)`);
  if (!Number.isSafeInteger(k) || k < 1) {
    throw new (typeof k === 'number' ? RangeError : TypeError)(
      `${where}: option k must be an integer >= 1; received ${say(k)}`,
    );
  }
  return inspecting(pw, target, where, sessions, store, ({ model, kind, names }) => {
    const rows = linearOf(model, kind, where);
    refuseHashing(model, where, 'give its weights');
    const top = (weights, sign) => {
      const columns = [];
      weights.forEach((w, j) => sign * w > 0 && columns.push(j));
      columns.sort((a, b) => sign * (weights[b] - weights[a]) || a - b);
      return columns.slice(0, k).map((column) => ({ column, name: nameOf(names, column), weight: weights[column] }));
    };
    const of = ({ label, weights }) => ({ class: label, positive: top(weights, 1), negative: top(weights, -1) });
    if (rows.length === 1) return of(rows[0]);
    return { classes: rows.map(of) };
  });
}

// explain's row: {datasetId, row} of the worker, or {x}: a dense array, a sparse {indices, values},
// or a named record {name: value} (mapped by the training dataset's column names).
function rowToExplain(input, inspected, store, where) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new TypeError(`${where}: the second argument must be {datasetId, row} or {x}; received ${say(input)}`);
  }
  if ('datasetId' in input) {
    const entry = store.entry(input.datasetId, `${where}: datasetId`, ['matrix', 'text', 'records']);
    const { row } = input;
    if (entry.kind === 'records') {
      // A record, mapped by the model's vocabulary as {x: record} is.
      const rows = entry.records.length;
      if (!Number.isInteger(row) || row < 0 || row >= rows) {
        throw new (typeof row === 'number' ? RangeError : TypeError)(
          `${where}: row must be an integer from 0 to ${rows - 1}; received ${say(row)}`,
        );
      }
      return rowToExplain({ x: entry.records[row] }, inspected, store, where);
    }
    if (!Number.isInteger(row) || row < 0 || row >= entry.dataset.rows) {
      throw new (typeof row === 'number' ? RangeError : TypeError)(
        `${where}: row must be an integer from 0 to ${entry.dataset.rows - 1}; received ${say(row)}`,
      );
    }
    return { ...rowOf(entry, row), cols: entry.dataset.cols, names: namesOf(entry) };
  }
  if (!('x' in input))
    throw new TypeError(`${where}: the second argument must be {datasetId, row} or {x}; received ${say(input)}`);
  const { x } = input;
  const number = (v, at) => {
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new TypeError(`${where}: ${at} must be a finite number; received ${say(v)}`);
    return v;
  };
  const cols = inspected.model.nFeatures;
  if (Array.isArray(x)) {
    if (x.length !== cols)
      throw new RangeError(`${where}: x must have ${cols} values (the model's features); received ${x.length}`);
    return { indices: x.map((_, j) => j), values: x.map((v, j) => number(v, `x[${j}]`)), cols, names: inspected.names };
  }
  if (x !== null && typeof x === 'object' && Array.isArray(x.indices) && Array.isArray(x.values)) {
    x.indices.forEach((j, k) => {
      if (!Number.isInteger(j) || j < 0 || j >= cols)
        throw new RangeError(`${where}: x.indices[${k}] must be a column from 0 to ${cols - 1}; received ${say(j)}`);
    });
    if (x.values.length !== x.indices.length)
      throw new RangeError(
        `${where}: x.values must have one value per index (${x.indices.length}); received ${x.values.length}`,
      );
    return {
      indices: [...x.indices],
      values: x.values.map((v, k) => number(v, `x.values[${k}]`)),
      cols,
      names: inspected.names,
    };
  }
  if (x !== null && typeof x === 'object') {
    const names = inspected.names;
    if (!names)
      throw new TypeError(
        `${where}: x as a record {name: value} needs the training dataset's column names (a session, or {model, datasetId})`,
      );
    const columnOf = new Map(names.map((n, j) => [n, j]));
    const indices = [];
    const values = [];
    for (const [name, v] of Object.entries(x)) {
      const j = columnOf.get(name);
      if (j === undefined) continue; // not a column of the model: it adds nothing
      indices.push(j);
      values.push(number(v, `x[${say(name)}]`));
    }
    return { indices, values, cols, names };
  }
  throw new TypeError(
    `${where}: x must be an array of numbers, {indices, values} or a record {name: value}; received ${say(x)}`,
  );
}

/**
 * explain: the contributions w_i x_i of one row (x as the model sees it: scaled when the model
 * has preprocess), sorted by |contribution| descending, ties by column; their sum plus the bias is
 * the score, given as the model's decisionFunction computes it. Multi-class: the predicted class's
 * (or option class's) weights.
 */
export function explain(pw, { target, input, options }, sessions, store) {
  const where = 'explain';
  return inspecting(pw, target, where, sessions, store, (inspected) => {
    const { model, kind } = inspected;
    const rows = linearOf(model, kind, where);
    refuseHashing(model, where, 'explain a row by');
    const x = rowToExplain(input, inspected, store, where);
    if (x.cols !== model.nFeatures) {
      throw new RangeError(`${where}: the row has ${x.cols} columns; the model has ${model.nFeatures} features`);
    }
    const order = x.indices.map((_, k) => k).sort((a, b) => x.indices[a] - x.indices[b]);
    const X = {
      indptr: [0, order.length],
      indices: order.map((k) => x.indices[k]),
      values: order.map((k) => x.values[k]),
      cols: x.cols,
    };
    const raw = model.decisionFunction(X);
    const scores = Array.isArray(raw[0]) ? raw[0] : Array.from(raw);
    const saved = model.options.preprocess && model.options.preprocess !== 'none' ? model.toJSON().preprocess : null;
    const [prediction] = model.predict(X);
    let k = 0;
    if (rows.length > 1) {
      const wanted = options?.class ?? prediction;
      k = rows.findIndex((r) => r.label === wanted);
      if (k < 0)
        throw new RangeError(
          `${where}: option class must be one of the model's classes ${say(model.classes)}; received ${say(wanted)}`,
        );
    }
    const { label, weights, bias } = rows[k];
    // A scaled model sees (x - shift) / scale at every column, zeros included.
    const dense = saved ? Array.from({ length: x.cols }, (_, j) => j) : X.indices;
    const valueAt = new Map(X.indices.map((j, p) => [j, X.values[p]]));
    const contributions = [];
    for (const column of dense) {
      const given = valueAt.get(column) ?? 0;
      const value = saved ? (given - saved.shift[column]) / saved.scale[column] : given;
      if (value === 0 && !saved) continue;
      const weight = weights[column];
      contributions.push({ column, name: nameOf(x.names, column), value, weight, contribution: weight * value });
    }
    contributions.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.column - b.column);
    return {
      score: scores.length === 1 ? scores[0] : scores[k],
      bias,
      class: label,
      prediction,
      contributions,
      ...(saved ? { scaled: true } : {}),
    };
  });
}
