#include "perceptron/training/weights.hpp"

#include <cmath>
#include <cstdint>

#include "perceptron/support/options.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

Status row_weights(const Dataset& data, const std::vector<double>& sample_weight,
                   const std::vector<double>& class_weight, std::vector<double>& out) {
  if (!sample_weight.empty() && sample_weight.size() != data.rows()) {
    return Status::range_error("sampleWeight must have one weight per row of X (" +
                               std::to_string(data.rows()) + "); received " +
                               std::to_string(sample_weight.size()));
  }
  if (!class_weight.empty() && class_weight.size() != data.classes.size()) {
    return Status::range_error("classWeight must have one weight per class (" +
                               std::to_string(data.classes.size()) + "); received " +
                               std::to_string(class_weight.size()));
  }
  for (std::size_t k = 0; k < sample_weight.size(); ++k) {
    if (!std::isfinite(sample_weight[k]) || sample_weight[k] < 0) {
      return Status::range_error("sampleWeight[" + std::to_string(k) +
                                 "] must be a finite number >= 0; received " +
                                 format_number(sample_weight[k]));
    }
  }
  for (std::size_t c = 0; c < class_weight.size(); ++c) {
    if (!std::isfinite(class_weight[c]) || class_weight[c] < 0) {
      return Status::range_error("classWeight of class " + data.classes.describe(c) +
                                 " must be a finite number >= 0; received " +
                                 format_number(class_weight[c]));
    }
  }
  std::vector<double> result(data.rows(), 1.0);
  double total = 0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    if (!sample_weight.empty()) result[i] = sample_weight[i];
    if (!class_weight.empty()) result[i] *= class_weight[data.class_index[i]];
    total += result[i];
  }
  if (!(total > 0)) {
    return Status::range_error(
        "sampleWeight and classWeight must leave some example a weight > 0; received all zero");
  }
  out = std::move(result);
  return Status::success();
}

Status check_class_weight(const ClassWeight& spec) {
  for (std::size_t k = 0; k < spec.values.size(); ++k) {
    if (!std::isfinite(spec.values[k]) || spec.values[k] < 0) {
      return option_error(false, "classWeight[" + quote(spec.names[k]) + "]",
                          "a finite number >= 0", spec.values[k]);
    }
  }
  return Status::success();
}

Status class_weight_of(const Dataset& data, const ClassWeight& spec, std::vector<double>& out) {
  if (spec.balanced) {
    out = balanced_class_weight(data);
    return Status::success();
  }
  return class_weight_of(data.classes, spec, out);
}

Status class_weight_of(const Classes& classes, const ClassWeight& spec, std::vector<double>& out) {
  std::vector<double> weights(classes.size(), 1.0);
  for (std::size_t k = 0; k < spec.values.size(); ++k) {
    std::size_t c = 0;
    while (c < classes.size() && !(classes.numeric ? classes.numbers[c] == spec.numbers[k]
                                                   : classes.names[c] == spec.names[k])) {
      ++c;
    }
    if (c == classes.size()) {
      // A numeric class names the number its key reads as ("-1" is -1); other keys by their text.
      const bool number = classes.numeric && !std::isnan(spec.numbers[k]);
      return Status::range_error("option classWeight key " + quote(spec.names[k]) +
                                 " must be one of the classes " + classes.list() + "; received " +
                                 (number ? format_number(spec.numbers[k]) : quote(spec.names[k])));
    }
    weights[c] = spec.values[k];
  }
  out = std::move(weights);
  return Status::success();
}

std::vector<double> balanced_class_weight(const Dataset& data) {
  std::vector<double> counts(data.classes.size(), 0.0);
  for (std::uint32_t c : data.class_index) counts[c] += 1;
  std::vector<double> weights(counts.size(), 0.0);
  for (std::size_t c = 0; c < counts.size(); ++c) {
    if (counts[c] > 0) {
      weights[c] =
          static_cast<double>(data.rows()) / (static_cast<double>(counts.size()) * counts[c]);
    }
  }
  return weights;
}

}  // namespace perceptron
