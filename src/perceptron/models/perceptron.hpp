// The binary linear perceptron.
//
// Model: score(x) = w.x + b with w a vector of n_features doubles and b a separate bias
// (not folded into w; with fitIntercept false, b stays at its initial value, 0 by default).
// The class at index 0 of classes() is the negative class (-1), index 1 the positive (+1).
// Training follows the online protocol of the lecture notes: for each example, score,
// predict, compare with the label under the mistake rule, update on a mistake.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/models/saved_model.hpp"
#include "perceptron/models/variant.hpp"
#include "perceptron/support/options.hpp"
#include "perceptron/support/status.hpp"
#include "perceptron/training/params.hpp"
#include "perceptron/training/trainer.hpp"
#include "perceptron/training/training.hpp"
#include "perceptron/training/weights.hpp"

namespace perceptron {

// One step of training, as the lecture notes' traces list it. The weights after the step
// are passed beside it.
struct StepRecord {
  std::uint64_t t = 0;      // 1-based count of steps since training started
  std::uint64_t epoch = 0;  // 1-based epoch (a block of rows draws for order 'sample');
                            // 0 for learn_one, which has no epochs
  std::size_t index = 0;    // the example's row (for learn_one: t - 1, its place in the stream)
  double score = 0;         // w.x + b before the update
  int prediction = 0;       // +1 / -1 under the mistake rule
  int label = 0;            // +1 / -1
  bool mistake = false;     // whether the update was applied
};

class FitObserver {
 public:
  virtual ~FitObserver() = default;
  // Before the step on `row` (ovr/ovo describe their model as it is then).
  virtual void before_step(std::size_t /*row*/) {}
  virtual Control on_step(const StepRecord&, std::span<const double> /*w*/, double /*b*/) {
    return Control::proceed;
  }
  virtual Control on_epoch(const EpochRecord&, std::span<const double> /*w*/, double /*b*/) {
    return Control::proceed;
  }
};

// Optional starting point for fit (warm start from given weights).
struct InitialWeights {
  std::vector<double> weights;
  double bias = 0;
};
// fit's initialBias option as given: a TypeError unless a number, a RangeError unless finite.
Status read_initial_bias(const OptionValue& value, double& out);

class Perceptron {
 public:
  // fit continues from the current weights with the option warmStart.
  static constexpr bool warm_starts = true;

  Perceptron();
  Perceptron(const Perceptron& other);
  Perceptron& operator=(const Perceptron& other);
  Perceptron(Perceptron&&) noexcept = default;
  Perceptron& operator=(Perceptron&&) noexcept = default;

  const Params& params() const { return params_; }
  // Replaces the options after check_parameter; the learned state is kept.
  Status set_params(const Params& params);

  bool fitted() const { return n_features_ > 0; }
  // The NotFittedError of predict and the like, or success once the model has learned.
  Status check_fitted() const;
  std::size_t n_features() const { return n_features_; }
  // Scores per row of decision_function: one.
  std::size_t scores_per_row() const { return 1; }
  const Classes& classes() const { return classes_; }
  // The weights the training loop updates (what traces show).
  std::span<const double> weights() const { return weights_; }
  double bias() const { return bias_; }
  // The linear model that predicts: the current weights (classic), their average
  // (averaged), the pocket (pocket); voted predicts by vote and returns its last vector.
  void predicting_weights(std::vector<double>& w, double& b) const {
    variant_->predicting_weights(weights_, bias_, w, b);
  }
  const VariantPolicy& variant() const { return *variant_; }
  std::uint64_t steps() const { return steps_; }

  // Trains on the dataset (exactly two classes). Starts from zero weights, from `initial`
  // when given, or from the current weights when params().warm_start and the model is
  // fitted on the same classes and feature count. `row_weight` (one finite value >= 0 per
  // row, see row_weights) scales each example's update. On any error the model is unchanged.
  //
  // With a validation set (given, or with params().early_stopping the stratified split of
  // validation_fraction of `data` by stratified_split), the model of the epoch with the lowest
  // validation error is kept, and training stops after `patience` epochs without a lower one;
  // the history then has each epoch's training and validation error.
  Status fit(const Dataset& data, FitReport& report, const FitInputs& inputs = {},
             FitObserver* observer = nullptr, const InitialWeights* initial = nullptr);
  // fit's training, started in `trainer` (checked and set up, no step taken) to be driven step
  // by step: fit is this run to its end. On error the model is unchanged.
  Status start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs = {},
                        FitObserver* observer = nullptr, const InitialWeights* initial = nullptr);

  // One pass over a batch, continuing from the current weights (data arriving in batches).
  // The batch's classes must be the model's; a model that has not learned yet takes its
  // classes from the batch (exactly two) and its feature count from X. The batch is visited
  // in the order visit_order gives for the seed plus the steps taken so far. `report` covers
  // the pass (converged: no update in it). On error the model is unchanged.
  Status partial_fit(const Dataset& batch, FitReport& report,
                     const std::vector<double>* row_weight = nullptr);

  // Starts an unfitted model at zero weights for n features and two classes (what the first
  // learn_one or partial_fit does); an error if it has learned already.
  Status initialize(std::size_t n_features, const Classes& classes);

  // The fraction of rows the model predicts wrong (1 - accuracy), for a checked dataset with
  // the model's classes and feature count.
  double error_rate(const Dataset& data) const;

  // One step of the online protocol on x (n values) with the class at class_index (0 or 1):
  // score, predict, compare, update. The first call on an unfitted model fixes the feature
  // count and the classes, which it must be given then (`classes`, two of them); later
  // calls may repeat the same classes or pass nullptr. `weight` (finite, >= 0) scales the
  // update, as a row weight does in fit. On any error the model is unchanged.
  Status learn_one(const double* x, std::size_t n, std::uint32_t class_index, StepRecord& out,
                   const Classes* classes = nullptr, double weight = 1.0);

  // Scores of X's rows into out[0..rows).
  Status decision_function(const Matrix& x, double* out) const;
  // Predicted class indices (0 or 1) into out[0..rows).
  Status predict(const Matrix& x, std::uint32_t* out) const;
  // The fraction of rows whose predicted class index equals class_index[i].
  Status accuracy(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                  double& out) const;

  // For each row, whether a training step on it would update the current weights now (a
  // mistake under the rule, or within the margin): out[i] is 1 or 0. fit's test of
  // convergence for order 'sample'.
  Status would_update(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                      std::vector<std::uint8_t>& out) const;

  // The model in the one saved form (saved_model.hpp), and back: restore checks every field,
  // all or nothing.
  // Arrays: weights and bias (the current ones, which training updates), and the variant's
  // state.
  SavedModel save() const;
  // What its getters show, by name (AnyModel::attribute): a number is an array of one.
  std::optional<std::vector<double>> attribute(std::string_view name) const;
  Status restore(const Params& params, const SavedModel& saved);
  // The same from its fields.
  Status restore(const Params& params, const Classes& classes, std::vector<double> weights,
                 double bias, std::uint64_t steps, const NamedArrays& state = {});

 private:
  // n_features finite weights and a finite bias; `argument` names the weights in messages.
  static Status check_weights(const std::vector<double>& weights, double bias,
                              std::size_t n_features, const std::string& argument);
  Status check_input(const Matrix& x) const;
  StepRecord step(Row x, int label, double weight, const StepContext& context);
  // precision 'float32' (params.hpp): step's float32 loop, and what sets it up. float32_rows
  // refuses rows of another type; sync_float32 rounds the weights and the bias to float32 and
  // keeps those as weights32_ / bias32_, which step_float32 updates (weights_ and bias_ then
  // hold the same values, widened, for everything else that reads them).
  StepRecord step_float32(Row x, int label, double weight, const StepContext& context);
  Status float32_rows(const Matrix& x, std::string_view argument) const;
  void sync_float32();
  Training train(Dataset data, std::vector<double> row_weight, std::optional<Dataset> validation,
                 std::optional<InitialWeights> initial, FitObserver* observer, Progress& progress,
                 FitReport& report);

  Params params_;
  std::unique_ptr<VariantPolicy> variant_;
  std::size_t n_features_ = 0;
  Classes classes_;
  std::vector<double> weights_;
  double bias_ = 0;
  std::uint64_t steps_ = 0;
  std::vector<float> weights32_;  // precision 'float32': the weights training updates
  float bias32_ = 0;
};

}  // namespace perceptron
