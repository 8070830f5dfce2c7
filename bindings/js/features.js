// Named features: rows given as records {name: value} (wink-perceptron's shape), handed to the
// core in one flat form (NamedRows: the names once, then each entry's name id and value, and row
// offsets), where a model's Estimator maps them to its columns
// (src/perceptron/estimator/named_input.hpp): a vocabulary learned at fit (every name seen,
// sorted by code point) and saved in the model's JSON, or hashing {bits} as scikit-learn's
// HashingVectorizer (murmur3.hpp). What stays here is what only JS can do: reading the records,
// the errors about JS types and lone surrogates, and handing the names over in bulk.
import { describe } from './errors.js';
import { checkWellFormed, isPlainObject, isWellFormed } from './convert.js';

const encoder = new TextEncoder();

/** Whether X is rows given as records: an array whose first row is a plain object. */
export const isRecords = (X) => Array.isArray(X) && X.length > 0 && isPlainObject(X[0]);

/**
 * Rows of named features gathered for the core: add(name, value) (value omitted: 1) for each of a
 * row's entries, then endRow(). Each distinct name is sent once (a Map gives its id), so the core
 * maps it to its column once. `rowName(i)` names row i in messages ("X[3]").
 */
export class NamedRows {
  names = [];
  #idOf = new Map();
  #ids = [];
  #values = [];
  #indptr = [0];
  #wired;

  constructor(rowName) {
    this.rowName = rowName;
  }

  add(name, value = 1) {
    let id = this.#idOf.get(name);
    if (id === undefined) {
      id = this.names.push(name) - 1;
      this.#idOf.set(name, id);
    }
    this.#ids.push(id);
    this.#values.push(value);
  }

  endRow() {
    this.#indptr.push(this.#ids.length);
  }

  /**
   * The core's arguments: the names' UTF-8 joined by "\0" (one TextEncoder call), their lengths
   * in UTF-16 units (from which the binding finds where each ends), each entry's name id and
   * value, and indptr. An entry whose name has a lone surrogate (the core would read U+FFFD)
   * throws a TypeError naming its row, or when `dropIllFormed()` says so is left out, as no
   * vocabulary holds it (asked only when there is one).
   */
  wire(where, dropIllFormed = () => false) {
    if (this.#wired) return this.#wired; // learning, then mapping the same rows
    const joined = this.names.join('\0');
    const lengths = Uint32Array.from(this.names, (name) => name.length);
    const indptr = Uint32Array.from(this.#indptr);
    let [ids, values] = [this.#ids, this.#values];
    const wellFormed = isWellFormed(joined);
    if (!wellFormed) {
      const [drop, bad] = [dropIllFormed(), this.names.map((name) => !isWellFormed(name))];
      const kept = [];
      for (let i = 0; i + 1 < indptr.length; i++) {
        for (let k = this.#indptr[i]; k < this.#indptr[i + 1]; k++) {
          if (!bad[ids[k]]) kept.push(k);
          else if (!drop) checkWellFormed(this.names[ids[k]], where, `a feature name of ${this.rowName(i)}`);
        }
        indptr[i + 1] = kept.length;
      }
      [ids, values] = [kept.map((k) => ids[k]), kept.map((k) => values[k])];
    }
    const wired = [encoder.encode(joined), lengths, Uint32Array.from(ids), Float64Array.from(values), indptr];
    if (wellFormed) this.#wired = wired;
    return wired;
  }
}

// A check of `where`'s argument: a TypeError (or `Class`) saying what `value` should be.
export const checker =
  (where) =>
  (ok, expected, value, Class = TypeError) => {
    if (!ok) throw new Class(`${where}: ${expected}; received ${describe(value)}`);
  };

// Records {feature: value} as NamedRows, each checked: a record, values of type number (their
// finiteness is the core's check on X). The Worker's loadArrays checks its records with it.
export function recordRows(records, where, name) {
  const must = checker(where);
  must(Array.isArray(records), `${name} must be an array of records {feature: value}`, records);
  const rows = new NamedRows((i) => `${name}[${i}]`);
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    must(isPlainObject(record), `${name}[${i}] must be a record {feature: value} like ${name}[0]`, record);
    for (const [feature, value] of Object.entries(record)) {
      must(typeof value === 'number', `${name}[${i}][${JSON.stringify(feature)}] must be a number`, value);
      rows.add(feature, value);
    }
    rows.endRow();
  }
  return rows;
}

/** Named features for one loaded core: namedX and namedInput (a model's records). */
export function makeFeatures(core) {
  /**
   * A model's X for one call (`handle`: its core binding): records as a temporary handle of
   * named rows (labels are set on it as on any X), which the model's feature map gives columns
   * in the core; anything else as it is. A name with a lone surrogate is refused, or left out
   * when the map reading the rows is a vocabulary the call does not learn (`dropIllFormed()`,
   * asked only then): no vocabulary holds one.
   */
  function namedX(X, where, temporaries, name, dropIllFormed) {
    if (!isRecords(X)) return X;
    const wired = recordRows(X, where, name).wire(where, dropIllFormed);
    const handle = new core.DatasetHandle();
    temporaries.push(handle);
    handle.setNamed(...wired);
    return handle;
  }

  /**
   * fit's and a trainer's X and validation set, their records as named rows (namedX); X's learn
   * the vocabulary unless `keeps()`.
   */
  function namedInput(handle, X, validation, where, temporaries, keeps) {
    const validationNamed = isPlainObject(validation) && isRecords(validation.X);
    if (validationNamed && !isRecords(X)) {
      throw new TypeError(`${where}: option validation.X holds records {feature: value}, but X does not`);
    }
    const named = namedX(X, where, temporaries, 'X', keeps);
    if (!validationNamed) return { X: named, validation };
    const Z = namedX(validation.X, where, temporaries, 'validation.X', () => handle.readsVocabulary(2));
    return { X: named, validation: { ...validation, X: Z } };
  }

  return { namedX, namedInput };
}
