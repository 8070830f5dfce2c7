// The multi-class perceptron's fit: joint training (one weight vector per class, Collins-style
// updates) or one binary Perceptron per task (ovr, ovo) trained one after the other; both are a
// Trainer (training/trainer.hpp) that can be driven step by step.
#include <algorithm>
#include <optional>

#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/multiclass_tasks.hpp"
#include "perceptron/support/memory.hpp"

namespace perceptron {

Status check_multiclass_classes(const Classes& classes, const std::string& argument) {
  if (classes.size() >= 2) return Status::success();
  return Status::range_error(argument + " must hold at least two distinct classes; received " +
                             std::to_string(classes.size()) +
                             (classes.size() == 1 ? " class [" + classes.describe(0) + "]" : ""));
}

// The rows of `data` whose class is in `keep` (class index -> binary label 0/1), as a binary
// dataset with numeric classes {0, 1}, and their row weights.
Dataset binary_subset(const Dataset& data, const std::vector<int>& keep,
                      const std::vector<double>* row_weight, std::vector<double>& sub_weight,
                      std::vector<std::uint32_t>* kept) {
  std::vector<std::uint32_t> rows;
  std::vector<std::uint32_t> labels;
  sub_weight.clear();
  const bool weighted = row_weight != nullptr && !row_weight->empty();
  for (std::uint32_t i = 0; i < data.rows(); ++i) {
    const int label = keep[data.class_index[i]];
    if (label < 0) continue;
    rows.push_back(i);
    labels.push_back(static_cast<std::uint32_t>(label));
    if (weighted) sub_weight.push_back((*row_weight)[i]);
  }
  // A view of the kept rows (no value copied), relabelled 0 / 1.
  Dataset sub;
  sub.x = data.x.select(rows);
  sub.classes.numbers = {0, 1};
  sub.class_index = std::move(labels);
  if (kept != nullptr) *kept = rows;
  return sub;
}

Status MulticlassPerceptron::fit(const Dataset& data, FitReport& report, const FitInputs& inputs,
                                 MulticlassObserver* observer) {
  Trainer trainer;
  return run_to_end(start_training(trainer, data, inputs, observer), trainer, report);
}

Status MulticlassPerceptron::start_training(Trainer& trainer, const Dataset& data,
                                            const FitInputs& inputs, MulticlassObserver* observer) {
  const std::vector<double>* row_weight = inputs.row_weight;
  const Dataset* validation = inputs.validation;
  if (Status s = data.x.check("X"); !s.ok()) return s;
  if (Status s = check_multiclass_classes(data.classes, "y"); !s.ok()) return s;
  if (row_weight != nullptr && !row_weight->empty() && row_weight->size() != data.rows()) {
    return Status::range_error("the row weights must have one weight per row of X");
  }
  if (validation != nullptr) {
    if (Status s = check_validation(*validation, data); !s.ok()) return s;
  }
  if (params_.strategy != Strategy::joint) {
    return trainer.start(train_binary(data, copy_or_empty(row_weight), copy_or_none(validation),
                                      trainer.progress(), trainer.report_slot()));
  }
  return trainer.start(train_joint(data, copy_or_empty(row_weight), copy_or_none(validation),
                                   observer, trainer.progress(), trainer.report_slot()));
}

Training MulticlassPerceptron::train_joint(Dataset all, std::vector<double> all_weights,
                                           std::optional<Dataset> validation,
                                           MulticlassObserver* observer, Progress& progress,
                                           FitReport& report) {
  EarlyStopping<MulticlassPerceptron> early;
  if (Status s = early.start(params_.base, all, all_weights, validation); !s.ok()) co_return s;
  const Dataset& data = early.split.train;
  const std::vector<double>& row_weight = early.split.train_weight;
  std::optional<MulticlassPerceptron> before;  // restored if an observer aborts
  if (observer != nullptr) before.emplace(*this);
  if (Status s = start(data.cols(), data.classes); !s.ok()) co_return s;
  models_.clear();

  const bool weighted = !row_weight.empty();
  std::vector<double> scores(data.classes.size());
  EpochLoop loop(params_.base, data.rows(), progress);
  progress.report = &loop.report();
  auto step = [&](std::size_t i, std::uint64_t epoch) {
    MulticlassStepRecord record =
        joint_step(data.x.row(i), data.class_index[i], weighted ? row_weight[i] : 1.0, scores);
    record.epoch = epoch;
    record.index = i;
    return StepOutcome{record.mistake, observer != nullptr
                                           ? observer->on_step(record, scores, weights_, biases_)
                                           : Control::proceed};
  };
  auto all_right = [&] {
    for (std::size_t i = 0; i < data.rows(); ++i) {
      if (weighted && row_weight[i] == 0) continue;
      joint_scores(weights_, biases_, data.x.row(i), scores.data());
      if (argmax(scores) != data.class_index[i]) return false;
    }
    return true;
  };
  auto after_epoch = [&](EpochRecord& summary) {
    EpochVerdict verdict = early.after_epoch(*this, summary);
    if (observer != nullptr) verdict.control = observer->on_epoch(summary, weights_, biases_);
    return verdict;
  };
  while (!loop.run(step, all_right, after_epoch)) co_yield Training::Pause{};
  if (loop.report().aborted) {
    *this = std::move(*before);
    report = FitReport{};
    report.aborted = true;
    progress.report = &report;
    co_return Status::success();
  }
  early.finish(*this, loop, progress, report);
  co_return Status::success();
}

namespace {

// Describes a binary model's steps when the training's progress asks (Progress::detail): before
// the step, the multi-class model's K scores and prediction for the data's row and the row's
// class; after it, the binary model's score, prediction and label (0 / 1). `rows` maps the
// binary model's rows to the data's.
class ClassWatcher final : public FitObserver {
 public:
  ClassWatcher(const MulticlassPerceptron& model, const Dataset& data,
               const std::vector<std::uint32_t>& rows, const Progress& progress)
      : model_(model), data_(data), rows_(rows), progress_(progress) {}

  void before_step(std::size_t row) override {
    if (progress_.detail == nullptr) return;
    StepDetail& detail = *progress_.detail;
    detail = StepDetail{};
    const std::uint32_t at = rows_[row];
    detail.scores.assign(model_.classes().size(), 0.0);
    if (!model_.decision_function(data_.x.select({at}), detail.scores.data()).ok()) return;
    detail.class_prediction = argmax(std::span<const double>(detail.scores));
    detail.class_label = data_.class_index[at];
    detail.classes_filled = true;
  }

  Control on_step(const StepRecord& record, std::span<const double>, double) override {
    if (StepDetail* detail = progress_.detail; detail != nullptr) {
      detail->filled = true;
      detail->score = record.score;
      detail->prediction = record.prediction > 0 ? 1 : 0;
      detail->label = record.label > 0 ? 1 : 0;
    }
    return Control::proceed;
  }

 private:
  const MulticlassPerceptron& model_;
  const Dataset& data_;
  const std::vector<std::uint32_t>& rows_;
  const Progress& progress_;
};

// Adds a binary model's report (finished, or so far) to the one-vs-* report: steps and mistakes
// add up, epochs is the most any binary model ran, and history[e] sums every binary model's
// epoch e + 1 (each binary model counts its own epochs from 1).
void add_binary_report(FitReport& total, const FitReport& part) {
  total.epochs = std::max(total.epochs, part.epochs);
  total.steps += part.steps;
  total.mistakes += part.mistakes;
  total.converged = total.converged && part.converged;
  total.stopped = total.stopped || part.stopped;
  for (std::size_t e = 0; e < part.history.size(); ++e) {
    if (total.history.size() <= e) total.history.push_back({e + 1, 0, 0});
    total.history[e].steps += part.history[e].steps;
    total.history[e].mistakes += part.history[e].mistakes;
  }
}

}  // namespace

Training MulticlassPerceptron::train_binary(Dataset data, std::vector<double> row_weight,
                                            std::optional<Dataset> validation, Progress& progress,
                                            FitReport& report) {
  const auto tasks = binary_tasks(data.classes.size());
  if (Status s = check_weights_memory(tasks.size(), "binary models", data.cols()); !s.ok()) {
    co_return s;
  }
  const MulticlassPerceptron before(*this);  // restored if a binary model's training fails
  // Every binary model starts at zero weights, so that the model predicts while they train.
  n_features_ = data.cols();
  classes_ = data.classes;
  steps_ = 0;
  weights_.clear();
  biases_.clear();
  models_.assign(tasks.size(), Perceptron{});
  Classes binary;
  binary.numbers = {0, 1};
  for (Perceptron& model : models_) {
    if (Status s = model.set_params(params_.base); !s.ok()) {
      *this = before;
      co_return s;
    }
    (void)model.initialize(data.cols(), binary);
  }
  FitReport result;         // the binary models trained to their end
  result.converged = true;  // every binary model converged
  // Between two runs: the finished binary models and the one in progress, never converged.
  FitReport partial;
  progress.parts = true;
  progress.report = &result;
  for (std::size_t m = 0; m < tasks.size(); ++m) {
    std::vector<double> sub_weight;
    std::vector<std::uint32_t> rows;
    const Dataset sub = binary_subset(data, tasks[m], &row_weight, sub_weight, &rows);
    // An explicit validation set is split like the data; otherwise earlyStopping (if on)
    // holds out part of each binary model's rows.
    std::vector<double> unused;
    const Dataset sub_validation =
        validation ? binary_subset(*validation, tasks[m], nullptr, unused) : Dataset{};
    const bool has_validation = validation && sub_validation.rows() > 0;
    ClassWatcher watcher(*this, data, rows, progress);
    Trainer part;
    if (Status s = models_[m].start_training(
            part, sub, {&sub_weight, has_validation ? &sub_validation : nullptr}, &watcher);
        !s.ok()) {
      *this = before;
      co_return s;
    }
    const bool last = m + 1 == tasks.size();
    for (;;) {
      const std::uint64_t t = progress.t;
      const bool epoch_ended = part.run_within(progress, &rows);
      if (progress.t != t) progress.part = m;
      if (epoch_ended) progress.last_epoch_part = m;
      // A pause after an epoch is kept between binary models, but the last one's last epoch
      // ends the whole training there.
      if (part.done() && (last || !(epoch_ended && progress.pause_after_epoch))) break;
      partial = result;
      add_binary_report(partial, part.report());
      partial.converged = false;
      progress.report = &partial;
      co_yield Training::Pause{};
      progress.report = &result;
      if (part.done()) break;
    }
    FitReport done;
    if (Status s = part.finish(done); !s.ok()) {
      *this = before;
      co_return s;
    }
    add_binary_report(result, done);
    // A stop (fit's onEpoch said so) leaves the binary models after this one untrained.
    if (done.stopped && !last) {
      result.converged = false;
      break;
    }
  }
  steps_ = result.steps;
  progress.converged = result.converged;
  report = std::move(result);
  progress.report = &report;
  co_return Status::success();
}

}  // namespace perceptron
