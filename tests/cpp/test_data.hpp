// Small datasets shared by the core tests.
#pragma once

#include <string>
#include <vector>

#include "perceptron/dataset.hpp"

namespace perceptron::testing {

inline Dataset make(std::vector<std::vector<double>> rows, std::vector<double> labels) {
  std::vector<double> x;
  for (const auto& row : rows) x.insert(x.end(), row.begin(), row.end());
  Dataset data;
  const Status s =
      make_dataset(std::move(x), rows.size(), rows.empty() ? 0 : rows[0].size(), labels, data);
  if (!s.ok()) throw std::runtime_error(s.message);
  return data;
}

// CMU 10-601 lecture 6, slide "Perceptron Algorithm: Example" (Nina Balcan): no bias,
// predict positive iff w.x >= 0, examples in this order.
inline Dataset cmu_example() {
  return make({{-1, 2}, {1, 0}, {1, 1}, {-1, 0}, {-1, -2}, {1, -1}}, {-1, 1, 1, -1, -1, 1});
}

inline Dataset and_gate() { return make({{0, 0}, {0, 1}, {1, 0}, {1, 1}}, {-1, -1, -1, 1}); }
inline Dataset or_gate() { return make({{0, 0}, {0, 1}, {1, 0}, {1, 1}}, {-1, 1, 1, 1}); }
inline Dataset xor_gate() { return make({{0, 0}, {0, 1}, {1, 0}, {1, 1}}, {-1, 1, 1, -1}); }

}  // namespace perceptron::testing
