#include "perceptron/models/update.hpp"

namespace perceptron {

double dot(std::span<const double> w, Row x) {
  const double* wp = w.data();
  return x.visit([&](const auto* v) {
    return blocked_sum(w.size(), [&](std::size_t j) { return wp[j] * static_cast<double>(v[j]); });
  });
}

double squared_norm(Row x) {
  return x.visit([&](const auto* v) {
    return blocked_sum(x.size(), [&](std::size_t j) {
      const double value = static_cast<double>(v[j]);
      return value * value;
    });
  });
}

double squared_distance(const double* a, Row x) {
  return x.visit([&](const auto* v) {
    return blocked_sum(x.size(), [&](std::size_t j) {
      const double difference = a[j] - static_cast<double>(v[j]);
      return difference * difference;
    });
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
