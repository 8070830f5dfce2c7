#include "convert.hpp"

#include <cmath>

#include "perceptron/models/perceptron.hpp"

namespace perceptron::wasm {

val error_object(const Status& status) {
  val error = val::object();
  error.set("error", std::string(error_class(status.kind)));
  error.set("message", status.message);
  return error;
}

Status encode(const val& labels, bool numeric, const std::string& argument, Classes& classes,
              std::vector<std::uint32_t>& index) {
  return numeric ? encode_labels(to_doubles(labels), argument, classes, index)
                 : encode_labels(to_strings(labels), argument, classes, index);
}

Status decode_classes(const val& labels, bool numeric, Classes& out) {
  std::vector<std::uint32_t> unused;
  if (Status s = encode(labels, numeric, "classes", out, unused); !s.ok()) return s;
  if (out.size() != labels["length"].as<std::size_t>()) {
    return Status::range_error("classes must hold distinct labels");
  }
  return Status::success();
}

val classes_to_js(const Classes& classes) {
  return classes.numeric ? val::global("Array").call<val>("from", copy_out(classes.numbers))
                         : vector_out(classes.names);
}

OptionValue option_value(const val& value) {
  const std::string type = value.typeOf().as<std::string>();
  if (type == "number") return value.as<double>();
  if (type == "boolean") return value.as<bool>();
  if (type == "string") return value.as<std::string>();
  if (value.isNull()) return OtherValue{"null"};
  if (value.isUndefined()) return OtherValue{"undefined"};
  if (type == "object" && val::global("Array").call<bool>("isArray", value)) {
    return OtherValue{"an array of length " + std::to_string(value["length"].as<std::size_t>())};
  }
  if (type == "object" && val::global("ArrayBuffer").call<bool>("isView", value) &&
      !value["length"].isUndefined()) {
    return OtherValue{"a " + value["constructor"]["name"].as<std::string>() + " of length " +
                      std::to_string(value["length"].as<std::size_t>())};
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

std::optional<std::vector<OptionValue>> array_option(const val& options, const char* name) {
  const val array = options[name];
  if (!val::global("Array").call<bool>("isArray", array)) return std::nullopt;
  std::vector<OptionValue> out;
  for (std::size_t k = 0; k < array["length"].as<std::size_t>(); ++k) {
    out.push_back(option_value(array[k]));
  }
  return out;
}

val js_of(const json::Value& value) {
  using json::Type;
  val out = val::object();
  switch (value.type) {
    case Type::null:
      return val::null();
    case Type::boolean:
      return val(value.boolean);
    case Type::number:
      return val(value.number);
    case Type::string:
      return val(value.text);
    case Type::array:
      out = val::array();
      for (const json::Value& item : value.items) out.call<void>("push", js_of(item));
      return out;
    case Type::object:
      for (const auto& [name, member] : value.members) out.set(name, js_of(member));
      return out;
    default:
      return val::undefined();
  }
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
  const auto column = [&](auto field) {
    std::vector<double> values;
    for (const EpochRecord& e : report.history) values.push_back(static_cast<double>(e.*field));
    return copy_out(values);
  };
  out.set("historyEpoch", column(&EpochRecord::epoch));
  out.set("historySteps", column(&EpochRecord::steps));
  out.set("historyMistakes", column(&EpochRecord::mistakes));
  out.set("historyTrainError", column(&EpochRecord::train_error));
  out.set("historyValidationError", column(&EpochRecord::validation_error));
  out.set("bestEpoch", static_cast<double>(report.best_epoch));
  out.set("stoppedEarly", report.stopped_early);
  out.set("historyTruncated", report.history_truncated);
  return out;
}

namespace {

bool is_plain_object(const val& value) {
  if (value.typeOf().as<std::string>() != "object" || value.isNull()) return false;
  const val proto = val::global("Object").call<val>("getPrototypeOf", value);
  return proto.isNull() || proto.strictlyEquals(val::global("Object")["prototype"]);
}

Status class_weight_of(const val& value, ClassWeight& out) {
  ClassWeight weight;
  if (value.isString() && value.as<std::string>() == "balanced") {
    weight.balanced = true;
  } else if (is_plain_object(value)) {
    weight.names = to_strings(val::global("Object").call<val>("keys", value));
    for (const auto& label : weight.names) {
      const val given = value[label];
      if (!given.isNumber()) {
        return option_error(true, "classWeight[" + quote(label) + "]", "a number",
                            option_value(given));
      }
      const bool blank = val(label).call<val>("trim")["length"].as<std::size_t>() == 0;
      weight.numbers.push_back(blank ? NAN : val::global("Number")(label).as<double>());
      weight.values.push_back(given.as<double>());
    }
  } else {
    return option_error(true, "classWeight", R"("balanced" or an object {label: weight})",
                        option_value(value));
  }
  out = std::move(weight);
  return Status::success();
}

}  // namespace

val class_weight_object(const ClassWeight& weight) {
  if (weight.balanced) return val("balanced");
  val out = val::object();
  for (std::size_t k = 0; k < weight.names.size(); ++k) out.set(weight.names[k], weight.values[k]);
  return out;
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
      if (Status s = class_weight_of(value, weight); !s.ok()) return s;
      built.class_weight = std::move(weight);
    } else {
      built.values.emplace_back(name, option_value(value));
    }
  }
  out = std::move(built);
  return Status::success();
}

}  // namespace perceptron::wasm
