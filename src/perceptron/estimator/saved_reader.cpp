// The saved format's reader: the envelope, the scaler, the kind's fields as its layout
// (saved_layout.cpp) describes them, and the vocabulary. Types and shapes are checked here,
// with the field named; the values are the kind's restore to check.
#include <algorithm>
#include <cmath>
#include <utility>

#include "perceptron/estimator/saved_checks.hpp"
#include "perceptron/estimator/saved_format.hpp"
#include "perceptron/support/options.hpp"

namespace perceptron {

namespace saved {

using json::Type;
using json::Value;

std::string received(const Value& value) { return "; received " + json::describe(value); }

Status read_vector(const Value& value, const std::string& field, std::vector<double>& out) {
  if (!value.is_array_or_typed()) {
    return Status::type_error(field + " must be an array of numbers" + received(value));
  }
  out.clear();
  out.reserve(value.items.size());
  for (std::size_t j = 0; j < value.items.size(); ++j) {
    if (!value.items[j].is(Type::number)) {
      return Status::type_error(field + "[" + std::to_string(j) + "] must be a number" +
                                received(value.items[j]));
    }
    out.push_back(value.items[j].number);
  }
  return Status::success();
}

Status read_steps(double steps, std::uint64_t& out) {
  if (!(steps >= 0 && steps <= static_cast<double>(max_safe_integer)) ||
      std::floor(steps) != steps) {
    return Status::range_error("steps must be an integer from 0 to " +
                               std::to_string(max_safe_integer) + "; received " +
                               format_number(steps));
  }
  out = static_cast<std::uint64_t>(steps);
  return Status::success();
}

Status read_feature_count(double n_features, std::size_t& out) {
  if (n_features > static_cast<double>(max_saved_values)) {
    return Status::range_error("nFeatures must be an integer from 0 to " +
                               std::to_string(max_saved_values) + "; received " +
                               format_number(n_features));
  }
  out = static_cast<std::size_t>(n_features);
  return Status::success();
}

}  // namespace saved

namespace {

using json::Type;
using json::Value;
using saved::read_steps;
using saved::read_vector;
using saved::received;

// Rows of nFeatures numbers, one after the other.
Status read_rows(const Value& value, const std::string& field, double n_features,
                 std::vector<double>& out) {
  const std::string width = "nFeatures = " + format_number(n_features) + " numbers";
  if (!value.is(Type::array)) {
    return Status::type_error(field + " must be an array of rows of " + width + received(value));
  }
  out.clear();
  std::vector<double> row;
  for (std::size_t k = 0; k < value.items.size(); ++k) {
    const Value& item = value.items[k];
    const std::string name = field + "[" + std::to_string(k) + "]";
    if (!item.is(Type::array)) {
      return Status::type_error(name + " must be an array of " + width + received(item));
    }
    if (static_cast<double>(item.items.size()) != n_features) {
      return Status::range_error(name + " must hold " + width + received(item));
    }
    if (Status s = read_vector(item, name, row); !s.ok()) return s;
    out.insert(out.end(), row.begin(), row.end());
  }
  return Status::success();
}

// A state object of number arrays; `names`, when given, the arrays it must hold, and the only
// ones (a fitted model's state: its variant's).
Status read_state_object(const Value& value, const std::string& field,
                         const std::vector<std::string>* names, NamedArrays& out) {
  if (!value.is(Type::undefined) && !value.is(Type::object)) {
    return Status::type_error(field + " must be an object of number arrays" + received(value));
  }
  out.clear();
  for (const auto& [key, member] : value.members) {
    if (member.is(Type::undefined)) continue;
    std::vector<double> values;
    if (Status s = read_vector(member, field + "." + key, values); !s.ok()) return s;
    out.emplace_back(key, std::move(values));
  }
  if (names == nullptr) return Status::success();
  for (const std::string& name : *names) {
    if (value[name].is(Type::undefined))
      return Status::type_error(field + "." + name + " is missing");
  }
  for (const auto& [key, values] : out) {
    if (std::find(names->begin(), names->end(), key) != names->end()) continue;
    std::string saved;
    for (const std::string& name : *names) saved += (saved.empty() ? "" : ", ") + name;
    return Status::type_error(field + "." + key +
                              " is not part of this model's state (its options save " +
                              (saved.empty() ? "none" : saved) + ")");
  }
  return Status::success();
}

// The layout's fields of `object` (prefix: "models[0]." for a binary model's); only those it
// has when `present_only` (a fresh model's). Steps are read for the binary models, as numbers.
Status read_layout(const Value& object, const SavedLayout& layout, double n_features,
                   const std::string& prefix, bool present_only, SavedModel& out) {
  for (const SavedField& field : layout.fields) {
    const Value& value = object[field.name];
    if (present_only && value.is(Type::undefined)) continue;
    const std::string name = "field " + prefix + field.name;
    std::vector<double> values;
    if (field.shape == SavedShape::number) {
      if (!value.is(Type::number))
        return Status::type_error(name + " must be a number" + received(value));
      values = {value.number};
    } else if (field.shape == SavedShape::vector) {
      if (Status s = read_vector(value, name, values); !s.ok()) return s;
    } else if (Status s = read_rows(value, name, n_features, values); !s.ok()) {
      return s;
    }
    out.arrays.emplace_back(field.name, std::move(values));
  }
  const bool has_state = layout.state != SavedLayout::State::none;
  if (has_state && !(present_only && object["state"].is(Type::undefined))) {
    const bool named = layout.state == SavedLayout::State::named && !present_only;
    if (Status s = read_state_object(object["state"], "field " + prefix + "state",
                                     named ? &layout.state_names : nullptr, out.state);
        !s.ok()) {
      return s;
    }
  }
  if (!layout.parts || (present_only && object["models"].is(Type::undefined))) {
    return Status::success();
  }
  const Value& parts = object["models"];
  if (!parts.is(Type::array)) {
    return Status::type_error("field " + prefix + "models must be an array of models" +
                              received(parts));
  }
  const SavedLayout part_layout = part_layout_of(layout);
  for (std::size_t k = 0; k < parts.items.size(); ++k) {
    const Value& part = parts.items[k];
    const std::string name = prefix + "models[" + std::to_string(k) + "]";
    if (!part.is(Type::object)) {
      return Status::type_error("field " + name + " must be an object" + received(part));
    }
    if (!part["steps"].is(Type::number)) {
      return Status::type_error("field " + name + ".steps must be a number" +
                                received(part["steps"]));
    }
    SavedModel read;
    read.steps = 0;
    if (Status s = read_layout(part, part_layout, n_features, name + ".", false, read); !s.ok()) {
      return s;
    }
    out.parts.push_back(std::move(read));
  }
  return Status::success();
}

// Steps of the binary models, checked after the whole model (as the kind's restore reads them).
Status read_part_steps(const Value& object, SavedModel& out) {
  for (std::size_t m = 0; m < out.parts.size(); ++m) {
    if (Status s = read_steps(object["models"].items[m]["steps"].number, out.parts[m].steps);
        !s.ok()) {
      s.message = "models[" + std::to_string(m) + "]." + s.message;
      return s;
    }
  }
  return Status::success();
}

// The saved labels as the core's classes (a non-finite number is refused here, by name).
Status read_classes(const Classes& saved, Classes& out) {
  std::vector<std::uint32_t> unused;
  Status s = saved.numeric ? encode_labels(saved.numbers, "classes", out, unused)
                           : encode_labels(saved.names, "classes", out, unused);
  if (s.ok() && out.size() != saved.size()) {
    s = Status::range_error("classes must hold distinct labels");
  }
  return s;
}

}  // namespace

Status read_fields(const Value& document, const SavedLayout& layout, const SavedEnvelope& envelope,
                   SavedModel& out) {
  SavedModel read;
  if (envelope.fresh()) {
    if (Status s = read_layout(document, layout, 0, "", true, read); !s.ok()) return s;
    for (const SavedField& field : layout.fields) {
      if (field.shape != SavedShape::vector) continue;
      for (const auto& [name, values] : read.arrays) {
        if (name != field.name || values.empty()) continue;
        return Status::range_error("field " + name + " must hold 0 numbers (nFeatures); received " +
                                   std::to_string(values.size()));
      }
    }
    out = SavedModel{};
    return Status::success();
  }
  if (Status s = read_layout(document, layout, envelope.n_features, "", false, read); !s.ok()) {
    return s;
  }
  // What the kind's restore reads as the model's own (its messages name "field ...").
  Status s = read_classes(envelope.classes, read.classes);
  if (s.ok()) s = saved::read_feature_count(envelope.n_features, read.n_features);
  if (s.ok()) s = read_steps(envelope.steps, read.steps);
  if (s.ok()) s = read_part_steps(document, read);
  if (!s.ok()) {
    s.message = "field " + s.message;
    return s;
  }
  out = std::move(read);
  return Status::success();
}

}  // namespace perceptron
