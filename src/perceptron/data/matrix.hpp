// The feature matrix every model reads: rows x cols values, row-major, float64 or float32.
//
// Layout: feature j of row i is element i * cols + j of one contiguous block (the storage),
// unless the matrix is a row selection of another one (select): then its row i is the
// storage's row selection[i]. Copies of a Matrix share the storage, so passing one around,
// splitting it into training and validation rows or picking a cross-validation fold never
// copies the values. The storage is allocated with malloc, so that a request that does not
// fit is an error value (a RangeError naming the bytes), never an abort.
//
// float32 rows are read as float32 (Matrix::row, no copy). The models compute on them in
// float32 arithmetic against the weights rounded to float32 (model_dot in update.hpp); the
// analysis widens them to double exactly (dot, squared_norm, RowReader).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perceptron/support/options.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

enum class DType : std::uint8_t { float64, float32 };

std::string_view name_of(DType dtype);
std::size_t bytes_of(DType dtype);
// The dtype option ('float64' or 'float32') read into `out`; a TypeError or RangeError naming
// `name` otherwise.
Status set_dtype(const std::string& name, const OptionValue& value, DType& out);

// One row of feature values as stored, float64 or float32, read in place: dense (size()
// values) or sparse (stored() values at the strictly increasing columns indices(), the other
// columns 0). visit(f) calls f with the typed pointer to the stored values (const double* or
// const float*), so a loop over the row is compiled once per element type and reads float32
// values without widening them into a copy; loops that index by column must look at sparse()
// first (update.cpp's functions do, and for_each_nonzero serves both).
class Row {
 public:
  Row() = default;
  Row(const double* values, std::size_t size)
      : values_(values), size_(size), stored_(size), dtype_(DType::float64) {}
  Row(const float* values, std::size_t size)
      : values_(values), size_(size), stored_(size), dtype_(DType::float32) {}
  Row(const std::uint32_t* indices, const double* values, std::size_t stored, std::size_t size)
      : values_(values), indices_(indices), size_(size), stored_(stored), dtype_(DType::float64) {}
  Row(const std::uint32_t* indices, const float* values, std::size_t stored, std::size_t size)
      : values_(values), indices_(indices), size_(size), stored_(stored), dtype_(DType::float32) {}

  // The row's length (the matrix's columns), sparse or not.
  std::size_t size() const { return size_; }
  DType dtype() const { return dtype_; }
  bool sparse() const { return indices_ != nullptr; }
  // The values stored: size() when dense.
  std::size_t stored() const { return stored_; }
  // A sparse row's columns, one per stored value (null when dense).
  const std::uint32_t* indices() const { return indices_; }
  template <typename F>
  decltype(auto) visit(F&& f) const {
    if (dtype_ == DType::float32) return f(static_cast<const float*>(values_));
    return f(static_cast<const double*>(values_));
  }
  // The stored values as T, which must be the dtype's type (double for float64, float for
  // float32).
  template <typename T>
  const T* data() const {
    return static_cast<const T*>(values_);
  }
  // Value j, widened to double (for loops that are not hot: a sparse row searches its columns).
  double operator[](std::size_t j) const;
  // f(j, value) for each value that is not 0, in increasing column j, the value widened to
  // double: every column of a dense row that holds one, the stored values of a sparse one.
  template <typename F>
  void for_each_nonzero(F&& f) const {
    visit([&](const auto* v) {
      for (std::size_t k = 0; k < stored_; ++k) {
        if (v[k] != 0) f(indices_ ? indices_[k] : k, static_cast<double>(v[k]));
      }
    });
  }

 private:
  const void* values_ = nullptr;
  const std::uint32_t* indices_ = nullptr;
  std::size_t size_ = 0;
  std::size_t stored_ = 0;
  DType dtype_ = DType::float64;
};

// A matrix is dense (every value stored) or sparse (CSR: row i's values are stored values
// indptr[i] .. indptr[i + 1] - 1, at the strictly increasing columns of `indices` alike; the
// other values are 0). Both are read through row(i), which every model's training and
// prediction loop uses: a sparse row costs the work of its stored values, and gives the very
// bits a dense row of the same values gives (update.hpp).
class Matrix {
 public:
  Matrix() = default;

  // A rows x cols matrix whose values the caller then writes through data() (the bindings
  // copy a JS array straight into it). A RangeError when rows * cols * element size does not
  // fit in size_t or malloc refuses it; `argument` names the matrix in the message. Counts
  // beyond 2^32 - 1 (a JS caller's {data, rows: 2 ** 33, cols: 0}) are check_shape's error when
  // the other is 0 (the matrix holds no value), else too much to address.
  static Status allocate(std::uint64_t rows, std::uint64_t cols, DType dtype,
                         const std::string& argument, Matrix& out);
  // Takes ownership of `values`, a block from malloc/realloc holding rows x cols values of
  // dtype, row-major (what a CSV reader grew while reading). `finite`: every value is known to
  // be finite, so check() need not scan them.
  static Matrix adopt(void* values, std::size_t rows, std::size_t cols, DType dtype, bool finite);
  // Takes row-major float64 values (values.size() must be rows * cols; unchecked otherwise).
  static Matrix from_values(std::vector<double> values, std::size_t rows, std::size_t cols);
  // A sparse rows x cols matrix with room for `stored` values, whose indptr, indices and values
  // the caller then writes (indptr(), indices(), data()) and checks with check_structure. A
  // RangeError naming the bytes when the memory is refused, like allocate.
  static Status allocate_sparse(std::size_t rows, std::size_t cols, std::size_t stored, DType dtype,
                                const std::string& argument, Matrix& out);
  // allocate_sparse for CSR arrays as a caller gives them, their lengths checked first:
  // `offsets` (indptr's: rows + 1, at least one; given_rows + 1 when the caller says rows),
  // `indices` and `values` one per stored value, and cols at most max_sparse_columns. Messages
  // name argument.indptr, argument.cols...
  static Status allocate_csr(std::uint64_t offsets, std::uint64_t cols, std::uint64_t indices,
                             std::uint64_t values, std::optional<std::uint64_t> given_rows,
                             DType dtype, const std::string& argument, Matrix& out);
  // The most columns sparse rows may have: every model keeps a weight per column (and per
  // class), and wasm memory holds 4 GB.
  static constexpr std::uint64_t max_sparse_columns = 1ULL << 24;

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t size() const { return rows_ * cols_; }
  DType dtype() const { return dtype_; }
  bool empty() const { return rows_ == 0; }
  // Whether the rows are the storage's own, in order (no selection).
  bool contiguous() const { return selection_ == nullptr; }
  bool sparse() const;
  // The values a sparse matrix stores (its rows', selection or not); rows * cols when dense.
  std::size_t stored() const;
  // A sparse matrix's storage: rows + 1 offsets and a column per stored value.
  std::uint32_t* indptr();
  std::uint32_t* indices();
  const std::uint32_t* indptr() const;
  const std::uint32_t* indices() const;
  // A sparse matrix as written: indptr from 0 to the values stored, never decreasing; in each
  // row, columns below cols() and (unless `any_order`) strictly increasing. Messages name
  // `argument` ("X") and the offending position ("X.indices[7] = 3 must be greater than
  // X.indices[6] = 5 (row 2)").
  Status check_structure(const std::string& argument, bool any_order = false) const;
  // A sparse matrix just written, made canonical: its structure checked in any order, then the
  // rows whose columns are not strictly increasing sorted by column, the values of a repeated
  // column added up in the order given (as a dense copy of CSR holds their sum). Contiguous only.
  // `narrow`: made float32 (narrow_to_float32) once its structure is checked, before sorting.
  Status finish_sparse(const std::string& argument, bool narrow = false);
  // A contiguous float64 matrix just written (dense, or sparse with its structure checked)
  // made float32 in place, as a Float32Array rounds: a RangeError naming the first finite value
  // beyond float32's range (which would become Infinity), its row and column. So a caller's
  // doubles are checked as the CSV reader checks its numbers.
  Status narrow_to_float32(const std::string& argument);
  // Doubles written into a contiguous dense float32 matrix at value `offset` (row-major), each
  // rounded as narrow_to_float32 does and checked the same way, so that a caller's doubles become
  // float32 with no float64 copy of the whole matrix. Non-finite values are kept (check() names
  // them); nothing is written past the matrix.
  Status write_narrowed(std::size_t offset, const double* values, std::size_t count,
                        const std::string& argument);
  // A dense copy of the matrix in its dtype, contiguous (of a selection, or sparse rows spread
  // out); `argument` names it in the RangeError when it does not fit.
  Status dense_copy(const std::string& argument, Matrix& out) const;
  // The bytes the storage holds (shared with every copy and selection).
  std::size_t storage_bytes() const;

  // The storage, to fill a matrix made by allocate (contiguous only); a sparse matrix's stored
  // values.
  void* data();
  const void* data() const;

  // Row i's storage row.
  std::size_t storage_row(std::size_t i) const { return selection_ ? (*selection_)[i] : i; }
  // Row i as typed values; T must be the dtype's type (double for float64, float for
  // float32).
  template <typename T>
  const T* row_as(std::size_t i) const {
    return static_cast<const T*>(storage_base()) + storage_row(i) * cols_;
  }
  // row_as for a hot loop: the storage, the columns and the selection read once, so that a
  // loop calling out of line between rows need not read them again.
  template <typename T>
  struct DenseRows {
    const T* base;
    std::size_t cols;
    const std::uint32_t* selection;  // null when contiguous
    const T* operator[](std::size_t i) const {
      return base + (selection != nullptr ? selection[i] : i) * cols;
    }
  };
  template <typename T>
  DenseRows<T> dense_rows() const {
    return {static_cast<const T*>(storage_base()), cols_,
            selection_ ? selection_->data() : nullptr};
  }
  // Row i as stored (float64 or float32, dense or sparse), without copying. row_as is the
  // dense form only.
  Row row(std::size_t i) const {
    if (sparse_indptr_ != nullptr) return sparse_row(storage_row(i));
    if (dtype_ == DType::float32) return Row(row_as<float>(i), cols_);
    return Row(row_as<double>(i), cols_);
  }
  double at(std::size_t i, std::size_t j) const;

  // The same storage with the given rows of this matrix (indices below rows()), in the order
  // given; duplicates allowed. No value is copied.
  Matrix select(const std::vector<std::uint32_t>& rows) const;

  // The shape every use needs: rows >= 1 and cols >= 1.
  static Status check_shape(std::size_t rows, std::size_t cols, const std::string& argument);
  // rows >= 1, cols >= 1 and every value finite; the scan of the storage runs once and its
  // answer is kept with it. `argument` names the matrix in messages ("X").
  Status check(const std::string& argument) const;

 private:
  // The values and, when sparse, the structure, shared by every copy and selection. Defined
  // here so that storage_base(), which every training step reads, is inline.
  struct Storage {
    void* values = nullptr;
    std::uint32_t* indptr = nullptr;   // sparse only: rows + 1 offsets
    std::uint32_t* indices = nullptr;  // sparse only: a column per value
    std::size_t bytes = 0;             // of all three
    std::size_t count = 0;             // values held
    DType dtype = DType::float64;
    bool scanned = false;
    std::size_t first_non_finite = 0;  // == count when every value is finite

    Storage() = default;
    Storage(const Storage&) = delete;
    Storage& operator=(const Storage&) = delete;
    ~Storage();
    // Finds the first value that is not finite, once.
    void scan();
  };
  // A matrix over all rows of a storage just made (sparse when it has indptr).
  Matrix(std::shared_ptr<Storage> storage, std::size_t rows, std::size_t cols);
  const void* storage_base() const { return storage_->values; }
  Row sparse_row(std::size_t storage_row) const;

  std::shared_ptr<Storage> storage_;
  std::shared_ptr<const std::vector<std::uint32_t>> selection_;
  // The storage's indptr when sparse (null when dense): row() tests it without a call.
  const std::uint32_t* sparse_indptr_ = nullptr;
  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
  DType dtype_ = DType::float64;
};

// Reads rows of a matrix as doubles, for code that needs a double pointer (analysis,
// preprocessing, copying a row into a model): a pointer into the storage for float64, the row
// widened (float32) or spread out (sparse) into a buffer of its own (valid until the next call).
// One reader per row that must stay valid at the same time. The models' training and prediction
// loops read Matrix::row instead, which never copies.
class RowReader {
 public:
  explicit RowReader(const Matrix& matrix)
      : matrix_(&matrix),
        scratch_(matrix.dtype() == DType::float32 || matrix.sparse() ? matrix.cols() : 0) {}

  const double* operator()(std::size_t i) {
    if (matrix_->sparse()) {
      std::fill(scratch_.begin(), scratch_.end(), 0.0);
      matrix_->row(i).for_each_nonzero([&](std::size_t j, double v) { scratch_[j] = v; });
      return scratch_.data();
    }
    if (matrix_->dtype() == DType::float64) return matrix_->row_as<double>(i);
    const float* row = matrix_->row_as<float>(i);
    for (std::size_t j = 0; j < scratch_.size(); ++j) scratch_[j] = row[j];
    return scratch_.data();
  }

 private:
  const Matrix* matrix_;
  std::vector<double> scratch_;
};

// The values that are not 0, row by row in CSR form (dense or sparse alike), widened to double
// (exact: a float32 value widens without rounding).
struct CsrCopy {
  std::vector<std::uint32_t> indptr{0};
  std::vector<std::uint32_t> indices;
  std::vector<double> values;
};
CsrCopy csr_copy(const Matrix& x);

}  // namespace perceptron
