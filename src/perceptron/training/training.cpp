#include "perceptron/training/training.hpp"

#include <cmath>

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/training/visit_order.hpp"

namespace perceptron {

Status stratified_split(const Dataset& data, double fraction, std::uint64_t seed,
                        const std::vector<double>& row_weight, Dataset& train, Dataset& validation,
                        std::vector<double>& train_weight) {
  if (!(fraction > 0 && fraction < 1)) {
    return Status::range_error("validationFraction must be a number in (0, 1); received " +
                               format_number(fraction));
  }
  std::vector<std::uint32_t> part;
  if (Status s =
          stratified_parts(data.class_index, data.classes.size(), {fraction}, seed, part, true);
      !s.ok()) {
    return s;
  }
  std::vector<std::uint32_t> train_rows, validation_rows;
  std::vector<double> a_weight;
  for (std::uint32_t i = 0; i < data.rows(); ++i) {
    (part[i] == 1 ? validation_rows : train_rows).push_back(i);
    if (part[i] == 0 && !row_weight.empty()) a_weight.push_back(row_weight[i]);
  }
  if (validation_rows.empty()) {
    return Status::range_error(
        "earlyStopping needs a validation set, and every class of y has a single example; give "
        "fit a validation set or more data");
  }
  // Views of the same values: the split copies no row.
  Dataset a = data.select(train_rows);
  Dataset b = data.select(validation_rows);
  train = std::move(a);
  validation = std::move(b);
  train_weight = std::move(a_weight);
  return Status::success();
}

Status visit_order_of(const OptionList& options, std::vector<std::uint32_t>& out) {
  const auto given = [&](const char* name) -> OptionValue {
    for (const auto& [key, value] : options) {
      if (key == name) return value;
    }
    return OtherValue{"undefined"};
  };
  std::uint64_t rows = 0, count = 0;
  if (Status s = set_integer("rows", given("rows"), 1, rows, max_visits); !s.ok()) return s;
  if (Status s = set_integer("count", given("count"), 0, count, max_visits); !s.ok()) return s;
  OptionList rest;
  for (const auto& option : options) {
    if (option.first == "order" || option.first == "seed") rest.push_back(option);
  }
  Params params;
  if (Status s = apply_options(rest, params); !s.ok()) return s;
  out = visit_order(params.order, params.seed, static_cast<std::uint32_t>(rows),
                    static_cast<std::size_t>(count));
  return Status::success();
}

Status check_validation(const Dataset& validation, const Dataset& data) {
  if (Status s = validation.x.check("validation.X"); !s.ok()) return s;
  if (validation.cols() != data.cols()) {
    return Status::range_error("validation.X must have " + std::to_string(data.cols()) +
                               " columns like X; received " + std::to_string(validation.cols()));
  }
  if (!(validation.classes == data.classes) || validation.class_index.size() != validation.rows()) {
    return Status::range_error("validation.y must use the classes of y, one label per row");
  }
  return Status::success();
}

Status check_prediction_input(const Status& fitted, std::size_t n_features, const Matrix& x) {
  if (!fitted.ok()) return fitted;
  if (Status s = Matrix::check_shape(x.rows(), x.cols(), "X"); !s.ok()) return s;
  if (x.cols() != n_features) {
    return Status::range_error("X must have " + std::to_string(n_features) +
                               " columns (the model's feature count); received " +
                               std::to_string(x.cols()));
  }
  return x.check("X");
}

Status check_training(const Dataset& data, const std::vector<double>* row_weight) {
  if (Status s = check_dataset(data, "", true); !s.ok()) return s;
  if (row_weight != nullptr && !row_weight->empty() && row_weight->size() != data.rows()) {
    return Status::range_error("the row weights must have one weight per row of X");
  }
  return Status::success();
}

Status check_batch(const Dataset& batch, bool fitted, std::size_t n_features,
                   const Classes& classes, const std::vector<double>* row_weight) {
  if (Status s = check_training(batch, row_weight); !s.ok()) return s;
  if (fitted && batch.cols() != n_features) {
    return Status::range_error("X must have " + std::to_string(n_features) +
                               " columns (the model's feature count); received " +
                               std::to_string(batch.cols()));
  }
  if (fitted && !(batch.classes == classes)) {
    return Status::range_error("partialFit's classes are fixed by its first call");
  }
  return Status::success();
}

}  // namespace perceptron
