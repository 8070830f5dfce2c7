// Types of pw.metrics (bindings/js/metrics.js).
// Re-exported by index.d.ts.
import type { Label, Labels, Vector } from './dataset.js';

export interface LossOptions {
  /** Default 'zeroOne' (f >= 0 predicts +1). 'perceptron': max(0, -y f); 'hinge': max(0, 1 - y f); 'gammaHinge': max(0, 1 - y f / gamma); 'costWeighted': falsePositiveCost or falseNegativeCost per error. */
  loss?: 'zeroOne' | 'perceptron' | 'hinge' | 'gammaHinge' | 'costWeighted';
  gamma?: number;
  falsePositiveCost?: number;
  falseNegativeCost?: number;
  /** [negative, positive]: two distinct labels of y's kind; default: y's two labels sorted (or -1/+1). */
  classes?: ReadonlyArray<Label>;
}

export interface ClassificationReport {
  /** The labels of yTrue and yPred, sorted: the rows and columns below. */
  labels: Label[];
  /** Rows: truth; columns: prediction. */
  confusionMatrix: number[][];
  accuracy: number;
  errorRate: number;
  /** Per label; 0 where undefined (no predictions of, or no examples of, the label). */
  precision: number[];
  recall: number[];
  f1: number[];
  support: number[];
  macroPrecision: number;
  macroRecall: number;
  macroF1: number;
  /** The mean recall over the labels present in yTrue. */
  balancedAccuracy: number;
}

/** pw.metrics: losses on scores and the classification report on labels. */
export interface Metrics {
  losses(y: Labels, scores: Vector, options?: LossOptions): number[];
  empiricalRisk(y: Labels, scores: Vector, options?: LossOptions): number;
  accuracy(yTrue: Labels, yPred: Labels): number;
  errorRate(yTrue: Labels, yPred: Labels): number;
  confusionMatrix(yTrue: Labels, yPred: Labels): { labels: Label[]; matrix: number[][] };
  classificationReport(yTrue: Labels, yPred: Labels): ClassificationReport;
}
