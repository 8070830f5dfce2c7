#include "perceptron/estimator/learner.hpp"

#include <algorithm>
#include <memory>

#include "perceptron/estimator/estimator.hpp"

namespace perceptron {

namespace {

constexpr NameTable<Scaling, 3> scaling_names{{{Scaling::standardize, "standardize"},
                                               {Scaling::min_max, "minMax"},
                                               {Scaling::unit_ball, "unitBall"}}};

constexpr NameTable<ModelKind, 5> kind_names{
    {{ModelKind::perceptron, "Perceptron"},
     {ModelKind::multiclass, "MulticlassPerceptron"},
     {ModelKind::kernel, "KernelPerceptron"},
     {ModelKind::winnow, "Winnow"},
     {ModelKind::passive_aggressive, "PassiveAggressive"}}};

}  // namespace

Status set_scaling(const std::string& option, const OptionValue& value, Scaling& out) {
  return set_choice(scaling_names, option, value, out);
}

std::string_view name_of(Scaling scaling) { return lookup_name(scaling_names, scaling); }

OptionSetting preprocess_setting(const std::optional<Scaling>& value) {
  OptionSetting out{option_spec("preprocess", OptionType::choice, names_of(scaling_names)), {}};
  if (value) out.value = std::string(name_of(*value));
  return out;
}

void ModelOptions::merge(const ModelOptions& other) {
  for (const auto& option : other.values) {
    const auto same = std::find_if(values.begin(), values.end(),
                                   [&](const auto& entry) { return entry.first == option.first; });
    if (same == values.end()) {
      values.push_back(option);
    } else {
      same->second = option.second;
    }
  }
  if (other.preprocess) preprocess = other.preprocess;
  if (other.class_weight) class_weight = other.class_weight;
}

Status kind_named(const std::string& name, ModelKind& out) {
  for (const auto& [kind, kind_name] : kind_names) {
    if (name == kind_name) {
      out = kind;
      return Status::success();
    }
  }
  return Status::type_error("Kind must be a model class of the package; received " + name);
}

std::string_view name_of(ModelKind kind) { return lookup_name(kind_names, kind); }

Status check_model_options(ModelKind kind, const ModelOptions& options) {
  AnyEstimator estimator(kind);
  return estimator.configure(options);
}

std::vector<OptionSetting> option_schema(ModelKind kind) {
  const std::unique_ptr<AnyModel> model = make_model(kind);
  std::vector<OptionSetting> out = model->settings();
  // A kind whose fit always starts afresh accepts warmStart: false, but offers no choice.
  if (!model->warm_starts()) {
    std::erase_if(out, [](const OptionSetting& s) { return s.spec.name == "warmStart"; });
  }
  out.push_back(preprocess_setting(std::nullopt));
  return out;
}

}  // namespace perceptron
