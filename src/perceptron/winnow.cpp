#include "perceptron/winnow.hpp"

#include <algorithm>
#include <cmath>

#include "perceptron/random.hpp"
#include "perceptron/update.hpp"

namespace perceptron {

namespace {

const std::vector<std::string> own_options = {"balanced", "alpha", "demotion", "epsilon",
                                              "threshold"};
const std::vector<std::string> shared_options = {
    "order", "maxEpochs", "maxSteps", "seed", "earlyStopping", "validationFraction", "patience"};

Status check_two_classes(const Classes& classes, const std::string& argument) {
  if (classes.size() == 2) return Status::success();
  return Status::range_error(argument +
                             " must hold exactly two distinct classes for Winnow; "
                             "received " +
                             std::to_string(classes.size()));
}

Status set_own(const std::string& name, const OptionValue& value, WinnowParams& p) {
  const auto* number = std::get_if<double>(&value);
  if (name == "balanced") {
    const auto* flag = std::get_if<bool>(&value);
    if (flag == nullptr) return option_error(true, name, "true or false", value);
    p.balanced = *flag;
    return Status::success();
  }
  if (name == "demotion") {
    const std::string expected = "one of \"zero\", \"divide\"";
    const auto* text = std::get_if<std::string>(&value);
    if (text == nullptr) return option_error(true, name, expected, value);
    if (*text != "zero" && *text != "divide") return option_error(false, name, expected, value);
    p.demotion = *text == "zero" ? Demotion::zero : Demotion::divide;
    return Status::success();
  }
  const std::string expected = name == "alpha"     ? "a finite number > 1"
                               : name == "epsilon" ? "a finite number > 0"
                                                   : "a finite number";
  if (number == nullptr) return option_error(true, name, expected, value);
  const bool ok = std::isfinite(*number) && (name == "alpha"     ? *number > 1
                                             : name == "epsilon" ? *number > 0
                                                                 : true);
  if (!ok) return option_error(false, name, expected, value);
  if (name == "alpha") p.alpha = *number;
  if (name == "epsilon") p.epsilon = *number;
  if (name == "threshold") {
    p.threshold = *number;
    p.threshold_given = true;
  }
  return Status::success();
}

}  // namespace

const std::vector<std::string>& winnow_option_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all = own_options;
    all.insert(all.end(), shared_options.begin(), shared_options.end());
    all.push_back("classWeight");
    return all;
  }();
  return names;
}

std::string check_parameter(const WinnowParams& params) {
  if (!(params.alpha > 1) || !std::isfinite(params.alpha)) return "option alpha must be > 1";
  if (!(params.epsilon > 0) || !std::isfinite(params.epsilon)) return "option epsilon must be > 0";
  if (!std::isfinite(params.threshold)) return "option threshold must be a finite number";
  return check_parameter(params.base);
}

Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     WinnowParams& params) {
  WinnowParams updated = params;
  std::vector<std::pair<std::string, OptionValue>> rest;
  for (const auto& option : options) {
    const auto& name = option.first;
    if (std::find(own_options.begin(), own_options.end(), name) != own_options.end()) {
      if (Status s = set_own(name, option.second, updated); !s.ok()) return s;
    } else if (std::find(shared_options.begin(), shared_options.end(), name) !=
                   shared_options.end() ||
               name == "classWeight") {
      rest.push_back(option);
    } else {
      return unknown_option(name, winnow_option_names());
    }
  }
  if (Status s = apply_options(rest, updated.base); !s.ok()) return s;
  if (std::string message = check_parameter(updated); !message.empty()) {
    return Status::range_error(message);
  }
  params = updated;
  return Status::success();
}

Status Winnow::set_params(const WinnowParams& params) {
  if (std::string message = check_parameter(params); !message.empty()) {
    return Status::range_error(message);
  }
  params_ = params;
  return Status::success();
}

Status Winnow::check_fitted() const {
  if (fitted()) return Status::success();
  return Status::not_fitted("the model has not learned anything yet; call fit(X, y) first");
}

double Winnow::threshold() const {
  if (params_.threshold_given) return params_.threshold;
  return params_.balanced ? 0.0 : static_cast<double>(n_features_);
}

Status Winnow::check_features(const double* x, std::size_t size, std::size_t cols,
                              const std::string& argument) const {
  if (params_.balanced) return Status::success();
  for (std::size_t k = 0; k < size; ++k) {
    if (x[k] != 0 && x[k] != 1) {
      return Status::range_error(argument + " must hold only 0 and 1 for Winnow (use balanced: " +
                                 "true for other features); received " + format_number(x[k]) +
                                 " at row " + std::to_string(k / cols) + ", column " +
                                 std::to_string(k % cols));
    }
  }
  return Status::success();
}

void Winnow::start(std::size_t n_features, const Classes& classes) {
  n_features_ = n_features;
  classes_ = classes;
  positive_.assign(n_features, 1.0);
  negative_.assign(params_.balanced ? n_features : 0, 1.0);
  steps_ = 0;
}

double Winnow::score(const double* x) const {
  double sum = 0;
  for (std::size_t j = 0; j < n_features_; ++j) {
    sum += (params_.balanced ? positive_[j] - negative_[j] : positive_[j]) * x[j];
  }
  return sum - threshold();
}

bool Winnow::step(const double* x, int label, double weight) {
  ++steps_;
  const int predicted = score(x) >= 0 ? 1 : -1;
  if (weight <= 0 || predicted == label) return false;
  if (params_.balanced) {
    const double base = 1 + params_.epsilon;
    for (std::size_t j = 0; j < n_features_; ++j) {
      if (x[j] == 0) continue;
      const double factor = std::pow(base, weight * x[j]);
      if (label > 0) {
        positive_[j] *= factor;
        negative_[j] /= factor;
      } else {
        positive_[j] /= factor;
        negative_[j] *= factor;
      }
    }
    return true;
  }
  const double factor = weight == 1 ? params_.alpha : std::pow(params_.alpha, weight);
  for (std::size_t j = 0; j < n_features_; ++j) {
    if (x[j] != 1) continue;
    if (label > 0) {
      positive_[j] *= factor;
    } else if (params_.demotion == Demotion::zero) {
      positive_[j] = 0;
    } else {
      positive_[j] /= factor;
    }
  }
  return true;
}

Status Winnow::train(const Dataset& data, FitReport& report, const std::vector<double>* row_weight,
                     ValidationMonitor<Winnow>* monitor) {
  const bool weighted = row_weight != nullptr && !row_weight->empty();
  FitReport result = run_epochs(
      params_.base, data.rows,
      [&](std::size_t i, std::uint64_t) {
        return StepOutcome{step(data.row(i), data.sign(i), weighted ? (*row_weight)[i] : 1.0),
                           Control::proceed};
      },
      [&] {
        for (std::size_t i = 0; i < data.rows; ++i) {
          if (weighted && (*row_weight)[i] == 0) continue;
          if ((score(data.row(i)) >= 0 ? 1 : -1) != data.sign(i)) return false;
        }
        return true;
      },
      [&](EpochRecord& summary) {
        EpochVerdict verdict;
        if (monitor != nullptr) {
          verdict.patience_ran_out = monitor->after_epoch(*this, summary) == Control::stop;
        }
        return verdict;
      });
  if (monitor != nullptr) monitor->finish(*this, result, result.stopped_early);
  report = std::move(result);
  return Status::success();
}

Status Winnow::fit(const Dataset& data, FitReport& report, const std::vector<double>* row_weight,
                   const Dataset* validation) {
  if (Status s = check_matrix(data.x, data.rows, data.cols, "X"); !s.ok()) return s;
  if (Status s = check_features(data.x.data(), data.x.size(), data.cols, "X"); !s.ok()) return s;
  if (validation != nullptr) {
    if (Status s = check_features(validation->x.data(), validation->x.size(), validation->cols,
                                  "validation.X");
        !s.ok()) {
      return s;
    }
  }
  if (Status s = check_two_classes(data.classes, "y"); !s.ok()) return s;
  if (row_weight != nullptr && !row_weight->empty() && row_weight->size() != data.rows) {
    return Status::range_error("the row weights must have one weight per row of X");
  }
  Winnow trained;
  trained.params_ = params_;
  trained.start(data.cols, data.classes);
  const Status s =
      train_with_validation<Winnow>(params_.base, data, row_weight, validation,
                                    [&](const Dataset& training, const std::vector<double>* weights,
                                        ValidationMonitor<Winnow>* monitor) {
                                      return trained.train(training, report, weights, monitor);
                                    });
  if (!s.ok()) return s;
  *this = std::move(trained);
  return Status::success();
}

Status Winnow::partial_fit(const Dataset& batch, FitReport& report,
                           const std::vector<double>* row_weight) {
  if (Status s = check_matrix(batch.x, batch.rows, batch.cols, "X"); !s.ok()) return s;
  if (Status s = check_features(batch.x.data(), batch.x.size(), batch.cols, "X"); !s.ok()) {
    return s;
  }
  if (Status s = check_two_classes(batch.classes, "classes"); !s.ok()) return s;
  if (fitted() && (batch.cols != n_features_ || !(batch.classes == classes_))) {
    return Status::range_error(batch.cols != n_features_
                                   ? "X must have " + std::to_string(n_features_) +
                                         " columns (the model's feature count); received " +
                                         std::to_string(batch.cols)
                                   : "partialFit's classes are fixed by its first call");
  }
  const bool weighted = row_weight != nullptr && !row_weight->empty();
  if (weighted && row_weight->size() != batch.rows) {
    return Status::range_error("the row weights must have one weight per row of X");
  }
  Winnow updated(*this);
  if (!fitted()) updated.start(batch.cols, batch.classes);
  VisitOrder visits(params_.base.order, params_.base.seed + updated.steps_,
                    static_cast<std::uint32_t>(batch.rows));
  EpochRecord summary{1, 0, 0};
  for (std::size_t k = 0; k < batch.rows; ++k) {
    const std::size_t i = visits.next();
    summary.mistakes +=
        updated.step(batch.row(i), batch.sign(i), weighted ? (*row_weight)[i] : 1.0);
    ++summary.steps;
  }
  FitReport result;
  result.epochs = 1;
  result.steps = summary.steps;
  result.mistakes = summary.mistakes;
  result.converged = summary.mistakes == 0;
  result.history.push_back(summary);
  *this = std::move(updated);
  report = std::move(result);
  return Status::success();
}

Status Winnow::decision_function(const double* x, std::size_t size, std::size_t rows,
                                 std::size_t cols, double* out) const {
  if (Status s = check_fitted(); !s.ok()) return s;
  if (rows != 0 && cols != n_features_) {
    return Status::range_error("X must have " + std::to_string(n_features_) +
                               " columns (the model's feature count); received " +
                               std::to_string(cols));
  }
  if (Status s = check_matrix(x, size, rows, cols, "X"); !s.ok()) return s;
  if (Status s = check_features(x, size, cols, "X"); !s.ok()) return s;
  for (std::size_t i = 0; i < rows; ++i) out[i] = score(x + i * cols);
  return Status::success();
}

Status Winnow::predict(const double* x, std::size_t size, std::size_t rows, std::size_t cols,
                       std::uint32_t* out) const {
  std::vector<double> scores(rows);
  if (Status s = decision_function(x, size, rows, cols, scores.data()); !s.ok()) return s;
  for (std::size_t i = 0; i < rows; ++i) out[i] = scores[i] >= 0 ? 1u : 0u;
  return Status::success();
}

Status Winnow::accuracy(const double* x, std::size_t size, std::size_t rows, std::size_t cols,
                        const std::vector<std::uint32_t>& class_index, double& out) const {
  std::vector<std::uint32_t> predicted(rows);
  if (Status s = predict(x, size, rows, cols, predicted.data()); !s.ok()) return s;
  if (class_index.size() != rows) {
    return Status::range_error("y must have one label per row of X (" + std::to_string(rows) +
                               "); received " + std::to_string(class_index.size()) + " labels");
  }
  std::size_t correct = 0;
  for (std::size_t i = 0; i < rows; ++i) correct += predicted[i] == class_index[i];
  out = static_cast<double>(correct) / static_cast<double>(rows);
  return Status::success();
}

double Winnow::error_rate(const Dataset& data) const {
  double value = 0;
  if (!accuracy(data.x.data(), data.x.size(), data.rows, data.cols, data.class_index, value).ok()) {
    return 1.0;
  }
  return 1.0 - value;
}

Status Winnow::restore(const WinnowParams& params, const Classes& classes,
                       std::vector<double> weights, std::vector<double> negative_weights,
                       std::uint64_t steps) {
  if (std::string message = check_parameter(params); !message.empty()) {
    return Status::range_error(message);
  }
  if (Status s = check_two_classes(classes, "classes"); !s.ok()) return s;
  if (weights.empty()) return Status::range_error("weights must hold at least one number");
  if (negative_weights.size() != (params.balanced ? weights.size() : 0)) {
    return Status::range_error(params.balanced ? "negativeWeights must hold one number per feature"
                                               : "negativeWeights belong to balanced Winnow only");
  }
  for (const auto* values : {&weights, &negative_weights}) {
    for (double v : *values) {
      if (!std::isfinite(v) || v < 0) {
        return Status::range_error("Winnow's weights must be finite numbers >= 0; received " +
                                   format_number(v));
      }
    }
  }
  Winnow restored;
  restored.params_ = params;
  restored.n_features_ = weights.size();
  restored.classes_ = classes;
  restored.positive_ = std::move(weights);
  restored.negative_ = std::move(negative_weights);
  restored.steps_ = steps;
  *this = std::move(restored);
  return Status::success();
}

}  // namespace perceptron
