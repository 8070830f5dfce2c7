// The saved-model format's names (pw.FORMAT, ...: its envelope's format field, by kind) and
// what fromJSON does in JS before the core reads a document (src/perceptron/estimator/
// saved_format.hpp writes and reads every kind's JSON): the document as JSON text (model.js's
// restoreSaved builds the model from its options).
import { describe } from './errors.js';
import { isPlainObject } from './convert.js';

export const FORMAT = 'perceptron-wasm/Perceptron';
export const MULTICLASS_FORMAT = 'perceptron-wasm/MulticlassPerceptron';
export const KERNEL_FORMAT = 'perceptron-wasm/KernelPerceptron';
export const WINNOW_FORMAT = 'perceptron-wasm/Winnow';
export const PA_FORMAT = 'perceptron-wasm/PassiveAggressive';
export const FORMAT_VERSION = 1;

// A value JSON has no word for, marked {"\0": what} for the core (bindings/embind/convert.cpp
// revives it), so that its messages say what was received; a typed array's numbers go along.
const mark = (what) => ({ '\0': what });

function replacer(key, value) {
  const raw = this[key]; // before any toJSON method: a Date or a model is not a saved model
  if (typeof raw === 'number') {
    return Number.isFinite(raw) && !Object.is(raw, -0) ? raw : mark(Object.is(raw, -0) ? '-0' : String(raw));
  }
  if (
    ArrayBuffer.isView(raw) &&
    !(raw instanceof DataView || raw instanceof BigInt64Array || raw instanceof BigUint64Array)
  ) {
    return { ...mark(describe(raw)), numbers: Array.from(raw) };
  }
  if (raw === null || typeof raw === 'string' || typeof raw === 'boolean' || Array.isArray(raw)) return value;
  return isPlainObject(raw) ? value : mark(describe(raw));
}

/**
 * fromJSON's argument for the core: {text, fromObject}. Text is read by the core as it is; a
 * model object is written as JSON text with its other values marked.
 */
export function savedText(json, where) {
  if (typeof json === 'string') return { text: json, fromObject: false };
  try {
    return { text: JSON.stringify(json, replacer), fromObject: true };
  } catch (error) {
    throw new TypeError(`${where}: the model object cannot be read (${error.message})`);
  }
}
