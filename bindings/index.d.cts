// Types for require('perceptron-wasm') (index.cjs): the loader function itself.
import type { LoadOptions, PerceptronWasm } from './index.js';

declare function load(options?: LoadOptions): Promise<PerceptronWasm>;
declare namespace load {
  export { load as default };
}
export = load;
