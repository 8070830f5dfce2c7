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

val DatasetHandle::take(const Status& status, Dataset& built) {
  if (status.ok()) data_ = std::move(built);
  return outcome(status);
}

val DatasetHandle::allocate(double rows, double cols, const std::string& dtype,
                            const std::string& argument) {
  Dataset built;
  return take(Matrix::allocate(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols),
                               dtype_of(dtype), argument, built.x),
              built);
}

val DatasetHandle::allocate_sparse(double rows, double cols, double stored,
                                   const std::string& dtype, const std::string& argument) {
  Dataset built;
  return take(
      Matrix::allocate_sparse(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols),
                              static_cast<std::size_t>(stored), dtype_of(dtype), argument, built.x),
      built);
}

val DatasetHandle::view() { return typed(data_.x, data_.x.data(), data_.x.size(), false); }

val DatasetHandle::sparse_view(const std::string& part) {
  Matrix& x = data_.x;
  if (part == "indptr") return val(emscripten::typed_memory_view(x.rows() + 1, x.indptr()));
  if (part == "indices") return val(emscripten::typed_memory_view(x.stored(), x.indices()));
  return typed(x, x.data(), x.stored(), false);
}

val DatasetHandle::to_sparse() const {
  const Matrix& x = data_.x;
  std::vector<std::uint32_t> indptr{0};
  std::vector<std::uint32_t> indices;
  std::vector<double> values;
  for (std::size_t i = 0; i < x.rows(); ++i) {
    x.row(i).for_each_nonzero([&](std::size_t j, double v) {
      indices.push_back(static_cast<std::uint32_t>(j));
      values.push_back(v);
    });
    indptr.push_back(static_cast<std::uint32_t>(indices.size()));
  }
  val out = val::object();
  out.set("rows", rows());
  out.set("cols", cols());
  out.set("indptr", vector_out(indptr));
  out.set("indices", vector_out(indices));
  out.set("values", x.dtype() == DType::float32
                        ? vector_out(std::vector<float>(values.begin(), values.end()))
                        : vector_out(values));
  return out;
}

val DatasetHandle::check(const std::string& argument) const {
  if (names_) return val::undefined();  // mapped and checked by the model
  if (Status s = data_.x.check_structure(argument); !s.ok()) return error_object(s);
  return outcome(data_.x.check(argument));
}

val DatasetHandle::set_labels(const val& labels, bool numeric, const std::string& y_name,
                              const std::string& x_name) {
  const auto count = labels["length"].as<std::size_t>();
  if (count != row_count()) {
    return error_object(Status::range_error(y_name + " must have one label per row of " + x_name +
                                            " (" + std::to_string(row_count()) + "); received " +
                                            std::to_string(count) + " labels"));
  }
  Classes classes;
  std::vector<std::uint32_t> index;
  if (Status s = encode(labels, numeric, y_name, classes, index); !s.ok()) {
    return error_object(s);
  }
  data_.classes = std::move(classes);
  data_.class_index = std::move(index);
  return val::undefined();
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
  if (data_.classes.numeric) return copy_out(labels_of<double>(data_));
  return strings_out(labels_of<std::string>(data_));
}

std::vector<std::string> DatasetHandle::feature_names() const {
  std::vector<std::string> out;
  for (std::size_t j = 0; j < data_.cols(); ++j) out.push_back(feature_name(data_, j));
  return out;
}

val DatasetHandle::set_feature_names(const val& names) {
  std::vector<std::string> list = to_strings(names);
  if (list.size() != data_.cols()) {
    return error_object(Status::range_error("featureNames must hold one name per column (" +
                                            std::to_string(data_.cols()) + "); received " +
                                            std::to_string(list.size())));
  }
  data_.feature_names = std::move(list);
  return val::undefined();
}

val DatasetHandle::to_array() const {
  const Matrix& x = data_.x;
  val out = val::object();
  out.set("rows", rows());
  out.set("cols", cols());
  if (x.contiguous() && !x.sparse()) {
    out.set("data", typed(x, x.data(), x.size(), true));
    return out;
  }
  // Rows picked from a matrix, or sparse ones spread out: gathered into a dense matrix of its
  // own first (a RangeError when it does not fit).
  Matrix dense;
  if (Status s = Matrix::allocate(x.rows(), x.cols(), x.dtype(), "the dense copy of X", dense);
      !s.ok()) {
    return error_object(s);
  }
  const auto fill = [&](auto* d) {
    std::fill(d, d + dense.size(), 0);
    for (std::size_t i = 0; i < x.rows(); ++i) {
      const Row r = x.row(i);
      r.visit([&](const auto* v) {
        for (std::size_t k = 0; k < r.stored(); ++k) {
          d[i * x.cols() + (r.sparse() ? r.indices()[k] : k)] = v[k];
        }
      });
    }
  };
  if (x.dtype() == DType::float32) {
    fill(static_cast<float*>(dense.data()));
  } else {
    fill(static_cast<double*>(dense.data()));
  }
  out.set("data", typed(x, dense.data(), dense.size(), true));
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
  if (Status s = array_options(option_list(options), dtype); !s.ok()) return error_object(s);
  return val(std::string(name_of(dtype)));
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_dataset) {
  emscripten::function("arrayDtype", &array_dtype);
  emscripten::class_<DatasetHandle>("DatasetHandle")
      .constructor<>()
      .function("allocate", &DatasetHandle::allocate)
      .function("view", &DatasetHandle::view)
      .function("allocateSparse", &DatasetHandle::allocate_sparse)
      .function("sparseView", &DatasetHandle::sparse_view)
      .function("finishSparse", &DatasetHandle::finish_sparse)
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
