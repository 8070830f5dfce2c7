// Fisher's linear discriminant, a closed-form separator to set beside the perceptron's, and the
// small dense solver it needs (the core borrows no linear algebra library).
#include <algorithm>
#include <cmath>

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/support/summation.hpp"

namespace perceptron {

bool solve_linear_system(std::vector<double>& a, std::vector<double>& r, std::size_t n) {
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t k = c + 1; k < n; ++k) {
      if (std::abs(a[k * n + c]) > std::abs(a[pivot * n + c])) pivot = k;
    }
    if (a[pivot * n + c] == 0) return false;
    if (pivot != c) {
      for (std::size_t j = 0; j < n; ++j) std::swap(a[c * n + j], a[pivot * n + j]);
      std::swap(r[c], r[pivot]);
    }
    for (std::size_t k = c + 1; k < n; ++k) {
      const double f = a[k * n + c] / a[c * n + c];
      if (f == 0) continue;
      for (std::size_t j = c; j < n; ++j) a[k * n + j] -= f * a[c * n + j];
      r[k] -= f * r[c];
    }
  }
  for (std::size_t c = n; c-- > 0;) {
    double sum = r[c];
    for (std::size_t j = c + 1; j < n; ++j) sum -= a[c * n + j] * r[j];
    r[c] = sum / a[c * n + c];
  }
  return true;
}

Status fisher_discriminant(const Dataset& data, std::vector<double>& w, double& b) {
  if (Status s = check_binary(data); !s.ok()) return s;
  const std::size_t d = data.cols();
  std::vector<double> mean[2] = {std::vector<double>(d, 0.0), std::vector<double>(d, 0.0)};
  double count[2] = {0, 0};
  RowReader read(data.x);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const std::uint32_t c = data.class_index[i];
    const double* row = read(i);
    count[c] += 1;
    for (std::size_t j = 0; j < d; ++j) mean[c][j] += row[j];
  }
  for (int c = 0; c < 2; ++c) {
    for (double& v : mean[c]) v /= count[c];
  }
  std::vector<double> scatter(d * d, 0.0);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const auto& m = mean[data.class_index[i]];
    const double* row = read(i);
    for (std::size_t a = 0; a < d; ++a) {
      const double da = row[a] - m[a];
      for (std::size_t c = 0; c < d; ++c) scatter[a * d + c] += da * (row[c] - m[c]);
    }
  }
  double trace = 0;
  for (std::size_t a = 0; a < d; ++a) trace += scatter[a * d + a];
  const double ridge = trace > 0 ? 1e-9 * trace / static_cast<double>(d) : 1.0;
  for (std::size_t a = 0; a < d; ++a) scatter[a * d + a] += ridge;
  std::vector<double> direction(d);
  for (std::size_t j = 0; j < d; ++j) direction[j] = mean[1][j] - mean[0][j];
  if (norm(direction) == 0) {
    return Status::range_error(
        "the two classes have the same mean, so Fisher's direction S_W^-1 (m_+ - m_-) is zero");
  }
  if (!solve_linear_system(scatter, direction, d)) {
    return Status::range_error("the within-class scatter is singular");
  }
  const double threshold =
      blocked_sum(d, [&](std::size_t j) { return direction[j] * (mean[0][j] + mean[1][j]) / 2; });
  w = std::move(direction);
  b = -threshold;
  return Status::success();
}

}  // namespace perceptron
