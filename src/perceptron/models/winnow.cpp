#include "perceptron/models/winnow.hpp"

#include <algorithm>
#include <cmath>

#include "perceptron/models/model.hpp"
#include "perceptron/models/update.hpp"
#include "perceptron/support/memory.hpp"
#include "perceptron/support/random.hpp"

namespace perceptron {

static_assert(Model<Winnow>);

namespace {

const std::vector<std::string> shared_options = {"order",    "maxEpochs",     "maxSteps",
                                                 "seed",     "earlyStopping", "validationFraction",
                                                 "patience", "classWeight"};

constexpr NameTable<Demotion, 2> demotion_names{
    {{Demotion::zero, "zero"}, {Demotion::divide, "divide"}}};

const OptionTable<WinnowParams>& own_fields() {
  static const OptionTable<WinnowParams> table = [] {
    OptionTable<WinnowParams> t = {
        bool_field("balanced", &WinnowParams::balanced),
        number_field("alpha", above(1), &WinnowParams::alpha),
        choice_field<&WinnowParams::demotion, demotion_names>("demotion"),
        number_field("epsilon", above(0), &WinnowParams::epsilon),
        number_field("threshold", any_number(), &WinnowParams::threshold),
    };
    // threshold unset: nFeatures (basic) or 0 (balanced) once the data is known.
    OptionField<WinnowParams>& threshold = t.back();
    threshold.write = [](const OptionValue& value, WinnowParams& p) {
      p.threshold = std::get<double>(value) + 0.0;
      p.threshold_given = true;
    };
    threshold.read = [](const WinnowParams& p) -> std::optional<OptionValue> {
      if (!p.threshold_given) return std::nullopt;
      return p.threshold;
    };
    return t;
  }();
  return table;
}

}  // namespace

std::string check_parameter(const WinnowParams& params) {
  return check_kind_parameter(own_fields(), params);
}

Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     WinnowParams& params) {
  return apply_kind_options(options, own_fields(), shared_options, params);
}

std::vector<OptionSetting> option_settings(const WinnowParams& params) {
  return kind_settings(own_fields(), shared_options, params);
}

double Winnow::threshold() const {
  if (params_.threshold_given) return params_.threshold;
  return params_.balanced ? 0.0 : static_cast<double>(n_features_);
}

Status Winnow::check_features(const Matrix& x, const std::string& argument) const {
  if (params_.balanced) return Status::success();
  for (std::size_t i = 0; i < x.rows(); ++i) {
    std::size_t column = 0;
    double value = 1;
    x.row(i).for_each_nonzero([&](std::size_t j, double v) {
      if (value == 1 && v != 1) column = j, value = v;
    });
    if (value != 1) {
      return Status::range_error(argument + " must hold only 0 and 1 for Winnow (use balanced: " +
                                 "true for other features); received " + format_number(value) +
                                 " at row " + std::to_string(i) + ", column " +
                                 std::to_string(column));
    }
  }
  return Status::success();
}

Status Winnow::start(std::size_t n_features, const Classes& classes) {
  if (Status s = check_weights_memory(params_.balanced ? 2 : 1, params_.balanced ? "vectors" : "",
                                      n_features);
      !s.ok()) {
    return s;
  }
  n_features_ = n_features;
  classes_ = classes;
  positive_.assign(n_features, 1.0);
  negative_.assign(params_.balanced ? n_features : 0, 1.0);
  steps_ = 0;
  return Status::success();
}

double Winnow::score(Row x) const {
  if (!params_.balanced) return model_dot(positive_, x) - threshold();
  // Balanced: the weight of feature j is positive_j - negative_j, summed in the models'
  // arithmetic (update.hpp).
  const double* p = positive_.data();
  const double* n = negative_.data();
  return weighted_sum(x, [&](std::size_t j) { return p[j] - n[j]; }) - threshold();
}

bool Winnow::step(Row x, int label, double weight, StepDetail* detail) {
  ++steps_;
  const double s = score(x);
  const int predicted = s >= 0 ? 1 : -1;
  if (detail != nullptr) {
    *detail = StepDetail{};
    detail->filled = true;
    detail->score = s;
    detail->prediction = predicted > 0 ? 1 : 0;
    detail->label = label > 0 ? 1 : 0;
    detail->threshold = threshold();
  }
  if (weight <= 0 || predicted == label) return false;
  if (params_.balanced) {
    const double base = 1 + params_.epsilon;
    x.for_each_nonzero([&](std::size_t j, double v) {
      const double factor = std::pow(base, weight * v);
      if (label > 0) {
        positive_[j] *= factor;
        negative_[j] /= factor;
      } else {
        positive_[j] /= factor;
        negative_[j] *= factor;
      }
    });
    return true;
  }
  const double factor = weight == 1 ? params_.alpha : std::pow(params_.alpha, weight);
  x.for_each_nonzero([&](std::size_t j, double v) {
    if (v != 1) return;
    if (label > 0) {
      positive_[j] *= factor;
    } else if (params_.demotion == Demotion::zero) {
      positive_[j] = 0;
    } else {
      positive_[j] /= factor;
    }
  });
  return true;
}

Status Winnow::start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs) {
  return trainer.start(train(data, copy_or_empty(inputs.row_weight),
                             copy_or_none(inputs.validation), trainer.progress(),
                             trainer.report_slot()));
}

Training Winnow::train(Dataset all, std::vector<double> all_weights,
                       std::optional<Dataset> validation, Progress& progress, FitReport& report) {
  if (Status s = check_training(all, &all_weights); !s.ok()) co_return s;
  if (Status s = check_features(all.x, "X"); !s.ok()) co_return s;
  if (validation) {
    if (Status s = check_features(validation->x, "validation.X"); !s.ok()) co_return s;
  }
  if (Status s = check_two_classes(all.classes, "y", "Winnow"); !s.ok()) co_return s;
  EarlyStopping<Winnow> early;
  if (Status s = early.start(params_.base, all, all_weights, validation); !s.ok()) co_return s;
  const Dataset& data = early.split.train;
  const std::vector<double>& row_weight = early.split.train_weight;
  if (Status s = start(data.cols(), data.classes); !s.ok()) co_return s;
  const bool weighted = !row_weight.empty();
  EpochLoop loop(params_.base, data.rows(), progress);
  progress.report = &loop.report();
  auto step = [&](std::size_t i, std::uint64_t) {
    return StepOutcome{
        this->step(data.x.row(i), data.sign(i), weighted ? row_weight[i] : 1.0, progress.detail),
        Control::proceed};
  };
  auto all_right = [&] {
    for (std::size_t i = 0; i < data.rows(); ++i) {
      if (weighted && row_weight[i] == 0) continue;
      if ((score(data.x.row(i)) >= 0 ? 1 : -1) != data.sign(i)) return false;
    }
    return true;
  };
  auto after_epoch = [&](EpochRecord& summary) { return early.after_epoch(*this, summary); };
  while (!loop.run(step, all_right, after_epoch)) co_yield Training::Pause{};
  early.finish(*this, loop, progress, report);
  co_return Status::success();
}

Status Winnow::partial_fit(const Dataset& batch, FitReport& report,
                           const std::vector<double>* row_weight) {
  if (Status s = check_batch(batch, fitted(), n_features_, classes_, row_weight); !s.ok()) {
    return s;
  }
  if (Status s = check_features(batch.x, "X"); !s.ok()) {
    return s;
  }
  if (Status s = check_two_classes(batch.classes, "classes", "Winnow"); !s.ok()) return s;
  return pass_on_copy(batch, row_weight, report,
                      [&](Winnow& updated, std::size_t i, double weight) {
                        return updated.step(batch.x.row(i), batch.sign(i), weight);
                      });
}

Status Winnow::decision_function(const Matrix& x, double* out) const {
  if (Status s = check_prediction_input(check_fitted(), n_features_, x); !s.ok()) {
    return s;
  }
  if (Status s = check_features(x, "X"); !s.ok()) return s;
  for (std::size_t i = 0; i < x.rows(); ++i) out[i] = score(x.row(i));
  return Status::success();
}

Status Winnow::predict(const Matrix& x, std::uint32_t* out) const {
  std::vector<double> scores(x.rows());
  if (Status s = decision_function(x, scores.data()); !s.ok()) return s;
  for (std::size_t i = 0; i < x.rows(); ++i) out[i] = scores[i] >= 0 ? 1u : 0u;
  return Status::success();
}

SavedModel Winnow::save() const {
  return {classes_, n_features_, steps_, {{"weights", positive_}, {"negativeWeights", negative_}},
          {},       {}};
}

Status Winnow::restore(const WinnowParams& params, const SavedModel& saved) {
  if (Status s = check_counts(saved, 1); !s.ok()) return s;
  std::vector<double> weights, negative_weights;
  if (Status s = read_array(saved.arrays, "weights", saved.n_features, weights, "nFeatures");
      !s.ok()) {
    return s;
  }
  if (Status s = read_array(saved.arrays, "negativeWeights", any_length, negative_weights);
      !s.ok()) {
    return s;
  }
  const Classes& classes = saved.classes;
  if (std::string message = check_parameter(params); !message.empty()) {
    return Status::range_error(message);
  }
  if (Status s = check_two_classes(classes, "classes", "Winnow"); !s.ok()) return s;
  if (weights.empty()) return Status::range_error("weights must hold at least one number");
  if (negative_weights.size() != (params.balanced ? weights.size() : 0)) {
    return Status::range_error(params.balanced ? "negativeWeights must hold one number per feature"
                                               : "negativeWeights belong to balanced Winnow only");
  }
  for (const auto* values : {&weights, &negative_weights}) {
    for (double v : *values) {
      if (!std::isfinite(v) || v < 0) {
        return Status::range_error(std::string(values == &weights ? "weights" : "negativeWeights") +
                                   " must hold numbers >= 0 (Winnow's weights); received " +
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
  restored.steps_ = saved.steps;
  *this = std::move(restored);
  return Status::success();
}

std::optional<std::vector<double>> Winnow::attribute(std::string_view name) const {
  if (name == "weights") return positive_;
  if (name == "negativeWeights") return negative_;
  if (name == "threshold") return std::vector<double>{threshold()};
  return std::nullopt;
}

}  // namespace perceptron
