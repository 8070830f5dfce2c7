// The worker's tagged sentences (js/worker-host.js): loadSequences (CoNLL text through
// worker-conll.js, or arrays), sentence, a sequences dataset's split, and the structured
// perceptron's sessions (a step is a sentence; its record says which features the update added
// and removed), evaluation (token accuracy, the tag confusion) and lattice.
import { abortError, throttled, yieldToMessages } from './worker-tools.js';
import { readText } from './worker-text.js';
import { parseConll, sentenceFeatures } from './worker-conll.js';
import { confusionOf } from './worker-inspect.js';

const say = (value) => JSON.stringify(value) ?? String(value);
const sortTags = (tags) => [...tags].sort((a, b) => (typeof a === 'number' ? a - b : a < b ? -1 : a > b ? 1 : 0));

// The feature names and values of a token (an array of names, each 1, or a record).
const entriesOf = (token) => (Array.isArray(token) ? token.map((name) => [name, 1]) : Object.entries(token));

/**
 * What an update changed: learningRate * (Phi(x, gold) - Phi(x, predicted)) as {names, tags,
 * deltas, kinds} ('emission': a token feature's weight for a tag; 'transition': the weight of
 * tag after names' tag, `prev=<s>` at the start), the terms that cancel left out, sorted by
 * |delta| descending, then name and tag.
 */
export function sequenceChanges(tokens, gold, predicted, rate) {
  const sum = new Map();
  const add = (kind, name, tag, delta) => {
    const key = `${kind}\u0000${name}\u0000${typeof tag}\u0000${tag}`;
    const entry = sum.get(key) ?? { kind, name, tag, delta: 0 };
    entry.delta += delta;
    sum.set(key, entry);
  };
  for (const [path, sign] of [
    [gold, rate],
    [predicted, -rate],
  ]) {
    path.forEach((tag, t) => {
      for (const [name, value] of entriesOf(tokens[t])) add('emission', name, tag, sign * value);
      add('transition', t === 0 ? 'prev=<s>' : `prev=${path[t - 1]}`, tag, sign);
    });
  }
  const entries = [...sum.values()].filter((e) => e.delta !== 0);
  entries.sort(
    (a, b) =>
      Math.abs(b.delta) - Math.abs(a.delta) ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      String(a.tag).localeCompare(String(b.tag)),
  );
  return {
    names: entries.map((e) => e.name),
    tags: entries.map((e) => e.tag),
    deltas: entries.map((e) => e.delta),
    kinds: entries.map((e) => e.kind),
  };
}

// {sequences, tags, words?} given as arrays, checked for what the worker needs (the model checks the rest at training).
function fromArrays(input, where) {
  const { sequences, tags, words } = input;
  if (!Array.isArray(sequences))
    throw new TypeError(
      `${where}: input.sequences must be an array of sequences (arrays of tokens); received ${say(sequences)}`,
    );
  if (tags !== undefined && tags !== null && (!Array.isArray(tags) || tags.length !== sequences.length)) {
    throw new RangeError(
      `${where}: input.tags must be an array of ${sequences.length} tag sequences, one per sequence`,
    );
  }
  sequences.forEach((s, i) => {
    if (!Array.isArray(s) || s.length === 0)
      throw new TypeError(`${where}: input.sequences[${i}] must be a non-empty array of tokens; received ${say(s)}`);
    if (tags && (!Array.isArray(tags[i]) || tags[i].length !== s.length)) {
      throw new RangeError(
        `${where}: input.tags[${i}] must hold ${s.length} tags, one per token; received ${say(tags[i])}`,
      );
    }
    if (words && (!Array.isArray(words[i]) || words[i].length !== s.length)) {
      throw new RangeError(
        `${where}: input.words[${i}] must hold ${s.length} words, one per token; received ${say(words[i])}`,
      );
    }
  });
  // A token's word: given, else its w= feature, else its first feature's name.
  const wordOf = (token) => {
    const names = entriesOf(token).map(([name]) => name);
    const w = names.find((name) => name.startsWith('w='));
    return w === undefined ? (names[0] ?? '') : w.slice(2);
  };
  return {
    words: words ? words.map((s) => s.map(String)) : sequences.map((s) => s.map(wordOf)),
    tokens: sequences,
    tags: tags ?? null,
  };
}

/** The sequences part of one host. */
export function makeSequences(pw, store, post) {
  const entryOf = (datasetId, where) => store.entry(datasetId, `${where}: datasetId`, ['sequences']);

  function entry(words, tokens, tags, bytes) {
    const tagSet = tags === null ? [] : sortTags(new Set(tags.flat()));
    const count = words.reduce((n, s) => n + s.length, 0);
    return { kind: 'sequences', words, tokens: count, sequences: tokens, tags, tagSet, bytes };
  }

  async function load({ requestId, input, options = {}, totalBytes }, controller, added) {
    const where = 'loadSequences';
    const { format = 'conll', features, ...rest } = options ?? {};
    if (Object.keys(rest).length > 0)
      throw new TypeError(`${where}: unknown option ${say(Object.keys(rest)[0])} (format, features)`);
    if (format !== 'conll') throw new RangeError(`${where}: option format must be 'conll'; received ${say(format)}`);
    const progress = throttled((value) => post({ requestId, type: 'progress', progress: value }));
    if (input !== null && typeof input === 'object' && 'sequences' in input) {
      const { words, tokens, tags } = fromArrays(input, where);
      return added(entry(words, tokens, tags, 0));
    }
    const { text, bytes } = await readText(input, { signal: controller.signal, progress, where, totalBytes });
    await yieldToMessages();
    if (controller.signal.aborted) throw abortError(where);
    const { words, tags } = parseConll(text, where);
    const tokens = words.map((sentence) => sentenceFeatures(sentence, features, where));
    progress.update({ bytesRead: bytes, totalBytes: bytes, rows: words.length });
    progress.flush();
    if (controller.signal.aborted) throw abortError(where);
    return added(entry(words, tokens, tags, bytes));
  }

  function indexIn(entry, index, where) {
    if (!Number.isInteger(index) || index < 0 || index >= entry.words.length) {
      throw new (typeof index === 'number' ? RangeError : TypeError)(
        `${where}: index must be an integer from 0 to ${entry.words.length - 1}; received ${say(index)}`,
      );
    }
    return index;
  }

  function sentence({ datasetId, index }) {
    const where = 'sentence';
    const e = entryOf(datasetId, where);
    indexIn(e, index, where);
    return { index, words: e.words[index], tokens: e.sequences[index], tags: e.tags?.[index] ?? null };
  }

  // A seeded split of the sentences (one class: pw.modelSelection.split shuffles them all).
  function split(e, { validation, test, seed, indices }, where, added) {
    const n = e.words.length;
    const all = Array.from({ length: n }, (_, i) => i);
    const settings = { seed, ...(validation ? { validation } : {}), ...(test ? { test } : {}) };
    const parts =
      validation === 0 && test === 0 ? { train: all } : pw.modelSelection.split(new Array(n).fill(0), settings);
    const out = {};
    for (const name of ['train', 'validation', 'test']) {
      const rows = parts[name]?.length > 0 ? [...parts[name]].sort((a, b) => a - b) : null;
      const pick = (array) => rows.map((r) => array[r]);
      out[name] = rows === null ? null : added(entry(pick(e.words), pick(e.sequences), e.tags && pick(e.tags), 0));
      if (indices && rows !== null) out[name].indices = rows;
    }
    return out;
  }

  // A structured perceptron's session (worker-session.js's loop drives it).
  function session(spec, where, json) {
    const { options, datasetId, validationId } = spec;
    const e = entryOf(datasetId, where);
    if (e.tags === null) throw new TypeError(`${where}: datasetId ${datasetId} has no tags to train on`);
    const validation = validationId === undefined ? null : entryOf(validationId, `${where}: option validation`);
    const model = json === undefined ? new pw.StructuredPerceptron(options) : pw.StructuredPerceptron.fromJSON(json);
    try {
      if (typeof model.trainer !== 'function') {
        throw new TypeError(
          `${where}: this build's StructuredPerceptron has no trainer (it needs perceptron-wasm with sp.trainer)`,
        );
      }
      const trainer = model.trainer(e.sequences, e.tags);
      const rate = model.options.learningRate ?? 1;
      const accuracy = (set) => model.score(set.sequences, set.tags);
      return {
        model,
        trainer,
        tasks: false,
        record(step) {
          const record = { ...step };
          if (step.mistake)
            record.changes = sequenceChanges(e.sequences[step.index], step.label, step.prediction, rate);
          return record;
        },
        skipped() {},
        ended(record) {
          record.tokenAccuracy = accuracy(e);
          if (validation) record.validationTokenAccuracy = accuracy(validation);
          return record;
        },
        state: () => null,
      };
    } catch (error) {
      model.dispose();
      throw error;
    }
  }

  function evaluate(model, datasetId, where) {
    const e = entryOf(datasetId, where);
    if (e.tags === null) throw new TypeError(`${where}: datasetId ${datasetId} has no tags`);
    const predicted = model.predict(e.sequences).flat();
    return confusionOf(model.score(e.sequences, e.tags), model.tags, e.tags.flat(), predicted);
  }

  // lattice(sessionId, datasetId, index): sp.lattice of one sentence, with its words and gold tags.
  function lattice({ sessionId, datasetId, index }, sessions) {
    const where = 'lattice';
    const s = sessions.get(sessionId, where);
    if (s.spec.modelKind !== 'StructuredPerceptron') {
      throw new TypeError(
        `${where}: session ${sessionId} trains a ${s.spec.modelKind}; a lattice needs a StructuredPerceptron session`,
      );
    }
    const e = entryOf(datasetId, where);
    indexIn(e, index, where);
    if (typeof s.model.lattice !== 'function')
      throw new TypeError(`${where}: this build's StructuredPerceptron has no lattice`);
    return { ...s.model.lattice(e.sequences[index]), words: e.words[index], gold: e.tags?.[index] ?? null };
  }

  return { load, sentence, split, session, evaluate, lattice };
}
