#include "perceptron/data/matrix.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace perceptron {

std::string_view name_of(DType dtype) { return dtype == DType::float32 ? "float32" : "float64"; }

std::size_t bytes_of(DType dtype) { return dtype == DType::float32 ? 4 : 8; }

// One malloc'd block and the answer of its finiteness scan, once made.
struct Matrix::Storage {
  void* values = nullptr;
  std::size_t bytes = 0;
  std::size_t count = 0;  // values held
  DType dtype = DType::float64;
  bool scanned = false;
  std::size_t first_non_finite = 0;  // == count when every value is finite

  Storage() = default;
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;
  ~Storage() { std::free(values); }

  void scan() {
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
};

Status Matrix::allocate(std::size_t rows, std::size_t cols, DType dtype,
                        const std::string& argument, Matrix& out) {
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
  if (rows > std::numeric_limits<std::uint32_t>::max() || (cols != 0 && rows > limit / cols) ||
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
  Matrix m;
  m.storage_ = std::move(storage);
  m.rows_ = rows;
  m.cols_ = cols;
  m.dtype_ = dtype;
  out = std::move(m);
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
  Matrix m;
  m.storage_ = std::move(storage);
  m.rows_ = rows;
  m.cols_ = cols;
  m.dtype_ = dtype;
  return m;
}

Matrix Matrix::from_values(std::vector<double> values, std::size_t rows, std::size_t cols) {
  Matrix m;
  if (!allocate(rows, cols, DType::float64, "X", m).ok()) return Matrix();
  if (!values.empty()) std::memcpy(m.data(), values.data(), values.size() * sizeof(double));
  return m;
}

std::size_t Matrix::storage_bytes() const { return storage_ ? storage_->bytes : 0; }

void* Matrix::data() { return storage_ ? storage_->values : nullptr; }
const void* Matrix::data() const { return storage_ ? storage_->values : nullptr; }
const void* Matrix::storage_base() const { return storage_->values; }

double Matrix::at(std::size_t i, std::size_t j) const {
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
  for (std::size_t i = 0; i < rows_; ++i) {
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
