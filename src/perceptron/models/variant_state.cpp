#include "perceptron/models/variant_state.hpp"

#include <cmath>

namespace perceptron {

namespace {

const std::vector<double>* find(const VariantState& state, const std::string& name) {
  for (const auto& [key, values] : state) {
    if (key == name) return &values;
  }
  return nullptr;
}

}  // namespace

Status read_state(const VariantState& state, const std::string& name, std::size_t expected,
                  std::vector<double>& out) {
  const auto* values = find(state, name);
  if (values == nullptr) return Status::type_error("state." + name + " is missing");
  if (expected != any_length && values->size() != expected) {
    return Status::range_error("state." + name + " must hold " + std::to_string(expected) +
                               " numbers; received " + std::to_string(values->size()));
  }
  for (std::size_t k = 0; k < values->size(); ++k) {
    if (!std::isfinite((*values)[k])) {
      return Status::range_error("state." + name + "[" + std::to_string(k) +
                                 "] must be a finite number; received " +
                                 format_number((*values)[k]));
    }
  }
  out = *values;
  return Status::success();
}

Status read_state_count(const VariantState& state, const std::string& name, double& out) {
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
