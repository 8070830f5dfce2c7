// Placeholder: issue 28, item 5.
const missing = (name) => () => {
  throw new Error(`${name}: not built yet`);
};
export const traceMarkdown = missing('traceMarkdown');
export const traceLatex = missing('traceLatex');
export const planeSvg = missing('planeSvg');
export { curveSvg } from './export-curve.js';
