export declare function traceMarkdown(trace: object[], options?: object): string;
export declare function traceLatex(trace: object[], options?: object): string;
export declare function planeSvg(options: object): string;
export declare function curveSvg(options: object): string;
