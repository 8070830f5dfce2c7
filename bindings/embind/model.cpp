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

namespace {

val part_object(const SavedModel& saved) {
  val out = val::object();
  out.set("steps", static_cast<double>(saved.steps));
  out.set("arrays", arrays_object(saved.arrays));
  out.set("state", arrays_object(saved.state));
  val parts = val::array();
  for (const SavedModel& part : saved.parts) parts.call<void>("push", part_object(part));
  out.set("parts", parts);
  return out;
}

// steps, arrays, state and parts (each read alike; their classes are their task's).
Status part_of(const val& saved, SavedModel& out) {
  const double steps = saved["steps"].as<double>();
  if (Status s = check_steps(steps); !s.ok()) return s;
  out.steps = static_cast<std::uint64_t>(steps);
  out.arrays = arrays_of(saved["arrays"]);
  out.state = arrays_of(saved["state"]);
  const val parts = saved["parts"];
  const std::size_t count = parts.isUndefined() ? 0 : parts["length"].as<std::size_t>();
  out.parts.assign(count, SavedModel{});
  for (std::size_t m = 0; m < count; ++m) {
    if (Status s = part_of(parts[m], out.parts[m]); !s.ok()) {
      s.message = "models[" + std::to_string(m) + "]." + s.message;
      return s;
    }
  }
  return Status::success();
}

}  // namespace

val saved_object(const SavedModel& saved) {
  val out = part_object(saved);
  out.set("classes", classes_to_js(saved.classes));
  out.set("nFeatures", static_cast<double>(saved.n_features));
  return out;
}

Status saved_model_of(const val& saved, SavedModel& out) {
  SavedModel parsed;
  if (Status s =
          decode_classes(saved["classes"], saved["classesNumeric"].as<bool>(), parsed.classes);
      !s.ok()) {
    return s;
  }
  // A double first: as<std::size_t> would wrap 2^32 + 2 to 2.
  const double n_features = saved["nFeatures"].as<double>();
  if (!(n_features >= 0 && n_features <= static_cast<double>(max_saved_values)) ||
      std::floor(n_features) != n_features) {
    return Status::range_error("nFeatures must be an integer from 0 to " +
                               std::to_string(max_saved_values) + "; received " +
                               format_number(n_features));
  }
  parsed.n_features = static_cast<std::size_t>(n_features);
  if (Status s = part_of(saved, parsed); !s.ok()) return s;
  out = std::move(parsed);
  return Status::success();
}

}  // namespace perceptron::wasm
