// What every model's training shares: the reports, the observer's answers, the validation
// split, and early stopping (the Paris-Sud notes: train for MAX_EPOCH epochs, keep the
// parameters with the lowest error on a validation set).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/status.hpp"
#include "perceptron/training/params.hpp"
#include "perceptron/training/visit_order.hpp"

namespace perceptron {

struct EpochRecord {
  std::uint64_t epoch = 0;
  std::uint64_t steps = 0;     // steps in this epoch
  std::uint64_t mistakes = 0;  // mistakes (updates) in this epoch
  // With a validation set: the error rates (1 - accuracy) of the predicting model after the
  // epoch on the training and the validation examples; NaN otherwise.
  double train_error = std::numeric_limits<double>::quiet_NaN();
  double validation_error = std::numeric_limits<double>::quiet_NaN();
};

struct FitReport {
  std::uint64_t epochs = 0;
  std::uint64_t steps = 0;
  std::uint64_t mistakes = 0;
  // cyclic / shuffle: an epoch ended without a mistake; sample: at the end of a block the
  // weights made no mistake on any training example.
  bool converged = false;
  bool stopped = false;  // an observer asked to stop; the weights reached so far are kept
  bool aborted = false;  // an observer aborted; the model is as it was before fit
  // With a validation set: the epoch whose model was kept (the lowest validation error, the
  // earliest on ties) and whether patience ran out before maxEpochs.
  std::uint64_t best_epoch = 0;
  bool stopped_early = false;
  // One record per epoch, the first max_history of them (a run of millions of epochs on data
  // no line separates must not exhaust memory); history_truncated says some were left out.
  std::vector<EpochRecord> history;
  bool history_truncated = false;
};

// What fit and start_training read beside the training set, the same for every model kind.
struct FitInputs {
  // One finite weight >= 0 per row (see row_weights) scaling that example's update; null or
  // empty: every row weighs 1.
  const std::vector<double>* row_weight = nullptr;
  // A validation set with the training set's classes and columns (the model of the epoch with
  // the lowest validation error is kept), or null.
  const Dataset* validation = nullptr;
};

inline constexpr std::size_t max_history = std::size_t{1} << 20;

enum class Control { proceed, stop, abort };

// Splits `data` into training and validation rows, stratified: of each class's n_c rows,
// round(fraction * n_c) go to validation (at least one when n_c >= 2, never all of them),
// chosen by a Fisher-Yates shuffle of that class's rows from Pcg32(seed). Both keep the
// order of `data` and its classes. `row_weight` (empty or one per row) is split alike.
// fraction must be in (0, 1); a class with a single row stays in training.
Status stratified_split(const Dataset& data, double fraction, std::uint64_t seed,
                        const std::vector<double>& row_weight, Dataset& train, Dataset& validation,
                        std::vector<double>& train_weight);

// Checks a validation set against the training data: same columns and classes.
Status check_validation(const Dataset& validation, const Dataset& data);

// Early stopping for any model kind M with `double error_rate(const Dataset&) const` (the
// predicting model's) and copy assignment: after each epoch it measures the training and
// validation errors, keeps a copy of the model with the lowest validation error, and asks to
// stop when `patience` epochs in a row did not lower it. finish() puts the best model back.
template <typename M>
class ValidationMonitor {
 public:
  ValidationMonitor(const Dataset& train, const Dataset& validation, std::uint64_t patience)
      : train_(train), validation_(validation), patience_(patience) {}

  Control after_epoch(const M& current, EpochRecord& record) {
    record.train_error = current.error_rate(train_);
    record.validation_error = current.error_rate(validation_);
    if (!best_ || record.validation_error < best_error_) {
      best_ = current;
      best_error_ = record.validation_error;
      best_epoch_ = record.epoch;
      since_best_ = 0;
      return Control::proceed;
    }
    return ++since_best_ >= patience_ ? Control::stop : Control::proceed;
  }

  // Restores the best model into `model` and records it in the report.
  void finish(M& model, FitReport& report, bool patience_ran_out) {
    report.best_epoch = best_epoch_;
    report.stopped_early = patience_ran_out;
    if (best_) model = std::move(*best_);
  }

 private:
  const Dataset& train_;
  const Dataset& validation_;
  std::uint64_t patience_;
  std::optional<M> best_;
  double best_error_ = 0;
  std::uint64_t best_epoch_ = 0;
  std::uint64_t since_best_ = 0;
};

// The most rows and visits visit_order_of lists: 2^24 each, lists wasm memory holds.
inline constexpr std::uint64_t max_visits = std::uint64_t{1} << 24;

// pw.visitOrder: the rows fit visits for the options {order, seed, rows, count} as a caller
// gives them (order and seed checked as a model's options; rows from 1 and count from 0, both
// up to max_visits).
Status visit_order_of(const OptionList& options, std::vector<std::uint32_t>& out);

// What every model's prediction checks: fitted (`fitted` is the model's check_fitted()), then
// X with at least one row, the model's feature count, finite values.
Status check_prediction_input(const Status& fitted, std::size_t n_features, const Matrix& x);

// What every partial_fit checks of its batch: a valid X, one label per row, and once the model
// has learned, its feature count and classes; row weights one per row when given.
Status check_batch(const Dataset& batch, bool fitted, std::size_t n_features,
                   const Classes& classes, const std::vector<double>* row_weight);

// The accuracy of any model kind M with predict(x, out): the fraction of rows whose predicted
// class index equals class_index[i].
template <typename M>
Status accuracy_of(const M& model, const Matrix& x, const std::vector<std::uint32_t>& class_index,
                   double& out) {
  std::vector<std::uint32_t> predicted(x.rows());
  if (Status s = model.predict(x, predicted.data()); !s.ok()) return s;
  if (class_index.size() != x.rows()) {
    return Status::range_error("y must have one label per row of X (" + std::to_string(x.rows()) +
                               "); received " + std::to_string(class_index.size()) + " labels");
  }
  std::size_t correct = 0;
  for (std::size_t i = 0; i < x.rows(); ++i) correct += predicted[i] == class_index[i];
  out = static_cast<double>(correct) / static_cast<double>(x.rows());
  return Status::success();
}

// 1 - accuracy on a checked dataset with the model's classes (1 if it cannot predict).
template <typename M>
double error_rate_of(const M& model, const Dataset& data) {
  double accuracy = 0;
  if (!accuracy_of(model, data.x, data.class_index, accuracy).ok()) return 1.0;
  return 1.0 - accuracy;
}

// What a step or an epoch tells the loop.
// A step as a trainer's step() shows it, described by the kind when Progress::detail asks (the
// kernel perceptron, Winnow, Passive-Aggressive, and ovr/ovo for their binary models): what the
// step saw before its update and what it did. NaN where the kind has no such number.
//
// One-vs-* training (classes_filled): score, prediction and label are the binary model's (0 / 1),
// and scores, class_prediction and class_label the multi-class model's before the step (its K
// scores and its prediction for the row, as decision_function and predict give them) and the
// row's class. (The fields keep the struct at its former size: every model binding holds one.)
struct StepDetail {
  bool filled = false;          // set by the kind at each step
  bool classes_filled = false;  // one-vs-*: the multi-class model's view is filled
  std::uint32_t class_label = 0;
  double score = std::numeric_limits<double>::quiet_NaN();  // one score: the decision value
  std::vector<double> scores;    // multi-class Passive-Aggressive, one-vs-*: the K scores
  std::uint32_t prediction = 0;  // class index, as predict() gives it before the update
  std::uint32_t label = 0;       // class index
  std::uint32_t class_prediction = 0;
  // The kernel perceptron: the change of the row's dual coefficient (eta * weight * y, 0 without
  // an update); Passive-Aggressive: the step size tau (0 without an update).
  double update = std::numeric_limits<double>::quiet_NaN();
  double loss = std::numeric_limits<double>::quiet_NaN();  // Passive-Aggressive: the hinge loss
  double threshold = std::numeric_limits<double>::quiet_NaN();  // Winnow: theta
};

struct StepOutcome {
  bool mistake = false;
  Control control = Control::proceed;  // an observer's answer
};
struct EpochVerdict {
  Control control = Control::proceed;  // an observer's answer
  bool patience_ran_out = false;       // early stopping's answer
};

// The after-epoch answer of early stopping, for EpochLoop's after_epoch: whether patience ran
// out (always no without a monitor).
template <typename M>
EpochVerdict monitor_epoch(const M& model, std::optional<ValidationMonitor<M>>& monitor,
                           EpochRecord& summary) {
  EpochVerdict verdict;
  if (monitor) {
    verdict.patience_ran_out = monitor->after_epoch(model, summary) == Control::stop;
  }
  return verdict;
}

// What every fit checks of its training data besides the classes: a valid X, one label per
// row, row weights one per row when given.
Status check_training(const Dataset& data, const std::vector<double>* row_weight);

// partial_fit's single pass over a batch of `rows`, in VisitOrder(order, seed + steps so far):
// step(row) -> whether it updated. The report covers the pass; converged: no update in it.
template <typename Step>
FitReport one_pass(const Params& params, std::uint64_t steps_so_far, std::size_t rows,
                   Step&& step) {
  VisitOrder visits(params.order, params.seed + steps_so_far, static_cast<std::uint32_t>(rows));
  EpochRecord summary{1, 0, 0};
  for (std::size_t k = 0; k < rows; ++k) {
    summary.mistakes += step(visits.next()) ? 1 : 0;
    ++summary.steps;
  }
  FitReport result;
  result.epochs = 1;
  result.steps = summary.steps;
  result.mistakes = summary.mistakes;
  result.converged = summary.mistakes == 0;
  result.history.push_back(summary);
  return result;
}

}  // namespace perceptron
