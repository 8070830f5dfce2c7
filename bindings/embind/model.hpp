// What the model kinds' bindings share: predict, decisionFunction and score over a dataset
// handle, fit and partialFit for the kinds trained without callbacks, the checks of a restore,
// and CoreModel, the binding of the kernel perceptron, Winnow and Passive-Aggressive.
#pragma once

#include <type_traits>

#include "dataset.hpp"
#include "perceptron/data/preprocess.hpp"
#include "trainer.hpp"

namespace perceptron::wasm {

// M is a core model with check_fitted, classes, predict, decision_function and accuracy.
// Every input is scaled by the model's preprocess scaler (InputScaling) before the model reads it.
template <typename M>
val predict_js(const M& model, const InputScaling& scaling, const DatasetHandle& x) {
  Dataset scaled;
  if (Status s = scaling.for_prediction(x.data(), scaled); !s.ok()) return error_object(s);
  std::vector<std::uint32_t> out(scaled.rows());
  if (Status s = model.predict(scaled.x, out.data()); !s.ok()) return error_object(s);
  return copy_out(out);
}

// `per_row` scores per example (1, or K for the multi-class models).
template <typename M>
val decision_js(const M& model, const InputScaling& scaling, const DatasetHandle& x,
                std::size_t per_row) {
  Dataset scaled;
  if (Status s = scaling.for_prediction(x.data(), scaled); !s.ok()) return error_object(s);
  std::vector<double> out(scaled.rows() * per_row);
  if (Status s = model.decision_function(scaled.x, out.data()); !s.ok()) return error_object(s);
  return copy_out(out);
}

// The dataset's labels read against the model's classes ("y" in messages), X scaled.
template <typename M>
Status labels_for(const M& model, const InputScaling& scaling, const DatasetHandle& data,
                  Dataset& out) {
  if (Status s = model.check_fitted(); !s.ok()) return s;
  Dataset labelled;
  if (Status s = relabel(data.data(), model.classes(), "y", labelled); !s.ok()) return s;
  return scaling.for_prediction(labelled, out);
}

template <typename M>
val score_js(const M& model, const InputScaling& scaling, const DatasetHandle& data) {
  Dataset labelled;
  if (Status s = labels_for(model, scaling, data, labelled); !s.ok()) return error_object(s);
  double accuracy = 0;
  if (Status s = model.accuracy(labelled.x, labelled.class_index, accuracy); !s.ok()) {
    return error_object(s);
  }
  return val(accuracy);
}

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
};
Status training_of(const InputScaling& scaling, const Dataset& data, bool refit,
                   const val& weighting, const val& validation, FitData& out);

// fit and partialFit for the kinds without observers: M has fit(data, report, row_weight,
// validation) and partial_fit(batch, report, row_weight). `call` is the wrapper's one object for
// the call: {validation, sampleWeight, balanced, classWeightNames, classWeightNumbers,
// classWeightValues} for fit, {classes, classesNumeric, ...the weights} for partialFit.
template <typename M>
val fit_js(M& model, InputScaling& scaling, const DatasetHandle& data, const val& call) {
  FitData t;
  if (Status s = training_of(scaling, data.data(), true, call, call["validation"], t); !s.ok()) {
    return error_object(s);
  }
  FitReport report;
  const Status s =
      model.fit(t.data, report, &t.row_weight, t.has_validation ? &t.validation : nullptr);
  if (!s.ok()) return error_object(s);
  scaling.commit(std::move(t.used));
  return report_object(report);
}

// model.trainer(): fit's input read as fit_js reads it, and a trainer started on it by
// start(trainer, input) (the model's start_training) in `slot`; the scaler fitted for it is
// committed once it started. Its id, or the error (the model, its scaler and the slot's
// running trainer unchanged).
template <typename Start>
val start_trainer(TrainerSlot& slot, InputScaling& scaling, const DatasetHandle& data,
                  const val& call, Start&& start) {
  FitData t;
  if (Status s = training_of(scaling, data.data(), true, call, call["validation"], t); !s.ok()) {
    return error_object(s);
  }
  val id = slot.begin([&](Trainer& trainer) { return start(trainer, t); });
  if (id.isNumber()) scaling.commit(std::move(t.used));
  return id;
}

template <typename M>
val partial_fit_js(M& model, InputScaling& scaling, const DatasetHandle& batch, const val& call) {
  Dataset data;
  if (Status s = partial_batch_of(batch, model.classes(), call["classes"],
                                  call["classesNumeric"].as<bool>(), data);
      !s.ok()) {
    return error_object(s);
  }
  FitData t;
  if (Status s = training_of(scaling, data, false, call, val::undefined(), t); !s.ok()) {
    return error_object(s);
  }
  FitReport report;
  const Status s = model.partial_fit(t.data, report, &t.row_weight);
  if (!s.ok()) return error_object(s);
  scaling.commit(std::move(t.used));
  return report_object(report);
}

// The preprocess option as toJSON saves it: undefined without one, else {kind, shift, scale}
// (null before the scaler is fitted).
val scaling_object(const InputScaling& scaling);
val restore_scaling(InputScaling& scaling, const val& shift, const val& scale);

// The common checks of a restore from the wrapper's saved object {options, classes,
// classesNumeric, steps, ...the kind's fields}: options into a fresh model's params, classes
// decoded and distinct, steps an integer.
template <typename Core, typename Params>
Status restore_prelude(const val& saved, Params& params, Classes& decoded) {
  Core fresh;
  if (Status s = fresh.configure_status(saved["options"]); !s.ok()) return s;
  params = fresh.model().params();
  if (Status s = decode_classes(saved["classes"], saved["classesNumeric"].as<bool>(), decoded);
      !s.ok()) {
    return s;
  }
  return check_steps(saved["steps"].as<double>());
}

// Options into a model's params and its preprocess option, checked by the core; the model
// unchanged on error.
template <typename M>
Status configure_model(M& model, const val& options, InputScaling* scaling = nullptr) {
  ModelOptions parsed;
  if (Status s = model_options(options, parsed); !s.ok()) return s;
  auto params = model.params();
  if (Status s = apply_options(parsed.values, params); !s.ok()) return s;
  if (Status s = model.set_params(params); !s.ok()) return s;
  if (scaling) scaling->kind = parsed.preprocess;
  return Status::success();
}

// The binding of the kinds without observers (kernel, Winnow, Passive-Aggressive): the calls
// they all have. What differs (options, restore, getters) is in free functions taking the
// binding as `self`, registered beside these (register_model).
template <typename M>
class CoreModel {
 public:
  val configure(const val& options) {
    trainer_.end();
    return outcome(configure_model(model_, options, &scaling_));
  }
  Status configure_status(const val& options) { return configure_model(model_, options); }
  val fit(const DatasetHandle& data, const val& call) {
    trainer_.end();
    return fit_js(model_, scaling_, data, call);
  }
  val partial_fit(const DatasetHandle& batch, const val& call) {
    trainer_.end();
    return partial_fit_js(model_, scaling_, batch, call);
  }
  val start_training(const DatasetHandle& data, const val& call) {
    return start_trainer(trainer_, scaling_, data, call, [&](Trainer& trainer, FitData& t) {
      return model_.start_training(trainer, t.data, &t.row_weight,
                                   t.has_validation ? &t.validation : nullptr);
    });
  }
  TrainerSlot& trainer() { return trainer_; }
  val decision_function(const DatasetHandle& x) const {
    return decision_js(model_, scaling_, x, static_cast<std::size_t>(scores_per_row()));
  }
  val predict(const DatasetHandle& x) const { return predict_js(model_, scaling_, x); }
  val score(const DatasetHandle& data) const { return score_js(model_, scaling_, data); }
  val preprocess() const { return scaling_object(scaling_); }
  val restore_scaler(const val& shift, const val& scale) {
    trainer_.end();
    return restore_scaling(scaling_, shift, scale);
  }
  double scores_per_row() const {
    if constexpr (requires { model_.scores_per_row(); }) {
      return static_cast<double>(model_.scores_per_row());
    } else {
      return 1;
    }
  }
  bool fitted() const { return model_.fitted(); }
  double n_features() const { return static_cast<double>(model_.n_features()); }
  double steps() const { return static_cast<double>(model_.steps()); }
  val classes() const { return classes_to_js(model_.classes()); }
  const M& model() const { return model_; }
  // The model for a change (a restore): ends the trainer first.
  M& model_to_change() {
    trainer_.end();
    return model_;
  }

 private:
  M model_;
  InputScaling scaling_;
  TrainerSlot trainer_;  // after model_: destroyed before it
};

// The trainer's calls, the same for every model binding B (with trainer() and, when its
// trainer's steps have a richer record than the progress, step_record()).
template <typename B>
double trainer_id(B& self) {
  return self.trainer().id();
}
template <typename B>
val trainer_run(B& self, int mode, double steps) {
  val state = self.trainer().run(mode, steps);
  if constexpr (requires { self.step_record(); }) {
    if (mode == 0 && !state["error"].isString()) {
      state.set("record", self.step_record());
    }
  }
  return state;
}
template <typename B>
val trainer_report(B& self) {
  return self.trainer().report();
}
template <typename B>
val trainer_state(B& self) {
  return self.trainer().state();
}

template <typename B>
const emscripten::class_<B>& register_trainer(const emscripten::class_<B>& binding) {
  return binding.function("trainerId", &trainer_id<B>)
      .function("trainerRun", &trainer_run<B>)
      .function("trainerReport", &trainer_report<B>)
      .function("trainerState", &trainer_state<B>);
}

template <typename M>
emscripten::class_<CoreModel<M>> register_model(const char* name) {
  using Core = CoreModel<M>;
  emscripten::class_<Core> binding(name);
  register_trainer(binding);
  return binding.template constructor<>()
      .function("configure", &Core::configure)
      .function("fit", &Core::fit)
      .function("startTraining", &Core::start_training)
      .function("partialFit", &Core::partial_fit)
      .function("decisionFunction", &Core::decision_function)
      .function("predict", &Core::predict)
      .function("score", &Core::score)
      .function("scoresPerRow", &Core::scores_per_row)
      .function("fitted", &Core::fitted)
      .function("nFeatures", &Core::n_features)
      .function("steps", &Core::steps)
      .function("classes", &Core::classes)
      .function("preprocess", &Core::preprocess)
      .function("restoreScaler", &Core::restore_scaler);
}

}  // namespace perceptron::wasm
