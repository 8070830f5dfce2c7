// The one binding of every model kind: ModelBinding<M> binds a core Model (models/model.hpp)
// with its preprocess scaler and its running trainer, and register_model<M>(name) registers it
// under the name the JS wrapper knows (CorePerceptron, CoreKernel, ...). A kind's file adds
// only what is its own: its Hooks (fit's tracing observer), its getters, and calls
// such as the Perceptron's learnOne, registered beside the common ones.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "dataset.hpp"
#include "perceptron/data/preprocess.hpp"
#include "perceptron/estimator/saved_io.hpp"
#include "perceptron/models/model.hpp"
#include "perceptron/support/memory.hpp"
#include "trainer.hpp"

namespace perceptron::wasm {

// fit's validation set ({validation: {X, y}}), its labels read against the training classes.
Status validation_of(const val& validation, const Classes& classes, Dataset& out);

// partialFit's batch: classes from the model once it has learned, else from `classes`.
Status partial_batch_of(const DatasetHandle& batch, const Classes& known, const val& classes,
                        bool classes_numeric, Dataset& out);

// The training data and validation set of a fit as the model sees them (scaled by the scaler
// fitted for this call, `used`, which the caller commits once training succeeded) and the
// per-row weights.
struct FitData {
  Dataset data, validation;
  bool has_validation = false;
  std::optional<Scaler> used;
  std::vector<double> row_weight;
  FitInputs inputs() const { return {&row_weight, has_validation ? &validation : nullptr}; }
};
Status training_of(const InputScaling& scaling, const Dataset& data, bool refit,
                   const val& weighting, const val& validation, FitData& out);

// The preprocess option as toJSON saves it: undefined without one, else {kind, shift, scale}
// (null before the scaler is fitted).
val scaling_object(const InputScaling& scaling);

// fromJSON's document (document_of) of `format`'s kind with its envelope checked
// (read_envelope): the wrapper's first call, and every restore's first step.
Status envelope_of(const std::string& format, const std::string& text, bool from_object,
                   json::Value& document, SavedKind& kind);

// Where training left a saved number that is not finite (an overflow: a huge learning rate,
// sample weights or features), as "weights[3]" or "part 2's weights[3]"; nullopt when every
// number is finite. The guard of fit, partialFit and a trainer's runs (ModelBinding::guarded).
std::optional<std::string> non_finite_in(const SavedModel& saved);
Status overflowed(const std::string& where_value);

// An observer callback's answer (0 go on, 1 stop, 2 abort: a user callback threw and the
// wrapper rethrows once the core restored the model).
Control control_of(const val& answer);

// Options into a model's params and its preprocess option, checked by the core; the model
// unchanged on error.
template <Model M>
Status configure_model(M& model, const val& options, InputScaling* scaling = nullptr) {
  ModelOptions parsed;
  if (Status s = model_options(options, parsed); !s.ok()) return s;
  auto params = model.params();
  if (Status s = apply_options(parsed.values, params); !s.ok()) return s;
  if (Status s = model.set_params(params); !s.ok()) return s;
  if (scaling) scaling->kind = parsed.preprocess;
  return Status::success();
}

// fit with onStep or onEpoch for a kind whose core fit has no observer: the very training fit
// runs, as a Trainer driven a step at a time with onStep (bit for bit fit's), else an epoch at a
// time, with onStep(step) after each step (step_state: the step and the kind's description of
// it) and onEpoch(epoch, steps, mistakes, trainError, validationError, binary model) after each
// epoch (the binary model's index for one-vs-* training, 0 otherwise). Their answer
// (control_of): stop ends the run there as an observer's stop does (the weights so far, or the
// best validation epoch's); abort puts the model back as it was before the call.
template <Model M>
Status fit_by_trainer(M& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
                      const val& on_step, const val& on_epoch) {
  const M before = model;
  Trainer trainer;
  StepDetail detail;
  const bool by_steps = !on_step.isUndefined();
  if (by_steps) trainer.progress().detail = &detail;
  if (Status s = model.start_training(trainer, data, inputs); !s.ok()) return s;
  Control control = Control::proceed;
  while (control == Control::proceed && !trainer.done()) {
    const Progress& p = trainer.progress();
    const std::uint64_t ended = p.epochs_ended;
    const std::uint64_t t = p.t;
    if (by_steps) {
      trainer.run(1);
      if (p.t != t) control = control_of(on_step(step_state(p, detail)));
    } else {
      trainer.finish_epoch();
    }
    if (control != Control::proceed || on_epoch.isUndefined() || p.epochs_ended == ended) continue;
    const EpochRecord& e = p.last_epoch;
    control = control_of(on_epoch(static_cast<double>(e.epoch), static_cast<double>(e.steps),
                                  static_cast<double>(e.mistakes), e.train_error,
                                  e.validation_error, static_cast<double>(p.part)));
  }
  if (control != Control::abort) {
    trainer.progress().stop_requested = control == Control::stop;
    const Status s = trainer.finish(report);
    // A stop after the last epoch ends nothing more, but the report says it was asked, as an
    // observer's stop in the traced kinds' fit does.
    if (s.ok() && control == Control::stop) report.stopped = true;
    return s;
  }
  report = trainer.report();
  report.aborted = true;
  trainer = Trainer();  // ends the training before the model it drives is put back
  model = before;
  return Status::success();
}

// What one kind adds to its binding: a kind whose fit is traced (the Perceptron, the
// multi-class perceptron) specializes Hooks<M> in its file, before registering, with
//   fit and start: the core's fit and start_training with the kind's own inputs from the
//   wrapper's call object (onStep/onEpoch, initialWeights);
//   step_record(model): what a trainer's step() shows beyond its progress (undefined: nothing).
// The others take these: the core's calls, with onStep and onEpoch through fit_by_trainer.
template <Model M>
struct Hooks {
  Status fit(M& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
             const val& call) {
    const val on_step = call["onStep"];
    const val on_epoch = call["onEpoch"];
    if (on_step.isUndefined() && on_epoch.isUndefined()) return model.fit(data, report, inputs);
    return fit_by_trainer(model, data, report, inputs, on_step, on_epoch);
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
  val configure(const val& options) {
    trainer_.end();
    return outcome(configure_model(model_, options, &scaling_));
  }
  val options() const { return settings_object(option_settings(model_.params())); }

  // call: the wrapper's one object for the call: {validation, sampleWeight, balanced,
  // classWeightNames, classWeightNumbers, classWeightValues} and the kind's own fields.
  val fit(const DatasetHandle& data, const val& call) {
    trainer_.end();
    FitData t;
    if (Status s = training_of(scaling_, data.data(), true, call, call["validation"], t); !s.ok()) {
      return error_object(s);
    }
    FitReport report;
    if (Status s = guarded([&] { return hooks_.fit(model_, t.data, report, t.inputs(), call); });
        !s.ok()) {
      return error_object(s);
    }
    // An aborted fit (a callback threw) restored the model: the scaler stays as it was too.
    if (!report.aborted) scaling_.commit(std::move(t.used));
    return report_object(report);
  }

  // model.trainer(): fit's input read as fit reads it, and a trainer started on it; the scaler
  // fitted for it is committed once it started. Its id, or the error (the model, its scaler
  // and the running trainer unchanged).
  val start_training(const DatasetHandle& data, const val& call) {
    FitData t;
    if (Status s = training_of(scaling_, data.data(), true, call, call["validation"], t); !s.ok()) {
      return error_object(s);
    }
    val id = trainer_.begin(
        [&](Trainer& trainer) { return hooks_.start(model_, trainer, t.data, t.inputs(), call); });
    if (id.isNumber()) scaling_.commit(std::move(t.used));
    return id;
  }

  // call: {classes, classesNumeric, and the weights as for fit}.
  val partial_fit(const DatasetHandle& batch, const val& call) {
    trainer_.end();
    Dataset data;
    if (Status s = partial_batch_of(batch, model_.classes(), call["classes"],
                                    call["classesNumeric"].as<bool>(), data);
        !s.ok()) {
      return error_object(s);
    }
    FitData t;
    if (Status s = training_of(scaling_, data, false, call, val::undefined(), t); !s.ok()) {
      return error_object(s);
    }
    FitReport report;
    if (Status s = guarded([&] { return model_.partial_fit(t.data, report, &t.row_weight); });
        !s.ok()) {
      return error_object(s);
    }
    scaling_.commit(std::move(t.used));
    return report_object(report);
  }

  // Every input is scaled by the model's preprocess scaler before the model reads it.
  val decision_function(const DatasetHandle& x) const {
    Dataset scaled;
    if (Status s = scaling_.for_prediction(x.data(), scaled); !s.ok()) return error_object(s);
    const std::uint64_t scores = std::uint64_t{scaled.rows()} * model_.scores_per_row();
    if (Status s = check_model_memory(scores, "the scores", 1); !s.ok()) return error_object(s);
    std::vector<double> out(scores);
    if (Status s = model_.decision_function(scaled.x, out.data()); !s.ok()) {
      return error_object(s);
    }
    return copy_out(out);
  }
  val predict(const DatasetHandle& x) const {
    Dataset scaled;
    if (Status s = scaling_.for_prediction(x.data(), scaled); !s.ok()) return error_object(s);
    std::vector<std::uint32_t> out(scaled.rows());
    if (Status s = model_.predict(scaled.x, out.data()); !s.ok()) return error_object(s);
    return copy_out(out);
  }
  val score(const DatasetHandle& data) const {
    Dataset labelled;
    if (Status s = labels_for(data, labelled); !s.ok()) return error_object(s);
    double accuracy = 0;
    if (Status s = model_.accuracy(labelled.x, labelled.class_index, accuracy); !s.ok()) {
      return error_object(s);
    }
    return val(accuracy);
  }

  // The dataset's labels read against the model's classes ("y" in messages), X scaled.
  Status labels_for(const DatasetHandle& data, Dataset& out) const {
    if (Status s = model_.check_fitted(); !s.ok()) return s;
    Dataset labelled;
    if (Status s = relabel(data.data(), model_.classes(), "y", labelled); !s.ok()) return s;
    return scaling_.for_prediction(labelled, out);
  }

  // toJSON's text: the saved format of `format`'s kind, with the options the wrapper has in
  // effect (as JSON text) and its named features' vocabulary.
  std::string to_json(const std::string& format, const std::string& options,
                      const val& vocabulary) const {
    return saved_text_of(*saved_kind_of(format), model_, options, scaling_, to_strings(vocabulary));
  }
  // fromJSON's restore of a document (JSON text, from a model object when `from_object`) into
  // this model, built from its saved options: the scaler, the model and the vocabulary it
  // returns (undefined: none), all or nothing; errors name the saved field.
  val restore_json(const std::string& format, const std::string& text, bool from_object) {
    json::Value document;
    SavedKind kind;
    if (Status s = envelope_of(format, text, from_object, document, kind); !s.ok()) {
      return error_object(s);
    }
    M model = model_;
    InputScaling scaling = scaling_;
    std::optional<std::vector<std::string>> vocabulary;
    if (Status s = restore_saved(document, kind, model, scaling, vocabulary); !s.ok()) {
      return error_object(s);
    }
    trainer_.end();
    model_ = std::move(model);
    scaling_ = std::move(scaling);
    return vocabulary ? strings_out(*vocabulary) : val::undefined();
  }
  val preprocess() const { return scaling_object(scaling_); }

  double scores_per_row() const { return static_cast<double>(model_.scores_per_row()); }
  bool fitted() const { return model_.fitted(); }
  double n_features() const { return static_cast<double>(model_.n_features()); }
  double steps() const { return static_cast<double>(model_.steps()); }
  val classes() const { return classes_to_js(model_.classes()); }

  // The trainer's calls (trainer.hpp); a step's record adds the kind's step_record.
  double trainer_id() const { return trainer_.id(); }
  // A run of more than one step is guarded like fit (a single step is not: the copy would cost
  // as much as the step; the next guarded call reports a model it left overflowed).
  val trainer_run(int mode, double steps) {
    if (mode == 0 && steps <= 1) return with_record(trainer_.run(mode, steps), mode);
    val state = val::undefined();
    Status s = guarded([&] {
      state = trainer_.run(mode, steps);
      return Status::success();
    });
    if (!s.ok()) return error_object(s);
    return with_record(state, mode);
  }
  val with_record(val state, int mode) const {
    if (mode == 0 && !state["error"].isString()) {
      const val record = hooks_.step_record(model_);
      if (!record.isUndefined()) state.set("record", record);
    }
    return state;
  }
  val trainer_report() const { return trainer_.report(); }
  val trainer_state() const { return trainer_.state(); }

  // Runs train() (a call that changes the model), then looks at every number the model would
  // save: one that is not finite puts the model back as it was before the call (the running
  // trainer ended) and is a RangeError naming it. The copy is the model's own, in wasm memory.
  template <class Train>
  Status guarded(Train&& train) {
    M before = model_;
    if (Status s = train(); !s.ok()) {
      // A call that failed part way, after steps (the voted perceptron's budget in partialFit or
      // learnOne), is undone too; one refused before any step changed nothing.
      if (model_.steps() != before.steps()) {
        trainer_.end();
        model_ = std::move(before);
      }
      return s;
    }
    std::optional<std::string> where = non_finite_in(model_.save());
    if (!where) return Status::success();
    if (non_finite_in(before.save())) {
      return overflowed(*where +
                        " (the model had overflowed before this call, in a trainer's "
                        "step(), which does not check; it is left as it is)");
    }
    trainer_.end();
    model_ = std::move(before);
    return overflowed(*where + " (the model is as it was before the call)");
  }

  // For the kind's own calls (getters, learnOne).
  const M& model() const { return model_; }
  const InputScaling& scaling() const { return scaling_; }
  // The model for a change of the kind's own (learnOne): ends the trainer first.
  M& model_to_change() {
    trainer_.end();
    return model_;
  }

 private:
  M model_;
  InputScaling scaling_;
  Hooks<M> hooks_;
  TrainerSlot trainer_;  // last: destroyed first
};

template <Model M>
emscripten::class_<ModelBinding<M>> register_model(const char* name) {
  using B = ModelBinding<M>;
  return emscripten::class_<B>(name)
      .template constructor<>()
      .function("configure", &B::configure)
      .function("options", &B::options)
      .function("fit", &B::fit)
      .function("startTraining", &B::start_training)
      .function("partialFit", &B::partial_fit)
      .function("decisionFunction", &B::decision_function)
      .function("predict", &B::predict)
      .function("score", &B::score)
      .function("toJSON", &B::to_json)
      .function("restoreJSON", &B::restore_json)
      .function("preprocess", &B::preprocess)
      .function("scoresPerRow", &B::scores_per_row)
      .function("fitted", &B::fitted)
      .function("nFeatures", &B::n_features)
      .function("steps", &B::steps)
      .function("classes", &B::classes)
      .function("trainerId", &B::trainer_id)
      .function("trainerRun", &B::trainer_run)
      .function("trainerReport", &B::trainer_report)
      .function("trainerState", &B::trainer_state);
}

}  // namespace perceptron::wasm
