#include "model.hpp"

#include <cmath>

namespace perceptron::wasm {

TrainingOptions training_options(const val& call) {
  TrainingOptions out;
  if (!call["sampleWeight"].isUndefined()) out.sample_weight = to_doubles(call["sampleWeight"]);
  if (!call["validation"].isUndefined())
    out.validation = &optional_dataset(call["validation"])->data();
  return out;
}

Control JsTrainingObserver::on_step(const Progress& progress, const StepDetail& detail) {
  return control_of(on_step_(step_state(progress, detail)));
}

Control JsTrainingObserver::on_epoch(const EpochRecord& e, std::size_t part) {
  return control_of(on_epoch_(static_cast<double>(e.epoch), static_cast<double>(e.steps),
                              static_cast<double>(e.mistakes), e.train_error, e.validation_error,
                              static_cast<double>(part)));
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
