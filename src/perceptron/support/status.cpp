#include "perceptron/support/status.hpp"

#include <cmath>

namespace perceptron {

std::string quote(const std::string& text) { return "\"" + text + "\""; }

}  // namespace perceptron
