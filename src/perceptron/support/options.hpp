// Reading options as callers give them (JS values, or C++ variants), for every model kind:
// one set of setters, one message format ("option NAME must be EXPECTED; received VALUE"), one
// way to combine a kind's own options with the shared ones.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "perceptron/support/status.hpp"

namespace perceptron {

// A value as a JS caller may give it. `Other` carries a description of anything else
// ("null", "an array", ...), so that the message can say what was received.
struct OtherValue {
  std::string description;
};
using OptionValue = std::variant<double, bool, std::string, OtherValue>;
using OptionList = std::vector<std::pair<std::string, OptionValue>>;

// The largest integer a JS number (a double) holds exactly: 2^53 - 1.
inline constexpr std::uint64_t max_safe_integer = (1ULL << 53) - 1;

// "option <name> must be <expected>; received <value>": a TypeError when the value has the
// wrong kind, a RangeError when it is out of range.
Status option_error(bool is_type_error, const std::string& name, const std::string& expected,
                    const OptionValue& received);

// The TypeError for an option name that is not in `known`, listing them, with a suggestion
// when one is close.
Status unknown_option(const std::string& name, const std::vector<std::string>& known);

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

template <typename Enum, std::size_t N>
std::string one_of(const NameTable<Enum, N>& table) {
  std::string text = "one of ";
  for (std::size_t i = 0; i < N; ++i) text += (i ? ", " : "") + quote(std::string(table[i].second));
  return text;
}

// The setters: each checks kind and range and writes `field` only when the value is valid.
template <typename Enum, std::size_t N>
Status set_choice(const NameTable<Enum, N>& table, const std::string& name,
                  const OptionValue& value, Enum& field) {
  const auto* text = std::get_if<std::string>(&value);
  if (text == nullptr) return option_error(true, name, one_of(table), value);
  for (const auto& [key, key_name] : table) {
    if (key_name == *text) {
      field = key;
      return Status::success();
    }
  }
  return option_error(false, name, one_of(table), value);
}
Status set_bool(const std::string& name, const OptionValue& value, bool& field);
// An integer from minimum to maximum (2^53 - 1 unless given).
Status set_integer(const std::string& name, const OptionValue& value, std::uint64_t minimum,
                   std::uint64_t& field, std::uint64_t maximum = max_safe_integer);
// A finite number accepted by `valid`, described by `expected` ("a finite number > 0").
Status set_number(const std::string& name, const OptionValue& value, const std::string& expected,
                  const std::function<bool(double)>& valid, double& field);

// Applies `options` for a model kind: names in `own` go to set_own (which writes the kind's
// own fields), names in `shared` are passed on in `rest` (for the shared Params); any other
// name is unknown, and the message lists own then shared.
Status split_options(const OptionList& options, const std::vector<std::string>& own,
                     const std::vector<std::string>& shared,
                     const std::function<Status(const std::string&, const OptionValue&)>& set_own,
                     OptionList& rest);

}  // namespace perceptron
