#include "perceptron/models/perceptron.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "perceptron/models/model.hpp"
#include "perceptron/models/update.hpp"
#include "perceptron/support/memory.hpp"
#include "perceptron/support/random.hpp"

namespace perceptron {

static_assert(Model<Perceptron>);

namespace {

Status check_classes(const Classes& classes, const std::string& argument) {
  return check_two_classes(classes, argument, "a binary perceptron");
}

}  // namespace

Status Perceptron::check_weights(const std::vector<double>& weights, double bias,
                                 std::size_t n_features, const std::string& argument) {
  if (weights.size() != n_features) {
    return Status::range_error(argument + " must have " + std::to_string(n_features) +
                               " weights (one per feature); received " +
                               std::to_string(weights.size()));
  }
  for (std::size_t j = 0; j < weights.size(); ++j) {
    if (!std::isfinite(weights[j])) {
      return Status::range_error(argument + "[" + std::to_string(j) +
                                 "] must be a finite number; received " +
                                 format_number(weights[j]));
    }
  }
  if (!std::isfinite(bias)) {
    return Status::range_error("the bias must be a finite number; received " + format_number(bias));
  }
  return Status::success();
}

Perceptron::Perceptron() : variant_(make_variant(params_.variant)) {}

Perceptron::Perceptron(const Perceptron& other)
    : params_(other.params_),
      variant_(other.variant_->clone()),
      n_features_(other.n_features_),
      classes_(other.classes_),
      weights_(other.weights_),
      bias_(other.bias_),
      steps_(other.steps_),
      weights32_(other.weights32_),
      bias32_(other.bias32_) {}

Perceptron& Perceptron::operator=(const Perceptron& other) {
  if (this != &other) {
    Perceptron copy(other);
    *this = std::move(copy);
  }
  return *this;
}

Status Perceptron::set_params(const Params& params) {
  if (std::string message = check_parameter(params); !message.empty()) {
    return Status::range_error(message);
  }
  if (params.precision == Precision::float32 && params.variant != Variant::classic) {
    return Status::range_error(
        "option precision \"float32\" trains the classic variant; received variant \"" +
        std::string(name_of(params.variant)) + "\"");
  }
  if (params.variant != params_.variant) {
    variant_ = make_variant(params.variant);
    variant_->reset(weights_, bias_);  // the new variant starts from the current weights
  }
  params_ = params;
  return Status::success();
}

StepRecord Perceptron::step(Row x, int label, double weight, const StepContext& context) {
  if (params_.precision == Precision::float32) return step_float32(x, label, weight, context);
  StepRecord record;
  record.score = score_of(weights_, bias_, x);
  record.prediction = predicted_sign(params_.mistake_rule, record.score);
  record.label = label;
  record.mistake =
      weight > 0 && needs_update(params_.mistake_rule, params_.margin, record.score, label);
  double step = 0;
  if (record.mistake) {
    apply_update(weights_, bias_, x, label, params_.learning_rate, params_.fit_intercept, weight);
    step = params_.learning_rate * weight * label;
  }
  record.t = ++steps_;
  variant_->after_step(x, step, params_.fit_intercept ? step : 0.0, weights_, bias_, context);
  return record;
}

Status Perceptron::initialize(std::size_t n_features, const Classes& classes) {
  if (fitted()) return Status::range_error("the model has learned already");
  if (n_features == 0) return Status::range_error("X must have at least one column; received 0");
  if (Status s = check_classes(classes, "classes"); !s.ok()) return s;
  if (Status s = check_weights_memory(1, "", n_features); !s.ok()) return s;
  classes_ = classes;
  n_features_ = n_features;
  weights_.assign(n_features, 0.0);
  bias_ = 0;
  steps_ = 0;
  variant_->reset(weights_, bias_);
  return Status::success();
}

Status Perceptron::partial_fit(const Dataset& batch, FitReport& report,
                               const std::vector<double>* row_weight) {
  if (Status s = check_batch(batch, fitted(), n_features_, classes_, row_weight); !s.ok()) {
    return s;
  }
  if (Status s = check_classes(batch.classes, "classes"); !s.ok()) return s;
  if (Status s = float32_rows(batch.x, "X"); !s.ok()) return s;
  if (!fitted()) {
    if (Status s = initialize(batch.cols(), batch.classes); !s.ok()) return s;
  }
  if (params_.precision == Precision::float32) sync_float32();
  const bool weighted = row_weight != nullptr && !row_weight->empty();
  const StepContext context{params_.mistake_rule, &batch, row_weight};
  report = one_pass(params_, steps_, batch.rows(), [&](std::size_t i) {
    return step(batch.x.row(i), batch.sign(i), weighted ? (*row_weight)[i] : 1.0, context).mistake;
  });
  return variant_->health();  // the caller puts the model back on an error (bindings: guarded)
}

double Perceptron::error_rate(const Dataset& data) const { return error_rate_of(*this, data); }

Status Perceptron::learn_one(const double* x, std::size_t n, std::uint32_t class_index,
                             StepRecord& out, const Classes* classes, double weight) {
  if (classes != nullptr) {
    if (Status s = check_classes(*classes, "classes"); !s.ok()) return s;
    if (classes_.size() != 0 && !(*classes == classes_)) {
      return Status::range_error(
          "classes are fixed once the model has learned; call fit to "
          "start over with other classes");
    }
  } else if (classes_.size() != 2) {
    return Status::not_fitted(
        "the model's classes are not known yet; give the two classes "
        "on the first learnOne call, or fit first");
  }
  if (fitted() && n != n_features_) {
    return Status::range_error("x must have " + std::to_string(n_features_) +
                               " features (as the model learned); received " + std::to_string(n));
  }
  if (params_.precision == Precision::float32) {
    return Status::type_error(
        "option precision \"float32\" trains float32 Datasets only (fit, partialFit, trainer), "
        "not one float64 example");
  }
  if (Status s = check_matrix({x, n}, 1, n, "x"); !s.ok()) return s;
  if (class_index > 1) return Status::range_error("y must be one of the model's two classes");
  if (!std::isfinite(weight) || weight < 0) {
    return Status::range_error("the example's weight must be a finite number >= 0; received " +
                               format_number(weight));
  }
  if (!fitted()) {
    if (Status s = check_weights_memory(1, "", n); !s.ok()) return s;
    if (classes != nullptr) classes_ = *classes;
    n_features_ = n;
    weights_.assign(n, 0.0);
    bias_ = 0;
    steps_ = 0;
    variant_->reset(weights_, bias_);
  }
  out = step(Row(x, n), class_index == 1 ? 1 : -1, weight,
             StepContext{params_.mistake_rule, nullptr, nullptr});
  out.epoch = 0;
  out.index = static_cast<std::size_t>(out.t - 1);
  return variant_->health();
}

Status Perceptron::check_fitted() const {
  if (fitted()) return Status::success();
  return not_fitted_yet(true);
}

Status Perceptron::check_input(const Matrix& x) const {
  return check_prediction_input(check_fitted(), n_features_, x);
}

Status Perceptron::decision_function(const Matrix& x, double* out) const {
  if (Status s = check_input(x); !s.ok()) return s;
  variant_->decisions(x, weights_, bias_, params_.mistake_rule, out);
  return Status::success();
}

Status Perceptron::predict(const Matrix& x, std::uint32_t* out) const {
  if (Status s = check_input(x); !s.ok()) return s;
  std::vector<double> scores(x.rows());
  variant_->decisions(x, weights_, bias_, params_.mistake_rule, scores.data());
  for (std::size_t i = 0; i < x.rows(); ++i) {
    out[i] = predicted_sign(params_.mistake_rule, scores[i]) > 0 ? 1u : 0u;
  }
  return Status::success();
}

Status Perceptron::accuracy(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                            double& out) const {
  return accuracy_of(*this, x, class_index, out);
}

Status Perceptron::would_update(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                                std::vector<std::uint8_t>& out) const {
  if (Status s = check_input(x); !s.ok()) return s;
  if (class_index.size() != x.rows()) {
    return Status::range_error("y must have one label per row of X (" + std::to_string(x.rows()) +
                               "); received " + std::to_string(class_index.size()) + " labels");
  }
  std::vector<std::uint8_t> result(x.rows());
  for (std::size_t i = 0; i < x.rows(); ++i) {
    const double s = score_of(weights_, bias_, x.row(i));
    result[i] = needs_update(params_.mistake_rule, params_.margin, s, class_index[i] == 1 ? 1 : -1);
  }
  out = std::move(result);
  return Status::success();
}

SavedModel Perceptron::save() const {
  return {classes_,
          n_features_,
          steps_,
          {{"weights", weights_}, {"bias", {bias_}}},
          fitted() ? variant_->save() : NamedArrays{},
          {}};
}

Status Perceptron::restore(const Params& params, const SavedModel& saved) {
  if (Status s = check_counts(saved, 1); !s.ok()) return s;
  std::vector<double> weights;
  double bias = 0;
  if (Status s = read_array(saved.arrays, "weights", saved.n_features, weights, "nFeatures");
      !s.ok()) {
    return s;
  }
  if (Status s = read_number(saved.arrays, "bias", bias); !s.ok()) return s;
  return restore(params, saved.classes, std::move(weights), bias, saved.steps, saved.state);
}

Status Perceptron::restore(const Params& params, const Classes& classes,
                           std::vector<double> weights, double bias, std::uint64_t steps,
                           const NamedArrays& state) {
  if (std::string message = check_parameter(params); !message.empty()) {
    return Status::range_error(message);
  }
  if (Status s = check_classes(classes, "classes"); !s.ok()) return s;
  if (weights.empty()) {
    return Status::range_error("weights must hold at least one value; received 0");
  }
  if (Status s = check_weights(weights, bias, weights.size(), "weights"); !s.ok()) return s;
  if (steps > max_safe_integer) {
    return Status::range_error("steps must be an integer from 0 to " +
                               std::to_string(max_safe_integer));
  }
  Perceptron restored;
  restored.params_ = params;
  restored.variant_ = make_variant(params.variant);
  restored.n_features_ = weights.size();
  restored.classes_ = classes;
  restored.weights_ = std::move(weights);
  restored.bias_ = bias;
  restored.steps_ = steps;
  restored.variant_->reset(restored.weights_, restored.bias_);
  if (!state.empty()) {
    if (Status s = restored.variant_->load(state, restored.n_features_); !s.ok()) return s;
  }
  *this = std::move(restored);
  return Status::success();
}

std::optional<std::vector<double>> Perceptron::attribute(std::string_view name) const {
  if (name == "weights" || name == "bias") {
    std::vector<double> w;
    double b = 0;
    predicting_weights(w, b);
    if (name == "bias") return std::vector<double>{b};
    return w;
  }
  if (name == "currentWeights") return std::vector<double>(weights_.begin(), weights_.end());
  if (name == "currentBias") return std::vector<double>{bias_};
  for (auto& [key, values] : variant_->save()) {
    if (key == name) return std::move(values);
  }
  return std::nullopt;
}

}  // namespace perceptron
