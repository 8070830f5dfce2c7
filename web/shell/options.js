// A model's option panel, built from the library's pw.optionSchema(kind). The page decides only
// which options it shows (web/models.js: labels, link keys, lecture notes per choice, when an
// option applies); the control, the choices, the range, the default and the description are the
// schema's, so the panel and the link reader offer exactly what the library accepts.
import { applies, modelOf } from './models.js';

/**
 * A model's fields with their schema entries: [{name, key, label, choiceHelp?, shown?, spec}].
 * An option whose schema has no default (preprocess, budget, threshold) is optional: its control
 * offers "none" (or stays empty) for leaving it out.
 */
export function pageFields(pw, kind) {
  const schema = pw.optionSchema(kind);
  const model = modelOf(kind);
  return model.fields.map((option) => {
    const spec = schema.find((entry) => entry.name === option.name);
    if (spec === undefined) throw new Error(`the library has no ${kind} option ${option.name}`);
    const fallback = model.defaults?.[option.name];
    return Object.freeze({ ...option, spec, initial: fallback ?? spec.default });
  });
}

/** The page's starting options for a model: each field's initial value (absent when optional). */
export function initialOptions(fields) {
  const options = {};
  for (const field of fields) if (field.initial !== undefined) options[field.name] = field.initial;
  return options;
}

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function controlFor(field, prefix) {
  const { name, spec } = field;
  const id = `${prefix}opt-${name}`;
  const describedBy = `${prefix}help-${name} ${prefix}err-${name}`;
  switch (spec.type) {
    case 'choice': {
      const none = field.initial === undefined ? [element('option', { value: '' }, ['none'])] : [];
      return element(
        'select',
        { id, name, 'aria-describedby': describedBy },
        none.concat(spec.choices.map((choice) => element('option', { value: choice }, [choice]))),
      );
    }
    case 'boolean':
      return element('input', { id, name, type: 'checkbox', 'aria-describedby': describedBy });
    default: {
      if (spec.choices) {
        // A number or a word ('auto'): a text field; the library's check stays the judge.
        const hint = `${spec.choices.join(' or ')}, or a number`;
        return element('input', {
          id,
          name,
          type: 'text',
          inputmode: 'decimal',
          placeholder: hint,
          'aria-describedby': describedBy,
        });
      }
      const input = element('input', {
        id,
        name,
        type: 'number',
        step: spec.type === 'integer' ? '1' : 'any',
        inputmode: spec.type === 'integer' ? 'numeric' : 'decimal',
        'aria-describedby': describedBy,
      });
      // The browser's own hints; the library's check stays the judge (exclusive bounds included).
      if (spec.minimum !== undefined && !spec.exclusiveMinimum) input.min = String(spec.minimum);
      if (spec.maximum !== undefined && !spec.exclusiveMaximum) input.max = String(spec.maximum);
      return input;
    }
  }
}

function helpFor(field, prefix) {
  const { name, spec, choiceHelp } = field;
  const id = `${prefix}help-${name}`;
  if (choiceHelp === undefined) return element('p', { id, class: 'help' }, [spec.description]);
  return element(
    'ul',
    { id, class: 'help choices' },
    spec.choices.map((choice) =>
      element('li', { 'data-value': choice }, [element('b', {}, [choice]), `: ${choiceHelp[choice] ?? ''}`]),
    ),
  );
}

/**
 * Replaces what follows `fieldset`'s legend with one labelled control per field; ids start with
 * `prefix` (unique per playground on the page). Returns {name: {control, error, row, help}}.
 */
export function buildPanel(fieldset, fields, prefix) {
  for (const node of [...fieldset.children]) if (node.tagName !== 'LEGEND') node.remove();
  const parts = {};
  for (const field of fields) {
    const { name, spec, label } = field;
    const control = controlFor(field, prefix);
    control.title = spec.description;
    const labelNode = element('label', { for: control.id }, [label]);
    // Announced when the library refuses a value (the playground fills it); next to the field at fault.
    const error = element('p', { id: `${prefix}err-${name}`, class: 'field-error', role: 'alert', hidden: '' });
    const kind = spec.type === 'boolean' ? 'checkbox' : spec.type === 'choice' ? '' : 'inline';
    const children = spec.type === 'boolean' ? [control, labelNode] : [labelNode, control];
    const help = helpFor(field, prefix);
    const row = element('div', { class: `field ${kind}`.trim() }, [...children, help, error]);
    fieldset.append(row);
    parts[name] = { control, error, row, help };
  }
  return parts;
}

/** Shows the fields that apply under `options` (models.js's shown), hides the rest. */
export function showApplicable(parts, fields, options) {
  for (const field of fields) parts[field.name].row.hidden = !applies(field, options);
}

/** Shows `value` in the panel's control for option `name` (buildPanel's parts). */
export function setControl(fields, parts, name, value) {
  const field = fields.find((f) => f.name === name);
  const { control } = parts[name];
  if (field.spec.type === 'boolean') control.checked = value === true;
  else control.value = value === undefined ? '' : String(value);
}

/** The value of the panel's control for option `name`: undefined when empty and without an initial value. */
export function readControl(fields, parts, name) {
  const field = fields.find((f) => f.name === name);
  const { control } = parts[name];
  const { type, choices } = field.spec;
  if (type === 'boolean') return control.checked;
  const text = control.value.trim();
  if (text === '' && field.initial === undefined) return undefined;
  if (type === 'integer' || type === 'number') {
    if (choices?.includes(text)) return text;
    return text === '' ? NaN : Number(text);
  }
  return text;
}
