// What the multi-class perceptron's prediction (multiclass.cpp) and training
// (multiclass_training.cpp) share: the class-count check and the binary tasks' datasets.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// At least two classes; `argument` names the labels in the message.
Status check_multiclass_classes(const Classes& classes, const std::string& argument);

// The rows of `data` whose class is in `keep` (class index -> binary label 0/1, or -1 to leave
// the row out), as a binary dataset with numeric classes {0, 1}, with their row weights in
// `sub_weight` and, when `kept` is given, their rows in `data`.
Dataset binary_subset(const Dataset& data, const std::vector<int>& keep,
                      const std::vector<double>* row_weight, std::vector<double>& sub_weight,
                      std::vector<std::uint32_t>* kept = nullptr);

}  // namespace perceptron
