#include "model.hpp"

#include <cmath>

namespace perceptron::wasm {

TrainingOptions training_options(const val& call) {
  TrainingOptions out;
  if (!call["sampleWeight"].isUndefined()) out.sample_weight = to_doubles(call["sampleWeight"]);
  if (!call["validation"].isUndefined()) {
    const DatasetHandle* validation = optional_dataset(call["validation"]);
    out.validation = &validation->data();
    out.validation_names = validation->input().names;
  }
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

Status model_options(const val& options, const val& hashing, ModelOptions& out,
                     std::optional<OptionValue>& bits) {
  if (!hashing.isUndefined()) bits = option_value(hashing["bits"]);
  return model_options(options, out);
}

void set_hashing(val& options, const FeatureMap& map) {
  if (!map.hashed()) return;
  val hashing = val::object();
  hashing.set("bits", map.bits());
  options.set("hashing", hashing);
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
