// The saved-model format that toJSON writes and fromJSON reads (model.js), for every model
// kind: the format names and version, the checked envelope, and the kind's own fields as its
// JSON layout describes them. The JS side checks types and shapes; the core checks the values
// (finite, counts that agree) when it restores.
import { describe } from './errors.js';
import { isPlainObject, rowsOf, toLabels, toVector } from './convert.js';

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
  checkClassOrder(obj.classes, where);
  field('nFeatures', (v) => Number.isSafeInteger(v) && v >= 0, 'a non-negative integer');
  field('steps', (v) => typeof v === 'number', 'a number');
  return { obj, field };
}

// Strings in the core's order: by Unicode code point (JS's < compares UTF-16 code units).
export function compareCodePoints(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a.codePointAt(i);
    const y = b.codePointAt(i);
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

// The saved classes are the core's: distinct and sorted (numbers ascending, strings by code
// point). Another order is refused, not sorted: the weights (and the binary models) were saved
// in that order. Types are toLabels' to check; non-finite numbers are left to the core.
function checkClassOrder(classes, where) {
  const { labels, numeric } = toLabels(classes, where, 'field classes');
  if (numeric && !labels.every(Number.isFinite)) return;
  const label = (k) => `classes[${k}] = ${numeric ? classes[k] : JSON.stringify(classes[k])}`;
  for (let k = 1; k < classes.length; k++) {
    const order = numeric ? labels[k - 1] - labels[k] : compareCodePoints(labels[k - 1], labels[k]);
    if (order === 0) {
      throw new RangeError(
        `${where}: field classes must hold distinct labels; received ${label(k - 1)} and ${label(k)}`,
      );
    }
    if (order > 0) {
      throw new RangeError(
        `${where}: field classes must be sorted ascending (numbers numerically, strings by code point), ` +
          `as toJSON saves them; received ${label(k - 1)} before ${label(k)}`,
      );
    }
  }
}

// A state object of number arrays, checked, as Float64Arrays for the core. `names`, when given,
// are the arrays it must hold, and the only ones (a fitted model's state: the variant's).
export function readState(state, where, name, names) {
  if (state !== undefined && !isPlainObject(state)) {
    throw new TypeError(`${where}: field ${name} must be an object of number arrays; received ${describe(state)}`);
  }
  const arrays = Object.fromEntries(
    Object.entries(state ?? {}).map(([key, values]) => [key, toVector(values, where, `field ${name}.${key}`)]),
  );
  if (names !== undefined) {
    const missing = names.find((key) => arrays[key] === undefined);
    if (missing !== undefined) throw new TypeError(`${where}: field ${name}.${missing} is missing`);
    const extra = Object.keys(arrays).find((key) => !names.includes(key));
    if (extra !== undefined) {
      const saved = names.length > 0 ? names.join(', ') : 'none';
      throw new TypeError(
        `${where}: field ${name}.${extra} is not part of this model's state (its options save ${saved})`,
      );
    }
  }
  return arrays;
}

// The core's state object (Float64Arrays) as plain arrays for toJSON.
export const plainState = (state) => Object.fromEntries(Object.entries(state).map(([k, v]) => [k, Array.from(v)]));

// new Model(options) for fromJSON: its option errors name the field.
export function construct(make, where) {
  try {
    return make();
  } catch (error) {
    throw new error.constructor(error.message.replace(/^new \w+: /, `${where}: field options: `));
  }
}

// A kind's JSON layout: {fields: {name: shape}, state: true when it saves a training state (or
// the names of the arrays a fitted model's state holds, exactly), parts: {name, layout} for the
// binary models it is made of}. A shape is 'vector' (an array of
// numbers), 'number' (one number; an array of one in the core) or 'rows' (an array of rows of
// nFeatures numbers; one flat array in the core).

// The core's saved model ({arrays, state, parts, steps}) as the layout's JSON fields.
export function writeFields(layout, saved, nFeatures) {
  const out = {};
  for (const [name, shape] of Object.entries(layout.fields)) {
    const values = saved.arrays[name];
    if (shape === 'number') out[name] = values[0];
    else if (shape === 'rows') out[name] = rowsOf(values, nFeatures > 0 ? values.length / nFeatures : 0);
    else out[name] = Array.from(values);
  }
  if (layout.state) out.state = plainState(saved.state);
  if (layout.parts) {
    const { name, layout: partLayout } = layout.parts;
    out[name] = saved.parts.map((part) => ({ ...writeFields(partLayout, part, nFeatures), steps: part.steps }));
  }
  return out;
}

// The layout's JSON fields of `obj`, type- and shape-checked, as the core restores them:
// {arrays, state, parts}. `prefix` names a part's fields in messages (models[0].).
export function readFields(layout, obj, nFeatures, where, prefix = '') {
  const arrays = {};
  for (const [name, shape] of Object.entries(layout.fields)) {
    const field = `field ${prefix}${name}`;
    const value = obj[name];
    if (shape === 'number') {
      if (typeof value !== 'number')
        throw new TypeError(`${where}: ${field} must be a number; received ${describe(value)}`);
      arrays[name] = Float64Array.of(value);
    } else if (shape === 'rows') {
      if (!Array.isArray(value)) {
        throw new TypeError(
          `${where}: ${field} must be an array of rows of nFeatures = ${nFeatures} numbers; received ${describe(value)}`,
        );
      }
      const rows = value.map((row, k) => {
        if (!Array.isArray(row)) {
          throw new TypeError(
            `${where}: ${field}[${k}] must be an array of nFeatures = ${nFeatures} numbers; received ${describe(row)}`,
          );
        }
        if (row.length !== nFeatures) {
          throw new RangeError(
            `${where}: ${field}[${k}] must hold nFeatures = ${nFeatures} numbers; received ${describe(row)}`,
          );
        }
        return toVector(row, where, `${field}[${k}]`);
      });
      arrays[name] = Float64Array.from(rows.flatMap((row) => Array.from(row)));
    } else {
      arrays[name] = toVector(value, where, field);
    }
  }
  const out = { arrays };
  if (layout.state) {
    out.state = readState(obj.state, where, `${prefix}state`, layout.state === true ? undefined : layout.state);
  }
  if (layout.parts) {
    const { name, layout: partLayout } = layout.parts;
    const parts = obj[name];
    if (!Array.isArray(parts)) {
      throw new TypeError(`${where}: field ${prefix}${name} must be an array of models; received ${describe(parts)}`);
    }
    out.parts = parts.map((part, k) => {
      const partName = `${prefix}${name}[${k}]`;
      if (!isPlainObject(part)) {
        throw new TypeError(`${where}: field ${partName} must be an object; received ${describe(part)}`);
      }
      if (typeof part.steps !== 'number') {
        throw new TypeError(`${where}: field ${partName}.steps must be a number; received ${describe(part.steps)}`);
      }
      return { steps: part.steps, ...readFields(partLayout, part, nFeatures, where, `${partName}.`) };
    });
  }
  return out;
}

// The part of a layout whose fields `obj` has (a fresh model's: its state may be empty).
export function presentIn(layout, obj) {
  return {
    fields: Object.fromEntries(Object.entries(layout.fields).filter(([name]) => obj[name] !== undefined)),
    state: Boolean(layout.state) && obj.state !== undefined,
    parts: layout.parts && obj[layout.parts.name] !== undefined ? layout.parts : undefined,
  };
}
