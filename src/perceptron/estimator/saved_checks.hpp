// The saved format's readers' shared checks (saved_reader.cpp, saved_envelope.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "perceptron/support/json.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron::saved {

// "; received <what the value is>", as messages end.
std::string received(const json::Value& value);

// An array of numbers: a TypeError naming `field`, or the element that is not a number.
Status read_vector(const json::Value& value, const std::string& field, std::vector<double>& out);

// The steps a saved model took: an integer from 0 to 2^53 - 1 (a RangeError naming steps).
Status read_steps(double steps, std::uint64_t& out);

// nFeatures within what memory could hold (rows x nFeatures must not wrap around).
Status read_feature_count(double n_features, std::size_t& out);

}  // namespace perceptron::saved
