// The one binding of every model kind: CoreModel (model.cpp), built with the kind's name, binds
// the core's AnyEstimator (estimator/estimator.hpp) one call to one call. A kind whose fit is
// traced gives its Hooks in its own file (perceptron.cpp, multiclass.cpp); the kinds' getters
// are the core's named attributes (AnyModel::attributes), one call for all of them.
#pragma once

#include <memory>

#include "dataset.hpp"
#include "perceptron/estimator/estimator.hpp"
#include "perceptron/estimator/observer.hpp"

namespace perceptron::wasm {

// fromJSON's document (document_of) of `format`'s kind with its envelope checked
// (read_envelope): the wrapper's first call, and every restore's first step.
Status envelope_of(const std::string& format, const std::string& text, bool from_object,
                   json::Value& document, SavedKind& kind);

// An observer callback's answer (0 go on, 1 stop, 2 abort: a user callback threw and the
// wrapper rethrows once the core restored the model).
Control control_of(const val& answer);

// fit's onStep(step) (step_state: the step and the kind's description of it) and
// onEpoch(epoch, steps, mistakes, trainError, validationError, binary model) as the core's
// observer, for the kinds whose fit has no observer of its own.
class JsTrainingObserver final : public TrainingObserver {
 public:
  JsTrainingObserver(val on_step, val on_epoch)
      : on_step_(std::move(on_step)), on_epoch_(std::move(on_epoch)) {}
  bool watches_steps() const override { return !on_step_.isUndefined(); }
  bool watches_epochs() const override { return !on_epoch_.isUndefined(); }
  Control on_step(const Progress& progress, const StepDetail& detail) override;
  Control on_epoch(const EpochRecord& epoch, std::size_t part) override;

 private:
  val on_step_;
  val on_epoch_;
};

// How a kind trains for the wrapper's call object (`call`: onStep/onEpoch and the kind's own
// fields). The base serves the kinds whose fit has no observer of its own: fit_observed under
// the call's onStep and onEpoch, a plain start, no step record beyond the trainer's progress. A
// traced kind (the Perceptron, the multi-class perceptron) overrides them in its file with
//   fit and start: the core's fit and start_training with its own observer and inputs;
//   step_record(model): what a trainer's step() shows beyond its progress (undefined: nothing);
//   learned(model, step): learnOne's record (the Perceptron's).
class Hooks {
 public:
  virtual ~Hooks() = default;
  virtual Status fit(AnyModel& model, const Dataset& data, FitReport& report,
                     const FitInputs& inputs, const val& call);
  virtual Status start(AnyModel& model, Trainer& trainer, const Dataset& data,
                       const FitInputs& inputs, const val& call);
  virtual val step_record(const AnyModel& model) const;
  virtual val learned(const AnyModel& model, const StepRecord& step) const;
};

std::unique_ptr<Hooks> perceptron_hooks();
std::unique_ptr<Hooks> multiclass_hooks();

}  // namespace perceptron::wasm
