// The option panel, built from the library's pw.optionSchema('Perceptron'). The page decides
// only which options it shows, their labels, their short keys in the link and a lecture note per
// choice; the control, the choices, the range, the default and the description are the
// schema's, so the panel and the link reader offer exactly what the library accepts.

/** The options the page shows, in panel order. */
export const PAGE_OPTIONS = Object.freeze([
  {
    name: 'mistakeRule',
    key: 'rule',
    label: 'Mistake rule',
    choiceHelp: {
      margin: "update iff y·(w·x+b) ≤ 0; a point on the line is a mistake (Novikoff's proof).",
      sign: "predict +1 iff w·x+b ≥ 0, update iff the prediction is wrong (the lecture's sign).",
      strict: 'predict +1 iff w·x+b > 0, update iff the prediction is wrong.',
    },
  },
  {
    name: 'order',
    key: 'order',
    label: 'Order of examples',
    choiceHelp: {
      cyclic: 'the points in the order they were added, every epoch.',
      shuffle: 'a new random permutation every epoch (seeded).',
      sample: 'n random draws with replacement per epoch (seeded).',
    },
  },
  { name: 'learningRate', key: 'lr', label: 'Learning rate η' },
  { name: 'maxEpochs', key: 'epochs', label: 'Max epochs' },
  { name: 'seed', key: 'seed', label: 'Seed' },
  { name: 'fitIntercept', key: 'intercept', label: 'Fit intercept (learn the bias b)' },
]);

/** The page's options with their schema entries: [{name, key, label, choiceHelp?, spec}]. */
export function pageFields(schema) {
  return PAGE_OPTIONS.map((option) => {
    const spec = schema.find((entry) => entry.name === option.name);
    if (spec === undefined || !('default' in spec)) {
      throw new Error(`the library has no option ${option.name} with a default`);
    }
    return Object.freeze({ ...option, spec });
  });
}

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function controlFor(field) {
  const { name, spec } = field;
  const id = `opt-${name}`;
  const describedBy = `help-${name} err-${name}`;
  switch (spec.type) {
    case 'choice':
      return element(
        'select',
        { id, name, 'aria-describedby': describedBy },
        spec.choices.map((choice) => element('option', { value: choice }, [choice])),
      );
    case 'boolean':
      return element('input', { id, name, type: 'checkbox', 'aria-describedby': describedBy });
    default: {
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

function helpFor(field) {
  const { name, spec, choiceHelp } = field;
  if (choiceHelp === undefined) return element('p', { id: `help-${name}`, class: 'help' }, [spec.description]);
  return element(
    'ul',
    { id: `help-${name}`, class: 'help choices' },
    spec.choices.map((choice) =>
      element('li', { 'data-value': choice }, [element('b', {}, [choice]), `: ${choiceHelp[choice] ?? ''}`]),
    ),
  );
}

/** Fills `fieldset` (after its legend) with one labelled control per field. */
export function buildPanel(fieldset, fields) {
  for (const field of fields) {
    const { name, spec, label } = field;
    const control = controlFor(field);
    control.title = spec.description;
    const labelNode = element('label', { for: control.id }, [label]);
    // Announced when the library refuses a value (app.js fills it); next to the field at fault.
    const error = element('p', { id: `err-${name}`, class: 'field-error', role: 'alert', hidden: '' });
    const kind = spec.type === 'boolean' ? 'checkbox' : spec.type === 'choice' ? '' : 'inline';
    const children = spec.type === 'boolean' ? [control, labelNode] : [labelNode, control];
    fieldset.append(element('div', { class: `field ${kind}`.trim() }, [...children, helpFor(field), error]));
  }
}
