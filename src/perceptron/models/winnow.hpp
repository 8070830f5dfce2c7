// Winnow (Littlestone 1988; Blum's notes): multiplicative updates for linear threshold
// functions over many irrelevant features.
//
// Basic Winnow, for 0/1 features: weights start at 1; predict positive iff w.x >= theta
// (theta = nFeatures by default); on a mistake on a positive example, w_i *= alpha for every
// x_i = 1 (promotion); on a negative one, w_i = 0 (demotion 'zero', Blum's disjunction learner)
// or w_i /= alpha (demotion 'divide', Winnow2). For an r-of-n disjunction with alpha = 2 and
// theta = n this makes at most 1 + 2r(1 + log2 n) mistakes ('zero') or 2 + 3r(1 + log2 n)
// ('divide'), whatever the order of the examples.
// Balanced Winnow, for general linear threshold functions (any finite features): positive and
// negative weights w+ = w- = 1; predict positive iff (w+ - w-).x >= theta (0 by default); on a
// mistake on a positive example w+_i *= (1 + epsilon)^x_i and w-_i /= (1 + epsilon)^x_i, the
// reverse on a negative one.
// The score decision_function reports is w.x - theta (balanced: (w+ - w-).x - theta).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "perceptron/models/kind.hpp"

namespace perceptron {

enum class Demotion { zero, divide };

struct WinnowParams {
  bool balanced = false;
  double alpha = 2;                    // basic: promotion (and 'divide' demotion) factor, > 1
  Demotion demotion = Demotion::zero;  // basic
  double epsilon = 0.5;                // balanced: the factor is 1 + epsilon, epsilon > 0
  bool threshold_given = false;        // else nFeatures (basic) or 0 (balanced)
  double threshold = 0;
  Params base;  // order, maxEpochs, maxSteps, seed, earlyStopping, validationFraction, patience
};

std::string check_parameter(const WinnowParams& params);
// Winnow's options: balanced, alpha, demotion, epsilon, threshold, and of the shared ones
// order, maxEpochs, maxSteps, seed, earlyStopping, validationFraction, patience.
Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     WinnowParams& params);
// The options as `params` has them (pw.optionSchema, model.options).
std::vector<OptionSetting> option_settings(const WinnowParams& params);

// params, set_params, fitted, n_features, classes, steps, fit, accuracy, error_rate: KindBase.
class Winnow : public KindBase<Winnow, WinnowParams> {
 public:
  // fit starts afresh (no warmStart option).
  static constexpr bool warm_starts = false;

  // Scores per row of decision_function: one.
  std::size_t scores_per_row() const { return 1; }
  double threshold() const;

  // fit's training, started in `trainer` to be driven step by step (trainer.hpp).
  Status start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs = {});
  Status partial_fit(const Dataset& batch, FitReport& report,
                     const std::vector<double>* row_weight = nullptr);

  Status decision_function(const Matrix& x, double* out) const;
  Status predict(const Matrix& x, std::uint32_t* out) const;

  // basic: w; balanced: w+ and w-.
  const std::vector<double>& weights() const { return positive_; }
  const std::vector<double>& negative_weights() const { return negative_; }

  // The model in the one saved form (saved_model.hpp), and back: restore checks every field,
  // all or nothing.
  // Arrays: weights, negativeWeights (empty for basic Winnow).
  SavedModel save() const;
  // What its getters show, by name (AnyModel::attribute): a number is an array of one.
  std::optional<std::vector<double>> attribute(std::string_view name) const;
  Status restore(const WinnowParams& params, const SavedModel& saved);

 private:
  friend KindBase;  // pass_on_copy calls start
  Status check_features(const Matrix& x, const std::string& argument) const;
  Status start(std::size_t n_features, const Classes& classes);
  double score(Row x) const;  // w.x - theta
  bool step(Row x, int label, double weight, StepDetail* detail = nullptr);
  Training train(Dataset all, std::vector<double> all_weights, std::optional<Dataset> validation,
                 Progress& progress, FitReport& report);

  std::vector<double> positive_, negative_;
};

}  // namespace perceptron
