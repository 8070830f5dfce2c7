// Matrices as callers hand them over and take them back (matrix.hpp): CSR arrays' lengths
// checked before allocating, and copies out in dense or CSR form.
#include <algorithm>
#include <string>

#include "perceptron/data/matrix.hpp"

namespace perceptron {

Status Matrix::allocate_csr(std::uint64_t offsets, std::uint64_t cols, std::uint64_t indices,
                            std::uint64_t values, std::optional<std::uint64_t> given_rows,
                            DType dtype, const std::string& argument, Matrix& out) {
  const auto n = [](std::uint64_t count) { return std::to_string(count); };
  if (cols > max_sparse_columns) {
    return Status::range_error(argument + ".cols must be at most 2^24 = " + n(max_sparse_columns) +
                               " for sparse rows (a model keeps weights for every column; "
                               "hashing's 24 bits reach the same); received " +
                               n(cols));
  }
  if (offsets == 0) {
    return Status::range_error(argument +
                               ".indptr must hold rows + 1 offsets (at least one); received 0");
  }
  if (given_rows && *given_rows != offsets - 1) {
    return Status::range_error(argument + ".indptr must hold rows + 1 = " + n(*given_rows + 1) +
                               " offsets; received " + n(offsets));
  }
  if (indices != values) {
    return Status::range_error(argument + ".indices and " + argument +
                               ".values must have one entry per stored value; received " +
                               n(indices) + " indices and " + n(values) + " values");
  }
  return allocate_sparse(offsets - 1, cols, values, dtype, argument, out);
}

Status Matrix::dense_copy(const std::string& argument, Matrix& out) const {
  Matrix dense;
  if (Status s = allocate(rows_, cols_, dtype_, argument, dense); !s.ok()) return s;
  const auto fill = [&](auto* d) {
    std::fill(d, d + dense.size(), 0);
    for (std::size_t i = 0; i < rows_; ++i) {
      const Row r = row(i);
      r.visit([&](const auto* v) {
        for (std::size_t k = 0; k < r.stored(); ++k) {
          d[i * cols_ + (r.sparse() ? r.indices()[k] : k)] = v[k];
        }
      });
    }
  };
  if (dtype_ == DType::float32) {
    fill(static_cast<float*>(dense.data()));
  } else {
    fill(static_cast<double*>(dense.data()));
  }
  out = std::move(dense);
  return Status::success();
}

CsrCopy csr_copy(const Matrix& x) {
  CsrCopy csr;
  for (std::size_t i = 0; i < x.rows(); ++i) {
    x.row(i).for_each_nonzero([&](std::size_t j, double v) {
      csr.indices.push_back(static_cast<std::uint32_t>(j));
      csr.values.push_back(v);
    });
    csr.indptr.push_back(static_cast<std::uint32_t>(csr.indices.size()));
  }
  return csr;
}

}  // namespace perceptron
