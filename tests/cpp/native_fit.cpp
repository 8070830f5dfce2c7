// Trains the core natively and prints the result with every double as its 64 bits in hex,
// so tests/js can compare the WASM package with the native build to the bit.
//
// stdin:  line 1: options as name=value pairs (numbers, true/false, or names); with
//         precision=float32 the values are narrowed to float32 first (a float32 Dataset)
//         line 2: rows cols
//         then one line per row: cols feature values, then the label (a number)
// stdout: {"weights":["<16 hex digits>",...],"bias":"<hex>","steps":N,"mistakes":N,"epochs":N}
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "perceptron/models/perceptron.hpp"

namespace {

std::string bits(double value) {
  std::uint64_t raw;
  std::memcpy(&raw, &value, sizeof raw);
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(raw));
  return buffer;
}

perceptron::OptionValue parse_value(const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  char* end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  if (end != text.c_str() && *end == '\0') return number;
  return text;
}

int fail(const std::string& message) {
  std::cerr << message << "\n";
  return 1;
}

}  // namespace

int main() {
  std::string line;
  std::getline(std::cin, line);
  std::vector<std::pair<std::string, perceptron::OptionValue>> options;
  std::istringstream words(line);
  for (std::string word; words >> word;) {
    const auto eq = word.find('=');
    if (eq == std::string::npos) return fail("option without '=': " + word);
    options.emplace_back(word.substr(0, eq), parse_value(word.substr(eq + 1)));
  }
  perceptron::Params params;
  if (auto s = perceptron::apply_options(options, params); !s.ok()) return fail(s.message);
  std::size_t rows = 0, cols = 0;
  std::cin >> rows >> cols;
  std::vector<double> x(rows * cols);
  std::vector<double> y(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) std::cin >> x[i * cols + j];
    std::cin >> y[i];
  }
  if (!std::cin) return fail("could not read the data");
  perceptron::Dataset data;
  if (auto s = perceptron::make_dataset(std::move(x), rows, cols, y, data); !s.ok()) {
    return fail(s.message);
  }
  // precision=float32 trains float32 rows: the values narrowed as a float32 Dataset narrows them.
  if (params.precision == perceptron::Precision::float32) {
    if (auto s = data.x.narrow_to_float32("X"); !s.ok()) return fail(s.message);
  }
  perceptron::Perceptron model;
  perceptron::FitReport report;
  if (auto s = model.set_params(params); !s.ok()) return fail(s.message);
  if (auto s = model.fit(data, report); !s.ok()) return fail(s.message);
  std::cout << "{\"weights\":[";
  for (std::size_t j = 0; j < model.weights().size(); ++j) {
    std::cout << (j ? "," : "") << "\"" << bits(model.weights()[j]) << "\"";
  }
  std::cout << "],\"bias\":\"" << bits(model.bias()) << "\",\"steps\":" << report.steps
            << ",\"mistakes\":" << report.mistakes << ",\"epochs\":" << report.epochs << "}\n";
  return 0;
}
