// Example weights: sampleWeight per row and classWeight per class, combined into the per-row
// weights that scale each update (every model kind's fit takes them).
#pragma once

#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// Per-row weights for fit: sample_weight[i] (1 when empty) times class_weight[class of row i]
// (1 when empty), each finite and >= 0, with a positive total. Arguments are named in
// messages as sampleWeight and classWeight.
Status row_weights(const Dataset& data, const std::vector<double>& sample_weight,
                   const std::vector<double>& class_weight, std::vector<double>& out);

// 'balanced' class weights: n / (K * count of class c), so every class weighs the same in total.
std::vector<double> balanced_class_weight(const Dataset& data);

// The classWeight option: 'balanced', or weights given per label (a class not named weighs 1).
// The labels named come as JS object keys do, strings, and read as numbers for numeric classes
// ("-1" is the label -1): both forms are kept, in the order of `values`.
struct ClassWeight {
  bool balanced = false;
  std::vector<std::string> names;
  std::vector<double> numbers;
  std::vector<double> values;  // one per key
};

// Each weight given finite and >= 0: a RangeError naming it as option classWeight["key"].
Status check_class_weight(const ClassWeight& spec);

// One weight per class of `classes` (their order): 'balanced' from the rows of `data`, else the
// weights given (1 for a class not named). A key that is not one of the classes is a
// RangeError naming it: option classWeight key "7" must be one of the classes [-1, 1].
Status class_weight_of(const Dataset& data, const ClassWeight& spec, std::vector<double>& out);
// The weights given, per class of `classes` (what 'balanced' cannot be without rows).
Status class_weight_of(const Classes& classes, const ClassWeight& spec, std::vector<double>& out);

}  // namespace perceptron
