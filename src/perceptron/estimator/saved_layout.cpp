// The saved format's table (which JSON field holds which saved array, for every kind and
// option that changes it) and its writer. The reader is saved_reader.cpp.
#include <utility>

#include "perceptron/estimator/saved_format.hpp"

namespace perceptron {

namespace {

using json::Value;

// The training state each variant of the perceptron saves, by the core's names. A fitted
// model's state must hold exactly these: without one the core would start the average, the
// vote or the pocket over; another variant's was saved under other options.
std::vector<std::string> variant_state(std::string_view variant) {
  if (variant == "averaged") return {"startParameters", "u", "averagedSteps"};
  if (variant == "voted") return {"votedCounts", "votedWeights", "votedBiases"};
  if (variant == "pocket") {
    return {"pocketWeights", "pocketBias", "pocketRun", "pocketAccuracy", "run", "checked"};
  }
  return {};
}

SavedLayout make_layout(std::vector<SavedField> fields,
                        SavedLayout::State state = SavedLayout::State::none,
                        std::vector<std::string> state_names = {}, bool parts = false) {
  SavedLayout layout;
  layout.fields = std::move(fields);
  layout.state = state;
  layout.state_names = std::move(state_names);
  layout.parts = parts;
  return layout;
}

const std::vector<double>& array_of(const SavedModel& saved, const std::string& name) {
  static const std::vector<double> none;
  for (const auto& [key, values] : saved.arrays) {
    if (key == name) return values;
  }
  return none;
}

// `values` as rows of `width` numbers (no rows when the width is 0).
Value rows_of(const std::vector<double>& values, std::size_t width) {
  Value out = Value::array();
  if (width == 0) return out;
  for (std::size_t start = 0; start + width <= values.size(); start += width) {
    out.push(Value::numbers(
        std::vector<double>(values.begin() + static_cast<std::ptrdiff_t>(start),
                            values.begin() + static_cast<std::ptrdiff_t>(start + width))));
  }
  return out;
}

Value arrays_json(const NamedArrays& arrays) {
  Value out = Value::object();
  for (const auto& [name, values] : arrays) out.set(name, Value::numbers(values));
  return out;
}

// The layout's fields of one saved model (the whole model, or one of its binary models) into
// `out`, after what it holds already.
void write_fields(const SavedLayout& layout, const SavedModel& saved, std::size_t n_features,
                  std::size_t n_classes, Value& out) {
  for (const SavedField& field : layout.fields) {
    const std::vector<double>& values = array_of(saved, field.name);
    switch (field.shape) {
      case SavedShape::vector:
        out.set(field.name, Value::numbers(values));
        break;
      case SavedShape::number:
        out.set(field.name, Value::of(values.empty() ? 0.0 : values[0]));
        break;
      case SavedShape::rows:
        out.set(field.name, rows_of(values, n_features));
        break;
      case SavedShape::class_rows:
        out.set(field.name, rows_of(values, n_classes));
        break;
    }
  }
  if (layout.state != SavedLayout::State::none) out.set("state", arrays_json(saved.state));
  if (layout.parts) {
    const SavedLayout part_layout = part_layout_of(layout);
    Value parts = Value::array();
    for (const SavedModel& part : saved.parts) {
      Value object = Value::object();
      write_fields(part_layout, part, n_features, 2, object);
      object.set("steps", Value::of(static_cast<double>(part.steps)));
      parts.push(std::move(object));
    }
    out.set("models", std::move(parts));
  }
}

Value classes_json(const Classes& classes) {
  Value out = Value::array();
  for (std::size_t c = 0; c < classes.size(); ++c) {
    out.push(classes.numeric ? Value::of(classes.numbers[c]) : Value::of(classes.names[c]));
  }
  return out;
}

}  // namespace

std::string format_of(SavedKind kind) {
  switch (kind) {
    case SavedKind::perceptron:
      return "perceptron-wasm/Perceptron";
    case SavedKind::multiclass:
      return "perceptron-wasm/MulticlassPerceptron";
    case SavedKind::kernel:
      return "perceptron-wasm/KernelPerceptron";
    case SavedKind::winnow:
      return "perceptron-wasm/Winnow";
    case SavedKind::passive_aggressive:
      return "perceptron-wasm/PassiveAggressive";
    case SavedKind::structured:
      return "perceptron-wasm/StructuredPerceptron";
  }
  return "";
}

SavedLayout layout_of(SavedKind kind, std::string_view variant, std::string_view strategy) {
  using State = SavedLayout::State;
  switch (kind) {
    case SavedKind::perceptron:
      return make_layout({{"weights", SavedShape::vector}, {"bias", SavedShape::number}},
                         State::named, variant_state(variant));
    case SavedKind::multiclass:
      // joint: one row of weights and a bias per class, and the running average; ovr/ovo: the
      // binary models in class order (ovr) or pair order (0,1), (0,2), ... (ovo).
      if (strategy == "joint") {
        return make_layout({{"weights", SavedShape::rows}, {"biases", SavedShape::vector}},
                           State::named, variant_state(variant));
      }
      return make_layout({}, State::none, variant_state(variant), true);
    case SavedKind::kernel:
      return make_layout({{"supportVectors", SavedShape::rows},
                          {"coefficients", SavedShape::vector},
                          {"bias", SavedShape::number}});
    case SavedKind::winnow:
      return make_layout(
          {{"weights", SavedShape::vector}, {"negativeWeights", SavedShape::vector}});
    case SavedKind::passive_aggressive:
      return make_layout({{"weights", SavedShape::rows}, {"biases", SavedShape::vector}});
    case SavedKind::structured:
      return make_layout({{"emission", SavedShape::rows}, {"transition", SavedShape::class_rows}},
                         State::any);
  }
  return {};
}

// The layout of each binary model of an ovr/ovo model: a Perceptron's of the same variant.
SavedLayout part_layout_of(const SavedLayout& layout) {
  return make_layout({{"weights", SavedShape::vector}, {"bias", SavedShape::number}},
                     SavedLayout::State::named, layout.state_names);
}

Value saved_json(SavedKind kind, const SavedLayout& layout, const SavedDocument& document) {
  const SavedModel& saved = document.model;
  Value out = Value::object();
  out.set("format", Value::of(format_of(kind)));
  out.set("version", Value::of(static_cast<double>(saved_format_version)));
  out.set("options", document.options);
  if (document.preprocess) {
    const SavedScaler& scaler = *document.preprocess;
    Value object = Value::object();
    object.set("kind", Value::of(scaler.kind));
    object.set("shift", scaler.fitted ? Value::numbers(scaler.shift) : Value::null_value());
    object.set("scale", scaler.fitted ? Value::numbers(scaler.scale) : Value::null_value());
    out.set("preprocess", std::move(object));
  }
  out.set("classes", classes_json(saved.classes));
  out.set("nFeatures", Value::of(static_cast<double>(saved.n_features)));
  out.set("steps", Value::of(static_cast<double>(saved.steps)));
  write_fields(layout, saved, saved.n_features, saved.classes.size(), out);
  if (!document.vocabulary.empty()) {
    Value names = Value::array();
    for (const std::string& name : document.vocabulary) names.push(Value::of(name));
    out.set("vocabulary", std::move(names));
  }
  return out;
}

}  // namespace perceptron
