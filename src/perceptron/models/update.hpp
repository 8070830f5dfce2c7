// The pieces of one perceptron step, each a small function tested alone against
// hand-computed numbers (mlpack's policy style). Perceptron::fit and learn_one only
// compose them. The loops over the features (dot, squared_norm, squared_distance,
// add_scaled) are compiled once, out of line, in update.cpp: inlined into a large loop body,
// GCC 12 vectorized the blocked sum across blocks with in-order scalar additions (slower than
// no vectorization at all); compiled alone, every block is four 2-lane multiply-adds (SSE2,
// WASM SIMD). The call costs nothing next to a row of features.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

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
//
// Sum is the precision of the terms and partial sums: double, or float for the float32
// arithmetic of a float32 row (below).
template <typename Sum = double, typename Term>
inline Sum blocked_sum(std::size_t n, Term&& term) {
  Sum s[8] = {};
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

// blocked_sum of a sparse row's terms: the terms of the stored values only, term(k) the k-th
// stored value's (at column indices[k], the indices strictly increasing), added to the partial
// sum of its column, s[indices[k] mod 8]. The same bits as blocked_sum over every column: a
// column not stored adds a term of +0 or -0, which leaves a partial sum as it was (the partial
// sums start at +0.0, and round-to-nearest never makes -0 of a sum that is not -0 already).
template <typename Sum = double, typename Term>
inline Sum sparse_blocked_sum(const std::uint32_t* indices, std::size_t stored, Term&& term) {
  Sum s[8] = {};
  for (std::size_t k = 0; k < stored; ++k) s[indices[k] & 7u] += term(k);
  return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

// Exact sums, for the analysis and the metrics: w.x (x with as many values as w) and x.x in
// double precision in the blocked order. They read doubles; the analysis widens float32 rows
// with RowReader (exactly).
double dot(std::span<const double> w, const double* x);
double squared_norm(const double* x, std::size_t n);

// The models' arithmetic, the one every score, kernel value and step size of a model is
// computed in: the row's own precision. On a float64 row it is the exact sum above. On a
// float32 row it is float32 arithmetic: the other operand (the weights, a support vector) is
// rounded to float32, each product or difference and the blocked sum are float32, and the sum
// is widened to double at the end (the bias is then added in double). The weights themselves
// and their updates stay in double. float32 data therefore trains in float32 arithmetic, and
// a float32 copy of the weights (dot below) gives the very same bits.
//
// weighted_sum(x, a) is the blocked sum of a(j) * x_j in that arithmetic, a(j) a double.
template <typename Value>
double weighted_sum(Row x, Value&& a) {
  return x.visit([&](const auto* v) -> double {
    using T = std::remove_cvref_t<decltype(*v)>;
    if (x.sparse()) {
      const std::uint32_t* c = x.indices();
      return sparse_blocked_sum<T>(c, x.stored(),
                                   [&](std::size_t k) { return static_cast<T>(a(c[k])) * v[k]; });
    }
    return blocked_sum<T>(x.size(), [&](std::size_t j) { return static_cast<T>(a(j)) * v[j]; });
  });
}
double model_dot(std::span<const double> w, Row x);
double model_squared_norm(Row x);
// |a - x|^2, a with as many values as x.
double model_squared_distance(const double* a, Row x);
// The score s = w.x + b of a model, in the models' arithmetic, the bias added last.
inline double score_of(std::span<const double> w, double b, Row x) { return model_dot(w, x) + b; }
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
// vectorizes as written; a sparse row changes its stored columns only (step * 0 added to a
// weight leaves it as it was).
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
