#include "perceptron/estimator/observer.hpp"

#include <cstdint>
#include <memory>

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

Status fit_observed(AnyModel& model, const Dataset& data, FitReport& report,
                    const FitInputs& inputs, TrainingObserver& observer) {
  const std::unique_ptr<AnyModel> before = model.copy();
  Trainer trainer;
  StepDetail detail;
  if (observer.watches_steps()) trainer.progress().detail = &detail;
  if (Status s = model.start_training(trainer, data, inputs); !s.ok()) return s;
  const Status s = run_observed(trainer, detail, observer, report);
  if (!report.aborted) return s;
  trainer = Trainer();  // ends the training before the model it drives is put back
  model.assign(*before);
  return Status::success();
}

}  // namespace perceptron
