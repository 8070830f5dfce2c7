// The lecture exports (issue 28, item 5): the trace as a Markdown or a LaTeX table
// (export-table.js), the data plane as SVG (export-plane.js) and the learning curve as SVG
// (export-curve.js), drawn by the page's own drawing code.
export { traceMarkdown, traceLatex } from './export-table.js';
export { planeSvg } from './export-plane.js';
export { curveSvg } from './export-curve.js';
