// A model's own saved state as named arrays of doubles (a variant's, the running average's), so
// a model can be saved and restored exactly (the JSON round trip) without the core knowing JSON.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "perceptron/support/status.hpp"

namespace perceptron {

using VariantState = std::vector<std::pair<std::string, std::vector<double>>>;

// Reads state[name] into out, checking its length (`expected`, or any length when expected is
// any_length) and that every value is finite; messages name the field as state.<name>.
inline constexpr std::size_t any_length = static_cast<std::size_t>(-1);
Status read_state(const VariantState& state, const std::string& name, std::size_t expected,
                  std::vector<double>& out);
// Reads a single non-negative integer state[name] (a count).
Status read_state_count(const VariantState& state, const std::string& name, double& out);

}  // namespace perceptron
