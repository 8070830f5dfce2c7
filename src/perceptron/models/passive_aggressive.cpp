#include "perceptron/models/passive_aggressive.hpp"

#include <algorithm>
#include <cmath>
#include <span>

#include "perceptron/models/model.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/update.hpp"
#include "perceptron/support/memory.hpp"
#include "perceptron/support/random.hpp"

namespace perceptron {

static_assert(Model<PassiveAggressive>);

namespace {

const std::vector<std::string> shared_options = {"fitIntercept",       "order",    "maxEpochs",
                                                 "maxSteps",           "seed",     "earlyStopping",
                                                 "validationFraction", "patience", "classWeight"};
constexpr NameTable<PaMode, 3> mode_names{
    {{PaMode::pa, "PA"}, {PaMode::pa1, "PA-I"}, {PaMode::pa2, "PA-II"}}};

const OptionTable<PaParams>& own_fields() {
  static const OptionTable<PaParams> table = {
      choice_field<&PaParams::mode, mode_names>("mode"),
      number_field("C", above(0), &PaParams::c),
  };
  return table;
}

Status check_classes_pa(const Classes& classes, const std::string& argument) {
  if (classes.size() >= 2) return Status::success();
  return Status::range_error(argument + " must hold at least two distinct classes; received " +
                             std::to_string(classes.size()));
}

}  // namespace

std::string_view name_of(PaMode mode) { return lookup_name(mode_names, mode); }

std::string check_parameter(const PaParams& params) {
  return check_kind_parameter(own_fields(), params);
}

Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     PaParams& params) {
  return apply_kind_options(options, own_fields(), shared_options, params);
}

std::vector<OptionSetting> option_settings(const PaParams& params) {
  return kind_settings(own_fields(), shared_options, params);
}

Status PassiveAggressive::start(std::size_t n_features, const Classes& classes) {
  const std::size_t rows = classes.size() == 2 ? 1 : classes.size();
  if (Status s = check_weights_memory(rows, rows == 1 ? "" : "classes", n_features, rows);
      !s.ok()) {
    return s;
  }
  n_features_ = n_features;
  classes_ = classes;
  weights_.assign(rows * n_features, 0.0);
  biases_.assign(rows, 0.0);
  steps_ = 0;
  return Status::success();
}

void PassiveAggressive::scores(Row x, double* out) const {
  for (std::size_t k = 0; k < biases_.size(); ++k) {
    out[k] = score_of(std::span<const double>(weights_.data() + k * n_features_, n_features_),
                      biases_[k], x);
  }
}

double PassiveAggressive::tau(double loss, double q) const {
  switch (params_.mode) {
    case PaMode::pa:
      return loss / q;
    case PaMode::pa1:
      return std::min(params_.c, loss / q);
    case PaMode::pa2:
      return loss / (q + 1 / (2 * params_.c));
  }
  return 0;
}

bool PassiveAggressive::step(Row x, std::uint32_t label, double weight, StepDetail* detail) {
  ++steps_;
  const std::size_t d = n_features_;
  const bool intercept = params_.base.fit_intercept;
  double q = model_squared_norm(x) + (intercept ? 1.0 : 0.0);
  std::vector<double> s(biases_.size());
  scores(x, s.data());
  if (detail != nullptr) {
    *detail = StepDetail{};
    detail->filled = true;
    detail->label = label;
    detail->update = 0;
    if (s.size() == 1) {
      detail->score = s[0];
      detail->prediction = s[0] >= 0 ? 1 : 0;
    } else {
      detail->scores = s;
      detail->prediction = argmax(std::span<const double>(s));
    }
  }
  if (biases_.size() == 1) {
    const int y = label == 1 ? 1 : -1;
    const double loss = std::max(0.0, 1 - y * s[0]);
    if (detail != nullptr) detail->loss = loss;
    if (loss == 0 || q == 0 || weight <= 0) return false;
    const double step = weight * tau(loss, q) * y;
    if (detail != nullptr) detail->update = weight * tau(loss, q);
    apply_update(std::span<double>(weights_.data(), d), biases_[0], x, 1, step, intercept);
    return true;
  }
  std::uint32_t rival = label == 0 ? 1 : 0;
  for (std::uint32_t k = 0; k < s.size(); ++k) {
    if (k != label && s[k] > s[rival]) rival = k;
  }
  const double loss = std::max(0.0, 1 - (s[label] - s[rival]));
  q *= 2;
  if (detail != nullptr) detail->loss = loss;
  if (loss == 0 || q == 0 || weight <= 0) return false;
  const double step = weight * tau(loss, q);
  if (detail != nullptr) detail->update = step;
  apply_update(std::span<double>(weights_.data() + label * d, d), biases_[label], x, 1, step,
               intercept);
  apply_update(std::span<double>(weights_.data() + rival * d, d), biases_[rival], x, -1, step,
               intercept);
  return true;
}

Status PassiveAggressive::start_training(Trainer& trainer, const Dataset& data,
                                         const FitInputs& inputs) {
  return trainer.start(train(data, copy_or_empty(inputs.row_weight),
                             copy_or_none(inputs.validation), trainer.progress(),
                             trainer.report_slot()));
}

Training PassiveAggressive::train(Dataset all, std::vector<double> all_weights,
                                  std::optional<Dataset> validation, Progress& progress,
                                  FitReport& report) {
  if (Status s = check_training(all, &all_weights); !s.ok()) co_return s;
  if (Status s = check_classes_pa(all.classes, "y"); !s.ok()) co_return s;
  EarlyStopping<PassiveAggressive> early;
  if (Status s = early.start(params_.base, all, all_weights, validation); !s.ok()) co_return s;
  const Dataset& data = early.split.train;
  const std::vector<double>& row_weight = early.split.train_weight;
  if (Status s = start(data.cols(), data.classes); !s.ok()) co_return s;
  const bool weighted = !row_weight.empty();
  std::vector<double> s(biases_.size());
  EpochLoop loop(params_.base, data.rows(), progress);
  progress.report = &loop.report();
  auto step = [&](std::size_t i, std::uint64_t) {
    return StepOutcome{this->step(data.x.row(i), data.class_index[i],
                                  weighted ? row_weight[i] : 1.0, progress.detail),
                       Control::proceed};
  };
  auto all_right = [&] {
    for (std::size_t i = 0; i < data.rows(); ++i) {
      if (weighted && row_weight[i] == 0) continue;
      scores(data.x.row(i), s.data());
      const std::uint32_t label = data.class_index[i];
      double margin = 0;
      if (s.size() == 1) {
        margin = (label == 1 ? 1 : -1) * s[0];
      } else {
        double best_other = -INFINITY;
        for (std::uint32_t k = 0; k < s.size(); ++k) {
          if (k != label) best_other = std::max(best_other, s[k]);
        }
        margin = s[label] - best_other;
      }
      if (margin < 1) return false;
    }
    return true;
  };
  auto after_epoch = [&](EpochRecord& summary) { return early.after_epoch(*this, summary); };
  while (!loop.run(step, all_right, after_epoch)) co_yield Training::Pause{};
  early.finish(*this, loop, progress, report);
  co_return Status::success();
}

Status PassiveAggressive::partial_fit(const Dataset& batch, FitReport& report,
                                      const std::vector<double>* row_weight) {
  if (Status s = check_batch(batch, fitted(), n_features_, classes_, row_weight); !s.ok()) {
    return s;
  }
  if (Status s = check_classes_pa(batch.classes, "classes"); !s.ok()) return s;
  return pass_on_copy(batch, row_weight, report,
                      [&](PassiveAggressive& updated, std::size_t i, double weight) {
                        return updated.step(batch.x.row(i), batch.class_index[i], weight);
                      });
}

Status PassiveAggressive::decision_function(const Matrix& x, double* out) const {
  if (Status s = check_prediction_input(check_fitted(), n_features_, x); !s.ok()) {
    return s;
  }
  for (std::size_t i = 0; i < x.rows(); ++i) scores(x.row(i), out + i * biases_.size());
  return Status::success();
}

Status PassiveAggressive::predict(const Matrix& x, std::uint32_t* out) const {
  const std::size_t per_row = biases_.size() ? biases_.size() : 1;
  std::vector<double> s(x.rows() * per_row);
  if (Status st = decision_function(x, s.data()); !st.ok()) return st;
  for (std::size_t i = 0; i < x.rows(); ++i) {
    out[i] = per_row == 1 ? (s[i] >= 0 ? 1u : 0u)
                          : argmax(std::span<const double>(s.data() + i * per_row, per_row));
  }
  return Status::success();
}

SavedModel PassiveAggressive::save() const {
  return {classes_, n_features_, steps_, {{"weights", weights_}, {"biases", biases_}}, {}, {}};
}

Status PassiveAggressive::restore(const PaParams& params, const SavedModel& saved) {
  std::vector<double> weights, biases;
  if (Status s = read_array(saved.arrays, "weights", any_length, weights); !s.ok()) return s;
  if (Status s = read_array(saved.arrays, "biases", any_length, biases); !s.ok()) return s;
  const Classes& classes = saved.classes;
  if (std::string message = check_parameter(params); !message.empty()) {
    return Status::range_error(message);
  }
  if (Status s = check_classes_pa(classes, "classes"); !s.ok()) return s;
  const std::size_t rows = classes.size() == 2 ? 1 : classes.size();
  if (saved.n_features == 0) return Status::range_error("nFeatures must be at least 1");
  if (Status s = check_counts(saved, rows); !s.ok()) return s;
  if (biases.size() != rows || weights.size() != rows * saved.n_features) {
    return Status::range_error("weights and biases must hold " + std::to_string(rows) +
                               " row(s) of nFeatures = " + std::to_string(saved.n_features) +
                               " for " + std::to_string(classes.size()) + " classes");
  }
  PassiveAggressive restored;
  restored.params_ = params;
  restored.n_features_ = saved.n_features;
  restored.classes_ = classes;
  restored.weights_ = std::move(weights);
  restored.biases_ = std::move(biases);
  restored.steps_ = saved.steps;
  *this = std::move(restored);
  return Status::success();
}

std::optional<std::vector<double>> PassiveAggressive::attribute(std::string_view name) const {
  if (name == "weights") return weights_;
  if (name == "biases") return biases_;
  return std::nullopt;
}

}  // namespace perceptron
