#include "perceptron/training/trainer.hpp"

#include <algorithm>

namespace perceptron {

Status Trainer::start(Training training) {
  training_ = std::move(training);
  progress_->budget = 0;  // the checks and the set-up, no step
  training_.resume();
  if (training_.done()) {
    if (Status s = training_.status(); !s.ok()) return s;
  }
  return Status::success();
}

const FitReport& Trainer::report() const {
  if (done() || progress_->report == nullptr) return *report_;
  return *progress_->report;
}

void Trainer::run(std::uint64_t max_steps) {
  if (max_steps == 0) return;
  progress_->budget = max_steps;
  progress_->pause_after_epoch = false;
  training_.resume();
}

void Trainer::finish_epoch(std::uint64_t max_steps) {
  progress_->budget = max_steps;
  progress_->pause_after_epoch = true;
  training_.resume();
  progress_->pause_after_epoch = false;
}

bool Trainer::run_within(Progress& outer, const std::vector<std::uint32_t>* rows) {
  Progress& inner = *progress_;
  const Progress before = inner;
  inner.budget = outer.budget;
  inner.pause_after_epoch = outer.pause_after_epoch;
  inner.stop_requested = outer.stop_requested;
  training_.resume();
  const std::uint64_t taken = inner.t - before.t;
  if (outer.budget != Progress::unlimited) outer.budget -= taken;
  outer.t += taken;
  outer.mistakes += inner.mistakes - before.mistakes;
  outer.epochs_ended += inner.epochs_ended - before.epochs_ended;
  if (taken > 0) {
    outer.epoch = inner.epoch;
    outer.index = rows ? (*rows)[inner.index] : inner.index;
    outer.mistake = inner.mistake;
  }
  if (inner.epochs_ended != before.epochs_ended) {
    outer.last_epoch = inner.last_epoch;
    return true;
  }
  return false;
}

Status Trainer::finish(FitReport& report) {
  progress_->budget = Progress::unlimited;
  progress_->pause_after_epoch = false;
  while (!training_.done()) training_.resume();
  if (Status s = training_.status(); !s.ok()) return s;
  report = *report_;
  return Status::success();
}

EpochLoop::EpochLoop(const Params& params, std::size_t rows, Progress& progress)
    : progress_(progress),
      sampling_(params.order == Order::sample),
      rows_(rows),
      visits_(params.order, params.seed, static_cast<std::uint32_t>(rows)) {
  const std::uint64_t by_epochs =
      params.max_epochs > max_safe_integer / rows ? max_safe_integer : params.max_epochs * rows;
  total_ = sampling_ && params.max_steps ? params.max_steps : by_epochs;
}

bool EpochLoop::begin_epoch() {
  if (progress_.stop_requested) {
    result_.stopped = true;
    finished_ = true;
    return false;
  }
  if (result_.steps >= total_) {
    finished_ = true;
    return false;
  }
  ++epoch_;
  summary_ = EpochRecord{epoch_, 0, 0};
  block_ = std::min<std::uint64_t>(rows_, total_ - result_.steps);
  k_ = 0;
  control_ = Control::proceed;
  in_epoch_ = true;
  return true;
}

void EpochLoop::publish(std::uint64_t budget) {
  progress_.budget = budget;
  if (result_.steps == published_steps_) return;
  progress_.t += result_.steps - published_steps_;
  progress_.mistakes += result_.mistakes - published_mistakes_;
  published_steps_ = result_.steps;
  published_mistakes_ = result_.mistakes;
  progress_.epoch = last_epoch_;
  progress_.index = progress_.rows ? (*progress_.rows)[last_row_] : last_row_;
  progress_.mistake = last_mistake_;
}

void EpochLoop::close_epoch(const EpochVerdict& verdict, bool all_right) {
  in_epoch_ = false;
  result_.epochs = epoch_;
  if (result_.history.size() < max_history) {
    result_.history.push_back(summary_);
  } else {
    result_.history_truncated = true;
  }
  ++progress_.epochs_ended;
  progress_.last_epoch = summary_;
  if (verdict.control == Control::abort) {
    result_.aborted = true;
    finished_ = true;
    return;
  }
  if (sampling_) {
    if (verdict.control == Control::proceed || summary_.steps == block_) {
      result_.converged = all_right;
    }
  } else if (summary_.steps == rows_) {
    result_.converged = summary_.mistakes == 0;
  }
  progress_.converged = result_.converged;
  if (verdict.control == Control::stop) {
    result_.stopped = true;
    finished_ = true;
  } else if (result_.converged) {
    finished_ = true;
  } else if (verdict.patience_ran_out) {
    result_.stopped_early = true;
    finished_ = true;
  } else if (result_.steps >= total_) {
    // The last epoch (maxEpochs, or the last block of 'sample') ends training here, not at the
    // next begin_epoch: a driver pausing after this epoch must find the training done.
    finished_ = true;
  }
}

Status split_for_validation(const Params& params, const Dataset& data,
                            const std::vector<double>& row_weight, const Dataset* validation,
                            ValidationSplit& out) {
  ValidationSplit split;
  if (validation == nullptr && !params.early_stopping) {
    split.train = data;
    split.train_weight = row_weight;
  } else if (validation == nullptr) {
    if (Status s = stratified_split(data, params.validation_fraction, params.seed, row_weight,
                                    split.train, split.validation, split.train_weight);
        !s.ok()) {
      return s;
    }
    split.active = true;
  } else {
    if (Status s = check_validation(*validation, data); !s.ok()) return s;
    split.train = data;
    split.train_weight = row_weight;
    split.validation = *validation;
    split.active = true;
  }
  out = std::move(split);
  return Status::success();
}

}  // namespace perceptron
