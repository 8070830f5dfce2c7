#include "perceptron/data/matrix.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "perceptron/data/sparse_row.hpp"

namespace perceptron {

std::string_view name_of(DType dtype) { return dtype == DType::float32 ? "float32" : "float64"; }

std::size_t bytes_of(DType dtype) { return dtype == DType::float32 ? 4 : 8; }

Status set_dtype(const std::string& name, const OptionValue& value, DType& out) {
  for (const DType dtype : {DType::float64, DType::float32}) {
    if (const auto* text = std::get_if<std::string>(&value); text && *text == name_of(dtype)) {
      out = dtype;
      return Status::success();
    }
  }
  return option_error(!std::holds_alternative<std::string>(value), name, "'float64' or 'float32'",
                      value);
}

// One malloc'd block of values (and, sparse, of indptr and indices) and the answer of its
// finiteness scan, once made.
Matrix::Storage::~Storage() {
  std::free(values);
  std::free(indptr);
  std::free(indices);
}

void Matrix::Storage::scan() {
  if (scanned) return;
  first_non_finite = count;
  for (std::size_t k = 0; k < count; ++k) {
    const double v = dtype == DType::float64 ? static_cast<const double*>(values)[k]
                                             : static_cast<const float*>(values)[k];
    if (!std::isfinite(v)) {
      first_non_finite = k;
      break;
    }
  }
  scanned = true;
}

Matrix::Matrix(std::shared_ptr<Storage> storage, std::size_t rows, std::size_t cols)
    : storage_(std::move(storage)),
      sparse_indptr_(storage_->indptr),
      rows_(rows),
      cols_(cols),
      dtype_(storage_->dtype) {}

Status Matrix::allocate(std::uint64_t rows, std::uint64_t cols, DType dtype,
                        const std::string& argument, Matrix& out) {
  const std::uint64_t max32 = std::numeric_limits<std::uint32_t>::max();
  if ((rows > max32 || cols > max32) && (rows == 0 || cols == 0)) {
    return check_shape(rows == 0 ? 0 : 1, cols == 0 ? 0 : 1, argument);
  }
  const std::size_t element = bytes_of(dtype);
  const std::size_t limit = std::numeric_limits<std::size_t>::max();
  // The bytes asked for, exact when they fit in 64 bits (they always do for a JS array).
  const double asked = static_cast<double>(rows) * static_cast<double>(cols) * element;
  const std::uint64_t max64 = std::numeric_limits<std::uint64_t>::max();
  const std::string bytes = asked < static_cast<double>(max64) / 2
                                ? std::to_string(static_cast<std::uint64_t>(rows) *
                                                 static_cast<std::uint64_t>(cols) * element)
                                : format_number(asked);
  const std::string what = argument + " (" + std::to_string(rows) + " x " + std::to_string(cols) +
                           " " + std::string(name_of(dtype)) + " values, " + bytes + " bytes)";
  if (rows > max32 || cols > max32 || (cols != 0 && rows > limit / cols) ||
      (rows * cols > limit / element)) {
    return Status::range_error("cannot allocate " + what + ": more than this memory can address");
  }
  auto storage = std::make_shared<Storage>();
  storage->count = rows * cols;
  storage->bytes = storage->count * element;
  storage->dtype = dtype;
  // malloc(0) may return null; one byte keeps "null means refused" true.
  storage->values = std::malloc(storage->bytes == 0 ? 1 : storage->bytes);
  if (storage->values == nullptr) {
    return Status::range_error("cannot allocate " + what + ": out of memory");
  }
  out = Matrix(std::move(storage), rows, cols);
  return Status::success();
}

Status Matrix::allocate_sparse(std::size_t rows, std::size_t cols, std::size_t stored, DType dtype,
                               const std::string& argument, Matrix& out) {
  const std::size_t element = bytes_of(dtype);
  const std::uint64_t asked = (static_cast<std::uint64_t>(stored) * (element + 4)) +
                              (static_cast<std::uint64_t>(rows) + 1) * 4;
  const std::string what = argument + " (" + std::to_string(rows) + " x " + std::to_string(cols) +
                           " sparse, " + std::to_string(stored) + " stored " +
                           std::string(name_of(dtype)) + " values, " + std::to_string(asked) +
                           " bytes)";
  // Offsets and columns are 32-bit: rows + 1 offsets and stored values must count below 2^32.
  const std::uint64_t max32 = std::numeric_limits<std::uint32_t>::max();
  if (static_cast<std::uint64_t>(rows) >= max32 || static_cast<std::uint64_t>(stored) > max32 ||
      static_cast<std::uint64_t>(cols) > max32 + 1 ||
      asked > static_cast<std::uint64_t>(std::numeric_limits<std::size_t>::max())) {
    return Status::range_error("cannot allocate " + what + ": more than this memory can address");
  }
  auto storage = std::make_shared<Storage>();
  storage->count = stored;
  storage->bytes = static_cast<std::size_t>(asked);
  storage->dtype = dtype;
  storage->values = std::malloc(stored == 0 ? 1 : stored * element);
  storage->indices = static_cast<std::uint32_t*>(std::malloc(stored == 0 ? 1 : stored * 4));
  storage->indptr = static_cast<std::uint32_t*>(std::malloc((rows + 1) * 4));
  if (storage->values == nullptr || storage->indices == nullptr || storage->indptr == nullptr) {
    return Status::range_error("cannot allocate " + what + ": out of memory");
  }
  storage->indptr[0] = 0;
  out = Matrix(std::move(storage), rows, cols);
  return Status::success();
}

Matrix Matrix::adopt(void* values, std::size_t rows, std::size_t cols, DType dtype, bool finite) {
  auto storage = std::make_shared<Storage>();
  storage->values = values;
  storage->count = rows * cols;
  storage->bytes = storage->count * bytes_of(dtype);
  storage->dtype = dtype;
  storage->scanned = finite;
  storage->first_non_finite = storage->count;
  return Matrix(std::move(storage), rows, cols);
}

Matrix Matrix::from_values(std::vector<double> values, std::size_t rows, std::size_t cols) {
  Matrix m;
  if (!allocate(rows, cols, DType::float64, "X", m).ok()) return Matrix();
  if (!values.empty()) std::memcpy(m.data(), values.data(), values.size() * sizeof(double));
  return m;
}

std::size_t Matrix::storage_bytes() const { return storage_ ? storage_->bytes : 0; }

bool Matrix::sparse() const { return sparse_indptr_ != nullptr; }

std::size_t Matrix::stored() const {
  if (!sparse()) return rows_ * cols_;
  if (contiguous()) return storage_->count;  // what indptr[rows] must be (check_structure)
  std::size_t n = 0;
  for (std::size_t i = 0; i < rows_; ++i) {
    const std::size_t r = storage_row(i);
    n += sparse_indptr_[r + 1] - sparse_indptr_[r];
  }
  return n;
}

std::uint32_t* Matrix::indptr() { return storage_ ? storage_->indptr : nullptr; }
std::uint32_t* Matrix::indices() { return storage_ ? storage_->indices : nullptr; }
const std::uint32_t* Matrix::indptr() const { return storage_ ? storage_->indptr : nullptr; }
const std::uint32_t* Matrix::indices() const { return storage_ ? storage_->indices : nullptr; }

Row Matrix::sparse_row(std::size_t r) const {
  const std::uint32_t begin = sparse_indptr_[r];
  const std::size_t n = sparse_indptr_[r + 1] - begin;
  const std::uint32_t* indices = storage_->indices + begin;
  if (dtype_ == DType::float32) {
    return Row(indices, static_cast<const float*>(storage_->values) + begin, n, cols_);
  }
  return Row(indices, static_cast<const double*>(storage_->values) + begin, n, cols_);
}

Status Matrix::check_structure(const std::string& argument, bool any_order) const {
  if (!sparse()) return Status::success();
  const std::uint32_t* p = storage_->indptr;
  const std::uint32_t* c = storage_->indices;
  const auto at = [&](const char* name, std::size_t k, std::uint32_t v) {
    return argument + "." + name + "[" + std::to_string(k) + "] = " + std::to_string(v);
  };
  if (p[0] != 0) return Status::range_error(at("indptr", 0, p[0]) + " must be 0");
  // The offsets first (the rows' columns are read through them), then each row's columns.
  for (std::size_t i = 0; i < rows_; ++i) {
    if (p[i + 1] < p[i]) {
      return Status::range_error(at("indptr", i + 1, p[i + 1]) + " must not be below " +
                                 at("indptr", i, p[i]) + " (offsets never decrease)");
    }
    if (p[i + 1] > storage_->count) {
      return Status::range_error(at("indptr", i + 1, p[i + 1]) + " must be at most the " +
                                 std::to_string(storage_->count) + " values stored");
    }
  }
  for (std::size_t i = 0; i < rows_; ++i) {
    for (std::size_t k = p[i]; k < p[i + 1]; ++k) {
      if (c[k] >= cols_) {
        return Status::range_error(at("indices", k, c[k]) + " must be below cols = " +
                                   std::to_string(cols_) + " (row " + std::to_string(i) + ")");
      }
      if (!any_order && k > p[i] && c[k] <= c[k - 1]) {
        return Status::range_error(at("indices", k, c[k]) + " must be greater than " +
                                   at("indices", k - 1, c[k - 1]) + " (row " + std::to_string(i) +
                                   "): each row's columns strictly increasing");
      }
    }
  }
  if (p[rows_] != storage_->count) {
    return Status::range_error(at("indptr", rows_, p[rows_]) + " must be the " +
                               std::to_string(storage_->count) + " values stored");
  }
  return Status::success();
}

Status Matrix::finish_sparse(const std::string& argument, bool narrow) {
  if (!sparse() || !contiguous()) return check_structure(argument);
  if (Status s = check_structure(argument, true); !s.ok()) return s;
  if (narrow) {
    if (Status s = narrow_to_float32(argument); !s.ok()) return s;
  }
  std::uint32_t* p = storage_->indptr;
  std::uint32_t* c = storage_->indices;
  bool sorted = true;
  for (std::size_t i = 0; i < rows_ && sorted; ++i) {
    for (std::size_t k = p[i] + 1; k < p[i + 1]; ++k) sorted = sorted && c[k] > c[k - 1];
  }
  if (sorted) return Status::success();
  std::size_t to = 0;
  SparseEntries entries;
  for (std::size_t i = 0; i < rows_; ++i) {
    const std::size_t begin = p[i], end = p[i + 1];
    p[i] = static_cast<std::uint32_t>(to);
    if (dtype_ == DType::float32) {
      to += canonical_row(c, static_cast<float*>(storage_->values), begin, end, to, entries);
    } else {
      to += canonical_row(c, static_cast<double*>(storage_->values), begin, end, to, entries);
    }
  }
  p[rows_] = static_cast<std::uint32_t>(to);
  storage_->count = to;  // the blocks keep their size; the values past `to` are unused
  storage_->scanned = false;
  return Status::success();
}

namespace {

// The RangeError of a finite double that float32 cannot hold (it would round to Infinity).
Status beyond_float32(const std::string& argument, double v, std::size_t row, std::size_t column) {
  return Status::range_error(argument +
                             " must contain only numbers within float32's range (dtype: "
                             "'float32'); received " +
                             format_number(v) + " at row " + std::to_string(row) + ", column " +
                             std::to_string(column));
}

}  // namespace

Status Matrix::narrow_to_float32(const std::string& argument) {
  if (dtype_ != DType::float64 || !contiguous()) return Status::success();
  Storage& s = *storage_;
  auto* bytes = static_cast<unsigned char*>(s.values);
  // Read through memcpy: the floats are written over the doubles already read.
  const auto value = [&](std::size_t k) {
    double v = 0;
    std::memcpy(&v, bytes + k * sizeof(double), sizeof v);
    return v;
  };
  for (std::size_t k = 0; k < s.count; ++k) {
    const double v = value(k);
    if (!std::isfinite(v) || std::isfinite(static_cast<float>(v))) continue;
    std::size_t row = cols_ == 0 ? 0 : k / cols_;
    std::size_t column = cols_ == 0 ? 0 : k % cols_;
    if (sparse()) {
      row = static_cast<std::size_t>(std::upper_bound(s.indptr, s.indptr + rows_ + 1, k) -
                                     s.indptr - 1);
      column = s.indices[k];
    }
    return beyond_float32(argument, v, row, column);
  }
  for (std::size_t k = 0; k < s.count; ++k) {
    const auto f = static_cast<float>(value(k));
    std::memcpy(bytes + k * sizeof(float), &f, sizeof f);
  }
  if (void* smaller = std::realloc(s.values, s.count == 0 ? 1 : s.count * sizeof(float))) {
    s.values = smaller;
  }
  s.bytes -= s.count * (sizeof(double) - sizeof(float));
  s.dtype = dtype_ = DType::float32;
  return Status::success();
}

Status Matrix::write_narrowed(std::size_t offset, const double* values, std::size_t count,
                              const std::string& argument) {
  if (dtype_ != DType::float32 || sparse() || !contiguous() || offset > size() ||
      count > size() - offset) {
    return Status::range_error(argument + ": " + std::to_string(count) + " values at " +
                               std::to_string(offset) + " do not fit a float32 matrix of " +
                               std::to_string(size()));
  }
  float* out = static_cast<float*>(storage_->values) + offset;
  for (std::size_t k = 0; k < count; ++k) {
    const double v = values[k];
    const auto f = static_cast<float>(v);
    if (std::isfinite(v) && !std::isfinite(f)) {
      const std::size_t at = offset + k;
      return beyond_float32(argument, v, cols_ == 0 ? 0 : at / cols_, cols_ == 0 ? 0 : at % cols_);
    }
    out[k] = f;
  }
  return Status::success();
}

double Row::operator[](std::size_t j) const {
  if (indices_ == nullptr) return visit([j](const auto* v) { return static_cast<double>(v[j]); });
  const std::uint32_t* end = indices_ + stored_;
  const std::uint32_t* at = std::lower_bound(indices_, end, static_cast<std::uint32_t>(j));
  if (at == end || *at != j) return 0;
  const std::size_t k = static_cast<std::size_t>(at - indices_);
  return visit([k](const auto* v) { return static_cast<double>(v[k]); });
}

void* Matrix::data() { return storage_ ? storage_->values : nullptr; }
const void* Matrix::data() const { return storage_ ? storage_->values : nullptr; }

double Matrix::at(std::size_t i, std::size_t j) const {
  if (sparse()) return row(i)[j];
  return dtype_ == DType::float64 ? row_as<double>(i)[j] : row_as<float>(i)[j];
}

Matrix Matrix::select(const std::vector<std::uint32_t>& rows) const {
  Matrix m = *this;
  std::vector<std::uint32_t> storage_rows(rows.size());
  for (std::size_t k = 0; k < rows.size(); ++k) {
    storage_rows[k] = static_cast<std::uint32_t>(storage_row(rows[k]));
  }
  m.selection_ = std::make_shared<const std::vector<std::uint32_t>>(std::move(storage_rows));
  m.rows_ = rows.size();
  return m;
}

Status Matrix::check_shape(std::size_t rows, std::size_t cols, const std::string& argument) {
  if (rows == 0) {
    return Status::range_error(argument + " must have at least one row; received 0 rows");
  }
  if (cols == 0) {
    return Status::range_error(argument + " must have at least one column; received 0 columns");
  }
  return Status::success();
}

Status Matrix::check(const std::string& argument) const {
  if (Status s = check_shape(rows_, cols_, argument); !s.ok()) return s;
  storage_->scan();
  if (storage_->first_non_finite == storage_->count) return Status::success();
  // Some stored value is not finite: report the first one among this matrix's rows.
  for (std::size_t i = 0; i < rows_ && sparse(); ++i) {
    const Row r = row(i);
    for (std::size_t k = 0; k < r.stored(); ++k) {
      const double v = r.visit([k](const auto* values) { return static_cast<double>(values[k]); });
      if (!std::isfinite(v)) {
        return Status::range_error(argument + " must contain only finite numbers; received " +
                                   format_number(v) + " at row " + std::to_string(i) + ", column " +
                                   std::to_string(r.indices()[k]));
      }
    }
  }
  for (std::size_t i = 0; i < rows_ && !sparse(); ++i) {
    for (std::size_t j = 0; j < cols_; ++j) {
      const double v = at(i, j);
      if (!std::isfinite(v)) {
        return Status::range_error(argument + " must contain only finite numbers; received " +
                                   format_number(v) + " at row " + std::to_string(i) + ", column " +
                                   std::to_string(j));
      }
    }
  }
  return Status::success();
}

}  // namespace perceptron
