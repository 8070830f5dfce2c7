// A model's options as given, for every model kind: its kind's Params (checked by the kind's
// apply_options) and the options every kind shares, `preprocess` (a Scaler fitted on the
// training rows and applied to every later input) and `classWeight` (per-class weights on the
// updates). Estimator<M> (estimator.hpp) is a model configured by them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/data/preprocess.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/support/options.hpp"

namespace perceptron {

enum class ModelKind { perceptron, multiclass, kernel, winnow, passive_aggressive };

// A kind by its name, the JS class's ("Perceptron", "MulticlassPerceptron", "KernelPerceptron",
// "Winnow", "PassiveAggressive"); a TypeError naming `name` otherwise.
Status kind_named(const std::string& name, ModelKind& out);
std::string_view name_of(ModelKind kind);

// 'standardize', 'minMax' or 'unitBall' as the option `option` ("preprocess", "kind"): a
// TypeError or RangeError naming it otherwise.
Status set_scaling(const std::string& option, const OptionValue& value, Scaling& out);
std::string_view name_of(Scaling scaling);
// The preprocess option as the options list it: its choices, and `value` when set.
OptionSetting preprocess_setting(const std::optional<Scaling>& value);

// A model's options as given: its kind's (checked by the kind's apply_options) and the two
// every kind shares.
struct ModelOptions {
  OptionList values;
  std::optional<Scaling> preprocess;
  std::optional<ClassWeight> class_weight;

  // `other`'s options replace these of the same name (a grid candidate over base options).
  void merge(const ModelOptions& other);
};

// Whether `options` make a valid model of `kind` (LIBLINEAR's check_parameter): the error
// configuring one would give. pw.checkOptions builds the model itself (bindings/js/options.js).
Status check_model_options(ModelKind kind, const ModelOptions& options);

// Every option a model of `kind` takes, with its default (pw.optionSchema): the kind's own,
// then the shared ones it takes, then preprocess (no default: no scaling).
std::vector<OptionSetting> option_schema(ModelKind kind);

}  // namespace perceptron
