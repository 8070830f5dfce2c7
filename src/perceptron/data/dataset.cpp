#include "perceptron/data/dataset.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace perceptron {

std::string Classes::describe(std::size_t index) const {
  return numeric ? format_number(numbers[index]) : quote(names[index]);
}

std::string Classes::list(std::size_t shown) const {
  std::string out = "[";
  for (std::size_t c = 0; c < size() && c < shown; ++c) out += (c ? ", " : "") + describe(c);
  return out + (size() > shown ? ", ...]" : "]");
}

namespace {

template <typename Label>
std::vector<Label>& values_of(Classes& classes);
template <>
std::vector<double>& values_of<double>(Classes& classes) {
  return classes.numbers;
}
template <>
std::vector<std::string>& values_of<std::string>(Classes& classes) {
  return classes.names;
}

std::string describe_label(double label) { return format_number(label); }
std::string describe_label(const std::string& label) { return quote(label); }

template <typename Label>
Status encode(const std::vector<Label>& labels, const std::string& argument, Classes& classes,
              std::vector<std::uint32_t>& class_index) {
  if constexpr (std::is_same_v<Label, double>) {
    for (std::size_t i = 0; i < labels.size(); ++i) {
      if (!std::isfinite(labels[i])) {
        return Status::range_error(argument + "[" + std::to_string(i) +
                                   "] must be a finite number or a string; received " +
                                   format_number(labels[i]));
      }
    }
  }
  Classes found;
  found.numeric = std::is_same_v<Label, double>;
  auto& values = values_of<Label>(found);
  // Distinct values kept sorted as they are met: O(n log K) for K classes, where sorting a
  // copy of all n labels would be O(n log n). std::string's operator< compares bytes, which
  // for UTF-8 is Unicode code point order.
  for (const Label& label : labels) {
    const auto at = std::lower_bound(values.begin(), values.end(), label);
    if (at == values.end() || !(*at == label)) values.insert(at, label);
  }
  std::vector<std::uint32_t> indices(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    indices[i] = static_cast<std::uint32_t>(
        std::lower_bound(values.begin(), values.end(), labels[i]) - values.begin());
  }
  classes = std::move(found);
  class_index = std::move(indices);
  return Status::success();
}

template <typename Label>
Status index_with(const std::vector<Label>& labels, const Classes& classes,
                  const std::string& argument, std::vector<std::uint32_t>& class_index,
                  bool indexed) {
  constexpr bool numeric = std::is_same_v<Label, double>;
  if (classes.numeric != numeric) {
    return Status::type_error(argument + " must hold " + (classes.numeric ? "numbers" : "strings") +
                              " like the model's classes; received " +
                              (numeric ? "numbers" : "strings"));
  }
  const std::vector<Label>* known_values = nullptr;
  if constexpr (numeric) {
    known_values = &classes.numbers;
  } else {
    known_values = &classes.names;
  }
  const auto& values = *known_values;
  std::vector<std::uint32_t> indices(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const auto found = std::lower_bound(values.begin(), values.end(), labels[i]);
    if (found == values.end() || !(*found == labels[i])) {
      const std::string where = indexed ? argument + "[" + std::to_string(i) + "]" : argument;
      return Status::range_error(where + " must be one of the classes " + classes.list() +
                                 "; received " + describe_label(labels[i]));
    }
    indices[i] = static_cast<std::uint32_t>(found - values.begin());
  }
  class_index = std::move(indices);
  return Status::success();
}

}  // namespace

Status encode_labels(const std::vector<double>& labels, const std::string& argument,
                     Classes& classes, std::vector<std::uint32_t>& class_index) {
  return encode(labels, argument, classes, class_index);
}
Status encode_labels(const std::vector<std::string>& labels, const std::string& argument,
                     Classes& classes, std::vector<std::uint32_t>& class_index) {
  return encode(labels, argument, classes, class_index);
}
Status index_labels(const std::vector<double>& labels, const Classes& classes,
                    const std::string& argument, std::vector<std::uint32_t>& class_index,
                    bool indexed) {
  return index_with(labels, classes, argument, class_index, indexed);
}
Status index_labels(const std::vector<std::string>& labels, const Classes& classes,
                    const std::string& argument, std::vector<std::uint32_t>& class_index,
                    bool indexed) {
  return index_with(labels, classes, argument, class_index, indexed);
}

namespace {

Status label_count_error(const std::string& argument, const std::string& x_name, std::size_t rows,
                         std::size_t count) {
  return Status::range_error(argument + " must have one label per row of " + x_name + " (" +
                             std::to_string(rows) + "); received " + std::to_string(count) +
                             " labels");
}

}  // namespace

template <typename Label>
Status encode_rows(const std::vector<Label>& labels, std::size_t rows, const std::string& argument,
                   const std::string& x_name, Classes& classes,
                   std::vector<std::uint32_t>& class_index) {
  if (labels.size() != rows) return label_count_error(argument, x_name, rows, labels.size());
  return encode_labels(labels, argument, classes, class_index);
}

template Status encode_rows<double>(const std::vector<double>&, std::size_t, const std::string&,
                                    const std::string&, Classes&, std::vector<std::uint32_t>&);
template Status encode_rows<std::string>(const std::vector<std::string>&, std::size_t,
                                         const std::string&, const std::string&, Classes&,
                                         std::vector<std::uint32_t>&);

Status check_two_classes(const Classes& classes, const std::string& argument,
                         const std::string& model) {
  if (classes.size() == 2) return Status::success();
  return Status::range_error(argument + " must hold exactly two distinct classes for " + model +
                             "; received " + std::to_string(classes.size()) +
                             (classes.size() == 1 ? " class " : " classes ") + classes.list(5));
}

Status check_matrix(std::span<const double> data, std::size_t rows, std::size_t cols,
                    const std::string& argument) {
  if (rows != 0 && cols != 0 &&
      (rows > std::numeric_limits<std::uint32_t>::max() || data.size() / rows != cols ||
       data.size() % rows != 0)) {
    return Status::range_error(argument + " must hold rows * cols = " + std::to_string(rows) +
                               " * " + std::to_string(cols) + " values; received " +
                               std::to_string(data.size()));
  }
  if (Status s = Matrix::check_shape(rows, cols, argument); !s.ok()) return s;
  for (std::size_t k = 0; k < data.size(); ++k) {
    if (!std::isfinite(data[k])) {
      return Status::range_error(argument + " must contain only finite numbers; received " +
                                 format_number(data[k]) + " at row " + std::to_string(k / cols) +
                                 ", column " + std::to_string(k % cols));
    }
  }
  return Status::success();
}

Dataset Dataset::select(const std::vector<std::uint32_t>& rows) const {
  Dataset out;
  out.x = x.select(rows);
  out.classes = classes;
  out.feature_names = feature_names;
  if (!class_index.empty()) {
    out.class_index.resize(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) out.class_index[k] = class_index[rows[k]];
  }
  return out;
}

Status relabel(const Dataset& data, const Classes& classes, const std::string& argument,
               Dataset& out) {
  std::vector<std::uint32_t> index;
  const Status s = data.classes.numeric
                       ? index_labels(labels_of<double>(data), classes, argument, index)
                       : index_labels(labels_of<std::string>(data), classes, argument, index);
  if (!s.ok()) return s;
  Dataset built = data;
  built.classes = classes;
  built.class_index = std::move(index);
  out = std::move(built);
  return Status::success();
}

Status select_rows(const Dataset& data, const std::vector<std::uint32_t>& rows,
                   const std::string& argument, Dataset& out) {
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (rows[k] >= data.rows()) {
      return Status::range_error(argument + "[" + std::to_string(k) +
                                 "] must be a row index below " + std::to_string(data.rows()) +
                                 "; received " + std::to_string(rows[k]));
    }
  }
  Dataset picked = data.select(rows);
  // Only the classes present, as if the rows' labels had been given on their own.
  std::vector<std::uint32_t> renumber(data.classes.size(), 0);
  for (std::uint32_t c : picked.class_index) renumber[c] = 1;
  Classes present;
  present.numeric = data.classes.numeric;
  for (std::size_t c = 0, next = 0; c < renumber.size(); ++c) {
    if (renumber[c] == 0) continue;
    renumber[c] = static_cast<std::uint32_t>(next++);
    if (present.numeric) {
      present.numbers.push_back(data.classes.numbers[c]);
    } else {
      present.names.push_back(data.classes.names[c]);
    }
  }
  for (std::uint32_t& c : picked.class_index) c = renumber[c];
  picked.classes = std::move(present);
  out = std::move(picked);
  return Status::success();
}

std::string feature_name(const Dataset& data, std::size_t j) {
  if (j < data.feature_names.size()) return data.feature_names[j];
  std::string name = "x";  // appended, not "x" + ...: GCC 12 warns falsely (-Wrestrict) on that
  name += std::to_string(j + 1);
  return name;
}

template <typename Label>
std::vector<Label> labels_of(const Dataset& data) {
  std::vector<Label> out(data.class_index.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    if constexpr (std::is_same_v<Label, double>) {
      out[i] = data.classes.numbers[data.class_index[i]];
    } else {
      out[i] = data.classes.names[data.class_index[i]];
    }
  }
  return out;
}

template std::vector<double> labels_of<double>(const Dataset&);
template std::vector<std::string> labels_of<std::string>(const Dataset&);

Status check_dataset(const Dataset& data, const std::string& argument, bool labelled) {
  if (Status s = data.x.check(argument + "X"); !s.ok()) return s;
  if (labelled && data.class_index.size() != data.rows()) {
    return label_count_error(argument + "y", argument + "X", data.rows(), data.class_index.size());
  }
  return Status::success();
}

template <typename Label>
Status make_dataset(std::vector<double> x, std::size_t rows, std::size_t cols,
                    const std::vector<Label>& labels, Dataset& out) {
  if (Status s = check_matrix(x, rows, cols, "X"); !s.ok()) return s;
  Dataset built;
  if (Status s = encode_rows(labels, rows, "y", "X", built.classes, built.class_index); !s.ok()) {
    return s;
  }
  if (Status s = Matrix::allocate(rows, cols, DType::float64, "X", built.x); !s.ok()) return s;
  std::copy(x.begin(), x.end(), static_cast<double*>(built.x.data()));
  out = std::move(built);
  return Status::success();
}

template Status make_dataset<double>(std::vector<double>, std::size_t, std::size_t,
                                     const std::vector<double>&, Dataset&);
template Status make_dataset<std::string>(std::vector<double>, std::size_t, std::size_t,
                                          const std::vector<std::string>&, Dataset&);

std::vector<std::string> feature_names(const Dataset& data) {
  std::vector<std::string> out;
  for (std::size_t j = 0; j < data.cols(); ++j) out.push_back(feature_name(data, j));
  return out;
}

Status array_options(const OptionList& options, DType& dtype) {
  std::vector<const OptionValue*> given;
  if (Status s = options_by_name(options, {"dtype", "featureNames"}, given); !s.ok()) return s;
  DType read = DType::float64;
  if (given[0]) {
    if (Status s = set_dtype("dtype", *given[0], read); !s.ok()) return s;
  }
  dtype = read;
  return Status::success();
}

Status array_options(const OptionList& options,
                     const std::optional<std::vector<OptionValue>>& names, DType& dtype) {
  DType read = DType::float64;
  if (Status s = array_options(options, read); !s.ok()) return s;
  const std::string expected = "option featureNames must be an array of strings; ";
  for (const auto& [name, value] : options) {
    if (name == "featureNames" && !names) {
      return Status::type_error(expected + "received " + describe(value));
    }
  }
  for (std::size_t j = 0; names && j < names->size(); ++j) {
    if (!std::holds_alternative<std::string>((*names)[j])) {
      return Status::type_error(expected + "featureNames[" + std::to_string(j) + "] is " +
                                describe((*names)[j]));
    }
  }
  dtype = read;
  return Status::success();
}

Status read_count(const std::string& name, const OptionValue& value, std::uint64_t& out) {
  const auto* n = std::get_if<double>(&value);
  if (!n || !(*n >= 0 && *n <= static_cast<double>(max_safe_integer) && std::floor(*n) == *n)) {
    const std::string m = name + " must be a non-negative integer; received " + describe(value);
    return n ? Status::range_error(m) : Status::type_error(m);
  }
  out = static_cast<std::uint64_t>(*n);
  return Status::success();
}

Status allocate_given(const OptionValue& rows, const OptionValue& cols, const OptionValue& length,
                      DType dtype, const std::string& argument, Matrix& out) {
  std::uint64_t r = 0, c = 0;
  if (Status s = read_count(argument + ".rows", rows, r); !s.ok()) return s;
  if (Status s = read_count(argument + ".cols", cols, c); !s.ok()) return s;
  const auto* given = std::get_if<double>(&length);
  const double size = static_cast<double>(r) * static_cast<double>(c);
  if (given && *given != size) {
    return Status::range_error(argument + ".data must hold rows * cols = " + std::to_string(r) +
                               " * " + std::to_string(c) + " = " + format_number(size) +
                               " values; received " + format_number(*given));
  }
  return Matrix::allocate(r, c, dtype, argument, out);
}

Status allocate_given_csr(std::uint64_t offsets, const OptionValue& cols, std::uint64_t indices,
                          std::uint64_t values, const OptionValue& rows, DType dtype,
                          const std::string& argument, Matrix& out) {
  std::uint64_t c = 0, r = 0;
  if (Status s = read_count(argument + ".cols", cols, c); !s.ok()) return s;
  const auto* other = std::get_if<OtherValue>(&rows);
  const bool given = !other || other->description != "undefined";
  if (Status s = given ? read_count(argument + ".rows", rows, r) : Status::success(); !s.ok()) {
    return s;
  }
  return Matrix::allocate_csr(offsets, c, indices, values, given ? std::optional(r) : std::nullopt,
                              dtype, argument, out);
}

Status array_shape(const OptionValue& shape, const OptionList& fields, const std::string& typed,
                   const OptionValue& x_rows, const OptionValue& x_cols,
                   std::vector<double>& size) {
  const auto* other = std::get_if<OtherValue>(&shape);
  if (other && (is_null(shape) || other->description == "undefined")) {
    if (typed.empty()) return Status::success();
    return Status::type_error("a " + typed + " needs its shape: fromArray(data, {rows, cols})");
  }
  if (!other || other->description != "an object") {
    return Status::type_error(
        "shape must be {rows, cols} or undefined (labels come third: fromArray(X, undefined, y)); "
        "received " +
        describe(shape));
  }
  std::uint64_t counts[2] = {0, 0};
  for (int k = 0; k < 2; ++k) {
    const std::string name = k == 0 ? "rows" : "cols";
    OptionValue value = OtherValue{"undefined"};
    for (const auto& [field, given] : fields) {
      if (field == name) value = given;
    }
    if (Status s = read_count("shape." + name, value, counts[k]); !s.ok()) return s;
  }
  std::uint64_t r = 0, c = 0;
  if (read_count("", x_rows, r).ok() && read_count("", x_cols, c).ok() &&
      (r != counts[0] || c != counts[1])) {
    return Status::range_error("X has " + std::to_string(r) + " rows and " + std::to_string(c) +
                               " columns; shape says {rows: " + std::to_string(counts[0]) +
                               ", cols: " + std::to_string(counts[1]) + "}");
  }
  size = {static_cast<double>(counts[0]), static_cast<double>(counts[1])};
  return Status::success();
}

Status set_feature_names(Dataset& data, std::vector<std::string> names) {
  if (names.size() != data.cols()) {
    return Status::range_error("featureNames must hold one name per column (" +
                               std::to_string(data.cols()) + "); received " +
                               std::to_string(names.size()));
  }
  data.feature_names = std::move(names);
  return Status::success();
}

}  // namespace perceptron
