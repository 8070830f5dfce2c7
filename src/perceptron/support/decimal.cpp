#include "perceptron/support/decimal.hpp"

#include <system_error>

#include "fast_float.h"

namespace perceptron {

const char* read_decimal(const char* first, const char* last, double& out, bool& in_range) {
  const auto result = fast_float::from_chars(first, last, out);
  in_range = result.ec == std::errc();
  return result.ptr;
}

}  // namespace perceptron
