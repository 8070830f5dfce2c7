#include "perceptron/features/named_rows.hpp"

namespace perceptron {

bool add_name(NameIndex& index, std::string_view name, std::uint32_t id) {
  return index.emplace(std::string(name), id).second;
}

std::uint32_t NamedRowsBuilder::intern(std::string_view name) {
  const auto at = ids_.find(name);
  if (at != ids_.end()) return at->second;
  const auto id = static_cast<std::uint32_t>(rows_.names.size());
  rows_.names.push_back(name);
  add_name(ids_, name, id);
  return id;
}

}  // namespace perceptron
