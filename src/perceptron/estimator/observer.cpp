#include "perceptron/estimator/observer.hpp"

#include <cstdint>

namespace perceptron {

Status run_observed(Trainer& trainer, const StepDetail& detail, TrainingObserver& observer,
                    FitReport& report) {
  const bool by_steps = observer.watches_steps();
  Control control = Control::proceed;
  while (control == Control::proceed && !trainer.done()) {
    const Progress& p = trainer.progress();
    const std::uint64_t ended = p.epochs_ended;
    const std::uint64_t t = p.t;
    if (by_steps) {
      trainer.run(1);
      if (p.t != t) control = observer.on_step(p, detail);
    } else {
      trainer.finish_epoch();
    }
    if (control != Control::proceed || !observer.watches_epochs() || p.epochs_ended == ended) {
      continue;
    }
    control = observer.on_epoch(p.last_epoch, p.part);
  }
  if (control != Control::abort) {
    trainer.progress().stop_requested = control == Control::stop;
    const Status s = trainer.finish(report);
    // A stop after the last epoch ends nothing more, but the report says it was asked, as an
    // observer's stop in the traced kinds' fit does.
    if (s.ok() && control == Control::stop) report.stopped = true;
    return s;
  }
  report = trainer.report();
  report.aborted = true;
  return Status::success();
}

}  // namespace perceptron
