// The put-back on overflow: after a call that trained a model, every number it would save is
// looked at; one that is not finite (a huge learning rate, sample weights or features) means the
// call overflowed, and the Estimator puts the model back as it was before the call.
#pragma once

#include <optional>
#include <string>

#include "perceptron/models/saved_model.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// Where a saved number is not finite, as "weights[3] became Infinity" or "part 2's weights[3]
// became NaN"; nullopt when every number is finite.
std::optional<std::string> non_finite_in(const SavedModel& saved);

// The RangeError of an overflow: "training overflowed: <where_value>; lower the learning rate,
// the sample weights or the scale of the features".
Status overflowed(const std::string& where_value);

}  // namespace perceptron
