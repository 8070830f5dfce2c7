// The Embind module: the only file that includes an Emscripten header.
//
// Thin on purpose: it converts typed arrays and option objects into core types and core
// Status values into plain {error, message} objects. It never throws and never lets the
// core abort; bindings/index.js turns those objects into JS errors and gives the
// idiomatic API. Data leaves wasm memory as copies (typed_memory_view(...).slice()),
// because memory growth detaches older views.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "perceptron/analysis.hpp"
#include "perceptron/dataset.hpp"
#include "perceptron/kernel.hpp"
#include "perceptron/metrics.hpp"
#include "perceptron/multiclass.hpp"
#include "perceptron/params.hpp"
#include "perceptron/passive_aggressive.hpp"
#include "perceptron/perceptron.hpp"
#include "perceptron/preprocess.hpp"
#include "perceptron/random.hpp"
#include "perceptron/update.hpp"
#include "perceptron/winnow.hpp"

using emscripten::val;

namespace perceptron {
namespace {

const char* error_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::type:
      return "TypeError";
    case ErrorKind::range:
      return "RangeError";
    case ErrorKind::not_fitted:
      return "NotFittedError";
    case ErrorKind::none:
      break;
  }
  return "Error";
}

val error_object(const Status& status) {
  val error = val::object();
  error.set("error", std::string(error_name(status.kind)));
  error.set("message", status.message);
  return error;
}

std::vector<double> to_doubles(const val& array) {
  const auto length = array["length"].as<std::size_t>();
  std::vector<double> values(length);
  if (length > 0)
    val(emscripten::typed_memory_view(length, values.data())).call<void>("set", array);
  return values;
}

template <typename T>
val copy_out(const T* data, std::size_t length) {
  return val(emscripten::typed_memory_view(length, data)).template call<val>("slice");
}

std::vector<std::string> to_strings(const val& array) {
  return emscripten::vecFromJSArray<std::string>(array);
}

// Labels arrive as a Float64Array (numbers) or an Array of strings; `numeric` says which.
Status encode(const val& labels, bool numeric, const std::string& argument, Classes& classes,
              std::vector<std::uint32_t>& index) {
  return numeric ? encode_labels(to_doubles(labels), argument, classes, index)
                 : encode_labels(to_strings(labels), argument, classes, index);
}

Status index_of(const val& labels, bool numeric, const Classes& classes,
                const std::string& argument, std::vector<std::uint32_t>& index) {
  return numeric ? index_labels(to_doubles(labels), classes, argument, index)
                 : index_labels(to_strings(labels), classes, argument, index);
}

val classes_to_js(const Classes& classes) {
  val out = val::array();
  for (std::size_t c = 0; c < classes.size(); ++c) {
    if (classes.numeric) {
      out.call<void>("push", classes.numbers[c]);
    } else {
      out.call<void>("push", classes.names[c]);
    }
  }
  return out;
}

OptionValue option_value(const val& value) {
  const std::string type = value.typeOf().as<std::string>();
  if (type == "number") return value.as<double>();
  if (type == "boolean") return value.as<bool>();
  if (type == "string") return value.as<std::string>();
  if (value.isNull()) return OtherValue{"null"};
  if (type == "object" && val::global("Array").call<bool>("isArray", value)) {
    return OtherValue{"an array"};
  }
  if (type == "object") return OtherValue{"an object"};
  return OtherValue{"a " + type};
}

// Calls the wrapper's step/epoch functions; they return 0 (go on), 1 (stop) or 2 (abort,
// when a user callback threw: the wrapper rethrows after the core restored the model).
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

// A JS options object as (name, value) pairs; {seed: undefined} means "the default".
std::vector<std::pair<std::string, OptionValue>> option_list(const val& options) {
  std::vector<std::pair<std::string, OptionValue>> list;
  const val keys = val::global("Object").call<val>("keys", options);
  const auto count = keys["length"].as<std::size_t>();
  for (std::size_t k = 0; k < count; ++k) {
    const std::string name = keys[k].as<std::string>();
    const val value = options[name];
    if (!value.isUndefined()) list.emplace_back(name, option_value(value));
  }
  return list;
}

// Every option of a Params, as the JS contract names them.
val options_object(const Params& p) {
  val out = val::object();
  out.set("variant", std::string(name_of(p.variant)));
  out.set("mistakeRule", std::string(name_of(p.mistake_rule)));
  out.set("order", std::string(name_of(p.order)));
  out.set("learningRate", p.learning_rate);
  out.set("margin", p.margin);
  out.set("fitIntercept", p.fit_intercept);
  out.set("maxEpochs", static_cast<double>(p.max_epochs));
  if (p.max_steps != 0) out.set("maxSteps", static_cast<double>(p.max_steps));
  out.set("seed", static_cast<double>(p.seed));
  out.set("warmStart", p.warm_start);
  out.set("earlyStopping", p.early_stopping);
  out.set("validationFraction", p.validation_fraction);
  out.set("patience", static_cast<double>(p.patience));
  return out;
}

val report_object(const FitReport& report) {
  val out = val::object();
  out.set("epochs", static_cast<double>(report.epochs));
  out.set("steps", static_cast<double>(report.steps));
  out.set("mistakes", static_cast<double>(report.mistakes));
  out.set("converged", report.converged);
  out.set("stopped", report.stopped);
  out.set("aborted", report.aborted);
  // History as three parallel typed arrays: one copy each instead of an object per epoch.
  std::vector<double> epochs, steps, mistakes, train_error, validation_error;
  for (const auto& e : report.history) {
    epochs.push_back(static_cast<double>(e.epoch));
    steps.push_back(static_cast<double>(e.steps));
    mistakes.push_back(static_cast<double>(e.mistakes));
    train_error.push_back(e.train_error);
    validation_error.push_back(e.validation_error);
  }
  out.set("historyEpoch", copy_out(epochs.data(), epochs.size()));
  out.set("historySteps", copy_out(steps.data(), steps.size()));
  out.set("historyMistakes", copy_out(mistakes.data(), mistakes.size()));
  out.set("historyTrainError", copy_out(train_error.data(), train_error.size()));
  out.set("historyValidationError", copy_out(validation_error.data(), validation_error.size()));
  out.set("bestEpoch", static_cast<double>(report.best_epoch));
  out.set("stoppedEarly", report.stopped_early);
  out.set("historyTruncated", report.history_truncated);
  return out;
}

// A dataset from the wrapper's typed arrays; labels numeric or strings.
Status dataset_of(const val& x, double rows, double cols, const val& y, bool numeric,
                  Dataset& data) {
  const auto n = static_cast<std::size_t>(rows);
  const auto d = static_cast<std::size_t>(cols);
  return numeric ? make_dataset(to_doubles(x), n, d, to_doubles(y), data)
                 : make_dataset(to_doubles(x), n, d, to_strings(y), data);
}

// A dataset whose labels are indexed against known classes (a validation set, a partialFit
// batch): {data, rows, cols, labels, numeric} from the wrapper; `name` prefixes messages.
Status batch_of(const val& batch, const Classes& classes, const std::string& name, Dataset& out) {
  Dataset built;
  built.x = to_doubles(batch["data"]);
  built.rows = batch["rows"].as<std::size_t>();
  built.cols = batch["cols"].as<std::size_t>();
  if (Status s = check_matrix(built.x, built.rows, built.cols, name + "X"); !s.ok()) return s;
  if (Status s = index_of(batch["labels"], batch["numeric"].as<bool>(), classes, name + "y",
                          built.class_index);
      !s.ok()) {
    return s;
  }
  if (built.class_index.size() != built.rows) {
    return Status::range_error(name + "y must have one label per row of " + name + "X (" +
                               std::to_string(built.rows) + "); received " +
                               std::to_string(built.class_index.size()) + " labels");
  }
  built.classes = classes;
  out = std::move(built);
  return Status::success();
}

// partialFit's batch: classes from the model once it has learned, else from `classes`.
Status partial_batch_of(const val& batch, const Classes& known, const val& classes,
                        bool classes_numeric, Dataset& out) {
  Classes use = known;
  if (!classes.isUndefined()) {
    Classes given;
    std::vector<std::uint32_t> unused;
    if (Status s = encode(classes, classes_numeric, "classes", given, unused); !s.ok()) return s;
    if (given.size() != classes["length"].as<std::size_t>()) {
      return Status::range_error("classes must hold distinct labels");
    }
    if (known.size() != 0 && !(given == known)) {
      return Status::range_error("classes are fixed by the first partialFit call");
    }
    use = given;
  } else if (known.size() == 0) {
    return Status::type_error(
        "the first partialFit call needs the classes: partialFit(X, y, {classes: [...]})");
  }
  return batch_of(batch, use, "", out);
}

// classWeight given as parallel keys/values (the JS wrapper's object), matched to classes.
val class_weights(const Classes& classes, const val& weighting, std::vector<double>& out) {
  const bool numeric = weighting["classWeightNumeric"].as<bool>();
  std::vector<std::uint32_t> key_index;
  if (Status s =
          index_of(weighting["classWeightKeys"], numeric, classes, "classWeight key", key_index);
      !s.ok()) {
    return error_object(s);
  }
  const std::vector<double> values = to_doubles(weighting["classWeightValues"]);
  out.assign(classes.size(), 1.0);
  for (std::size_t k = 0; k < key_index.size(); ++k) out[key_index[k]] = values[k];
  return val::undefined();
}

// fit's per-row weights from sampleWeight and classWeight; empty when neither is given.
val weights_of_rows(const Dataset& data, const val& weighting, std::vector<double>& out) {
  std::vector<double> sample_weight, class_weight;
  if (!weighting["sampleWeight"].isUndefined()) {
    sample_weight = to_doubles(weighting["sampleWeight"]);
  }
  if (!weighting["classWeightValues"].isUndefined()) {
    if (weighting["balanced"].as<bool>()) {
      class_weight = balanced_class_weight(data);
    } else if (val e = class_weights(data.classes, weighting, class_weight); !e.isUndefined()) {
      return e;
    }
  }
  if (sample_weight.empty() && class_weight.empty()) return val::undefined();
  if (Status s = row_weights(data, sample_weight, class_weight, out); !s.ok()) {
    return error_object(s);
  }
  return val::undefined();
}

Status check_steps(double steps) {
  if (steps >= 0 && steps <= static_cast<double>(max_safe_integer) &&
      static_cast<double>(static_cast<std::uint64_t>(steps)) == steps) {
    return Status::success();
  }
  return Status::range_error("steps must be an integer from 0 to " +
                             std::to_string(max_safe_integer) + "; received " +
                             format_number(steps));
}

VariantState state_of(const val& state) {
  VariantState out;
  const val names = val::global("Object").call<val>("keys", state);
  for (std::size_t k = 0; k < names["length"].as<std::size_t>(); ++k) {
    const std::string name = names[k].as<std::string>();
    out.emplace_back(name, to_doubles(state[name]));
  }
  return out;
}

val state_object(const VariantState& state) {
  val out = val::object();
  for (const auto& [name, values] : state) out.set(name, copy_out(values.data(), values.size()));
  return out;
}

// What every model kind's predict, decision_function and score look like from JS; M is a
// core model with check_fitted, classes, predict, decision_function and accuracy.
template <typename M>
val predict_js(const M& model, const val& x, double rows, double cols) {
  const std::vector<double> data = to_doubles(x);
  std::vector<std::uint32_t> out(static_cast<std::size_t>(rows));
  if (Status s = model.predict(data.data(), data.size(), out.size(), static_cast<std::size_t>(cols),
                               out.data());
      !s.ok()) {
    return error_object(s);
  }
  return copy_out(out.data(), out.size());
}

// `per_row` scores per example (1, or K for the multi-class model).
template <typename M>
val decision_js(const M& model, const val& x, double rows, double cols, std::size_t per_row) {
  const std::vector<double> data = to_doubles(x);
  std::vector<double> out(static_cast<std::size_t>(rows) * per_row);
  if (Status s = model.decision_function(data.data(), data.size(), static_cast<std::size_t>(rows),
                                         static_cast<std::size_t>(cols), out.data());
      !s.ok()) {
    return error_object(s);
  }
  return copy_out(out.data(), out.size());
}

template <typename M>
val score_js(const M& model, const val& x, double rows, double cols, const val& y, bool numeric) {
  if (Status s = model.check_fitted(); !s.ok()) return error_object(s);
  std::vector<std::uint32_t> index;
  if (Status s = index_of(y, numeric, model.classes(), "y", index); !s.ok()) {
    return error_object(s);
  }
  const std::vector<double> data = to_doubles(x);
  double accuracy = 0;
  if (Status s = model.accuracy(data.data(), data.size(), static_cast<std::size_t>(rows),
                                static_cast<std::size_t>(cols), index, accuracy);
      !s.ok()) {
    return error_object(s);
  }
  return val(accuracy);
}

// fit and partialFit for the model kinds without observers (kernel, Winnow, PA): M has
// fit(data, report, row_weight, validation) and partial_fit(batch, report, row_weight).
template <typename M>
val fit_js(M& model, const val& x, double rows, double cols, const val& y, bool numeric,
           const val& weighting, const val& validation) {
  Dataset data;
  if (Status s = dataset_of(x, rows, cols, y, numeric, data); !s.ok()) return error_object(s);
  Dataset validation_set;
  const bool has_validation = !validation.isUndefined();
  if (has_validation) {
    if (Status s = batch_of(validation, data.classes, "validation.", validation_set); !s.ok()) {
      return error_object(s);
    }
  }
  std::vector<double> rows_weight;
  if (val e = weights_of_rows(data, weighting, rows_weight); !e.isUndefined()) return e;
  FitReport report;
  const Status s =
      model.fit(data, report, &rows_weight, has_validation ? &validation_set : nullptr);
  return s.ok() ? report_object(report) : error_object(s);
}

template <typename M>
val partial_fit_js(M& model, const val& batch, const val& classes, bool classes_numeric,
                   const val& weighting) {
  Dataset data;
  if (Status s = partial_batch_of(batch, model.classes(), classes, classes_numeric, data);
      !s.ok()) {
    return error_object(s);
  }
  std::vector<double> rows_weight;
  if (val e = weights_of_rows(data, weighting, rows_weight); !e.isUndefined()) return e;
  FitReport report;
  const Status s = model.partial_fit(data, report, &rows_weight);
  return s.ok() ? report_object(report) : error_object(s);
}

// The common checks of a restore: options into a fresh model's params, classes decoded and
// distinct, steps an integer.
template <typename Core, typename Params>
val restore_prelude(const val& options, const val& classes, bool classes_numeric, double steps,
                    Params& params, Classes& decoded) {
  Core fresh;
  if (val e = fresh.configure(options); !e.isUndefined()) return e;
  params = fresh.model().params();
  std::vector<std::uint32_t> unused;
  if (Status s = encode(classes, classes_numeric, "classes", decoded, unused); !s.ok()) {
    return error_object(s);
  }
  if (decoded.size() != classes["length"].as<std::size_t>()) {
    return error_object(Status::range_error("classes must hold distinct labels"));
  }
  if (Status s = check_steps(steps); !s.ok()) return error_object(s);
  return val::undefined();
}

class CorePerceptron {
 public:
  val configure(const val& options) {
    const auto list = option_list(options);
    Params params = model_.params();
    if (Status s = apply_options(list, params); !s.ok()) return error_object(s);
    if (Status s = model_.set_params(params); !s.ok()) return error_object(s);
    return val::undefined();
  }

  val options() const { return options_object(model_.params()); }

  val fit(const val& x, double rows, double cols, const val& y, bool numeric, val on_step,
          val on_epoch, const val& initial_weights, double initial_bias, const val& weighting,
          const val& validation) {
    Dataset data;
    if (Status s = dataset_of(x, rows, cols, y, numeric, data); !s.ok()) return error_object(s);
    Dataset validation_set;
    const bool has_validation = !validation.isUndefined();
    if (has_validation) {
      if (Status s = batch_of(validation, data.classes, "validation.", validation_set); !s.ok()) {
        return error_object(s);
      }
    }
    std::vector<double> rows_weight;
    if (val e = weights_of_rows(data, weighting, rows_weight); !e.isUndefined()) return e;
    InitialWeights initial;
    const bool has_initial = !initial_weights.isUndefined();
    if (has_initial) initial = {to_doubles(initial_weights), initial_bias};
    JsObserver observer(std::move(on_step), std::move(on_epoch));
    FitReport report;
    const Status s = model_.fit(data, report, observer.active() ? &observer : nullptr,
                                has_initial ? &initial : nullptr, &rows_weight,
                                has_validation ? &validation_set : nullptr);
    if (!s.ok()) return error_object(s);
    return report_object(report);
  }

  val partial_fit(const val& batch, const val& classes, bool classes_numeric,
                  const val& weighting) {
    return partial_fit_js(model_, batch, classes, classes_numeric, weighting);
  }

  val learn_one(const val& x, const val& label, bool numeric, const val& classes,
                bool classes_numeric, const val& weighting) {
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
      std::vector<double> per_class;
      if (val e = class_weights(known, weighting, per_class); !e.isUndefined()) return e;
      weight = per_class[index[0]];
    }
    const std::vector<double> features = to_doubles(x);
    StepRecord step;
    if (Status s = model_.learn_one(features.data(), features.size(), index[0], step,
                                    has_classes ? &given : nullptr, weight);
        !s.ok()) {
      return error_object(s);
    }
    return step_object(step);
  }

  val decision_function(const val& x, double rows, double cols) const {
    return decision_js(model_, x, rows, cols, 1);
  }

  val predict(const val& x, double rows, double cols) const {
    return predict_js(model_, x, rows, cols);
  }

  val score(const val& x, double rows, double cols, const val& y, bool numeric) const {
    return score_js(model_, x, rows, cols, y, numeric);
  }

  val would_update(const val& x, double rows, double cols, const val& y, bool numeric) const {
    if (Status s = model_.check_fitted(); !s.ok()) return error_object(s);
    std::vector<std::uint32_t> index;
    if (Status s = index_of(y, numeric, model_.classes(), "y", index); !s.ok()) {
      return error_object(s);
    }
    const std::vector<double> data = to_doubles(x);
    std::vector<std::uint8_t> out;
    if (Status s = model_.would_update(data.data(), data.size(), static_cast<std::size_t>(rows),
                                       static_cast<std::size_t>(cols), index, out);
        !s.ok()) {
      return error_object(s);
    }
    return copy_out(out.data(), out.size());
  }

  val restore(const val& options, const val& classes, bool classes_numeric, const val& weights,
              double bias, double steps, const val& state) {
    CorePerceptron fresh;
    if (val e = fresh.configure(options); !e.isUndefined()) return e;
    Classes decoded;
    std::vector<std::uint32_t> unused;
    if (Status s = encode(classes, classes_numeric, "classes", decoded, unused); !s.ok()) {
      return error_object(s);
    }
    if (decoded.size() != classes["length"].as<std::size_t>()) {
      return error_object(Status::range_error("classes must hold two distinct labels"));
    }
    if (Status s = check_steps(steps); !s.ok()) return error_object(s);
    const VariantState variant_state = state_of(state);
    if (Status s = model_.restore(fresh.model_.params(), decoded, to_doubles(weights), bias,
                                  static_cast<std::uint64_t>(steps), variant_state);
        !s.ok()) {
      return error_object(s);
    }
    return val::undefined();
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
    return copy_out(w.data(), w.size());
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
};

// Calls the wrapper's step/epoch functions for joint multi-class training (0 go on, 1 stop,
// 2 abort), as JsObserver does for the binary perceptron.
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

class CoreMulticlass {
 public:
  val configure(const val& options) {
    MulticlassParams params = model_.params();
    if (Status s = apply_options(option_list(options), params); !s.ok()) return error_object(s);
    if (Status s = model_.set_params(params); !s.ok()) return error_object(s);
    return val::undefined();
  }

  val options() const {
    val out = options_object(model_.params().base);
    out.set("strategy", std::string(name_of(model_.params().strategy)));
    return out;
  }

  val fit(const val& x, double rows, double cols, const val& y, bool numeric, val on_step,
          val on_epoch, const val& weighting, const val& validation) {
    Dataset data;
    if (Status s = dataset_of(x, rows, cols, y, numeric, data); !s.ok()) return error_object(s);
    Dataset validation_set;
    const bool has_validation = !validation.isUndefined();
    if (has_validation) {
      if (Status s = batch_of(validation, data.classes, "validation.", validation_set); !s.ok()) {
        return error_object(s);
      }
    }
    std::vector<double> rows_weight;
    if (val e = weights_of_rows(data, weighting, rows_weight); !e.isUndefined()) return e;
    JsMulticlassObserver observer(std::move(on_step), std::move(on_epoch),
                                  classes_to_js(data.classes));
    FitReport report;
    const Status s = model_.fit(data, report, observer.active() ? &observer : nullptr, &rows_weight,
                                has_validation ? &validation_set : nullptr);
    if (!s.ok()) return error_object(s);
    return report_object(report);
  }

  val partial_fit(const val& batch, const val& classes, bool classes_numeric,
                  const val& weighting) {
    return partial_fit_js(model_, batch, classes, classes_numeric, weighting);
  }

  val decision_function(const val& x, double rows, double cols) const {
    return decision_js(model_, x, rows, cols, model_.classes().size());
  }

  val predict(const val& x, double rows, double cols) const {
    return predict_js(model_, x, rows, cols);
  }

  val score(const val& x, double rows, double cols, const val& y, bool numeric) const {
    return score_js(model_, x, rows, cols, y, numeric);
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

  val restore(const val& options, const val& classes, bool classes_numeric, const val& saved,
              double steps) {
    CoreMulticlass fresh;
    if (val e = fresh.configure(options); !e.isUndefined()) return e;
    const MulticlassParams& params = fresh.model_.params();
    Classes decoded;
    std::vector<std::uint32_t> unused;
    if (Status s = encode(classes, classes_numeric, "classes", decoded, unused); !s.ok()) {
      return error_object(s);
    }
    if (decoded.size() != classes["length"].as<std::size_t>()) {
      return error_object(Status::range_error("classes must hold distinct labels"));
    }
    if (Status s = check_steps(steps); !s.ok()) return error_object(s);
    if (params.strategy == Strategy::joint) {
      const Status s = model_.restore_joint(
          params, decoded, to_doubles(saved["weights"]), to_doubles(saved["biases"]),
          static_cast<std::uint64_t>(steps), state_of(saved["state"]));
      return s.ok() ? val::undefined() : error_object(s);
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
    const Status s = model_.restore_binary(params, decoded, std::move(models));
    return s.ok() ? val::undefined() : error_object(s);
  }

  // joint: the predicting W (K x d, row-major) and b.
  val weights() const {
    std::vector<double> w, b;
    model_.predicting_weights(w, b);
    return copy_out(w.data(), w.size());
  }
  val biases() const {
    std::vector<double> w, b;
    model_.predicting_weights(w, b);
    return copy_out(b.data(), b.size());
  }
  bool fitted() const { return model_.fitted(); }
  double n_features() const { return static_cast<double>(model_.n_features()); }
  double steps() const { return static_cast<double>(model_.steps()); }
  val classes() const { return classes_to_js(model_.classes()); }

 private:
  MulticlassPerceptron model_;
};

// The bindings of the model kinds without observers (kernel, Winnow, Passive-Aggressive): the
// calls they all have. What differs (options, restore, getters) is in free functions taking
// the binding as `self`, registered beside these (register_model below).
template <typename M>
class CoreModel {
 public:
  using Params = std::remove_cvref_t<decltype(std::declval<M>().params())>;

  val configure(const val& options) {
    Params params = model_.params();
    if (Status s = apply_options(option_list(options), params); !s.ok()) return error_object(s);
    if (Status s = model_.set_params(params); !s.ok()) return error_object(s);
    return val::undefined();
  }
  val fit(const val& x, double rows, double cols, const val& y, bool numeric, const val& weighting,
          const val& validation) {
    return fit_js(model_, x, rows, cols, y, numeric, weighting, validation);
  }
  val partial_fit(const val& batch, const val& classes, bool classes_numeric,
                  const val& weighting) {
    return partial_fit_js(model_, batch, classes, classes_numeric, weighting);
  }
  val decision_function(const val& x, double rows, double cols) const {
    return decision_js(model_, x, rows, cols, static_cast<std::size_t>(scores_per_row()));
  }
  val predict(const val& x, double rows, double cols) const {
    return predict_js(model_, x, rows, cols);
  }
  val score(const val& x, double rows, double cols, const val& y, bool numeric) const {
    return score_js(model_, x, rows, cols, y, numeric);
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

// The shared options every kind reports, from its Params `base`; the kind adds its own.
val base_options(const Params& p, std::initializer_list<const char*> names) {
  const val all = options_object(p);
  val out = val::object();
  for (const char* name : names) {
    if (!all[name].isUndefined()) out.set(name, all[name]);
  }
  return out;
}

using CoreKernel = CoreModel<KernelPerceptron>;

val kernel_options(const CoreKernel& self) {
  const KernelParams& p = self.model().params();
  val out = options_object(p.base);
  out.set("kernel", std::string(name_of(p.kernel)));
  out.set("degree", static_cast<double>(p.degree));
  if (p.gamma > 0) {
    out.set("gamma", p.gamma);
  } else {
    out.set("gamma", std::string("auto"));
  }
  out.set("coef0", p.coef0);
  if (p.budget != 0) out.set("budget", static_cast<double>(p.budget));
  return out;
}

val kernel_restore(CoreKernel& self, const val& options, const val& classes, bool classes_numeric,
                   double n_features, const val& support_vectors, const val& coefficients,
                   double bias, double steps) {
  KernelParams params;
  Classes decoded;
  if (val e =
          restore_prelude<CoreKernel>(options, classes, classes_numeric, steps, params, decoded);
      !e.isUndefined()) {
    return e;
  }
  const Status s = self.model().restore(params, decoded, static_cast<std::size_t>(n_features),
                                        to_doubles(support_vectors), to_doubles(coefficients), bias,
                                        static_cast<std::uint64_t>(steps));
  return s.ok() ? val::undefined() : error_object(s);
}

val kernel_support_vectors(const CoreKernel& self) {
  const auto& v = self.model().support_vectors();
  return copy_out(v.data(), v.size());
}
val kernel_coefficients(const CoreKernel& self) {
  const auto& v = self.model().coefficients();
  return copy_out(v.data(), v.size());
}
double kernel_bias(const CoreKernel& self) { return self.model().bias(); }
double kernel_gamma(const CoreKernel& self) { return self.model().gamma(); }

using CoreWinnow = CoreModel<Winnow>;

val winnow_options(const CoreWinnow& self) {
  const WinnowParams& p = self.model().params();
  val out = val::object();
  out.set("balanced", p.balanced);
  out.set("alpha", p.alpha);
  out.set("demotion", std::string(p.demotion == Demotion::zero ? "zero" : "divide"));
  out.set("epsilon", p.epsilon);
  if (p.threshold_given) out.set("threshold", p.threshold);
  const val shared = base_options(p.base, {"order", "maxEpochs", "maxSteps", "seed",
                                           "earlyStopping", "validationFraction", "patience"});
  val::global("Object").call<void>("assign", out, shared);
  return out;
}

val winnow_restore(CoreWinnow& self, const val& options, const val& classes, bool classes_numeric,
                   const val& weights, const val& negative_weights, double steps) {
  WinnowParams params;
  Classes decoded;
  if (val e =
          restore_prelude<CoreWinnow>(options, classes, classes_numeric, steps, params, decoded);
      !e.isUndefined()) {
    return e;
  }
  const Status s =
      self.model().restore(params, decoded, to_doubles(weights), to_doubles(negative_weights),
                           static_cast<std::uint64_t>(steps));
  return s.ok() ? val::undefined() : error_object(s);
}

val winnow_weights(const CoreWinnow& self) {
  const auto& v = self.model().weights();
  return copy_out(v.data(), v.size());
}
val winnow_negative_weights(const CoreWinnow& self) {
  const auto& v = self.model().negative_weights();
  return copy_out(v.data(), v.size());
}
double winnow_threshold(const CoreWinnow& self) { return self.model().threshold(); }

using CorePassiveAggressive = CoreModel<PassiveAggressive>;

val pa_options(const CorePassiveAggressive& self) {
  const PaParams& p = self.model().params();
  val out = val::object();
  out.set("mode", std::string(name_of(p.mode)));
  out.set("C", p.c);
  const val shared = base_options(p.base, {"fitIntercept", "order", "maxEpochs", "maxSteps", "seed",
                                           "earlyStopping", "validationFraction", "patience"});
  val::global("Object").call<void>("assign", out, shared);
  return out;
}

val pa_restore(CorePassiveAggressive& self, const val& options, const val& classes,
               bool classes_numeric, const val& weights, const val& biases, double steps) {
  PaParams params;
  Classes decoded;
  if (val e = restore_prelude<CorePassiveAggressive>(options, classes, classes_numeric, steps,
                                                     params, decoded);
      !e.isUndefined()) {
    return e;
  }
  const Status s = self.model().restore(params, decoded, to_doubles(weights), to_doubles(biases),
                                        static_cast<std::uint64_t>(steps));
  return s.ok() ? val::undefined() : error_object(s);
}

val pa_weights(const CorePassiveAggressive& self) {
  const auto& v = self.model().weights();
  return copy_out(v.data(), v.size());
}
val pa_biases(const CorePassiveAggressive& self) {
  const auto& v = self.model().biases();
  return copy_out(v.data(), v.size());
}

// pw.analysis and pw.metrics: free functions over a dataset from the wrapper's typed arrays.
val bound_object(const Bound& b) {
  val out = val::object();
  out.set("value", b.value);
  out.set("radius", b.radius);
  out.set("margin", b.margin);
  out.set("bias", b.bias);
  out.set("deviation", b.deviation);
  out.set("hingeLoss", b.hinge_loss);
  out.set("separable", b.separable);
  return out;
}

val analysis_radius(const val& x, double rows, double cols, bool with_bias) {
  Dataset data;
  data.x = to_doubles(x);
  data.rows = static_cast<std::size_t>(rows);
  data.cols = static_cast<std::size_t>(cols);
  if (Status s = check_matrix(data.x, data.rows, data.cols, "X"); !s.ok()) return error_object(s);
  return val(radius(data, with_bias));
}

val analysis_signed_distances(const val& x, double rows, double cols, const val& w, double b) {
  Dataset data;
  data.x = to_doubles(x);
  data.rows = static_cast<std::size_t>(rows);
  data.cols = static_cast<std::size_t>(cols);
  if (Status s = check_matrix(data.x, data.rows, data.cols, "X"); !s.ok()) return error_object(s);
  std::vector<double> out;
  if (Status s = signed_distances(data, to_doubles(w), b, out); !s.ok()) return error_object(s);
  return copy_out(out.data(), out.size());
}

val analysis_margin(const val& x, double rows, double cols, const val& y, bool numeric,
                    const val& w, double b) {
  Dataset data;
  if (Status s = dataset_of(x, rows, cols, y, numeric, data); !s.ok()) return error_object(s);
  if (data.classes.size() != 2) {
    return error_object(Status::range_error("y must hold exactly two distinct classes; received " +
                                            std::to_string(data.classes.size())));
  }
  double margin = 0;
  std::size_t row = 0;
  if (Status s = margin_of(data, to_doubles(w), b, margin, &row); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("margin", margin);
  out.set("row", static_cast<double>(row));
  out.set("classes", classes_to_js(data.classes));
  return out;
}

val analysis_separability(const val& x, double rows, double cols, const val& y, bool numeric,
                          bool fit_intercept) {
  Dataset data;
  if (Status s = dataset_of(x, rows, cols, y, numeric, data); !s.ok()) return error_object(s);
  Separability result;
  if (Status s = separability(data, fit_intercept, result); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("separable", result.separable);
  out.set("fitIntercept", result.fit_intercept);
  out.set("margin", result.margin);
  out.set("upperBound", result.upper_bound);
  out.set("w", copy_out(result.w.data(), result.w.size()));
  out.set("b", result.b);
  std::vector<double> support(result.support.begin(), result.support.end());
  out.set("support", copy_out(support.data(), support.size()));
  out.set("certificate", copy_out(result.certificate.data(), result.certificate.size()));
  out.set("residual", result.residual);
  out.set("iterations", static_cast<double>(result.iterations));
  out.set("classes", classes_to_js(data.classes));
  return out;
}

// kind: 0 Novikoff, 1 bias form, 2 Freund-Schapire, 3 Blum; vector and gamma for 2 and 3.
val analysis_bound(int kind, const val& x, double rows, double cols, const val& y, bool numeric,
                   bool fit_intercept, const val& vector, double gamma) {
  Dataset data;
  if (Status s = dataset_of(x, rows, cols, y, numeric, data); !s.ok()) return error_object(s);
  if (data.classes.size() != 2) {
    return error_object(Status::range_error("y must hold exactly two distinct classes; received " +
                                            std::to_string(data.classes.size())));
  }
  Bound bound;
  Status s;
  switch (kind) {
    case 0:
      s = novikoff_bound(data, fit_intercept, bound);
      break;
    case 1:
      s = bias_bound(data, bound);
      break;
    case 2:
      s = freund_schapire_bound(data, to_doubles(vector), gamma, bound);
      break;
    default:
      s = blum_bound(data, to_doubles(vector), gamma, bound);
      break;
  }
  return s.ok() ? bound_object(bound) : error_object(s);
}

// Labels +1 / -1 (Int32 values from the wrapper) and scores.
val metrics_losses(const val& labels, const val& scores, int loss, double gamma,
                   double false_positive_cost, double false_negative_cost) {
  const std::vector<double> raw = to_doubles(labels);
  std::vector<int> y(raw.begin(), raw.end());
  LossParams params;
  params.loss = static_cast<Loss>(loss);
  params.gamma = gamma;
  params.false_positive_cost = false_positive_cost;
  params.false_negative_cost = false_negative_cost;
  std::vector<double> out;
  if (Status s = losses(y, to_doubles(scores), params, out); !s.ok()) return error_object(s);
  return copy_out(out.data(), out.size());
}

val metrics_report(const val& truth, const val& predicted, double classes) {
  const std::vector<double> t = to_doubles(truth), p = to_doubles(predicted);
  ClassificationReport r;
  if (Status s = classification_report(std::vector<std::uint32_t>(t.begin(), t.end()),
                                       std::vector<std::uint32_t>(p.begin(), p.end()),
                                       static_cast<std::size_t>(classes), r);
      !s.ok()) {
    return error_object(s);
  }
  val out = val::object();
  std::vector<double> confusion(r.confusion.begin(), r.confusion.end());
  std::vector<double> support(r.support.begin(), r.support.end());
  out.set("confusion", copy_out(confusion.data(), confusion.size()));
  out.set("accuracy", r.accuracy);
  out.set("errorRate", r.error_rate);
  out.set("precision", copy_out(r.precision.data(), r.precision.size()));
  out.set("recall", copy_out(r.recall.data(), r.recall.size()));
  out.set("f1", copy_out(r.f1.data(), r.f1.size()));
  out.set("support", copy_out(support.data(), support.size()));
  out.set("macroPrecision", r.macro_precision);
  out.set("macroRecall", r.macro_recall);
  out.set("macroF1", r.macro_f1);
  out.set("balancedAccuracy", r.balanced_accuracy);
  return out;
}

// pw.preprocessing, pca2d, Fisher, splits: thin conversions around the core.
val preprocessing_fit(const val& x, double rows, double cols, int kind) {
  const std::vector<double> data = to_doubles(x);
  Scaler scaler;
  if (Status s = fit_scaler(data.data(), data.size(), static_cast<std::size_t>(rows),
                            static_cast<std::size_t>(cols), static_cast<Scaling>(kind), scaler);
      !s.ok()) {
    return error_object(s);
  }
  val out = val::object();
  out.set("shift", copy_out(scaler.shift.data(), scaler.shift.size()));
  out.set("scale", copy_out(scaler.scale.data(), scaler.scale.size()));
  return out;
}

val preprocessing_transform(const val& shift, const val& scale, const val& x, double rows,
                            double cols) {
  Scaler scaler;
  scaler.shift = to_doubles(shift);
  scaler.scale = to_doubles(scale);
  const std::vector<double> data = to_doubles(x);
  std::vector<double> out;
  if (Status s = transform(scaler, data.data(), data.size(), static_cast<std::size_t>(rows),
                           static_cast<std::size_t>(cols), out);
      !s.ok()) {
    return error_object(s);
  }
  return copy_out(out.data(), out.size());
}

val analysis_pca(const val& x, double rows, double cols) {
  const std::vector<double> data = to_doubles(x);
  Projection p;
  if (Status s = pca2(data.data(), data.size(), static_cast<std::size_t>(rows),
                      static_cast<std::size_t>(cols), p);
      !s.ok()) {
    return error_object(s);
  }
  val out = val::object();
  out.set("mean", copy_out(p.mean.data(), p.mean.size()));
  out.set("components", copy_out(p.components.data(), p.components.size()));
  out.set("variance", copy_out(p.variance.data(), p.variance.size()));
  out.set("projected", copy_out(p.projected.data(), p.projected.size()));
  return out;
}

val analysis_fisher(const val& x, double rows, double cols, const val& y, bool numeric) {
  Dataset data;
  if (Status s = dataset_of(x, rows, cols, y, numeric, data); !s.ok()) return error_object(s);
  std::vector<double> w;
  double b = 0;
  if (Status s = fisher_discriminant(data, w, b); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("w", copy_out(w.data(), w.size()));
  out.set("b", b);
  out.set("classes", classes_to_js(data.classes));
  return out;
}

// w.x + b for every row (a fitted linear model's scores).
val linear_scores(const val& x, double rows, double cols, const val& w, double b) {
  const std::vector<double> data = to_doubles(x), weights = to_doubles(w);
  const auto n = static_cast<std::size_t>(rows), d = static_cast<std::size_t>(cols);
  if (Status s =
          check_prediction_input(Status::success(), weights.size(), data.data(), data.size(), n, d);
      !s.ok()) {
    return error_object(s);
  }
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = score_of(weights, b, data.data() + i * d);
  return copy_out(out.data(), out.size());
}

// Stratified parts (fractions non-empty) or folds (k > 0) of labels, as part/fold indices.
val selection_assign(const val& y, bool numeric, const val& fractions, double k, double seed) {
  Classes classes;
  std::vector<std::uint32_t> index;
  if (Status s = encode(y, numeric, "y", classes, index); !s.ok()) return error_object(s);
  if (index.empty()) return error_object(Status::range_error("y must hold at least one label"));
  std::vector<std::uint32_t> out;
  const Status s = k > 0 ? stratified_folds(index, classes.size(), static_cast<std::size_t>(k),
                                            static_cast<std::uint64_t>(seed), out)
                         : stratified_parts(index, classes.size(), to_doubles(fractions),
                                            static_cast<std::uint64_t>(seed), out);
  if (!s.ok()) return error_object(s);
  return copy_out(out.data(), out.size());
}

// The rows fit visits for an order and seed: {order, seed} are checked as the model's options.
val visit_order_js(const val& options, double rows, double count) {
  std::vector<std::pair<std::string, OptionValue>> list;
  for (const char* name : {"order", "seed"}) {
    const val value = options[name];
    if (!value.isUndefined()) list.emplace_back(name, option_value(value));
  }
  Params params;
  if (Status s = apply_options(list, params); !s.ok()) return error_object(s);
  const auto visits = visit_order(params.order, params.seed, static_cast<std::uint32_t>(rows),
                                  static_cast<std::size_t>(count));
  return copy_out(visits.data(), visits.size());
}

val option_names_js() {
  val out = val::array();
  for (const auto& name : option_names()) out.call<void>("push", name);
  return out;
}

}  // namespace
}  // namespace perceptron

EMSCRIPTEN_BINDINGS(perceptron_wasm) {
  using perceptron::CorePerceptron;
  emscripten::class_<CorePerceptron>("CorePerceptron")
      .constructor<>()
      .function("configure", &CorePerceptron::configure)
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
      .function("classes", &CorePerceptron::classes);
  using perceptron::CoreMulticlass;
  emscripten::class_<CoreMulticlass>("CoreMulticlass")
      .constructor<>()
      .function("configure", &CoreMulticlass::configure)
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
      .function("classes", &CoreMulticlass::classes);
  using namespace perceptron;
  register_model<KernelPerceptron>("CoreKernel")
      .function("options", &kernel_options)
      .function("restore", &kernel_restore)
      .function("supportVectors", &kernel_support_vectors)
      .function("coefficients", &kernel_coefficients)
      .function("bias", &kernel_bias)
      .function("gamma", &kernel_gamma);
  register_model<Winnow>("CoreWinnow")
      .function("options", &winnow_options)
      .function("restore", &winnow_restore)
      .function("weights", &winnow_weights)
      .function("negativeWeights", &winnow_negative_weights)
      .function("threshold", &winnow_threshold);
  register_model<PassiveAggressive>("CorePassiveAggressive")
      .function("options", &pa_options)
      .function("restore", &pa_restore)
      .function("weights", &pa_weights)
      .function("biases", &pa_biases);
  emscripten::function("optionNames", &perceptron::option_names_js);
  emscripten::function("analysisRadius", &perceptron::analysis_radius);
  emscripten::function("analysisSignedDistances", &perceptron::analysis_signed_distances);
  emscripten::function("analysisMargin", &perceptron::analysis_margin);
  emscripten::function("analysisSeparability", &perceptron::analysis_separability);
  emscripten::function("analysisBound", &perceptron::analysis_bound);
  emscripten::function("metricsLosses", &perceptron::metrics_losses);
  emscripten::function("metricsReport", &perceptron::metrics_report);
  emscripten::function("preprocessingFit", &perceptron::preprocessing_fit);
  emscripten::function("preprocessingTransform", &perceptron::preprocessing_transform);
  emscripten::function("analysisPca", &perceptron::analysis_pca);
  emscripten::function("analysisFisher", &perceptron::analysis_fisher);
  emscripten::function("linearScores", &perceptron::linear_scores);
  emscripten::function("selectionAssign", &perceptron::selection_assign);
  emscripten::function("visitOrder", &perceptron::visit_order_js);
}
