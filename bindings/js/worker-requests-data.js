// The page's side of the worker's requests for text, sequences, samples, sessions and inspection
// (../worker-client.js): each request's arguments checked for what the page can see (types,
// callbacks, the shapes that cannot cross), split into those handled here (onProgress, signal)
// and those sent. The worker checks the values and answers with errors naming the argument.
import { checkFile, describe, idOf, isBlob, isReadableStream, split } from './worker-requests.js';

const HERE = ['onProgress', 'signal'];

/** A session's id: a number, or session()'s summary {sessionId}. */
export const sessionIdOf = (session) =>
  session !== null && typeof session === 'object' && 'sessionId' in session ? session.sessionId : session;

const plainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function checkOptions(options, where) {
  if (options !== undefined && options !== null && !plainObject(options)) {
    throw new TypeError(`${where}: options must be an object; received ${describe(options)}`);
  }
  return options ?? {};
}

// The model a call inspects: a session (its id or summary), or {model: json} (with datasetId for names).
function targetOf(target, where) {
  const id = sessionIdOf(target);
  if (typeof id === 'number') return id;
  if (plainObject(target) && 'model' in target) {
    return { model: target.model, ...(target.datasetId === undefined ? {} : { datasetId: idOf(target.datasetId) }) };
  }
  throw new TypeError(
    `${where}: the model must be a sessionId (or session()'s result) or {model: json}; received ${describe(target)}`,
  );
}

/** Each request's prepare: (...args) => {message, transfer, local}. */
export const PREPARE = {
  loadText(file, options) {
    const where = 'loadText';
    const { local, remote } = split(options, HERE, where);
    const transfer = checkFile(file, where);
    const { totalBytes, ...rest } = remote;
    return { message: { type: 'loadText', file, options: rest, totalBytes }, transfer, local };
  },
  loadSequences(input, options) {
    const where = 'loadSequences';
    const { local, remote } = split(options, HERE, where);
    const { totalBytes, ...rest } = remote;
    const arrays =
      plainObject(input) &&
      !isBlob(input) &&
      !isReadableStream(input) &&
      !ArrayBuffer.isView(input) &&
      !(input instanceof ArrayBuffer);
    if (arrays && !Array.isArray(input.sequences)) {
      throw new TypeError(
        `${where}: input must be CoNLL text (a string, bytes, a Blob or a ReadableStream) or {sequences, tags}; received ${describe(input)}`,
      );
    }
    const transfer = arrays ? [] : checkFile(input, where, 'input');
    return { message: { type: 'loadSequences', input, options: rest, totalBytes }, transfer, local };
  },
  sample(datasetId, options) {
    const where = 'sample';
    return {
      message: { type: 'sample', datasetId: idOf(datasetId), options: checkOptions(options, where) },
      local: {},
    };
  },
  split(datasetId, options) {
    const where = 'split';
    return { message: { type: 'split', datasetId: idOf(datasetId), options: checkOptions(options, where) }, local: {} };
  },
  document(datasetId, row) {
    return { message: { type: 'document', datasetId: idOf(datasetId), row }, local: {} };
  },
  sentence(datasetId, index) {
    return { message: { type: 'sentence', datasetId: idOf(datasetId), index }, local: {} };
  },
  session(modelKind, options, datasetId, sessionOptions) {
    const where = 'session';
    if (options !== undefined && options !== null && !plainObject(options)) {
      throw new TypeError(`${where}: options must be the model's options object; received ${describe(options)}`);
    }
    const { validation, ...rest } = checkOptions(sessionOptions, where);
    const message = {
      type: 'session',
      modelKind,
      options: options ?? undefined,
      datasetId: idOf(datasetId),
      sessionOptions: {
        ...rest,
        ...(validation === undefined || validation === null ? {} : { validation: idOf(validation) }),
      },
    };
    return { message, local: {} };
  },
  advance(session, options) {
    const where = 'advance';
    const { local, remote } = split(options, HERE, where);
    const message = { type: 'advance', sessionId: sessionIdOf(session), options: remote, progress: !!local.onProgress };
    return { message, local };
  },
  reset(session) {
    return { message: { type: 'reset', sessionId: sessionIdOf(session) }, local: {} };
  },
  adopt(session, model) {
    return { message: { type: 'adopt', sessionId: sessionIdOf(session), model }, local: {} };
  },
  closeSession(session) {
    return { message: { type: 'closeSession', sessionId: sessionIdOf(session) }, local: {} };
  },
  evaluate(target, datasetId) {
    return {
      message: { type: 'evaluate', target: targetOf(target, 'evaluate'), datasetId: idOf(datasetId) },
      local: {},
    };
  },
  topFeatures(target, options) {
    const where = 'topFeatures';
    return {
      message: { type: 'topFeatures', target: targetOf(target, where), options: checkOptions(options, where) },
      local: {},
    };
  },
  explain(target, input, options) {
    const where = 'explain';
    // explain(model, datasetId, row): the CONTRACT's short form of {datasetId, row}.
    if (typeof options === 'number' && (typeof input === 'number' || (plainObject(input) && !('row' in input)))) {
      [input, options] = [{ datasetId: input, row: options }, undefined];
    }
    if (!plainObject(input)) {
      throw new TypeError(`${where}: the row must be {datasetId, row} or {x}; received ${describe(input)}`);
    }
    const row = 'datasetId' in input ? { ...input, datasetId: idOf(input.datasetId) } : input;
    return {
      message: { type: 'explain', target: targetOf(target, where), input: row, options: checkOptions(options, where) },
      local: {},
    };
  },
  lattice(session, datasetId, index) {
    return {
      message: { type: 'lattice', sessionId: sessionIdOf(session), datasetId: idOf(datasetId), index },
      local: {},
    };
  },
};
