// The pieces of one perceptron step, each a small function tested alone against
// hand-computed numbers (mlpack's policy style). Perceptron::fit and learn_one only
// compose them. The loops over the features (model_dot, model_squared_norm,
// model_squared_distance, add_scaled, and the exact dot and squared_norm of
// support/summation.cpp) are compiled once, out of line: inlined into a large loop body,
// GCC 12 vectorized the blocked sum across blocks with in-order scalar additions (slower than
// no vectorization at all); compiled alone, every block is four 2-lane multiply-adds (SSE2,
// WASM SIMD). The call costs nothing next to a row of features. dense_dot is the exception:
// fit's loop over dense rows inlines it, and in WebAssembly it is written with SIMD
// intrinsics, whose order no compiler changes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "perceptron/data/matrix.hpp"
#include "perceptron/support/summation.hpp"
#include "perceptron/training/params.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace perceptron {

// The models' arithmetic, the one every score, kernel value and step size of a model is
// computed in: the row's own precision. On a float64 row it is the exact sum (summation.hpp). On a
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
// blocked_sum<float> of w_j * x_j over n float32 values: precision 'float32''s score, the same
// bits as model_dot of a dense float32 row against weights that are float32 numbers. Written
// with WASM SIMD where the build has it (two f32x4 partial sums, lanes j mod 8, no FMA), the
// portable blocked_sum elsewhere.
float dot_float32(const float* w, const float* x, std::size_t n);
// The score's sum of a dense row, inline for a training loop: dot() of double values, and
// dot_float32 of float values, the same bits. Written with WASM SIMD where the build has it
// (blocked_sum's partial sums s[j mod 8] as lanes, no FMA), a call to them elsewhere.
template <typename T>
[[gnu::always_inline]] inline T dense_dot(const T* w, const T* x, std::size_t n) {
#if defined(__wasm_simd128__)
  constexpr std::size_t lanes = 16 / sizeof(T);  // per v128: 2 doubles, 4 floats
  v128_t sums[8 / lanes];
  for (v128_t& sum : sums) sum = wasm_i64x2_splat(0);  // +0.0 in every lane
  std::size_t j = 0;
  for (; j + 8 <= n; j += 8) {
    for (std::size_t g = 0; g < 8 / lanes; ++g) {
      const v128_t wv = wasm_v128_load(w + j + g * lanes);
      const v128_t xv = wasm_v128_load(x + j + g * lanes);
      if constexpr (lanes == 2) {
        sums[g] = wasm_f64x2_add(sums[g], wasm_f64x2_mul(wv, xv));
      } else {
        sums[g] = wasm_f32x4_add(sums[g], wasm_f32x4_mul(wv, xv));
      }
    }
  }
  T s[8];
  for (std::size_t g = 0; g < 8 / lanes; ++g) wasm_v128_store(s + g * lanes, sums[g]);
#pragma clang loop unroll(disable)
  for (std::size_t k = 0; j + k < n; ++k) s[k] += w[j + k] * x[j + k];
  return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
#else
  if constexpr (std::is_same_v<T, float>) {
    return dot_float32(w, x, n);
  } else {
    return dot(std::span<const double>(w, n), x);
  }
#endif
}
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
