// Memory a model sizes by the user's columns and classes, checked before it is allocated. The
// core is built without exceptions, so a std::vector that memory cannot hold would abort the
// module (in WASM, Aborted() or a thrown number) instead of failing: a model asks
// check_model_memory first, and the call fails with a RangeError, the model and the module as
// they were.
#pragma once

#include <cstdint>
#include <string>

#include "perceptron/support/status.hpp"

namespace perceptron {

// How many copies of its weights a model may hold at once while a call changes it: the weights,
// the variant's state (the average's running sums), the copy a call keeps to put the model back,
// and the saved copy the bindings' overflow check reads.
inline constexpr std::uint64_t model_copies = 4;

// Whether this memory can hold `copies` arrays of `values` float64 numbers at once, beside what
// it holds now. Sizes are computed in 64-bit arithmetic: past the address space, a RangeError
// ("more than this memory can address"); otherwise each array is allocated with malloc and all
// are freed again, a refusal being a RangeError ("out of memory"). `what` names the arrays, as
// "the weights of 40 classes x 16777216 columns". Under 16 MB in all nothing is allocated.
Status check_model_memory(std::uint64_t values, const std::string& what,
                          std::uint64_t copies = model_copies);

// check_model_memory for a model's weights: `vectors` vectors (named `unit`: "classes", "binary
// models"; one vector when `unit` is empty) of `columns` values, and `extra` values beside them.
Status check_weights_memory(std::uint64_t vectors, const std::string& unit, std::uint64_t columns,
                            std::uint64_t extra = 0);

}  // namespace perceptron
