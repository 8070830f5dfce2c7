// pw.checkOptions(kind, options): null when `new pw[kind](options)` would succeed, else the
// message it would throw. The JS checks are the constructor's own (options an object,
// classWeight); every other option is checked by the core, which builds the model to check it.
import { describe } from './errors.js';
import { checkOptionsObject } from './convert.js';
import { checkClassWeight } from './fitting.js';

/**
 * @param core the Embind module instance
 * @param kinds Map from each model class to its name
 */
export function makeCheckOptions(core, kinds) {
  const names = [...kinds.values()];
  return function checkOptions(kind, options) {
    const name = typeof kind === 'function' ? kinds.get(kind) : kind;
    if (!names.includes(name)) {
      throw new TypeError(
        `checkOptions: kind must be one of ${names.map((n) => JSON.stringify(n)).join(', ')} ` +
          `or one of those classes; received ${describe(kind)}`,
      );
    }
    const where = `new ${name}`;
    try {
      const { classWeight, ...coreOptions } = checkOptionsObject(options, where);
      checkClassWeight(classWeight, where);
      const result = core.checkOptions(name, coreOptions);
      return result === null ? null : `${where}: ${result.message}`;
    } catch (error) {
      return error.message;
    }
  };
}
