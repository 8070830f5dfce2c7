// One interface over every model kind, built from its options: what model selection needs
// (fit on some rows, accuracy on others) without knowing the kind. The options a model takes
// beyond its kind's Params are here too: `preprocess` (a Scaler fitted on the training rows and
// applied to every later input) and `classWeight` (per-class weights on the updates).
#pragma once

#include <memory>
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

// 'standardize', 'minMax' or 'unitBall' as the option `option` ("preprocess", "kind"): a
// TypeError or RangeError naming it otherwise.
Status set_scaling(const std::string& option, const OptionValue& value, Scaling& out);
std::string_view name_of(Scaling scaling);

// A model's options as given: its kind's (checked by the kind's apply_options) and the two
// every kind shares.
struct ModelOptions {
  OptionList values;
  std::optional<Scaling> preprocess;
  std::optional<ClassWeight> class_weight;

  // `other`'s options replace these of the same name (a grid candidate over base options).
  void merge(const ModelOptions& other);
};

class Learner {
 public:
  virtual ~Learner() = default;
  // Trains from scratch on `data` (labelled): scaler fitted on it, class weights from its
  // classes.
  virtual Status fit(const Dataset& data) = 0;
  // The accuracy on `data`, its labels read against the classes learned.
  virtual Status accuracy(const Dataset& data, double& out) const = 0;
};

// A fresh model of `kind` with `options`; a TypeError or RangeError naming a bad option.
Status make_learner(ModelKind kind, const ModelOptions& options, std::unique_ptr<Learner>& out);

// Every option a model of `kind` takes, with its default (pw.optionSchema): the kind's own,
// then the shared ones it takes, then preprocess (no default: no scaling).
std::vector<OptionSetting> option_schema(ModelKind kind);

}  // namespace perceptron
