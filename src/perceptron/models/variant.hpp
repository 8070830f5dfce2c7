// The seam where the members of the perceptron family plug in.
//
// The training loop (perceptron_training.cpp) is shared by every variant: it scores with the
// current weights, decides the update with the mistake rule and applies it. A VariantPolicy watches
// every step and decides how the trained model scores new examples:
// - classic: the current weights (Rosenblatt; every lecture note);
// - averaged: the average of the weights after every step, the running sum a += w of the
//   Paris-Sud notes, kept with the counter trick so a correct step costs O(1), not O(d);
// - voted: every weight vector with its survival count, predicting by the count-weighted
//   vote of their signs (Freund and Schapire 1999);
// - pocket: the weights with the longest run of correct steps whose training accuracy is
//   strictly better than the pocket's (Gallant 1990, with ratchet).
// Adding a variant means one class in variant.cpp and one entry in make_variant.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/models/saved_model.hpp"
#include "perceptron/support/status.hpp"
#include "perceptron/training/params.hpp"

namespace perceptron {

// What a variant may look at during a step besides the example itself.
struct StepContext {
  MistakeRule rule = MistakeRule::margin;
  const Dataset* data = nullptr;                    // the training set in fit; null in learn_one
  const std::vector<double>* row_weight = nullptr;  // fit's per-row weights; null or empty = 1
};

class VariantPolicy {
 public:
  virtual ~VariantPolicy() = default;

  // Training starts from the weights w, b (zero, given, or the current ones).
  virtual void reset(std::span<const double> w, double b) = 0;

  // One step happened on x: w += step * x and b += bias_step were applied (step = eta *
  // weight * y, 0 when there was no update; bias_step = step, or 0 without intercept);
  // w, b are the weights after it.
  virtual void after_step(Row x, double step, double bias_step, std::span<const double> w, double b,
                          const StepContext& context) = 0;

  // The score with which the trained model classifies x; its sign (under the rule) is the
  // prediction.
  virtual double decision(Row x, std::span<const double> w, double b, MistakeRule rule) const = 0;
  // decision() of every row of x into out: the predicting model worked out once for all rows
  // (the averaged weights are O(d) to form; a row of a sparse x costs only its non-zeros).
  virtual void decisions(const Matrix& x, std::span<const double> w, double b, MistakeRule rule,
                         double* out) const {
    for (std::size_t i = 0; i < x.rows(); ++i) out[i] = decision(x.row(i), w, b, rule);
  }

  // The linear model that predicts, when there is one (all but voted): out_w, out_b.
  // Voted returns its last vector.
  virtual void predicting_weights(std::span<const double> w, double b, std::vector<double>& out_w,
                                  double& out_b) const = 0;

  // Whether the policy could record every step: the voted perceptron's copies of w have a
  // memory budget; past it, its steps are not recorded and this is the RangeError to return.
  virtual Status health() const { return Status::success(); }
  // health().ok() without making a Status: what the training loop asks after every step.
  virtual bool healthy() const { return true; }

  virtual NamedArrays save() const { return {}; }
  // Restores what save() wrote, for a model with n features; checks every length and value.
  virtual Status load(const NamedArrays& state, std::size_t n_features) = 0;

  virtual std::unique_ptr<VariantPolicy> clone() const = 0;
};

std::unique_ptr<VariantPolicy> make_variant(Variant variant);

}  // namespace perceptron
