// Types of the lecture exports (course/export.js): the trace as a Markdown or a LaTeX table, the
// data plane and the learning curve as SVG.
import type { Inseparable, Label, Labels, Matrix, Separable, TraceStep } from '../bindings/index.js';

/**
 * One step record as the tables read it: a Perceptron's fit onStep record or a trainer's step
 * ({@link TraceStep} and the other kinds' steps), or the same as plain JSON. `x` (the example's
 * features) is used when the record carries it, else `options.X[index]`.
 */
export interface TraceRecord {
  t: number;
  epoch: number;
  index: number;
  label?: Label;
  score?: number;
  /** Per-class scores (a multi-class step): the score column shows them as a vector. */
  scores?: ReadonlyArray<number>;
  prediction?: Label;
  mistake?: boolean;
  weights?: ReadonlyArray<number> | ReadonlyArray<ReadonlyArray<number>>;
  bias?: number;
  /** Per-class biases (a multi-class step): the b column shows them as a vector. */
  biases?: ReadonlyArray<number>;
  x?: ReadonlyArray<number> | ArrayLike<number>;
  [field: string]: unknown;
}

/** A column of the trace tables: a record's field ('x' is the example's features). */
export type TraceColumn =
  't' | 'epoch' | 'index' | 'x' | 'label' | 'score' | 'prediction' | 'mistake' | 'weights' | 'bias' | (string & {});

export interface TraceTableOptions {
  /** At most this many decimals (toFixed), from 0 to 15 (default 3). Labels are written as given. */
  digits?: number;
  /** Keep the trailing zeros of `digits` decimals ('0.500'); default false ('0.5'). */
  trailingZeros?: boolean;
  /**
   * The columns, in order (default: t, epoch, index (headed 'row'), x when the records carry x
   * or X is given, label, score, prediction, mistake unless mistakes is 'bold' or 'none',
   * weights and bias when the records have them). Any other name is a field every record
   * must have (loss, tau, threshold, deltaAlpha, …), headed by its name.
   */
  columns?: ReadonlyArray<TraceColumn>;
  /**
   * How mistakes are marked: 'column' (default: the mistake column holds the mark), 'bold'
   * (the row in bold: Markdown **…**, LaTeX \bfseries\boldmath), 'both' or 'none'.
   */
  mistakes?: 'column' | 'bold' | 'both' | 'none';
  /** The mistake column's text on a mistake (escaped); default '✗' (Markdown), $\times$ (LaTeX). */
  mark?: string;
  /** The rows of the features, for the x column: X[record.index] (records may carry x instead). */
  X?: Matrix;
  /** One name per feature: the x column becomes one column per feature, headed by its name (escaped). */
  featureNames?: ReadonlyArray<string>;
  /** Headers in place of the default ones, by column (escaped). */
  headers?: Readonly<Record<string, string>>;
  /** Markdown: a pandoc-style 'Table: …' line after the table; LaTeX: \caption (in a table environment). */
  caption?: string;
}

export interface TraceLatexOptions extends TraceTableOptions {
  /** \label{…} (letters, digits and : . - / + _), in a table environment with the caption. */
  label?: string;
}

/**
 * The trace as a GitHub-flavoured Markdown table: a header, a delimiter row (numbers aligned
 * right, vectors and text left, the mark centred) and one row per record, each cell padded to
 * its column's width. Numbers have at most `digits` decimals, written the same way everywhere
 * (toFixed, trailing zeros dropped, never -0; 1e15 and beyond as 1.5e+21); vectors as (1, -2);
 * text (string labels, feature names, headers, the caption) has \ ` * _ | [ ] < > & ~ $
 * escaped. Bad input throws a TypeError or RangeError naming the argument, the expected and the
 * received value.
 *
 * @example
 * const trace = [];
 * new pw.Perceptron({ mistakeRule: 'sign', fitIntercept: false }).fit(X, y, { onStep: (s) => trace.push(s) });
 * traceMarkdown(trace, { X, digits: 2 });
 */
export declare function traceMarkdown(trace: ReadonlyArray<TraceRecord>, options?: TraceTableOptions): string;

/**
 * The trace as a LaTeX table with booktabs rules (\toprule, \midrule, \bottomrule: needs
 * \usepackage{booktabs}): numbers, labels and vectors in math mode ($-2$, $(1, -2)$), the
 * counts t, epoch and row as text, text with & % $ # _ { } ~ ^ \ < > | escaped. A bare tabular,
 * or a table environment ([htbp], \centering) when a caption or a label is given. Numbers and
 * errors as traceMarkdown's.
 */
export declare function traceLatex(trace: ReadonlyArray<TraceRecord>, options?: TraceLatexOptions): string;

/** What planeSvg draws: the playground's plane for the same data and model. */
export interface PlaneSvgOptions {
  /** The points: n rows of two features (the plane's axes). */
  X: Matrix;
  /** Their labels (numbers or strings). */
  y: Labels;
  /** The classes in colour order (default: y's, sorted as the package sorts them); classes[1] is +1. */
  classes?: ReadonlyArray<Label>;
  /** The separator w.x + b = 0: its line, its half-planes tinted by class and the w arrow. */
  weights?: ReadonlyArray<number>;
  /** Its bias (default 0). */
  bias?: number;
  /** The margin band of the separator on the points (shaded, dashed, labelled γ = …). */
  band?: boolean;
  /**
   * The step to highlight: a step record (index, mistake, score): its point ringed, red with a
   * cross when a mistake, 'score …' beside it.
   */
  step?: { index: number; mistake?: boolean; score?: number };
  /** Step's update of w: the old w (dashed), the new w and η·y·x from one to the other. */
  update?: { from: ReadonlyArray<number>; to: ReadonlyArray<number> };
  /**
   * pw.analysis.separability's result: when separable, the maximum-margin separator (dashed,
   * labelled) and its support points ringed; otherwise the certificate's points ringed.
   */
  separability?: Separable | Inseparable;
  /** A maximum-margin separator given directly (not with separability). */
  maxMargin?: { weights: ReadonlyArray<number>; bias?: number };
  /** Rows to ring in amber (in place of separability's). */
  highlight?: ReadonlyArray<number>;
  /** One boolean per row: a dashed red ring where true (the page's points the model gets wrong). */
  misclassified?: ReadonlyArray<boolean>;
  /**
   * The score heatmap under the points (64 x 64 cells, as the page's): true (smoothed, a PNG
   * image in the SVG) or 'discrete' (flat class tints, vector rectangles). Scored by `model`,
   * else by w.x + b.
   */
  heatmap?: boolean | 'discrete';
  /** A fitted model of the package with two features, for the heatmap (decisionFunction, classes). */
  model?: {
    decisionFunction(X: Matrix): ArrayLike<number> | ReadonlyArray<ArrayLike<number>>;
    classes: ReadonlyArray<Label>;
  };
  /** The data shown (default: as the page chooses it, a square around the points on a nice step). */
  view?: { x0: number; x1: number; y0: number; y1: number };
  /** The axes' titles (default 'x₁', 'x₂'). */
  featureNames?: readonly [string, string];
  /** The SVG's size in CSS pixels (default 520 x 520, the page's plane on a desktop); the view widens to keep equal units. */
  width?: number;
  height?: number;
  /** The SVG's <title>, its accessible name (default 'The data plane'). */
  title?: string;
  /**
   * How text is measured: 'auto' (default: a real canvas in a browser, the same layout as the
   * page's; in Node an approximation from DejaVu Sans's metrics), 'canvas' or 'approximate'
   * (the same text in Node and in every browser).
   */
  measure?: 'auto' | 'canvas' | 'approximate';
}

/**
 * The data plane as an SVG file's text, drawn by the playground's own drawing code on an SVG
 * context: the points by class (discs with + and − for ±1, shapes for more classes), the
 * separator and its half-planes, the axes with their ticks and titles, and what the options
 * add. Deterministic: coordinates rounded to 2 decimals. Bad input throws a TypeError or
 * RangeError naming the option, the expected and the received value.
 */
export declare function planeSvg(options: PlaneSvgOptions): string;

export * from './export-curve.js';
