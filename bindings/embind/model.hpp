// What the model kinds' bindings share: predict, decisionFunction and score over a dataset
// handle, fit and partialFit for the kinds trained without callbacks, the checks of a restore,
// and CoreModel, the binding of the kernel perceptron, Winnow and Passive-Aggressive.
#pragma once

#include <type_traits>

#include "dataset.hpp"

namespace perceptron::wasm {

// M is a core model with check_fitted, classes, predict, decision_function and accuracy.
template <typename M>
val predict_js(const M& model, const DatasetHandle& x) {
  std::vector<std::uint32_t> out(x.data().rows());
  if (Status s = model.predict(x.data().x, out.data()); !s.ok()) return error_object(s);
  return copy_out(out);
}

// `per_row` scores per example (1, or K for the multi-class models).
template <typename M>
val decision_js(const M& model, const DatasetHandle& x, std::size_t per_row) {
  std::vector<double> out(x.data().rows() * per_row);
  if (Status s = model.decision_function(x.data().x, out.data()); !s.ok()) {
    return error_object(s);
  }
  return copy_out(out);
}

// The dataset's labels read against the model's classes ("y" in messages).
template <typename M>
Status labels_for(const M& model, const DatasetHandle& data, Dataset& out) {
  if (Status s = model.check_fitted(); !s.ok()) return s;
  return relabel(data.data(), model.classes(), "y", out);
}

template <typename M>
val score_js(const M& model, const DatasetHandle& data) {
  Dataset labelled;
  if (Status s = labels_for(model, data, labelled); !s.ok()) return error_object(s);
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

// fit and partialFit for the kinds without observers: M has fit(data, report, row_weight,
// validation) and partial_fit(batch, report, row_weight).
template <typename M>
val fit_js(M& model, const DatasetHandle& data, const val& weighting, const val& validation) {
  Dataset validation_set;
  const bool has_validation = !validation.isUndefined();
  if (has_validation) {
    if (Status s = validation_of(validation, data.data().classes, validation_set); !s.ok()) {
      return error_object(s);
    }
  }
  std::vector<double> rows_weight;
  if (Status s = weights_of_rows(data.data(), weighting, rows_weight); !s.ok()) {
    return error_object(s);
  }
  FitReport report;
  const Status s =
      model.fit(data.data(), report, &rows_weight, has_validation ? &validation_set : nullptr);
  return s.ok() ? report_object(report) : error_object(s);
}

template <typename M>
val partial_fit_js(M& model, const DatasetHandle& batch, const val& classes, bool classes_numeric,
                   const val& weighting) {
  Dataset data;
  if (Status s = partial_batch_of(batch, model.classes(), classes, classes_numeric, data);
      !s.ok()) {
    return error_object(s);
  }
  std::vector<double> rows_weight;
  if (Status s = weights_of_rows(data, weighting, rows_weight); !s.ok()) return error_object(s);
  FitReport report;
  const Status s = model.partial_fit(data, report, &rows_weight);
  return s.ok() ? report_object(report) : error_object(s);
}

// The common checks of a restore: options into a fresh model's params, classes decoded and
// distinct, steps an integer.
template <typename Core, typename Params>
Status restore_prelude(const val& options, const val& classes, bool classes_numeric, double steps,
                       Params& params, Classes& decoded) {
  Core fresh;
  if (Status s = fresh.configure_status(options); !s.ok()) return s;
  params = fresh.model().params();
  if (Status s = decode_classes(classes, classes_numeric, decoded); !s.ok()) return s;
  return check_steps(steps);
}

// Options into a model's params, checked by the core; the model unchanged on error.
template <typename M>
Status configure_model(M& model, const val& options) {
  auto params = model.params();
  if (Status s = apply_options(option_list(options), params); !s.ok()) return s;
  return model.set_params(params);
}

// The binding of the kinds without observers (kernel, Winnow, Passive-Aggressive): the calls
// they all have. What differs (options, restore, getters) is in free functions taking the
// binding as `self`, registered beside these (register_model).
template <typename M>
class CoreModel {
 public:
  val configure(const val& options) { return outcome(configure_status(options)); }
  Status configure_status(const val& options) { return configure_model(model_, options); }
  val fit(const DatasetHandle& data, const val& weighting, const val& validation) {
    return fit_js(model_, data, weighting, validation);
  }
  val partial_fit(const DatasetHandle& batch, const val& classes, bool classes_numeric,
                  const val& weighting) {
    return partial_fit_js(model_, batch, classes, classes_numeric, weighting);
  }
  val decision_function(const DatasetHandle& x) const {
    return decision_js(model_, x, static_cast<std::size_t>(scores_per_row()));
  }
  val predict(const DatasetHandle& x) const { return predict_js(model_, x); }
  val score(const DatasetHandle& data) const { return score_js(model_, data); }
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
  M& model() { return model_; }

 private:
  M model_;
};

template <typename M>
emscripten::class_<CoreModel<M>> register_model(const char* name) {
  using Core = CoreModel<M>;
  return emscripten::class_<Core>(name)
      .template constructor<>()
      .function("configure", &Core::configure)
      .function("fit", &Core::fit)
      .function("partialFit", &Core::partial_fit)
      .function("decisionFunction", &Core::decision_function)
      .function("predict", &Core::predict)
      .function("score", &Core::score)
      .function("scoresPerRow", &Core::scores_per_row)
      .function("fitted", &Core::fitted)
      .function("nFeatures", &Core::n_features)
      .function("steps", &Core::steps)
      .function("classes", &Core::classes);
}

}  // namespace perceptron::wasm
