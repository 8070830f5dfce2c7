// The one binding of every model kind: ModelBinding<M> binds the core's Estimator<M>
// (estimator/estimator.hpp) one call to one call, and register_model<M>(name) registers it under
// the name the JS wrapper knows (CorePerceptron, CoreKernel, ...). A kind's file adds only what
// is its own: its Hooks (fit's tracing observer), its getters, and calls such as the
// Perceptron's learnOne, registered beside the common ones.
#pragma once

#include <cstdint>

#include "dataset.hpp"
#include "perceptron/estimator/estimator.hpp"
#include "perceptron/estimator/observer.hpp"
#include "selection.hpp"
#include "trainer.hpp"

namespace perceptron::wasm {

// fromJSON's document (document_of) of `format`'s kind with its envelope checked
// (read_envelope): the wrapper's first call, and every restore's first step.
Status envelope_of(const std::string& format, const std::string& text, bool from_object,
                   json::Value& document, SavedKind& kind);

// A model's options object (model_options) and its hashing option ({bits} or undefined: none).
Status model_options(const val& options, const val& hashing, ModelOptions& out,
                     std::optional<OptionValue>& bits);

// The options getter's hashing {bits}, set on `options` when `map` hashes.
void set_hashing(val& options, const FeatureMap& map);

// An observer callback's answer (0 go on, 1 stop, 2 abort: a user callback threw and the
// wrapper rethrows once the core restored the model).
Control control_of(const val& answer);

// fit's and a trainer's call object: {sampleWeight, validation} (the dataset handle must outlive
// the options).
TrainingOptions training_options(const val& call);

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

// What one kind adds to its binding: a kind whose fit is traced (the Perceptron, the
// multi-class perceptron) specializes Hooks<M> in its file, before registering, with
//   fit and start: the core's fit and start_training with the kind's own inputs from the
//   wrapper's call object (onStep/onEpoch, initialWeights);
//   step_record(model): what a trainer's step() shows beyond its progress (undefined: nothing).
// The others take these: the core's calls, with onStep and onEpoch through fit_observed.
template <Model M>
struct Hooks {
  Status fit(M& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
             const val& call) {
    JsTrainingObserver observer(call["onStep"], call["onEpoch"]);
    if (!observer.watches_steps() && !observer.watches_epochs()) {
      return model.fit(data, report, inputs);
    }
    return fit_observed(model, data, report, inputs, observer);
  }
  Status start(M& model, Trainer& trainer, const Dataset& data, const FitInputs& inputs,
               const val& /*call*/) {
    return model.start_training(trainer, data, inputs);
  }
  val step_record(const M& /*model*/) const { return val::undefined(); }
};

template <Model M>
class ModelBinding {
 public:
  // The options object, classWeight and preprocess included, and the hashing option ({bits}
  // or undefined), all checked by the core.
  val configure(const val& options, const val& hashing) {
    ModelOptions parsed;
    std::optional<OptionValue> bits;
    Status s = model_options(options, hashing, parsed, bits);
    if (s.ok()) s = estimator_.configure(parsed, bits);
    return outcome(s);
  }
  // Every option in effect: the kind's, preprocess, classWeight and hashing when set.
  val options() const {
    val out = settings_object(estimator_.settings());
    if (estimator_.class_weight()) {
      out.set("classWeight", class_weight_object(*estimator_.class_weight()));
    }
    set_hashing(out, estimator_.features());
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
    const Status s =
        estimator_.fit(data.input(), training_options(call), report,
                       [&](M& model, const Dataset& d, FitReport& r, const FitInputs& inputs) {
                         return hooks_.fit(model, d, r, inputs, call);
                       });
    return s.ok() ? report_object(report) : error_object(s);
  }
  // model.trainer(): its id, or the error.
  val start_training(const DatasetHandle& data, const val& call) {
    const Status s = estimator_.start_training(
        data.input(), training_options(call),
        [&](M& model, Trainer& trainer, const Dataset& d, const FitInputs& inputs) {
          return hooks_.start(model, trainer, d, inputs, call);
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

  // toJSON's text: the saved format of `format`'s kind, with the options the wrapper has in
  // effect (as JSON text); the core adds the named features' vocabulary.
  std::string to_json(const std::string& format, const std::string& options) const {
    return estimator_.saved_text(*saved_kind_of(format), options);
  }
  // fromJSON's restore of a document (JSON text, from a model object when `from_object`) into
  // this model, built from its saved options: the scaler, the model and the vocabulary, all or
  // nothing; errors name the saved field.
  val restore_json(const std::string& format, const std::string& text, bool from_object) {
    json::Value document;
    SavedKind kind;
    Status s = envelope_of(format, text, from_object, document, kind);
    if (s.ok()) s = estimator_.restore_saved(document, kind);
    return outcome(s);
  }

  double scores_per_row() const { return static_cast<double>(model().scores_per_row()); }
  bool fitted() const { return model().fitted(); }
  double n_features() const { return static_cast<double>(model().n_features()); }
  double steps() const { return static_cast<double>(model().steps()); }
  val classes() const { return classes_to_js(model().classes()); }

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
      const val record = hooks_.step_record(model());
      if (!record.isUndefined()) state.set("record", record);
    }
    return state;
  }
  val trainer_report() const { return report_object(estimator_.trainer()->report()); }
  val trainer_state() const {
    return state_object(*estimator_.trainer(), estimator_.step_detail());
  }

  // For the kind's own calls (getters, learnOne).
  const M& model() const { return estimator_.model(); }
  Estimator<M>& estimator() { return estimator_; }
  const Estimator<M>& estimator() const { return estimator_; }

 private:
  Hooks<M> hooks_;  // before the estimator: its trainer may hold the hooks' recorder
  Estimator<M> estimator_;
};

template <Model M>
emscripten::class_<ModelBinding<M>> register_model(const char* name) {
  using B = ModelBinding<M>;
  return emscripten::class_<B>(name)
      .template constructor<>()
      .function("configure", &B::configure)
      .function("options", &B::options)
      .function("vocabularySize", &B::vocabulary_size)
      .function("fit", &B::fit)
      .function("startTraining", &B::start_training)
      .function("partialFit", &B::partial_fit)
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
      .function("trainerId", &B::trainer_id)
      .function("trainerRun", &B::trainer_run)
      .function("trainerReport", &B::trainer_report)
      .function("trainerState", &B::trainer_state)
      .function("gridSearch", &grid_search_into<M>);
}

}  // namespace perceptron::wasm
