#include "convert.hpp"

#include "perceptron/models/perceptron.hpp"

namespace perceptron::wasm {

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

}  // namespace

val error_object(const Status& status) {
  val error = val::object();
  error.set("error", std::string(error_name(status.kind)));
  error.set("message", status.message);
  return error;
}

std::vector<double> to_doubles(const val& array) {
  const auto length = array["length"].as<std::size_t>();
  std::vector<double> values(length);
  if (length > 0) {
    val(emscripten::typed_memory_view(length, values.data())).call<void>("set", array);
  }
  return values;
}

std::vector<std::uint32_t> to_indices(const val& array) {
  const auto length = array["length"].as<std::size_t>();
  std::vector<std::uint32_t> values(length);
  if (length > 0) {
    val(emscripten::typed_memory_view(length, values.data())).call<void>("set", array);
  }
  return values;
}

std::vector<std::string> to_strings(const val& array) {
  return emscripten::vecFromJSArray<std::string>(array);
}

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

Status decode_classes(const val& labels, bool numeric, Classes& out) {
  std::vector<std::uint32_t> unused;
  if (Status s = encode(labels, numeric, "classes", out, unused); !s.ok()) return s;
  if (out.size() != labels["length"].as<std::size_t>()) {
    return Status::range_error("classes must hold distinct labels");
  }
  return Status::success();
}

val strings_out(const std::vector<std::string>& strings) {
  val out = val::array();
  for (const auto& s : strings) out.call<void>("push", s);
  return out;
}

val classes_to_js(const Classes& classes) {
  if (!classes.numeric) return strings_out(classes.names);
  val out = val::array();
  for (const double number : classes.numbers) out.call<void>("push", number);
  return out;
}

OptionValue option_value(const val& value) {
  const std::string type = value.typeOf().as<std::string>();
  if (type == "number") return value.as<double>();
  if (type == "boolean") return value.as<bool>();
  if (type == "string") return value.as<std::string>();
  if (value.isNull()) return OtherValue{"null"};
  if (value.isUndefined()) return OtherValue{"undefined"};
  if (type == "object" && val::global("Array").call<bool>("isArray", value)) {
    return OtherValue{"an array"};
  }
  if (type == "object") return OtherValue{"an object"};
  return OtherValue{"a " + type};
}

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

namespace {

val option_js(const OptionValue& value) {
  if (const auto* number = std::get_if<double>(&value)) return val(*number);
  if (const auto* flag = std::get_if<bool>(&value)) return val(*flag);
  if (const auto* text = std::get_if<std::string>(&value)) return val(*text);
  return val::undefined();
}

}  // namespace

val settings_object(const std::vector<OptionSetting>& settings) {
  val out = val::object();
  for (const auto& setting : settings) {
    if (setting.value) out.set(setting.spec.name, option_js(*setting.value));
  }
  return out;
}

val schema_array(const std::vector<OptionSetting>& settings) {
  val out = val::array();
  for (const auto& [spec, value] : settings) {
    val entry = val::object();
    entry.set("name", spec.name);
    entry.set("type", std::string(name_of(spec.type)));
    entry.set("expected", spec.expected());
    if (!spec.choices.empty()) entry.set("choices", strings_out(spec.choices));
    if (std::isfinite(spec.minimum)) entry.set("minimum", spec.minimum);
    if (std::isfinite(spec.maximum)) entry.set("maximum", spec.maximum);
    if (spec.exclusive_minimum) entry.set("exclusiveMinimum", true);
    if (spec.exclusive_maximum) entry.set("exclusiveMaximum", true);
    if (value) entry.set("default", option_js(*value));
    out.call<void>("push", entry);
  }
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
  // History as parallel typed arrays: one copy each instead of an object per epoch.
  std::vector<double> epochs, steps, mistakes, train_error, validation_error;
  for (const auto& e : report.history) {
    epochs.push_back(static_cast<double>(e.epoch));
    steps.push_back(static_cast<double>(e.steps));
    mistakes.push_back(static_cast<double>(e.mistakes));
    train_error.push_back(e.train_error);
    validation_error.push_back(e.validation_error);
  }
  out.set("historyEpoch", copy_out(epochs));
  out.set("historySteps", copy_out(steps));
  out.set("historyMistakes", copy_out(mistakes));
  out.set("historyTrainError", copy_out(train_error));
  out.set("historyValidationError", copy_out(validation_error));
  out.set("bestEpoch", static_cast<double>(report.best_epoch));
  out.set("stoppedEarly", report.stopped_early);
  out.set("historyTruncated", report.history_truncated);
  return out;
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

NamedArrays arrays_of(const val& arrays) {
  NamedArrays out;
  if (arrays.isUndefined()) return out;
  const val names = val::global("Object").call<val>("keys", arrays);
  for (std::size_t k = 0; k < names["length"].as<std::size_t>(); ++k) {
    const std::string name = names[k].as<std::string>();
    out.emplace_back(name, to_doubles(arrays[name]));
  }
  return out;
}

val arrays_object(const NamedArrays& arrays) {
  val out = val::object();
  for (const auto& [name, values] : arrays) out.set(name, copy_out(values));
  return out;
}

ClassWeight class_weight_spec(const val& weighting) {
  ClassWeight spec;
  spec.balanced = weighting["balanced"].as<bool>();
  spec.names = to_strings(weighting["classWeightNames"]);
  spec.numbers = to_doubles(weighting["classWeightNumbers"]);
  spec.values = to_doubles(weighting["classWeightValues"]);
  return spec;
}

Status model_options(const val& options, ModelOptions& out) {
  ModelOptions built;
  const val keys = val::global("Object").call<val>("keys", options);
  for (std::size_t k = 0; k < keys["length"].as<std::size_t>(); ++k) {
    const std::string name = keys[k].as<std::string>();
    const val value = options[name];
    if (value.isUndefined()) continue;
    if (name == "preprocess") {
      Scaling scaling;
      if (Status s = set_scaling(name, option_value(value), scaling); !s.ok()) return s;
      built.preprocess = scaling;
    } else if (name == "classWeight") {
      ClassWeight weight;
      const std::string type = value.typeOf().as<std::string>();
      if (type == "string" && value.as<std::string>() == "balanced") {
        weight.balanced = true;
      } else if (type == "object" && !value.isNull() &&
                 !val::global("Array").call<bool>("isArray", value)) {
        const val labels = val::global("Object").call<val>("keys", value);
        weight.names = to_strings(labels);
        for (const auto& label : weight.names) {
          const val given = value[label];
          if (given.typeOf().as<std::string>() != "number") {
            return option_error(true, "classWeight[" + quote(label) + "]", "a number",
                                option_value(given));
          }
          weight.numbers.push_back(val::global("Number")(label).as<double>());
          weight.values.push_back(given.as<double>());
        }
      } else {
        return option_error(type != "string", name, R"("balanced" or an object {label: weight})",
                            option_value(value));
      }
      built.class_weight = std::move(weight);
    } else {
      built.values.emplace_back(name, option_value(value));
    }
  }
  out = std::move(built);
  return Status::success();
}

Status weights_of_rows(const Dataset& data, const val& weighting, std::vector<double>& out) {
  std::vector<double> sample_weight, class_weight;
  if (!weighting["sampleWeight"].isUndefined()) {
    sample_weight = to_doubles(weighting["sampleWeight"]);
  }
  if (!weighting["classWeightValues"].isUndefined()) {
    if (Status s = class_weight_of(data, class_weight_spec(weighting), class_weight); !s.ok()) {
      return s;
    }
  }
  if (sample_weight.empty() && class_weight.empty()) return Status::success();
  return row_weights(data, sample_weight, class_weight, out);
}

}  // namespace perceptron::wasm
