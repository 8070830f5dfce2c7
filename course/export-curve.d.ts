// Placeholder: issue 28, item 5 (the learning curve as SVG; another helper's).
/** The learning curve as SVG (not built yet: it throws). */
export declare function curveSvg(options: object): string;
