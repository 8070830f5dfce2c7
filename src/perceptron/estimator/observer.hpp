// fit watched from outside for the kinds whose core fit has no observer of its own (the kernel
// perceptron, Winnow, Passive-Aggressive, one-vs-* multi-class training): the very training fit
// runs, as a Trainer driven a step at a time when the observer watches steps (bit for bit fit's),
// else an epoch at a time. A binding adapts its caller's callbacks to TrainingObserver.
//
// The traced kinds (the Perceptron, and the multi-class perceptron trained jointly) call their
// own observers from inside their loops, with the weights at each step: TraceObserver is both
// behind one interface (fit_traced), and TraceRecorder keeps a trainer's last step for its step().
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

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

// A traced kind's step: the Perceptron's (score, and prediction and label +1 / -1) or a joint
// multi-class step's (the K scores before the update; prediction and label class indices),
// and the weights and biases after it (joint: K rows and K biases; the Perceptron: one each).
struct TraceStep {
  std::uint64_t t = 0;
  std::uint64_t epoch = 0;
  std::size_t index = 0;
  bool mistake = false;
  double score = 0;
  int prediction = 0;
  int label = 0;
  std::span<const double> scores, weights, biases;
};

// A Perceptron's step (fit's, or learnOne's) with the weights and bias after it.
TraceStep trace_of(const StepRecord& s, std::span<const double> weights,
                   std::span<const double> bias);

class TraceObserver {
 public:
  virtual ~TraceObserver() = default;
  virtual Control on_step(const TraceStep& step) = 0;
  // After each epoch, with the weights and biases it ended with.
  virtual Control on_epoch(const EpochRecord& epoch, std::span<const double> weights,
                           std::span<const double> biases) = 0;
};

// Whether `model`'s fit is traced by its own loop: the Perceptron; the multi-class perceptron
// when joint.
bool traces(const AnyModel& model);

// fit of a traced kind under `observer` (null: none), from `initial` (the Perceptron's
// initialWeights and initialBias) when given.
Status fit_traced(AnyModel& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
                  TraceObserver* observer, const InitialWeights* initial);

// Keeps a traced kind's trainer's last step and the weights each epoch ended with: with a
// validation set the best epoch is put back right after an epoch's last step, yet step()'s
// record shows the weights after the step, as fit's onStep does. It must outlive the trainer.
class TraceRecorder final : public FitObserver, public MulticlassObserver {
 public:
  Control on_step(const StepRecord& s, std::span<const double>, double) override;
  Control on_epoch(const EpochRecord&, std::span<const double> w, double b) override;
  Control on_step(const MulticlassStepRecord& s, std::span<const double> scores,
                  std::span<const double>, std::span<const double>) override;
  Control on_epoch(const EpochRecord&, std::span<const double> w,
                   std::span<const double> b) override;
  // The last step, with the weights after it (the model's now, unless its epoch's end kept
  // them); valid until the next call.
  TraceStep last(const AnyModel& model);

 private:
  StepRecord last_;    // joint: prediction and label are class indices
  bool kept_ = false;  // whether the last step ended an epoch: weights_ and biases_ are after it
  std::vector<double> scores_;  // joint: the last step's K scores
  std::vector<double> weights_, biases_;
};

// A traced kind's training started in `trainer` with `recorder` watching (emptied first), from
// `initial` (the Perceptron's) when given.
Status start_traced(AnyModel& model, Trainer& trainer, const Dataset& data, const FitInputs& inputs,
                    TraceRecorder& recorder, const InitialWeights* initial);

}  // namespace perceptron
