#include "perceptron/data/preprocess.hpp"

#include <algorithm>
#include <cmath>
#include <span>

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/summation.hpp"

namespace perceptron {

Status fit_scaler(const Matrix& x, Scaling kind, Scaler& out) {
  if (Status s = x.check("X"); !s.ok()) return s;
  const std::size_t rows = x.rows(), cols = x.cols();
  Scaler scaler;
  scaler.kind = kind;
  scaler.shift.assign(cols, 0.0);
  scaler.scale.assign(cols, 1.0);
  const double n = static_cast<double>(rows);
  if (kind == Scaling::standardize) {
    for (std::size_t j = 0; j < cols; ++j) {
      double mean = 0;
      for (std::size_t i = 0; i < rows; ++i) mean += x.at(i, j);
      mean /= n;
      double variance = 0;
      for (std::size_t i = 0; i < rows; ++i) variance += std::pow(x.at(i, j) - mean, 2);
      const double sd = std::sqrt(variance / n);
      scaler.shift[j] = mean;
      scaler.scale[j] = sd > 0 ? sd : 1;
    }
  } else if (kind == Scaling::min_max) {
    for (std::size_t j = 0; j < cols; ++j) {
      double low = x.at(0, j), high = low;
      for (std::size_t i = 1; i < rows; ++i) {
        low = std::min(low, x.at(i, j));
        high = std::max(high, x.at(i, j));
      }
      scaler.shift[j] = low;
      scaler.scale[j] = high > low ? high - low : 1;
    }
  } else {
    double largest = 0;
    RowReader read(x);
    for (std::size_t i = 0; i < rows; ++i) {
      largest = std::max(largest, std::sqrt(squared_norm(read(i), cols)));
    }
    scaler.scale.assign(cols, largest > 0 ? largest : 1);
  }
  out = std::move(scaler);
  return Status::success();
}

Status check_scaler(const Scaler& scaler) {
  if (scaler.shift.size() != scaler.scale.size() || scaler.scale.empty()) {
    return Status::range_error(
        "the scaler must have one shift and one scale per feature; received " +
        std::to_string(scaler.shift.size()) + " shift and " + std::to_string(scaler.scale.size()) +
        " scale values");
  }
  for (std::size_t j = 0; j < scaler.scale.size(); ++j) {
    if (!std::isfinite(scaler.shift[j]) || !std::isfinite(scaler.scale[j]) ||
        !(scaler.scale[j] > 0)) {
      return Status::range_error("the scaler's shift[" + std::to_string(j) + "] and scale[" +
                                 std::to_string(j) + "] must be finite, the scale > 0; received " +
                                 format_number(scaler.shift[j]) + " and " +
                                 format_number(scaler.scale[j]));
    }
  }
  return Status::success();
}

Status transform(const Scaler& scaler, const Matrix& x, Matrix& out, const std::string& argument) {
  if (Status s = check_scaler(scaler); !s.ok()) return s;
  if (x.rows() != 0 && x.cols() != scaler.scale.size()) {
    return Status::range_error(argument + " must have " + std::to_string(scaler.scale.size()) +
                               " columns (as the scaler was fitted); received " +
                               std::to_string(x.cols()));
  }
  if (Status s = x.check(argument); !s.ok()) return s;
  Matrix result;
  if (Status s = Matrix::allocate(x.rows(), x.cols(), DType::float64, "the scaled X", result);
      !s.ok()) {
    return s;
  }
  auto* values = static_cast<double*>(result.data());
  RowReader read(x);
  for (std::size_t i = 0; i < x.rows(); ++i) {
    const double* row = read(i);
    for (std::size_t j = 0; j < x.cols(); ++j) {
      values[i * x.cols() + j] = (row[j] - scaler.shift[j]) / scaler.scale[j];
    }
  }
  out = std::move(result);
  return Status::success();
}

Status InputScaling::for_training(const Dataset& data, bool refit, Dataset& out,
                                  std::optional<Scaler>& used) const {
  std::optional<Scaler> chosen = scaler;
  if (kind && (refit || !scaler)) {
    chosen.emplace();
    if (Status s = fit_scaler(data.x, *kind, *chosen); !s.ok()) return s;
  }
  if (Status s = apply(chosen, data, out); !s.ok()) return s;
  used = std::move(chosen);
  return Status::success();
}

Status InputScaling::apply(const std::optional<Scaler>& with, const Dataset& data, Dataset& out,
                           const std::string& argument) {
  if (!with) {
    out = data;
    return Status::success();
  }
  Dataset scaled = data;
  if (Status s = transform(*with, data.x, scaled.x, argument); !s.ok()) return s;
  out = std::move(scaled);
  return Status::success();
}

Status InputScaling::for_example(std::vector<double>& x) const {
  if (!kind) return Status::success();
  if (!scaler) {
    return Status::type_error(
        "option preprocess needs a fitted scaler; call fit or partialFit before learnOne");
  }
  Matrix scaled;
  const std::size_t d = x.size();
  if (Status s = transform(*scaler, Matrix::from_values(x, 1, d), scaled, "x"); !s.ok()) {
    return s;
  }
  for (std::size_t j = 0; j < d; ++j) x[j] = scaled.at(0, j);
  return Status::success();
}

Status InputScaling::restore(std::vector<double> shift, std::vector<double> scale) {
  Scaler restored;
  restored.kind = kind.value_or(Scaling::standardize);
  restored.shift = std::move(shift);
  restored.scale = std::move(scale);
  if (Status s = check_scaler(restored); !s.ok()) return s;
  scaler = std::move(restored);
  return Status::success();
}

Status pca2(const Matrix& x, Projection& out) {
  if (Status s = x.check("X"); !s.ok()) return s;
  const std::size_t rows = x.rows(), cols = x.cols();
  Projection result;
  result.mean.assign(cols, 0.0);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) result.mean[j] += x.at(i, j) / static_cast<double>(rows);
  }
  std::vector<double> covariance(cols * cols, 0.0);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t a = 0; a < cols; ++a) {
      const double da = x.at(i, a) - result.mean[a];
      for (std::size_t b = 0; b < cols; ++b) {
        covariance[a * cols + b] += da * (x.at(i, b) - result.mean[b]) / static_cast<double>(rows);
      }
    }
  }
  double trace = 0;
  for (std::size_t a = 0; a < cols; ++a) trace += covariance[a * cols + a];
  result.components.assign(2 * cols, 0.0);
  result.variance.assign(2, 0.0);
  for (std::size_t c = 0; c < 2; ++c) {
    std::vector<double> v(cols);
    for (std::size_t j = 0; j < cols; ++j) v[j] = 1.0 + 0.01 * static_cast<double>(j);
    double eigenvalue = 0;
    for (int iteration = 0; iteration < 2000; ++iteration) {
      std::vector<double> next(cols, 0.0);
      for (std::size_t a = 0; a < cols; ++a) {
        next[a] = dot(std::span<const double>(covariance.data() + a * cols, cols), v.data());
      }
      const double length = std::sqrt(dot(next, next.data()));
      if (!(length > 1e-14 * std::max(trace, 1e-300))) {
        eigenvalue = 0;
        std::fill(v.begin(), v.end(), 0.0);
        break;
      }
      double change = 0;
      for (std::size_t j = 0; j < cols; ++j) {
        next[j] /= length;
        change = std::max(change, std::abs(next[j] - v[j]));
      }
      v = next;
      eigenvalue = length;
      if (change < 1e-13) break;
    }
    if (eigenvalue > 0) {
      const std::size_t largest = static_cast<std::size_t>(
          std::max_element(v.begin(), v.end(),
                           [](double a, double b) { return std::abs(a) < std::abs(b); }) -
          v.begin());
      if (v[largest] < 0) {
        for (double& value : v) value = -value;
      }
    }
    std::copy(v.begin(), v.end(),
              result.components.begin() + static_cast<std::ptrdiff_t>(c * cols));
    result.variance[c] = eigenvalue;
    // Deflate: remove this direction from the covariance.
    for (std::size_t a = 0; a < cols; ++a) {
      for (std::size_t b = 0; b < cols; ++b) covariance[a * cols + b] -= eigenvalue * v[a] * v[b];
    }
  }
  result.projected.assign(rows * 2, 0.0);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t c = 0; c < 2; ++c) {
      const double* component = result.components.data() + c * cols;
      result.projected[i * 2 + c] = blocked_sum(
          cols, [&](std::size_t j) { return (x.at(i, j) - result.mean[j]) * component[j]; });
    }
  }
  out = std::move(result);
  return Status::success();
}

}  // namespace perceptron
