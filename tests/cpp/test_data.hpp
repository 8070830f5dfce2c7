// Small datasets shared by the core tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/random.hpp"

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

// `data`'s values stored as `dtype` (float32 values for float32), dense or sparse (CSR of the
// values that are not 0).
inline Dataset stored_as(const Dataset& data, DType dtype, bool sparse = false) {
  Dataset out = data;
  const std::size_t rows = data.rows(), cols = data.cols();
  const auto put = [&](std::size_t k, double v) {
    if (dtype == DType::float32) {
      static_cast<float*>(out.x.data())[k] = static_cast<float>(v);
    } else {
      static_cast<double*>(out.x.data())[k] = v;
    }
  };
  if (!sparse) {
    EXPECT_TRUE(Matrix::allocate(rows, cols, dtype, "X", out.x).ok());
    for (std::size_t i = 0; i < rows; ++i) {
      for (std::size_t j = 0; j < cols; ++j) put(i * cols + j, data.x.at(i, j));
    }
    return out;
  }
  std::size_t stored = 0;
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) stored += data.x.at(i, j) != 0;
  }
  EXPECT_TRUE(Matrix::allocate_sparse(rows, cols, stored, dtype, "X", out.x).ok());
  std::uint32_t* indptr = out.x.indptr();
  std::uint32_t* indices = out.x.indices();
  std::size_t k = 0;
  indptr[0] = 0;
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) {
      if (data.x.at(i, j) == 0) continue;
      indices[k] = static_cast<std::uint32_t>(j);
      put(k++, data.x.at(i, j));
    }
    indptr[i + 1] = static_cast<std::uint32_t>(k);
  }
  return out;
}
inline Dataset as_float32(const Dataset& data, bool sparse = false) {
  return stored_as(data, DType::float32, sparse);
}

// rows x 19 float32 values (two blocks of 8 and a tail of 3; about a quarter of them 0),
// labels from a noisy linear rule, as float64 data.
inline Dataset noisy_data(std::size_t rows) {
  const std::size_t cols = 19;
  Pcg32 random(7);
  std::vector<double> x(rows * cols);
  std::vector<double> labels(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    double s = 0;
    for (std::size_t j = 0; j < cols; ++j) {
      const int draw = static_cast<int>(random.bounded(2001)) - 1000;
      const float v = random.bounded(4) == 0 ? 0.0f : static_cast<float>(draw) / 97.0f;
      x[i * cols + j] = v;
      s += v * (j % 3 == 0 ? 1.0 : -0.5);
    }
    labels[i] = (s > 0) ^ (random.bounded(10) == 0 ? 1 : 0);
  }
  Dataset out;
  EXPECT_TRUE(make_dataset(x, rows, cols, labels, out).ok());
  return out;
}

}  // namespace perceptron::testing
