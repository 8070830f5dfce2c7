// Small datasets shared by the core tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"

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

// A float64 matrix holding a copy of `size` row-major values (size must be rows * cols).
inline Matrix matrix(const double* x, std::size_t size, std::size_t rows, std::size_t cols) {
  return Matrix::from_values(std::vector<double>(x, x + size), rows, cols);
}

// A matrix's values, row-major, as doubles (to compare matrices in EXPECT_EQ).
inline std::vector<double> values(const Matrix& m) {
  std::vector<double> out;
  out.reserve(m.size());
  for (std::size_t i = 0; i < m.rows(); ++i) {
    for (std::size_t j = 0; j < m.cols(); ++j) out.push_back(m.at(i, j));
  }
  return out;
}

// A model of kind M with its default params changed by change(params).
template <typename M>
M configured(auto change) {
  M model;
  auto params = model.params();
  change(params);
  EXPECT_TRUE(model.set_params(params).ok());
  return model;
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
