// pw.MulticlassPerceptron's core: one-vs-rest, one-vs-one and the joint (Collins) multi-class
// perceptron, with traced training.
#include "perceptron/models/multiclass.hpp"

#include "model.hpp"

namespace perceptron::wasm {
namespace {

// Calls the wrapper's step/epoch functions for joint multi-class training (0 go on, 1 stop,
// 2 abort), as the binary perceptron's observer does.
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
    return control(on_step_(static_cast<double>(s.t), static_cast<double>(s.epoch),
                            static_cast<double>(s.index), copy_out(scores.data(), scores.size()),
                            s.prediction, s.label, s.mistake, copy_out(w.data(), w.size()),
                            copy_out(b.data(), b.size()), classes_));
  }

  Control on_epoch(const EpochRecord& e, std::span<const double> w,
                   std::span<const double> b) override {
    if (on_epoch_.isUndefined()) return Control::proceed;
    return control(on_epoch_(static_cast<double>(e.epoch), static_cast<double>(e.steps),
                             static_cast<double>(e.mistakes), copy_out(w.data(), w.size()),
                             copy_out(b.data(), b.size())));
  }

  bool active() const { return !on_step_.isUndefined() || !on_epoch_.isUndefined(); }

 private:
  static Control control(const val& answer) {
    const int code = answer.as<int>();
    return code == 2 ? Control::abort : code == 1 ? Control::stop : Control::proceed;
  }
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
  MulticlassStepRecord last;
  std::vector<double> last_scores;
};

class CoreMulticlass {
 public:
  val configure(const val& options) {
    trainer_.end();
    return outcome(configure_model(model_, options, &scaling_));
  }

  val options() const {
    val out = options_object(model_.params().base);
    out.set("strategy", std::string(name_of(model_.params().strategy)));
    return out;
  }

  // call: {onStep, onEpoch, validation, sampleWeight and the classWeight fields}.
  val fit(const DatasetHandle& data, const val& call) {
    trainer_.end();
    FitData t;
    if (Status s = training_of(scaling_, data.data(), true, call, call["validation"], t); !s.ok()) {
      return error_object(s);
    }
    JsMulticlassObserver observer(call["onStep"], call["onEpoch"],
                                  classes_to_js(data.data().classes));
    FitReport report;
    const Status s = model_.fit(t.data, report, observer.active() ? &observer : nullptr,
                                &t.row_weight, t.has_validation ? &t.validation : nullptr);
    if (!s.ok()) return error_object(s);
    // An aborted fit (a callback threw) restored the model: the scaler stays as it was too.
    if (!report.aborted) scaling_.commit(std::move(t.used));
    return report_object(report);
  }

  val partial_fit(const DatasetHandle& batch, const val& call) {
    trainer_.end();
    return partial_fit_js(model_, scaling_, batch, call);
  }

  val start_training(const DatasetHandle& data, const val& call) {
    return start_trainer(trainer_, scaling_, data, call, [&](Trainer& trainer, FitData& t) {
      return model_.start_training(trainer, t.data, &recorder_, &t.row_weight,
                                   t.has_validation ? &t.validation : nullptr);
    });
  }
  TrainerSlot& trainer() { return trainer_; }
  // joint: the last step with its scores and class indices; undefined for ovr/ovo.
  val step_record() const {
    if (model_.params().strategy != Strategy::joint) return val::undefined();
    const MulticlassStepRecord& s = recorder_.last;
    val out = val::object();
    out.set("scores", copy_out(recorder_.last_scores));
    out.set("prediction", s.prediction);
    out.set("label", s.label);
    out.set("weights", copy_out(model_.weights().data(), model_.weights().size()));
    out.set("biases", copy_out(model_.biases().data(), model_.biases().size()));
    return out;
  }

  val decision_function(const DatasetHandle& x) const {
    return decision_js(model_, scaling_, x, model_.classes().size());
  }
  val predict(const DatasetHandle& x) const { return predict_js(model_, scaling_, x); }
  val score(const DatasetHandle& data) const { return score_js(model_, scaling_, data); }
  val preprocess() const { return scaling_object(scaling_); }
  val restore_scaler(const val& shift, const val& scale) {
    trainer_.end();
    return restore_scaling(scaling_, shift, scale);
  }

  // The trained state for toJSON: joint {weights, biases, state}; ovr/ovo {models: [...]},
  // each binary model as {weights, bias, steps, state} (current weights, so training state
  // round-trips).
  val saved() const {
    val out = val::object();
    if (model_.params().strategy == Strategy::joint) {
      out.set("weights", copy_out(model_.weights().data(), model_.weights().size()));
      out.set("biases", copy_out(model_.biases().data(), model_.biases().size()));
      out.set("state", state_object(model_.joint_state()));
      return out;
    }
    val models = val::array();
    for (const auto& m : model_.binary_models()) {
      val one = val::object();
      one.set("weights", copy_out(m.weights().data(), m.weights().size()));
      one.set("bias", m.bias());
      one.set("steps", static_cast<double>(m.steps()));
      one.set("state", state_object(m.variant().save()));
      models.call<void>("push", one);
    }
    out.set("models", models);
    return out;
  }

  // saved: {options, classes, classesNumeric, steps} and joint {weights, biases, state} or
  // ovr/ovo {models: [{weights, bias, steps, state}]}.
  val restore(const val& saved) {
    trainer_.end();
    MulticlassPerceptron fresh;
    if (Status s = configure_model(fresh, saved["options"]); !s.ok()) return error_object(s);
    const MulticlassParams& params = fresh.params();
    Classes decoded;
    if (Status s = decode_classes(saved["classes"], saved["classesNumeric"].as<bool>(), decoded);
        !s.ok()) {
      return error_object(s);
    }
    const double steps = saved["steps"].as<double>();
    if (Status s = check_steps(steps); !s.ok()) return error_object(s);
    if (params.strategy == Strategy::joint) {
      return outcome(model_.restore_joint(
          params, decoded, to_doubles(saved["weights"]), to_doubles(saved["biases"]),
          static_cast<std::uint64_t>(steps), state_of(saved["state"])));
    }
    std::vector<Perceptron> models;
    const val list = saved["models"];
    Classes binary;
    binary.numbers = {0, 1};
    for (std::size_t m = 0; m < list["length"].as<std::size_t>(); ++m) {
      const val one = list[m];
      if (Status s = check_steps(one["steps"].as<double>()); !s.ok()) return error_object(s);
      Perceptron model;
      if (Status s = model.restore(
              params.base, binary, to_doubles(one["weights"]), one["bias"].as<double>(),
              static_cast<std::uint64_t>(one["steps"].as<double>()), state_of(one["state"]));
          !s.ok()) {
        s.message = "models[" + std::to_string(m) + "]: " + s.message;
        return error_object(s);
      }
      models.push_back(std::move(model));
    }
    return outcome(model_.restore_binary(params, decoded, std::move(models)));
  }

  // joint: the predicting W (K x d, row-major) and b.
  val weights() const {
    std::vector<double> w, b;
    model_.predicting_weights(w, b);
    return copy_out(w);
  }
  val biases() const {
    std::vector<double> w, b;
    model_.predicting_weights(w, b);
    return copy_out(b);
  }
  bool fitted() const { return model_.fitted(); }
  double n_features() const { return static_cast<double>(model_.n_features()); }
  double steps() const { return static_cast<double>(model_.steps()); }
  val classes() const { return classes_to_js(model_.classes()); }

 private:
  MulticlassPerceptron model_;
  InputScaling scaling_;
  MulticlassStepRecorder recorder_;
  TrainerSlot trainer_;  // last: destroyed first
};

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_multiclass) {
  emscripten::class_<CoreMulticlass> binding("CoreMulticlass");
  register_trainer(binding)
      .constructor<>()
      .function("configure", &CoreMulticlass::configure)
      .function("startTraining", &CoreMulticlass::start_training)
      .function("options", &CoreMulticlass::options)
      .function("fit", &CoreMulticlass::fit)
      .function("partialFit", &CoreMulticlass::partial_fit)
      .function("decisionFunction", &CoreMulticlass::decision_function)
      .function("predict", &CoreMulticlass::predict)
      .function("score", &CoreMulticlass::score)
      .function("saved", &CoreMulticlass::saved)
      .function("restore", &CoreMulticlass::restore)
      .function("weights", &CoreMulticlass::weights)
      .function("biases", &CoreMulticlass::biases)
      .function("fitted", &CoreMulticlass::fitted)
      .function("nFeatures", &CoreMulticlass::n_features)
      .function("steps", &CoreMulticlass::steps)
      .function("classes", &CoreMulticlass::classes)
      .function("preprocess", &CoreMulticlass::preprocess)
      .function("restoreScaler", &CoreMulticlass::restore_scaler);
}

}  // namespace perceptron::wasm
