#include "perceptron/status.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace perceptron {

std::string format_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return "0";
  char buffer[32];
  // %.17g round-trips every double; shorter forms are tried first so 0.1 prints as 0.1.
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  return buffer;
}

std::string quote(const std::string& text) { return "\"" + text + "\""; }

}  // namespace perceptron
