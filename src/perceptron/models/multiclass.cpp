#include "perceptron/models/multiclass.hpp"

#include <algorithm>
#include <cmath>

#include "perceptron/models/model.hpp"
#include "perceptron/models/multiclass_tasks.hpp"
#include "perceptron/models/update.hpp"
#include "perceptron/support/memory.hpp"
#include "perceptron/support/random.hpp"

namespace perceptron {

static_assert(Model<MulticlassPerceptron>);

namespace {

constexpr NameTable<Strategy, 3> strategy_names{
    {{Strategy::joint, "joint"}, {Strategy::ovr, "ovr"}, {Strategy::ovo, "ovo"}}};

const OptionTable<MulticlassParams>& own_fields() {
  static const OptionTable<MulticlassParams> table = {
      choice_field<&MulticlassParams::strategy, strategy_names>("strategy")};
  return table;
}

}  // namespace

std::vector<std::vector<int>> MulticlassPerceptron::binary_tasks(std::size_t k_count) const {
  std::vector<std::vector<int>> tasks;  // per binary model: class index -> 1, 0 or -1 (unused)
  if (params_.strategy == Strategy::ovr) {
    for (std::size_t c = 0; c < k_count; ++c) {
      std::vector<int> keep(k_count, 0);
      keep[c] = 1;
      tasks.push_back(keep);
    }
    return tasks;
  }
  for (std::size_t a = 0; a < k_count; ++a) {
    for (std::size_t b = a + 1; b < k_count; ++b) {
      std::vector<int> keep(k_count, -1);
      keep[a] = 0;
      keep[b] = 1;
      tasks.push_back(keep);
    }
  }
  return tasks;
}

std::pair<int, int> MulticlassPerceptron::task_classes(std::size_t m, std::size_t k_count) const {
  const int part = static_cast<int>(m);
  if (params_.strategy == Strategy::ovr) return {k_count == 2 ? 1 - part : -1, part};
  std::size_t k = 0;
  for (std::size_t a = 0; a < k_count; ++a) {
    for (std::size_t b = a + 1; b < k_count; ++b, ++k) {
      if (k == m) return {static_cast<int>(a), static_cast<int>(b)};
    }
  }
  return {-1, -1};
}

std::string_view name_of(Strategy value) { return lookup_name(strategy_names, value); }

std::uint32_t argmax(std::span<const double> scores) {
  std::uint32_t best = 0;
  for (std::uint32_t k = 1; k < scores.size(); ++k) {
    if (scores[k] > scores[best]) best = k;
  }
  return best;
}

std::string check_parameter(const MulticlassParams& params) {
  if (std::string message = check_kind_parameter(own_fields(), params); !message.empty()) {
    return message;
  }
  if (params.base.warm_start) {
    return "option warmStart is not available for the multi-class perceptron: fit starts from "
           "zero weights";
  }
  if (params.strategy == Strategy::joint && params.base.variant != Variant::classic &&
      params.base.variant != Variant::averaged) {
    return "option variant must be \"classic\" or \"averaged\" with strategy \"joint\" (ovr and "
           "ovo take every variant); received \"" +
           std::string(name_of(params.base.variant)) + "\"";
  }
  return "";
}

Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     MulticlassParams& params) {
  return apply_kind_options(options, own_fields(), shared_option_names(), params);
}

std::vector<OptionSetting> option_settings(const MulticlassParams& params) {
  return kind_settings(own_fields(), shared_option_names(), params);
}

MulticlassStepRecord MulticlassPerceptron::joint_step(Row x, std::uint32_t label, double weight,
                                                      std::vector<double>& scores) {
  const Params& p = params_.base;
  const std::size_t k_count = biases_.size();
  const std::size_t d = n_features_;
  joint_scores(weights_, biases_, x, scores.data());
  MulticlassStepRecord record;
  record.label = label;
  record.prediction = argmax(scores);
  // The class that competes with the true one: the prediction, or with a margin (or when the
  // prediction is right) the best-scoring other class.
  std::uint32_t rival = record.prediction;
  if (p.margin > 0 || rival == label) {
    rival = label == 0 ? 1 : 0;
    for (std::uint32_t c = 0; c < k_count; ++c) {
      if (c != label && scores[c] > scores[rival]) rival = c;
    }
  }
  record.mistake = weight > 0 && (p.margin > 0 ? scores[label] - scores[rival] <= p.margin
                                               : record.prediction != label);
  const bool averaged = p.variant == Variant::averaged;
  if (averaged) average_.tick();
  if (record.mistake) {
    const double step = p.learning_rate * weight;
    std::span<double> w_true(weights_.data() + label * d, d);
    std::span<double> w_rival(weights_.data() + rival * d, d);
    apply_update(w_true, biases_[label], x, 1, step, p.fit_intercept);
    apply_update(w_rival, biases_[rival], x, -1, step, p.fit_intercept);
    if (averaged) {
      average_.add(label * d, step, x);
      average_.add(rival * d, -step, x);
      if (p.fit_intercept) {
        average_.add(k_count * d + label, step);
        average_.add(k_count * d + rival, -step);
      }
    }
  }
  record.t = ++steps_;
  return record;
}

Status MulticlassPerceptron::start(std::size_t n_features, const Classes& classes) {
  // Only joint training has K weight vectors of its own; ovr/ovo keep theirs in models_.
  const bool joint = params_.strategy == Strategy::joint;
  const std::uint64_t k_count64 = classes.size();
  if (joint) {
    if (Status s = check_weights_memory(k_count64, "classes", n_features, k_count64); !s.ok()) {
      return s;
    }
  }
  n_features_ = n_features;
  classes_ = classes;
  steps_ = 0;
  const std::size_t k_count = classes.size();
  weights_.assign(joint ? k_count * n_features : 0, 0.0);
  biases_.assign(joint ? k_count : 0, 0.0);
  if (joint && params_.base.variant == Variant::averaged) {
    average_.reset(std::vector<double>(k_count * n_features + k_count, 0.0));
  }
  return Status::success();
}

Status MulticlassPerceptron::partial_fit(const Dataset& batch, FitReport& report,
                                         const std::vector<double>* row_weight) {
  if (Status s = check_batch(batch, fitted(), n_features_, classes_, row_weight); !s.ok()) {
    return s;
  }
  if (Status s = check_multiclass_classes(batch.classes, "classes"); !s.ok()) return s;
  const bool weighted = row_weight != nullptr && !row_weight->empty();
  MulticlassPerceptron updated(*this);
  if (!fitted()) {
    if (params_.strategy != Strategy::joint) {
      const std::uint64_t models = binary_tasks(batch.classes.size()).size();
      if (Status s = check_weights_memory(models, "binary models", batch.cols()); !s.ok()) {
        return s;
      }
    }
    if (Status s = updated.start(batch.cols(), batch.classes); !s.ok()) return s;
    if (params_.strategy != Strategy::joint) {
      for (const auto& keep : binary_tasks(batch.classes.size())) {
        (void)keep;
        Perceptron model;
        Classes binary;
        binary.numbers = {0, 1};
        if (Status s = model.set_params(params_.base); !s.ok()) return s;
        if (Status s = model.initialize(batch.cols(), binary); !s.ok()) return s;
        updated.models_.push_back(std::move(model));
      }
    }
  }
  FitReport result;
  if (params_.strategy == Strategy::joint) {
    std::vector<double> scores(batch.classes.size());
    result = one_pass(params_.base, updated.steps_, batch.rows(), [&](std::size_t i) {
      return updated
          .joint_step(batch.x.row(i), batch.class_index[i], weighted ? (*row_weight)[i] : 1.0,
                      scores)
          .mistake;
    });
  } else {
    EpochRecord summary{1, 0, 0};
    const auto tasks = binary_tasks(batch.classes.size());
    for (std::size_t m = 0; m < tasks.size(); ++m) {
      std::vector<double> sub_weight;
      Dataset sub = binary_subset(batch, tasks[m], row_weight, sub_weight);
      if (sub.rows() == 0) continue;
      FitReport part;
      if (Status s = updated.models_[m].partial_fit(sub, part, &sub_weight); !s.ok()) return s;
      summary.steps += part.steps;
      summary.mistakes += part.mistakes;
    }
    updated.steps_ += summary.steps;
    result.epochs = 1;
    result.steps = summary.steps;
    result.mistakes = summary.mistakes;
    result.converged = summary.mistakes == 0;
    result.history.push_back(summary);
  }
  *this = std::move(updated);
  report = std::move(result);
  return Status::success();
}

void MulticlassPerceptron::joint_scores(const std::vector<double>& weights,
                                        const std::vector<double>& biases, Row x,
                                        double* out) const {
  const std::size_t d = n_features_;
  for (std::size_t c = 0; c < biases.size(); ++c) {
    out[c] = score_of(std::span<const double>(weights.data() + c * d, d), biases[c], x);
  }
}

void MulticlassPerceptron::predicting_weights(std::vector<double>& weights,
                                              std::vector<double>& biases) const {
  if (params_.base.variant != Variant::averaged) {
    weights = weights_;
    biases = biases_;
    return;
  }
  std::vector<double> parameters(weights_);
  parameters.insert(parameters.end(), biases_.begin(), biases_.end());
  std::vector<double> averaged;
  average_.average(parameters, averaged);
  weights.assign(averaged.begin(), averaged.begin() + static_cast<std::ptrdiff_t>(weights_.size()));
  biases.assign(averaged.begin() + static_cast<std::ptrdiff_t>(weights_.size()), averaged.end());
}

NamedArrays MulticlassPerceptron::joint_state() const {
  NamedArrays state;
  if (params_.strategy == Strategy::joint && params_.base.variant == Variant::averaged) {
    average_.save(state);
  }
  return state;
}

Status MulticlassPerceptron::check_input(const Matrix& x) const {
  return check_prediction_input(check_fitted(), n_features_, x);
}

Status MulticlassPerceptron::decision_function(const Matrix& x, double* out) const {
  if (Status s = check_input(x); !s.ok()) return s;
  const std::size_t rows = x.rows();
  const std::size_t k_count = classes_.size();
  if (params_.strategy == Strategy::joint) {
    std::vector<double> weights, biases;
    predicting_weights(weights, biases);
    for (std::size_t i = 0; i < rows; ++i) {
      joint_scores(weights, biases, x.row(i), out + i * k_count);
    }
    return Status::success();
  }
  std::vector<double> binary(rows);
  std::fill(out, out + rows * k_count, 0.0);
  std::size_t model = 0;
  if (params_.strategy == Strategy::ovr) {
    for (std::size_t c = 0; c < k_count; ++c, ++model) {
      if (Status s = models_[model].decision_function(x, binary.data()); !s.ok()) return s;
      for (std::size_t i = 0; i < rows; ++i) out[i * k_count + c] = binary[i];
    }
    return Status::success();
  }
  std::vector<std::uint32_t> predicted(rows);
  for (std::size_t a = 0; a < k_count; ++a) {
    for (std::size_t b = a + 1; b < k_count; ++b, ++model) {
      if (Status s = models_[model].predict(x, predicted.data()); !s.ok()) return s;
      for (std::size_t i = 0; i < rows; ++i) out[i * k_count + (predicted[i] ? b : a)] += 1;
    }
  }
  return Status::success();
}

Status MulticlassPerceptron::predict(const Matrix& x, std::uint32_t* out) const {
  const std::size_t k_count = classes_.size();
  std::vector<double> scores(x.rows() * (k_count ? k_count : 1));
  if (Status s = decision_function(x, scores.data()); !s.ok()) return s;
  for (std::size_t i = 0; i < x.rows(); ++i) {
    out[i] = argmax(std::span<const double>(scores.data() + i * k_count, k_count));
  }
  return Status::success();
}

SavedModel MulticlassPerceptron::save() const {
  SavedModel saved{classes_, n_features_, steps_, {}, {}, {}};
  if (params_.strategy == Strategy::joint) {
    saved.arrays = {{"weights", weights_}, {"biases", biases_}};
    saved.state = joint_state();
  } else {
    for (const Perceptron& model : models_) saved.parts.push_back(model.save());
  }
  return saved;
}

Status MulticlassPerceptron::restore(const MulticlassParams& params, const SavedModel& saved) {
  if (std::string message = check_parameter(params); !message.empty()) {
    return Status::range_error(message);
  }
  if (Status s = check_multiclass_classes(saved.classes, "classes"); !s.ok()) return s;
  return params.strategy == Strategy::joint ? restore_joint(params, saved)
                                            : restore_binary(params, saved);
}

Status MulticlassPerceptron::restore_joint(const MulticlassParams& params,
                                           const SavedModel& saved) {
  const Classes& classes = saved.classes;
  const std::size_t k_count = classes.size();
  std::vector<double> weights, biases;
  if (saved.n_features == 0) return Status::range_error("nFeatures must be at least 1");
  if (Status s = check_counts(saved, k_count); !s.ok()) return s;
  if (Status s = read_array(saved.arrays, "biases", k_count, biases, "one per class"); !s.ok()) {
    return s;
  }
  const std::string rows =
      "one row of nFeatures = " + std::to_string(saved.n_features) + " per class";
  if (Status s =
          read_array(saved.arrays, "weights", k_count * saved.n_features, weights, rows.c_str());
      !s.ok()) {
    return s;
  }
  MulticlassPerceptron restored;
  restored.params_ = params;
  restored.n_features_ = saved.n_features;
  restored.classes_ = classes;
  restored.steps_ = saved.steps;
  restored.weights_ = std::move(weights);
  restored.biases_ = std::move(biases);
  if (params.base.variant == Variant::averaged) {
    if (Status s = restored.average_.load(saved.state, restored.weights_.size() + k_count);
        !s.ok()) {
      return s;
    }
  }
  *this = std::move(restored);
  return Status::success();
}

Status MulticlassPerceptron::restore_binary(const MulticlassParams& params,
                                            const SavedModel& saved) {
  const Classes& classes = saved.classes;
  const std::size_t k_count = classes.size();
  const std::size_t expected =
      params.strategy == Strategy::ovr ? k_count : k_count * (k_count - 1) / 2;
  if (saved.parts.size() != expected) {
    return Status::range_error("models must hold " + std::to_string(expected) +
                               " binary models for " + std::to_string(k_count) +
                               " classes; received " + std::to_string(saved.parts.size()));
  }
  Classes binary;
  binary.numbers = {0, 1};
  std::vector<Perceptron> models(expected);
  std::uint64_t steps = 0;
  for (std::size_t m = 0; m < expected; ++m) {
    SavedModel part = saved.parts[m];
    part.classes = binary;
    part.n_features = saved.n_features;
    if (Status s = models[m].restore(params.base, part); !s.ok()) {
      s.message = "models[" + std::to_string(m) + "]." + s.message;
      return s;
    }
    steps += models[m].steps();
  }
  MulticlassPerceptron restored;
  restored.params_ = params;
  restored.n_features_ = saved.n_features;
  restored.classes_ = classes;
  restored.steps_ = steps;
  restored.models_ = std::move(models);
  *this = std::move(restored);
  return Status::success();
}

std::optional<std::vector<double>> MulticlassPerceptron::attribute(std::string_view name) const {
  if (name != "weights" && name != "biases") return std::nullopt;
  std::vector<double> w, b;
  predicting_weights(w, b);
  return name == "weights" ? w : b;
}

}  // namespace perceptron
