#include "perceptron/support/options.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "perceptron/support/json.hpp"

namespace perceptron {

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string describe(const OptionValue& value) {
  struct Describer {
    std::string operator()(double v) const { return format_number(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(const std::string& v) const { return "the string " + quote(v); }
    std::string operator()(const OtherValue& v) const { return v.description; }
  };
  return std::visit(Describer{}, value);
}

Status option_error(bool is_type_error, const std::string& name, const std::string& expected,
                    const OptionValue& received) {
  std::string message =
      "option " + name + " must be " + expected + "; received " + describe(received);
  return is_type_error ? Status::type_error(message) : Status::range_error(message);
}

Status unknown_option(const std::string& name, const std::vector<std::string>& known) {
  std::string message = "unknown option " + quote(name) + "; known options are ";
  std::string suggestion;
  for (std::size_t i = 0; i < known.size(); ++i) {
    message += (i ? ", " : "") + known[i];
    if (suggestion.empty() &&
        edit_distance(name, known[i]) <= std::max<std::size_t>(2, name.size() / 3)) {
      suggestion = known[i];
    }
  }
  if (!suggestion.empty()) message += " (did you mean " + suggestion + "?)";
  return Status::type_error(message);
}

Status options_by_name(const OptionList& options, const std::vector<std::string>& known,
                       std::vector<const OptionValue*>& out) {
  std::vector<const OptionValue*> given(known.size(), nullptr);
  for (const auto& [name, value] : options) {
    const auto at = std::find(known.begin(), known.end(), name);
    if (at == known.end()) return unknown_option(name, known);
    given[static_cast<std::size_t>(at - known.begin())] = &value;
  }
  out = std::move(given);
  return Status::success();
}

std::string_view name_of(OptionType type) {
  switch (type) {
    case OptionType::choice:
      return "choice";
    case OptionType::boolean:
      return "boolean";
    case OptionType::integer:
      return "integer";
    case OptionType::number:
      return "number";
    case OptionType::label_weights:
      return "labelWeights";
  }
  return {};
}

std::string OptionSpec::expected() const {
  // The choices quoted, joined by ", " (and `last` before the last one).
  auto quoted = [&](const char* last) {
    std::string list;
    for (std::size_t i = 0; i < choices.size(); ++i) {
      list += (i == 0 ? "" : i + 1 == choices.size() ? last : ", ") + quote(choices[i]);
    }
    return list;
  };
  std::string text;
  switch (type) {
    case OptionType::choice:
      text = choices.size() == 1 ? quoted("") : "one of " + quoted(", ");
      break;
    case OptionType::boolean:
      text = "true or false";
      break;
    case OptionType::integer:
      text = "an integer from " + format_number(minimum) + " to " + format_number(maximum);
      break;
    case OptionType::number: {
      const bool low = std::isfinite(minimum);
      const bool high = std::isfinite(maximum);
      if (low && high && exclusive_minimum && exclusive_maximum) {
        text = "a number between " + format_number(minimum) + " and " + format_number(maximum) +
               " (exclusive)";
      } else if (low && high && !exclusive_minimum && !exclusive_maximum) {
        text = "a number from " + format_number(minimum) + " to " + format_number(maximum);
      } else {
        text = "a finite number";
        if (low) text += (exclusive_minimum ? " > " : " >= ") + format_number(minimum);
        if (high) text += (exclusive_maximum ? " < " : " <= ") + format_number(maximum);
      }
      if (!choices.empty()) text += " or " + quoted(" or ");
      break;
    }
    case OptionType::label_weights:
      text = quoted(" or ") + " or an object {label: weight}";
      break;
  }
  return note.empty() ? text : text + " " + note;
}

Status OptionSpec::check(const OptionValue& value) const {
  const auto* text = std::get_if<std::string>(&value);
  const auto* number = std::get_if<double>(&value);
  const bool listed = text && std::find(choices.begin(), choices.end(), *text) != choices.end();
  switch (type) {
    case OptionType::choice:
    case OptionType::label_weights:
      if (listed) return Status::success();
      return option_error(text == nullptr, name, expected(), value);
    case OptionType::boolean:
      if (std::holds_alternative<bool>(value)) return Status::success();
      return option_error(true, name, expected(), value);
    case OptionType::integer:
    case OptionType::number: {
      if (listed) return Status::success();
      // A word where words are accepted is out of range, not of the wrong type.
      if (number == nullptr)
        return option_error(!(text && !choices.empty()), name, expected(), value);
      const double v = *number;
      const bool in_range = std::isfinite(v) && (exclusive_minimum ? v > minimum : v >= minimum) &&
                            (exclusive_maximum ? v < maximum : v <= maximum) &&
                            (type == OptionType::number || std::floor(v) == v);
      if (!in_range) return option_error(false, name, expected(), value);
      return Status::success();
    }
  }
  return Status::success();
}

OptionSpec integer_spec(std::string name, std::uint64_t minimum, std::uint64_t maximum) {
  OptionSpec spec = option_spec(std::move(name), OptionType::integer);
  spec.minimum = static_cast<double>(minimum);
  spec.maximum = static_cast<double>(maximum);
  return spec;
}

Status set_integer(const std::string& name, const OptionValue& value, std::uint64_t minimum,
                   std::uint64_t& field, std::uint64_t maximum) {
  const OptionSpec spec = integer_spec(name, minimum, maximum);
  if (Status s = spec.check(value); !s.ok()) return s;
  field = static_cast<std::uint64_t>(std::get<double>(value));
  return Status::success();
}

OptionSpec option_spec(std::string name, OptionType type, std::vector<std::string> choices) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = type;
  spec.choices = std::move(choices);
  return spec;
}

OptionSpec above(double minimum) {
  OptionSpec spec;
  spec.minimum = minimum;
  spec.exclusive_minimum = true;
  return spec;
}

OptionSpec at_least(double minimum) {
  OptionSpec spec;
  spec.minimum = minimum;
  return spec;
}

OptionSpec any_number() { return OptionSpec{}; }

namespace {

// An option's value as JSON: undefined for an `other`.
json::Value value_json(const OptionValue& value) {
  if (const auto* number = std::get_if<double>(&value)) return json::Value::of(*number);
  if (const auto* flag = std::get_if<bool>(&value)) return json::Value::of(*flag);
  if (const auto* text = std::get_if<std::string>(&value)) return json::Value::of(*text);
  return {};
}

}  // namespace

json::Value settings_value(const std::vector<OptionSetting>& settings) {
  json::Value out = json::Value::object();
  for (const auto& setting : settings) {
    if (setting.value) out.set(setting.spec.name, value_json(*setting.value));
  }
  return out;
}

json::Value schema_value(const std::vector<OptionSetting>& settings) {
  using json::Value;
  Value out = Value::array();
  for (const auto& [spec, value] : settings) {
    Value entry = Value::object();
    entry.set("name", Value::of(spec.name));
    entry.set("type", Value::of(std::string(name_of(spec.type))));
    entry.set("expected", Value::of(spec.expected()));
    if (!spec.choices.empty()) {
      Value choices = Value::array();
      for (const auto& choice : spec.choices) choices.push(Value::of(choice));
      entry.set("choices", std::move(choices));
    }
    if (std::isfinite(spec.minimum)) entry.set("minimum", Value::of(spec.minimum));
    if (std::isfinite(spec.maximum)) entry.set("maximum", Value::of(spec.maximum));
    if (spec.exclusive_minimum) entry.set("exclusiveMinimum", Value::of(true));
    if (spec.exclusive_maximum) entry.set("exclusiveMaximum", Value::of(true));
    if (value) entry.set("default", value_json(*value));
    out.push(std::move(entry));
  }
  return out;
}

}  // namespace perceptron
