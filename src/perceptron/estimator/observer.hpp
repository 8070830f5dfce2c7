// fit watched from outside for the kinds whose core fit has no observer of its own (the kernel
// perceptron, Winnow, Passive-Aggressive, one-vs-* multi-class training): the very training fit
// runs, as a Trainer driven a step at a time when the observer watches steps (bit for bit fit's),
// else an epoch at a time. A binding adapts its caller's callbacks to TrainingObserver.
#pragma once

#include <cstddef>
#include <utility>

#include "perceptron/estimator/any_model.hpp"
#include "perceptron/models/model.hpp"
#include "perceptron/training/trainer.hpp"

namespace perceptron {

class TrainingObserver {
 public:
  virtual ~TrainingObserver() = default;
  // Which calls it wants: without steps the training runs an epoch at a time.
  virtual bool watches_steps() const = 0;
  virtual bool watches_epochs() const = 0;
  // After each step: the progress and the kind's description of the step.
  virtual Control on_step(const Progress& progress, const StepDetail& detail) = 0;
  // After each epoch; `part` is the binary model's index for one-vs-* training, 0 otherwise.
  virtual Control on_epoch(const EpochRecord& epoch, std::size_t part) = 0;
};

// Runs a started trainer to its end under `observer`. Stop ends the run there as an observer's
// stop does (the weights so far, or the best validation epoch's: the report says stopped);
// abort leaves the report so far with `aborted` set, for the caller to put the model back.
Status run_observed(Trainer& trainer, const StepDetail& detail, TrainingObserver& observer,
                    FitReport& report);

// fit of `model` under `observer`; an abort puts the model back as it was before the call.
Status fit_observed(AnyModel& model, const Dataset& data, FitReport& report,
                    const FitInputs& inputs, TrainingObserver& observer);
template <Model M>
Status fit_observed(M& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
                    TrainingObserver& observer) {
  ModelOf<M> any(std::move(model));
  const Status s = fit_observed(any, data, report, inputs, observer);
  model = std::move(any.model);
  return s;
}

}  // namespace perceptron
