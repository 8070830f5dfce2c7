// pw.Dataset's handle: a core Dataset (a Matrix in wasm memory and its labels) that the JS
// wrapper fills once and then passes to every call without copying it. Every other binding
// file takes its data as a DatasetHandle; arrays given to the JS API go through a temporary one.
#pragma once

#include "convert.hpp"
#include "perceptron/estimator/named_input.hpp"

namespace perceptron::wasm {

class DatasetHandle {
 public:
  // Allocates rows x cols values ('float64' or 'float32') for the wrapper to fill through
  // view(), the counts as given and `length` the values given (data/dataset.hpp:
  // allocate_given). A RangeError naming the bytes when they do not fit; `argument` names the
  // matrix.
  val allocate(const val& rows, const val& cols, const val& length, const std::string& dtype,
               const std::string& argument);
  // The values as a Float64Array or Float32Array over wasm memory: write them right away, since
  // any later allocation may grow the memory and detach the view.
  val view();
  // Doubles (a Float64Array) for a float32 handle at value `offset`, narrowed by the core as they
  // arrive (Matrix::write_narrowed): the wrapper writes a float32 Dataset from doubles in chunks,
  // never staging the whole matrix as float64.
  val write_narrowed(double offset, const val& values, const std::string& argument);
  // A sparse (CSR) matrix for arrays of these lengths, cols and rows (undefined: not given) as
  // given (allocate_given_csr), filled through sparse_view('indptr' | 'indices' | 'values') as
  // view().
  val allocate_sparse(double offsets, const val& cols, double indices, double values,
                      const val& rows, const std::string& dtype, const std::string& argument);
  val sparse_view(const std::string& part);
  // The matrix just written, made float32 when `narrow` (Matrix::narrow_to_float32, naming a
  // value beyond its range), a sparse one canonical (Matrix::finish_sparse); undefined or the
  // error naming `argument`.
  val finish(const std::string& argument, bool narrow) {
    Matrix& x = data_.x;
    if (x.sparse()) return outcome(x.finish_sparse(argument, narrow));
    return outcome(narrow ? x.narrow_to_float32(argument) : Status::success());
  }
  bool sparse() const { return data_.x.sparse(); }
  double stored() const { return static_cast<double>(data_.x.stored()); }
  // {indptr, indices, values, rows, cols}: a copy of the values that are not 0 (dense or not).
  val to_sparse() const;
  // The matrix checks (shape, finite values): undefined or the error naming `argument`.
  val check(const std::string& argument) const;
  // One label per row (a Float64Array of numbers or an Array of strings), encoded into classes.
  // `y_name` and `x_name` name the labels and the matrix in messages ("y", "X").
  val set_labels(const val& labels, bool numeric, const std::string& y_name,
                 const std::string& x_name);
  // This handle becomes `source`'s X (shared) with the given labels.
  val share_with_labels(const DatasetHandle& source, const val& labels, bool numeric,
                        const std::string& y_name, const std::string& x_name);
  // This handle becomes the given rows (a Uint32Array) of `source`, labels included; no value
  // is copied.
  val select_from(const DatasetHandle& source, const val& rows, const std::string& argument);
  // This handle becomes a generated dataset, from {kind, rows, seed, margin, noise}
  // (data/generate.hpp).
  val generate(const val& options);
  // This handle becomes `source` scaled as (x - shift) / scale: a new float64 matrix, the same
  // labels.
  val scale_from(const DatasetHandle& source, const val& shift, const val& scale);

  // This handle becomes rows of named features (records) for a model's feature map to give
  // columns (estimator/named_input.hpp), in bulk as features.cpp reads them; set_labels then
  // gives their labels. Its X stays empty: check() leaves them to the model, which checks
  // them once mapped.
  void set_named(std::string joined, const val& lengths, const val& ids, const val& values,
                 const val& indptr);
  // What a model's call reads: the dataset, or the named rows with its labels.
  Input input() const { return {data_, names_ ? &*names_ : nullptr}; }

  double rows() const { return static_cast<double>(row_count()); }
  double cols() const { return static_cast<double>(data_.cols()); }
  std::string dtype() const { return std::string(name_of(data_.x.dtype())); }
  bool labelled() const { return !data_.class_index.empty() || data_.rows() == 0; }
  val classes() const { return classes_to_js(data_.classes); }
  // A copy of the labels as an Array, null without them.
  val labels() const;
  std::vector<std::string> feature_names() const { return perceptron::feature_names(data_); }
  val set_feature_names(const val& names) {
    return outcome(perceptron::set_feature_names(data_, to_strings(names)));
  }
  // {data, rows, cols}: a copy of the values in the dataset's dtype (a sparse one spread out).
  val to_array() const;

  // This handle becomes `data` (read from a CSV file, `dropped` rows left out).
  void adopt(Dataset data, std::size_t dropped) {
    data_ = std::move(data);
    dropped_rows_ = dropped;
  }
  double dropped_rows() const { return static_cast<double>(dropped_rows_); }

  const Dataset& data() const { return data_; }

 private:
  std::size_t row_count() const { return names_ ? names_->rows() : data_.rows(); }
  // This handle becomes `built` when `status` is a success; undefined or the error object.
  val take(const Status& status, Dataset& built) {
    if (status.ok()) data_ = std::move(built);
    return outcome(status);
  }

  Dataset data_;
  std::optional<NamedRows> names_;
  std::size_t dropped_rows_ = 0;
};

// A handle passed as a JS value that may be undefined (an optional dataset): null when absent.
const DatasetHandle* optional_dataset(const val& value);

}  // namespace perceptron::wasm
