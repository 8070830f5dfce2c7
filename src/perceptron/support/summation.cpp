// Out of line, and built at -O3 even in the -Oz WASM build (CMakeLists.txt): see update.hpp.
#include "perceptron/support/summation.hpp"

namespace perceptron {

double dot(std::span<const double> w, const double* x) {
  const double* wp = w.data();
  return blocked_sum(w.size(), [&](std::size_t j) { return wp[j] * x[j]; });
}

double squared_norm(const double* x, std::size_t n) {
  return blocked_sum(n, [&](std::size_t j) { return x[j] * x[j]; });
}

}  // namespace perceptron
