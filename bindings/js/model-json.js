// The saved-model format that toJSON writes and fromJSON reads, in the parts every model kind
// shares: the format names and version, the checked envelope, state objects of number arrays.
// Each kind's own fields are read in its module.
import { describe } from './errors.js';
import { isPlainObject, toVector } from './convert.js';

export const FORMAT = 'perceptron-wasm/Perceptron';
export const MULTICLASS_FORMAT = 'perceptron-wasm/MulticlassPerceptron';
export const KERNEL_FORMAT = 'perceptron-wasm/KernelPerceptron';
export const WINNOW_FORMAT = 'perceptron-wasm/Winnow';
export const PA_FORMAT = 'perceptron-wasm/PassiveAggressive';
export const FORMAT_VERSION = 1;

// Checks a model object's common fields for fromJSON; returns it (parsed when text).
export function readEnvelope(json, format, where) {
  let obj = json;
  if (typeof json === 'string') {
    try {
      obj = JSON.parse(json);
    } catch (error) {
      throw new TypeError(`${where}: the text is not valid JSON (${error.message})`);
    }
  }
  if (!isPlainObject(obj)) throw new TypeError(`${where}: expected a model object; received ${describe(obj)}`);
  const field = (name, ok, expected, ErrorClass = TypeError) => {
    if (!ok(obj[name])) {
      throw new ErrorClass(`${where}: field ${name} must be ${expected}; received ${describe(obj[name])}`);
    }
    return obj[name];
  };
  field('format', (v) => v === format, JSON.stringify(format));
  field('version', (v) => typeof v === 'number', 'a number');
  field('version', (v) => v === FORMAT_VERSION, String(FORMAT_VERSION), RangeError);
  field('options', isPlainObject, 'an object');
  field('classes', Array.isArray, 'an array of labels');
  field('nFeatures', (v) => Number.isSafeInteger(v) && v >= 0, 'a non-negative integer');
  field('steps', (v) => typeof v === 'number', 'a number');
  return { obj, field };
}

// A state object of number arrays, checked, as Float64Arrays for the core.
export function readState(state, where, name) {
  if (state !== undefined && !isPlainObject(state)) {
    throw new TypeError(`${where}: field ${name} must be an object of number arrays; received ${describe(state)}`);
  }
  return Object.fromEntries(
    Object.entries(state ?? {}).map(([key, values]) => [key, toVector(values, where, `field ${name}.${key}`)]),
  );
}

// The core's state object (Float64Arrays) as plain arrays for toJSON.
export const plainState = (state) => Object.fromEntries(Object.entries(state).map(([k, v]) => [k, Array.from(v)]));

// The options the core reads: the wrapper keeps classWeight and preprocess itself.
export function coreOptionsOf(options) {
  const { classWeight, preprocess, ...rest } = options;
  void classWeight;
  void preprocess;
  return rest;
}

// new Model(options) for fromJSON: its option errors name the field.
export function construct(make, where) {
  try {
    return make();
  } catch (error) {
    throw new error.constructor(error.message.replace(/^new \w+: /, `${where}: field options: `));
  }
}
