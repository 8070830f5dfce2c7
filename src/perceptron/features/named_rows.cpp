#include "perceptron/features/named_rows.hpp"

namespace perceptron {

std::uint32_t NamedRowsBuilder::intern(std::string_view name) {
  const auto at = ids_.find(name);
  if (at != ids_.end()) return at->second;
  const auto id = static_cast<std::uint32_t>(rows_.names.size());
  rows_.names.push_back(name);
  ids_.emplace(std::string(name), id);
  return id;
}

}  // namespace perceptron
