#include "perceptron/models/update.hpp"

namespace perceptron {

double dot(std::span<const double> w, const double* x) {
  const double* wp = w.data();
  return blocked_sum(w.size(), [&](std::size_t j) { return wp[j] * x[j]; });
}

double squared_norm(const double* x, std::size_t n) {
  return blocked_sum(n, [&](std::size_t j) { return x[j] * x[j]; });
}

double model_dot(std::span<const double> w, Row x) {
  if (x.dtype() == DType::float64) return dot(w, x.data<double>());
  const double* wp = w.data();
  const float* v = x.data<float>();
  return blocked_sum<float>(x.size(),
                            [&](std::size_t j) { return static_cast<float>(wp[j]) * v[j]; });
}

double model_squared_norm(Row x) {
  if (x.dtype() == DType::float64) return squared_norm(x.data<double>(), x.size());
  const float* v = x.data<float>();
  return blocked_sum<float>(x.size(), [&](std::size_t j) { return v[j] * v[j]; });
}

double model_squared_distance(const double* a, Row x) {
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
  const std::size_t n = w.size();
  x.visit([&](const auto* v) {
    for (std::size_t j = 0; j < n; ++j) wp[j] += step * static_cast<double>(v[j]);
  });
}

}  // namespace perceptron
