// The saved format's envelope (format, version, options, classes, nFeatures, steps), its
// preprocess and vocabulary fields, and the structured perceptron's fields.
#include <cmath>
#include <set>
#include <utility>

#include "perceptron/csv/number.hpp"
#include "perceptron/estimator/saved_checks.hpp"
#include "perceptron/estimator/saved_format.hpp"
#include "perceptron/support/options.hpp"

namespace perceptron {

namespace {

using json::Type;
using json::Value;
using saved::received;

Status field_error(bool type_error, const std::string& name, const std::string& expected,
                   const Value& value) {
  std::string message = "field " + name + " must be " + expected + received(value);
  return type_error ? Status::type_error(std::move(message))
                    : Status::range_error(std::move(message));
}

bool safe_integer(double v) {
  return std::isfinite(v) && std::floor(v) == v &&
         std::fabs(v) <= static_cast<double>(max_safe_integer);
}

std::string indexed(const std::string& name, std::size_t k) {
  return name + "[" + std::to_string(k) + "]";
}

// Labels, numbers or strings (not both), as toJSON saves them: distinct and sorted (numbers
// ascending, strings by code point, which is UTF-8's byte order). Another order is refused, not
// sorted: the weights (and the binary models) were saved in that order. Non-finite numbers are
// left to read_fields (the kind's restore names them).
Status read_labels(const Value& value, Classes& out) {
  if (!value.is(Type::array)) {
    return field_error(true, "classes", "an array of labels", value);
  }
  const auto& items = value.items;
  const bool numeric = items.empty() || items[0].is(Type::number);
  Classes labels;
  labels.numeric = numeric;
  bool finite = true;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Value& item = items[i];
    const std::string name = indexed("field classes", i);
    if (!item.is(Type::number) && !item.is(Type::string)) {
      return Status::type_error(name + " must be a number or a string" + received(item));
    }
    if (item.is(Type::string) && !json::well_formed(item.text)) {
      return Status::type_error(name + " must be a well-formed string (no lone surrogate)" +
                                received(item));
    }
    if (item.is(Type::number) != numeric) {
      return Status::type_error(
          std::string("field classes must hold only numbers or only strings; ") +
          "field classes[0] is a " + (numeric ? "number" : "string") + ", " + name + " is " +
          json::describe(item));
    }
    if (numeric) {
      labels.numbers.push_back(item.number);
      finite = finite && std::isfinite(item.number);
    } else {
      labels.names.push_back(item.text);
    }
  }
  for (std::size_t k = 1; finite && k < items.size(); ++k) {
    const auto label = [&](std::size_t i) {
      return indexed("classes", i) + " = " +
             (numeric ? format_number(labels.numbers[i]) : json::quoted(labels.names[i]));
    };
    const bool same = numeric ? labels.numbers[k - 1] == labels.numbers[k]
                              : labels.names[k - 1] == labels.names[k];
    const bool after =
        numeric ? labels.numbers[k - 1] > labels.numbers[k] : labels.names[k - 1] > labels.names[k];
    if (same) {
      return Status::range_error("field classes must hold distinct labels; received " +
                                 label(k - 1) + " and " + label(k));
    }
    if (after) {
      return Status::range_error(
          "field classes must be sorted ascending (numbers numerically, strings by code point), "
          "as toJSON saves them; received " +
          label(k - 1) + " before " + label(k));
    }
  }
  out = std::move(labels);
  return Status::success();
}

// A value as JS's Number() reads it (`inside`: an array's only item, read through its String()).
double number_of(const Value& item, bool inside = false) {
  switch (item.type) {
    case Type::number:
      return item.number;
    case Type::null:
      return 0;
    case Type::undefined:
      return inside ? 0 : std::nan("");
    case Type::boolean:
      return inside ? std::nan("") : item.boolean ? 1 : 0;
    case Type::string: {
      if (csv::trim_js_space(item.text).empty()) return 0;
      const csv::ParsedNumber parsed = csv::parse_number(item.text);
      return parsed.kind == csv::NumberKind::number || parsed.kind == csv::NumberKind::not_finite
                 ? parsed.value
                 : std::nan("");
    }
    case Type::array:
      return item.items.empty()       ? 0
             : item.items.size() == 1 ? number_of(item.items[0], true)
                                      : std::nan("");
    default:
      return std::nan("");
  }
}

// Rows x width numbers for the structured perceptron: any other shape is a RangeError.
Status read_table(const Value& value, const std::string& field, std::size_t rows, double width,
                  std::vector<double>& out) {
  bool fits = value.is(Type::array) && value.items.size() == rows;
  for (std::size_t r = 0; fits && r < rows; ++r) {
    fits =
        value.items[r].is(Type::array) && static_cast<double>(value.items[r].items.size()) == width;
  }
  if (!fits) {
    return Status::range_error("field " + field + " must hold " + std::to_string(rows) +
                               " rows of " + format_number(width) + " numbers");
  }
  out.clear();
  for (const Value& row : value.items) {
    for (const Value& item : row.items) {
      if (!item.is(Type::number)) {
        return Status::type_error("field " + field + " must hold numbers" + received(item));
      }
      out.push_back(item.number);
    }
  }
  return Status::success();
}

}  // namespace

Status read_envelope(const Value& document, SavedKind kind, SavedEnvelope& out) {
  if (!document.is(Type::object)) {
    return Status::type_error("expected a model object" + received(document));
  }
  const Value& format = document["format"];
  if (!format.is(Type::string) || format.text != format_of(kind)) {
    return field_error(true, "format", json::quoted(format_of(kind)), format);
  }
  const Value& version = document["version"];
  if (!version.is(Type::number)) return field_error(true, "version", "a number", version);
  if (version.number != saved_format_version) {
    return field_error(false, "version", std::to_string(saved_format_version), version);
  }
  const Value& options = document["options"];
  if (!options.is(Type::object)) return field_error(true, "options", "an object", options);
  SavedEnvelope read;
  if (Status s = read_labels(document["classes"], read.classes); !s.ok()) return s;
  const Value& n_features = document["nFeatures"];
  if (!n_features.is(Type::number) || !safe_integer(n_features.number) || n_features.number < 0) {
    return field_error(true, "nFeatures", "a non-negative integer", n_features);
  }
  const Value& steps = document["steps"];
  if (!steps.is(Type::number)) return field_error(true, "steps", "a number", steps);
  read.options = options;
  read.n_features = n_features.number + 0.0;
  read.steps = steps.number;
  out = std::move(read);
  return Status::success();
}

Status read_scaler(const Value& document, const std::optional<std::string>& kind, double n_features,
                   std::optional<SavedScaler>& out) {
  out.reset();
  const Value& saved = document["preprocess"];
  if (saved.is(Type::undefined) || saved.is(Type::null)) return Status::success();
  const Value& saved_kind = saved["kind"];
  const bool same_kind = kind ? saved_kind.is(Type::string) && saved_kind.text == *kind
                              : saved_kind.is(Type::undefined);
  if (!saved.is(Type::object) || !same_kind) {
    return Status::type_error(
        "field preprocess must be {kind, shift, scale} with the options' preprocess kind" +
        received(saved));
  }
  if (saved["shift"].is(Type::null) && saved["scale"].is(Type::null)) return Status::success();
  SavedScaler read{kind.value_or(""), true, {}, {}};
  if (Status s = saved::read_vector(saved["shift"], "field preprocess.shift", read.shift);
      !s.ok()) {
    return s;
  }
  if (Status s = saved::read_vector(saved["scale"], "field preprocess.scale", read.scale);
      !s.ok()) {
    return s;
  }
  if (static_cast<double>(read.shift.size()) != n_features) {
    return Status::range_error(
        "field preprocess.shift must hold nFeatures = " + format_number(n_features) +
        " numbers; received " + std::to_string(read.shift.size()));
  }
  out = std::move(read);
  return Status::success();
}

Status read_vocabulary(const Value& document, double n_features, std::vector<std::string>& out) {
  out.clear();
  const Value& vocabulary = document["vocabulary"];
  if (vocabulary.is(Type::undefined)) return Status::success();
  bool names = vocabulary.is(Type::array);
  for (std::size_t j = 0; names && j < vocabulary.items.size(); ++j) {
    names = vocabulary.items[j].is(Type::string);
  }
  if (!names) return field_error(true, "vocabulary", "an array of feature names", vocabulary);
  if (static_cast<double>(vocabulary.items.size()) != n_features) {
    return Status::range_error(
        "field vocabulary must hold nFeatures = " + format_number(n_features) +
        " names; received " + std::to_string(vocabulary.items.size()));
  }
  std::set<std::string> seen;
  for (const Value& name : vocabulary.items) {
    if (!seen.insert(name.text).second) {
      return Status::range_error("field vocabulary must hold distinct names");
    }
  }
  for (std::size_t j = 0; j < vocabulary.items.size(); ++j) {
    if (!json::well_formed(vocabulary.items[j].text)) {
      return Status::type_error(indexed("field vocabulary", j) +
                                " must be a well-formed string (no lone surrogate)" +
                                received(vocabulary.items[j]));
    }
    out.push_back(vocabulary.items[j].text);
  }
  return Status::success();
}

Status read_structured(const Value& document, const SavedEnvelope& envelope, SavedModel& out) {
  out = SavedModel{};
  const Classes& tags = envelope.classes;
  const std::size_t count = tags.size();
  if (count == 0) return Status::success();
  for (std::size_t t = 0; tags.numeric && t < count; ++t) {
    if (!std::isfinite(tags.numbers[t])) {
      return Status::type_error(indexed("field classes", t) +
                                " must be a string or a finite number; received " +
                                format_number(tags.numbers[t]));
    }
  }
  SavedModel read;
  read.classes = tags;
  if (Status s = saved::read_feature_count(envelope.n_features, read.n_features); !s.ok()) return s;
  std::vector<double> emission;
  std::vector<double> transition;
  if (Status s = read_table(document["emission"], "emission", count, envelope.n_features, emission);
      !s.ok()) {
    return s;
  }
  if (Status s = read_table(document["transition"], "transition", count + 1,
                            static_cast<double>(count), transition);
      !s.ok()) {
    return s;
  }
  read.arrays = {{"emission", std::move(emission)}, {"transition", std::move(transition)}};
  // The state as saved (the restore checks its names), read as 0.1.0 read it: by
  // Float64Array.from, so values count as Number() reads them and what is not a list holds
  // nothing (a string is the list of its characters).
  for (const auto& [name, values] : document["state"].members) {
    const std::string field = "field state." + name;
    if (values.is(Type::null) || values.is(Type::undefined)) {
      return Status::type_error(field + " must be an array of numbers" + received(values));
    }
    std::vector<Value> items = values.items;
    if (values.is(Type::string)) {
      for (const char c : values.text) items.push_back(Value::of(std::string(1, c)));
    }
    std::vector<double> numbers;
    for (const Value& item : items) {
      if (item.is(Type::other) && item.text.rfind("the bigint", 0) == 0) {
        return Status::type_error(field + " must hold numbers" + received(item));
      }
      numbers.push_back(number_of(item));
    }
    read.state.emplace_back(name, std::move(numbers));
  }
  // Any number of steps, cut to an integer as 0.1.0 did (0 for what is not one from 0 to 2^64).
  const double steps = envelope.steps;
  read.steps = steps >= 0 && steps < 18446744073709551616.0 ? static_cast<std::uint64_t>(steps) : 0;
  out = std::move(read);
  return Status::success();
}

}  // namespace perceptron
