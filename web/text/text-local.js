// The Worker protocol's text calls (perceptron-wasm/worker: loadText, split, document, session,
// advance, reset, adopt, closeSession, fit, evaluate, topFeatures, explain) run on the page's own
// thread with the package's public API, for a worker that does not have them: the same names,
// arguments and answers, so the text mode (text-mode.js) talks to either alike. Datasets and
// sessions are kept here by id, as the worker keeps them.
import { sortClasses } from '../shell/data.js';
import { linearOf } from './text-views.js';

/** The small predicting state of a model, as fit's result in the worker carries it (null before fit). */
function stateOf(model) {
  if (!model.fitted) return null;
  const state = {};
  for (const key of ['weights', 'bias', 'biases', 'negativeWeights', 'threshold']) {
    try {
      const value = model[key];
      if (value !== undefined && value !== null) state[key] = value;
    } catch {
      // not this kind's
    }
  }
  return state;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

// A column given by name or 0-based index, as Dataset.fromCsv's label option.
function columnIndex(table, column, what) {
  if (typeof column === 'number') {
    if (Number.isInteger(column) && column >= 0 && column < (table.rows[0]?.length ?? 0)) return column;
  } else if (typeof column === 'string' && table.header) {
    const index = table.header.indexOf(column);
    if (index >= 0) return index;
  }
  throw new RangeError(`loadText: option ${what} must name a column of the file; received ${JSON.stringify(column)}`);
}

export class TextOnPage {
  #pw;
  #datasets = new Map();
  #sessions = new Map();
  #next = 1;

  constructor(pw) {
    this.#pw = pw;
  }

  #dataset(id) {
    const set = this.#datasets.get(typeof id === 'object' ? id.datasetId : id);
    if (!set) throw new RangeError(`no text dataset ${JSON.stringify(id)} in this worker`);
    return set;
  }

  #add(set) {
    const datasetId = this.#next++;
    this.#datasets.set(datasetId, set);
    return {
      datasetId,
      kind: 'text',
      rows: set.documents.length,
      cols: set.X.cols,
      classes: set.classes,
      featureNames: set.names,
    };
  }

  // A bag of words over `documents` with the base's bag options (its vocabulary when it has one).
  #bag(documents, labels, bag, vocabulary) {
    const options = { lowercase: bag.lowercase, ngram: bag.ngram, binary: bag.binary, labels };
    if (bag.hashing) options.hashing = bag.hashing;
    else if (vocabulary) options.vocabulary = vocabulary;
    return this.#pw.text.bagOfWords(documents, options);
  }

  async loadText(file, options = {}) {
    const {
      text,
      label,
      delimiter,
      header = true,
      lowercase = true,
      ngram = [1, 1],
      binary = false,
      hashing,
    } = options;
    const input = typeof file === 'string' ? file : await file.text();
    const table = this.#pw.csv.parse(input, { header, ...(delimiter ? { delimiter } : {}) });
    const textColumn = columnIndex(table, text, 'text');
    const labelColumn = columnIndex(table, label ?? (table.rows[0]?.length ?? 1) - 1, 'label');
    const kept = table.rows.filter((row) => (row[labelColumn] ?? '').trim() !== '');
    const raw = kept.map((row) => row[labelColumn].trim());
    const labels = raw.every((v) => NUMBER.test(v)) ? raw.map(Number) : raw;
    const documents = kept.map((row) => row[textColumn] ?? '');
    const bag = { lowercase, ngram, binary, hashing };
    const X = this.#bag(documents, labels, bag);
    const names = hashing ? null : X.featureNames;
    const summary = this.#add({ X, labels, classes: sortClasses(labels), documents, names, bag, rows: null });
    return { ...summary, droppedRows: table.rows.length - kept.length, bytes: input.length };
  }

  async split(datasetId, { validation, test, seed = 0 } = {}) {
    const base = this.#dataset(datasetId);
    const parts = this.#pw.modelSelection.split(base.labels, {
      seed,
      ...(validation ? { validation } : {}),
      ...(test ? { test } : {}),
    });
    const csr = (base.csr ??= base.X.toSparse());
    // A part: its rows of the base's bag (the same columns), in ascending order.
    const make = (rows) => {
      if (!rows || rows.length === 0) return null;
      const sorted = [...rows].sort((a, b) => a - b);
      const indptr = new Uint32Array(sorted.length + 1);
      sorted.forEach((r, i) => (indptr[i + 1] = indptr[i] + csr.indptr[r + 1] - csr.indptr[r]));
      const indices = new Uint32Array(indptr[sorted.length]);
      const values = new Float64Array(indptr[sorted.length]);
      sorted.forEach((r, i) => {
        indices.set(csr.indices.subarray(csr.indptr[r], csr.indptr[r + 1]), indptr[i]);
        values.set(csr.values.subarray(csr.indptr[r], csr.indptr[r + 1]), indptr[i]);
      });
      const labels = sorted.map((r) => base.labels[r]);
      const names = base.names ? { featureNames: base.names } : {};
      const X = this.#pw.Dataset.fromSparse({ indptr, indices, values, cols: csr.cols }, labels, names);
      const documents = sorted.map((r) => base.documents[r]);
      return this.#add({
        ...base,
        X,
        csr: { indptr, indices, values, cols: csr.cols },
        labels,
        documents,
        rows: sorted,
      });
    };
    return { train: make(parts.train), validation: make(parts.validation), test: make(parts.test) };
  }

  async document(datasetId, row) {
    const set = this.#dataset(datasetId);
    const text = set.documents[row];
    if (text === undefined)
      throw new RangeError(`document: row must be from 0 to ${set.documents.length - 1}; received ${row}`);
    const words = [];
    const lower = set.bag.lowercase ? text.toLowerCase() : text;
    let at = 0;
    const tokens = this.#pw.text.tokenize(text, { lowercase: set.bag.lowercase });
    const unique = [...new Set(tokens)];
    // Each distinct word's column: its vocabulary entry, or where the bag of that word alone hashes it.
    const columns = new Map();
    if (set.names) {
      set.index ??= new Map(set.names.map((name, column) => [name, column]));
      for (const word of unique) columns.set(word, set.index.get(word) ?? -1);
    } else if (unique.length > 0) {
      const single = this.#bag(unique, undefined, { ...set.bag, ngram: [1, 1], binary: true });
      const { indices, indptr } = single.toSparse();
      unique.forEach((word, i) => columns.set(word, indptr[i + 1] > indptr[i] ? indices[indptr[i]] : -1));
      single.dispose();
    }
    for (const token of tokens) {
      const start = lower.indexOf(token, at);
      if (start < 0) continue;
      at = start + token.length;
      words.push({ text: text.slice(start, at), start, end: at, column: columns.get(token) ?? -1 });
    }
    return { text, label: set.labels[row], words };
  }

  async session(modelKind, options, datasetId, { validation } = {}) {
    const train = this.#dataset(datasetId);
    const held = validation ? this.#dataset(validation) : null;
    const sessionId = this.#next++;
    const session = { modelKind, options: { ...options }, train, held, model: null, trainer: null };
    this.#sessions.set(sessionId, session);
    this.#fresh(session);
    return { sessionId, modelKind };
  }

  #session(id) {
    const session = this.#sessions.get(id);
    if (!session) throw new RangeError(`no session ${JSON.stringify(id)} in this worker`);
    return session;
  }

  #fresh(session) {
    session.model?.dispose();
    session.model = new this.#pw[session.modelKind](session.options);
    const options = session.held ? { validation: { X: session.held.X } } : {};
    session.trainer = session.model.trainer(session.train.X, undefined, options);
  }

  #state(session) {
    const state = session.trainer ? { ...session.trainer.state } : session.state;
    return { ...state, model: stateOf(session.model) };
  }

  async advance(sessionId, { steps, epoch = false, records: most = 10_000 } = {}) {
    const session = this.#session(sessionId);
    const trainer = session.trainer;
    const records = [];
    const epochs = [];
    if (trainer && !trainer.state.done) {
      const limit = epoch ? Infinity : (steps ?? 1);
      let lastEpoch = trainer.lastEpoch;
      for (let k = 0; k < limit; k++) {
        const step = trainer.step();
        if (step === null) break;
        const { weights, bias, biases, negativeWeights, ...record } = step;
        if (records.length < most) records.push(record);
        if (trainer.lastEpoch !== lastEpoch) {
          lastEpoch = trainer.lastEpoch;
          epochs.push({ ...lastEpoch });
          if (epoch) break;
        }
        if (trainer.state.done) break;
      }
    }
    const { model, ...state } = this.#state(session);
    return { records, epochs, state, model };
  }

  async reset(sessionId) {
    this.#fresh(this.#session(sessionId));
    return true;
  }

  async adopt(sessionId, json, report = null) {
    const session = this.#session(sessionId);
    const model = this.#pw[session.modelKind].fromJSON(json);
    session.model.dispose();
    session.model = model;
    session.trainer = null;
    const { steps = 0, epochs = 0, mistakes = 0, converged = false } = report ?? {};
    session.state = { t: steps, epoch: epochs, mistakes, done: true, converged };
    const { model: state, ...rest } = this.#state(session);
    return { state: rest, model: state };
  }

  async closeSession(sessionId) {
    const session = this.#sessions.get(sessionId);
    session?.model.dispose();
    return this.#sessions.delete(sessionId);
  }

  async fit(modelKind, options, datasetId, { validation } = {}) {
    // validation: {datasetId} of this worker, as the worker's fit takes it.
    const train = this.#dataset(datasetId);
    const model = new this.#pw[modelKind](options);
    try {
      const report = model.fit(
        train.X,
        undefined,
        validation ? { validation: { X: this.#dataset(validation).X } } : {},
      );
      return { modelKind, model: model.toJSON(), report };
    } finally {
      model.dispose();
    }
  }

  // A session's model, or a model from its JSON ({model: json}) for the length of `use`.
  #withModel(source, use) {
    if (source && typeof source === 'object' && source.model) {
      const kind = source.modelKind;
      const model = this.#pw[kind].fromJSON(source.model);
      try {
        return use(model, kind);
      } finally {
        model.dispose();
      }
    }
    const session = this.#session(source);
    return use(session.model, session.modelKind);
  }

  async evaluate(source, datasetId) {
    const set = this.#dataset(datasetId);
    return this.#withModel(source, (model) => {
      const predicted = model.predict(set.X);
      const classes = set.classes;
      const confusion = classes.map(() => classes.map(() => 0));
      let right = 0;
      predicted.forEach((p, i) => {
        confusion[classes.indexOf(set.labels[i])][classes.indexOf(p)] += 1;
        if (p === set.labels[i]) right += 1;
      });
      return { accuracy: right / predicted.length, classes, confusion };
    });
  }

  async topFeatures(source, { k = 10, datasetId } = {}) {
    const set = datasetId === undefined ? this.#session(source).train : this.#dataset(datasetId);
    return this.#withModel(source, (model, kind) => {
      const linear = linearOf(kind, model);
      const name = (column) => (set.names ? set.names[column] : `#${column}`);
      const top = (weights) => {
        const order = weights.map((weight, column) => ({ column, name: name(column), weight }));
        const positive = order.filter((f) => f.weight > 0).sort((a, b) => b.weight - a.weight || a.column - b.column);
        const negative = order.filter((f) => f.weight < 0).sort((a, b) => a.weight - b.weight || a.column - b.column);
        return { positive: positive.slice(0, k), negative: negative.slice(0, k) };
      };
      if (!linear) return { positive: [], negative: [] };
      if (linear.rows) return { classes: linear.classes.map((label, i) => ({ label, ...top(linear.rows[i]) })) };
      return top(linear.weights);
    });
  }

  async explain(source, target) {
    const set = this.#dataset(target.datasetId);
    const { indices, values, indptr } = (set.csr ??= set.X.toSparse());
    const row = target.row;
    return this.#withModel(source, (model, kind) => {
      const linear = linearOf(kind, model);
      if (!linear) throw new RangeError('explain: the model has learned nothing yet');
      let weights = linear.weights;
      let bias = linear.bias;
      let label;
      if (linear.rows) {
        // More than two classes: the predicted class's weights (the highest score; the first on ties).
        const one = this.#bag([set.documents[row]], undefined, set.bag, set.names);
        label = model.predict(one)[0];
        one.dispose();
        const c = linear.classes.indexOf(label);
        weights = linear.rows[c];
        bias = linear.biases[c];
      }
      const contributions = [];
      for (let p = indptr[row]; p < indptr[row + 1]; p++) {
        const column = indices[p];
        const value = values[p];
        const weight = weights[column];
        contributions.push({
          column,
          name: set.names ? set.names[column] : `#${column}`,
          value,
          weight,
          contribution: weight * value,
        });
      }
      contributions.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.column - b.column);
      const score = contributions.reduce((sum, c) => sum + c.contribution, bias);
      return { score, bias, contributions, ...(label === undefined ? {} : { label }) };
    });
  }

  dispose(datasetId) {
    const set = this.#datasets.get(typeof datasetId === 'object' ? datasetId.datasetId : datasetId);
    set?.X.dispose();
    return Promise.resolve(this.#datasets.delete(datasetId));
  }
}
