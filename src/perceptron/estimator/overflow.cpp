#include "perceptron/estimator/overflow.hpp"

#include <cmath>

namespace perceptron {

std::optional<std::string> non_finite_in(const SavedModel& saved) {
  for (const NamedArrays* arrays : {&saved.arrays, &saved.state}) {
    for (const auto& [name, values] : *arrays) {
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i])) {
          return name + "[" + std::to_string(i) + "] became " + format_number(values[i]);
        }
      }
    }
  }
  for (std::size_t p = 0; p < saved.parts.size(); ++p) {
    if (std::optional<std::string> where = non_finite_in(saved.parts[p])) {
      return "part " + std::to_string(p) + "'s " + *where;
    }
  }
  return std::nullopt;
}

Status overflowed(const std::string& where_value) {
  return Status::range_error(
      "training overflowed: " + where_value +
      "; lower the learning rate, the sample weights or the scale of the features");
}

}  // namespace perceptron
