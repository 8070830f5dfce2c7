// Datasets: a feature matrix X (matrix.hpp: row-major, float64 or float32, shared without
// copying) with one label per row.
//
// The bias is not stored in X; models keep it apart (see perceptron.hpp).
// Labels: the user's own label values (all numbers or all strings) are kept in `classes`,
// sorted ascending (numbers numerically, strings by Unicode code point); each row stores the
// index of its class. For a binary model, class 0 is the negative class (-1) and class 1 the
// positive class (+1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "perceptron/data/matrix.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// The distinct label values of a dataset or model, sorted, in one of two kinds.
struct Classes {
  bool numeric = true;
  std::vector<double> numbers;     // when numeric
  std::vector<std::string> names;  // when not numeric

  std::size_t size() const { return numeric ? numbers.size() : names.size(); }
  std::string describe(std::size_t index) const;  // "3" or "\"cat\"", for messages
  // The classes for messages: "[-1, 1]", the first `shown` of them and "..." after.
  std::string list(std::size_t shown = static_cast<std::size_t>(-1)) const;
  bool operator==(const Classes&) const = default;
};

// Sorts and deduplicates the labels into `classes` and writes each row's class index.
// Rejects NaN or infinite numeric labels. `argument` names the labels in messages ("y").
Status encode_labels(const std::vector<double>& labels, const std::string& argument,
                     Classes& classes, std::vector<std::uint32_t>& class_index);
Status encode_labels(const std::vector<std::string>& labels, const std::string& argument,
                     Classes& classes, std::vector<std::uint32_t>& class_index);

// encode_labels for the labels of `rows` rows: one per row, else a RangeError naming
// `argument` and `x_name` ("y must have one label per row of X (6); received 2 labels").
template <typename Label>
Status encode_rows(const std::vector<Label>& labels, std::size_t rows, const std::string& argument,
                   const std::string& x_name, Classes& classes,
                   std::vector<std::uint32_t>& class_index);

// Maps labels onto the indices of classes fixed before (partial/online learning): a label
// that is not one of `classes` is a RangeError naming it, as argument[i] when `indexed`
// (an array of labels) or as argument alone (a single label).
Status index_labels(const std::vector<double>& labels, const Classes& classes,
                    const std::string& argument, std::vector<std::uint32_t>& class_index,
                    bool indexed = true);
Status index_labels(const std::vector<std::string>& labels, const Classes& classes,
                    const std::string& argument, std::vector<std::uint32_t>& class_index,
                    bool indexed = true);

// Exactly two classes, what the binary models train on; `argument` names the labels and `model`
// the kind ("a binary perceptron") in the message, which lists the classes found.
Status check_two_classes(const Classes& classes, const std::string& argument,
                         const std::string& model);

// Checks a row-major matrix: rows >= 1, cols >= 1, data.size() == rows * cols, every value
// finite. `argument` names it in messages ("X").
Status check_matrix(std::span<const double> data, std::size_t rows, std::size_t cols,
                    const std::string& argument);

// A matrix X and, for training and scoring, one label per row. A Dataset without labels
// (class_index empty) is just the matrix: what predict reads. Copies share X's values.
struct Dataset {
  Matrix x;
  Classes classes;
  std::vector<std::uint32_t> class_index;  // one per row, into classes
  std::vector<std::string> feature_names;  // one per column when known (a CSV header), or empty

  std::size_t rows() const { return x.rows(); }
  std::size_t cols() const { return x.cols(); }
  // +1 for class 1, -1 for class 0: the label encoding of binary models.
  int sign(std::size_t i) const { return class_index[i] == 1 ? 1 : -1; }
  // The given rows (indices below rows()) with their labels and the same classes: a view of
  // the same values, nothing copied but the row and label indices.
  Dataset select(const std::vector<std::uint32_t>& rows) const;
};

// Checks what every use of a dataset needs: X valid (Matrix::check) and, when `labelled`, one
// label per row. `argument` prefixes the names in messages ("" or "validation.").
Status check_dataset(const Dataset& data, const std::string& argument, bool labelled);

// The same X (shared) with its labels indexed against `classes` fixed before: a validation set,
// a partialFit batch or score's y read against a model's classes. A label that is not one of
// them is a RangeError naming argument[i]; labels of the other kind (numbers, strings) a
// TypeError. `data` must be labelled.
Status relabel(const Dataset& data, const Classes& classes, const std::string& argument,
               Dataset& out);

// The given rows of `data` (a view, see Dataset::select) after checking that each index is
// below rows(), with only the classes these rows have (as if their labels had been given
// alone); `argument` names the indices in messages.
Status select_rows(const Dataset& data, const std::vector<std::uint32_t>& rows,
                   const std::string& argument, Dataset& out);

// Feature j's name: the dataset's own (a CSV header) or "x1", "x2", ... (1-based).
std::string feature_name(const Dataset& data, std::size_t j);
// Every column's name, as feature_name gives it.
std::vector<std::string> feature_names(const Dataset& data);

// Row i's label in its original value: the class the row belongs to.
template <typename Label>
std::vector<Label> labels_of(const Dataset& data);

// Builds a float64 dataset from row-major values, after every check above plus one label per
// row.
template <typename Label>
Status make_dataset(std::vector<double> x, std::size_t rows, std::size_t cols,
                    const std::vector<Label>& labels, Dataset& out);

// Dataset.fromArray's and fromSparse's options {dtype, featureNames}: the dtype read ('float64'
// unless given), the names checked; featureNames, an array, is the caller's to read.
Status array_options(const OptionList& options, DType& dtype);
// A row or column count as a caller gives it: a TypeError naming `name` unless a number, a
// RangeError unless a non-negative integer (up to 2^53 - 1).
Status read_count(const std::string& name, const OptionValue& value, std::uint64_t& out);
// Matrix::allocate for a dense X as a caller gives it: rows and cols read as counts
// (argument.rows, argument.cols), and `length`, the values given ({data}'s length; undefined
// for arrays of rows), must be rows * cols (argument.data).
Status allocate_given(const OptionValue& rows, const OptionValue& cols, const OptionValue& length,
                      DType dtype, const std::string& argument, Matrix& out);
// Matrix::allocate_csr with cols and rows (undefined: not given) read as counts likewise.
Status allocate_given_csr(std::uint64_t offsets, const OptionValue& cols, std::uint64_t indices,
                          std::uint64_t values, const OptionValue& rows, DType dtype,
                          const std::string& argument, Matrix& out);
// Dataset.fromArray's shape, `shape` as given (its members `fields` when it is an object): left
// out (null or undefined), `size` stays empty, and a typed array (`typed` names its class) must
// have one; else `size` is {rows, cols}, counts, which X's own (x_rows, x_cols, when both are
// counts) must equal.
Status array_shape(const OptionValue& shape, const OptionList& fields, const std::string& typed,
                   const OptionValue& x_rows, const OptionValue& x_cols, std::vector<double>& size);
// The same, with featureNames checked to be an array of strings: `names` holds its elements
// when it is an array (nullopt otherwise). Their count is set_feature_names's to check.
Status array_options(const OptionList& options,
                     const std::optional<std::vector<OptionValue>>& names, DType& dtype);

// The dataset's feature names: one per column, else a RangeError.
Status set_feature_names(Dataset& data, std::vector<std::string> names);

}  // namespace perceptron
