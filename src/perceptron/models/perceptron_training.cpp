// The binary perceptron's fit, as a Trainer (training/trainer.hpp) that can be driven step by
// step. Apart from perceptron.cpp, which keeps the hot step and prediction at -O3, so that this
// set-up code can be built for size.
#include <cmath>
#include <optional>

#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/update.hpp"
#include "perceptron/support/memory.hpp"

namespace perceptron {

Status read_initial_bias(const OptionValue& value, double& out) {
  const double* bias = std::get_if<double>(&value);
  if (bias == nullptr) return option_error(true, "initialBias", "a number", value);
  if (!std::isfinite(*bias)) return option_error(false, "initialBias", "a finite number", value);
  out = *bias;
  return Status::success();
}

Status Perceptron::fit(const Dataset& data, FitReport& report, const FitInputs& inputs,
                       FitObserver* observer, const InitialWeights* initial) {
  Trainer trainer;
  return run_to_end(start_training(trainer, data, inputs, observer, initial), trainer, report);
}

Status Perceptron::start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs,
                                  FitObserver* observer, const InitialWeights* initial) {
  return trainer.start(train(data, copy_or_empty(inputs.row_weight),
                             copy_or_none(inputs.validation),
                             initial ? std::optional<InitialWeights>(*initial) : std::nullopt,
                             observer, trainer.progress(), trainer.report_slot()));
}

Training Perceptron::train(Dataset all, std::vector<double> all_weights,
                           std::optional<Dataset> validation, std::optional<InitialWeights> initial,
                           FitObserver* observer, Progress& progress, FitReport& report) {
  if (Status s = all.x.check("X"); !s.ok()) co_return s;
  if (Status s = check_two_classes(all.classes, "y", "a binary perceptron"); !s.ok()) co_return s;
  if (!all_weights.empty() && all_weights.size() != all.rows()) {
    co_return Status::range_error("the row weights must have one weight per row of X");
  }
  ValidationSplit split;
  if (Status s = split_for_validation(params_, all, all_weights,
                                      validation ? &*validation : nullptr, split);
      !s.ok()) {
    co_return s;
  }
  const Dataset& data = split.train;
  const std::vector<double>* row_weight = &split.train_weight;
  if (Status s = check_dataset(data, "", true); !s.ok()) co_return s;
  if (Status s = check_two_classes(data.classes, "y", "a binary perceptron"); !s.ok()) co_return s;
  const bool continue_current = params_.warm_start && !initial && fitted();
  if (continue_current && (data.cols() != n_features_ || !(data.classes == classes_))) {
    co_return Status::range_error("warmStart continues the current model, so X must have " +
                                  std::to_string(n_features_) +
                                  " columns and y the classes it learned; received " +
                                  std::to_string(data.cols()) + " columns");
  }
  if (initial) {
    if (Status s = check_weights(initial->weights, initial->bias, data.cols(), "initialWeights");
        !s.ok()) {
      co_return s;
    }
  }

  std::optional<ValidationMonitor<Perceptron>> monitor;
  if (split.active) monitor.emplace(split.train, split.validation, params_.patience);
  std::optional<Perceptron> before;  // restored if an observer aborts or the variant fails
  if (observer != nullptr || params_.variant == Variant::voted) before.emplace(*this);
  std::optional<Status> failure;
  if (!continue_current) {
    if (Status s = check_weights_memory(1, "", data.cols()); !s.ok()) co_return s;
    n_features_ = data.cols();
    classes_ = data.classes;
    weights_ = initial ? initial->weights : std::vector<double>(data.cols(), 0.0);
    bias_ = initial ? initial->bias : 0.0;
    steps_ = 0;
    variant_->reset(weights_, bias_);
  }
  const bool weighted = !row_weight->empty();
  const StepContext context{params_.mistake_rule, &data, row_weight};
  EpochLoop loop(params_, data.rows(), progress);
  progress.report = &loop.report();
  auto step = [&](std::size_t i, std::uint64_t epoch) {
    if (observer != nullptr) observer->before_step(i);
    StepRecord record =
        this->step(data.x.row(i), data.sign(i), weighted ? (*row_weight)[i] : 1.0, context);
    record.epoch = epoch;
    record.index = i;
    if (Status health = variant_->health(); !health.ok()) {
      failure = health;
      return StepOutcome{record.mistake, Control::abort};
    }
    return StepOutcome{record.mistake, observer != nullptr
                                           ? observer->on_step(record, weights_, bias_)
                                           : Control::proceed};
  };
  auto all_right = [&] {
    for (std::size_t i = 0; i < data.rows(); ++i) {
      if (weighted && (*row_weight)[i] == 0) continue;
      const double s = score_of(weights_, bias_, data.x.row(i));
      if (needs_update(params_.mistake_rule, params_.margin, s, data.sign(i))) return false;
    }
    return true;
  };
  auto after_epoch = [&](EpochRecord& summary) {
    EpochVerdict verdict = monitor_epoch(*this, monitor, summary);
    if (observer != nullptr) verdict.control = observer->on_epoch(summary, weights_, bias_);
    return verdict;
  };
  while (!loop.run(step, all_right, after_epoch)) co_yield Training::Pause{};
  FitReport result = std::move(loop.report());
  progress.report = &report;
  if (result.aborted) {
    *this = std::move(*before);
    if (failure) co_return *failure;
    report = FitReport{};
    report.aborted = true;
    co_return Status::success();
  }
  if (monitor) monitor->finish(*this, result, result.stopped_early);
  report = std::move(result);
  co_return Status::success();
}

}  // namespace perceptron
