#include "perceptron/training/params.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <functional>

namespace perceptron {

namespace {

constexpr NameTable<Variant, 4> variant_names{{{Variant::classic, "classic"},
                                               {Variant::averaged, "averaged"},
                                               {Variant::voted, "voted"},
                                               {Variant::pocket, "pocket"}}};
constexpr NameTable<MistakeRule, 3> mistake_rule_names{{{MistakeRule::margin, "margin"},
                                                        {MistakeRule::sign, "sign"},
                                                        {MistakeRule::strict, "strict"}}};
constexpr NameTable<Order, 3> order_names{
    {{Order::cyclic, "cyclic"}, {Order::shuffle, "shuffle"}, {Order::sample, "sample"}}};

Status set_positive(const std::string& name, const OptionValue& value, double& field) {
  return set_number(
      name, value, "a finite number > 0", [](double v) { return v > 0; }, field);
}

Status set_non_negative(const std::string& name, const OptionValue& value, double& field) {
  return set_number(
      name, value, "a finite number >= 0", [](double v) { return v >= 0; }, field);
}

Status set_fraction(const std::string& name, const OptionValue& value, double& field) {
  return set_number(
      name, value, "a number between 0 and 1 (exclusive)", [](double v) { return v > 0 && v < 1; },
      field);
}

using Setter = std::function<Status(const std::string&, const OptionValue&, Params&)>;

const std::vector<std::pair<std::string, Setter>>& setters() {
  static const std::vector<std::pair<std::string, Setter>> table = {
      {"variant",
       [](auto& n, auto& v, Params& p) { return set_choice(variant_names, n, v, p.variant); }},
      {"mistakeRule",
       [](auto& n, auto& v, Params& p) {
         return set_choice(mistake_rule_names, n, v, p.mistake_rule);
       }},
      {"order", [](auto& n, auto& v, Params& p) { return set_choice(order_names, n, v, p.order); }},
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
