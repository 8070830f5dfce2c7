#include "dataset.hpp"

#include <algorithm>
#include <cstring>

#include "perceptron/data/generate.hpp"
#include "perceptron/data/preprocess.hpp"

namespace perceptron::wasm {

val DatasetHandle::allocate(double rows, double cols, const std::string& dtype,
                            const std::string& argument) {
  const DType type = dtype == "float32" ? DType::float32 : DType::float64;
  Dataset built;
  if (Status s = Matrix::allocate(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols),
                                  type, argument, built.x);
      !s.ok()) {
    return error_object(s);
  }
  data_ = std::move(built);
  return val::undefined();
}

val DatasetHandle::allocate_sparse(double rows, double cols, double stored,
                                   const std::string& dtype, const std::string& argument) {
  const DType type = dtype == "float32" ? DType::float32 : DType::float64;
  Dataset built;
  if (Status s =
          Matrix::allocate_sparse(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols),
                                  static_cast<std::size_t>(stored), type, argument, built.x);
      !s.ok()) {
    return error_object(s);
  }
  data_ = std::move(built);
  return val::undefined();
}

val DatasetHandle::sparse_view(const std::string& part) {
  Matrix& x = data_.x;
  if (part == "indptr") return val(emscripten::typed_memory_view(x.rows() + 1, x.indptr()));
  if (part == "indices") return val(emscripten::typed_memory_view(x.stored(), x.indices()));
  if (x.dtype() == DType::float32) {
    return val(emscripten::typed_memory_view(x.stored(), static_cast<float*>(x.data())));
  }
  return val(emscripten::typed_memory_view(x.stored(), static_cast<double*>(x.data())));
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
  out.set("indptr", copy_out(indptr));
  out.set("indices", copy_out(indices));
  if (x.dtype() == DType::float32) {
    out.set("values", copy_out(std::vector<float>(values.begin(), values.end())));
  } else {
    out.set("values", copy_out(values));
  }
  return out;
}

val DatasetHandle::view() {
  const std::size_t n = data_.x.size();
  if (data_.x.dtype() == DType::float32) {
    return val(emscripten::typed_memory_view(n, static_cast<float*>(data_.x.data())));
  }
  return val(emscripten::typed_memory_view(n, static_cast<double*>(data_.x.data())));
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
  if (val e = built.set_labels(labels, numeric, y_name, x_name); !e.isUndefined()) return e;
  data_ = std::move(built.data_);
  return val::undefined();
}

val DatasetHandle::select_from(const DatasetHandle& source, const val& rows,
                               const std::string& argument) {
  Dataset picked;
  if (Status s = select_rows(source.data_, to_indices(rows), argument, picked); !s.ok()) {
    return error_object(s);
  }
  data_ = std::move(picked);
  return val::undefined();
}

val DatasetHandle::scale_from(const DatasetHandle& source, const val& shift, const val& scale) {
  Scaler scaler;
  scaler.shift = to_doubles(shift);
  scaler.scale = to_doubles(scale);
  Dataset scaled = source.data_;
  if (Status s = transform(scaler, source.data_.x, scaled.x); !s.ok()) return error_object(s);
  data_ = std::move(scaled);
  return val::undefined();
}

val DatasetHandle::generate(const val& options) {
  Dataset made;
  if (Status s = perceptron::generate(option_list(options), made); !s.ok()) return error_object(s);
  data_ = std::move(made);
  return val::undefined();
}

val DatasetHandle::labels() const {
  if (data_.classes.numeric) return copy_out(labels_of<double>(data_));
  return strings_out(labels_of<std::string>(data_));
}

val DatasetHandle::feature_names() const {
  val out = val::array();
  for (std::size_t j = 0; j < data_.cols(); ++j) {
    out.call<void>("push", feature_name(data_, j));
  }
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
  if (x.sparse()) {
    // Spread out into a dense matrix of its own first (a RangeError when it does not fit).
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
          for (std::size_t k = 0; k < r.stored(); ++k) d[i * x.cols() + r.indices()[k]] = v[k];
        });
      }
    };
    if (x.dtype() == DType::float32) {
      fill(static_cast<float*>(dense.data()));
      out.set("data", copy_out(static_cast<const float*>(dense.data()), dense.size()));
    } else {
      fill(static_cast<double*>(dense.data()));
      out.set("data", copy_out(static_cast<const double*>(dense.data()), dense.size()));
    }
    return out;
  }
  const std::size_t element = bytes_of(x.dtype());
  std::vector<unsigned char> gathered;
  const void* values = x.data();
  if (!x.contiguous()) {
    gathered.resize(x.size() * element);
    for (std::size_t i = 0; i < x.rows(); ++i) {
      const auto* row =
          static_cast<const unsigned char*>(x.data()) + x.storage_row(i) * x.cols() * element;
      std::memcpy(gathered.data() + i * x.cols() * element, row, x.cols() * element);
    }
    values = gathered.data();
  }
  if (x.dtype() == DType::float32) {
    out.set("data", copy_out(static_cast<const float*>(values), x.size()));
  } else {
    out.set("data", copy_out(static_cast<const double*>(values), x.size()));
  }
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
