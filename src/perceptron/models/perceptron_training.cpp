// The binary perceptron's fit, as a Trainer (training/trainer.hpp) that can be driven step by
// step, and precision 'float32''s step, which its loop runs in place (both built at -O3).
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

namespace {

// precision 'float32''s arithmetic, in one place: the score of row x (the float32 row's score of
// the float64 loop: float32 products of the weights, a float32 blocked sum, widened, plus the
// bias in double; the same bits, since every weight is a float32 number), and the update
// w_j += s x_j, b += s in float32, with `wide` (the double weights) and `wide_bias` kept equal.
// Always inlined: train()'s float32 loop runs them in place.
[[gnu::always_inline]] inline double float32_score(const float* w, std::size_t n, Row x,
                                                   double bias) {
  const float* v = x.data<float>();
  if (!x.sparse()) return static_cast<double>(dot_float32(w, v, n)) + bias;
  const std::uint32_t* c = x.indices();
  return static_cast<double>(sparse_blocked_sum<float>(
             c, x.stored(), [&](std::size_t k) { return w[c[k]] * v[k]; })) +
         bias;
}

[[gnu::always_inline]] inline void float32_update(float* w, double* wide, std::size_t n, Row x,
                                                  float s, bool fit_intercept, float& bias,
                                                  double& wide_bias) {
  const float* v = x.data<float>();
  if (x.sparse()) {
    const std::uint32_t* c = x.indices();
    for (std::size_t k = 0; k < x.stored(); ++k) {
      w[c[k]] += s * v[k];
      wide[c[k]] = w[c[k]];
    }
  } else {
    for (std::size_t j = 0; j < n; ++j) w[j] += s * v[j];
    for (std::size_t j = 0; j < n; ++j) wide[j] = w[j];
  }
  if (fit_intercept) {
    bias += s;
    wide_bias = bias;
  }
}

// w += s x over n dense values, w and x apart (so that it vectorizes; each w_j changes alone,
// so the bits are those of add_scaled and float32_update).
template <typename T>
[[gnu::always_inline]] inline void add_dense(T* __restrict w, T s, const T* __restrict x,
                                             std::size_t n) {
#if defined(__clang__)
#pragma clang loop interleave_count(1) unroll(disable)
#endif
  for (std::size_t j = 0; j < n; ++j) w[j] += s * x[j];
}

// plain_step (in train()) on a dense row, float64 and precision 'float32': the same arithmetic,
// the weights and bias its own until dense_steps ends.
struct Float64Steps {
  double* w;
  std::size_t n;
  double bias;
  double learning_rate;
  MistakeRule rule;
  double margin;
  bool fit_intercept;
  bool operator()(const double* x, int label) {
    const double score = dense_dot(w, x, n) + bias;
    if (!needs_update(rule, margin, score, label)) return false;
    const double s = learning_rate * label;
    add_dense(w, s, x, n);
    if (fit_intercept) bias += s;
    return true;
  }
};
struct Float32Steps {
  float* w;
  std::size_t n;
  float bias;
  double learning_rate;
  MistakeRule rule;
  double margin;
  bool fit_intercept;
  bool operator()(const float* x, int label) {
    const double score = static_cast<double>(dense_dot(w, x, n)) + static_cast<double>(bias);
    if (!needs_update(rule, margin, score, label)) return false;
    const float s = static_cast<float>(learning_rate * label);
    add_dense(w, s, x, n);
    if (fit_intercept) bias += s;
    return true;
  }
};

// fit's plain steps on dense rows, a run of visits at a time (EpochLoop::run_visits), out of the
// training coroutine: the step's state in locals, so that the loop keeps it in registers
// instead of the coroutine's frame.
template <typename T, typename Steps>
[[gnu::always_inline]] inline EpochLoop::Tally dense_steps(const Dataset& data,
                                                           VisitOrder::Run visits, Steps& steps) {
  Steps local = steps;
  const Matrix::DenseRows<T> rows = data.x.dense_rows<T>();
  const std::uint32_t* class_index = data.class_index.data();
  EpochLoop::Tally tally;
  bool mistake = false;
  for (std::size_t k = 0; k < visits.count; ++k) {
    const std::uint32_t i = visits[k];
    mistake = local(rows[i], class_index[i] == 1 ? 1 : -1);
    tally.mistakes += mistake ? 1 : 0;
  }
  tally.taken = visits.count;
  if (visits.count > 0) tally.row = visits[visits.count - 1];
  tally.outcome.mistake = mistake;
  steps = local;
  return tally;
}

// dense_steps of float64 rows (f64) or of precision 'float32' (f32), the other null. One
// function called from two places, on purpose: binaryen inlines a function with one caller, and
// inlined into the training coroutine, whose one call runs a whole fit, the loop ran a first fit
// in V8's baseline tier (Liftoff) throughout, at half the speed of later ones. Out of line, it
// is compiled by the optimizing tier after its first calls.
[[gnu::noinline]] EpochLoop::Tally dense_run(const Dataset& data, VisitOrder::Run visits,
                                             Float64Steps* f64, Float32Steps* f32) {
  return f32 != nullptr ? dense_steps<float>(data, visits, *f32)
                        : dense_steps<double>(data, visits, *f64);
}

}  // namespace

// precision 'float32''s step with its record (partial_fit, the trainer with an observer); fit's
// loop without an observer runs the same arithmetic in place (train()).
StepRecord Perceptron::step_float32(Row x, int label, double weight, const StepContext& context) {
  if (weights32_.size() != weights_.size()) sync_float32();
  StepRecord record;
  record.score = float32_score(weights32_.data(), weights32_.size(), x, bias_);
  record.prediction = predicted_sign(params_.mistake_rule, record.score);
  record.label = label;
  record.mistake =
      weight > 0 && needs_update(params_.mistake_rule, params_.margin, record.score, label);
  if (record.mistake) {
    float32_update(weights32_.data(), weights_.data(), weights32_.size(), x,
                   static_cast<float>(params_.learning_rate * weight * label),
                   params_.fit_intercept, bias32_, bias_);
  }
  record.t = ++steps_;
  // No variant call: precision 'float32' is the classic variant's, whose after_step does nothing.
  (void)context;
  return record;
}

Status Perceptron::float32_rows(const Matrix& x, std::string_view argument) const {
  if (params_.precision != Precision::float32 || x.dtype() == DType::float32) {
    return Status::success();
  }
  return Status::type_error(std::string(argument) +
                            " must hold float32 values with option precision \"float32\" (a "
                            "float32 Dataset); received float64 values");
}

void Perceptron::sync_float32() {
  weights32_.assign(weights_.begin(), weights_.end());
  for (std::size_t j = 0; j < weights_.size(); ++j) weights_[j] = weights32_[j];
  bias32_ = static_cast<float>(bias_);
  bias_ = bias32_;
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
  if (Status s = float32_rows(data.x, "X"); !s.ok()) co_return s;
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
  if (params_.precision == Precision::float32) sync_float32();
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
    if (!variant_->healthy()) {
      failure = variant_->health();
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
  // Without an observer or row weights, precision 'float32' and the classic variant in float64
  // take a run of visits at a time (plain_run): dense rows in dense_run, the others a step at a
  // time. Their steps are step()'s arithmetic in place (score_of, needs_update, apply_update with
  // weight 1; step_float32's for 'float32'), without its record and its variant calls (the
  // classic variant's after_step does nothing; its health never fails). The same steps as the
  // general lambda above, which an observer (a trace, onStep) gets.
  const bool float32 = params_.precision == Precision::float32;
  auto plain_step = [&](std::size_t i) {
    const Row x = data.x.row(i);
    const int label = data.sign(i);
    const double score = float32 ? float32_score(weights32_.data(), weights32_.size(), x, bias_)
                                 : score_of(weights_, bias_, x);
    const bool update = needs_update(params_.mistake_rule, params_.margin, score, label);
    if (update && float32) {
      float32_update(weights32_.data(), weights_.data(), weights32_.size(), x,
                     static_cast<float>(params_.learning_rate * label), params_.fit_intercept,
                     bias32_, bias_);
    } else if (update) {
      apply_update(weights_, bias_, x, label, params_.learning_rate, params_.fit_intercept);
    }
    return update;
  };
  auto plain_run = [&](VisitOrder::Run visits) {
    EpochLoop::Tally tally;
    if (!data.x.sparse() && float32) {
      Float32Steps steps{weights32_.data(),     weights32_.size(),    bias32_,
                         params_.learning_rate, params_.mistake_rule, params_.margin,
                         params_.fit_intercept};
      tally = dense_run(data, visits, nullptr, &steps);
      if (tally.mistakes > 0) {
        bias32_ = steps.bias;
        bias_ = bias32_;
        for (std::size_t j = 0; j < weights_.size(); ++j) weights_[j] = weights32_[j];
      }
    } else if (!data.x.sparse() && data.x.dtype() == DType::float64) {
      Float64Steps steps{weights_.data(),       weights_.size(),      bias_,
                         params_.learning_rate, params_.mistake_rule, params_.margin,
                         params_.fit_intercept};
      tally = dense_run(data, visits, &steps, nullptr);
      bias_ = steps.bias;
    } else {
      for (; tally.taken < visits.count; ++tally.taken) {
        tally.row = visits[tally.taken];
        tally.outcome.mistake = plain_step(tally.row);
        tally.mistakes += tally.outcome.mistake ? 1 : 0;
      }
    }
    steps_ += tally.taken;
    return tally;
  };
  if (observer == nullptr && !weighted && (float32 || params_.variant == Variant::classic)) {
    while (!loop.run_visits(plain_run, all_right, after_epoch)) co_yield Training::Pause{};
  } else {
    while (!loop.run(step, all_right, after_epoch)) co_yield Training::Pause{};
  }
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
