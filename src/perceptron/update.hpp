// The pieces of one perceptron step, each a small function tested alone against
// hand-computed numbers (mlpack's policy style). Perceptron::fit and learn_one only
// compose them. They are inline: they run once per training step.
#pragma once

#include <cstddef>
#include <span>

#include "perceptron/params.hpp"

namespace perceptron {

// w.x summed left to right in double precision. The fixed order (and -ffp-contract=off in
// the build) is what makes native and WASM scores identical to the bit.
inline double dot(std::span<const double> w, const double* x) {
  double sum = 0.0;
  for (std::size_t j = 0; j < w.size(); ++j) sum += w[j] * x[j];
  return sum;
}

// The score s = w.x + b, the bias added last.
inline double score_of(std::span<const double> w, double b, const double* x) {
  return dot(w, x) + b;
}

// The predicted label (+1 or -1) for a score under a mistake rule: +1 iff s >= 0 for
// 'margin' and 'sign' (CMU's sign(a)), +1 iff s > 0 for 'strict' (Blum's w.x > 0).
inline int predicted_sign(MistakeRule rule, double score) {
  if (rule == MistakeRule::strict) return score > 0 ? 1 : -1;
  return score >= 0 ? 1 : -1;
}

// Whether the example (score s, label y in {-1, +1}) is a mistake: y * s <= 0 for 'margin'
// (so a score of exactly 0 is always a mistake), predicted_sign(s) != y otherwise.
inline bool is_mistake(MistakeRule rule, double score, int label) {
  if (rule == MistakeRule::margin) return label * score <= 0;
  return predicted_sign(rule, score) != label;
}

// Whether the step updates: a mistake, or with a margin tau > 0 any y * s <= tau (the margin
// perceptron; the rule then only decides predictions).
inline bool needs_update(MistakeRule rule, double margin, double score, int label) {
  if (margin > 0) return label * score <= margin;
  return is_mistake(rule, score, label);
}

// The perceptron update on a mistake: w += eta * y * x and, when fit_intercept, b += eta * y
// (the SGD step on the perceptron loss max(0, -y (w.x + b)), IIIT-H notes). `weight` scales
// the step for weighted examples (sampleWeight times classWeight); 1 otherwise.
inline void apply_update(std::span<double> w, double& b, const double* x, int label,
                         double learning_rate, bool fit_intercept, double weight = 1.0) {
  const double step = learning_rate * weight * label;
  for (std::size_t j = 0; j < w.size(); ++j) w[j] += step * x[j];
  if (fit_intercept) b += step;
}

}  // namespace perceptron
