// What an Estimator hands its model to train on, and the checks of the calls that train: the
// rows scaled by the preprocess scaler, the validation set read against the training classes,
// per-row weights from sampleWeight and classWeight, and partialFit's and learnOne's classes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/data/preprocess.hpp"
#include "perceptron/features/named_rows.hpp"
#include "perceptron/training/training.hpp"
#include "perceptron/training/weights.hpp"

namespace perceptron {

// What fit, a trainer and partialFit take beside the training rows.
struct TrainingOptions {
  std::vector<double> sample_weight;    // one per row; empty: every row weighs 1
  const Dataset* validation = nullptr;  // fit's validation set, its labels encoded on their own
  // validation.X as rows of named features (named_input.hpp), with `validation`'s labels.
  const NamedRows* validation_names = nullptr;
};

// The training rows and validation set as the model sees them (scaled by the scaler fitted for
// this call, `used`, which the caller commits once training succeeded) and the per-row weights.
struct TrainingData {
  Dataset data, validation;
  bool has_validation = false;
  std::optional<Scaler> used;
  std::vector<double> row_weight;
  FitInputs inputs() const { return {&row_weight, has_validation ? &validation : nullptr}; }
};

// `refit`: fit and a trainer refit the scaler, partialFit fits it on its first batch only.
// The validation set is checked as validation.X and its labels read as validation.y.
Status training_data(const InputScaling& scaling, const std::optional<ClassWeight>& class_weight,
                     const Dataset& data, bool refit, const TrainingOptions& options,
                     TrainingData& out);

// The RangeError of classWeight 'balanced' where the call sees too few rows to count the
// classes (partialFit, learnOne): "... needs the whole training set; <remedy>".
Status refuse_balanced(const std::optional<ClassWeight>& class_weight, const std::string& remedy);

// partialFit's classes: the model's (`known`, empty before it learned), which `given` (the
// call's, or null) must repeat; before the model learned, the call must give them, exactly two
// for a `binary` kind (named `kind` in the message), at least two for the others.
Status partial_classes(const Classes& known, const Classes* given, bool binary,
                       std::string_view kind, Classes& out);

}  // namespace perceptron
