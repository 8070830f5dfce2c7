// The pieces of one perceptron step, each a small function tested alone against
// hand-computed numbers (mlpack's policy style). Perceptron::fit and learn_one only
// compose them. The loops over the features (dot, squared_norm, squared_distance,
// add_scaled) are compiled once, out of line, in update.cpp: inlined into a large loop body,
// GCC 12 vectorized the blocked sum across blocks with in-order scalar additions (slower than
// no vectorization at all); compiled alone, every block is four 2-lane multiply-adds (SSE2,
// WASM SIMD). The call costs nothing next to a row of features.
#pragma once

#include <cstddef>
#include <span>

#include "perceptron/data/matrix.hpp"
#include "perceptron/training/params.hpp"

namespace perceptron {

// The one summation order of the core: every dot product, squared distance and norm of a
// model, a kernel or a metric is blocked_sum of its terms t_0 .. t_{n-1}. Term j is added to
// partial sum s[j mod 8] in increasing j (the partial sums start at +0.0, the last partial
// block like the full ones), then s = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)).
// Written out in portable C++ so that the compiler vectorizes it (two or four lanes per
// partial-sum group with SSE2/AVX or WASM SIMD) without changing any rounding: with
// -ffp-contract=off (no FMA) and no -ffast-math, native and WASM results agree to the bit.
// The eight statements are unrolled by hand so that GCC's -O2 keeps s in registers.
template <typename Term>
inline double blocked_sum(std::size_t n, Term&& term) {
  double s[8] = {};
  std::size_t j = 0;
  for (; j + 8 <= n; j += 8) {
    s[0] += term(j);
    s[1] += term(j + 1);
    s[2] += term(j + 2);
    s[3] += term(j + 3);
    s[4] += term(j + 4);
    s[5] += term(j + 5);
    s[6] += term(j + 6);
    s[7] += term(j + 7);
  }
  const std::size_t left = n - j;
  if (left > 0) s[0] += term(j);
  if (left > 1) s[1] += term(j + 1);
  if (left > 2) s[2] += term(j + 2);
  if (left > 3) s[3] += term(j + 3);
  if (left > 4) s[4] += term(j + 4);
  if (left > 5) s[5] += term(j + 5);
  if (left > 6) s[6] += term(j + 6);
  return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

// w.x in double precision in the blocked order; x a float64 or float32 row (a float32 value
// widens to double exactly, so the products and sums are the float64 ones).
double dot(std::span<const double> w, Row x);
inline double dot(std::span<const double> w, const double* x) { return dot(w, Row(x, w.size())); }

// x.x, the squared Euclidean norm of a row.
double squared_norm(Row x);

// |a - x|^2, the squared Euclidean distance from a (as many values as x) to the row x.
double squared_distance(const double* a, Row x);

// The score s = w.x + b, the bias added last.
inline double score_of(std::span<const double> w, double b, Row x) { return dot(w, x) + b; }
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

// w += step * x. Each w[j] changes alone (no sum), so the loop has no order to keep and
// vectorizes as written.
void add_scaled(std::span<double> w, double step, Row x);

// The perceptron update on a mistake: w += eta * y * x and, when fit_intercept, b += eta * y
// (the SGD step on the perceptron loss max(0, -y (w.x + b)), IIIT-H notes). `weight` scales
// the step for weighted examples (sampleWeight times classWeight); 1 otherwise.
inline void apply_update(std::span<double> w, double& b, Row x, int label, double learning_rate,
                         bool fit_intercept, double weight = 1.0) {
  const double step = learning_rate * weight * label;
  add_scaled(w, step, x);
  if (fit_intercept) b += step;
}
inline void apply_update(std::span<double> w, double& b, const double* x, int label,
                         double learning_rate, bool fit_intercept, double weight = 1.0) {
  apply_update(w, b, Row(x, w.size()), label, learning_rate, fit_intercept, weight);
}

}  // namespace perceptron
