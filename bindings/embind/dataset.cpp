#include "dataset.hpp"

#include <algorithm>

#include "perceptron/data/generate.hpp"
#include "perceptron/data/preprocess.hpp"

namespace perceptron::wasm {

namespace {

DType dtype_of(const std::string& name) {
  return name == "float32" ? DType::float32 : DType::float64;
}

// n values of x's dtype at `values` as a typed array over wasm memory (a view, or a copy).
val typed(const Matrix& x, const void* values, std::size_t n, bool copy) {
  const val view = x.dtype() == DType::float32
                       ? val(emscripten::typed_memory_view(n, static_cast<const float*>(values)))
                       : val(emscripten::typed_memory_view(n, static_cast<const double*>(values)));
  return copy ? view.call<val>("slice") : view;
}

}  // namespace

val DatasetHandle::allocate(const val& rows, const val& cols, const val& length,
                            const std::string& dtype, const std::string& argument) {
  Dataset built;
  return take(allocate_given(option_value(rows), option_value(cols), option_value(length),
                             dtype_of(dtype), argument, built.x),
              built);
}

val DatasetHandle::allocate_sparse(double offsets, const val& cols, double indices, double values,
                                   const val& rows, const std::string& dtype,
                                   const std::string& argument) {
  const auto count = [](double n) { return static_cast<std::uint64_t>(n); };
  Dataset built;
  return take(allocate_given_csr(count(offsets), option_value(cols), count(indices), count(values),
                                 option_value(rows), dtype_of(dtype), argument, built.x),
              built);
}

val DatasetHandle::write_narrowed(double offset, const val& values, const std::string& argument) {
  const std::vector<double> chunk = to_doubles(values);
  return outcome(data_.x.write_narrowed(static_cast<std::size_t>(offset), chunk.data(),
                                        chunk.size(), argument));
}

val DatasetHandle::view() { return typed(data_.x, data_.x.data(), data_.x.size(), false); }

val DatasetHandle::sparse_view(const std::string& part) {
  Matrix& x = data_.x;
  if (part == "indptr") return val(emscripten::typed_memory_view(x.rows() + 1, x.indptr()));
  if (part == "indices") return val(emscripten::typed_memory_view(x.stored(), x.indices()));
  return typed(x, x.data(), x.stored(), false);
}

val DatasetHandle::to_sparse() const {
  CsrCopy csr = csr_copy(data_.x);
  val out = val::object();
  out.set("rows", rows());
  out.set("cols", cols());
  out.set("indptr", vector_out(csr.indptr));
  out.set("indices", vector_out(csr.indices));
  out.set("values", data_.x.dtype() == DType::float32
                        ? vector_out(std::vector<float>(csr.values.begin(), csr.values.end()))
                        : vector_out(csr.values));
  return out;
}

val DatasetHandle::check(const std::string& argument) const {
  if (names_) return val::undefined();  // mapped and checked by the model
  if (Status s = data_.x.check_structure(argument); !s.ok()) return error_object(s);
  return outcome(data_.x.check(argument));
}

val DatasetHandle::set_labels(const val& labels, bool numeric, const std::string& y_name,
                              const std::string& x_name) {
  Classes classes;
  std::vector<std::uint32_t> index;
  const std::size_t rows = row_count();
  const Status s = numeric ? encode_rows(to_doubles(labels), rows, y_name, x_name, classes, index)
                           : encode_rows(to_strings(labels), rows, y_name, x_name, classes, index);
  if (s.ok()) {
    data_.classes = std::move(classes);
    data_.class_index = std::move(index);
  }
  return outcome(s);
}

val DatasetHandle::share_with_labels(const DatasetHandle& source, const val& labels, bool numeric,
                                     const std::string& y_name, const std::string& x_name) {
  DatasetHandle built;
  built.data_.x = source.data_.x;
  built.data_.feature_names = source.data_.feature_names;
  const val e = built.set_labels(labels, numeric, y_name, x_name);
  if (e.isUndefined()) data_ = std::move(built.data_);
  return e;
}

val DatasetHandle::select_from(const DatasetHandle& source, const val& rows,
                               const std::string& argument) {
  Dataset picked;
  return take(select_rows(source.data_, to_indices(rows), argument, picked), picked);
}

val DatasetHandle::scale_from(const DatasetHandle& source, const val& shift, const val& scale) {
  Scaler scaler;
  scaler.shift = to_doubles(shift);
  scaler.scale = to_doubles(scale);
  Dataset scaled = source.data_;
  return take(transform(scaler, source.data_.x, scaled.x), scaled);
}

val DatasetHandle::generate(const val& options) {
  Dataset made;
  return take(perceptron::generate(option_list(options), made), made);
}

val DatasetHandle::labels() const {
  if (!labelled() || row_count() == 0) return val::null();
  if (!data_.classes.numeric) return strings_out(labels_of<std::string>(data_));
  return val::global("Array").call<val>("from", copy_out(labels_of<double>(data_)));
}

val DatasetHandle::to_array() const {
  const Matrix& x = data_.x;
  val out = val::object();
  out.set("rows", rows());
  out.set("cols", cols());
  // Rows picked from a matrix, or sparse ones spread out: gathered into a dense matrix of its
  // own first (a RangeError when it does not fit).
  Matrix dense = x;
  if (!x.contiguous() || x.sparse()) {
    if (Status s = x.dense_copy("the dense copy of X", dense); !s.ok()) return error_object(s);
  }
  out.set("data", typed(dense, dense.data(), dense.size(), true));
  return out;
}

const DatasetHandle* optional_dataset(const val& value) {
  if (value.isUndefined() || value.isNull()) return nullptr;
  return value.as<DatasetHandle*>(emscripten::allow_raw_pointers());
}

namespace {

// Dataset.fromArray's and fromSparse's options: the dtype's name, or the core's error.
val array_dtype(const val& options) {
  DType dtype = DType::float64;
  if (Status s = array_options(option_list(options), array_option(options, "featureNames"), dtype);
      !s.ok()) {
    return error_object(s);
  }
  return val(std::string(name_of(dtype)));
}

// Dataset.fromArray's shape, checked by the core: [rows, cols], or [] when left out.
val array_shape_js(const val& shape, const std::string& typed, const val& rows, const val& cols) {
  std::vector<double> size;
  const OptionList fields =
      shape.isNull() || shape.isUndefined() ? OptionList{} : option_list(shape);
  return result(
      array_shape(option_value(shape), fields, typed, option_value(rows), option_value(cols), size),
      size);
}

// pw.preprocessing.fitScaler: a scaler fitted on a dataset (the models' preprocess option uses
// them too); options {kind}: a scaling's name, checked by the core.
val preprocessing_fit(const DatasetHandle& x, const val& options) {
  Scaling scaling = Scaling::standardize;
  std::vector<const OptionValue*> given;
  const OptionList list = option_list(options);
  Status s = options_by_name(list, {"kind"}, given);
  if (s.ok() && given[0]) s = set_scaling("kind", *given[0], scaling);
  if (!s.ok()) return error_object(s);
  Scaler scaler;
  if (s = fit_scaler(x.data().x, scaling, scaler); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("kind", std::string(name_of(scaling)));
  out.set("shift", copy_out(scaler.shift));
  out.set("scale", copy_out(scaler.scale));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_dataset) {
  emscripten::function("arrayDtype", &array_dtype);
  emscripten::function("arrayShape", &array_shape_js);
  emscripten::function("preprocessingFit", &preprocessing_fit);
  emscripten::class_<DatasetHandle>("DatasetHandle")
      .constructor<>()
      .function("allocate", &DatasetHandle::allocate)
      .function("view", &DatasetHandle::view)
      .function("writeNarrowed", &DatasetHandle::write_narrowed)
      .function("allocateSparse", &DatasetHandle::allocate_sparse)
      .function("sparseView", &DatasetHandle::sparse_view)
      .function("finish", &DatasetHandle::finish)
      .function("sparse", &DatasetHandle::sparse)
      .function("stored", &DatasetHandle::stored)
      .function("toSparse", &DatasetHandle::to_sparse)
      .function("check", &DatasetHandle::check)
      .function("setLabels", &DatasetHandle::set_labels)
      .function("setNamed", &DatasetHandle::set_named)
      .function("shareWithLabels", &DatasetHandle::share_with_labels)
      .function("selectFrom", &DatasetHandle::select_from)
      .function("scaleFrom", &DatasetHandle::scale_from)
      .function("generate", &DatasetHandle::generate)
      .function("rows", &DatasetHandle::rows)
      .function("cols", &DatasetHandle::cols)
      .function("dtype", &DatasetHandle::dtype)
      .function("labelled", &DatasetHandle::labelled)
      .function("classes", &DatasetHandle::classes)
      .function("labels", &DatasetHandle::labels)
      .function("featureNames", &DatasetHandle::feature_names)
      .function("setFeatureNames", &DatasetHandle::set_feature_names)
      .function("droppedRows", &DatasetHandle::dropped_rows)
      .function("toArray", &DatasetHandle::to_array);
}

}  // namespace perceptron::wasm
