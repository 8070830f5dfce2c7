#include "perceptron/estimator/learner.hpp"

#include <algorithm>
#include <type_traits>

#include "perceptron/models/kernel.hpp"
#include "perceptron/models/model.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/passive_aggressive.hpp"
#include "perceptron/models/winnow.hpp"

namespace perceptron {

namespace {

constexpr NameTable<Scaling, 3> scaling_names{{{Scaling::standardize, "standardize"},
                                               {Scaling::min_max, "minMax"},
                                               {Scaling::unit_ball, "unitBall"}}};

template <Model M>
class LearnerOf final : public Learner {
 public:
  explicit LearnerOf(const ModelOptions& options) : options_(options) {
    scaling_.kind = options.preprocess;
  }

  Status configure() {
    auto params = model_.params();
    if (Status s = apply_options(options_.values, params); !s.ok()) return s;
    return model_.set_params(params);
  }

  Status fit(const Dataset& data) override {
    Dataset train;
    std::optional<Scaler> scaler;
    if (Status s = scaling_.for_training(data, true, train, scaler); !s.ok()) return s;
    std::vector<double> row_weight;
    if (options_.class_weight) {
      std::vector<double> per_class;
      if (Status s = class_weight_of(train, *options_.class_weight, per_class); !s.ok()) return s;
      if (Status s = row_weights(train, {}, per_class, row_weight); !s.ok()) return s;
    }
    FitReport report;
    const Status s = model_.fit(train, report, {&row_weight});
    if (s.ok()) scaling_.commit(std::move(scaler));
    return s;
  }

  Status accuracy(const Dataset& data, double& out) const override {
    if (Status s = model_.check_fitted(); !s.ok()) return s;
    Dataset labelled, held;
    if (Status s = relabel(data, model_.classes(), "y", labelled); !s.ok()) return s;
    if (Status s = scaling_.for_prediction(labelled, held); !s.ok()) return s;
    return model_.accuracy(held.x, held.class_index, out);
  }

 private:
  ModelOptions options_;
  M model_;
  InputScaling scaling_;
};

// Calls f(std::type_identity<M>{}) for the model type M of `kind`.
template <typename F>
auto with_kind(ModelKind kind, F&& f) {
  switch (kind) {
    case ModelKind::multiclass:
      return f(std::type_identity<MulticlassPerceptron>{});
    case ModelKind::kernel:
      return f(std::type_identity<KernelPerceptron>{});
    case ModelKind::winnow:
      return f(std::type_identity<Winnow>{});
    case ModelKind::passive_aggressive:
      return f(std::type_identity<PassiveAggressive>{});
    case ModelKind::perceptron:
      break;
  }
  return f(std::type_identity<Perceptron>{});
}

}  // namespace

Status set_scaling(const std::string& option, const OptionValue& value, Scaling& out) {
  return set_choice(scaling_names, option, value, out);
}

std::string_view name_of(Scaling scaling) { return lookup_name(scaling_names, scaling); }

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

Status make_learner(ModelKind kind, const ModelOptions& options, std::unique_ptr<Learner>& out) {
  return with_kind(kind, [&]<Model M>(std::type_identity<M>) {
    auto learner = std::make_unique<LearnerOf<M>>(options);
    if (Status s = learner->configure(); !s.ok()) return s;
    out = std::move(learner);
    return Status::success();
  });
}

std::vector<OptionSetting> option_schema(ModelKind kind) {
  std::vector<OptionSetting> out = with_kind(kind, []<Model M>(std::type_identity<M>) {
    std::vector<OptionSetting> settings = option_settings(M{}.params());
    // A kind whose fit always starts afresh accepts warmStart: false, but offers no choice.
    if constexpr (!M::warm_starts) {
      std::erase_if(settings, [](const OptionSetting& s) { return s.spec.name == "warmStart"; });
    }
    return settings;
  });
  out.push_back({option_spec("preprocess", OptionType::choice, names_of(scaling_names)), {}});
  return out;
}

}  // namespace perceptron
