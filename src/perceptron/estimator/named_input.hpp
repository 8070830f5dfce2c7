// Named features as an Estimator reads them: a call's X given as rows of named features
// (records, features/named_rows.hpp) beside a Dataset that carries their labels, mapped to
// columns by the estimator's feature map (features/feature_map.hpp) before anything else reads
// them. A call that trains (fit, a trainer, a first partialFit) learns the map from its rows
// first (a vocabulary of their names; hashing keeps the map), and the estimator keeps it once
// the call succeeded.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/estimator/training_data.hpp"
#include "perceptron/features/feature_map.hpp"

namespace perceptron {

// A call's input: `data`, or, when `names` is given, `names` as X with `data`'s labels (its X
// unused).
struct Input {
  Input(const Dataset& data, const NamedRows* names = nullptr)  // NOLINT: a Dataset is an Input
      : data(data), names(names) {}
  const Dataset& data;
  const NamedRows* names;
};

// One input as the model reads it: the given Dataset itself, or its named rows mapped (and
// checked as `argument`, "X" or "validation.X") with its labels.
class MappedInput {
 public:
  // Out of line, as TrainingInput's: one copy in the module, not one per caller.
  MappedInput();
  ~MappedInput();
  MappedInput(const MappedInput&) = delete;
  MappedInput& operator=(const MappedInput&) = delete;
  Status map(const FeatureMap& features, const Input& input, const char* argument = "X");
  const Dataset& data() const { return given_ != nullptr ? *given_ : mapped_; }

 private:
  const Dataset* given_ = nullptr;
  Dataset mapped_;
};

// partialFit's batch: training_map, then the batch mapped through it as X.
Status batch_input(const FeatureMap& current, bool learn, const Input& input, FeatureMap& map,
                   MappedInput& out);

// The vocabulary a saved model holds (none: nullopt) as the map it reads with, in `out`
// (unchanged when none).
Status restored_map(std::optional<std::vector<std::string>> vocabulary, FeatureMap& out);

// The map a training call reads its rows with: learned from `names` when `learn`, `current`
// when not. A call on arrays that learns forgets the vocabulary (hashing stays).
Status training_map(const FeatureMap& current, const NamedRows* names, bool learn, FeatureMap& out);

// fit's and a trainer's input mapped: X and the validation set through `map` (training_map's).
// Fill it in place: `options` points into it.
struct TrainingInput {
  TrainingInput();
  ~TrainingInput();
  TrainingInput(const TrainingInput&) = delete;
  TrainingInput& operator=(const TrainingInput&) = delete;
  FeatureMap map;
  MappedInput x, validation;
  TrainingOptions options;
};
Status training_input(const FeatureMap& current, bool learn, const Input& input,
                      const TrainingOptions& options, TrainingInput& out);

}  // namespace perceptron
