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
constexpr NameTable<Precision, 2> precision_names{
    {{Precision::float64, "float64"}, {Precision::float32, "float32"}}};

OptionSpec fraction() {
  OptionSpec spec;
  spec.minimum = 0;
  spec.maximum = 1;
  spec.exclusive_minimum = spec.exclusive_maximum = true;
  return spec;
}

// precision: a choice, listed in a model's options (and its saved JSON) only when 'float32', as
// maxSteps only when set, so that every model saved before it saves the same text.
OptionField<Params> precision_field() {
  OptionField<Params> field = choice_field<&Params::precision, precision_names>("precision");
  field.read = [](const Params& p) -> std::optional<OptionValue> {
    if (p.precision == Precision::float64) return std::nullopt;
    return std::string(name_of(p.precision));
  };
  return field;
}

const OptionTable<Params>& fields() {
  static const OptionTable<Params> table = [] {
    OptionTable<Params> t = {
        choice_field<&Params::variant, variant_names>("variant"),
        choice_field<&Params::mistake_rule, mistake_rule_names>("mistakeRule"),
        choice_field<&Params::order, order_names>("order"),
        number_field("learningRate", above(0), &Params::learning_rate),
        number_field("margin", at_least(0), &Params::margin),
        bool_field("fitIntercept", &Params::fit_intercept),
        integer_field("maxEpochs", 1, &Params::max_epochs),
        integer_field("maxSteps", 1, &Params::max_steps, true),
        integer_field("seed", 0, &Params::seed),
        bool_field("warmStart", &Params::warm_start),
        bool_field("earlyStopping", &Params::early_stopping),
        number_field("validationFraction", fraction(), &Params::validation_fraction),
        integer_field("patience", 1, &Params::patience),
        precision_field(),
    };
    // Per-label costs need the classes: Estimator<M> (estimator/estimator.hpp) keeps
    // classWeight, beside the params, and matches its keys to the classes (class_weight_of).
    // Here it is only named, so that unknown option messages list it and a value that reaches
    // apply_options is reported.
    OptionField<Params> class_weight;
    class_weight.spec = option_spec("classWeight", OptionType::label_weights, {"balanced"});
    t.push_back(class_weight);
    return t;
  }();
  return table;
}

}  // namespace

std::string_view name_of(Variant value) { return lookup_name(variant_names, value); }
std::string_view name_of(MistakeRule value) { return lookup_name(mistake_rule_names, value); }
std::string_view name_of(Order value) { return lookup_name(order_names, value); }
std::string_view name_of(Precision value) { return lookup_name(precision_names, value); }

std::vector<std::string> with_model_options(std::vector<std::string> names) {
  // The model's options read outside its params: preprocess (its scaler), hashing (the JS
  // wrapper's columns of named features).
  for (const char* model_option : {"preprocess", "hashing"}) {
    if (std::find(names.begin(), names.end(), model_option) == names.end()) {
      names.emplace_back(model_option);
    }
  }
  return names;
}

const std::vector<std::string>& option_names() {
  static const std::vector<std::string> names = with_model_options(field_names(fields()));
  return names;
}

const std::vector<std::string>& shared_option_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list = option_names();
    std::erase(list, "precision");
    return list;
  }();
  return names;
}

std::string check_parameter(const Params& params) { return check_fields(fields(), params); }

Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     Params& params) {
  Params updated = params;
  for (const auto& [name, value] : options) {
    const OptionField<Params>* field = find_field(fields(), name);
    if (field == nullptr) return unknown_option(name, option_names());
    if (Status s = set_field(*field, value, updated); !s.ok()) return s;
  }
  params = updated;
  return Status::success();
}

std::vector<OptionSetting> option_settings(const Params& params,
                                           const std::vector<std::string>* only) {
  std::vector<OptionSetting> out;
  append_settings(fields(), params, out, only);
  return out;
}

}  // namespace perceptron
