#include "perceptron/support/memory.hpp"

#include <cstdlib>
#include <limits>
#include <vector>

namespace perceptron {

Status check_model_memory(std::uint64_t values, const std::string& what, std::uint64_t copies) {
  constexpr std::uint64_t element = sizeof(double);
  // Exact while it fits in 64 bits; past 2^53 bytes a double's rounding does not matter here.
  const double asked = static_cast<double>(values) * element * static_cast<double>(copies);
  const std::string held =
      copies == 1 ? "" : ", held " + std::to_string(copies) + " times in a call";
  const std::string described = what + " (" + std::to_string(values) + " float64 values, " +
                                format_number(static_cast<double>(values) * element) + " bytes" +
                                held + ")";
  if (asked > static_cast<double>(std::numeric_limits<std::size_t>::max())) {
    return Status::range_error("cannot allocate " + described +
                               ": more than this memory can address");
  }
  constexpr double unprobed = 16.0 * 1024 * 1024;
  if (asked < unprobed) return Status::success();
  const auto bytes = static_cast<std::size_t>(values * element);
  std::vector<void*> blocks;
  blocks.reserve(static_cast<std::size_t>(copies));
  bool refused = false;
  for (std::uint64_t k = 0; k < copies && !refused; ++k) {
    void* block = std::malloc(bytes);
    refused = block == nullptr;
    if (!refused) blocks.push_back(block);
  }
  for (void* block : blocks) std::free(block);
  if (refused) return Status::range_error("cannot allocate " + described + ": out of memory");
  return Status::success();
}

Status check_weights_memory(std::uint64_t vectors, const std::string& unit, std::uint64_t columns,
                            std::uint64_t extra) {
  const std::string shape = unit.empty() ? "" : std::to_string(vectors) + " " + unit + " x ";
  return check_model_memory(vectors * columns + extra,
                            "the weights of " + shape + std::to_string(columns) + " columns");
}

}  // namespace perceptron
