// perceptron-wasm/course: the course tools, a subpath of their own so that the main entry does not
// grow. Exercises made from a seed with their answer keys (exercise.js), a grader that explains
// where a student's trace leaves the lecture's (grade.js; it needs Node to run a submission's
// file), and the trace, the plane and the learning curve for lecture notes (export.js).
export { exercise } from './exercise.js';
export { grade } from './grade.js';
export { traceMarkdown, traceLatex, planeSvg, curveSvg } from './export.js';
