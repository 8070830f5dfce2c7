// The saved format's table (which JSON field holds which saved array, for every kind and
// option that changes it) and its writer, which writes the text straight from the arrays. The
// reader is saved_reader.cpp.
#include <cmath>
#include <utility>

#include "perceptron/estimator/saved_format.hpp"

namespace perceptron {

namespace {

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

// The writer appends JSON text to `out` as JSON.stringify writes it, without building a tree
// of values first (a large model's weights are written straight from its arrays).
void number(std::string& out, double value) {
  out += std::isfinite(value) ? format_number(value) : "null";
}

void key(std::string& out, std::string_view name) {
  if (out.back() != '{') out += ',';
  out += json::quoted(name);
  out += ':';
}

void numbers(std::string& out, const double* values, std::size_t count) {
  out += '[';
  for (std::size_t k = 0; k < count; ++k) {
    if (k > 0) out += ',';
    number(out, values[k]);
  }
  out += ']';
}

void numbers(std::string& out, const std::vector<double>& values) {
  numbers(out, values.data(), values.size());
}

// `values` as rows of `width` numbers (no rows when the width is 0).
void rows(std::string& out, const std::vector<double>& values, std::size_t width) {
  out += '[';
  for (std::size_t start = 0; width > 0 && start + width <= values.size(); start += width) {
    if (start > 0) out += ',';
    numbers(out, values.data() + start, width);
  }
  out += ']';
}

// The layout's fields of one saved model (the whole model, or one of its binary models).
void write_fields(std::string& out, const SavedLayout& layout, const SavedModel& saved,
                  std::size_t n_features, std::size_t n_classes) {
  for (const SavedField& field : layout.fields) {
    const std::vector<double>& values = array_of(saved, field.name);
    key(out, field.name);
    switch (field.shape) {
      case SavedShape::vector:
        numbers(out, values);
        break;
      case SavedShape::number:
        number(out, values.empty() ? 0.0 : values[0]);
        break;
      case SavedShape::rows:
        rows(out, values, n_features);
        break;
      case SavedShape::class_rows:
        rows(out, values, n_classes);
        break;
    }
  }
  if (layout.state != SavedLayout::State::none) {
    key(out, "state");
    out += '{';
    for (const auto& [name, values] : saved.state) {
      key(out, name);
      numbers(out, values);
    }
    out += '}';
  }
  if (!layout.parts) return;
  const SavedLayout part_layout = part_layout_of(layout);
  key(out, "models");
  out += '[';
  for (std::size_t m = 0; m < saved.parts.size(); ++m) {
    out += m > 0 ? ",{" : "{";
    write_fields(out, part_layout, saved.parts[m], n_features, 2);
    key(out, "steps");
    number(out, static_cast<double>(saved.parts[m].steps));
    out += '}';
  }
  out += ']';
}

// About the text's length, reserved at once: a model's text is written without copies.
std::size_t estimated_length(const SavedModel& saved) {
  std::size_t length = 64;
  for (const NamedArrays* arrays : {&saved.arrays, &saved.state}) {
    for (const auto& [name, values] : *arrays) length += name.size() + 8 + 20 * values.size();
  }
  for (const SavedModel& part : saved.parts) length += estimated_length(part);
  return length;
}

std::size_t estimated_length(const SavedDocument& document) {
  std::size_t length = 256 + document.options.size() + estimated_length(document.model);
  if (document.preprocess) length += 20 * 2 * document.preprocess->shift.size();
  for (const std::string& name : document.vocabulary) length += name.size() + 3;
  for (const std::string& name : document.model.classes.names) length += name.size() + 3;
  return length + 20 * document.model.classes.numbers.size();
}

void classes(std::string& out, const Classes& classes) {
  out += '[';
  for (std::size_t c = 0; c < classes.size(); ++c) {
    if (c > 0) out += ',';
    if (classes.numeric) {
      number(out, classes.numbers[c]);
    } else {
      out += json::quoted(classes.names[c]);
    }
  }
  out += ']';
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

std::string saved_text(SavedKind kind, const SavedLayout& layout, const SavedDocument& document) {
  const SavedModel& saved = document.model;
  std::string out;
  out.reserve(estimated_length(document));
  out += '{';
  key(out, "format");
  out += json::quoted(format_of(kind));
  key(out, "version");
  number(out, saved_format_version);
  key(out, "options");
  out += document.options;
  if (document.preprocess) {
    const SavedScaler& scaler = *document.preprocess;
    key(out, "preprocess");
    out += '{';
    key(out, "kind");
    out += json::quoted(scaler.kind);
    for (const auto& [name, values] :
         {std::pair{"shift", &scaler.shift}, {"scale", &scaler.scale}}) {
      key(out, name);
      if (scaler.fitted) {
        numbers(out, *values);
      } else {
        out += "null";
      }
    }
    out += '}';
  }
  key(out, "classes");
  classes(out, saved.classes);
  key(out, "nFeatures");
  number(out, static_cast<double>(saved.n_features));
  key(out, "steps");
  number(out, static_cast<double>(saved.steps));
  write_fields(out, layout, saved, saved.n_features, saved.classes.size());
  if (!document.vocabulary.empty()) {
    key(out, "vocabulary");
    out += '[';
    for (std::size_t j = 0; j < document.vocabulary.size(); ++j) {
      if (j > 0) out += ',';
      out += json::quoted(document.vocabulary[j]);
    }
    out += ']';
  }
  out += '}';
  return out;
}

}  // namespace perceptron
