#include "model.hpp"

#include "perceptron/estimator/observer.hpp"
#include "selection.hpp"
#include "trainer.hpp"

namespace perceptron::wasm {

Control control_of(const val& answer) {
  const int code = answer.as<int>();
  return code == 2 ? Control::abort : code == 1 ? Control::stop : Control::proceed;
}

namespace {

// fit's and a trainer's call object: {sampleWeight, validation} (the dataset handle must outlive
// the options).
TrainingOptions training_options(const val& call) {
  TrainingOptions out;
  if (!call["sampleWeight"].isUndefined()) out.sample_weight = to_doubles(call["sampleWeight"]);
  if (!call["validation"].isUndefined()) {
    const DatasetHandle* validation = optional_dataset(call["validation"]);
    out.validation = &validation->data();
    out.validation_names = validation->input().names;
  }
  return out;
}

// The kind of a name the wrapper gives (one of its kinds' names: "Perceptron", ...).
ModelKind kind_of_name(const std::string& name) {
  ModelKind kind = ModelKind::perceptron;
  kind_named(name, kind);
  return kind;
}

// fit's onStep(step) and onEpoch(epoch) (trainer.hpp's records, classes: the dataset's) as the
// core's observers: TraceObserver for the kinds whose own loop traces fit, TrainingObserver for
// the others.
class JsObserver final : public TraceObserver, public TrainingObserver {
 public:
  JsObserver(const val& call, const Dataset& data, const AnyModel& model)
      : on_step_(call["onStep"]),
        on_epoch_(call["onEpoch"]),
        classes_(classes_to_js(data.classes)),
        model_(model) {}
  bool watches_steps() const override { return !on_step_.isUndefined(); }
  bool watches_epochs() const override { return !on_epoch_.isUndefined(); }
  Control on_step(const TraceStep& step) override {
    return watches_steps() ? control_of(on_step_(traced_step(step, classes_, model_.kind())))
                           : Control::proceed;
  }
  Control on_epoch(const EpochRecord& e, std::span<const double> w,
                   std::span<const double> b) override {
    return watches_epochs() ? control_of(on_epoch_(traced_epoch(e, w, b, model_.kind())))
                            : Control::proceed;
  }
  Control on_step(const Progress& progress, const StepDetail& detail) override {
    return control_of(on_step_(step_object(progress, detail, classes_, model_)));
  }
  // One-vs-* training (the multi-class kind here) says which binary model the epoch was.
  Control on_epoch(const EpochRecord& e, std::size_t part) override {
    const bool parts = model_.kind() == ModelKind::multiclass;
    return control_of(on_epoch_(epoch_object(e, parts ? std::optional(part) : std::nullopt)));
  }

 private:
  val on_step_;
  val on_epoch_;
  val classes_;
  const AnyModel& model_;
};

// fit's initialWeights and initialBias from the call (the Perceptron's; initialBias is read by
// the core, with initialWeights or alone).
Status initial_of(const val& call, std::optional<InitialWeights>& out) {
  double bias = 0;
  const val given = call["initialBias"];
  const Status s =
      given.isUndefined() ? Status::success() : read_initial_bias(option_value(given), bias);
  if (s.ok() && !call["initialWeights"].isUndefined()) {
    out = InitialWeights{to_doubles(call["initialWeights"]), bias};
  }
  return s;
}

// pw.Perceptron, pw.KernelPerceptron, ...: one class over every kind's estimator.
class ModelBinding {
 public:
  explicit ModelBinding(const std::string& kind) : estimator_(kind_of_name(kind)) {
    recorder_ = std::make_unique<TraceRecorder>();
  }

  // The options object, classWeight and preprocess included, and the hashing option ({bits}
  // or undefined), all checked by the core.
  val configure(const val& options, const val& hashing) {
    ModelOptions parsed;
    std::optional<OptionValue> bits;
    if (!hashing.isUndefined()) bits = option_value(hashing["bits"]);
    Status s = model_options(options, parsed);
    if (s.ok()) s = estimator_.configure(parsed, bits);
    return outcome(s);
  }
  // Every option in effect: the kind's, preprocess, classWeight and hashing when set.
  val options() const {
    val out = settings_object(estimator_.settings());
    if (estimator_.class_weight()) {
      out.set("classWeight", class_weight_object(*estimator_.class_weight()));
    }
    const FeatureMap& map = estimator_.features();
    if (map.hashed()) {
      val hashing = val::object();
      hashing.set("bits", map.bits());
      out.set("hashing", hashing);
    }
    return out;
  }
  // Whether a call (0 fit, 1 partialFit, 2 a prediction) reads named rows through a vocabulary
  // it does not learn.
  bool reads_vocabulary(int call) const {
    return estimator_.reads_vocabulary(static_cast<NamedCall>(call));
  }

  // call: the wrapper's one object for the call: {validation, sampleWeight}, onStep and onEpoch,
  // and the Perceptron's initialWeights and initialBias. Without callbacks the core trains with
  // no observer at all: no call into JS per step.
  val fit(const DatasetHandle& data, const val& call) {
    FitReport report;
    std::optional<InitialWeights> initial;
    if (Status s = initial_of(call, initial); !s.ok()) return error_object(s);
    const Status s = estimator_.fit(
        data.input(), training_options(call), report,
        [&](AnyModel& model, const Dataset& d, FitReport& r, const FitInputs& inputs) {
          JsObserver observer(call, d, model);
          const bool watched = observer.watches_steps() || observer.watches_epochs();
          if (traces(model)) {
            return fit_traced(model, d, r, inputs, watched ? &observer : nullptr,
                              initial ? &*initial : nullptr);
          }
          return watched ? fit_observed(model, d, r, inputs, observer) : model.fit(d, r, inputs);
        });
    return s.ok() ? report_object(report) : error_object(s);
  }
  // model.trainer(): its id, or the error.
  val start_training(const DatasetHandle& data, const val& call) {
    std::optional<InitialWeights> initial;
    if (Status s = initial_of(call, initial); !s.ok()) return error_object(s);
    const Status s = estimator_.start_training(
        data.input(), training_options(call),
        [&](AnyModel& model, Trainer& trainer, const Dataset& d, const FitInputs& inputs) {
          if (!traces(model)) return model.start_training(trainer, d, inputs);
          return start_traced(model, trainer, d, inputs, *recorder_, initial ? &*initial : nullptr);
        });
    return s.ok() ? val(static_cast<double>(estimator_.trainer_id())) : error_object(s);
  }
  // call: {classes, classesNumeric, sampleWeight}.
  val partial_fit(const DatasetHandle& batch, const val& call) {
    Classes classes;
    const bool given = !call["classes"].isUndefined();
    FitReport report;
    Status s = given ? decode_classes(call["classes"], call["classesNumeric"].as<bool>(), classes)
                     : Status::success();
    if (s.ok()) {
      s = estimator_.partial_fit(batch.input(), given ? &classes : nullptr, training_options(call),
                                 report);
    }
    return s.ok() ? report_object(report) : error_object(s);
  }
  // The Perceptron's online step; call: {label, classes, classesNumeric}.
  val learn_one(const val& x, const val& call) {
    const val label = call["label"];
    const auto value = label.isNumber() ? AnyEstimator::Label(label.as<double>())
                                        : AnyEstimator::Label(label.as<std::string>());
    Classes given;
    std::vector<std::uint32_t> unused;
    const bool has_classes = !call["classes"].isUndefined();
    StepRecord step;
    Status s = has_classes ? encode(call["classes"], call["classesNumeric"].as<bool>(), "classes",
                                    given, unused)
                           : Status::success();
    if (s.ok())
      s = estimator_.learn_one(to_doubles(x), value, has_classes ? &given : nullptr, step);
    if (!s.ok()) return error_object(s);
    const auto& perceptron = model_of<Perceptron>(model());
    const double bias = perceptron.bias();
    const TraceStep traced = trace_of(step, perceptron.weights(), std::span(&bias, 1));
    return traced_step(traced, classes_to_js(model().classes()), ModelKind::perceptron);
  }
  // The Perceptron's: for each example, whether a training step on it would update it now.
  val would_update(const DatasetHandle& data) const {
    std::vector<std::uint8_t> out;
    return result(estimator_.would_update(data.input(), out), out);
  }

  val decision_function(const DatasetHandle& x) const {
    std::vector<double> out;
    return result(estimator_.decision_function(x.input(), out), out);
  }
  val predict(const DatasetHandle& x) const {
    std::vector<std::uint32_t> out;
    return result(estimator_.predict(x.input(), out), out);
  }
  val score(const DatasetHandle& data) const {
    double accuracy = 0;
    return result(estimator_.score(data.input(), accuracy), accuracy);
  }

  // toJSON's text: the kind's saved format, with the options the wrapper has in effect (as JSON
  // text); the core adds the named features' vocabulary.
  std::string to_json(const std::string& options) const { return estimator_.saved_text(options); }
  // fromJSON's restore of a document (JSON text, from a model object when `from_object`) into
  // this model, built from its saved options: the scaler, the model and the vocabulary, all or
  // nothing; errors name the saved field.
  val restore_json(const std::string& text, bool from_object) {
    return outcome(estimator_.restore_text(text, from_object));
  }

  double scores_per_row() const { return static_cast<double>(model().scores_per_row()); }
  bool fitted() const { return model().fitted(); }
  double n_features() const { return static_cast<double>(model().n_features()); }
  double steps() const { return static_cast<double>(model().steps()); }
  val classes() const { return classes_to_js(model().classes()); }
  // One of the kind's getters' arrays by name (weights, bias, supportVectors, ...): a
  // Float64Array, or null when the kind (or its variant) has none.
  val attribute(const std::string& name) const {
    const std::optional<std::vector<double>> values = model().attribute(name);
    return values ? copy_out(*values) : val::null();
  }

  // The trainer's calls: its id; a run (trainer.hpp's trainer_run: mode 0 a step, 1 to the end
  // of the epoch, 2 to the end); its report; its state, with its last epoch's record (null
  // before one ended).
  double trainer_id() const { return static_cast<double>(estimator_.trainer_id()); }
  val trainer_run(int mode, const val& max_steps) {
    const auto run = [this](TrainerRun how, std::uint64_t steps) {
      return estimator_.run_trainer(how, steps);
    };
    const auto step = [this] {
      const val classes = classes_to_js(model().classes());
      if (traces(model())) return traced_step(recorder_->last(model()), classes, model().kind());
      return step_object(estimator_.trainer()->progress(), estimator_.step_detail(), classes,
                         model());
    };
    return wasm::trainer_run(*estimator_.trainer(), mode, max_steps, run, step);
  }
  val trainer_report() const { return report_object(estimator_.trainer()->report()); }
  val trainer_state() const { return state_object(*estimator_.trainer()); }

  // modelSelection.gridSearch (selection.hpp): this new model becomes the retrained winner.
  val grid_search(const DatasetHandle& data, const val& grid, const val& options) {
    return grid_search_with(estimator_, data, grid, options);
  }

 private:
  const AnyModel& model() const { return estimator_.any_model(); }

  // A traced kind's trainer's last step (declared before the estimator, whose trainer may hold
  // it).
  std::unique_ptr<TraceRecorder> recorder_;
  AnyEstimator estimator_;
};

// fromJSON's first check, before the model is built from the saved options.
val read_saved_envelope(const std::string& format, const std::string& text, bool from_object) {
  return outcome(check_saved(format, text, from_object));
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_model) {
  using B = ModelBinding;
  emscripten::class_<B>("CoreModel")
      .constructor<std::string>()
      .function("configure", &B::configure)
      .function("options", &B::options)
      .function("readsVocabulary", &B::reads_vocabulary)
      .function("fit", &B::fit)
      .function("startTraining", &B::start_training)
      .function("partialFit", &B::partial_fit)
      .function("learnOne", &B::learn_one)
      .function("wouldUpdate", &B::would_update)
      .function("decisionFunction", &B::decision_function)
      .function("predict", &B::predict)
      .function("score", &B::score)
      .function("toJSON", &B::to_json)
      .function("restoreJSON", &B::restore_json)
      .function("scoresPerRow", &B::scores_per_row)
      .function("fitted", &B::fitted)
      .function("nFeatures", &B::n_features)
      .function("steps", &B::steps)
      .function("classes", &B::classes)
      .function("attribute", &B::attribute)
      .function("trainerId", &B::trainer_id)
      .function("trainerRun", &B::trainer_run)
      .function("trainerReport", &B::trainer_report)
      .function("trainerState", &B::trainer_state)
      .function("gridSearch", &B::grid_search);
  emscripten::function("readSavedEnvelope", &read_saved_envelope);
}

}  // namespace perceptron::wasm
