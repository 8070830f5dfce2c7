// The package's entry for the course tools: one loaded core, shared by every call.
import load from '../bindings/index.js';

let loading;
/** The loaded package (pw), compiled once. */
export const library = () => (loading ??= load());
