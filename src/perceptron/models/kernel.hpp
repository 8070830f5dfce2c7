// The kernel perceptron: the dual form of the binary perceptron (the Hacettepe notes' "w is a
// sum of y_i x_i"), with one coefficient per support vector.
//
// Model: score(x) = sum_k c_k K(s_k, x) + b, with support vectors s_k (rows of nFeatures) and
// coefficients c_k. A mistake on training row i (under the mistake rule and margin, as for
// Perceptron) adds eta * weight * y_i to the coefficient of x_i (a new support vector the first
// time) and, with an intercept, to b. With the linear kernel K(a, b) = a.b this is the primal
// perceptron with w = sum_k c_k s_k: the same mistakes, step for step.
// Kernels: linear a.b; polynomial (gamma a.b + coef0)^degree; rbf exp(-gamma ||a - b||^2);
// gamma 0 means 1 / nFeatures.
// budget (0 = none): when a new support vector would make more than `budget`, the oldest one
// (the first added) is removed first, with its contribution.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "perceptron/models/kind.hpp"

namespace perceptron {

enum class Kernel { linear, polynomial, rbf };
std::string_view name_of(Kernel value);

struct KernelParams {
  Kernel kernel = Kernel::rbf;
  std::uint64_t degree = 3;  // polynomial; an integer >= 1
  double gamma = 0;          // polynomial, rbf; > 0, or 0 for 1 / nFeatures
  double coef0 = 1;          // polynomial; finite
  std::uint64_t budget = 0;  // maximum support vectors; 0 for no limit
  Params base;               // variant must be 'classic'
};

std::string check_parameter(const KernelParams& params);
// As apply_options, plus kernel, degree, gamma ('auto' or > 0), coef0 and budget.
Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     KernelParams& params);
// The options as `params` has them (pw.optionSchema, model.options).
std::vector<OptionSetting> option_settings(const KernelParams& params);

// params, set_params, fitted, n_features, classes, steps, fit (as Perceptron::fit: two classes,
// from no support vectors; no observer), accuracy, error_rate: KindBase.
class KernelPerceptron : public KindBase<KernelPerceptron, KernelParams> {
 public:
  // fit starts from no support vectors (warmStart is accepted as false only).
  static constexpr bool warm_starts = false;

  // Scores per row of decision_function: one.
  std::size_t scores_per_row() const { return 1; }
  double gamma() const;  // the gamma in effect

  // fit's training, started in `trainer` to be driven step by step (trainer.hpp).
  Status start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs = {});
  // As Perceptron::partial_fit: new support vectors for this batch's mistakes.
  Status partial_fit(const Dataset& batch, FitReport& report,
                     const std::vector<double>* row_weight = nullptr);

  Status decision_function(const Matrix& x, double* out) const;
  Status predict(const Matrix& x, std::uint32_t* out) const;

  // Support vectors row-major (size() x nFeatures), their coefficients, the bias.
  const std::vector<double>& support_vectors() const { return support_; }
  const std::vector<double>& coefficients() const { return coefficients_; }
  double bias() const { return bias_; }

  // The model in the one saved form (saved_model.hpp), and back: restore checks every field,
  // all or nothing.
  // Arrays: supportVectors (rows), coefficients, bias.
  SavedModel save() const;
  // What its getters show, by name (AnyModel::attribute): a number is an array of one.
  std::optional<std::vector<double>> attribute(std::string_view name) const;
  Status restore(const KernelParams& params, const SavedModel& saved);

  // K(a, x) for a support vector a (nFeatures values) and a row x.
  double kernel(const double* a, Row x) const;

 private:
  // fit's training (from no support vectors), or with `single_pass` partial_fit's one pass
  // continuing from the current ones; both keep a score cache of the training rows.
  Training train(Dataset all, std::vector<double> all_weights, std::optional<Dataset> validation,
                 bool single_pass, Progress& progress, FitReport& report);
  double score(Row x) const;

  std::vector<double> support_;       // rows of n_features_
  std::vector<double> coefficients_;  // one per support vector
  double bias_ = 0;
};

}  // namespace perceptron
