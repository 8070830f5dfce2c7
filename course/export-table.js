// traceMarkdown and traceLatex: the trace as a Markdown or a LaTeX (booktabs) table. The code is
// the page's (web/export/trace-table.js), so that the playground's "Trace as Markdown" and "Trace
// as LaTeX" and this API write the same text for the same records; it imports nothing.
export { traceLatex, traceMarkdown } from '../web/export/trace-table.js';
