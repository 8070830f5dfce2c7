#include "perceptron/models/update.hpp"

namespace perceptron {

float dot_float32(const float* w, const float* x, std::size_t n) {
#if defined(__wasm_simd128__)
  return dense_dot(w, x, n);
#else
  return blocked_sum<float>(n, [&](std::size_t j) { return w[j] * x[j]; });
#endif
}

double model_dot(std::span<const double> w, Row x) {
  if (x.sparse()) return weighted_sum(x, [wp = w.data()](std::size_t j) { return wp[j]; });
  if (x.dtype() == DType::float64) return dot(w, x.data<double>());
  const double* wp = w.data();
  const float* v = x.data<float>();
  return blocked_sum<float>(x.size(),
                            [&](std::size_t j) { return static_cast<float>(wp[j]) * v[j]; });
}

double model_squared_norm(Row x) {
  if (x.sparse()) {
    const std::uint32_t* c = x.indices();
    return x.visit([&](const auto* v) -> double {
      using T = std::remove_cvref_t<decltype(*v)>;
      return sparse_blocked_sum<T>(c, x.stored(), [&](std::size_t k) { return v[k] * v[k]; });
    });
  }
  if (x.dtype() == DType::float64) return squared_norm(x.data<double>(), x.size());
  const float* v = x.data<float>();
  return blocked_sum<float>(x.size(), [&](std::size_t j) { return v[j] * v[j]; });
}

double model_squared_distance(const double* a, Row x) {
  if (x.sparse()) {
    // Every column counts (a_j - 0 where x stores nothing): the dense sum, reading x's stored
    // values as the columns come (blocked_sum asks for its terms in increasing j).
    const std::uint32_t* c = x.indices();
    return x.visit([&](const auto* v) -> double {
      using T = std::remove_cvref_t<decltype(*v)>;
      std::size_t k = 0;
      return blocked_sum<T>(x.size(), [&](std::size_t j) {
        const T xj = k < x.stored() && c[k] == j ? v[k++] : T(0);
        const T difference = static_cast<T>(a[j]) - xj;
        return difference * difference;
      });
    });
  }
  if (x.dtype() == DType::float64) {
    const double* v = x.data<double>();
    return blocked_sum(x.size(), [&](std::size_t j) {
      const double difference = a[j] - v[j];
      return difference * difference;
    });
  }
  const float* v = x.data<float>();
  return blocked_sum<float>(x.size(), [&](std::size_t j) {
    const float difference = static_cast<float>(a[j]) - v[j];
    return difference * difference;
  });
}

void add_scaled(std::span<double> w, double step, Row x) {
  double* wp = w.data();
  if (x.sparse()) {
    const std::uint32_t* c = x.indices();
    x.visit([&](const auto* v) {
      for (std::size_t k = 0; k < x.stored(); ++k) wp[c[k]] += step * static_cast<double>(v[k]);
    });
    return;
  }
  const std::size_t n = w.size();
  x.visit([&](const auto* v) {
    for (std::size_t j = 0; j < n; ++j) wp[j] += step * static_cast<double>(v[j]);
  });
}

}  // namespace perceptron
