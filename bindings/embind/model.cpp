#include "model.hpp"

#include <cmath>

namespace perceptron::wasm {

Status validation_of(const val& validation, const Classes& classes, Dataset& out) {
  const DatasetHandle* given = optional_dataset(validation);
  if (Status s = given->data().x.check("validation.X"); !s.ok()) return s;
  return relabel(given->data(), classes, "validation.y", out);
}

Status partial_batch_of(const DatasetHandle& batch, const Classes& known, const val& classes,
                        bool classes_numeric, Dataset& out) {
  Classes use = known;
  if (!classes.isUndefined()) {
    Classes given;
    if (Status s = decode_classes(classes, classes_numeric, given); !s.ok()) return s;
    if (known.size() != 0 && !(given == known)) {
      return Status::range_error("classes are fixed by the first partialFit call");
    }
    use = given;
  } else if (known.size() == 0) {
    return Status::type_error(
        "the first partialFit call needs the classes: partialFit(X, y, {classes: [...]})");
  }
  if (Status s = batch.data().x.check("X"); !s.ok()) return s;
  return relabel(batch.data(), use, "y", out);
}

Status training_of(const InputScaling& scaling, const Dataset& data, bool refit,
                   const val& weighting, const val& validation, FitData& out) {
  FitData t;
  if (Status s = scaling.for_training(data, refit, t.data, t.used); !s.ok()) return s;
  t.has_validation = !validation.isUndefined();
  if (t.has_validation) {
    Dataset given;
    if (Status s = validation_of(validation, data.classes, given); !s.ok()) return s;
    if (Status s = InputScaling::apply(t.used, given, t.validation, "validation.X"); !s.ok()) {
      return s;
    }
  }
  if (Status s = weights_of_rows(t.data, weighting, t.row_weight); !s.ok()) return s;
  out = std::move(t);
  return Status::success();
}

val scaling_object(const InputScaling& scaling) {
  if (!scaling.kind) return val::undefined();
  val out = val::object();
  out.set("kind", std::string(name_of(*scaling.kind)));
  out.set("shift", scaling.scaler ? copy_out(scaling.scaler->shift) : val::null());
  out.set("scale", scaling.scaler ? copy_out(scaling.scaler->scale) : val::null());
  return out;
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

std::optional<std::string> non_finite_in(const SavedModel& saved) {
  for (const NamedArrays* arrays : {&saved.arrays, &saved.state}) {
    for (const auto& [name, values] : *arrays) {
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i])) {
          return name + "[" + std::to_string(i) + "] became " + format_number(values[i]);
        }
      }
    }
  }
  for (std::size_t p = 0; p < saved.parts.size(); ++p) {
    if (std::optional<std::string> where = non_finite_in(saved.parts[p])) {
      return "part " + std::to_string(p) + "'s " + *where;
    }
  }
  return std::nullopt;
}

Status overflowed(const std::string& where_value) {
  return Status::range_error(
      "training overflowed: " + where_value +
      "; lower the learning rate, the sample weights or the scale of the features");
}

namespace {

// fromJSON's first check, before the model is built from the saved options.
val read_saved_envelope(const std::string& format, const std::string& text, bool from_object) {
  json::Value document;
  SavedKind kind;
  return outcome(envelope_of(format, text, from_object, document, kind));
}

}  // namespace

EMSCRIPTEN_BINDINGS(saved_format) {
  emscripten::function("readSavedEnvelope", &read_saved_envelope);
}

}  // namespace perceptron::wasm
