// pw.MulticlassPerceptron's own binding: its traced joint (Collins) training, and one-vs-rest and
// one-vs-one training watched through the generic hooks.
#include "perceptron/models/multiclass.hpp"

#include "model.hpp"
#include "trainer.hpp"

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

// Joint fit traced by onStep/onEpoch; a joint trainer's steps recorded. ovr/ovo take onStep
// (the described steps a trainer's step() gives) and onEpoch (after each binary model's epoch)
// through the base's fit_observed: a stop leaves the binary models after it untrained, an abort
// puts the model back.
class MulticlassHooks final : public Hooks {
 public:
  Status fit(AnyModel& any, const Dataset& data, FitReport& report, const FitInputs& inputs,
             const val& call) override {
    auto& model = model_of<MulticlassPerceptron>(any);
    if (model.params().strategy != Strategy::joint &&
        !(call["onStep"].isUndefined() && call["onEpoch"].isUndefined())) {
      return Hooks::fit(any, data, report, inputs, call);
    }
    JsMulticlassObserver observer(call["onStep"], call["onEpoch"], classes_to_js(data.classes));
    return model.fit(data, report, inputs, observer.active() ? &observer : nullptr);
  }
  Status start(AnyModel& any, Trainer& trainer, const Dataset& data, const FitInputs& inputs,
               const val& /*call*/) override {
    return model_of<MulticlassPerceptron>(any).start_training(trainer, data, inputs, &recorder_);
  }
  // joint: the last step with its scores and class indices; undefined for ovr/ovo.
  val step_record(const AnyModel& any) const override {
    const auto& model = model_of<MulticlassPerceptron>(any);
    if (model.params().strategy != Strategy::joint) return val::undefined();
    const MulticlassStepRecord& s = recorder_.last;
    val out = val::object();
    out.set("scores", copy_out(recorder_.last_scores));
    out.set("prediction", s.prediction);
    out.set("label", s.label);
    const auto weights = recorder_.epoch_end.weights_after(s.t, model.weights());
    const auto biases = recorder_.epoch_end.biases_after(s.t, model.biases());
    out.set("weights", copy_out(weights.data(), weights.size()));
    out.set("biases", copy_out(biases.data(), biases.size()));
    return out;
  }

 private:
  MulticlassStepRecorder recorder_;
};

}  // namespace

std::unique_ptr<Hooks> multiclass_hooks() { return std::make_unique<MulticlassHooks>(); }

}  // namespace perceptron::wasm
