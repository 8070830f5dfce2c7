// The multi-class perceptron: K >= 2 classes, any label values (see dataset.hpp).
//
// Strategies:
// - joint: one weight vector (and bias) per class, row-major W (K x d) and b (K); predict the
//   argmax of w_k.x + b_k, ties going to the lowest class index; on a mistake
//   w_true += eta x, w_predicted -= eta x (and b_true += eta, b_predicted -= eta with an
//   intercept) (Paris-Sud notes; Hacettepe's single K-class discriminant). With margin tau > 0
//   the update happens whenever s_true - max_{k != true} s_k <= tau, against that runner-up.
//   variant 'averaged' predicts with the average of (W, b) after every step.
// - ovr: K binary perceptrons, class k (+1) against the rest (-1); predict the argmax of their
//   scores, ties to the lowest index.
// - ovo: K (K - 1) / 2 binary perceptrons, one per pair a < b (b is +1); predict the class with
//   the most votes, ties to the lowest index; the scores are the vote counts.
// ovr and ovo train their binary models with the same options (any variant, mistake rule,
// margin, order, seed), one after the other.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "perceptron/models/average.hpp"
#include "perceptron/models/kind.hpp"
#include "perceptron/models/perceptron.hpp"

namespace perceptron {

enum class Strategy { joint, ovr, ovo };
std::string_view name_of(Strategy value);

struct MulticlassParams {
  Strategy strategy = Strategy::joint;
  Params base;  // the shared options; for joint, variant is 'classic' or 'averaged'
};

// "" when valid, else the message for the first invalid field.
std::string check_parameter(const MulticlassParams& params);
// As apply_options, plus the option "strategy"; all or nothing.
Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     MulticlassParams& params);
// The options as `params` has them (pw.optionSchema, model.options).
std::vector<OptionSetting> option_settings(const MulticlassParams& params);

struct MulticlassStepRecord {
  std::uint64_t t = 0;
  std::uint64_t epoch = 0;
  std::size_t index = 0;
  std::uint32_t prediction = 0;  // class index
  std::uint32_t label = 0;       // class index
  bool mistake = false;
};

class MulticlassObserver {
 public:
  virtual ~MulticlassObserver() = default;
  // scores: the K scores before the update; weights (K x d) and biases after it.
  virtual Control on_step(const MulticlassStepRecord&, std::span<const double> /*scores*/,
                          std::span<const double> /*weights*/, std::span<const double> /*biases*/) {
    return Control::proceed;
  }
  virtual Control on_epoch(const EpochRecord&, std::span<const double> /*weights*/,
                           std::span<const double> /*biases*/) {
    return Control::proceed;
  }
};

// params, set_params, fitted, n_features, classes, steps, accuracy, error_rate (1 - accuracy on a
// checked dataset with the model's classes): KindBase; fit is its own (the observer).
class MulticlassPerceptron : public KindBase<MulticlassPerceptron, MulticlassParams> {
 public:
  // fit starts from zero weights (warmStart is accepted as false only).
  static constexpr bool warm_starts = false;

  // Scores per row of decision_function: one per class.
  std::size_t scores_per_row() const { return classes_.size(); }

  // Trains on a dataset with K >= 2 classes from zero weights. `row_weight` as for
  // Perceptron::fit. The observer sees joint training only. On error the model is unchanged.
  // With a validation set (given, or with earlyStopping a stratified split), joint keeps the
  // epoch with the lowest validation error (see Perceptron::fit); ovr/ovo pass each binary
  // model the validation rows of its classes.
  Status fit(const Dataset& data, FitReport& report, const FitInputs& inputs = {},
             MulticlassObserver* observer = nullptr);
  // fit's training, started in `trainer` to be driven step by step (trainer.hpp); ovr and ovo
  // train their binary models one after the other, each from zero weights.
  Status start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs = {},
                        MulticlassObserver* observer = nullptr);

  // One pass over a batch, continuing (see Perceptron::partial_fit); the first call takes the
  // classes (K >= 2) and feature count from the batch. ovr/ovo pass each binary model the
  // rows of its classes. On error the model is unchanged.
  Status partial_fit(const Dataset& batch, FitReport& report,
                     const std::vector<double>* row_weight = nullptr);

  // Scores, rows x K row-major: joint/ovr the K scores, ovo the K vote counts.
  Status decision_function(const Matrix& x, double* out) const;
  Status predict(const Matrix& x, std::uint32_t* out) const;

  // joint: the current W (K x d) and b (K); the predicting ones (averaged or current).
  std::span<const double> weights() const { return weights_; }
  std::span<const double> biases() const { return biases_; }
  void predicting_weights(std::vector<double>& weights, std::vector<double>& biases) const;
  NamedArrays joint_state() const;
  // ovr / ovo: the binary models, in class order (ovr) or pair order (0,1), (0,2), ... (ovo).
  const std::vector<Perceptron>& binary_models() const { return models_; }
  // The classes binary model `m` of K separates, {negative, positive} (negative -1: the rest),
  // in the order above (the saved models' order too).
  std::pair<int, int> task_classes(std::size_t m, std::size_t k_count) const;

  // The model in the one saved form (saved_model.hpp), and back: restore checks every field,
  // all or nothing.
  // joint: arrays weights (rows), biases and the average's state; ovr / ovo: one part per
  // binary model (Perceptron::save).
  SavedModel save() const;
  // What its getters show, by name (AnyModel::attribute): a number is an array of one.
  std::optional<std::vector<double>> attribute(std::string_view name) const;
  Status restore(const MulticlassParams& params, const SavedModel& saved);

 private:
  Status check_input(const Matrix& x) const;
  // restore's two forms, after its common checks.
  Status restore_joint(const MulticlassParams& params, const SavedModel& saved);
  Status restore_binary(const MulticlassParams& params, const SavedModel& saved);
  Training train_joint(Dataset all, std::vector<double> all_weights,
                       std::optional<Dataset> validation, MulticlassObserver* observer,
                       Progress& progress, FitReport& report);
  Training train_binary(Dataset data, std::vector<double> row_weight,
                        std::optional<Dataset> validation, Progress& progress, FitReport& report);
  // Zero weights (and averages) for n features and these classes; no binary models yet.
  Status start(std::size_t n_features, const Classes& classes);
  // One joint training step on x with the class at `label`; scores gets the K scores before it.
  MulticlassStepRecord joint_step(Row x, std::uint32_t label, double weight,
                                  std::vector<double>& scores);
  // ovr / ovo: for each binary model, class index -> 1 (positive), 0 (negative), -1 (unused).
  std::vector<std::vector<int>> binary_tasks(std::size_t k_count) const;
  // The K scores of one row under the given joint weights.
  void joint_scores(const std::vector<double>& weights, const std::vector<double>& biases, Row x,
                    double* out) const;

  std::vector<double> weights_, biases_;  // joint
  RunningAverage average_;                // joint, averaged
  std::vector<Perceptron> models_;        // ovr / ovo
};

// The class index with the largest score, the lowest index on ties.
std::uint32_t argmax(std::span<const double> scores);

}  // namespace perceptron
