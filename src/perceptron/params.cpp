#include "perceptron/params.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <functional>

namespace perceptron {

namespace {

template <typename Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

constexpr NameTable<Variant, 4> variant_names{{{Variant::classic, "classic"},
                                               {Variant::averaged, "averaged"},
                                               {Variant::voted, "voted"},
                                               {Variant::pocket, "pocket"}}};
constexpr NameTable<MistakeRule, 3> mistake_rule_names{{{MistakeRule::margin, "margin"},
                                                        {MistakeRule::sign, "sign"},
                                                        {MistakeRule::strict, "strict"}}};
constexpr NameTable<Order, 3> order_names{
    {{Order::cyclic, "cyclic"}, {Order::shuffle, "shuffle"}, {Order::sample, "sample"}}};

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
  for (std::size_t i = 0; i < N; ++i) {
    text += (i ? ", " : "") + quote(std::string(table[i].second));
  }
  return text;
}

std::string describe(const OptionValue& value) {
  struct Describer {
    std::string operator()(double v) const { return format_number(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(const std::string& v) const { return "the string " + quote(v); }
    std::string operator()(const OtherValue& v) const { return v.description; }
  };
  return std::visit(Describer{}, value);
}

template <typename Enum, std::size_t N>
Status set_enum(const NameTable<Enum, N>& table, const std::string& name, const OptionValue& value,
                Enum& field) {
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

Status set_bool(const std::string& name, const OptionValue& value, bool& field) {
  const auto* flag = std::get_if<bool>(&value);
  if (flag == nullptr) return option_error(true, name, "true or false", value);
  field = *flag;
  return Status::success();
}

Status set_non_negative(const std::string& name, const OptionValue& value, double& field) {
  const std::string expected = "a finite number >= 0";
  const auto* number = std::get_if<double>(&value);
  if (number == nullptr) return option_error(true, name, expected, value);
  if (!std::isfinite(*number) || !(*number >= 0)) return option_error(false, name, expected, value);
  field = *number + 0.0;  // -0 becomes +0
  return Status::success();
}

Status set_fraction(const std::string& name, const OptionValue& value, double& field) {
  const std::string expected = "a number between 0 and 1 (exclusive)";
  const auto* number = std::get_if<double>(&value);
  if (number == nullptr) return option_error(true, name, expected, value);
  if (!(*number > 0 && *number < 1)) return option_error(false, name, expected, value);
  field = *number;
  return Status::success();
}

Status set_integer(const std::string& name, const OptionValue& value, std::uint64_t minimum,
                   std::uint64_t& field) {
  const std::string expected =
      "an integer from " + std::to_string(minimum) + " to " + std::to_string(max_safe_integer);
  const auto* number = std::get_if<double>(&value);
  if (number == nullptr) return option_error(true, name, expected, value);
  if (!(std::floor(*number) == *number) || *number < static_cast<double>(minimum) ||
      *number > static_cast<double>(max_safe_integer)) {
    return option_error(false, name, expected, value);
  }
  field = static_cast<std::uint64_t>(*number);
  return Status::success();
}

Status set_positive(const std::string& name, const OptionValue& value, double& field) {
  const std::string expected = "a finite number > 0";
  const auto* number = std::get_if<double>(&value);
  if (number == nullptr) return option_error(true, name, expected, value);
  if (!std::isfinite(*number) || !(*number > 0)) return option_error(false, name, expected, value);
  field = *number;
  return Status::success();
}

using Setter = std::function<Status(const std::string&, const OptionValue&, Params&)>;

const std::vector<std::pair<std::string, Setter>>& setters() {
  static const std::vector<std::pair<std::string, Setter>> table = {
      {"variant",
       [](auto& n, auto& v, Params& p) { return set_enum(variant_names, n, v, p.variant); }},
      {"mistakeRule", [](auto& n, auto& v,
                         Params& p) { return set_enum(mistake_rule_names, n, v, p.mistake_rule); }},
      {"order", [](auto& n, auto& v, Params& p) { return set_enum(order_names, n, v, p.order); }},
      {"learningRate",
       [](auto& n, auto& v, Params& p) { return set_positive(n, v, p.learning_rate); }},
      {"margin", [](auto& n, auto& v, Params& p) { return set_non_negative(n, v, p.margin); }},
      {"fitIntercept", [](auto& n, auto& v, Params& p) { return set_bool(n, v, p.fit_intercept); }},
      {"maxEpochs", [](auto& n, auto& v, Params& p) { return set_integer(n, v, 1, p.max_epochs); }},
      {"maxSteps", [](auto& n, auto& v, Params& p) { return set_integer(n, v, 1, p.max_steps); }},
      {"seed", [](auto& n, auto& v, Params& p) { return set_integer(n, v, 0, p.seed); }},
      {"warmStart", [](auto& n, auto& v, Params& p) { return set_bool(n, v, p.warm_start); }},
      {"earlyStopping",
       [](auto& n, auto& v, Params& p) { return set_bool(n, v, p.early_stopping); }},
      {"validationFraction",
       [](auto& n, auto& v, Params& p) { return set_fraction(n, v, p.validation_fraction); }},
      {"patience", [](auto& n, auto& v, Params& p) { return set_integer(n, v, 1, p.patience); }},
      // Per-label costs need the labels, which only the caller's language has: the bindings
      // take classWeight themselves (see row_weights). Here it is only named, so that unknown
      // option messages list it and a value that reaches the core is reported.
      {"classWeight",
       [](auto& n, auto& v, Params&) {
         return option_error(true, n, "'balanced' or an object {label: weight}", v);
       }},
  };
  return table;
}

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

std::string_view name_of(Variant value) { return lookup_name(variant_names, value); }
std::string_view name_of(MistakeRule value) { return lookup_name(mistake_rule_names, value); }
std::string_view name_of(Order value) { return lookup_name(order_names, value); }

const std::vector<std::string>& option_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const auto& entry : setters()) list.push_back(entry.first);
    return list;
  }();
  return names;
}

std::string check_parameter(const Params& params) {
  if (name_of(params.variant).empty()) return "option variant must be " + one_of(variant_names);
  if (name_of(params.mistake_rule).empty()) {
    return "option mistakeRule must be " + one_of(mistake_rule_names);
  }
  if (name_of(params.order).empty()) return "option order must be " + one_of(order_names);
  if (!std::isfinite(params.learning_rate) || !(params.learning_rate > 0)) {
    return "option learningRate must be a finite number > 0; received " +
           format_number(params.learning_rate);
  }
  if (!std::isfinite(params.margin) || !(params.margin >= 0)) {
    return "option margin must be a finite number >= 0; received " + format_number(params.margin);
  }
  if (params.max_epochs < 1 || params.max_epochs > max_safe_integer) {
    return "option maxEpochs must be an integer from 1 to " + std::to_string(max_safe_integer) +
           "; received " + std::to_string(params.max_epochs);
  }
  if (params.max_steps > max_safe_integer) {
    return "option maxSteps must be an integer from 1 to " + std::to_string(max_safe_integer) +
           "; received " + std::to_string(params.max_steps);
  }
  if (!(params.validation_fraction > 0 && params.validation_fraction < 1)) {
    return "option validationFraction must be a number between 0 and 1 (exclusive); received " +
           format_number(params.validation_fraction);
  }
  if (params.patience < 1 || params.patience > max_safe_integer) {
    return "option patience must be an integer from 1 to " + std::to_string(max_safe_integer) +
           "; received " + std::to_string(params.patience);
  }
  if (params.seed > max_safe_integer) {
    return "option seed must be an integer from 0 to " + std::to_string(max_safe_integer) +
           "; received " + std::to_string(params.seed);
  }
  return "";
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

Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     Params& params) {
  Params updated = params;
  for (const auto& option : options) {
    const std::string& name = option.first;
    const OptionValue& value = option.second;
    const auto& table = setters();
    const auto found = std::find_if(table.begin(), table.end(),
                                    [&](const auto& entry) { return entry.first == name; });
    if (found == table.end()) return unknown_option(name, option_names());
    if (Status s = found->second(name, value, updated); !s.ok()) return s;
  }
  params = updated;
  return Status::success();
}

}  // namespace perceptron
