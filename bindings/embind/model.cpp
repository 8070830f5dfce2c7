#include "model.hpp"

#include "selection.hpp"
#include "trainer.hpp"

namespace perceptron::wasm {

Control JsTrainingObserver::on_step(const Progress& progress, const StepDetail& detail) {
  return control_of(on_step_(step_state(progress, detail)));
}

Control JsTrainingObserver::on_epoch(const EpochRecord& e, std::size_t part) {
  return control_of(on_epoch_(static_cast<double>(e.epoch), static_cast<double>(e.steps),
                              static_cast<double>(e.mistakes), e.train_error, e.validation_error,
                              static_cast<double>(part)));
}

Status Hooks::fit(AnyModel& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
                  const val& call) {
  JsTrainingObserver observer(call["onStep"], call["onEpoch"]);
  if (!observer.watches_steps() && !observer.watches_epochs()) {
    return model.fit(data, report, inputs);
  }
  return fit_observed(model, data, report, inputs, observer);
}

Status Hooks::start(AnyModel& model, Trainer& trainer, const Dataset& data, const FitInputs& inputs,
                    const val& /*call*/) {
  return model.start_training(trainer, data, inputs);
}

val Hooks::step_record(const AnyModel& /*model*/) const { return val::undefined(); }
val Hooks::learned(const AnyModel& /*model*/, const StepRecord& /*step*/) const {
  return val::undefined();
}

Control control_of(const val& answer) {
  const int code = answer.as<int>();
  return code == 2 ? Control::abort : code == 1 ? Control::stop : Control::proceed;
}

Status envelope_of(const std::string& format, const std::string& text, bool from_object,
                   json::Value& document, SavedKind& kind) {
  std::optional<SavedKind> known = saved_kind_of(format);
  if (!known) return Status::type_error("no saved format " + json::quoted(format));
  if (Status s = document_of(text, from_object, document); !s.ok()) return s;
  SavedEnvelope envelope;
  if (Status s = read_envelope(document, *known, envelope); !s.ok()) return s;
  kind = *known;
  return Status::success();
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

std::unique_ptr<Hooks> hooks_of(ModelKind kind) {
  if (kind == ModelKind::perceptron) return perceptron_hooks();
  if (kind == ModelKind::multiclass) return multiclass_hooks();
  return std::make_unique<Hooks>();
}

// pw.Perceptron, pw.KernelPerceptron, ...: one class over every kind's estimator.
class ModelBinding {
 public:
  explicit ModelBinding(const std::string& kind)
      : hooks_(hooks_of(kind_of_name(kind))), estimator_(kind_of_name(kind)) {}

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
  // How many names the vocabulary learned at fit holds (0: none, or hashing).
  double vocabulary_size() const {
    return static_cast<double>(estimator_.features().vocabulary().size());
  }

  // call: the wrapper's one object for the call: {validation, sampleWeight} and the kind's own
  // fields.
  val fit(const DatasetHandle& data, const val& call) {
    FitReport report;
    const Status s = estimator_.fit(
        data.input(), training_options(call), report,
        [&](AnyModel& model, const Dataset& d, FitReport& r, const FitInputs& inputs) {
          return hooks_->fit(model, d, r, inputs, call);
        });
    return s.ok() ? report_object(report) : error_object(s);
  }
  // model.trainer(): its id, or the error.
  val start_training(const DatasetHandle& data, const val& call) {
    const Status s = estimator_.start_training(
        data.input(), training_options(call),
        [&](AnyModel& model, Trainer& trainer, const Dataset& d, const FitInputs& inputs) {
          return hooks_->start(model, trainer, d, inputs, call);
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
    const auto value = label.isNumber() ? AnyEstimator::Label(label.as<double>())
                                        : AnyEstimator::Label(label.as<std::string>());
    StepRecord step;
    const Status s =
        estimator_.learn_one(to_doubles(x), value, has_classes ? &given : nullptr, step);
    return s.ok() ? hooks_->learned(estimator_.any_model(), step) : error_object(s);
  }
  // The Perceptron's: for each example, whether a training step on it would update it now.
  val would_update(const DatasetHandle& data) const {
    std::vector<std::uint8_t> out;
    const Status s = estimator_.would_update(data.input(), out);
    return s.ok() ? copy_out(out) : error_object(s);
  }

  val decision_function(const DatasetHandle& x) const {
    std::vector<double> out;
    const Status s = estimator_.decision_function(x.input(), out);
    return s.ok() ? copy_out(out) : error_object(s);
  }
  val predict(const DatasetHandle& x) const {
    std::vector<std::uint32_t> out;
    const Status s = estimator_.predict(x.input(), out);
    return s.ok() ? copy_out(out) : error_object(s);
  }
  val score(const DatasetHandle& data) const {
    double accuracy = 0;
    const Status s = estimator_.score(data.input(), accuracy);
    return s.ok() ? val(accuracy) : error_object(s);
  }

  // toJSON's text: the kind's saved format, with the options the wrapper has in effect (as JSON
  // text); the core adds the named features' vocabulary.
  std::string to_json(const std::string& options) const { return estimator_.saved_text(options); }
  // fromJSON's restore of a document (JSON text, from a model object when `from_object`) into
  // this model, built from its saved options: the scaler, the model and the vocabulary, all or
  // nothing; errors name the saved field.
  val restore_json(const std::string& text, bool from_object) {
    json::Value document;
    SavedKind kind;
    Status s =
        envelope_of(format_of(saved_kind_of(model().kind())), text, from_object, document, kind);
    if (s.ok()) s = estimator_.restore_saved(document, kind);
    return outcome(s);
  }

  double scores_per_row() const { return static_cast<double>(model().scores_per_row()); }
  bool fitted() const { return model().fitted(); }
  double n_features() const { return static_cast<double>(model().n_features()); }
  double steps() const { return static_cast<double>(model().steps()); }
  val classes() const { return classes_to_js(model().classes()); }
  // The kind's getters' values by name (weights, bias, supportVectors, ...): Float64Arrays.
  val attributes() const { return arrays_object(model().attributes()); }

  // The trainer's calls (trainer.hpp); mode 0: steps, 1: to the end of the epoch, 2: to the
  // end. A step's record adds the kind's step_record.
  double trainer_id() const { return static_cast<double>(estimator_.trainer_id()); }
  val trainer_run(int mode, double steps) {
    const auto how = mode == 2   ? TrainerRun::end
                     : mode == 1 ? TrainerRun::epoch
                                 : TrainerRun::steps;
    if (Status s = estimator_.run_trainer(how, static_cast<std::uint64_t>(steps)); !s.ok()) {
      return error_object(s);
    }
    val state = trainer_state();
    if (mode == 0) {
      const val record = hooks_->step_record(model());
      if (!record.isUndefined()) state.set("record", record);
    }
    return state;
  }
  val trainer_report() const { return report_object(estimator_.trainer()->report()); }
  val trainer_state() const {
    return state_object(*estimator_.trainer(), estimator_.step_detail());
  }

  // modelSelection.gridSearch (selection.hpp): this new model becomes the retrained winner.
  val grid_search(const DatasetHandle& data, const val& grid, const val& options) {
    return grid_search_with(estimator_, data, grid, options);
  }

 private:
  const AnyModel& model() const { return estimator_.any_model(); }

  std::unique_ptr<Hooks> hooks_;  // before the estimator: its trainer may hold the hooks' recorder
  AnyEstimator estimator_;
};

// fromJSON's first check, before the model is built from the saved options.
val read_saved_envelope(const std::string& format, const std::string& text, bool from_object) {
  json::Value document;
  SavedKind kind;
  return outcome(envelope_of(format, text, from_object, document, kind));
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_model) {
  using B = ModelBinding;
  emscripten::class_<B>("CoreModel")
      .constructor<std::string>()
      .function("configure", &B::configure)
      .function("options", &B::options)
      .function("vocabularySize", &B::vocabulary_size)
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
      .function("attributes", &B::attributes)
      .function("trainerId", &B::trainer_id)
      .function("trainerRun", &B::trainer_run)
      .function("trainerReport", &B::trainer_report)
      .function("trainerState", &B::trainer_state)
      .function("gridSearch", &B::grid_search);
  emscripten::function("readSavedEnvelope", &read_saved_envelope);
}

}  // namespace perceptron::wasm
