// The one summation order of the core, below every folder that sums: the data's scalers and
// PCA, the analysis and the metrics read it from here, the models through update.hpp (which
// adds the models' float32 arithmetic). Nothing here knows a row or a model, only terms.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

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
// arithmetic of a float32 row (models/update.hpp).
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

// Exact sums, for preprocessing, the analysis and the metrics: w.x (x with as many values as
// w) and x.x in double precision in the blocked order. They read doubles; the analysis widens
// float32 rows with RowReader (exactly).
double dot(std::span<const double> w, const double* x);
double squared_norm(const double* x, std::size_t n);
// ||v||, for the analysis' separators and directions.
inline double norm(std::span<const double> v) { return std::sqrt(dot(v, v.data())); }

}  // namespace perceptron
