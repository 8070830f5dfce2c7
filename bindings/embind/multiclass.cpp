// pw.MulticlassPerceptron's core: one-vs-rest, one-vs-one and the joint (Collins) multi-class
// perceptron, with traced joint training.
#include "perceptron/models/multiclass.hpp"

#include "model.hpp"

namespace perceptron::wasm {

namespace {

// Calls the wrapper's step/epoch functions for joint training (control_of reads their answer).
class JsMulticlassObserver final : public MulticlassObserver {
 public:
  // classes: the dataset's (the model keeps its old ones until fit succeeds).
  JsMulticlassObserver(val on_step, val on_epoch, val classes)
      : on_step_(std::move(on_step)),
        on_epoch_(std::move(on_epoch)),
        classes_(std::move(classes)) {}

  Control on_step(const MulticlassStepRecord& s, std::span<const double> scores,
                  std::span<const double> w, std::span<const double> b) override {
    if (on_step_.isUndefined()) return Control::proceed;
    return control_of(on_step_(static_cast<double>(s.t), static_cast<double>(s.epoch),
                               static_cast<double>(s.index), copy_out(scores.data(), scores.size()),
                               s.prediction, s.label, s.mistake, copy_out(w.data(), w.size()),
                               copy_out(b.data(), b.size()), classes_));
  }

  Control on_epoch(const EpochRecord& e, std::span<const double> w,
                   std::span<const double> b) override {
    if (on_epoch_.isUndefined()) return Control::proceed;
    return control_of(on_epoch_(static_cast<double>(e.epoch), static_cast<double>(e.steps),
                                static_cast<double>(e.mistakes), copy_out(w.data(), w.size()),
                                copy_out(b.data(), b.size())));
  }

  bool active() const { return !on_step_.isUndefined() || !on_epoch_.isUndefined(); }

 private:
  val on_step_;
  val on_epoch_;
  val classes_;
};

// Keeps the trainer's last joint step and its scores, for model.trainer()'s step().
class MulticlassStepRecorder final : public MulticlassObserver {
 public:
  Control on_step(const MulticlassStepRecord& s, std::span<const double> scores,
                  std::span<const double>, std::span<const double>) override {
    last = s;
    last_scores.assign(scores.begin(), scores.end());
    return Control::proceed;
  }
  Control on_epoch(const EpochRecord&, std::span<const double> weights,
                   std::span<const double> biases) override {
    epoch_end.keep(last.t, weights, biases);
    return Control::proceed;
  }
  MulticlassStepRecord last;
  std::vector<double> last_scores;
  EpochEnd epoch_end;
};

}  // namespace

// Joint fit traced by onStep/onEpoch; a joint trainer's steps recorded. ovr/ovo take onStep
// (the described steps a trainer's step() gives) and onEpoch (after each binary model's epoch)
// through fit_observed: a stop leaves the binary models after it untrained, an abort puts the
// model back.
template <>
struct Hooks<MulticlassPerceptron> {
  Status fit(MulticlassPerceptron& model, const Dataset& data, FitReport& report,
             const FitInputs& inputs, const val& call) {
    if (model.params().strategy != Strategy::joint &&
        !(call["onStep"].isUndefined() && call["onEpoch"].isUndefined())) {
      JsTrainingObserver observer(call["onStep"], call["onEpoch"]);
      return fit_observed(model, data, report, inputs, observer);
    }
    JsMulticlassObserver observer(call["onStep"], call["onEpoch"], classes_to_js(data.classes));
    return model.fit(data, report, inputs, observer.active() ? &observer : nullptr);
  }
  Status start(MulticlassPerceptron& model, Trainer& trainer, const Dataset& data,
               const FitInputs& inputs, const val& /*call*/) {
    return model.start_training(trainer, data, inputs, &recorder);
  }
  // joint: the last step with its scores and class indices; undefined for ovr/ovo.
  val step_record(const MulticlassPerceptron& model) const {
    if (model.params().strategy != Strategy::joint) return val::undefined();
    const MulticlassStepRecord& s = recorder.last;
    val out = val::object();
    out.set("scores", copy_out(recorder.last_scores));
    out.set("prediction", s.prediction);
    out.set("label", s.label);
    const auto weights = recorder.epoch_end.weights_after(s.t, model.weights());
    const auto biases = recorder.epoch_end.biases_after(s.t, model.biases());
    out.set("weights", copy_out(weights.data(), weights.size()));
    out.set("biases", copy_out(biases.data(), biases.size()));
    return out;
  }

  MulticlassStepRecorder recorder;
};

namespace {

using CoreMulticlass = ModelBinding<MulticlassPerceptron>;

// joint: the predicting W (K x d, row-major) and b.
val weights(const CoreMulticlass& self) {
  std::vector<double> w, b;
  self.model().predicting_weights(w, b);
  return copy_out(w);
}
val biases(const CoreMulticlass& self) {
  std::vector<double> w, b;
  self.model().predicting_weights(w, b);
  return copy_out(b);
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_multiclass) {
  register_model<MulticlassPerceptron>("CoreMulticlass")
      .function("weights", &weights)
      .function("biases", &biases);
}

}  // namespace perceptron::wasm
