#include "perceptron/models/kernel.hpp"

#include <algorithm>
#include <cmath>

#include "perceptron/models/model.hpp"
#include "perceptron/models/update.hpp"
#include "perceptron/support/random.hpp"

namespace perceptron {

static_assert(Model<KernelPerceptron>);

namespace {

constexpr NameTable<Kernel, 3> kernel_names{
    {{Kernel::linear, "linear"}, {Kernel::polynomial, "polynomial"}, {Kernel::rbf, "rbf"}}};
const OptionTable<KernelParams>& own_fields() {
  static const OptionTable<KernelParams> table = [] {
    // gamma: a number > 0, or "auto", stored as 0 (1 / nFeatures once the data is known).
    OptionSpec positive_or_auto = above(0);
    positive_or_auto.choices = {"auto"};
    positive_or_auto.note = "(1 / nFeatures)";
    OptionField<KernelParams> gamma = number_field("gamma", positive_or_auto, &KernelParams::gamma);
    gamma.write = [](const OptionValue& value, KernelParams& p) {
      p.gamma = std::holds_alternative<double>(value) ? std::get<double>(value) : 0;
    };
    gamma.read = [](const KernelParams& p) -> std::optional<OptionValue> {
      if (p.gamma == 0) return std::string("auto");
      return p.gamma;
    };
    // variant: the shared option with one choice, "classic" (its prediction is the last sum).
    OptionField<KernelParams> variant;
    variant.spec = option_spec("variant", OptionType::choice, {"classic"});
    variant.spec.note = "for the kernel perceptron";
    variant.write = [](const OptionValue&, KernelParams& p) { p.base.variant = Variant::classic; };
    variant.read = [](const KernelParams& p) -> std::optional<OptionValue> {
      return std::string(name_of(p.base.variant));
    };
    OptionTable<KernelParams> t = {
        choice_field<&KernelParams::kernel, kernel_names>("kernel"),
        integer_field("degree", 1, &KernelParams::degree),
        gamma,
        number_field("coef0", any_number(), &KernelParams::coef0),
        integer_field("budget", 1, &KernelParams::budget, true),
        variant,
    };
    return t;
  }();
  return table;
}

// Every shared option but variant, which is the kernel's own (one choice).
const std::vector<std::string>& shared_options() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list = shared_option_names();
    std::erase(list, "variant");
    return list;
  }();
  return names;
}

}  // namespace

std::string_view name_of(Kernel value) { return lookup_name(kernel_names, value); }

std::string check_parameter(const KernelParams& params) {
  if (std::string message = check_kind_parameter(own_fields(), params); !message.empty()) {
    return message;
  }
  if (params.base.warm_start) {
    return "option warmStart is not available for the kernel perceptron: fit starts from no "
           "support vectors (partialFit continues)";
  }
  return "";
}

Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     KernelParams& params) {
  return apply_kind_options(options, own_fields(), shared_options(), params);
}

std::vector<OptionSetting> option_settings(const KernelParams& params) {
  return kind_settings(own_fields(), shared_options(), params);
}

double KernelPerceptron::gamma() const {
  if (params_.gamma > 0) return params_.gamma;
  return n_features_ ? 1.0 / static_cast<double>(n_features_) : 1.0;
}

double KernelPerceptron::kernel(const double* a, Row x) const {
  const std::size_t d = n_features_;
  switch (params_.kernel) {
    case Kernel::linear:
      return model_dot(std::span<const double>(a, d), x);
    case Kernel::polynomial: {
      const double base = gamma() * model_dot(std::span<const double>(a, d), x) + params_.coef0;
      double result = 1;
      for (std::uint64_t k = 0; k < params_.degree; ++k) result *= base;
      return result;
    }
    case Kernel::rbf: {
      return std::exp(-gamma() * model_squared_distance(a, x));
    }
  }
  return 0;
}

// sum_k c_k K(s_k, x) + b: the dot product of the coefficients with the kernel values, in the
// blocked order.
double KernelPerceptron::score(Row x) const {
  const double sum = blocked_sum(coefficients_.size(), [&](std::size_t k) {
    return coefficients_[k] * kernel(support_.data() + k * n_features_, x);
  });
  return sum + bias_;
}

Training KernelPerceptron::train(Dataset all, std::vector<double> all_weights,
                                 std::optional<Dataset> validation, bool single_pass,
                                 Progress& progress, FitReport& report) {
  const Params& p = params_.base;
  ValidationSplit split;
  if (single_pass) {
    split.train = std::move(all);
    split.train_weight = std::move(all_weights);
  } else {
    if (Status s = check_training(all, &all_weights); !s.ok()) co_return s;
    if (Status s = check_two_classes(all.classes, "y", "a binary kernel perceptron"); !s.ok())
      co_return s;
    if (Status s =
            split_for_validation(p, all, all_weights, validation ? &*validation : nullptr, split);
        !s.ok()) {
      co_return s;
    }
    n_features_ = split.train.cols();
    classes_ = split.train.classes;
    support_.clear();
    coefficients_.clear();
    bias_ = 0;
    steps_ = 0;
  }
  const Dataset& data = split.train;
  const std::vector<double>* row_weight = &split.train_weight;
  std::optional<ValidationMonitor<KernelPerceptron>> monitor;
  if (split.active) monitor.emplace(split.train, split.validation, p.patience);
  const std::size_t n = data.rows();
  const std::size_t d = n_features_;
  const bool weighted = !row_weight->empty();
  // cache[i]: sum_k c_k K(s_k, x_i) over the current support vectors, kept up to date on every
  // update (O(n d) per mistake) so that a step costs O(1).
  std::vector<double> cache(n, 0.0);
  RowReader new_support(data.x);
  for (std::size_t i = 0; i < n; ++i) cache[i] = score(data.x.row(i)) - bias_;
  std::vector<std::int64_t> support_of_row(n, -1);
  std::vector<std::int64_t> row_of_support(coefficients_.size(), -1);

  auto add = [&](std::size_t k, double c) {
    const double* s = support_.data() + k * d;
    for (std::size_t r = 0; r < n; ++r) cache[r] += c * kernel(s, data.x.row(r));
  };
  auto step = [&](std::size_t i, std::uint64_t) {
    const int y = data.sign(i);
    const double weight = weighted ? (*row_weight)[i] : 1.0;
    const bool mistake = weight > 0 && needs_update(p.mistake_rule, p.margin, cache[i] + bias_, y);
    ++steps_;
    if (StepDetail* detail = progress.detail; detail != nullptr) {
      *detail = StepDetail{};
      detail->filled = true;
      detail->score = cache[i] + bias_;
      detail->prediction = predicted_sign(p.mistake_rule, detail->score) > 0 ? 1 : 0;
      detail->label = y > 0 ? 1 : 0;
      detail->update = mistake ? p.learning_rate * weight * y : 0;
    }
    if (mistake) {
      const double c = p.learning_rate * weight * y;
      std::int64_t k = support_of_row[i];
      if (k < 0) {
        if (params_.budget != 0 && coefficients_.size() == params_.budget) {
          // The oldest support vector goes, with its contribution.
          add(0, -coefficients_[0]);
          if (row_of_support[0] >= 0)
            support_of_row[static_cast<std::size_t>(row_of_support[0])] = -1;
          for (auto& position : support_of_row) {
            if (position > 0) --position;
          }
          support_.erase(support_.begin(), support_.begin() + static_cast<std::ptrdiff_t>(d));
          coefficients_.erase(coefficients_.begin());
          row_of_support.erase(row_of_support.begin());
        }
        const double* x = new_support(i);
        support_.insert(support_.end(), x, x + d);
        coefficients_.push_back(0);
        row_of_support.push_back(static_cast<std::int64_t>(i));
        k = static_cast<std::int64_t>(coefficients_.size() - 1);
        support_of_row[i] = k;
      }
      coefficients_[static_cast<std::size_t>(k)] += c;
      add(static_cast<std::size_t>(k), c);
      if (p.fit_intercept) bias_ += c;
    }
    return StepOutcome{mistake, Control::proceed};
  };

  if (single_pass) {
    report = one_pass(p, steps_, n, [&](std::size_t i) { return step(i, 1).mistake; });
    co_return Status::success();
  }
  EpochLoop loop(p, n, progress);
  progress.report = &loop.report();
  auto all_right = [&] {
    for (std::size_t i = 0; i < n; ++i) {
      if (weighted && (*row_weight)[i] == 0) continue;
      if (needs_update(p.mistake_rule, p.margin, cache[i] + bias_, data.sign(i))) return false;
    }
    return true;
  };
  auto after_epoch = [&](EpochRecord& summary) { return monitor_epoch(*this, monitor, summary); };
  while (!loop.run(step, all_right, after_epoch)) co_yield Training::Pause{};
  finish_training(*this, loop, monitor, progress, report);
  co_return Status::success();
}

Status KernelPerceptron::start_training(Trainer& trainer, const Dataset& data,
                                        const FitInputs& inputs) {
  return trainer.start(train(data, copy_or_empty(inputs.row_weight),
                             copy_or_none(inputs.validation), false, trainer.progress(),
                             trainer.report_slot()));
}

Status KernelPerceptron::partial_fit(const Dataset& batch, FitReport& report,
                                     const std::vector<double>* row_weight) {
  if (Status s = check_batch(batch, fitted(), n_features_, classes_, row_weight); !s.ok()) {
    return s;
  }
  if (Status s = check_two_classes(batch.classes, "classes", "a binary kernel perceptron"); !s.ok())
    return s;
  KernelPerceptron updated(*this);
  if (!fitted()) {
    updated.n_features_ = batch.cols();
    updated.classes_ = batch.classes;
  }
  Trainer pass;
  if (Status s = run_to_end(pass.start(updated.train(batch, copy_or_empty(row_weight), std::nullopt,
                                                     true, pass.progress(), pass.report_slot())),
                            pass, report);
      !s.ok()) {
    return s;
  }
  *this = std::move(updated);
  return Status::success();
}

Status KernelPerceptron::decision_function(const Matrix& x, double* out) const {
  if (Status s = check_prediction_input(check_fitted(), n_features_, x); !s.ok()) {
    return s;
  }
  for (std::size_t i = 0; i < x.rows(); ++i) out[i] = score(x.row(i));
  return Status::success();
}

Status KernelPerceptron::predict(const Matrix& x, std::uint32_t* out) const {
  std::vector<double> scores(x.rows());
  if (Status s = decision_function(x, scores.data()); !s.ok()) return s;
  for (std::size_t i = 0; i < x.rows(); ++i) {
    out[i] = predicted_sign(params_.base.mistake_rule, scores[i]) > 0 ? 1u : 0u;
  }
  return Status::success();
}

SavedModel KernelPerceptron::save() const {
  return {
      classes_, n_features_,
      steps_,   {{"supportVectors", support_}, {"coefficients", coefficients_}, {"bias", {bias_}}},
      {},       {}};
}

Status KernelPerceptron::restore(const KernelParams& params, const SavedModel& saved) {
  const std::size_t n_features = saved.n_features;
  std::vector<double> support_vectors, coefficients;
  double bias = 0;
  if (Status s = read_array(saved.arrays, "coefficients", any_length, coefficients); !s.ok()) {
    return s;
  }
  if (Status s = read_array(saved.arrays, "supportVectors", any_length, support_vectors); !s.ok()) {
    return s;
  }
  if (Status s = read_number(saved.arrays, "bias", bias); !s.ok()) return s;
  const Classes& classes = saved.classes;
  if (std::string message = check_parameter(params); !message.empty()) {
    return Status::range_error(message);
  }
  if (Status s = check_two_classes(classes, "classes", "a binary kernel perceptron"); !s.ok())
    return s;
  if (n_features == 0) return Status::range_error("nFeatures must be at least 1");
  if (Status s = check_counts(saved, coefficients.size()); !s.ok()) return s;
  if (support_vectors.size() != coefficients.size() * n_features) {
    return Status::range_error(
        "supportVectors must hold one row of nFeatures = " + std::to_string(n_features) +
        " numbers per coefficient (" + std::to_string(coefficients.size()) + ")");
  }
  if (params.budget != 0 && coefficients.size() > params.budget) {
    return Status::range_error(
        "coefficients must hold at most budget = " + std::to_string(params.budget) +
        " support vectors; received " + std::to_string(coefficients.size()));
  }
  KernelPerceptron restored;
  restored.params_ = params;
  restored.n_features_ = n_features;
  restored.classes_ = classes;
  restored.support_ = std::move(support_vectors);
  restored.coefficients_ = std::move(coefficients);
  restored.bias_ = bias;
  restored.steps_ = saved.steps;
  *this = std::move(restored);
  return Status::success();
}

std::optional<std::vector<double>> KernelPerceptron::attribute(std::string_view name) const {
  if (name == "supportVectors") return support_;
  if (name == "coefficients") return coefficients_;
  if (name == "bias") return std::vector<double>{bias_};
  if (name == "gamma") return std::vector<double>{gamma()};
  return std::nullopt;
}

}  // namespace perceptron
