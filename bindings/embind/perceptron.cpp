// pw.Perceptron's core: the binary linear perceptron (classic, averaged, voted, pocket) with
// traced training (fit's onStep/onEpoch) and the online protocol (learnOne).
#include "perceptron/models/perceptron.hpp"

#include "model.hpp"

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

}  // namespace

// fit traced by onStep/onEpoch, from initialWeights when given; a trainer's steps recorded.
template <>
struct Hooks<Perceptron> {
  Status fit(Perceptron& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
             const val& call) {
    JsObserver observer(call["onStep"], call["onEpoch"]);
    const std::optional<InitialWeights> initial = initial_of(call);
    return model.fit(data, report, inputs, observer.active() ? &observer : nullptr,
                     initial ? &*initial : nullptr);
  }
  Status start(Perceptron& model, Trainer& trainer, const Dataset& data, const FitInputs& inputs,
               const val& call) {
    const std::optional<InitialWeights> initial = initial_of(call);
    return model.start_training(trainer, data, inputs, &recorder, initial ? &*initial : nullptr);
  }
  val step_record(const Perceptron& model) const {
    return step_object(model, recorder.last, &recorder.epoch_end);
  }

  StepRecorder recorder;
};

namespace {

using CorePerceptron = ModelBinding<Perceptron>;

// call: {label, classes, classesNumeric}.
val learn_one(CorePerceptron& self, const val& x, const val& call) {
  const val label = call["label"];
  Classes given;
  const bool has_classes = !call["classes"].isUndefined();
  if (has_classes) {
    std::vector<std::uint32_t> unused;
    if (Status s =
            encode(call["classes"], call["classesNumeric"].as<bool>(), "classes", given, unused);
        !s.ok()) {
      return error_object(s);
    }
  }
  const auto value = label.isNumber() ? Estimator<Perceptron>::Label(label.as<double>())
                                      : Estimator<Perceptron>::Label(label.as<std::string>());
  StepRecord step;
  if (Status s =
          self.estimator().learn_one(to_doubles(x), value, has_classes ? &given : nullptr, step);
      !s.ok()) {
    return error_object(s);
  }
  return step_object(self.model(), step);
}

// For each example, whether a training step on it would update the current weights now.
val would_update(const CorePerceptron& self, const DatasetHandle& data) {
  Dataset labelled;
  if (Status s = self.estimator().labels_for(data.data(), labelled); !s.ok()) {
    return error_object(s);
  }
  std::vector<std::uint8_t> out;
  if (Status s = self.model().would_update(labelled.x, labelled.class_index, out); !s.ok()) {
    return error_object(s);
  }
  return copy_out(out);
}

// The model that predicts (averaged, pocket...) and the one training updates.
double bias(const CorePerceptron& self) {
  std::vector<double> w;
  double b = 0;
  self.model().predicting_weights(w, b);
  return b;
}
val weights(const CorePerceptron& self) {
  std::vector<double> w;
  double b = 0;
  self.model().predicting_weights(w, b);
  return copy_out(w);
}
double current_bias(const CorePerceptron& self) { return self.model().bias(); }
val current_weights(const CorePerceptron& self) {
  return copy_out(self.model().weights().data(), self.model().weights().size());
}
val variant_state(const CorePerceptron& self) {
  return arrays_object(self.model().variant().save());
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_perceptron) {
  register_model<Perceptron>("CorePerceptron")
      .function("learnOne", &learn_one)
      .function("wouldUpdate", &would_update)
      .function("bias", &bias)
      .function("weights", &weights)
      .function("currentBias", &current_bias)
      .function("currentWeights", &current_weights)
      .function("variantState", &variant_state);
}

}  // namespace perceptron::wasm
