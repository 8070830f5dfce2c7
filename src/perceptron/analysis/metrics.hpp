// Losses, metrics and the mistake bounds of the lecture notes, next to what happened.
//
// Losses take labels y in {-1, +1} and scores f = w.x + b, one per example:
//   zero_one: 1 if y f <= 0 ... as the prediction rule says (f >= 0 predicts +1), so
//     1 when (f >= 0 ? +1 : -1) != y; perceptron: max(0, -y f); hinge: max(0, 1 - y f);
//   gamma_hinge: max(0, 1 - y f / gamma) (Blum's notes); cost_weighted: c_fp for a false
//   positive, c_fn for a false negative (Paris-Sud's cost-weighted 0/1 loss).
// The empirical risk is the mean loss.
// Metrics take class indices (0..K-1) of the truth and the prediction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/data/dataset.hpp"
#include "perceptron/support/options.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

enum class Loss { zero_one, perceptron, hinge, gamma_hinge, cost_weighted };

// 'zeroOne', 'perceptron', 'hinge', 'gammaHinge' or 'costWeighted' as the option "loss".
Status set_loss(const OptionValue& value, Loss& out);

struct LossParams {
  Loss loss = Loss::zero_one;
  double gamma = 1;                // gamma_hinge, > 0
  double false_positive_cost = 1;  // cost_weighted, >= 0
  double false_negative_cost = 1;  // cost_weighted, >= 0
};

// Each example's loss; `labels` in {-1, +1}.
Status losses(const std::vector<int>& labels, const std::vector<double>& scores,
              const LossParams& params, std::vector<double>& out);
// The mean of losses().
Status empirical_risk(const std::vector<int>& labels, const std::vector<double>& scores,
                      const LossParams& params, double& out);

struct ClassificationReport {
  std::size_t classes = 0;
  std::vector<std::uint64_t> confusion;  // K x K row-major: row = truth, column = prediction
  double accuracy = 0;
  double error_rate = 0;
  std::vector<double> precision, recall, f1;  // per class; 0 where undefined (no predictions
                                              // of, or no examples of, that class)
  std::vector<std::uint64_t> support;         // examples of each class
  double macro_precision = 0, macro_recall = 0, macro_f1 = 0;
  double balanced_accuracy = 0;  // the mean recall over the classes present
};

// `truth` (yTrue) and `predicted` (yPred): as many, at least one.
Status classification_report(const std::vector<std::uint32_t>& truth,
                             const std::vector<std::uint32_t>& predicted, std::size_t classes,
                             ClassificationReport& out);

// pw.metrics' calls on labels as callers give them (metrics_input.cpp): numbers or strings, of
// one kind, named y, yTrue and yPred in messages.
//
// losses_of: each example's loss for any two labels `y` and `scores`, with the options {loss,
// gamma, falsePositiveCost, falseNegativeCost} read from `options`; `classes` is the classes
// option ([negative, positive], nullptr when unset: y's two classes sorted, or [-1, 1] when y
// holds only one of them).
Status losses_of(const std::vector<double>& y, const std::vector<double>* classes,
                 const std::vector<double>& scores, const OptionList& options,
                 std::vector<double>& out);
Status losses_of(const std::vector<std::string>& y, const std::vector<std::string>* classes,
                 const std::vector<double>& scores, const OptionList& options,
                 std::vector<double>& out);
// losses_of for labels as a JS caller gives them: y's numbers or names (`numeric` says which),
// and the classes option's elements when it is an array (`classes`; nullptr otherwise, and then
// the option, when set, is the TypeError), which must be labels of y's kind (of either kind
// when y is empty: the first one's).
Status losses_of(const std::vector<double>& numbers, const std::vector<std::string>& names,
                 bool numeric, const std::vector<OptionValue>* classes,
                 const std::vector<double>& scores, const OptionList& options,
                 std::vector<double>& out);
// report_of: the classification report of the predictions against the truth, over `labels`: the
// labels of both, sorted as every model sorts its classes.
Status report_of(const std::vector<double>& truth, const std::vector<double>& predicted,
                 Classes& labels, ClassificationReport& out);
Status report_of(const std::vector<std::string>& truth, const std::vector<std::string>& predicted,
                 Classes& labels, ClassificationReport& out);

// The report over `labels` as pw.metrics.classificationReport gives it: {labels,
// confusionMatrix (rows of truth), accuracy, errorRate, precision, recall, f1, support,
// macroPrecision, macroRecall, macroF1, balancedAccuracy}.
json::Value report_value(const ClassificationReport& report, const Classes& labels);

// The mistake bounds, each with its ingredients.
struct Bound {
  double value = 0;  // the bound on the number of mistakes (infinity when it does not apply)
  double radius = 0;
  double margin = 0;      // gamma (or rho)
  double bias = 0;        // the Hacettepe form's b*
  double deviation = 0;   // Freund-Schapire's D = sqrt(sum d_i^2)
  double hinge_loss = 0;  // Blum's total gamma-hinge loss
  bool separable = false;
};

// Block-Novikoff (R / gamma*)^2 with gamma* the dataset's margin: without an intercept, of
// separators through the origin with R = max ||x||; with one, of the augmented examples (x, 1)
// (the perceptron with a bias is the perceptron on them) with R = max ||(x, 1)||.
// Not separable: value is infinity.
Status novikoff_bound(const Dataset& data, bool fit_intercept, Bound& out);
// The Hacettepe notes' bias form ((b*^2 + 1)(r^2 + 1)) / rho^2, with (w*, b*) the max-margin
// separator (||w*|| = 1), rho its margin and r = max ||x||.
Status bias_bound(const Dataset& data, Bound& out);
// Freund and Schapire's ((R + D) / gamma)^2 for a unit vector u and gamma > 0, with
// d_i = max(0, gamma - y_i u.x_i) and D = sqrt(sum d_i^2) (through the origin; for a bias,
// pass augmented examples).
Status freund_schapire_bound(const Dataset& data, const std::vector<double>& u, double gamma,
                             Bound& out);
// Blum's 1 / gamma^2 + 2 * sum_i max(0, 1 - y_i w.x_i / gamma) for a unit w, gamma > 0 and
// examples in the unit ball (max ||x|| <= 1).
Status blum_bound(const Dataset& data, const std::vector<double>& w, double gamma, Bound& out);

}  // namespace perceptron
