// perceptron-wasm/course: exercises with answer keys, the grader, lecture exports.
export * from './exercise.js';
export * from './grade.js';
export * from './export.js';
