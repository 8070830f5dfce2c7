// Types of the package's own error classes (bindings/js/errors.js).
// Re-exported by index.d.ts.

/** Thrown by predict/decisionFunction/score before the model learned anything. */
export declare class NotFittedError extends TypeError {}

/** Thrown by any call on a disposed model. */
export declare class DisposedError extends TypeError {}
