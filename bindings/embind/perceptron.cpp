// pw.Perceptron's core: the binary linear perceptron (classic, averaged, voted, pocket) with
// traced training (fit's onStep/onEpoch) and the online protocol (learnOne).
#include "perceptron/models/perceptron.hpp"

#include "model.hpp"

namespace perceptron::wasm {
namespace {

// Calls the wrapper's step/epoch functions; they return 0 (go on), 1 (stop) or 2 (abort, when
// a user callback threw: the wrapper rethrows after the core restored the model).
class JsObserver final : public FitObserver {
 public:
  JsObserver(val on_step, val on_epoch)
      : on_step_(std::move(on_step)), on_epoch_(std::move(on_epoch)) {}

  Control on_step(const StepRecord& s, std::span<const double> w, double b) override {
    if (on_step_.isUndefined()) return Control::proceed;
    return control(on_step_(static_cast<double>(s.t), static_cast<double>(s.epoch),
                            static_cast<double>(s.index), s.score, s.prediction, s.label, s.mistake,
                            copy_out(w.data(), w.size()), b));
  }

  Control on_epoch(const EpochRecord& e, std::span<const double> w, double b) override {
    if (on_epoch_.isUndefined()) return Control::proceed;
    return control(on_epoch_(static_cast<double>(e.epoch), static_cast<double>(e.steps),
                             static_cast<double>(e.mistakes), copy_out(w.data(), w.size()), b));
  }

  // Without callbacks the core trains with no observer at all: no call into JS per step.
  bool active() const { return !on_step_.isUndefined() || !on_epoch_.isUndefined(); }

 private:
  static Control control(const val& answer) {
    const int code = answer.as<int>();
    return code == 2 ? Control::abort : code == 1 ? Control::stop : Control::proceed;
  }
  val on_step_;
  val on_epoch_;
};

// Keeps the trainer's last step, for model.trainer()'s step().
class StepRecorder final : public FitObserver {
 public:
  Control on_step(const StepRecord& s, std::span<const double>, double) override {
    last = s;
    return Control::proceed;
  }
  StepRecord last;
};

class CorePerceptron {
 public:
  val configure(const val& options) {
    trainer_.end();
    return outcome(configure_model(model_, options, &scaling_));
  }

  val options() const { return options_object(model_.params()); }

  // call: {onStep, onEpoch, initialWeights, initialBias, validation, sampleWeight and the
  // classWeight fields}: the wrapper's one object for the call.
  val fit(const DatasetHandle& data, const val& call) {
    trainer_.end();
    FitData t;
    if (Status s = training_of(scaling_, data.data(), true, call, call["validation"], t); !s.ok()) {
      return error_object(s);
    }
    InitialWeights initial;
    const bool has_initial = !call["initialWeights"].isUndefined();
    if (has_initial)
      initial = {to_doubles(call["initialWeights"]), call["initialBias"].as<double>()};
    JsObserver observer(call["onStep"], call["onEpoch"]);
    FitReport report;
    const Status s = model_.fit(t.data, report, observer.active() ? &observer : nullptr,
                                has_initial ? &initial : nullptr, &t.row_weight,
                                t.has_validation ? &t.validation : nullptr);
    if (!s.ok()) return error_object(s);
    // An aborted fit (a callback threw) restored the model: the scaler stays as it was too.
    if (!report.aborted) scaling_.commit(std::move(t.used));
    return report_object(report);
  }

  val partial_fit(const DatasetHandle& batch, const val& call) {
    trainer_.end();
    return partial_fit_js(model_, scaling_, batch, call);
  }

  // call: fit's, without onStep and onEpoch.
  val start_training(const DatasetHandle& data, const val& call) {
    InitialWeights initial;
    const bool has_initial = !call["initialWeights"].isUndefined();
    if (has_initial)
      initial = {to_doubles(call["initialWeights"]), call["initialBias"].as<double>()};
    return start_trainer(trainer_, scaling_, data, call, [&](Trainer& trainer, FitData& t) {
      return model_.start_training(trainer, t.data, &recorder_, has_initial ? &initial : nullptr,
                                   &t.row_weight, t.has_validation ? &t.validation : nullptr);
    });
  }
  TrainerSlot& trainer() { return trainer_; }
  val step_record() const { return step_object(recorder_.last); }

  // call: {label, classes, classesNumeric, and the classWeight fields}.
  val learn_one(const val& x, const val& call) {
    trainer_.end();
    const val label = call["label"];
    const bool numeric = label.typeOf().as<std::string>() == "number";
    const val classes = call["classes"];
    const bool classes_numeric = call["classesNumeric"].as<bool>();
    const val& weighting = call;
    std::vector<double> features = to_doubles(x);
    if (Status s = scaling_.for_example(features); !s.ok()) return error_object(s);
    Classes given;
    const bool has_classes = !classes.isUndefined();
    if (has_classes) {
      std::vector<std::uint32_t> unused;
      if (Status s = encode(classes, classes_numeric, "classes", given, unused); !s.ok()) {
        return error_object(s);
      }
    }
    const Classes& known = model_.classes().size() != 0 || !has_classes ? model_.classes() : given;
    std::vector<std::uint32_t> index{0};
    if (known.size() != 0) {
      Status s =
          numeric ? index_labels(std::vector<double>{label.as<double>()}, known, "y", index, false)
                  : index_labels(std::vector<std::string>{label.as<std::string>()}, known, "y",
                                 index, false);
      if (!s.ok()) return error_object(s);
    }
    double weight = 1;
    if (known.size() == 2 && !weighting["classWeightValues"].isUndefined()) {
      if (weighting["balanced"].as<bool>()) {
        return error_object(Status::range_error(
            "classWeight 'balanced' needs the whole training set; learnOne takes one example, so "
            "give classWeight as {label: weight}"));
      }
      Dataset classes_only;
      classes_only.classes = known;
      std::vector<double> per_class;
      if (Status s = class_weight_of(classes_only, class_weight_spec(weighting), per_class);
          !s.ok()) {
        return error_object(s);
      }
      weight = per_class[index[0]];
    }
    StepRecord step;
    if (Status s = model_.learn_one(features.data(), features.size(), index[0], step,
                                    has_classes ? &given : nullptr, weight);
        !s.ok()) {
      return error_object(s);
    }
    return step_object(step);
  }

  val decision_function(const DatasetHandle& x) const {
    return decision_js(model_, scaling_, x, 1);
  }
  val predict(const DatasetHandle& x) const { return predict_js(model_, scaling_, x); }
  val score(const DatasetHandle& data) const { return score_js(model_, scaling_, data); }
  val preprocess() const { return scaling_object(scaling_); }
  val restore_scaler(const val& shift, const val& scale) {
    trainer_.end();
    return restore_scaling(scaling_, shift, scale);
  }

  val would_update(const DatasetHandle& data) const {
    Dataset labelled;
    if (Status s = labels_for(model_, scaling_, data, labelled); !s.ok()) return error_object(s);
    std::vector<std::uint8_t> out;
    if (Status s = model_.would_update(labelled.x, labelled.class_index, out); !s.ok()) {
      return error_object(s);
    }
    return copy_out(out);
  }

  // saved: {options, classes, classesNumeric, weights, bias, steps, state}.
  val restore(const val& saved) {
    trainer_.end();
    Perceptron fresh;
    if (Status s = configure_model(fresh, saved["options"]); !s.ok()) return error_object(s);
    Classes decoded;
    std::vector<std::uint32_t> unused;
    const val classes = saved["classes"];
    if (Status s = encode(classes, saved["classesNumeric"].as<bool>(), "classes", decoded, unused);
        !s.ok()) {
      return error_object(s);
    }
    if (decoded.size() != classes["length"].as<std::size_t>()) {
      return error_object(Status::range_error("classes must hold two distinct labels"));
    }
    const double steps = saved["steps"].as<double>();
    if (Status s = check_steps(steps); !s.ok()) return error_object(s);
    return outcome(model_.restore(fresh.params(), decoded, to_doubles(saved["weights"]),
                                  saved["bias"].as<double>(), static_cast<std::uint64_t>(steps),
                                  state_of(saved["state"])));
  }

  bool fitted() const { return model_.fitted(); }
  double n_features() const { return static_cast<double>(model_.n_features()); }
  double steps() const { return static_cast<double>(model_.steps()); }
  // The model that predicts (averaged, pocket...) and the one training updates.
  double bias() const {
    std::vector<double> w;
    double b = 0;
    model_.predicting_weights(w, b);
    return b;
  }
  val weights() const {
    std::vector<double> w;
    double b = 0;
    model_.predicting_weights(w, b);
    return copy_out(w);
  }
  double current_bias() const { return model_.bias(); }
  val current_weights() const { return copy_out(model_.weights().data(), model_.weights().size()); }
  val variant_state() const { return state_object(model_.variant().save()); }
  val classes() const { return classes_to_js(model_.classes()); }

 private:
  val step_object(const StepRecord& s) const {
    val out = val::object();
    out.set("t", static_cast<double>(s.t));
    out.set("epoch", static_cast<double>(s.epoch));
    out.set("index", static_cast<double>(s.index));
    out.set("score", s.score);
    out.set("prediction", s.prediction);
    out.set("label", s.label);
    out.set("mistake", s.mistake);
    out.set("weights", current_weights());
    out.set("bias", model_.bias());
    return out;
  }

  Perceptron model_;
  InputScaling scaling_;
  StepRecorder recorder_;
  TrainerSlot trainer_;  // last: destroyed first
};

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_perceptron) {
  emscripten::class_<CorePerceptron> binding("CorePerceptron");
  register_trainer(binding)
      .constructor<>()
      .function("configure", &CorePerceptron::configure)
      .function("startTraining", &CorePerceptron::start_training)
      .function("options", &CorePerceptron::options)
      .function("fit", &CorePerceptron::fit)
      .function("learnOne", &CorePerceptron::learn_one)
      .function("partialFit", &CorePerceptron::partial_fit)
      .function("decisionFunction", &CorePerceptron::decision_function)
      .function("predict", &CorePerceptron::predict)
      .function("score", &CorePerceptron::score)
      .function("restore", &CorePerceptron::restore)
      .function("wouldUpdate", &CorePerceptron::would_update)
      .function("fitted", &CorePerceptron::fitted)
      .function("nFeatures", &CorePerceptron::n_features)
      .function("steps", &CorePerceptron::steps)
      .function("bias", &CorePerceptron::bias)
      .function("weights", &CorePerceptron::weights)
      .function("currentBias", &CorePerceptron::current_bias)
      .function("currentWeights", &CorePerceptron::current_weights)
      .function("variantState", &CorePerceptron::variant_state)
      .function("classes", &CorePerceptron::classes)
      .function("preprocess", &CorePerceptron::preprocess)
      .function("restoreScaler", &CorePerceptron::restore_scaler);
}

}  // namespace perceptron::wasm
