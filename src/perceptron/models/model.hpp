// What every model kind is. Perceptron, MulticlassPerceptron, KernelPerceptron, Winnow and
// PassiveAggressive each satisfy Model (each kind's .cpp asserts it), so the code that serves
// any kind is written once: ModelOf<M> (estimator/any_model.hpp) adapts every kind to one
// interface, over which the estimator, the grid search and the bindings' one model class are
// compiled once.
//
// Beyond the concept, a kind may add its own calls: the Perceptron's learn_one and the
// observers that trace the Perceptron's and the joint multi-class perceptron's fit.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/models/saved_model.hpp"
#include "perceptron/training/trainer.hpp"
#include "perceptron/training/training.hpp"

namespace perceptron {

template <typename M>
concept Model = std::default_initializable<M> && std::copyable<M> &&
    requires(M& model, const M& fixed, Trainer& trainer, const Dataset& data, FitReport& report,
             const FitInputs& inputs, const Matrix& x,
             const std::vector<std::uint32_t>& class_index, double* scores, std::uint32_t* labels,
             double& value, const SavedModel& saved) {
  // Options: read, and replaced after the core checked them (the learned state
  // kept); an error leaves the model unchanged.
  fixed.params();
  { model.set_params(fixed.params()) } -> std::same_as<Status>;
  { option_settings(fixed.params()) } -> std::same_as<std::vector<OptionSetting>>;
  // Whether fit can continue from what the model has (the option warmStart).
  { M::warm_starts } -> std::convertible_to<bool>;
  // What it has learned.
  { fixed.fitted() } -> std::same_as<bool>;
  { fixed.check_fitted() } -> std::same_as<Status>;  // the NotFittedError
  { fixed.n_features() } -> std::same_as<std::size_t>;
  { fixed.classes() } -> std::same_as<const Classes&>;
  { fixed.steps() } -> std::same_as<std::uint64_t>;
  // Training: fit is start_training run to its end (trainer.hpp); partial_fit
  // one pass over a batch, continuing. On error the model is unchanged.
  { model.fit(data, report, inputs) } -> std::same_as<Status>;
  { model.start_training(trainer, data, inputs) } -> std::same_as<Status>;
  { model.partial_fit(data, report, inputs.row_weight) } -> std::same_as<Status>;
  // Prediction: scores_per_row() scores per row (1, or one per class), the
  // predicted class indices, the accuracy against class indices.
  { fixed.scores_per_row() } -> std::same_as<std::size_t>;
  { fixed.decision_function(x, scores) } -> std::same_as<Status>;
  { fixed.predict(x, labels) } -> std::same_as<Status>;
  { fixed.accuracy(x, class_index, value) } -> std::same_as<Status>;
  // Saving (saved_model.hpp): restore checks every field, all or nothing.
  { fixed.save() } -> std::same_as<SavedModel>;
  { model.restore(fixed.params(), saved) } -> std::same_as<Status>;
};

}  // namespace perceptron
