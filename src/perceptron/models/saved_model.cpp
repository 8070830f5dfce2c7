#include "perceptron/models/saved_model.hpp"

#include <cmath>

#include "perceptron/support/options.hpp"

namespace perceptron {

namespace {

const std::vector<double>* find(const NamedArrays& arrays, const std::string& name) {
  for (const auto& [key, values] : arrays) {
    if (key == name) return &values;
  }
  return nullptr;
}

// read_array with the field named `field` in messages.
Status read_field(const NamedArrays& arrays, const std::string& name, const std::string& field,
                  std::size_t expected, std::vector<double>& out, const char* count_name) {
  const auto* values = find(arrays, name);
  if (values == nullptr) return Status::type_error(field + " is missing");
  if (expected != any_length && values->size() != expected) {
    const std::string why = count_name == nullptr ? "" : std::string(" (") + count_name + ")";
    return Status::range_error(field + " must hold " + std::to_string(expected) + " numbers" + why +
                               "; received " + std::to_string(values->size()));
  }
  for (std::size_t k = 0; k < values->size(); ++k) {
    if (!std::isfinite((*values)[k])) {
      return Status::range_error(field + "[" + std::to_string(k) +
                                 "] must be a finite number; received " +
                                 format_number((*values)[k]));
    }
  }
  out = *values;
  return Status::success();
}

}  // namespace

Status check_counts(const SavedModel& saved, std::size_t rows) {
  if (saved.steps > max_safe_integer) {
    return Status::range_error("steps must be an integer from 0 to " +
                               std::to_string(max_safe_integer));
  }
  if (rows > 0 && saved.n_features > max_saved_values / rows) {
    return Status::range_error("nFeatures is too large for " + std::to_string(rows) +
                               " row(s) of weights; received " + std::to_string(saved.n_features));
  }
  return Status::success();
}

Status read_array(const NamedArrays& arrays, const std::string& name, std::size_t expected,
                  std::vector<double>& out, const char* count_name) {
  return read_field(arrays, name, name, expected, out, count_name);
}

Status read_number(const NamedArrays& arrays, const std::string& name, double& out) {
  const auto* values = find(arrays, name);
  if (values == nullptr) return Status::type_error(name + " is missing");
  if (values->size() != 1 || !std::isfinite((*values)[0])) {
    return Status::range_error(name + " must be a finite number; received " +
                               (values->size() == 1 ? format_number((*values)[0])
                                                    : std::to_string(values->size()) + " numbers"));
  }
  out = (*values)[0];
  return Status::success();
}

Status read_state(const NamedArrays& state, const std::string& name, std::size_t expected,
                  std::vector<double>& out) {
  return read_field(state, name, "state." + name, expected, out, nullptr);
}

Status read_state_count(const NamedArrays& state, const std::string& name, double& out) {
  std::vector<double> one;
  if (Status s = read_state(state, name, 1, one); !s.ok()) return s;
  if (one[0] < 0 || std::floor(one[0]) != one[0]) {
    return Status::range_error("state." + name + " must be a non-negative integer; received " +
                               format_number(one[0]));
  }
  out = one[0];
  return Status::success();
}

}  // namespace perceptron
