// Training that can be driven step by step: every model kind's fit is a Trainer run to its end.
//
// A model's training is a coroutine (Training) that checks its input, sets the model up, then
// runs an EpochLoop, pausing whenever the caller's step budget is spent. fit runs it with no
// budget, so it never pauses; the bindings' trainer runs it one step, one epoch or n steps at
// a time. Either way it is the same loop over the same state, so a Trainer driven to its end in
// any slices leaves exactly the weights and the report fit gives, bit for bit.
//
// While a Trainer runs, its model must not be changed by anything else (fit, partial_fit,
// learn_one, set_params, restore): the bindings end a model's trainer before any such call.
// Reading the model (predict, weights) between steps is fine: it is the model so far.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "perceptron/support/coroutine.hpp"
#include "perceptron/support/status.hpp"
#include "perceptron/training/training.hpp"
#include "perceptron/training/visit_order.hpp"

namespace perceptron {

// What the driver of a training and its loop share.
struct Progress {
  static constexpr std::uint64_t unlimited = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t budget = unlimited;  // steps the loop may take before it pauses
  bool pause_after_epoch = false;    // pause once an epoch has ended
  // The last step: its 1-based count in this training, epoch, row and whether it updated.
  // `rows` maps the loop's rows to the caller's when it trains on a subset (the multi-class
  // models' binary tasks).
  std::uint64_t t = 0;
  std::uint64_t epoch = 0;
  std::size_t index = 0;
  const std::vector<std::uint32_t>* rows = nullptr;
  bool mistake = false;
  std::uint64_t mistakes = 0;      // in this training so far
  std::uint64_t epochs_ended = 0;  // epochs finished so far
  EpochRecord last_epoch;          // the last finished epoch
  bool converged = false;          // as fit's report says it, once known
  // One-vs-* training (parts): the binary model the last step trained, in the model's order.
  bool parts = false;
  std::size_t part = 0;
  std::size_t last_epoch_part = 0;  // the binary model whose epoch last_epoch is
  // Set by the driver between two runs (Control::stop): the loop ends before the next epoch, or
  // within an epoch after the step it paused at, as when an observer says stop (the report says
  // stopped; the run's end, such as keeping the best validation epoch, happens as usual).
  bool stop_requested = false;
  // The report so far, where the training keeps it (its EpochLoop's report, usually).
  const FitReport* report = nullptr;
  // When set (a trainer's step() or fit's onStep wants it), the kinds describe each step.
  StepDetail* detail = nullptr;
};

// The coroutine of one model's training; its result is a Status (the checks' answer).
class Training {
 public:
  struct promise_type {
    Status status;
    Training get_return_object() { return Training(Handle::from_promise(*this)); }
    coro::suspend_always initial_suspend() noexcept { return {}; }
    coro::suspend_always final_suspend() noexcept { return {}; }
    struct Pause {};
    coro::suspend_always yield_value(Pause) noexcept { return {}; }
    void return_value(Status s) { status = std::move(s); }
    // The core never throws (it is built without exceptions).
    void unhandled_exception() noexcept { std::abort(); }
  };
  using Handle = coro::coroutine_handle<promise_type>;
  using Pause = promise_type::Pause;

  Training() = default;
  Training(Training&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  Training& operator=(Training&& other) noexcept {
    if (this != &other) {
      if (handle_) handle_.destroy();
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  Training(const Training&) = delete;
  Training& operator=(const Training&) = delete;
  ~Training() {
    if (handle_) handle_.destroy();
  }

  bool done() const { return !handle_ || handle_.done(); }
  // Runs until the loop pauses or the training ends.
  void resume() {
    if (!done()) handle_.resume();
  }
  // The training's result once done (success while it runs).
  Status status() const { return handle_ && handle_.done() ? handle_.promise().status : Status{}; }

 private:
  explicit Training(Handle handle) : handle_(handle) {}
  Handle handle_;
};

// A training in progress, as its caller holds it: the coroutine, the progress it shares with its
// loop and the report it fills at the end.
class Trainer {
 public:
  Trainer() : progress_(std::make_unique<Progress>()), report_(std::make_unique<FitReport>()) {}

  // What a model's training coroutine writes to.
  Progress& progress() { return *progress_; }
  FitReport& report_slot() { return *report_; }

  // Takes the model's training and runs its checks and set-up (no step yet): their error, if
  // any, with the model unchanged.
  Status start(Training training);
  bool done() const { return training_.done(); }
  const Progress& progress() const { return *progress_; }
  // The report so far; fit's report once done.
  const FitReport& report() const;

  // Runs at most max_steps steps; ends sooner if training ends.
  void run(std::uint64_t max_steps);
  // Runs to the end of the current epoch (a whole epoch when one has just ended), or max_steps
  // steps when they end sooner.
  void finish_epoch(std::uint64_t max_steps = Progress::unlimited);
  // Runs this training as a part of a larger one (a binary model of a multi-class model) within
  // `outer`'s budget and epoch pause, adding its steps, mistakes and epochs to `outer`; `rows`
  // (or nullptr) maps its rows to the larger training's. Whether an epoch ended.
  bool run_within(Progress& outer, const std::vector<std::uint32_t>* rows);
  // Runs to the end: what fit does. The training's result, and its report in `report`.
  Status finish(FitReport& report);

 private:
  std::unique_ptr<Progress> progress_;
  std::unique_ptr<FitReport> report_;
  Training training_;
};

// The epoch loop every model's training shares. It visits rows in VisitOrder(order, seed) for
// maxEpochs epochs (order 'sample': maxSteps draws, default maxEpochs * rows, in blocks of
// rows), calling step(row, epoch) for each visit and after_epoch(record) after each epoch it
// finished (after_epoch may fill the record's errors; it runs before the record joins the
// history). It stops when an epoch needed no update (cyclic, shuffle) or, for 'sample', when
// all_right() says no training row needs one; when an observer says stop or abort; or when
// patience runs out. On abort the report says so and the caller restores its model.
//
// run() goes on until the end or until the progress' step budget is spent (or an epoch ended,
// with pause_after_epoch), and says whether training ended. An epoch is finished as soon as
// its last step is taken, so the progress is always up to date between two runs.
class EpochLoop {
 public:
  EpochLoop(const Params& params, std::size_t rows, Progress& progress);

  // What a run of steps did: how many it took, their mistakes, and the last one's row and
  // outcome.
  struct Tally {
    std::uint64_t taken = 0;
    std::uint64_t mistakes = 0;
    std::size_t row = 0;
    StepOutcome outcome;
  };

  template <typename Step, typename AllRight, typename AfterEpoch>
  bool run(Step&& step, AllRight&& all_right, AfterEpoch&& after_epoch) {
    // A run of steps counted in locals: the hot loop keeps nothing else per step.
    return run_tallies(
        [&](std::uint64_t left) {
          Tally tally;
          while (tally.taken < left) {
            tally.row = visits_.next();
            tally.outcome = step(tally.row, epoch_);
            ++tally.taken;
            tally.mistakes += tally.outcome.mistake ? 1 : 0;
            if (tally.outcome.control != Control::proceed) break;
          }
          return tally;
        },
        all_right, after_epoch);
  }

  // run() for steps that never stop the training (no observer), taken a run of visits at a
  // time: steps(VisitOrder::Run) takes every visit of the run and gives its Tally.
  template <typename Steps, typename AllRight, typename AfterEpoch>
  bool run_visits(Steps&& steps, AllRight&& all_right, AfterEpoch&& after_epoch) {
    return run_tallies([&](std::uint64_t left) { return steps(visits_.take(left)); }, all_right,
                       after_epoch);
  }

  FitReport& report() { return result_; }

 private:
  // run() and run_visits(): steps(left) takes at most `left` steps of this epoch and says what
  // they did.
  template <typename Steps, typename AllRight, typename AfterEpoch>
  bool run_tallies(Steps&& steps, AllRight&& all_right, AfterEpoch&& after_epoch) {
    // The budget and the last step stay in locals while the loop runs (the hot path stores
    // nothing else per step); publish() hands them to the progress whenever the loop stops.
    std::uint64_t budget = progress_.budget;
    if (in_epoch_ && progress_.stop_requested) {
      // The driver asked to stop after the step it paused at (fit's onStep said so): the epoch
      // ends there, as when an observer's step says stop.
      control_ = Control::stop;
      EpochVerdict verdict;
      verdict.control = Control::stop;
      end_epoch(verdict, all_right);
    }
    while (!finished_) {
      if (!in_epoch_ && !begin_epoch()) break;
      if (budget == 0) {
        publish(budget);
        return false;
      }
      // The rest of this epoch (or of the budget) in one run of steps, stored once after it.
      const Tally tally = steps(std::min<std::uint64_t>(block_ - k_, budget));
      budget -= tally.taken;
      record_steps(tally);
      if (k_ == block_ || control_ != Control::proceed) {
        EpochVerdict verdict;
        verdict.control = control_;
        if (control_ == Control::proceed) verdict = after_epoch(summary_);
        end_epoch(verdict, all_right);
        if (progress_.pause_after_epoch && !finished_) {
          publish(budget);
          return false;
        }
      }
    }
    publish(budget);
    return true;
  }
  bool begin_epoch();
  // A run of steps of this epoch.
  void record_steps(const Tally& tally) {
    if (tally.taken == 0) return;
    k_ += tally.taken;
    summary_.steps += tally.taken;
    result_.steps += tally.taken;
    summary_.mistakes += tally.mistakes;
    result_.mistakes += tally.mistakes;
    if (tally.outcome.control != Control::proceed) control_ = tally.outcome.control;
    last_row_ = tally.row;
    last_mistake_ = tally.outcome.mistake;
    last_epoch_ = epoch_;
  }
  // Brings the progress up to date with the steps taken since the last call.
  void publish(std::uint64_t budget);
  template <typename AllRight>
  void end_epoch(const EpochVerdict& verdict, AllRight& all_right) {
    // Draws with replacement may skip rows, so for 'sample' convergence is checked on all of
    // them (unless an observer stopped the block early).
    const bool check_all =
        sampling_ && (verdict.control == Control::proceed || summary_.steps == block_);
    close_epoch(verdict, check_all && all_right());
  }
  void close_epoch(const EpochVerdict& verdict, bool all_right);

  Progress& progress_;
  bool sampling_;
  std::size_t rows_;
  std::uint64_t total_;
  VisitOrder visits_;
  FitReport result_;
  std::uint64_t epoch_ = 0;
  std::uint64_t block_ = 0;
  std::uint64_t k_ = 0;
  EpochRecord summary_;
  Control control_ = Control::proceed;
  bool in_epoch_ = false;
  bool finished_ = false;
  std::size_t last_row_ = 0;
  bool last_mistake_ = false;
  // The last step's epoch: a pause after an epoch's last step comes after the next epoch began.
  std::uint64_t last_epoch_ = 0;
  std::uint64_t published_steps_ = 0;
  std::uint64_t published_mistakes_ = 0;
};

// fit as every model kind writes it: the training its start_training started, run to the end.
inline Status run_to_end(const Status& started, Trainer& trainer, FitReport& report) {
  if (!started.ok()) return started;
  return trainer.finish(report);
}

// A training coroutine's copies of fit's optional arguments (the caller's may go away while
// it runs).
inline std::vector<double> copy_or_empty(const std::vector<double>* row_weight) {
  return row_weight ? *row_weight : std::vector<double>{};
}
inline std::optional<Dataset> copy_or_none(const Dataset* validation) {
  return validation ? std::optional<Dataset>(*validation) : std::nullopt;
}

// The end every training shares: the loop's report, with early stopping's best model put back
// into `model` when a monitor ran.
template <typename M>
void finish_training(M& model, EpochLoop& loop, std::optional<ValidationMonitor<M>>& monitor,
                     Progress& progress, FitReport& report) {
  FitReport result = std::move(loop.report());
  if (monitor) monitor->finish(model, result, result.stopped_early);
  report = std::move(result);
  progress.report = &report;
}

// Early stopping's part of a training: the training rows and weights, and the validation set
// (given, or with params.early_stopping held out of `data` by stratified_split).
struct ValidationSplit {
  Dataset train, validation;
  std::vector<double> train_weight;
  bool active = false;  // a validation set is in use
};
// With neither a validation set nor params.early_stopping: all of `data`, inactive. Otherwise
// the split (all of `data` for training when `validation` is given, checked against it).
Status split_for_validation(const Params& params, const Dataset& data,
                            const std::vector<double>& row_weight, const Dataset* validation,
                            ValidationSplit& out);

// The start of a training with early stopping, as the kinds write it: the split of `data`
// (split_for_validation, with fit's optional validation set) and, when a validation set is in
// use, the monitor of the model kind M over it. The monitor reads the split's datasets, so an
// EarlyStopping stays where it was made (a training coroutine's local).
template <typename M>
struct EarlyStopping {
  ValidationSplit split;
  std::optional<ValidationMonitor<M>> monitor;

  EarlyStopping() = default;
  EarlyStopping(const EarlyStopping&) = delete;
  EarlyStopping& operator=(const EarlyStopping&) = delete;

  Status start(const Params& params, const Dataset& data, const std::vector<double>& row_weight,
               const std::optional<Dataset>& validation) {
    if (Status s = split_for_validation(params, data, row_weight,
                                        validation ? &*validation : nullptr, split);
        !s.ok()) {
      return s;
    }
    if (split.active) monitor.emplace(split.train, split.validation, params.patience);
    return Status::success();
  }
  // EpochLoop's after_epoch for `model` (monitor_epoch).
  EpochVerdict after_epoch(const M& model, EpochRecord& summary) {
    return monitor_epoch(model, monitor, summary);
  }
  // The training's end (finish_training).
  void finish(M& model, EpochLoop& loop, Progress& progress, FitReport& report) {
    finish_training(model, loop, monitor, progress, report);
  }
};

}  // namespace perceptron
