// The one form every model kind is saved in and restored from (toJSON / fromJSON), so that a
// model continues exactly where it stopped, without the core knowing JSON: named arrays of
// doubles, and the readers that check them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// Arrays of doubles by name (a model's weights, a variant's running sums).
using NamedArrays = std::vector<std::pair<std::string, std::vector<double>>>;

// A saved model: its classes, feature count and step count; its own arrays by name (a number
// is an array of one, a matrix its rows one after the other); the training state of its
// variant or running average; and the binary models it is made of (ovr, ovo), each saved alike
// (their classes are the two sides of their task).
struct SavedModel {
  Classes classes;
  std::size_t n_features = 0;
  std::uint64_t steps = 0;
  NamedArrays arrays;
  NamedArrays state;
  std::vector<SavedModel> parts;
};

// The most doubles a saved model may describe in one array (rows x nFeatures): what memory
// could hold, so that counts multiplied from saved numbers never wrap around.
inline constexpr std::size_t max_saved_values = std::numeric_limits<std::size_t>::max() / 8;

// What every kind's restore checks first: steps at most 2^53 - 1, and `rows` rows of
// nFeatures values within max_saved_values.
Status check_counts(const SavedModel& saved, std::size_t rows);

// Reads arrays[name] into out, checking its length (`expected`, or any length when
// expected is any_length) and that every value is finite. Messages name the field and, when
// given, why that many (`count_name`: "weights must hold 3 numbers (nFeatures); received 2");
// a missing array is a TypeError.
inline constexpr std::size_t any_length = static_cast<std::size_t>(-1);
Status read_array(const NamedArrays& arrays, const std::string& name, std::size_t expected,
                  std::vector<double>& out, const char* count_name = nullptr);
// A finite number saved as an array of one ("bias must be a finite number").
Status read_number(const NamedArrays& arrays, const std::string& name, double& out);

// A variant's or average's state: read_array with the field named state.<name>.
Status read_state(const NamedArrays& state, const std::string& name, std::size_t expected,
                  std::vector<double>& out);
// Reads a single non-negative integer state[name] (a count).
Status read_state_count(const NamedArrays& state, const std::string& name, double& out);

}  // namespace perceptron
