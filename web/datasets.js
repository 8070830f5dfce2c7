// The dataset shown on a first visit: 16 points in [-1, 1]^2, two linearly separable classes
// (labels +1 and -1, listed alternately so a cyclic pass meets both early). Separable by a line
// that misses the origin (roughly x + 0.3y = 0.2): with fitIntercept the perceptron converges
// in a handful of epochs; without it no line through the origin separates them, which is the
// point of that checkbox.
export const DEFAULT_POINTS = Object.freeze(
  [
    [0.62, 0.55, 1],
    [-0.55, -0.35, -1],
    [0.8, -0.1, 1],
    [-0.2, 0.6, -1],
    [0.4, 0.85, 1],
    [-0.7, 0.25, -1],
    [0.55, -0.6, 1],
    [0.05, -0.5, -1],
    [0.9, 0.4, 1],
    [-0.35, -0.8, -1],
    [0.35, 0.3, 1],
    [-0.8, -0.6, -1],
    [0.38, -0.35, 1],
    [0.1, 0.15, -1],
    [0.75, 0.8, 1],
    [-0.5, 0.7, -1],
  ].map(([x, y, label]) => Object.freeze({ x, y, label })),
);
