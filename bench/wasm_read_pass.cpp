// The WASM ceiling of `npm run bench` (issue 30): passes that only read X, as often as fit reads
// it (EPOCHS passes over the rows), in the core's summation order (support/summation.hpp's
// blocked_sum), compiled by em++ with the flags of the core's hot files (-O3 -msimd128
// -ffp-contract=off) into a standalone module of its own (bench/wasm-ceiling.mjs builds it in
// build/bench-wasm/ and times it in Node). No training in WebAssembly on the same X can be
// faster than read_pass64 (float64 rows) or read_pass32 (float32 rows): they read every value
// once per epoch and add it up, nothing else. train_pass64 is the classic perceptron written by
// hand in the same module with the core's arithmetic (cyclic, eta 1, a bias, update on
// y * (w.x + b) <= 0, the score's sum blocked_sum): the same weights as fit, to the bit, so it
// shows what a plain loop in WebAssembly reaches against the read-only pass.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "perceptron/support/summation.hpp"
// The bench allocates X in this module's memory with these (emmalloc, memory growth allowed).
extern "C" {
void* bench_alloc(std::size_t bytes) { return std::malloc(bytes); }
void bench_free(void* p) { std::free(p); }
double read_pass64(const double* x, std::uint32_t rows, std::uint32_t cols, std::uint32_t epochs) {
  double total = 0;
  for (std::uint32_t e = 0; e < epochs; ++e)
    for (std::uint32_t i = 0; i < rows; ++i) {
      const double* r = x + static_cast<std::size_t>(i) * cols;
      total += perceptron::blocked_sum(cols, [r](std::size_t j) { return r[j]; });
    }
  return total;
}
double read_pass32(const float* x, std::uint32_t rows, std::uint32_t cols, std::uint32_t epochs) {
  double total = 0;
  for (std::uint32_t e = 0; e < epochs; ++e)
    for (std::uint32_t i = 0; i < rows; ++i) {
      const float* r = x + static_cast<std::size_t>(i) * cols;
      total += perceptron::blocked_sum<float>(cols, [r](std::size_t j) { return r[j]; });
    }
  return total;
}
// w (cols values) ends as fit's weights; returns the bias.
double train_pass64(const double* x, const double* y, std::uint32_t rows, std::uint32_t cols,
                    std::uint32_t epochs, double* __restrict w) {
  double b = 0;
  for (std::uint32_t j = 0; j < cols; ++j) w[j] = 0;
  for (std::uint32_t e = 0; e < epochs; ++e)
    for (std::uint32_t i = 0; i < rows; ++i) {
      const double* __restrict r = x + static_cast<std::size_t>(i) * cols;
      const double s =
          perceptron::blocked_sum(cols, [r, w](std::size_t j) { return w[j] * r[j]; }) + b;
      if (y[i] * s <= 0) {
        for (std::uint32_t j = 0; j < cols; ++j) w[j] += y[i] * r[j];
        b += y[i];
      }
    }
  return b;
}
}
