// Passive-Aggressive learning (Crammer, Dekel, Keshet, Shalev-Shwartz and Singer 2006), binary
// and multi-class.
//
// Binary (two classes): score s = w.x + b; hinge loss l = max(0, 1 - y s); when l > 0,
//   w += tau y x, b += tau y (with an intercept, the bias is a constant feature 1, so
//   q = ||x||^2 + 1; without, q = ||x||^2), where tau is
//   PA: l / q;  PA-I: min(C, l / q);  PA-II: l / (q + 1 / (2C)).
// Multi-class (K > 2): one vector and bias per class; r = argmax over k != y of s_k;
//   l = max(0, 1 - (s_y - s_r)); the same tau with q doubled (both vectors move);
//   w_y += tau x, w_r -= tau x (biases alike). Predict the argmax, ties to the lowest index.
// A row weight multiplies tau. An example with q = 0 (x = 0, no intercept) is skipped.
// The reports count updates (steps with l > 0) as mistakes; converged means an epoch
// without an update (every margin >= 1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "perceptron/models/kind.hpp"

namespace perceptron {

enum class PaMode { pa, pa1, pa2 };

struct PaParams {
  PaMode mode = PaMode::pa1;
  double c = 1;  // aggressiveness C > 0 (PA-I, PA-II)
  Params base;   // fitIntercept, order, maxEpochs, maxSteps, seed, early stopping
};

std::string check_parameter(const PaParams& params);
Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     PaParams& params);
// The options as `params` has them (pw.optionSchema, model.options).
std::vector<OptionSetting> option_settings(const PaParams& params);
std::string_view name_of(PaMode mode);

// params, set_params, fitted, n_features, classes, steps, fit, accuracy, error_rate: KindBase.
class PassiveAggressive : public KindBase<PassiveAggressive, PaParams> {
 public:
  // fit starts afresh (no warmStart option).
  static constexpr bool warm_starts = false;

  // One score per row for two classes (w.x + b), K for more.
  std::size_t scores_per_row() const { return classes_.size() == 2 ? 1 : classes_.size(); }

  // fit's training, started in `trainer` to be driven step by step (trainer.hpp).
  Status start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs = {});
  Status partial_fit(const Dataset& batch, FitReport& report,
                     const std::vector<double>* row_weight = nullptr);

  Status decision_function(const Matrix& x, double* out) const;
  Status predict(const Matrix& x, std::uint32_t* out) const;

  // Row-major weights: 1 x d for two classes, K x d for more; biases alike.
  const std::vector<double>& weights() const { return weights_; }
  const std::vector<double>& biases() const { return biases_; }

  // The model in the one saved form (saved_model.hpp), and back: restore checks every field,
  // all or nothing.
  // Arrays: weights (rows), biases.
  SavedModel save() const;
  // What its getters show, by name (AnyModel::attribute): a number is an array of one.
  std::optional<std::vector<double>> attribute(std::string_view name) const;
  Status restore(const PaParams& params, const SavedModel& saved);

 private:
  friend KindBase;  // pass_on_copy calls start
  Status start(std::size_t n_features, const Classes& classes);
  void scores(Row x, double* out) const;
  bool step(Row x, std::uint32_t label, double weight, StepDetail* detail = nullptr);
  double tau(double loss, double q) const;
  Training train(Dataset all, std::vector<double> all_weights, std::optional<Dataset> validation,
                 Progress& progress, FitReport& report);

  std::vector<double> weights_, biases_;
};

}  // namespace perceptron
