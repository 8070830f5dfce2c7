// The native peer of `npm run bench`: the core built with -O3 -march=native (CMake target
// native_bench) training the same classic perceptron on the same data file the package trains
// on, so the bench can put WASM next to the best this machine does with the same code.
//
// usage:  native_bench FILE ROWS COLS EPOCHS RUNS
//         FILE holds ROWS * COLS float64 values (row-major X), then ROWS float64 labels (+1/-1),
//         little-endian, as bench/data.mjs writes it.
// stdout: {"first":s,"seconds":[s,...],"read":s,"epochs":N,"mistakes":N,"bias":b,
//          "weights":[...]}
//         first: the first fit; seconds: the RUNS fits after it; read: the best of RUNS passes
//         that only read X, EPOCHS times, summing each row (the memory ceiling of any
//         training on it); the model of the last fit, every double printed with 17
//         significant digits (round-trips exactly).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/data/matrix.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/update.hpp"

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "native_bench: %s\n", message.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) return fail("usage: native_bench FILE ROWS COLS EPOCHS RUNS");
  const std::size_t rows = std::strtoull(argv[2], nullptr, 10);
  const std::size_t cols = std::strtoull(argv[3], nullptr, 10);
  const std::uint64_t epochs = std::strtoull(argv[4], nullptr, 10);
  const int runs = std::atoi(argv[5]);

  perceptron::Dataset data;
  if (auto s = perceptron::Matrix::allocate(rows, cols, perceptron::DType::float64, "X", data.x);
      !s.ok()) {
    return fail(s.message);
  }
  std::vector<double> labels(rows);
  std::FILE* file = std::fopen(argv[1], "rb");
  if (file == nullptr) return fail(std::string("cannot open ") + argv[1]);
  const bool read = std::fread(data.x.data(), sizeof(double), rows * cols, file) == rows * cols &&
                    std::fread(labels.data(), sizeof(double), rows, file) == rows;
  std::fclose(file);
  if (!read) return fail(std::string("short file ") + argv[1]);
  if (auto s = perceptron::encode_labels(labels, "y", data.classes, data.class_index); !s.ok()) {
    return fail(s.message);
  }

  perceptron::Params params;
  params.max_epochs = epochs;
  perceptron::Perceptron model;
  if (auto s = model.set_params(params); !s.ok()) return fail(s.message);

  perceptron::FitReport report;
  std::vector<double> seconds;
  for (int r = 0; r <= runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    if (auto s = model.fit(data, report); !s.ok()) return fail(s.message);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }

  // Reading X alone, as often as training does: no training can be faster than this.
  double read_seconds = 1e300;
  volatile double sink = 0;
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    double total = 0;
    for (std::uint64_t e = 0; e < epochs; ++e) {
      for (std::size_t i = 0; i < rows; ++i) {
        const double* x = data.x.row_as<double>(i);
        total += perceptron::blocked_sum(cols, [x](std::size_t j) { return x[j]; });
      }
    }
    sink = sink + total;
    read_seconds =
        std::min(read_seconds,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }

  std::printf("{\"first\":%.9g,\"read\":%.9g,\"seconds\":[", seconds[0], read_seconds);
  for (std::size_t r = 1; r < seconds.size(); ++r) {
    std::printf("%s%.9g", r > 1 ? "," : "", seconds[r]);
  }
  std::printf("],\"epochs\":%llu,\"mistakes\":%llu,\"bias\":%.17g,\"weights\":[",
              static_cast<unsigned long long>(report.epochs),
              static_cast<unsigned long long>(report.mistakes), model.bias());
  for (std::size_t j = 0; j < model.weights().size(); ++j) {
    std::printf("%s%.17g", j ? "," : "", model.weights()[j]);
  }
  std::printf("]}\n");
  return 0;
}
