// Options as the core checks and describes them, for every model kind:
// - pw.checkOptions(kind, options): null when `new pw[kind](options)` would succeed, else the
//   message it would throw (LIBLINEAR's check_parameter): it makes the model and frees it, so
//   every check is the constructor's (the core's, classWeight's, a kind's own).
// - pw.optionSchema(kind): each option's name, type, default, choices or range as the core
//   checks them, with the core's one-line description.
import { describe } from './errors.js';

/**
 * @param core the Embind module instance
 * @param kinds Map from each model class to its name
 * @param others Map of the other classes checkOptions takes (StructuredPerceptron) to their names
 */
export function makeOptions(core, kinds, others = new Map()) {
  const kindName = (kind, where, all = kinds) => {
    const name = typeof kind === 'function' ? all.get(kind) : kind;
    if ([...all.values()].includes(name)) return name;
    const listed = [...all.values()];
    throw new TypeError(
      `${where}: kind must be one of ${listed.map((n) => JSON.stringify(n)).join(', ')} ` +
        `or one of those classes; received ${describe(kind)}`,
    );
  };
  const checkable = new Map([...kinds, ...others]);

  // Exactly the constructor's checks (the core's, classWeight's, a kind's own such as Winnow's
  // preprocess): a model is made and freed at once.
  function checkOptions(kind, options) {
    const name = kindName(kind, 'checkOptions', checkable);
    const Kind = [...checkable].find(([, n]) => n === name)[0];
    try {
      new Kind(options).dispose();
      return null;
    } catch (error) {
      return error.message;
    }
  }

  function optionSchema(kind) {
    const name = kindName(kind, 'optionSchema');
    return core.optionSchema(name).map((entry) => ({
      ...entry,
      description: core.optionDescription(name, entry.name),
    }));
  }

  return { checkOptions, optionSchema };
}
