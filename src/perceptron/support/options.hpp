// Reading options as callers give them (JS values, or C++ variants), for every model kind:
// one set of setters, one message format ("option NAME must be EXPECTED; received VALUE"), one
// way to combine a kind's own options with the shared ones.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "perceptron/support/status.hpp"

namespace perceptron {

namespace json {
struct Value;
}

// A value as a JS caller may give it. `Other` carries a description of anything else
// ("null", "an array", ...), so that the message can say what was received.
struct OtherValue {
  std::string description;
};
using OptionValue = std::variant<double, bool, std::string, OtherValue>;
using OptionList = std::vector<std::pair<std::string, OptionValue>>;
// JS null as an OptionValue (an option that null turns off, such as a CSV file's label).
inline bool is_null(const OptionValue& value) {
  const auto* other = std::get_if<OtherValue>(&value);
  return other && other->description == "null";
}

// The largest integer a JS number (a double) holds exactly: 2^53 - 1.
inline constexpr std::uint64_t max_safe_integer = (1ULL << 53) - 1;

// A value as a message says it was received: 1.5, true, the string "a", null, an array...
std::string describe(const OptionValue& value);

// "option <name> must be <expected>; received <value>": a TypeError when the value has the
// wrong kind, a RangeError when it is out of range.
Status option_error(bool is_type_error, const std::string& name, const std::string& expected,
                    const OptionValue& received);

// The TypeError for an option name that is not in `known`, listing them, with a suggestion
// when one is close.
Status unknown_option(const std::string& name, const std::vector<std::string>& known);

// The values of `options` by the names in `known` (nullptr where one is not given), for a reader
// of an options object; a name not in `known` is unknown_option's TypeError.
Status options_by_name(const OptionList& options, const std::vector<std::string>& known,
                       std::vector<const OptionValue*>& out);

// An enum's option names, in documentation order.
template <typename Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

template <typename Enum, std::size_t N>
std::string_view lookup_name(const NameTable<Enum, N>& table, Enum value) {
  for (const auto& [key, name] : table) {
    if (key == value) return name;
  }
  return {};
}

// What kind of value an option takes, as pw.optionSchema names it.
enum class OptionType {
  choice,        // one of `choices`
  boolean,       // true or false
  integer,       // an integer in [minimum, maximum]
  number,        // a finite number within the bounds, or one of `choices` ("auto")
  label_weights  // one of `choices` ("balanced") or an object {label: weight}: the bindings read it
};
std::string_view name_of(OptionType type);

// What an option accepts, in one place: its check, its message ("option NAME must be EXPECTED;
// received VALUE") and pw.optionSchema all read it.
struct OptionSpec {
  std::string name;
  OptionType type = OptionType::number;
  std::vector<std::string> choices;
  double minimum = -std::numeric_limits<double>::infinity();
  double maximum = std::numeric_limits<double>::infinity();
  bool exclusive_minimum = false;
  bool exclusive_maximum = false;
  std::string note;  // said after the expected values ("(1 / nFeatures)")

  // "one of \"a\", \"b\"", "true or false", "an integer from 1 to 9007199254740991",
  // "a finite number > 0", "a number between 0 and 1 (exclusive)", ...
  std::string expected() const;
  // A TypeError for the wrong kind of value, a RangeError for one out of range.
  Status check(const OptionValue& value) const;
};

OptionSpec option_spec(std::string name, OptionType type, std::vector<std::string> choices = {});
// An integer from minimum to maximum.
OptionSpec integer_spec(std::string name, std::uint64_t minimum,
                        std::uint64_t maximum = max_safe_integer);

template <typename Enum, std::size_t N>
std::vector<std::string> names_of(const NameTable<Enum, N>& table) {
  std::vector<std::string> names;
  for (const auto& entry : table) names.emplace_back(entry.second);
  return names;
}

// The setters for options outside a model's params (visitOrder's rows, a metric's loss): each
// checks the value against its spec and writes `field` only when it is valid.
template <typename Enum, std::size_t N>
Status set_choice(const NameTable<Enum, N>& table, const std::string& name,
                  const OptionValue& value, Enum& field) {
  const OptionSpec spec = option_spec(name, OptionType::choice, names_of(table));
  if (Status s = spec.check(value); !s.ok()) return s;
  for (const auto& [key, key_name] : table) {
    if (key_name == std::get<std::string>(value)) field = key;
  }
  return Status::success();
}
// An integer from minimum to maximum (2^53 - 1 unless given).
Status set_integer(const std::string& name, const OptionValue& value, std::uint64_t minimum,
                   std::uint64_t& field, std::uint64_t maximum = max_safe_integer);

// One option of a params struct P: its spec, where P keeps it, and the value in effect
// (nullopt when unset, such as maxSteps without a limit). A bool, double or integer member is
// read and written directly; anything else (an enum, "auto" stored as 0) through `write` and
// `read`. A field with neither member nor write is the bindings' to read (classWeight):
// reaching the core is an error.
template <typename P>
struct OptionField {
  OptionSpec spec;
  std::variant<std::monostate, bool P::*, double P::*, std::uint64_t P::*> member;
  bool zero_unsets = false;  // an integer member: 0 means unset
  void (*write)(const OptionValue&, P&) = nullptr;
  std::optional<OptionValue> (*read)(const P&) = nullptr;
};
template <typename P>
using OptionTable = std::vector<OptionField<P>>;

// An option as a model has it: its spec and its value (nullopt: unset).
struct OptionSetting {
  OptionSpec spec;
  std::optional<OptionValue> value;
};

// Options as a model has them: {name: value} for those set (model.options).
json::Value settings_value(const std::vector<OptionSetting>& settings);
// Options as pw.optionSchema lists them: [{name, type, expected, choices?, minimum?, maximum?,
// exclusiveMinimum?, exclusiveMaximum?, default?}].
json::Value schema_value(const std::vector<OptionSetting>& settings);

// Fields built from a member of P.
template <typename P, typename T>
OptionField<P> member_field(OptionSpec spec, T P::*member) {
  OptionField<P> field;
  field.spec = std::move(spec);
  field.member = member;
  return field;
}
template <typename T>
struct member_class;
template <typename C, typename T>
struct member_class<T C::*> {
  using type = C;
};

// An enum member named by Table (a NameTable with static storage).
template <auto Member, const auto& Table,
          typename P = typename member_class<decltype(Member)>::type>
OptionField<P> choice_field(std::string name) {
  OptionField<P> field;
  field.spec = option_spec(std::move(name), OptionType::choice, names_of(Table));
  field.write = [](const OptionValue& value, P& p) {
    for (const auto& [key, key_name] : Table) {
      if (key_name == std::get<std::string>(value)) p.*Member = key;
    }
  };
  field.read = [](const P& p) -> std::optional<OptionValue> {
    const std::string_view found = lookup_name(Table, p.*Member);
    if (found.empty()) {
      return OtherValue{"the unnamed value " + std::to_string(static_cast<int>(p.*Member))};
    }
    return std::string(found);
  };
  return field;
}
template <typename P>
OptionField<P> bool_field(std::string name, bool P::*member) {
  return member_field(option_spec(std::move(name), OptionType::boolean), member);
}
// An integer >= minimum; with zero_unsets, 0 in P means unset (no limit).
template <typename P>
OptionField<P> integer_field(std::string name, std::uint64_t minimum, std::uint64_t P::*member,
                             bool zero_unsets = false) {
  OptionField<P> field = member_field(integer_spec(std::move(name), minimum), member);
  field.zero_unsets = zero_unsets;
  return field;
}
// A finite number within `bounds` (a spec whose name and type are filled in here).
template <typename P>
OptionField<P> number_field(std::string name, OptionSpec bounds, double P::*member) {
  bounds.name = std::move(name);
  bounds.type = OptionType::number;
  return member_field(std::move(bounds), member);
}
// Bounds for number_field.
OptionSpec above(double minimum);     // > minimum
OptionSpec at_least(double minimum);  // >= minimum
OptionSpec any_number();

// The field named `name` in `table`, or nullptr.
template <typename P>
const OptionField<P>* find_field(const OptionTable<P>& table, const std::string& name) {
  for (const auto& field : table) {
    if (field.spec.name == name) return &field;
  }
  return nullptr;
}

// Checks `value` against the field's spec and writes it into `p` when valid.
template <typename P>
Status set_field(const OptionField<P>& field, const OptionValue& value, P& p) {
  if (!field.write && field.member.index() == 0) {
    return option_error(true, field.spec.name, field.spec.expected(), value);
  }
  if (Status s = field.spec.check(value); !s.ok()) return s;
  if (field.write) {
    field.write(value, p);
  } else if (auto* flag = std::get_if<bool P::*>(&field.member)) {
    p.*(*flag) = std::get<bool>(value);
  } else if (!std::holds_alternative<double>(value)) {
    // A word a number field accepts needs the field's own write; none here.
    return option_error(true, field.spec.name, field.spec.expected(), value);
  } else if (auto* number = std::get_if<double P::*>(&field.member)) {
    p.*(*number) = std::get<double>(value) + 0.0;  // -0 becomes +0
  } else if (auto* integer = std::get_if<std::uint64_t P::*>(&field.member)) {
    p.*(*integer) = static_cast<std::uint64_t>(std::get<double>(value));
  }
  return Status::success();
}

// The field's value in `p`; nullopt when unset.
template <typename P>
std::optional<OptionValue> read_field(const OptionField<P>& field, const P& p) {
  if (field.read) return field.read(p);
  if (auto* flag = std::get_if<bool P::*>(&field.member)) return p.*(*flag);
  if (auto* number = std::get_if<double P::*>(&field.member)) return p.*(*number);
  if (auto* integer = std::get_if<std::uint64_t P::*>(&field.member)) {
    const std::uint64_t v = p.*(*integer);
    if (field.zero_unsets && v == 0) return std::nullopt;
    // Beyond 2^53 a double would round it: the exact digits, for check_parameter's message.
    if (v > max_safe_integer) return OtherValue{std::to_string(v)};
    return static_cast<double>(v);
  }
  return std::nullopt;
}

template <typename P>
std::vector<std::string> field_names(const OptionTable<P>& table) {
  std::vector<std::string> names;
  for (const auto& field : table) names.push_back(field.spec.name);
  return names;
}

// The message for the first field of `table` whose value in `p` its spec refuses, or "" (for
// params filled in from C++: check_parameter).
template <typename P>
std::string check_fields(const OptionTable<P>& table, const P& p) {
  for (const auto& field : table) {
    const std::optional<OptionValue> value = read_field(field, p);
    if (!value) continue;
    if (Status s = field.spec.check(*value); !s.ok()) return s.message;
  }
  return "";
}

// Appends the settings of the fields of `table` (those in `only` when it is given) as `p` has
// them.
template <typename P>
void append_settings(const OptionTable<P>& table, const P& p, std::vector<OptionSetting>& out,
                     const std::vector<std::string>* only = nullptr) {
  for (const auto& field : table) {
    if (only && std::find(only->begin(), only->end(), field.spec.name) == only->end()) continue;
    out.push_back({field.spec, read_field(field, p)});
  }
}

}  // namespace perceptron
