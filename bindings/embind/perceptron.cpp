// pw.Perceptron's own binding: its traced training (fit's onStep/onEpoch, a trainer's step())
// and the online protocol's step record (learnOne).
#include "perceptron/models/perceptron.hpp"

#include "model.hpp"
#include "trainer.hpp"

namespace perceptron::wasm {

namespace {

// Calls the wrapper's step/epoch functions (control_of reads their answer).
class JsObserver final : public FitObserver {
 public:
  JsObserver(val on_step, val on_epoch)
      : on_step_(std::move(on_step)), on_epoch_(std::move(on_epoch)) {}

  Control on_step(const StepRecord& s, std::span<const double> w, double b) override {
    if (on_step_.isUndefined()) return Control::proceed;
    return control_of(on_step_(static_cast<double>(s.t), static_cast<double>(s.epoch),
                               static_cast<double>(s.index), s.score, s.prediction, s.label,
                               s.mistake, copy_out(w.data(), w.size()), b));
  }

  Control on_epoch(const EpochRecord& e, std::span<const double> w, double b) override {
    if (on_epoch_.isUndefined()) return Control::proceed;
    return control_of(on_epoch_(static_cast<double>(e.epoch), static_cast<double>(e.steps),
                                static_cast<double>(e.mistakes), copy_out(w.data(), w.size()), b));
  }

  // Without callbacks the core trains with no observer at all: no call into JS per step.
  bool active() const { return !on_step_.isUndefined() || !on_epoch_.isUndefined(); }

 private:
  val on_step_;
  val on_epoch_;
};

// Keeps the trainer's last step and the weights each epoch ended with, for model.trainer()'s
// step().
class StepRecorder final : public FitObserver {
 public:
  Control on_step(const StepRecord& s, std::span<const double>, double) override {
    last = s;
    return Control::proceed;
  }
  Control on_epoch(const EpochRecord&, std::span<const double> w, double b) override {
    epoch_end.keep(last.t, w, std::span<const double>(&b, 1));
    return Control::proceed;
  }
  StepRecord last;
  EpochEnd epoch_end;
};

// A step of fit, learnOne or a trainer as the wrapper reads it: the record and the weights
// after it (the model's now, unless `epoch_end` kept them because a best epoch was put back).
val step_object(const Perceptron& model, const StepRecord& s, const EpochEnd* epoch_end = nullptr) {
  const double bias = model.bias();
  const std::span<const double> w =
      epoch_end ? epoch_end->weights_after(s.t, model.weights()) : model.weights();
  const double b =
      epoch_end ? epoch_end->biases_after(s.t, std::span<const double>(&bias, 1))[0] : bias;
  val out = val::object();
  out.set("t", static_cast<double>(s.t));
  out.set("epoch", static_cast<double>(s.epoch));
  out.set("index", static_cast<double>(s.index));
  out.set("score", s.score);
  out.set("prediction", s.prediction);
  out.set("label", s.label);
  out.set("mistake", s.mistake);
  out.set("weights", copy_out(w.data(), w.size()));
  out.set("bias", b);
  return out;
}

// fit's initialWeights and initialBias from the call, when given.
std::optional<InitialWeights> initial_of(const val& call) {
  if (call["initialWeights"].isUndefined()) return std::nullopt;
  return InitialWeights{to_doubles(call["initialWeights"]), call["initialBias"].as<double>()};
}

// fit traced by onStep/onEpoch, from initialWeights when given; a trainer's steps recorded;
// learnOne's step with the weights after it.
class PerceptronHooks final : public Hooks {
 public:
  Status fit(AnyModel& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
             const val& call) override {
    JsObserver observer(call["onStep"], call["onEpoch"]);
    const std::optional<InitialWeights> initial = initial_of(call);
    return model_of<Perceptron>(model).fit(data, report, inputs,
                                           observer.active() ? &observer : nullptr,
                                           initial ? &*initial : nullptr);
  }
  Status start(AnyModel& model, Trainer& trainer, const Dataset& data, const FitInputs& inputs,
               const val& call) override {
    const std::optional<InitialWeights> initial = initial_of(call);
    return model_of<Perceptron>(model).start_training(trainer, data, inputs, &recorder_,
                                                      initial ? &*initial : nullptr);
  }
  val step_record(const AnyModel& model) const override {
    return step_object(model_of<Perceptron>(model), recorder_.last, &recorder_.epoch_end);
  }
  val learned(const AnyModel& model, const StepRecord& step) const override {
    return step_object(model_of<Perceptron>(model), step);
  }

 private:
  StepRecorder recorder_;
};

}  // namespace

std::unique_ptr<Hooks> perceptron_hooks() { return std::make_unique<PerceptronHooks>(); }

}  // namespace perceptron::wasm
