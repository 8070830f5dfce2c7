// A given separator's geometry on a dataset: the radius of the data (the R of the mistake
// bounds), signed distances and the margin, in the blocked summation order; and the analysis
// calls' options objects.
#include <algorithm>
#include <cmath>
#include <limits>

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/support/summation.hpp"

namespace perceptron {

namespace {

Status check_separator(const Dataset& data, const std::vector<double>& w, double b) {
  if (w.size() != data.cols()) {
    return Status::range_error("w must have " + std::to_string(data.cols()) +
                               " values (one per column of X); received " +
                               std::to_string(w.size()));
  }
  for (std::size_t j = 0; j < w.size(); ++j) {
    if (!std::isfinite(w[j])) {
      return Status::range_error("w[" + std::to_string(j) + "] must be a finite number; received " +
                                 format_number(w[j]));
    }
  }
  if (!std::isfinite(b)) {
    return Status::range_error("b must be a finite number; received " + format_number(b));
  }
  if (norm(w) == 0) {
    return Status::range_error(
        "w must not be the zero vector: a separator needs a direction; received all zeros");
  }
  return Status::success();
}

}  // namespace

Status check_binary(const Dataset& data) {
  if (Status s = check_dataset(data, "", true); !s.ok()) return s;
  if (data.classes.size() != 2) {
    return Status::range_error("y must hold exactly two distinct classes; received " +
                               std::to_string(data.classes.size()));
  }
  return Status::success();
}

double radius(const Dataset& data, bool with_bias) {
  double largest = 0;
  RowReader read(data.x);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    largest = std::max(largest, squared_norm(read(i), data.cols()) + (with_bias ? 1.0 : 0.0));
  }
  return std::sqrt(largest);
}

Status signed_distances(const Dataset& data, const std::vector<double>& w, double b,
                        std::vector<double>& out) {
  if (Status s = check_separator(data, w, b); !s.ok()) return s;
  const double length = norm(w);
  std::vector<double> distances(data.rows());
  RowReader read(data.x);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    distances[i] = (dot(w, read(i)) + b) / length;
  }
  out = std::move(distances);
  return Status::success();
}

Status margin_of(const Dataset& data, const std::vector<double>& w, double b, double& out,
                 std::size_t* row) {
  std::vector<double> distances;
  if (Status s = signed_distances(data, w, b, distances); !s.ok()) return s;
  double lowest = std::numeric_limits<double>::infinity();
  std::size_t at = 0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double m = data.sign(i) * distances[i];
    if (m < lowest) lowest = m, at = i;
  }
  out = lowest;
  if (row != nullptr) *row = at;
  return Status::success();
}

Status analysis_options(const OptionList& options, const std::vector<std::string>& known,
                        AnalysisOptions& out) {
  std::vector<const OptionValue*> given;
  if (Status s = options_by_name(options, known, given); !s.ok()) return s;
  AnalysisOptions read;
  for (std::size_t k = 0; k < known.size(); ++k) {
    const std::string& name = known[k];
    if (name == "gamma") {
      const auto* gamma = given[k] ? std::get_if<double>(given[k]) : nullptr;
      if (!gamma) {
        return Status::type_error("gamma must be a number; received " +
                                  (given[k] ? describe(*given[k]) : "undefined"));
      }
      read.gamma = *gamma;
    }
    if (!given[k] && (name == "u" || name == "w")) {
      return Status::type_error(name + " must be an array of numbers; received undefined");
    }
    if (!given[k] || (name != "withBias" && name != "fitIntercept")) continue;
    const auto* flag = std::get_if<bool>(given[k]);
    if (!flag) return option_error(true, name, "true or false", *given[k]);
    (name == "withBias" ? read.with_bias : read.fit_intercept) = *flag;
  }
  out = read;
  return Status::success();
}

}  // namespace perceptron
