// The WASM ceiling of `npm run bench` (issue 30): passes that only read X, as often as fit reads
// it (EPOCHS passes over the rows), in the core's summation order (support/summation.hpp's
// blocked_sum), compiled by em++ with the flags of the core's hot files (-O3 -msimd128
// -ffp-contract=off) into a standalone module of its own (bench/wasm-ceiling.mjs builds it in
// build/bench-wasm/ and times it in Node). No training in WebAssembly on the same X can be
// faster than read_pass64 (float64 rows) or read_pass32 (float32 rows): they read every value
// once per epoch and add it up, nothing else.
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
}
